"""Operating a node (issue 17), on the real binary: a balancer's probes, the request id in answers and in the log,
Prometheus metrics, and a graceful drain on SIGTERM — a request already under way is answered in full, no new
connection is taken, and the process ends cleanly."""

import os
import signal
import socket
import time

import pytest
import requests

import harness
from conftest import WALLPAPERS


def poll(condition, seconds=15.0):
    """Whether `condition()` became true within `seconds` (bounded polling, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def node():
    """A server over a fresh library with one person, its process, base URL, data folder and log file."""
    server = harness.Server(log_level="info", name="node")
    try:
        harness.Cli(server.data).create_user("ops", email="ops@example.com", first_name="Opal", last_name="Ops",
                                             password="ops-pass-123!")
        server.start()
        yield server.process, server.base, server.port, server.data, server.log
    finally:
        server.close()


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


def test_a_restored_backup_gets_its_mezzanines_again_and_checks_clean():
    # setup: a library with a photo large enough to have a mezzanine, backed up (backups leave mezzanines out)
    folder = harness.temporary_folder("imagefeed-restore-")
    try:
        library = harness.Cli(folder / "data", cwd=folder)
        library.create_user("keeper", email="keeper@example.com", first_name="Kee", last_name="Per",
                            password="keeper-pass-123!")
        library.run("import", str(WALLPAPERS / "nature" / "Wood.jpg"), "--user", "keeper")
        assert list((folder / "data" / "mezzanines").rglob("*.*")), "Wood.jpg should have a mezzanine"
        library.run("backup", str(folder / "backup"))

        # act
        said = harness.Cli(folder / "restored", cwd=folder).run("restore", str(folder / "backup"))

        # assert: restored (a failing check would have made the command fail), the mezzanine made again, and a
        # check afterwards has nothing to say
        assert "Made 1 of 1 missing mezzanines again." in said, said
        assert list((folder / "restored" / "mezzanines").rglob("*.*"))
        checked = harness.Cli(folder / "restored", cwd=folder).run("check", "--min-age", "0")
        assert "Nothing needs attention." in checked, checked
    finally:
        harness.remove_folder(folder)


def test_every_size_setting_that_is_not_a_size_is_named_at_start_up_at_once():
    # setup: four size settings, each malformed differently (a word, zero, a negative size, a bad unit)
    folder = harness.temporary_folder("imagefeed-sizes-")
    environment = {"IMAGEFEED_DATABASE_MAX_WRITE": "big", "IMAGEFEED_FIREBASE_MAX_UPLOAD": "0",
                   "IMAGEFEED_CACHE_SIZE": "-5GB"}
    try:
        library = harness.Cli(folder / "data", cwd=folder, environment=environment)

        # act
        with pytest.raises(harness.CliError) as refused:
            library.run("serve", "--port", str(harness.free_port()), "--database-max-unread", "12XB", timeout=120)

        # assert: the server did not start, and one message lists each setting with the form it takes
        message = str(refused.value)
        assert 'The database\'s largest write must be a size such as 16MB; got "big".' in message
        assert 'IMAGEFEED_FIREBASE_MAX_UPLOAD must be a size such as 64MB; got "0".' in message
        assert 'The cache size must be a size such as 500MB or 20GB, or "unlimited"; got "-5GB".' in message
        assert 'The bytes a database connection may leave unread must be a size such as 64MB; got "12XB".' in message
    finally:
        harness.remove_folder(folder)


def test_keys_passwords_and_ids_that_start_with_a_dash_are_taken_as_their_options_values():
    # setup: a key and ids as the app makes them (base64url: one in 64 starts with "-", as a fresh-clone run met)
    folder = harness.temporary_folder("imagefeed-dashes-")
    try:
        library = harness.Cli(folder / "data", cwd=folder)

        # act
        library.run("users", "create", "--username", "dasher", "--email", "dasher@example.com", "--first-name",
                    "Dash", "--last-name", "Er", "--password", "-starts-with-a-dash-9!")
        added = library.run("sources", "add", "unsplash", "dashed", "--access-key", "-0g_INnO0mlvJXQYsLhq3qVUZB",
                            "--collection", "-x3Kb", "--api-url", "http://127.0.0.1:9")
        with pytest.raises(harness.CliError) as unknown:
            library.run("apps", "oauth1-secret", "--key", "-no-such-key")

        # assert: each value reached its command; the listing shows the key's end and the album
        assert "Added dashed" in added
        listing = library.run("sources", "list")
        assert "key …VUZB" in listing and "collection=-x3Kb" in listing, listing
        assert "No application has the access key -no-such-key." in str(unknown.value)
    finally:
        harness.remove_folder(folder)
