"""A photo synced from Unsplash's API (issue 16), end to end: a second ImageFeed server speaking the Unsplash dialect
stands in for Unsplash, the real `imagefeed sources add` and `sources sync` bring its photo into the library the web
app serves, and the feed shows it with its credit line, its image coming through the hotlink redirect."""

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from conftest import BINARY, _cli, _free_port, unique_jpeg


@pytest.fixture
def unsplash_stand_in():
    """An ImageFeed server with one photo by Ansel, and the app key a library uses to read it."""
    workdir = tempfile.mkdtemp(prefix="imagefeed-unsplash-")
    data = os.path.join(workdir, "data")
    source = Path(workdir, "source")
    source.mkdir()
    (source / "Half Dome at dusk.jpg").write_bytes(unique_jpeg(7, "yosemite"))
    _cli("import", str(source), "--user", "ansel", data=data, cwd=workdir)
    printed = _cli("apps", "create", "--name", "Photo library", "--redirect-uri", "urn:ietf:wg:oauth:2.0:oob",
                   data=data, cwd=workdir)
    key = re.search(r"Access key: (\S+)", printed).group(1)
    port = _free_port()
    log = open(os.path.join(workdir, "server.log"), "w")
    process = subprocess.Popen([BINARY, "serve", "--data", data, "--host", "127.0.0.1", "--port", str(port)],
                               cwd=workdir, stdout=log, stderr=subprocess.STDOUT,
                               env=dict(os.environ, IMAGEFEED_LOG_LEVEL="warning"))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(f"{base}/photos?per_page=1", timeout=1)
                break
            except requests.ConnectionError:
                assert process.poll() is None and time.monotonic() < deadline, Path(workdir, "server.log").read_text()
                time.sleep(0.1)
        yield base, key
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)


def test_a_synced_unsplash_photo_appears_in_the_feed_with_its_credit(open_app, web_server, unsplash_stand_in):
    # setup: the library syncs from the stand-in, as its owner would from Unsplash
    base, key = unsplash_stand_in
    workdir = os.path.dirname(web_server.data)
    _cli("sources", "add", "unsplash", "e2e-unsplash", "--access-key", key, "--api-url", base,
         data=web_server.data, cwd=workdir)
    synced = _cli("sources", "sync", "e2e-unsplash", data=web_server.data, cwd=workdir)
    assert "e2e-unsplash: 1 added" in synced, synced
    try:
        context, page, shot = open_app("desktop", "light", path=None, service_workers="block")

        # act
        page.goto(f"{web_server.base}/#/feed")

        # assert: the synced photo is in the feed with "Photo by Ansel on Unsplash", its image loaded through the
        # redirect to the stand-in
        card = page.locator("[data-view=feed] .card", has_text="Photo by Ansel on Unsplash")
        expect(card).to_be_visible(timeout=15000)
        expect(card.get_by_role("link", name="Ansel", exact=True)).to_have_attribute(
            "href", re.compile(r"utm_source=imagefeed&utm_medium=referral"))
        image = card.locator("img").first
        expect(image).to_have_js_property("complete", True)
        assert image.evaluate("img => img.naturalWidth") > 0
        source = image.evaluate("img => img.currentSrc")
        assert source.startswith(web_server.base + "/img/"), source
        redirect = requests.get(source, allow_redirects=False, timeout=10)
        assert redirect.status_code == 302 and redirect.headers["Location"].startswith(base + "/img/"), redirect.headers
        shot("synced-credit")
        assert page.errors == []
    finally:
        _cli("sources", "remove", "e2e-unsplash", data=web_server.data, cwd=workdir)
