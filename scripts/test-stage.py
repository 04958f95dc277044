#!/usr/bin/env python3
"""The stages of `make test`: each runs even when an earlier one failed, and the run ends saying what happened.

    scripts/test-stage.py begin                 a new run: the last run's record forgotten, a temporary folder made
                                                for this run (every stage's TMPDIR)
    scripts/test-stage.py NAME COMMAND [ARG…]   runs COMMAND as the stage NAME, its output shown and kept in
                                                .build/test-run/; records whether it passed, and how many tests
                                                passed and failed when it says (pytest's and swift test's summaries).
                                                Exits 0 whatever COMMAND did, so that make goes on to the next stage.
    scripts/test-stage.py end                   checks that the stages left nothing behind (nothing in the run's
                                                temporary folder, no process of theirs still running), prints one
                                                line per stage and `N passed, N failed`; exits 1 if any stage failed.

Environment (or `make test VARIABLE=…`):
    TEST_STAGES="e2e web"   run only these stages; the others are listed as skipped
    TEST_FAIL_STAGE=web     stage `web` fails on purpose instead of running, to see that the later stages still run
                            and that the end says what happened
    TEST_RUN_RECORD=DIR     where the run's record and logs are kept (default .build/test-run)
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RECORD = Path(os.environ.get("TEST_RUN_RECORD") or REPO / ".build" / "test-run")
RUN = RECORD / "run.json"
STAGES = RECORD / "stages.jsonl"
LEFTOVERS = "nothing left behind"

# What the Swift toolchain leaves in TMPDIR on its own (SwiftPM's lock files, the driver's empty
# TemporaryDirectory.* folders): not the suites', and removed with the run's folder.
TOOLCHAIN = re.compile(r"^(TemporaryDirectory\.\w+|_.*\.lock|swift-generated-sources)$")


def shown(path: Path) -> str:
    """A path as the summary shows it: relative to the repository when inside it."""
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


# --- counting tests --------------------------------------------------------------------------------------------

PYTEST_SUMMARY = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in [\d.]+s\b")
SWIFT_RUN = re.compile(r"Test run with (\d+) tests? (?:in \d+ suites? )?(passed|failed)")
SWIFT_FAILED_TEST = re.compile(r"^\S+ Test (?!run with)(.+?) failed after")


def count_tests(output: str) -> tuple[int, int] | None:
    """(passed, failed) from the summaries pytest and swift test print, summed; None when there are none."""
    passed = failed = 0
    found = False
    plain = re.sub(r"\x1b\[[0-9;]*m", "", output)
    for line in plain.splitlines():
        summary = PYTEST_SUMMARY.match(line.strip())
        if summary:
            found = True
            counts = {word: int(number) for number, word in re.findall(r"(\d+) (\w+)", summary.group(1))}
            passed += counts.get("passed", 0) + counts.get("xpassed", 0)
            failed += counts.get("failed", 0) + counts.get("error", 0) + counts.get("errors", 0)
    swift = [SWIFT_RUN.search(line) for line in plain.splitlines()]
    swift = [match for match in swift if match]
    if swift:
        found = True
        total = sum(int(match.group(1)) for match in swift)
        # One line per failing test function (a parameterised one's cases each add a line "… with N arguments …").
        failing = {match.group(1) for line in plain.splitlines()
                   if (match := SWIFT_FAILED_TEST.match(line)) and " argument" not in match.group(1)}
        passed += total - len(failing)
        failed += len(failing)
    return (passed, failed) if found else None


# --- the run ---------------------------------------------------------------------------------------------------

def begin() -> int:
    shutil.rmtree(RECORD, ignore_errors=True)
    RECORD.mkdir(parents=True)
    folder = tempfile.mkdtemp(prefix="imagefeed-test-run.")
    # Others than this user must get through it: PostgreSQL's server runs as `postgres`, nginx's worker as `nobody`.
    os.chmod(folder, 0o755)
    RUN.write_text(json.dumps({"id": uuid.uuid4().hex, "tmpdir": folder, "started": time.time()}))
    return 0


def run_state() -> dict:
    if not RUN.exists():
        begin()
    return json.loads(RUN.read_text())


def stage(name: str, command: list[str]) -> int:
    state = run_state()
    recorded = STAGES.read_text().splitlines() if STAGES.exists() else []
    log = RECORD / f"{len(recorded) + 1:02d}-{re.sub(r'[^A-Za-z0-9]+', '-', name).strip('-')}.log"
    only = os.environ.get("TEST_STAGES", "").split()
    started = time.monotonic()
    print(f"\n=== {name}: {' '.join(command)}", flush=True)
    if only and name not in only:
        print(f"=== {name}: skipped (TEST_STAGES={' '.join(only)})", flush=True)
        status, output = None, ""
    elif os.environ.get("TEST_FAIL_STAGE") == name:
        output = f"{name} fails on purpose (TEST_FAIL_STAGE={name}); the later stages run all the same.\n"
        print(output, end="", flush=True)
        status = 1
    else:
        status, output = run(command, log, state)
    log.write_text(output)
    counts = count_tests(output)
    with STAGES.open("a") as record:
        record.write(json.dumps({"name": name, "status": status, "counts": counts, "log": shown(log),
                                 "seconds": round(time.monotonic() - started)}) + "\n")
    return 0


def run(command: list[str], log: Path, state: dict) -> tuple[int, str]:
    """Runs the stage's command with the run's TMPDIR, showing its output as it comes and keeping it."""
    environment = dict(os.environ, TMPDIR=state["tmpdir"], IMAGEFEED_TEST_RUN=state["id"])
    chunks = []
    try:
        process = subprocess.Popen(command, cwd=REPO, env=environment, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    except OSError as error:
        print(error, flush=True)
        return 127, f"{error}\n"

    def copy():
        while chunk := process.stdout.read1(65536):
            sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
            chunks.append(chunk)

    # The output is read aside: a process the stage left running may hold it open after the stage has ended (the
    # end of the run finds and stops it), and the run must not wait for that.
    reader = threading.Thread(target=copy, daemon=True)
    reader.start()
    try:
        status = process.wait()
    except KeyboardInterrupt:
        # Ctrl-C reached the stage's processes too; give them the time to clean up, then stop the whole run.
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
        log.write_bytes(b"".join(chunks))
        raise
    reader.join(timeout=10)
    output = b"".join(chunks).decode("utf-8", errors="replace")
    if reader.is_alive():
        output += f"\n({' '.join(command[:1])} ended, but a process it started still holds its output open)\n"
    return status, output


# --- what is left ----------------------------------------------------------------------------------------------

def ancestors() -> set[int]:
    """This process and the ones it runs under (make, the shell): they carry the run's marker too."""
    found, pid = set(), os.getpid()
    while pid > 1:
        found.add(pid)
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            break
    return found


def processes_of_the_run(state: dict) -> list[tuple[int, str]]:
    """Processes still running that a stage started: they carry the run's marker in their environment, or work in
    (or name) the run's temporary folder."""
    marker = f"IMAGEFEED_TEST_RUN={state['id']}".encode()
    folder = state["tmpdir"]
    mine = ancestors()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) in mine:
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            if not command:
                continue  # a kernel thread, or a zombie
            environment = (entry / "environ").read_bytes()
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if marker in environment.split(b"\0") or cwd.startswith(folder) or folder in command:
            found.append((int(entry.name), command[:160]))
    return found


def leftovers(state: dict) -> tuple[list[str], list[str]]:
    """(what the suites left, what the Swift toolchain left) in the run's temporary folder and among processes."""
    left, toolchain = [], []
    folder = Path(state["tmpdir"])
    for entry in sorted(folder.iterdir()) if folder.exists() else []:
        (toolchain if TOOLCHAIN.match(entry.name) else left).append(f"{entry}{'/' if entry.is_dir() else ''}")
    left += [f"process {pid}: {command}" for pid, command in processes_of_the_run(state)]
    return left, toolchain


def ended(pid: int) -> bool:
    """Whether the process is gone or a zombie (dead, waiting for its parent to read its status)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (OSError, IndexError):
        return True


def clean_up(state: dict) -> None:
    killed = []
    for pid, _ in processes_of_the_run(state):
        try:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except OSError:
            pass
    # SIGKILL takes effect when the process next runs, which on a loaded machine is not at once: the run ends only
    # once they have (a fresh-clone run saw the killed process still running when the end returned).
    deadline = time.monotonic() + 30
    for pid in killed:
        while not ended(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
    shutil.rmtree(state["tmpdir"], ignore_errors=True)


# --- the end ---------------------------------------------------------------------------------------------------

def duration(seconds: int) -> str:
    return f"{seconds // 60}m {seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


def end() -> int:
    state = run_state()
    stages = [json.loads(line) for line in STAGES.read_text().splitlines()] if STAGES.exists() else []
    left, toolchain = leftovers(state)
    if left:
        print(f"\n=== {LEFTOVERS}: the stages left these behind (now removed):", *left, sep="\n  ")
    clean_up(state)
    stages.append({"name": LEFTOVERS, "status": 1 if left else 0, "counts": None, "seconds": 0,
                   "log": f"{len(left)} left" if left else (f"the Swift toolchain's {len(toolchain)} temporary "
                                                           "files aside" if toolchain else "")})

    width = max(len(stage["name"]) for stage in stages)
    print(f"\n=== make test: what each stage did (logs in {shown(RECORD)}/)")
    passed = failed = 0
    for stage in stages:
        outcome = {None: "skipped", 0: "ok"}.get(stage["status"], "FAILED")
        counts = stage["counts"]
        if counts:
            passed, failed = passed + counts[0], failed + counts[1]
        tests = f"{counts[0]} passed, {counts[1]} failed" if counts else ""
        note = stage["log"] if outcome == "FAILED" or stage["name"] == LEFTOVERS else ""
        print(f"  {outcome:8} {stage['name']:{width}}  {tests:24} {duration(stage['seconds']) if stage['status'] is not None else '':>8}  {note}".rstrip())
    failing = [stage["name"] for stage in stages if stage["status"] not in (None, 0)]
    ran = [stage for stage in stages if stage["status"] is not None]
    total = round(time.time() - state["started"])
    verdict = f"{len(failing)} of {len(ran)} stages failed ({', '.join(failing)})" if failing else \
        f"all {len(ran)} stages passed"
    print(f"make test: {passed} passed, {failed} failed; {verdict}; {duration(total)}")
    return 1 if failing else 0


def main(arguments: list[str]) -> int:
    if arguments == ["begin"]:
        return begin()
    if arguments == ["end"]:
        return end()
    if len(arguments) >= 2:
        return stage(arguments[0], arguments[1:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
