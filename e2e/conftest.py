"""Starts the real `imagefeed` server for the end-to-end tests (OAuth, OpenAPI, Unsplash client libraries).

The binary comes from IMAGEFEED_BIN (default .build/debug/imagefeed). The server gets a free port and a temporary
data directory (SQLite). Before it starts, the CLI creates two people (the signed-in test user and a photographer),
an OAuth app, a small library of Debian's mate-backgrounds wallpapers (three tagged `nature` owned by the test user,
two tagged `abstract` owned by the photographer) and two topics over those tags (`nature`, featured, and `abstract`,
first by position). The server is stopped (SIGTERM, then SIGKILL) when the session ends.
"""

import contextlib
import html
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import requests

REPO = Path(__file__).resolve().parent.parent
BINARY = os.environ.get("IMAGEFEED_BIN", str(REPO / ".build" / "debug" / "imagefeed"))
OOB = "urn:ietf:wg:oauth:2.0:oob"
WALLPAPERS = Path("/usr/share/backgrounds/mate")
# Small wallpapers from Debian's mate-backgrounds (no EXIF or GPS that matters): JPEG photos and PNG drawings.
NATURE_FILES = ("nature/Dune.jpg", "nature/GreenMeadow.jpg", "nature/RainDrops.jpg")
ABSTRACT_FILES = ("abstract/Spring.png", "abstract/Silk.png")


@dataclass(frozen=True)
class Server:
    base: str
    port: int
    callback: str
    username: str
    email: str
    password: str
    access_key: str
    secret_key: str
    artist: str = "pablo_brush"
    """The photographer: Pablo Brush, owner of the two `abstract` photos, who never signs in."""
    nature_topic: str = "nature"
    """Slug of the featured topic gathering the photos tagged `nature` (position 2)."""
    abstract_topic: str = "abstract"
    """Slug of the topic gathering the photos tagged `abstract` (position 1, not featured)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_cli(*args: str, data: str, cwd: str) -> str:
    result = subprocess.run(
        [BINARY, *args, "--data", data], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(f"imagefeed {' '.join(args[:2])} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def create_app(*redirect_uris: str, data: str, cwd: str) -> tuple[str, str]:
    """Registers an OAuth app through the CLI; returns its access key and secret key."""
    arguments = [argument for uri in redirect_uris for argument in ("--redirect-uri", uri)]
    printed = run_cli("apps", "create", "--name", "E2E Client", *arguments, data=data, cwd=cwd)
    access_key = re.search(r"^Access key: (\S+)$", printed, re.MULTILINE)
    secret_key = re.search(r"^Secret key: (\S+)$", printed, re.MULTILINE)
    assert access_key and secret_key, f"unexpected `apps create` output:\n{printed}"
    return access_key.group(1), secret_key.group(1)


@contextlib.contextmanager
def serving(data: str, workdir: str, port: int, *options: str):
    """Runs `imagefeed serve` on 127.0.0.1:port over `data` (with extra `options`) until the block ends; yields the
    base URL once the server answers."""
    log = open(os.path.join(workdir, f"server-{port}.log"), "w")
    environment = dict(os.environ, IMAGEFEED_LOG_LEVEL="warning")
    process = subprocess.Popen(
        [BINARY, "serve", "--data", data, "--host", "127.0.0.1", "--port", str(port), *options],
        cwd=workdir, stdout=log, stderr=subprocess.STDOUT, env=environment,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # bounded polling until the server answers
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with {process.returncode}: "
                                   + Path(workdir, f"server-{port}.log").read_text())
            try:
                requests.get(f"{base}/no-such-route", timeout=1)
                break
            except requests.ConnectionError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not answer within 30 seconds")
                time.sleep(0.1)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="session")
def server():
    if not os.access(BINARY, os.X_OK):
        pytest.fail(f"{BINARY} is missing: build it with `swift build --traits PostgreSQL` or set IMAGEFEED_BIN")
    workdir = tempfile.mkdtemp(prefix="imagefeed-e2e-")
    data = os.path.join(workdir, "data")
    port = free_port()
    callback = f"http://localhost:{port}/cb"
    username, email, password = "e2e_user", "e2e@example.com", "e2e-pass-123!"

    run_cli("users", "create", "--username", username, "--email", email, "--first-name", "Edith",
            "--last-name", "Tester", "--password", password, data=data, cwd=workdir)
    run_cli("users", "create", "--username", Server.artist, "--email", "pablo@example.com", "--first-name", "Pablo",
            "--last-name", "Brush", "--password", "pablo-pass-123!", data=data, cwd=workdir)
    run_cli("import", *(str(WALLPAPERS / name) for name in NATURE_FILES), "--user", username, "--tags", "nature",
            data=data, cwd=workdir)
    run_cli("import", *(str(WALLPAPERS / name) for name in ABSTRACT_FILES), "--user", Server.artist,
            "--tags", "abstract", data=data, cwd=workdir)
    run_cli("topics", "create", "--title", "Nature", "--slug", Server.nature_topic, "--description",
            "Meadows, dunes and rain", "--tags", "nature", "--featured", "--position", "2", data=data, cwd=workdir)
    run_cli("topics", "create", "--title", "Abstract", "--slug", Server.abstract_topic, "--tags", "abstract",
            "--position", "1", data=data, cwd=workdir)
    access_key, secret_key = create_app(OOB, callback, data=data, cwd=workdir)
    try:
        with serving(data, workdir, port) as base:
            yield Server(base=base, port=port, callback=callback, username=username, email=email,
                         password=password, access_key=access_key, secret_key=secret_key)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def strict_server(tmp_path):
    """Another server, over an empty library with one OAuth app, started with `--require-client-id`; yields
    (base URL, the app's access key)."""
    data, workdir = str(tmp_path / "data"), str(tmp_path)
    access_key, _ = create_app(OOB, data=data, cwd=workdir)
    with serving(data, workdir, free_port(), "--require-client-id") as base:
        yield base, access_key


@pytest.fixture(scope="session")
def consent(server):
    """`consent(authorize_url) -> code`: plays the test user in a browser on an authorize URL whose redirect is the
    out-of-band one — sign in, then "Authorise" on the consent page — and reads the code from the
    `/oauth/authorize/native` page, as the iOS apps do."""

    def authorize(authorize_url: str) -> str:
        browser = requests.Session()
        origin = {"Origin": server.base}
        to_login = browser.get(authorize_url, allow_redirects=False)
        assert to_login.status_code == 303, to_login.text
        return_to = parse_qs(urlparse(to_login.headers["Location"]).query)["return_to"][0]
        signed_in = browser.post(f"{server.base}/account/login", headers=origin, allow_redirects=False,
                                 data={"login": server.email, "password": server.password, "return_to": return_to})
        assert signed_in.status_code == 303, signed_in.text
        page = browser.get(server.base + return_to, allow_redirects=False)
        assert page.status_code == 200, page.text
        fields = {html.unescape(name): html.unescape(value) for name, value in
                  re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', page.text)}
        native = browser.post(f"{server.base}/oauth/authorize", data={**fields, "decision": "allow"}, headers=origin)
        url = urlparse(native.url)
        assert native.status_code == 200 and url.path == "/oauth/authorize/native", (native.status_code, native.url)
        return parse_qs(url.query)["code"][0]

    return authorize
