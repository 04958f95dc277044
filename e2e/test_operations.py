"""Operating a node (issue 17), on the real binary: a balancer's probes, the request id in answers and in the log,
Prometheus metrics, and a graceful drain on SIGTERM — a request already under way is answered in full, no new
connection is taken, and the process ends cleanly."""

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
import requests

from conftest import BINARY, WALLPAPERS, free_port, run_cli


def poll(condition, seconds=15.0):
    """Whether `condition()` became true within `seconds` (bounded polling, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def node(tmp_path):
    """A server over a fresh library with one person, its process, base URL, data folder and log file."""
    data = tmp_path / "data"
    run_cli("users", "create", "--username", "ops", "--email", "ops@example.com", "--first-name", "Opal",
            "--last-name", "Ops", "--password", "ops-pass-123!", data=str(data), cwd=str(tmp_path))
    port = free_port()
    log_path = tmp_path / "server.log"
    log = open(log_path, "w")
    process = subprocess.Popen([BINARY, "serve", "--data", str(data), "--host", "127.0.0.1", "--port", str(port)],
                               cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT,
                               env=dict(os.environ, IMAGEFEED_LOG_LEVEL="info"))
    base = f"http://127.0.0.1:{port}"

    def answers():
        try:
            return requests.get(f"{base}/healthz", timeout=1).status_code == 200
        except requests.ConnectionError:
            return False

    try:
        assert poll(answers, 30), log_path.read_text()
        yield process, base, port, data, log_path
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        log.close()


def test_probes_request_ids_and_metrics(node):
    process, base, port, data, log_path = node

    # act
    health = requests.get(f"{base}/healthz", timeout=10)
    ready = requests.get(f"{base}/readyz", timeout=10)
    given = requests.get(f"{base}/photos", headers={"X-Request-Id": "edge-42.trace"}, timeout=10)
    missing = requests.get(f"{base}/photos/NoSuchPhoto", timeout=10)
    metrics = requests.get(f"{base}/metrics", timeout=10)

    # assert: probes, ids on every answer (the given one kept), each id on its request's log line, metrics by route
    assert health.json() == {"status": "ok"} and ready.json()["status"] == "ready"
    assert given.headers["X-Request-Id"] == "edge-42.trace"
    assert missing.status_code == 404 and len(missing.headers["X-Request-Id"]) >= 16
    assert poll(lambda: "edge-42.trace" in log_path.read_text())
    lines = log_path.read_text().splitlines()
    assert any("GET /photos 200" in line and "edge-42.trace" in line for line in lines), lines[-5:]
    assert any("GET /photos/NoSuchPhoto 404" in line and missing.headers["X-Request-Id"] in line for line in lines)
    assert metrics.headers["Content-Type"].startswith("text/plain; version=0.0.4")
    assert 'imagefeed_http_requests_total{route="/photos/{id}",method="GET",status="404"} 1' in metrics.text


def test_sigterm_answers_the_upload_under_way_and_takes_no_new_connection(node):
    process, base, port, data, log_path = node
    # setup: a signed-in person, and an upload whose body is half sent (it is being written to the scratch folder)
    session = requests.Session()
    signed_in = session.post(f"{base}/account/login", json={"login": "ops", "password": "ops-pass-123!"},
                             headers={"Origin": base}, timeout=10)
    assert signed_in.status_code == 200, signed_in.text
    cookie = "; ".join(f"{name}={value}" for name, value in session.cookies.items())
    photo = (WALLPAPERS / "nature" / "Dune.jpg").read_bytes()
    head = (f"POST /photos HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {base}\r\nCookie: {cookie}\r\n"
            f"Content-Type: image/jpeg\r\nContent-Length: {len(photo)}\r\n\r\n").encode()
    upload = socket.create_connection(("127.0.0.1", port), timeout=30)
    upload.sendall(head + photo[:65536])
    assert poll(lambda: any(name.startswith("upload-") for name in os.listdir(data / "tmp")))

    # act: SIGTERM; once the node no longer takes connections, the rest of the upload
    process.send_signal(signal.SIGTERM)

    def refused():
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return False
        except OSError:
            return True

    stopped_listening = poll(refused)
    upload.sendall(photo[65536:])
    answer = b""
    while chunk := upload.recv(65536):
        answer += chunk
    upload.close()

    # assert: no new connection once draining, the upload answered in full, a clean exit, the photo kept
    assert stopped_listening
    assert answer.startswith(b"HTTP/1.1 201"), answer[:300]
    assert process.wait(timeout=30) == 0, log_path.read_text()[-2000:]
    assert [path for path in (data / "originals").rglob("*") if path.is_file()], "the drained upload's original is kept"
