"""Starts the real `imagefeed` server for the end-to-end OAuth tests.

The binary comes from IMAGEFEED_BIN (default .build/debug/imagefeed). The server gets a free port and a temporary
data directory (SQLite); a user and an OAuth app are created through the CLI before it starts, and it is stopped
(SIGTERM, then SIGKILL) when the session ends.
"""

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

import pytest
import requests

REPO = Path(__file__).resolve().parent.parent
BINARY = os.environ.get("IMAGEFEED_BIN", str(REPO / ".build" / "debug" / "imagefeed"))
OOB = "urn:ietf:wg:oauth:2.0:oob"


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
    printed = run_cli("apps", "create", "--name", "E2E Client", "--redirect-uri", OOB, "--redirect-uri", callback,
                      data=data, cwd=workdir)
    access_key = re.search(r"^Access key: (\S+)$", printed, re.MULTILINE)
    secret_key = re.search(r"^Secret key: (\S+)$", printed, re.MULTILINE)
    assert access_key and secret_key, f"unexpected `apps create` output:\n{printed}"

    log = open(os.path.join(workdir, "server.log"), "w")
    environment = dict(os.environ, IMAGEFEED_LOG_LEVEL="warning")
    process = subprocess.Popen(
        [BINARY, "serve", "--data", data, "--host", "127.0.0.1", "--port", str(port)],
        cwd=workdir, stdout=log, stderr=subprocess.STDOUT, env=environment,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # bounded polling until the server answers
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with {process.returncode}: "
                                   + Path(workdir, "server.log").read_text())
            try:
                requests.get(f"{base}/users/{username}", timeout=1)
                break
            except requests.ConnectionError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not answer within 30 seconds")
                time.sleep(0.1)
        yield Server(base=base, port=port, callback=callback, username=username, email=email, password=password,
                     access_key=access_key.group(1), secret_key=secret_key.group(1))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)
