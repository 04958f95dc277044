"""A photo synced from Unsplash's API (issue 16), end to end: a second ImageFeed server speaking the Unsplash dialect
stands in for Unsplash, the real `imagefeed sources add` and `sources sync` bring its photo into the library the web
app serves, and the feed shows it with its credit line, its image coming through the hotlink redirect."""

import re

import pytest
import requests
from playwright.sync_api import expect

import harness
from conftest import unique_jpeg


@pytest.fixture
def unsplash_stand_in():
    """An ImageFeed server with one photo by Ansel, and the app key a library uses to read it."""
    server = harness.Server(name="Unsplash stand-in")
    try:
        cli = harness.Cli(server.data, cwd=server.folder)
        source = server.folder / "source"
        source.mkdir()
        (source / "Half Dome at dusk.jpg").write_bytes(unique_jpeg(7, "yosemite"))
        cli.run("import", str(source), "--user", "ansel")
        key = cli.create_app("Photo library", "urn:ietf:wg:oauth:2.0:oob").access_key
        server.start()
        yield server.base, key
    finally:
        server.close()


def test_a_synced_unsplash_photo_appears_in_the_feed_with_its_credit(open_app, web_server, unsplash_stand_in):
    # setup: the library syncs from the stand-in, as its owner would from Unsplash
    base, key = unsplash_stand_in
    web_server.cli.run("sources", "add", "unsplash", "e2e-unsplash", "--access-key", key, "--api-url", base)
    web_server.cli.run("sources", "sync", "e2e-unsplash")
    [source] = [source for source in web_server.cli.sources() if source["name"] == "e2e-unsplash"]
    assert source["photo_count"] == 1 and source["last_sync_at"], source
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
        web_server.cli.run("sources", "remove", "e2e-unsplash")
