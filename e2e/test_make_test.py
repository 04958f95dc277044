"""`make test`'s stages (scripts/test-stage.py): every stage runs even after one failed, the end prints a line per
stage and `N passed, N failed` from the suites' own summaries, fails when a stage failed, and finds — and removes —
what the stages left in the run's temporary folder or running."""

import os
import subprocess
import sys
import textwrap

from harness import REPO

STAGE = REPO / "scripts" / "test-stage.py"


def stages(record, *calls: list[str], **environment: str) -> list[subprocess.CompletedProcess]:
    """Runs `scripts/test-stage.py` once per call, as the Makefile's lines do, with its record in `record`."""
    variables = {key: value for key, value in os.environ.items() if key not in ("TEST_STAGES", "TEST_FAIL_STAGE")}
    variables.update(TEST_RUN_RECORD=str(record), **environment)
    return [subprocess.run([sys.executable, str(STAGE), *call], env=variables, capture_output=True, text=True,
                           timeout=120) for call in calls]


def python(code: str) -> list[str]:
    return [sys.executable, "-c", textwrap.dedent(code)]


def test_a_failing_stage_does_not_stop_the_later_ones_and_the_end_says_what_happened(scratch):
    # act: a stage that passes with pytest's summary, one that fails, one after it with swift test's summary
    *ran, end = stages(
        scratch / "record",
        ["begin"],
        ["first", *python("print('=== 3 passed, 1 skipped in 0.50s ===')")],
        ["second", *python("import sys; print('1 failed, 2 passed in 1.00s'); sys.exit(1)")],
        ["third", *python("print('✔ Test run with 4 tests in 2 suites passed after 0.1 seconds.')")],
        ["end"])

    # assert: every stage ran (each exits 0 for make), and the end counts them all and fails
    assert [call.returncode for call in ran] == [0, 0, 0, 0]
    assert "=== third:" in ran[3].stdout, ran[3].stdout
    lines = end.stdout.splitlines()
    assert end.returncode == 1, end.stdout
    assert any(line.split()[:2] == ["ok", "first"] and "3 passed, 0 failed" in line for line in lines), end.stdout
    assert any(line.split()[:2] == ["FAILED", "second"] and "2 passed, 1 failed" in line for line in lines)
    assert any(line.split()[:2] == ["ok", "third"] and "4 passed, 0 failed" in line for line in lines)
    assert lines[-1].startswith("make test: 9 passed, 1 failed; 1 of 4 stages failed (second)"), lines[-1]


def test_a_stage_made_to_fail_on_purpose_fails_without_running(scratch):
    # act
    *_, ran, end = stages(scratch / "record", ["begin"],
                          ["chosen", *python(f"open({str(scratch / 'ran')!r}, 'w').write('ran')")], ["end"],
                          TEST_FAIL_STAGE="chosen")

    # assert
    assert not (scratch / "ran").exists()
    assert "fails on purpose" in ran.stdout
    assert end.returncode == 1 and end.stdout.splitlines()[-1].startswith("make test: 0 passed, 0 failed; 1 of 2"), \
        end.stdout


def test_what_a_stage_leaves_behind_fails_the_run_and_is_removed(scratch):
    # setup: a stage that leaves a folder in its TMPDIR and a process running
    leaky = python("""
        import os, subprocess, tempfile
        tempfile.mkdtemp(prefix='imagefeed-web-')
        process = subprocess.Popen(['sleep', '300'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        print('left', process.pid)
    """)

    # act
    _, left, end = stages(scratch / "record", ["begin"], ["leaky", *leaky], ["end"])

    # assert: the stage passed, the run did not; the folder and the process are named and gone
    pid = int(left.stdout.split("left ")[1].split()[0])
    assert end.returncode == 1, end.stdout
    assert "imagefeed-web-" in end.stdout and f"process {pid}: sleep 300" in end.stdout, end.stdout
    assert any(line.split()[:2] == ["FAILED", "nothing"] for line in end.stdout.splitlines()), end.stdout
    assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split(") ")[1][0] == "Z"
