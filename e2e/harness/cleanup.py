"""What the harness started, so that nothing outlives the run.

Every process the harness launches and every folder it makes is registered here. Its owner stops or removes it when
done (a fixture's teardown, a `with` block's end); whatever an owner never got to — a test interrupted, pytest or a
benchmark script stopped by SIGTERM — is stopped and removed when the interpreter exits. SIGTERM and SIGHUP are
turned into KeyboardInterrupt (`exit_on_termination_signals`), so that pytest tears its fixtures down and `finally`
blocks run, as they do on Ctrl-C.
"""

import atexit
import os
import shutil
import signal
import subprocess
import tempfile
import threading
from pathlib import Path

STOP_GRACE = 15.0
"""Seconds a process is given to end after SIGTERM before it gets SIGKILL."""

_lock = threading.Lock()
_processes: dict[int, tuple[subprocess.Popen, str]] = {}
_folders: dict[str, str] = {}


def temporary_folder(prefix: str) -> Path:
    """A new folder under the temporary directory (TMPDIR), removed by `remove_folder` or at exit."""
    path = tempfile.mkdtemp(prefix=prefix)
    with _lock:
        _folders[path] = prefix
    return Path(path)


def remove_folder(path) -> None:
    """Removes a folder made by `temporary_folder` (or any other folder) and forgets it."""
    path = str(path)
    shutil.rmtree(path, ignore_errors=True)
    with _lock:
        _folders.pop(path, None)


def track(process: subprocess.Popen, what: str) -> subprocess.Popen:
    """Registers a process the harness launched; `what` names it in reports of what was left running."""
    with _lock:
        _processes[process.pid] = (process, what)
    return process


def stop(process: subprocess.Popen, grace: float = STOP_GRACE, first: int = signal.SIGTERM) -> int:
    """Ends `process`: `first` (SIGTERM), then SIGKILL when it has not ended within `grace` seconds. Returns its
    exit status (negative: the signal that ended it)."""
    try:
        if process.poll() is None:
            process.send_signal(first)
            try:
                process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        return process.returncode
    finally:
        with _lock:
            _processes.pop(process.pid, None)


def leftovers() -> list[str]:
    """What is registered and still there: processes still running and folders not removed, one line each."""
    with _lock:
        processes = list(_processes.values())
        folders = list(_folders)
    found = [f"process {process.pid} ({what}) still running" for process, what in processes if process.poll() is None]
    found += [f"folder {path} not removed" for path in folders if os.path.exists(path)]
    return found


def clean_up_everything() -> list[str]:
    """Stops every registered process still running and removes every registered folder; returns what it had to
    stop or remove (empty when every owner did its part)."""
    found = leftovers()
    with _lock:
        processes = [process for process, _ in _processes.values()]
        folders = list(_folders)
    for process in processes:
        stop(process, grace=5)
    for path in folders:
        remove_folder(path)
    return found


atexit.register(clean_up_everything)


def _interrupt(signum, frame):
    raise KeyboardInterrupt(f"stopped by {signal.Signals(signum).name}")


def exit_on_termination_signals() -> None:
    """SIGTERM and SIGHUP raise KeyboardInterrupt in the main thread, as Ctrl-C does, so that the clean-up in
    fixtures, `finally` blocks and `atexit` runs. Handlers someone else installed are kept; does nothing outside the
    main thread."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) in (signal.SIG_DFL, None):
            signal.signal(signum, _interrupt)
