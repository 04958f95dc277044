"""Several `imagefeed serve` nodes behind nginx, sharing one PostgreSQL database and one S3-compatible bucket: the
deployment of deploy/, run for real (issue 17, "Many nodes, one library").

scripts/cluster-test.sh runs these tests under scripts/test-postgres.sh and scripts/test-s3.sh, which export
IMAGEFEED_TEST_POSTGRES_URL (a throwaway server) and IMAGEFEED_TEST_S3_ENDPOINT (moto, any credentials, with
AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY). Without both, nothing here is collected.

- Each session gets a fresh database on that server and a fresh bucket; every node its own data folder (its cache).
- Nodes are started from deploy/systemd/imagefeed@.service: its ExecStart= command line with this build's binary
  in place of /usr/local/bin/imagefeed, its Environment= lines, and an environment file per node written in the
  format of deploy/systemd/imagefeed.env.example, on an environment as bare as systemd gives a service.
- nginx runs as the current user from a generated top-level nginx.conf (pid, logs and temporary files in the
  session's folder) that includes deploy/nginx/imagefeed.conf with two changes only: its `listen` ports (the site's
  and the Realtime Database's) and the addresses on its upstreams' `server` lines (the parameters of those lines
  are kept). The generated file adds
  one test-only header, `X-Upstream: $upstream_addr`, so a test can tell which node answered a request that went
  through the balancer (the last address when nginx tried more than one) without leaving the balancer's path;
  the deploy file itself adds no header, so the http-level one reaches every answer.
- One nginx worker: its round robin then alternates strictly between healthy nodes, so "the other node" is at
  most a couple of requests away.

A failed test's report ends with the tail of every node's log and of nginx's error and access logs.
"""

import os
import re
import shlex
import shutil
import signal
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest
import requests

import harness
import harness.plugin
from harness import cleanup as harness_cleanup
from harness.images import image_size, png  # noqa: F401 (the tests import them from here)
from harness.ports import free_port, listens

REPO = harness.REPO
UNIT = REPO / "deploy" / "systemd" / "imagefeed@.service"
ENVIRONMENT_EXAMPLE = REPO / "deploy" / "systemd" / "imagefeed.env.example"
SITE = REPO / "deploy" / "nginx" / "imagefeed.conf"
BINARY = harness.binary()
NGINX = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
POSTGRES_URL = os.environ.get("IMAGEFEED_TEST_POSTGRES_URL")
S3_ENDPOINT = os.environ.get("IMAGEFEED_TEST_S3_ENDPOINT")

if not (POSTGRES_URL and S3_ENDPOINT):
    collect_ignore_glob = ["test_*.py"]

WALLPAPERS = Path("/usr/share/backgrounds/mate")


def pytest_configure(config):
    harness.plugin.register(config)


TIMEOUT = 60
"""Seconds any one request may take: generous, for a slow and busy CI machine (never asserted)."""

ACTIVE: list["Cluster"] = []
"""Clusters running now, whose logs a failed test's report shows."""


# --- systemd's formats ----------------------------------------------------------------------------------------


def _specifiers(value: str, instance: str) -> str:
    """`value` with the unit specifiers it uses expanded: %i and %I (the instance name), %% (a percent sign)."""

    def expand(match: re.Match) -> str:
        letter = match.group(1)
        if letter in "iI":
            return instance
        if letter == "%":
            return "%"
        raise AssertionError(f"{UNIT.name} uses the specifier %{letter}, which the cluster test does not expand")

    return re.sub(r"%(.)", expand, value)


@dataclass(frozen=True)
class ServiceUnit:
    """What the cluster test takes from a unit's [Service] section."""

    exec_start: tuple[str, ...]
    environment: dict[str, str]
    environment_files: tuple[str, ...]

    @staticmethod
    def read(path: Path, instance: str) -> "ServiceUnit":
        section, exec_start, environment, files = None, None, {}, []
        text = path.read_text().replace("\\\n", " ")
        for line in text.splitlines():
            line = line.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("["):
                section = line
                continue
            if section != "[Service]":
                continue
            key, _, value = (part.strip() for part in line.partition("="))
            value = _specifiers(value, instance)
            if key == "ExecStart":
                assert exec_start is None, f"{path.name} has more than one ExecStart="
                assert "$" not in value, (f"{path.name}'s ExecStart= expands variables, which the cluster test "
                                          "does not do: keep settings in the environment file")
                exec_start = tuple(shlex.split(value.lstrip("-@:+!")))
            elif key == "Environment":
                for assignment in shlex.split(value):
                    name, _, setting = assignment.partition("=")
                    environment[name] = setting
            elif key == "EnvironmentFile":
                files.append(value)
        assert exec_start, f"{path.name} has no ExecStart="
        return ServiceUnit(exec_start, environment, tuple(files))


def read_environment_file(path: Path) -> dict[str, str]:
    """The variables of a systemd environment file: NAME=value lines, `#` and `;` comments, blank lines, values
    in single or double quotes."""
    variables = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        name, equals, value = line.partition("=")
        name, value = name.strip(), value.strip()
        assert equals and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name), f"{path}:{number}: not NAME=value: {line}"
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            quote, value = value[0], value[1:-1]
            if quote == '"':
                value = re.sub(r"\\(.)", r"\1", value)
        variables[name] = value
    return variables


def write_environment_file(path: Path, variables: dict[str, str]) -> None:
    """Writes `variables` as a systemd environment file, every value in double quotes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [f'{name}="{value}"' for name, value in variables.items()]
    assert all('"' not in value and "\\" not in value for value in variables.values())
    path.write_text("# Written by e2e/cluster/conftest.py\n" + "\n".join(lines) + "\n")


# --- nginx --------------------------------------------------------------------------------------------------


def render_site(text: str, listens: list[str], upstreams: dict[str, list[str]]) -> str:
    """deploy/nginx/imagefeed.conf with its `listen` directives, in order, on `listens` (the site's, then the
    database's), and each upstream's `server` lines replaced by one line per address `upstreams` gives for it, each
    with the parameters the file gives (all lines of an upstream give the same). Fails when the file no longer has
    exactly the lines this expects, rather than running something else."""
    out, listened, parameters, done, upstream = [], 0, {}, set(), None
    for line in text.splitlines(keepends=True):
        opened = re.match(r"\s*upstream\s+(\S+)\s*\{", line)
        if opened:
            upstream = opened.group(1)
        elif re.match(r"\s*}", line):
            upstream = None
        if re.match(r"\s*listen\s+[^;]+;", line):
            assert listened < len(listens), f"{SITE.name} has more than {len(listens)} `listen` lines"
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}listen {listens[listened]};\n")
            listened += 1
            continue
        upstream_server = re.match(r"(\s*)server\s+([^\s;{]+)((?:\s+[^;{]*)?);", line)
        if upstream_server and upstream is not None:
            assert upstream in upstreams, f"{SITE.name} has an upstream {upstream} the cluster does not know"
            indent, _, rest = upstream_server.groups()
            parameters.setdefault(upstream, set()).add(rest.strip())
            if upstream not in done:
                out.extend(f"{indent}server {node} {rest.strip()};\n".replace(" ;", ";")
                           for node in upstreams[upstream])
                done.add(upstream)
            continue
        out.append(line)
    assert listened == len(listens), f"{SITE.name} should have {len(listens)} `listen` lines, not {listened}"
    assert done == set(upstreams), f"{SITE.name} should have the upstreams {sorted(upstreams)}, not {sorted(done)}"
    assert all(len(each) == 1 for each in parameters.values()), (
        f"{SITE.name}'s upstream `server` lines should share their parameters")
    header = (f"# Rendered from {SITE.relative_to(REPO)} by e2e/cluster/conftest.py: the listen ports and the node "
              "addresses changed, nothing else.\n")
    return header + "".join(out)


def nginx_conf(folder: Path, site: Path) -> str:
    """The top-level configuration nginx runs with, as the current user, everything it writes in `folder`."""
    return f"""# Generated by e2e/cluster/conftest.py.
daemon off;
# One worker, so that round robin alternates strictly between the healthy nodes.
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;

events {{
    worker_connections 512;
}}

http {{
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;

    # Test only: which node answered (all that were tried, the one that answered last), on every answer.
    add_header X-Upstream $upstream_addr always;

    include {site};

    access_log {folder}/access.log imagefeed;
}}
"""


# --- the cluster --------------------------------------------------------------------------------------------


def wait_until(condition, seconds: float, what: str, interval: float = 0.1):
    """Polls `condition` until it returns something true, for at most `seconds`: a bounded wait, never a timing
    assertion. Returns that value; fails naming `what` otherwise."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {seconds:.0f} s waiting for {what}")
        time.sleep(interval)


def answers(url: str) -> bool:
    """Whether a GET of `url` answers 200 now (False when nothing listens yet)."""
    try:
        return requests.get(url, timeout=5).status_code == 200
    except requests.RequestException:
        return False


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) or "(empty)"
    except FileNotFoundError:
        return "(no file)"


@dataclass
class Node:
    """One `imagefeed serve` process, as `imagefeed@<name>.service` would run it (the harness's server, started with
    the unit's command line and environment)."""

    name: str
    folder: Path
    server: harness.Server

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def base(self) -> str:
        return f"http://{self.address}"

    @property
    def database_port(self) -> int:
        """The node's Realtime Database listener (IMAGEFEED_DATABASE_PORT in its environment file), chosen at its
        first start and kept across restarts."""
        if self.server.database_port is None:
            self.server.database_port = free_port()
        return self.server.database_port

    @property
    def database(self) -> str:
        """The origin of the node's own database listener."""
        return f"http://127.0.0.1:{self.database_port}"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def log(self) -> Path:
        return self.server.log

    @property
    def environment_file(self) -> Path:
        return self.folder / "etc" / f"{self.name}.env"


@dataclass
class Cluster:
    """`count` nodes over `settings` (the variables every node shares) behind one nginx."""

    folder: Path
    settings: dict[str, str]
    count: int = 2
    nodes: list[Node] = field(default_factory=list)
    nginx: subprocess.Popen | None = None
    lb_port: int = 0
    lb_database_port: int = 0

    @property
    def lb(self) -> str:
        """The balancer's origin: what every client uses."""
        return f"http://127.0.0.1:{self.lb_port}"

    @property
    def lb_database(self) -> str:
        """The balancer's Realtime Database origin (its second server, proxying the nodes' database listeners)."""
        return f"http://127.0.0.1:{self.lb_database_port}"

    @property
    def nginx_folder(self) -> Path:
        return self.folder / "nginx"

    def start(self) -> "Cluster":
        ACTIVE.append(self)
        self.nodes = [self.node(chr(ord("a") + index)) for index in range(self.count)]
        for node in self.nodes:  # all at once, as after a deploy: the migrations take turns on their own
            self.start_node(node)
        for node in self.nodes:
            self.wait_ready(node)
        self.start_nginx()
        return self

    def node(self, name: str) -> Node:
        """Node `name`, as systemd would start imagefeed@<name>.service: the unit's ExecStart= command line with
        this build's binary in place of /usr/local/bin/imagefeed, on an environment as bare as systemd gives a
        service, then the unit's Environment= lines, then its environment file (written for the node's port)."""
        folder = self.folder / f"node-{name}"
        unit = ServiceUnit.read(UNIT, name)
        program, *arguments = unit.exec_start
        assert program.startswith("/") and Path(program).name == "imagefeed", f"ExecStart= runs {program}"
        assert arguments[:1] == ["serve"], f"ExecStart= runs `imagefeed {' '.join(arguments)}`, not `imagefeed serve`"

        def environment(port: int) -> dict[str, str]:
            node.data.mkdir(parents=True, exist_ok=True)
            write_environment_file(node.environment_file, {
                **self.settings, "IMAGEFEED_HOST": "127.0.0.1", "IMAGEFEED_PORT": str(port),
                "IMAGEFEED_DATABASE_PORT": str(node.database_port), "IMAGEFEED_DATA": str(node.data),
            })
            variables = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8",
                         "HOME": str(folder)}
            variables.update(unit.environment)
            for file in unit.environment_files:
                path = file.lstrip("-")
                assert Path(path).name == node.environment_file.name, f"{UNIT.name} reads {path}"
                variables.update(read_environment_file(node.environment_file))
            return variables

        server = harness.Server(folder=folder, data=folder / "data", arguments=arguments[1:], pass_address=False,
                                environment=environment, inherit_environment=False, log_level=None,
                                log=folder / "node.log", name=f"node {name}", start_timeout=90, stop_grace=30)
        node = Node(name, folder, server)
        return node

    def start_node(self, node: Node) -> None:
        """Starts `node` (again, on its port, after a kill) the way systemd starts imagefeed@<name>.service."""
        node.server.start(wait=False)

    def wait_ready(self, node: Node) -> None:
        node.server.wait_until_ready()

    def kill(self, node: Node) -> None:
        """`kill -9`: no drain, no clean-up, sockets closed by the kernel."""
        node.server.kill()

    def start_nginx(self) -> None:
        folder = self.nginx_folder
        folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            # nginx started as root runs its worker as an unprivileged user (nobody), which must reach the folders
            # where it keeps request bodies: every folder from the session's down
            for path in (folder, *folder.parents):
                path.chmod(0o755)
                if path == self.folder.parent:
                    break
        # A free port may be taken before nginx binds it (another run's server): then again, on another one.
        for attempt in range(5):
            self.lb_port, self.lb_database_port = free_port(), free_port()
            site = folder / SITE.name
            site.write_text(render_site(
                SITE.read_text(), [f"127.0.0.1:{self.lb_port}", f"127.0.0.1:{self.lb_database_port}"],
                {"imagefeed": [n.address for n in self.nodes],
                 "imagefeed_database": [f"127.0.0.1:{n.database_port}" for n in self.nodes],
                 "imagefeed_database_ws": [f"127.0.0.1:{n.database_port}" for n in self.nodes]}))
            (folder / "nginx.conf").write_text(nginx_conf(folder, site))
            test = subprocess.run([NGINX, "-t", "-q", "-p", f"{folder}/", "-e", str(folder / "error.log"),
                                   "-c", str(folder / "nginx.conf")], capture_output=True, text=True, timeout=60)
            assert test.returncode == 0, f"nginx -t refused the configuration:\n{test.stdout}{test.stderr}"
            with open(folder / "stderr.log", "a") as log:
                self.nginx = harness_cleanup.track(
                    subprocess.Popen([NGINX, "-p", f"{folder}/", "-e", str(folder / "error.log"),
                                      "-c", str(folder / "nginx.conf")],
                                     stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT),
                    f"nginx on port {self.lb_port}, {folder}")

            def up():
                if self.nginx.poll() is not None:
                    raise AssertionError(f"nginx exited with {self.nginx.returncode}:\n{tail(folder / 'error.log')}")
                return listens(self.nginx.pid, self.lb_port) and answers(f"{self.lb}/healthz")

            try:
                wait_until(up, 30, "nginx to answer /healthz")
                return
            except AssertionError as error:
                harness_cleanup.stop(self.nginx, first=signal.SIGQUIT)
                if "Address already in use" not in str(error) or attempt == 4:
                    raise

    def node_of(self, response: requests.Response) -> Node:
        """The node that gave the answer nginx passed on (the last one nginx tried)."""
        tried = response.headers.get("X-Upstream")
        assert tried, f"no X-Upstream header on the answer (status {response.status_code}): {response.headers}"
        address = tried.split(",")[-1].strip()
        matches = [node for node in self.nodes if node.address == address]
        assert matches, f"X-Upstream names {tried}, none of the nodes {[n.address for n in self.nodes]}"
        return matches[0]

    def stop(self) -> None:
        if self.nginx:
            harness_cleanup.stop(self.nginx, first=signal.SIGQUIT)
        for node in self.nodes:  # all drain at once
            if node.server.process and node.server.process.poll() is None:
                node.server.process.send_signal(signal.SIGTERM)
        for node in self.nodes:
            node.server.stop()
        if self in ACTIVE:
            ACTIVE.remove(self)

    def logs(self) -> list[tuple[str, str]]:
        """(title, tail) of every node's log and of nginx's logs."""
        sections = [(f"node {node.name} ({node.address}) log", tail(node.log)) for node in self.nodes]
        sections.append(("nginx error log", tail(self.nginx_folder / "error.log")))
        sections.append(("nginx access log", tail(self.nginx_folder / "access.log", 25)))
        return sections


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for cluster in ACTIVE:
            for title, text in cluster.logs():
                report.sections.append((f"{title} [{cluster.folder.name}]", text))


# --- the shared database and bucket ---------------------------------------------------------------------------


def psql() -> str:
    """The newest PostgreSQL client installed (the one scripts/test-postgres.sh's server comes with)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"), key=lambda path: int(path.parts[-3]))
    return str(found[-1]) if found else (shutil.which("psql") or "psql")


def create_database(name: str) -> str:
    """A new, empty database on the test server; its URL."""
    subprocess.run([psql(), POSTGRES_URL, "-v", "ON_ERROR_STOP=1", "-q", "-c", f'CREATE DATABASE "{name}"'],
                   check=True, capture_output=True, text=True, timeout=60)
    parts = urlparse(POSTGRES_URL)
    return urlunparse(parts._replace(path=f"/{name}"))


def create_bucket(name: str) -> None:
    import boto3  # from the venv: moto's server depends on it
    from botocore.config import Config

    s3 = boto3.client("s3", endpoint_url=S3_ENDPOINT, region_name="us-east-1",
                      config=Config(s3={"addressing_style": "path"}))
    s3.create_bucket(Bucket=name)


@dataclass(frozen=True)
class Library:
    """The shared settings and what was imported before the nodes started."""

    settings: dict[str, str]
    folder: Path
    photographer: str
    """Owner of the photos `imagefeed import` put in the database and the bucket, from a data folder of its own."""

    def cli(self, *arguments: str) -> str:
        """Runs `imagefeed …` as on another machine with the same database and storage settings."""
        return self.runner.run(*arguments)

    @property
    def runner(self) -> harness.Cli:
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(self.folder),
                       **self.settings, "IMAGEFEED_DATA": str(self.folder / "cli-data")}
        return harness.Cli(cwd=self.folder, environment=environment, inherit_environment=False, timeout=180)

    def create_app(self, name: str) -> str:
        """A registered app's access key (its `Client-ID`)."""
        return self.runner.create_app(name, "urn:ietf:wg:oauth:2.0:oob").access_key


@pytest.fixture(scope="session")
def library():
    if not os.access(BINARY, os.X_OK):
        pytest.fail(f"{BINARY} is missing: build it with `swift build --traits PostgreSQL` or set IMAGEFEED_BIN")
    if "--storage" not in subprocess.run([BINARY, "serve", "--help"], capture_output=True, text=True).stdout:
        pytest.fail(f"{BINARY} has no --storage option: rebuild it")
    folder = harness.temporary_folder("imagefeed-cluster-")
    try:
        suffix = uuid.uuid4().hex[:10]
        bucket = f"imagefeed-cluster-{suffix}"
        create_bucket(bucket)
        settings = {
            "IMAGEFEED_DATABASE_URL": create_database(f"imagefeed_cluster_{suffix}"),
            "IMAGEFEED_STORAGE": f"s3://{bucket}/library?endpoint={S3_ENDPOINT}&region=us-east-1&style=path",
            "AWS_ACCESS_KEY_ID": os.environ["AWS_ACCESS_KEY_ID"],
            "AWS_SECRET_ACCESS_KEY": os.environ["AWS_SECRET_ACCESS_KEY"],
            "IMAGEFEED_TRUSTED_PROXIES": "127.0.0.1",
            "IMAGEFEED_CACHE_SIZE": "200MB",
            "IMAGEFEED_LOG_LEVEL": "info",
        }
        # The example environment file reads as systemd reads it, and shows every setting the nodes are given here.
        documented = read_environment_file(ENVIRONMENT_EXAMPLE)
        missing = {*settings, "IMAGEFEED_HOST", "IMAGEFEED_PORT", "IMAGEFEED_RATE_LIMIT"} - documented.keys()
        assert not missing, f"{ENVIRONMENT_EXAMPLE.name} does not show {sorted(missing)}"
        library = Library(settings, folder, "cluster_photographer")
        # Photos imported the way an administrator would, from a machine that is none of the nodes.
        library.runner.create_user(library.photographer, email="photographer@example.com", first_name="Cleo",
                                   last_name="Lens", password="cleo-pass-123!")
        library.cli("import", *(str(WALLPAPERS / "nature" / name) for name in ("Dune.jpg", "GreenMeadow.jpg")),
                    "--user", library.photographer, "--tags", "cluster")
        yield library
    finally:
        harness.remove_folder(folder)


@pytest.fixture(scope="session")
def cluster(library):
    """Two nodes behind nginx, with a rate limit far above what the tests send."""
    cluster = Cluster(library.folder / "main", {**library.settings, "IMAGEFEED_RATE_LIMIT": "100000"})
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def imported(cluster, library) -> list[dict]:
    """The imported photos, as the API lists them."""
    answer = requests.get(f"{cluster.lb}/users/{library.photographer}/photos", params={"per_page": 30},
                          timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    assert len(answer.json()) == 2, answer.json()
    return answer.json()


@dataclass
class Member:
    """A person signed up through the balancer, with the session cookie."""

    username: str
    password: str
    cookies: dict[str, str]
    origin: str

    def session(self) -> requests.Session:
        """A new HTTP session signed in as this person (one per thread: requests' sessions are not thread-safe)."""
        session = requests.Session()
        session.cookies.update(self.cookies)
        session.headers["Origin"] = self.origin  # sign-ins and writes with a cookie must come from the site
        return session


def sign_up(site: str, username: str) -> tuple[Member, requests.Response]:
    """Signs `username` up at `site` (the balancer's origin, or one server's)."""
    password = f"{username}-pass-123!"
    session = requests.Session()
    answer = session.post(f"{site}/account/signup", headers={"Origin": site}, timeout=TIMEOUT, json={
        "username": username, "first_name": "Ada", "last_name": "Node", "email": f"{username}@example.com",
        "password": password,
    })
    assert answer.status_code == 201, answer.text
    return Member(username, password, session.cookies.get_dict(), site), answer


@pytest.fixture(scope="session")
def member(cluster) -> Member:
    return sign_up(cluster.lb, f"member_{uuid.uuid4().hex[:8]}")[0]
