"""Starts the real `imagefeed` server with the web app and drives it with Debian's Chromium through Playwright.

The binary comes from IMAGEFEED_BIN (default .build/debug/imagefeed; built with `swift build --traits PostgreSQL
--product imagefeed` when missing). The server is the harness's (e2e/harness): a free port and a temporary folder of
its own, its data directory holding Debian's mate-backgrounds wallpapers (imported once per binary into
.build/e2e-web-library and copied), a signed-up user, and a few uploaded photos with GPS positions in Paris for the
near-me journeys. Chromium is /usr/bin/chromium (`apt-get install chromium`); Playwright's own browser download is
never used.

Every browser context a test opens comes from `open_app` (or `newcomer`, which uses it), whose teardown ends
everything the test set going in the browser before the context closes: its routes (a handler still answering a
request would otherwise raise into whichever test next talks to the browser) and its pages.
"""

import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect, sync_playwright

import harness
import harness.plugin
from harness import REPO, Cli

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WALLPAPERS = "/usr/share/backgrounds/mate"
SCREENSHOTS = REPO / "e2e" / "screenshots"
LIBRARY_CACHE = REPO / ".build" / "e2e-web-library"
PARIS = (48.8566, 2.3522)
# How long an action, a navigation or a request may take, and an expectation wait for its condition: generous,
# because a CI machine or a developer's, busy with builds, answers a sign-in (bcrypt) in seconds. Never asserted:
# a test that passes waits only as long as it takes.
ACTION_TIMEOUT_MS = 30_000
expect.set_options(timeout=15_000)

VIEWPORTS = {
    "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2),
    "phone-landscape": dict(viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True, device_scale_factor=2),
    "ipad": dict(viewport={"width": 820, "height": 1180}, is_mobile=True, has_touch=True, device_scale_factor=2),
    "ipad-landscape": dict(viewport={"width": 1180, "height": 820}, is_mobile=True, has_touch=True, device_scale_factor=2),
    "desktop": dict(viewport={"width": 1280, "height": 800}),
}


def pytest_configure(config):
    harness.plugin.register(config)


@dataclass(frozen=True)
class WebServer:
    base: str
    data: str
    username: str
    email: str
    password: str
    geo_photo_ids: tuple

    @property
    def cli(self) -> Cli:
        """`imagefeed …` on the server's library (as its owner would run it on the same machine)."""
        return Cli(self.data)


def _ensure_binary() -> str:
    if not os.access(harness.binary(), os.X_OK):
        subprocess.run(["swift", "build", "--traits", "PostgreSQL", "--product", "imagefeed"], cwd=REPO, check=True,
                       timeout=3600)
    try:
        return harness.require_binary()
    except FileNotFoundError as missing:
        pytest.fail(str(missing))


def _library_template(binary: str) -> Path:
    """The imported wallpapers, made once per binary and reused (importing takes ~30 s). Kept in the build folder,
    named for the binary (its path, size, modification time and inode), and made in a folder of its own then renamed
    into place whole: runs at the same time never share a half-made library, and nothing is left in /tmp."""
    identity = os.stat(binary)
    key = hashlib.sha256(f"{binary}:{identity.st_size}:{identity.st_mtime_ns}:{identity.st_ino}".encode())
    template = LIBRARY_CACHE / key.hexdigest()[:16]
    if (template / ".complete").exists():
        return template
    LIBRARY_CACHE.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".building-", dir=LIBRARY_CACHE))
    try:
        Cli(building / "data", cwd=building).run("import", WALLPAPERS, "--collection-per-folder", "--user", "mate",
                                                 timeout=900)
        (building / "data" / ".complete").write_text("ok")
        try:
            os.rename(building / "data", template)
        except OSError:
            pass  # another run put its copy in place first: the same import of the same files
    finally:
        shutil.rmtree(building, ignore_errors=True)
    for stale in LIBRARY_CACHE.iterdir():  # libraries of earlier builds, and imports a killed run left half made
        building = stale.name.startswith(".building-")
        if stale != template and (not building or time.time() - stale.stat().st_mtime > 24 * 3600):
            shutil.rmtree(stale, ignore_errors=True)
    return template


def _upload_geo_photos(base: str, login: str, password: str) -> tuple:
    """Three photos taken 'in Paris' (wallpapers with a few bytes appended, so they are new files)."""
    session = requests.Session()
    headers = {"Origin": base, "Accept": "application/json"}
    answer = session.post(f"{base}/account/login", json={"login": login, "password": password}, headers=headers,
                          timeout=10)
    answer.raise_for_status()
    sources = sorted(Path(WALLPAPERS).rglob("*.jpg"))[:3]
    ids = []
    for index, source in enumerate(sources):
        body = source.read_bytes() + b"\0geo-fixture-" + str(index).encode()
        fields = {"title": f"Paris walk {index + 1}", "tags": "paris,city",
                  "location[latitude]": str(PARIS[0] + index * 0.003), "location[longitude]": str(PARIS[1]),
                  "location[city]": "Paris", "location[country]": "France"}
        response = session.post(f"{base}/photos", data=fields, files={"file": (f"paris-{index}.jpg", body, "image/jpeg")},
                                headers=headers, timeout=120)
        assert response.status_code == 201, response.text
        ids.append(response.json()["id"])
    session.post(f"{base}/account/logout", headers=headers, timeout=10)
    return tuple(ids)


@pytest.fixture(scope="session")
def web_server():
    binary = _ensure_binary()
    server = harness.Server(arguments=["--web", str(REPO / "Web")], environment={"IMAGEFEED_RATE_LIMIT": "100000"},
                            name="web server")
    try:
        shutil.copytree(_library_template(binary), server.data)
        username, email, password = "walker", "walker@example.com", "walk-in-the-park-1!"
        Cli(server.data, cwd=server.folder).create_user(username, email=email, first_name="Wanda", last_name="Walker",
                                                        password=password)
        server.start()
        geo = _upload_geo_photos(server.base, username, password)
        yield WebServer(base=server.base, data=str(server.data), username=username, email=email, password=password,
                        geo_photo_ids=geo)
    finally:
        server.close()


@pytest.fixture(scope="session")
def chromium():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def settle(page) -> None:
    """Waits until the page's transitions and finite animations (image fades, sheets sliding in) have ended and a
    frame has been drawn since."""
    page.wait_for_function("""() => document.getAnimations().every((animation) => animation.playState !== 'running'
        || animation.effect?.getComputedTiming().endTime === Infinity)""")
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")


class Screens:
    """Saves screenshots as e2e/screenshots/<test>-<variant>-<screen>.png (`full_page`: the whole page, scrolled)."""

    def __init__(self, page, prefix: str):
        self.page, self.prefix = page, prefix
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def __call__(self, name: str, full_page: bool = False):
        settle(self.page)  # image fades and transitions finished
        self.page.screenshot(path=str(SCREENSHOTS / f"{self.prefix}-{name}.png"), full_page=full_page)


# What the app asks once and keeps in the browser, answered as by someone who has used it before: it opens on the
# feed, and they said "Not now" to choosing their device. Tests of those first questions leave them out.
ANSWERED = {"imagefeed.open-on": "feed", "imagefeed.device": "null"}


@pytest.fixture
def open_app(chromium, web_server, request):
    """`open_app(device, scheme, signed_in=True, path, answered=ANSWERED, **context_options)` → (context, page, shot).
    `answered`: the browser's storage before the app first runs (see ANSWERED)."""
    contexts = []

    def make(device="phone", scheme="light", signed_in=True, path="/#/feed", answered=ANSWERED, **options):
        context = chromium.new_context(color_scheme=scheme, **VIEWPORTS[device], **options)
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        contexts.append(context)
        context.listeners = []
        record_listeners(context, context.listeners)
        context.on("page", lambda opened: record_listeners(opened, context.listeners))
        # Written only where nothing is kept yet, so the app's own answers last across reloads.
        context.add_init_script(f"""try {{ for (const [key, value] of Object.entries({json.dumps(answered)}))
            if (localStorage.getItem(key) === null) localStorage.setItem(key, value); }} catch (error) {{}}""")
        if signed_in:
            answer = context.request.post(f"{web_server.base}/account/login",
                                          data={"login": web_server.username, "password": web_server.password},
                                          headers={"Origin": web_server.base, "Accept": "application/json"})
            assert answer.status == 200, answer.text()
        page = context.new_page()
        record_listeners(page, context.listeners)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors
        if path is not None:
            page.goto(web_server.base + path)
            page.locator("#launch").wait_for(state="detached")
        name = request.node.name.replace("[", "-").replace("]", "").replace("test_", "")
        return context, page, Screens(page, name)

    yield make
    report = getattr(request.node, "rep_call", None)
    for index, context in enumerate(contexts):
        try:
            if report is not None and report.failed:
                for page in context.pages:
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"FAILED-{request.node.name}-{index}.png"))
        finally:
            close_context(context)


def close_context(context) -> None:
    """Ends everything a test set going in `context`, then closes it. A route handler still running — answering a
    request with `route.fetch()`, say — would otherwise fail once the context is gone (TargetClosedError: "Request
    context disposed"), and Playwright raises that into whichever test next calls it. So: the routes of every page
    and of the context are removed, their handlers still running told to end quietly ("ignoreErrors"); the event
    listeners added through `on`/`once` are removed (see `record_listeners`); then the context closes, and its
    pages, CDP sessions and requests with it."""
    for page in context.pages:
        page.unroute_all(behavior="ignoreErrors")
    context.unroute_all(behavior="ignoreErrors")
    for target, event, listener in getattr(context, "listeners", []):
        target.remove_listener(event, listener)
    context.close()


def record_listeners(target, listeners: list) -> None:
    """Makes `target`'s (a page's or a context's) `on` and `once` note each listener in `listeners`, so the test's
    teardown can remove them: Python's sync API has no `remove_all_listeners`, and its `remove_listener` needs the
    function."""
    if getattr(target, "listeners_noted", False):
        return
    target.listeners_noted = True
    for name in ("on", "once"):
        add = getattr(target, name)

        def noting(event, listener, add=add):
            listeners.append((target, event, listener))
            add(event, listener)

        setattr(target, name, noting)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def open_first_photo(page):
    """Opens the feed's first photo in the viewer; → (viewer, its id)."""
    card = page.locator(".card").first
    expect(card).to_be_visible()
    photo_id = card.get_attribute("data-photo-id")
    card.locator(".card-photo").click()
    viewer = page.get_by_role("dialog", name="Photo viewer")
    expect(viewer).to_be_visible()
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{photo_id}") + "$"))
    return viewer, photo_id


NEWCOMER_PASSWORD = "fresh-start-2024!"
_serial = itertools.count(1)


def fresh_name(base: str) -> str:
    """`base` with a number no other call on this server gave: a username (and so an email) that no other test — and
    no earlier run of the same test, when tests are repeated — has taken on the shared server."""
    return f"{base}_{next(_serial)}"


def sign_up(context, base, username, first_name="Nora", last_name="Newcomer"):
    """Signs a new person up in `context` (its requests and pages are then theirs) → the account's JSON."""
    answer = context.request.post(f"{base}/account/signup", headers={"Origin": base, "Accept": "application/json"},
                                  data={"username": username, "email": f"{username}@example.com",
                                        "password": NEWCOMER_PASSWORD, "first_name": first_name,
                                        "last_name": last_name})
    assert answer.status in (200, 201), answer.text()
    return answer.json()


def delete_photos_of(base, username):
    """Deletes every photo of `username` (a newcomer), as they would through the API."""
    session = requests.Session()
    headers = {"Origin": base, "Accept": "application/json"}
    answer = session.post(f"{base}/account/login", json={"login": username, "password": NEWCOMER_PASSWORD},
                          headers=headers, timeout=10)
    if answer.status_code == 401:
        return   # they took another username (the profile test), and uploaded nothing
    answer.raise_for_status()
    for _ in range(20):
        photos = session.get(f"{base}/users/{username}/photos?per_page=30", headers=headers, timeout=10).json()
        if not photos:
            break
        for photo in photos:
            session.delete(f"{base}/photos/{photo['id']}", headers=headers, timeout=10)


@pytest.fixture
def newcomer(open_app, web_server):
    """`newcomer(device, scheme, username, path="/#/feed", **context_options)` → (context, page, shot): a person
    signed up for this test alone, on `path`. The photos they upload are deleted after the test, so the top of the
    feed is again what the other tests expect."""
    made = []

    def make(device, scheme, username, path="/#/feed", **options):
        context, page, shot = open_app(device, scheme, signed_in=False, path=None, **options)
        sign_up(context, web_server.base, username)
        made.append(username)
        if path is not None:
            page.goto(web_server.base + path)
            page.locator("#launch").wait_for(state="detached")
        return context, page, shot

    yield make
    for username in made:
        delete_photos_of(web_server.base, username)


def unique_jpeg(index: int, tag: str) -> bytes:
    """A small wallpaper (one of the eight smallest JPEGs) with `tag` appended, so it is a file new to the library."""
    sources = sorted(Path(WALLPAPERS).rglob("*.jpg"), key=lambda path: path.stat().st_size)[:8]
    return sources[index % len(sources)].read_bytes() + b"\0upload-" + tag.encode() + str(index).encode()


def upload_photo(context, base, tag, index=0, **fields):
    """Uploads a photo through the API as the person signed in in `context` → the photo's JSON."""
    answer = context.request.post(f"{base}/photos", headers={"Origin": base, "Accept": "application/json"},
                                  multipart={"file": {"name": f"{tag}.jpg", "mimeType": "image/jpeg",
                                                      "buffer": unique_jpeg(index, tag)}, **fields})
    assert answer.status == 201, answer.text()
    return answer.json()
