"""The harness every suite and the benchmarks start `imagefeed serve` with (e2e/harness): it finds a port even when
another program takes the one it chose, counts only its own server as ready, stops what it started (SIGKILL when
SIGTERM is not enough), removes its folders — also when the run is interrupted — and reads the CLI's `--json`."""

import http.server
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
import requests

import harness
import harness.server
from harness import cleanup

HERE = Path(__file__).resolve().parent


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for every purpose here
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(condition, what: str, seconds: float = 60):
    deadline = time.monotonic() + seconds
    while not (value := condition()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)
    return value


def test_a_server_answers_on_its_own_port_then_leaves_nothing():
    # act
    with harness.Server(name="plain") as server:
        answer = requests.get(server.url("/readyz"), timeout=10)
        pid, folder = server.pid, server.folder

    # assert: ready when started; after the block its process has ended and its folder is gone
    assert answer.status_code == 200 and answer.json()["status"] == "ready", answer.text
    assert folder.name.startswith("imagefeed-server-")
    assert not alive(pid) and not folder.exists()


def test_a_port_taken_before_the_server_binds_it_is_replaced_by_another(monkeypatch):
    # setup: a foreign server answering 200 to everything on the port the harness will choose first
    class Always200(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"not imagefeed")

        def log_message(self, *arguments):
            pass

    foreign = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Always200)
    threading.Thread(target=foreign.serve_forever, daemon=True).start()
    taken = foreign.server_address[1]
    chosen = iter([taken])
    monkeypatch.setattr(harness.server, "free_port", lambda host: next(chosen, harness.free_port(host)))

    # act
    try:
        with harness.Server(name="second choice") as server:
            answer = requests.get(server.url("/readyz"), timeout=10)
            port, log = server.port, server.log_text()
    finally:
        foreign.shutdown()
        foreign.server_close()

    # assert: the foreign answer was not taken for the server's; it started again elsewhere
    assert "Address already in use" in log, log
    assert port != taken and answer.json()["status"] == "ready", (port, taken, answer.text)


def test_a_server_that_exits_at_start_says_why_and_leaves_nothing():
    # setup: a --data that is a file, not a folder
    server = harness.Server(name="misconfigured")
    server.folder.joinpath("data").write_text("not a folder")

    # act
    with pytest.raises(harness.ServerError) as failure:
        server.start()
    server.close()

    # assert: the error quotes the server's log; nothing is left
    assert "exited with" in str(failure.value) and "--- start 1" in str(failure.value), failure.value
    assert not server.folder.exists() and not alive(server.pid)


def test_a_process_that_ignores_sigterm_is_killed_after_the_grace_period():
    # setup: a process that ignores SIGTERM, once it says so
    process = cleanup.track(subprocess.Popen(
        [sys.executable, "-c", "import signal, sys; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', "
         "flush=True); sys.stdin.read()"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True), "stubborn")
    assert process.stdout.readline() == "ready\n"

    # act
    status = cleanup.stop(process, grace=1)

    # assert
    assert status == -signal.SIGKILL
    assert not [line for line in cleanup.leftovers() if f"process {process.pid} " in line]


def interruptible():
    """In the inner session's process before it starts: SIGINT back to its default. A run started in the background
    by a shell without job control (`make test &`, nohup) inherits SIGINT ignored, as POSIX has it, and Python then
    never raises KeyboardInterrupt: the inner session would wait out its test instead of standing for a Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("interruption", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_session_stops_its_servers_and_removes_their_folders(scratch, interruption):
    # setup: a session whose test starts a server, says where, then waits to be interrupted
    (scratch / "conftest.py").write_text(textwrap.dedent("""
        import harness.plugin

        def pytest_configure(config):
            harness.plugin.register(config)
    """))
    (scratch / "test_interrupted.py").write_text(textwrap.dedent(f"""
        import threading
        from pathlib import Path

        import harness

        def test_waits_for_its_interruption():
            server = harness.Server()
            server.start()
            Path({str(scratch / 'started')!r}).write_text(f"{{server.pid}} {{server.folder}}")
            threading.Event().wait(900)
    """))
    environment = dict(os.environ, PYTHONPATH=str(HERE))
    session = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                                str(scratch / "test_interrupted.py")], cwd=scratch, env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               preexec_fn=interruptible)
    try:
        # A new pytest session and a server starting under a loaded make test take minutes, not seconds.
        started = wait_for(lambda: (scratch / "started").exists() and (scratch / "started").read_text(),
                           "the inner test's server", seconds=300)
        pid, folder = int(started.split()[0]), Path(started.split()[1])
        assert alive(pid) and folder.exists()

        # act
        session.send_signal(interruption)
        output, _ = session.communicate(timeout=120)
    finally:
        cleanup.stop(session, grace=5)

    # assert: the session ended, its server stopped, its folder removed
    assert session.returncode != 0, output
    assert not alive(pid), output
    assert not folder.exists(), output


def test_the_cli_reads_what_it_made_from_json(scratch):
    # setup
    cli = harness.Cli(scratch / "data")

    # act
    person = cli.create_user("json_reader", password="json-pass-123!", first_name="Jay", last_name="Son")
    confidential = cli.create_app("JSON app", "urn:ietf:wg:oauth:2.0:oob", "http://localhost:8000/cb")
    public = cli.create_app("Public app", "urn:ietf:wg:oauth:2.0:oob", public=True)

    # assert
    assert person.username == "json_reader" and person.email == "json_reader@example.com" and person.id
    assert confidential.access_key and confidential.secret_key and confidential.oauth1_secret
    assert confidential.redirect_uris == ("urn:ietf:wg:oauth:2.0:oob", "http://localhost:8000/cb")
    assert not confidential.is_public
    assert public.is_public and public.secret_key is None and public.access_key != confidential.access_key
    assert cli.sources() == []


def test_a_failing_command_raises_with_what_it_printed(scratch):
    # act
    with pytest.raises(harness.CliError) as failure:
        harness.Cli(scratch / "data").run("users", "set-password", "nobody_here", "--password", "long-enough-123!")

    # assert
    assert "users set-password failed" in str(failure.value) and "nobody_here" in str(failure.value), failure.value
