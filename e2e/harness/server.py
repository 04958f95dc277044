"""The one way the suites and the benchmarks run `imagefeed serve`.

    with Server() as server:                       # a free port, an empty library in a new temporary folder
        requests.get(server.url("/photos"))

    server = Server(data=library, folder=workdir, arguments=["--web", "Web"], environment={...})
    server.start()    # returns once the server's own process listens and answers its readiness probe
    server.kill()     # kill -9, for tests of what survives one; start() again brings it back on the same port
    server.close()    # SIGTERM, SIGKILL after the grace period; removes the folder if the server made it

A server without a port of its own takes a free one, and another one should something take that port before it
binds it. A server that is never closed is stopped at interpreter exit (see cleanup.py).
"""

import http.client
import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from . import cleanup
from .binary import binary as default_binary
from .ports import free_port, listens

PORT_ATTEMPTS = 5
"""Ports tried when the server finds its (free when chosen) port taken."""

_running: list["Server"] = []


class ServerError(RuntimeError):
    """The server exited or did not become ready; the message ends with the tail of its log."""


def running() -> list["Server"]:
    """The servers started and not stopped yet (a failed test's report shows their logs)."""
    return list(_running)


class Server:
    """One `imagefeed serve` process.

    - `data`: the library (`--data`); by default `FOLDER/data`, which `imagefeed` creates.
    - `folder`: the working directory, where the log goes; a new temporary folder (`imagefeed-server-*`, removed by
      `close`) when not given.
    - `arguments`: more options for `serve` (`--web`, `--require-client-id`, `--storage`…).
    - `environment`: variables added to the process's environment, or a function of the port returning them (for a
      node configured by an environment file, as systemd starts one); `inherit_environment=False` starts from an
      empty environment instead of this process's.
    - `pass_address=False`: no `--data`, `--host` and `--port` options (the environment gives them).
    - `prefix`: a command the server runs under (`taskset -c 1`), which must exec it.
    - `ready`: the path whose 200 answer means ready (`/readyz`: the database and storage answer too).
    """

    def __init__(self, data=None, *, folder=None, port: int | None = None, host: str = "127.0.0.1",
                 arguments: Sequence[str] = (), environment: Mapping[str, str] | Callable[[int], Mapping[str, str]] = (),
                 inherit_environment: bool = True, log_level: str | None = "warning", pass_address: bool = True,
                 prefix: Sequence[str] = (), binary=None, ready: str = "/readyz", log=None, name: str = "server",
                 start_timeout: float = 120, stop_grace: float = cleanup.STOP_GRACE):
        self.owns_folder = folder is None
        self.folder = cleanup.temporary_folder("imagefeed-server-") if folder is None else Path(folder)
        self.data = Path(data) if data is not None else self.folder / "data"
        self.log = Path(log) if log is not None else self.folder / f"{name}.log"
        self.binary = str(binary or default_binary())
        self.host, self.port, self.fixed_port = host, port, port is not None
        self.arguments, self.environment = list(arguments), environment
        self.inherit_environment, self.log_level = inherit_environment, log_level
        self.pass_address, self.prefix, self.ready = pass_address, [str(part) for part in prefix], ready
        self.name, self.start_timeout, self.stop_grace = name, start_timeout, stop_grace
        self.process: subprocess.Popen | None = None
        self.starts = 0
        # The Realtime Database's listener (`--database-port`), chosen at the first start and kept across restarts.
        self.database_port: int | None = None

    # --- what clients use ----------------------------------------------------------------------------------

    @property
    def base(self) -> str:
        """The origin, `http://127.0.0.1:PORT`."""
        return f"http://{self.host}:{self.port}"

    def url(self, path: str) -> str:
        return self.base + path

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def command(self, port: int | None = None) -> list[str]:
        """The command line the server runs with (on `port`, by default its own)."""
        port = self.port if port is None else port
        address = ["--data", str(self.data), "--host", self.host, "--port", str(port)] if self.pass_address else []
        return [*self.prefix, self.binary, "serve", *address, *self.arguments]

    def environment_for(self, port: int) -> dict[str, str]:
        """The process's environment when it runs on `port`."""
        environment = dict(os.environ) if self.inherit_environment else {}
        if self.log_level is not None:
            environment["IMAGEFEED_LOG_LEVEL"] = self.log_level
        environment.update(self.environment(port) if callable(self.environment) else self.environment)
        if "--database-port" not in self.arguments and "IMAGEFEED_DATABASE_PORT" not in environment:
            # The Realtime Database's default port, 9000, is one for the whole machine: parallel servers would share
            # it, so each server gets its own.
            if self.database_port is None:
                self.database_port = free_port(self.host)
            environment["IMAGEFEED_DATABASE_PORT"] = str(self.database_port)
        return environment

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:]) or "(empty)"

    # --- lifecycle -----------------------------------------------------------------------------------------

    def start(self, wait: bool = True) -> "Server":
        """Starts the server and, with `wait`, returns once it is ready (see `wait_until_ready`). A server keeps
        the port it first started on: started again after `stop` or `kill`, it listens there again."""
        assert self.process is None or self.process.poll() is not None, f"{self.name} is running already"
        self.folder.mkdir(parents=True, exist_ok=True)
        self._launch(self.port if self.fixed_port else free_port(self.host))
        if wait:
            self.wait_until_ready()
        return self

    def wait_until_ready(self) -> "Server":
        """Returns once the server's own process listens on its port and answers `ready` with a 200. Should the
        port it was given when free be taken by then (another program bound it first), starts it again on another
        one. Raises ServerError, after stopping it, when it exits or is not ready in time."""
        for attempt in range(PORT_ATTEMPTS):
            try:
                self._wait_until_ready()
                self.fixed_port = True
                return self
            except ServerError as error:
                self.stop()
                taken = "Address already in use" in str(error)
                if not taken or self.fixed_port or attempt == PORT_ATTEMPTS - 1:
                    raise
                self._launch(free_port(self.host))
        raise AssertionError("unreachable")

    def _launch(self, port: int) -> None:
        self.port = port
        self.starts += 1
        environment = self.environment_for(port)
        with open(self.log, "a") as log:
            log.write(f"--- start {self.starts}: {' '.join(self.command())}\n")
            log.flush()
            self.process = subprocess.Popen(self.command(), cwd=self.folder, env=environment,
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        cleanup.track(self.process, f"imagefeed serve on port {port}, {self.folder}")
        if self not in _running:
            _running.append(self)

    def _this_start_log(self) -> str:
        text = self.log_text()
        marker = text.rfind(f"--- start {self.starts}:")
        return text[marker:] if marker >= 0 else text

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + self.start_timeout
        while True:
            if self.process.poll() is not None:
                raise ServerError(f"{self.name} exited with {self.process.returncode} before it was ready:\n"
                                  + "\n".join(self._this_start_log().splitlines()[-40:]))
            if listens(self.process.pid, self.port) and self._answers():
                return
            if time.monotonic() > deadline:
                raise ServerError(f"{self.name} was not ready ({self.ready} answering 200) within "
                                  f"{self.start_timeout:.0f} s:\n" + self.log_tail())
            time.sleep(0.1)

    def _answers(self) -> bool:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=5)
        try:
            connection.request("GET", self.ready)
            return connection.getresponse().status == 200
        except (OSError, http.client.HTTPException):
            return False
        finally:
            connection.close()

    def stop(self, grace: float | None = None) -> int | None:
        """SIGTERM, then SIGKILL after `grace` seconds (the server's `stop_grace`); the exit status."""
        if self in _running:
            _running.remove(self)
        if self.process is None:
            return None
        return cleanup.stop(self.process, self.stop_grace if grace is None else grace)

    def kill(self) -> None:
        """kill -9: no drain, no clean-up, the sockets closed by the kernel."""
        if self.process is not None:
            cleanup.stop(self.process, grace=30, first=signal.SIGKILL)
        if self in _running:
            _running.remove(self)

    def close(self) -> None:
        """Stops the server and removes its folder when it made it."""
        try:
            self.stop()
        finally:
            if self.owns_folder:
                cleanup.remove_folder(self.folder)

    def __enter__(self) -> "Server":
        try:
            return self.start()
        except BaseException:
            self.close()
            raise

    def __exit__(self, *exc) -> None:
        self.close()
