"""Where a request ends (issue 34), checked on the real binary and through the nginx of deploy/: each
request-smuggling shape is sent straight to a node, then to nginx running deploy/nginx/imagefeed.conf in front of it.

Straight to the node, each shape is a 400 in the API's shape and the connection is closed, so the request hidden
behind it is never read. Through nginx, nginx and the node must agree: nginx either refuses the shape itself (its own
400, or 501 for a coding it does not implement) and the node sees nothing of it, or it reads the bytes as requests
it frames anew for the node, and the node then answers exactly the requests nginx passed on — none of them a 400
for a request it could not frame. SMUGGLING_SHAPES is also what bench/faults.py reports.
"""

import contextlib
import importlib.util
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from conftest import BINARY, REPO, free_port, run_cli

_spec = importlib.util.spec_from_file_location("imagefeed_cluster_support", REPO / "e2e" / "cluster" / "conftest.py")
cluster = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cluster)

NGINX = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
SITE = REPO / "deploy" / "nginx" / "imagefeed.conf"


def smuggled(index: int) -> str:
    # `Connection: close` on the hidden request only: when it is read as a request of its own, the conversation ends
    # after its answer, so every case ends with the connection closed.
    return f"GET /smuggled{index} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def shapes() -> list[tuple[str, str]]:
    """(name, bytes sent) of every shape; shape i asks for /shape<i> and hides GET /smuggled<i>."""
    made = []
    for index, (name, make) in enumerate(SMUGGLING_SHAPES):
        made.append((name, make(index)))
    return made


SMUGGLING_SHAPES = [
    ("Content-Length with Transfer-Encoding: chunked",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
               f"0\r\n\r\n{smuggled(i)}"),
    ("two different Content-Lengths",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
               f"Content-Length: {len(smuggled(i))}\r\n\r\n{smuggled(i)}"),
    ("a Transfer-Encoding the server does not know",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n{smuggled(i)}"),
    ("Transfer-Encoding: chunked behind another coding",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked, identity\r\n\r\n"
               f"0\r\n\r\n{smuggled(i)}"),
    ("obsolete line folding",
     lambda i: f"GET /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Folded: a\r\n b\r\nContent-Length: 0\r\n\r\n"
               f"{smuggled(i)}"),
    ("a chunk size with junk",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
               f"5x\r\nhello\r\n0\r\n\r\n{smuggled(i)}"),
    ("a bare LF ending the header lines",
     lambda i: f"GET /shape{i} HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 0\n\n{smuggled(i)}"),
    ("a space before a header's colon",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length : {len(smuggled(i))}\r\n\r\n"
               f"{smuggled(i)}"),
]


def exchange(port: int, request: str, seconds: float = 30) -> tuple[list[int], bool]:
    """Sends `request` on a new connection and reads until the other side closes it (at most `seconds`, a bound on
    the wait): the statuses of the answers that came, and whether the connection was closed."""
    received = b""
    closed = False
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(request.encode("latin-1"))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                closed = True
                break
            except socket.timeout:
                break
            if not chunk:
                closed = True
                break
            received += chunk
    statuses = [int(code) for code in re.findall(rb"(?:^|\r\n)HTTP/1\.[01] (\d{3}) ", received)]
    return statuses, closed


def poll(condition, seconds=15.0):
    """Whether `condition()` became true within `seconds` (bounded polling, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture(scope="module")
def fronted(tmp_path_factory):
    """One node behind nginx (see `fronted_node`)."""
    with fronted_node(tmp_path_factory.mktemp("smuggling")) as running:
        yield running


@contextlib.contextmanager
def fronted_node(folder: Path):
    """One node over an empty library, and nginx running deploy/nginx/imagefeed.conf in front of it (its listen port
    and upstream address changed only), in `folder`; yields (node port, nginx port, node log, nginx access log)."""
    data = folder / "data"
    run_cli("users", "create", "--username", "framer", "--email", "framer@example.com", "--first-name", "Fran",
            "--last-name", "Framer", "--password", "framer-pass-123!", data=str(data), cwd=str(folder))
    port = free_port()
    node_log = folder / "node.log"
    with open(node_log, "w") as log:
        node = subprocess.Popen(
            [BINARY, "serve", "--data", str(data), "--host", "127.0.0.1", "--port", str(port),
             "--trusted-proxy", "127.0.0.1"],
            cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, IMAGEFEED_LOG_LEVEL="info"))
    nginx_folder = folder / "nginx"
    nginx_folder.mkdir()
    if os.geteuid() == 0:
        for path in (nginx_folder, *nginx_folder.parents):
            if path == Path("/"):
                break
            path.chmod(path.stat().st_mode | 0o755)
    nginx_port = free_port()
    site = nginx_folder / SITE.name
    site.write_text(cluster.render_site(SITE.read_text(), f"127.0.0.1:{nginx_port}", [f"127.0.0.1:{port}"]))
    (nginx_folder / "nginx.conf").write_text(cluster.nginx_conf(nginx_folder, site))
    nginx = subprocess.Popen([NGINX, "-p", f"{nginx_folder}/", "-e", str(nginx_folder / "error.log"),
                              "-c", str(nginx_folder / "nginx.conf")],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

    def answers(target: int) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", target), timeout=1) as sock:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return sock.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            return False

    try:
        assert poll(lambda: answers(port), 60), node_log.read_text()
        assert poll(lambda: answers(nginx_port), 30), (nginx_folder / "error.log").read_text()
        yield port, nginx_port, node_log, nginx_folder / "access.log"
    finally:
        nginx.send_signal(signal.SIGQUIT)
        node.send_signal(signal.SIGTERM)
        for process in (nginx, node):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.mark.parametrize("index", range(len(SMUGGLING_SHAPES)), ids=[name for name, _ in SMUGGLING_SHAPES])
def test_the_node_refuses_an_ambiguous_request_and_closes(fronted, index):
    port, _, node_log, _ = fronted
    name, request = shapes()[index]

    # act
    statuses, closed = exchange(port, request)

    # assert: one answer, a 400, the connection closed: the hidden request never read
    assert statuses == [400], (name, statuses)
    assert closed, name


@pytest.mark.parametrize("index", range(len(SMUGGLING_SHAPES)), ids=[name for name, _ in SMUGGLING_SHAPES])
def test_nginx_and_the_node_agree_where_each_request_ends(fronted, index):
    _, nginx_port, node_log, access_log = fronted
    name, request = shapes()[index]

    # act
    statuses, closed = exchange(nginx_port, request)

    # assert: every request nginx passed on reached the node as one request and was answered (none refused as a
    # request the node could not frame); nginx refused the rest itself
    def passed_on():
        lines = [line for line in access_log.read_text().splitlines()
                 if re.search(rf"/(shape|smuggled){index}\b", line)]
        return [line for line in lines if "upstream=-" not in line]

    def node_lines():
        return [line for line in node_log.read_text().splitlines() if re.search(rf" /(shape|smuggled){index} ", line)]

    assert closed, (name, statuses)
    assert statuses, name
    assert poll(lambda: len(node_lines()) == len(passed_on()), 10), (name, node_lines(), passed_on())
    assert not any("upstream_status=400" in line for line in passed_on()), (name, passed_on())
    if not passed_on():
        assert statuses[0] in (400, 501), (name, statuses)
