"""The harness's pytest side, registered by each suite's conftest (`harness.plugin.register(config)`):

- SIGTERM and SIGHUP stop the run as Ctrl-C does, so fixtures are torn down (servers stopped, folders removed);
- `scratch`: a temporary folder for one test, removed after it (pytest's `tmp_path` keeps the last three runs'
  folders in TMPDIR);
- a failed test's report ends with the tail of the log of every server running when it failed;
- at the end of the session, once every fixture is torn down, anything the harness started and its owner did not
  stop or remove is reported, cleaned up, and fails the run: a fixture that leaks is a bug, even when every test
  passed.
"""

import pytest

from . import cleanup, server

NAME = "imagefeed-harness"


def register(config) -> None:
    """Registers this plugin once (several conftests may ask)."""
    import sys

    if not config.pluginmanager.has_plugin(NAME):
        config.pluginmanager.register(sys.modules[__name__], NAME)


def pytest_configure(config):
    cleanup.exit_on_termination_signals()


@pytest.fixture
def scratch():
    """A new folder under TMPDIR for this test alone, removed after it."""
    folder = cleanup.temporary_folder("imagefeed-test-")
    try:
        yield folder
    finally:
        cleanup.remove_folder(folder)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for running in server.running():
            report.sections.append((f"{running.name} log ({running.base}, {running.folder})", running.log_tail()))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    # trylast: after pytest's own pytest_sessionfinish has torn down the session's fixtures
    left = cleanup.clean_up_everything()
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = "left behind by the session (now cleaned up):\n  " + "\n  ".join(left)
        if reporter is not None:
            reporter.write_line(message, red=True)
        if session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
