"""Near me on launch (issue 19): the first launch explains, then asks for the person's location; granted, the app
opens on the photos taken near them (Search's near-me view) and keeps doing so; refused, it stays on the feed.
Profile's "Open on: Feed | Near me" changes where the next launch opens."""

import re

from playwright.sync_api import expect

from conftest import PARIS

HERE = dict(permissions=["geolocation"], geolocation={"latitude": PARIS[0], "longitude": PARIS[1]})
NEAR_ME = re.compile(re.escape(f"#/search?lat={PARIS[0]:.4f}&lon={PARIS[1]:.4f}&near=me") + "$")
# Nothing answered yet about where to open (the device question is not this file's).
FIRST_LAUNCH = {"imagefeed.device": "null"}


def expect_near_me(page, web_server):
    """The near-me view, with the photos taken in Paris."""
    expect(page).to_have_url(NEAR_ME)
    search = page.locator("[data-view=search]")
    expect(search.locator(".search-summary")).to_contain_text("Near you")
    for photo_id in web_server.geo_photo_ids:
        expect(search.locator(f".cell-wrap[data-photo-id='{photo_id}']")).to_be_visible()


def test_the_first_launch_explains_then_opens_on_the_photos_near_the_person(open_app, web_server):
    # setup: a first launch at the app's address, the browser allowing the location
    context, page, shot = open_app("phone", "light", path="/", answered=FIRST_LAUNCH, **HERE)

    # act: the explanation comes first, over the feed that stays usable
    question = page.get_by_role("dialog", name="See photos taken near you?")
    expect(question).to_be_visible()
    expect(question).to_contain_text("location")
    expect(page.locator(".card").first).to_be_visible()
    shot("near-me-question")
    question.get_by_role("button", name="Use my location").click()

    # assert: the photos near them
    expect(question).to_have_count(0)
    expect_near_me(page, web_server)
    shot("near-me")

    # the next launch goes there without asking, and Profile says so
    page.goto(f"{web_server.base}/#/feed")
    page.reload()
    expect_near_me(page, web_server)
    expect(question).to_have_count(0)
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    expect(page.get_by_label("Open on")).to_have_value("near")
    assert page.errors == []


def test_a_refused_location_falls_back_to_the_feed(open_app, web_server):
    # setup: a first launch, the browser refusing the location (no permission granted)
    context, page, shot = open_app("phone", "dark", path="/", answered=FIRST_LAUNCH)

    # act
    question = page.get_by_role("dialog", name="See photos taken near you?")
    question.get_by_role("button", name="Use my location").click()

    # assert: the feed, saying why; and it stays the choice
    expect(page.locator("#toast")).to_contain_text("location is not available")
    expect(page.locator("[data-view=feed] .card").first).to_be_visible()
    expect(page).not_to_have_url(re.compile("#/search"))
    shot("refused")
    page.reload()
    expect(page.locator("[data-view=feed] .card").first).to_be_visible()
    expect(question).to_have_count(0)
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    expect(page.get_by_label("Open on")).to_have_value("feed")
    assert page.errors == []


def test_not_now_stays_on_the_feed_without_asking_the_browser(open_app, web_server):
    # setup
    context, page, shot = open_app("desktop", "light", path="/", answered=FIRST_LAUNCH, **HERE)

    # act
    page.get_by_role("dialog", name="See photos taken near you?").get_by_role("button", name="Not now").click()

    # assert
    expect(page.get_by_role("dialog", name="See photos taken near you?")).to_have_count(0)
    expect(page.locator("[data-view=feed] .card").first).to_be_visible()
    page.reload()
    expect(page.locator("[data-view=feed] .card").first).to_be_visible()
    expect(page).not_to_have_url(re.compile("#/search"))
    assert page.errors == []


def test_open_on_near_me_chosen_in_the_profile(open_app, web_server):
    # setup: someone who opens on the feed
    context, page, shot = open_app("desktop", "dark", path="/#/profile", **HERE)
    open_on = page.get_by_label("Open on")
    expect(open_on).to_have_value("feed")

    # act
    open_on.select_option(label="Near me")
    shot("profile-open-on")
    page.goto(f"{web_server.base}/")
    page.reload()

    # assert: the next launch opens on the photos near them
    expect_near_me(page, web_server)
    expect(page.get_by_role("dialog", name="See photos taken near you?")).to_have_count(0)
    assert page.errors == []
