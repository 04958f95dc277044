"""Tests that end with a route handler's request still in flight, and the tests after them: run in this order by
test_isolation.py, in a pytest of their own (this file is not a test_*.py file, so the suite does not collect it).

The handler answers a request by fetching it from an upstream that never answers, so its `route.fetch()` is under
way when the test ends; once the browser context is closed, that fetch fails ("Request context disposed"), and
Playwright raises the error into the next call anyone makes to it — the next test's.
"""

import socket
import threading
import time

import pytest


@pytest.fixture(scope="module")
def silent_upstream():
    """An address that takes connections and never answers, and an event set once a request has reached it."""
    listener = socket.create_server(("127.0.0.1", 0))
    reached = threading.Event()
    held = []

    def accept():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            held.append(connection)
            reached.set()

    threading.Thread(target=accept, daemon=True).start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}", reached
    listener.close()
    for connection in held:
        connection.close()


def leave_a_handler_fetching(page, silent_upstream):
    """Routes the page's requests for /held through `route.fetch()` from the silent upstream, sends one, and returns
    once that fetch has reached the upstream: the handler is then waiting on it."""
    upstream, reached = silent_upstream
    reached.clear()
    page.route("**/held", lambda route: route.fulfill(response=route.fetch(url=f"{upstream}/held")))
    page.evaluate("() => { fetch('/held').catch(() => {}); }")
    deadline = time.monotonic() + 30
    while not reached.is_set():  # each call lets Playwright's dispatcher run the handler
        assert time.monotonic() < deadline, "the handler's fetch never reached the upstream"
        page.wait_for_timeout(20)


def use_the_browser(open_app, web_server):
    """What any test does: a context, a page, a few calls."""
    context, page, _ = open_app("desktop", "light", signed_in=False, path=None)
    page.goto(f"{web_server.base}/healthz")
    assert page.evaluate("document.body.innerText").strip().startswith("{")
    page.evaluate("1 + 1")


def test_a_bare_context_is_closed_with_a_handler_fetching(chromium, web_server, silent_upstream):
    # A context closed as it is, without the open_app fixture: what the suite did before every test went through it.
    context = chromium.new_context()
    page = context.new_page()
    page.goto(f"{web_server.base}/healthz")
    leave_a_handler_fetching(page, silent_upstream)
    context.close()


def test_after_the_bare_context(open_app, web_server):
    use_the_browser(open_app, web_server)


def test_a_test_ends_with_a_handler_fetching(open_app, web_server, silent_upstream):
    context, page, _ = open_app("desktop", "light", signed_in=False, path=None)
    page.goto(f"{web_server.base}/healthz")
    leave_a_handler_fetching(page, silent_upstream)


def test_after_the_test_with_the_handler_fetching(open_app, web_server):
    use_the_browser(open_app, web_server)
