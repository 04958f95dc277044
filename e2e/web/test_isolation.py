"""No test leaks into the next (issue 36): a route handler still answering a request when its test ends must not
fail the test after it. The failure seen in CI was `TargetClosedError: Route.fetch: Request context disposed`,
raised by test_sources.py's `one_photo` handler and reported in test_upload.py.

The tests that end that way and the tests after them run in a pytest of their own (route_in_flight_cases.py), in
their file's order, so that "the next test" is known whatever order this suite runs in: first a context closed
without the open_app fixture, whose next test fails with that very error (the leak is real and this catches it),
then the same through open_app, whose teardown removes the routes first, and whose next test passes.
"""

import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HERE = Path(__file__).resolve().parent


def outcomes(junit: Path) -> dict[str, str]:
    """Each test's outcome in a JUnit XML report: "passed", or its failure's or error's message and text."""
    found = {}
    for case in ElementTree.parse(junit).iter("testcase"):
        problems = [f"{problem.get('message', '')}\n{problem.text or ''}" for problem in case
                    if problem.tag in ("failure", "error")]
        found[case.get("name")] = "\n".join(problems) if problems else "passed"
    return found


def test_a_route_handler_in_flight_when_its_test_ends_does_not_fail_the_next_test(scratch):
    # act: the four cases, in order, in a pytest of their own
    junit = scratch / "cases.xml"
    run = subprocess.run([sys.executable, "-m", "pytest", "route_in_flight_cases.py", "-p", "no:randomly",
                          "-p", "no:repeat", "-p", "no:cacheprovider", "-q", f"--junitxml={junit}"],
                         cwd=HERE, capture_output=True, text=True, timeout=600)
    assert junit.exists(), run.stdout + run.stderr
    seen = outcomes(junit)

    # assert: after a bare context the next test gets the handler's error; after open_app's, nothing
    assert seen["test_a_bare_context_is_closed_with_a_handler_fetching"] == "passed", seen
    assert "Request context disposed" in seen["test_after_the_bare_context"], seen
    assert seen["test_a_test_ends_with_a_handler_fetching"] == "passed", seen
    assert seen["test_after_the_test_with_the_handler_fetching"] == "passed", (seen, run.stdout[-3000:])
