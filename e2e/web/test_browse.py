"""Search (tags, filters, empty state), near me (granted and denied), albums, favourites, scroll positions."""

import re

import pytest
from playwright.sync_api import expect

from conftest import PARIS

VARIANTS = [("phone", "light"), ("desktop", "dark")]


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_search_with_tags_filters_and_empty_state(open_app, device, scheme):
    # setup: location denied, so the first visit stays on a plain search
    context, page, shot = open_app(device, scheme)
    page.locator(".tabs").get_by_role("link", name="Search").click()
    field = page.get_by_role("searchbox", name="Search photos")

    # act
    field.fill("nature")
    field.press("Enter")
    cells = page.locator(".photo-grid .cell-wrap")
    expect(cells.first).to_be_visible()
    expect(page.locator(".search-summary")).to_contain_text("photos for “nature”")
    total = int(page.locator(".search-summary").inner_text().split()[0])
    chip = page.locator(".chips").get_by_role("button", name=re.compile("^nature"))
    expect(chip).to_have_attribute("aria-pressed", "false")
    shot("results")
    chip.click()
    expect(page).to_have_url(re.compile(r"tags=nature"))
    expect(page.locator(".chips").get_by_role("button", name=re.compile("^nature"))).to_have_attribute("aria-pressed", "true")
    page.get_by_label("Orientation").select_option("landscape")
    expect(page).to_have_url(re.compile(r"orientation=landscape"))
    expect(cells.first).to_be_visible()
    page.get_by_label("Colour").select_option("yellow")
    expect(page).to_have_url(re.compile(r"color=yellow"))
    page.wait_for_load_state("networkidle")
    filtered = page.locator(".search-summary").inner_text()
    assert filtered == "" or int(filtered.split()[0]) <= total
    shot("filtered")

    field.fill("qqqzzzxxnothing")
    field.press("Enter")
    expect(page.get_by_role("heading", name="No photos found")).to_be_visible()
    expect(page).not_to_have_url(re.compile("tags="))
    shot("empty")

    # the viewer opens from search results and pages through them
    page.get_by_label("Colour").select_option("")
    page.get_by_label("Orientation").select_option("")
    field.fill("nature")
    field.press("Enter")
    cells.first.locator("a.cell").click()
    expect(page.get_by_role("dialog", name="Photo viewer")).to_be_visible()
    page.keyboard.press("ArrowRight")
    page.go_back()
    expect(page.get_by_role("dialog", name="Photo viewer")).to_be_hidden()
    expect(page).to_have_url(re.compile(r"#/search\?query=nature"))
    assert page.errors == []


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_near_me_opens_on_photos_near_the_person_when_allowed(open_app, web_server, device, scheme):
    # setup
    context, page, shot = open_app(device, scheme, geolocation={"latitude": PARIS[0], "longitude": PARIS[1]},
                                   permissions=["geolocation"])

    # act: the first visit to Search
    page.locator(".tabs").get_by_role("link", name="Search").click()

    # assert
    expect(page).to_have_url(re.compile(r"lat=48\.85"))
    expect(page.locator(".search-summary")).to_contain_text("Near you")
    cells = page.locator(".photo-grid .cell-wrap")
    expect(cells).to_have_count(len(web_server.geo_photo_ids))
    assert {cells.nth(i).get_attribute("data-photo-id") for i in range(3)} == set(web_server.geo_photo_ids)
    shot("near-me")

    # "Photos near here" from a photo's details
    cells.first.locator("a.cell").click()
    viewer = page.get_by_role("dialog", name="Photo viewer")
    viewer.get_by_role("button", name="Info").click()
    expect(viewer.get_by_role("complementary")).to_contain_text("Paris, France")
    viewer.get_by_role("link", name="Photos near here").click()
    expect(viewer).to_be_hidden()
    expect(page.locator(".search-summary")).to_contain_text("Near this place")
    expect(cells).to_have_count(3)


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_near_me_denied_explains_and_search_still_works(open_app, device, scheme):
    # setup: no permission granted → Chromium answers "denied"
    context, page, shot = open_app(device, scheme)

    # act
    page.locator(".tabs").get_by_role("link", name="Search").click()
    page.get_by_role("button", name="Near me").click()

    # assert
    expect(page.locator(".notice")).to_contain_text("Location is turned off")
    shot("denied")
    field = page.get_by_role("searchbox", name="Search photos")
    field.fill("desktop")
    field.press("Enter")
    expect(page.locator(".photo-grid .cell-wrap").first).to_be_visible()


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_albums_pin_the_person_and_filter_as_you_type(open_app, device, scheme):
    # setup
    context, page, shot = open_app(device, scheme, path="/#/user/mate")

    # act
    expect(page.get_by_role("heading", name="Mate", exact=True)).to_be_visible()
    albums = page.locator(".albums a.album")
    expect(albums).to_have_count(3)
    shot("user")
    page.evaluate("window.scrollTo(0, 400)")
    # pinned under the top bar once the scroll is drawn
    page.wait_for_function("""() => { const top = document.querySelector('.person').getBoundingClientRect().top;
        const furthest = document.scrollingElement.scrollHeight - innerHeight;
        return Math.abs(scrollY - Math.min(400, furthest)) < 1 && top >= 0 && top <= 90; }""")
    albums.filter(has_text="Nature").click()

    # assert: three square columns, then filter as you type
    expect(page.get_by_role("heading", name="Nature")).to_be_visible()
    cells = page.locator(".photo-grid .cell-wrap")
    expect(cells).to_have_count(12)
    boxes = [cells.nth(i).bounding_box() for i in range(3)]
    assert len({round(box["y"]) for box in boxes}) == 1
    assert all(abs(box["width"] - box["height"]) < 2 for box in boxes)
    shot("album")
    with page.expect_request(re.compile(r"/collections/[^/]+/photos\?query=flo")):
        page.get_by_label("Filter this album by title").press_sequentially("flo", delay=40)
    expect(cells).to_have_count(2)
    expect(page.locator(".album-count")).to_contain_text("2 of 12")
    shot("album-filtered")
    page.get_by_label("Filter this album by title").fill("no-such-title")
    expect(page.get_by_role("heading", name="No photos found")).to_be_visible()


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_favourites_newest_first_and_unlike_removes(open_app, web_server, device, scheme):
    # setup: like two photos, in order
    context, page, shot = open_app(device, scheme, path=None)
    photos = context.request.get(f"{web_server.base}/photos?per_page=10&order_by=oldest").json()
    headers = {"Origin": web_server.base, "Accept": "application/json"}
    for photo in photos[:2]:
        context.request.delete(f"{web_server.base}/photos/{photo['id']}/like", headers=headers)
    for photo in photos[:2]:
        assert context.request.post(f"{web_server.base}/photos/{photo['id']}/like", headers=headers).status == 201
    page.goto(f"{web_server.base}/#/favourites")

    # assert
    cells = page.locator(".photo-grid .cell-wrap")
    expect(cells.first).to_be_visible()
    ids = [cells.nth(i).get_attribute("data-photo-id") for i in range(2)]
    assert ids == [photos[1]["id"], photos[0]["id"]]
    shot("favourites")

    # act: unlike from the grid removes the photo
    count = cells.count()
    cells.first.get_by_role("button", name="Unlike").click()
    expect(cells).to_have_count(count - 1)
    assert cells.first.get_attribute("data-photo-id") == photos[0]["id"]

    # and unliking in the viewer removes it too
    cells.first.locator("a.cell").click()
    page.get_by_role("dialog", name="Photo viewer").get_by_role("button", name="Unlike").click()
    page.keyboard.press("Escape")
    expect(cells).to_have_count(count - 2)


SCROLLED_TO = "(y) => Math.abs(scrollY - y) < 2"
"""For wait_for_function: the page is scrolled back to `y` (the tab's screen is shown and its place restored)."""


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_tabs_and_viewer_keep_scroll_positions(open_app, device, scheme):
    # setup
    context, page, shot = open_app(device, scheme)
    expect(page.locator(".card").first).to_be_visible()
    page.mouse.wheel(0, 1500)
    page.wait_for_function("window.scrollY >= 1400")
    feed_scroll = page.evaluate("window.scrollY")

    # act: other tabs and back
    tabs = page.locator(".tabs")
    tabs.get_by_role("link", name="Search").click()
    field = page.get_by_role("searchbox", name="Search photos")
    field.fill("nature")
    field.press("Enter")
    expect(page.locator(".photo-grid .cell-wrap").first).to_be_visible()
    page.mouse.wheel(0, 300)
    page.wait_for_function("window.scrollY > 100")
    search_scroll = page.evaluate("window.scrollY")
    tabs.get_by_role("link", name="Profile").click()
    tabs.get_by_role("link", name="Feed").click()
    page.wait_for_function(SCROLLED_TO, arg=feed_scroll)
    tabs.get_by_role("link", name="Search").click()
    page.wait_for_function(SCROLLED_TO, arg=search_scroll)

    # the viewer and browser back keep the feed where it was (once its cards there are drawn)
    tabs.get_by_role("link", name="Feed").click()
    page.wait_for_function(SCROLLED_TO, arg=feed_scroll)
    page.wait_for_function("""() => [...document.querySelectorAll('.card-photo')].some((node) => {
        const box = node.getBoundingClientRect(); return box.bottom > 120 && box.top < innerHeight - 120; })""")
    card = page.locator(".card-photo").filter(has=page.locator("img")).nth(1)
    visible = page.evaluate("""() => [...document.querySelectorAll('.card-photo')]
        .map((node) => node.getBoundingClientRect()).find((box) => box.top > 80 && box.bottom < innerHeight)""")
    if visible is None:
        visible = page.evaluate("""() => { const b = [...document.querySelectorAll('.card-photo')]
            .map((node) => node.getBoundingClientRect()).find((box) => box.bottom > 120 && box.top < innerHeight - 120);
            return {left: b.left, top: Math.max(b.top, 100), width: b.width, height: 20}; }""")
    page.mouse.click(visible["left"] + visible["width"] / 2, visible["top"] + min(visible["height"] / 2, 60))
    expect(page.get_by_role("dialog", name="Photo viewer")).to_be_visible()
    page.keyboard.press("ArrowRight")
    page.go_back()
    expect(page.get_by_role("dialog", name="Photo viewer")).to_be_hidden()
    page.wait_for_function(SCROLLED_TO, arg=feed_scroll)
    shot("feed-after-viewer")
    assert card is not None


def test_each_route_shows_its_screen_title_and_tab_and_keeps_its_sign_in_rule(open_app, web_server):
    # setup
    context, page, shot = open_app("desktop", "light")
    album = context.request.get(f"{web_server.base}/users/mate/collections").json()[0]

    def visit(hash):
        page.evaluate("(hash) => { location.hash = hash; }", hash)

    def expect_screen(section, title, tab):
        expect(page).to_have_title(f"{title} · ImageFeed")
        expect(page.locator(f"main > section[data-view={section}]")).to_be_visible()
        assert page.evaluate("document.body.dataset.screen") == section
        current = page.locator(".tabs a[aria-current=page]")
        if tab:
            expect(current).to_have_attribute("data-tab", tab)
        else:
            expect(current).to_have_count(0)

    # act + assert: each screen in its section, with its title; a page of no tab (a person's, an album) lights none
    for hash, section, title, tab in [
        ("#/search?query=nature", "search", "Search", "search"),
        ("#/favourites", "favourites", "Favourites", "favourites"),
        ("#/profile", "profile", "Profile", "profile"),
        ("#/user/mate", "user", "Albums", None),
        (f"#/collections/{album['id']}", "collections", "Album", None),
        ("#/feed", "feed", "Feed", "feed"),
        ("#/no-such-screen", "feed", "Feed", "feed"),
        ("#/signin", "auth", "Sign in", None),
    ]:
        visit(hash)
        expect_screen(section, title, tab)
    # a tab leads back to its screen as it was left
    expect(page.locator(".tabs a[data-tab=search]")).to_have_attribute("href", "#/search?query=nature")
    # the sign-in forms are for people not signed in; leaving the sign-in screen empties it
    visit("#/login")
    expect(page).to_have_url(re.compile(r"#/feed$"))
    expect_screen("feed", "Feed", "feed")
    assert page.locator("main > section[data-view=auth]").evaluate("(node) => node.childElementCount") == 0

    # screens for people signed in send the others to sign in
    _, guest, _ = open_app("phone", "dark", signed_in=False, path="/#/profile")
    expect(guest).to_have_url(re.compile(r"#/signin\?next=%2Fprofile$"))
    expect(guest).to_have_title("Sign in · ImageFeed")
    guest.evaluate("location.hash = '#/signup'")
    expect(guest).to_have_title("Create account · ImageFeed")
    expect(guest.get_by_role("button", name="Create account")).to_be_visible()
    assert page.errors == [] and guest.errors == []
