"""Issue 13 in the web app: the bar of featured topics and a topic's photos, following someone (found through the
People search) and their photos in the Following feed, a photo's views and downloads in the viewer's details, and a
person's counts. Setup: another photographer signs up and uploads one tagged photo; an administrator makes a featured
topic of that tag with the CLI, as the server runs."""

import re
import time
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from conftest import WALLPAPERS, fresh_name

TOPIC = {"title": "Lighthouses", "slug": "lighthouses", "tag": "lighthouse"}
KEEPER = {"username": "fernkeeper", "first_name": "Fern", "last_name": "Keeper", "email": "fern@example.com",
          "password": "beam-over-the-bay-7!"}
COUNTED = re.compile(r"^[1-9][\d,]*$")   # a count of at least one
# Views are written in batches (about every 2 s) and the details panel asks again every few seconds.
STATISTICS_TIMEOUT_MS = 20000


def _wait_for(read, what, seconds=15):
    """Polls `read()` until it is truthy (the server sees a change made by another process within its cache's age)."""
    deadline = time.monotonic() + seconds
    while not read():
        if time.monotonic() > deadline:
            raise AssertionError(f"the server never showed {what}")
        time.sleep(0.1)


def row(details, label):
    """The value of the details panel's row `label`."""
    return details.locator(f"xpath=.//dt[normalize-space(.)='{label}']/following-sibling::dd[1]")


@pytest.fixture(scope="module")
def keeper_photo(web_server):
    """Fern signs up and uploads a landscape photo tagged "lighthouse"; "Lighthouses" becomes a featured topic of that
    tag. → the photo's id."""
    base, headers = web_server.base, {"Origin": web_server.base, "Accept": "application/json"}
    fern = requests.Session()
    answer = fern.post(f"{base}/account/signup", json=KEEPER, headers=headers, timeout=10)
    assert answer.status_code in (200, 201), answer.text
    source = sorted(Path(WALLPAPERS).rglob("*.jpg"))[-1]
    body = source.read_bytes() + b"\0social-fixture"
    upload = fern.post(f"{base}/photos", data={"title": "Lighthouse at dusk", "tags": f"{TOPIC['tag']},coast"},
                       files={"file": ("lighthouse.jpg", body, "image/jpeg")}, headers=headers, timeout=120)
    assert upload.status_code == 201, upload.text
    photo_id = upload.json()["id"]
    output = web_server.cli.run("topics", "create", "--title", TOPIC["title"], "--slug", TOPIC["slug"],
                                "--description", "Beacons on every coast", "--tags", TOPIC["tag"], "--featured")
    assert TOPIC["slug"] in output, output
    _wait_for(lambda: any(topic["slug"] == TOPIC["slug"] for topic in
                          requests.get(f"{base}/topics?order_by=featured", timeout=5).json()), "the new topic")
    return photo_id


def test_the_topic_bar_leads_to_a_featured_topics_photos(open_app, web_server, keeper_photo):
    # setup
    context, page, shot = open_app("phone", "light")
    bar = page.locator("[data-view=feed]").get_by_role("navigation", name="Feeds and topics")
    expect(bar.get_by_role("link", name="Editorial")).to_have_attribute("aria-current", "page")

    # act
    bar.get_by_role("link", name=TOPIC["title"]).click()

    # assert: the topic's own address, its title, and its photos (only the one with its tag) in the feed's cards
    expect(page).to_have_url(re.compile(re.escape(f"#/t/{TOPIC['slug']}") + "$"))
    topic = page.locator("main > section[data-view=topic]")
    expect(topic.get_by_role("heading", name=TOPIC["title"])).to_be_visible()
    expect(topic).to_contain_text("1 photo")
    cards = topic.locator(".card")
    expect(cards).to_have_count(1)
    expect(cards.first).to_have_attribute("data-photo-id", keeper_photo)
    expect(topic.get_by_role("link", name=TOPIC["title"])).to_have_attribute("aria-current", "page")
    expect(page.locator(".tabs a[aria-current=page]")).to_have_attribute("data-tab", "feed")
    shot("topic")

    # an unknown topic says so
    page.evaluate("location.hash = '#/t/no-such-topic'")
    expect(page.locator("[data-view=topic]").get_by_role("heading", name="No such topic")).to_be_visible()
    assert page.errors == []


def test_following_someone_brings_their_photos_into_the_following_feed(open_app, web_server, keeper_photo):
    # setup: walker follows nobody
    context, page, shot = open_app("desktop", "dark")
    headers = {"Origin": web_server.base, "Accept": "application/json"}
    context.request.delete(f"{web_server.base}/users/{KEEPER['username']}/follow", headers=headers)
    page.locator("[data-view=feed]").get_by_role("link", name="Following").click()
    following = page.locator("main > section[data-view=following]")
    empty = following.get_by_role("heading", name="Follow people to see their photos here")
    expect(empty).to_be_visible()
    shot("following-empty")

    # act: find Fern among people, and follow her
    page.locator(".tabs").get_by_role("link", name="Search").click()
    page.get_by_role("navigation", name="Search for").get_by_role("link", name="People").click()
    field = page.get_by_role("searchbox", name="Search people")
    field.fill("fern")
    field.press("Enter")
    expect(page.locator(".search-summary")).to_contain_text("1 person for “fern”")
    page.locator(".people").get_by_role("link", name=re.compile("Fern Keeper")).click()
    person = page.locator("main > section[data-view=user]")
    expect(person.get_by_role("heading", name="Fern Keeper")).to_be_visible()
    followers = person.locator(".person-counts li", has_text="follower").locator("strong")
    expect(followers).to_have_text("0")
    person.get_by_role("button", name="Follow", exact=True).click()

    # assert: the button and the count say so, and her photo is in the Following feed (where the Feed tab leads back)
    expect(person.get_by_role("button", name="Following", exact=True)).to_be_visible()
    expect(followers).to_have_text("1")
    shot("person-followed")
    page.locator(".tabs").get_by_role("link", name="Feed").click()
    expect(page).to_have_url(re.compile(r"#/following$"))
    expect(following.locator(f".card[data-photo-id='{keeper_photo}']")).to_be_visible()
    expect(empty).to_be_hidden()
    shot("following")

    # unfollowing (from her card's name, on her page) empties the Following feed again
    following.locator(f".card[data-photo-id='{keeper_photo}'] a.who").click()
    person.get_by_role("button", name="Following", exact=True).click()
    expect(person.get_by_role("button", name="Follow", exact=True)).to_be_visible()
    expect(followers).to_have_text("0")
    page.go_back()
    expect(empty).to_be_visible()

    # no Follow button on one's own page
    page.evaluate(f"location.hash = '#/user/{web_server.username}'")
    expect(person.get_by_role("heading", name="Wanda Walker")).to_be_visible()
    expect(person.locator("button.follow")).to_have_count(0)
    assert page.errors == []

    # someone signed out is asked to sign in first
    _, guest, _ = open_app("phone", "light", signed_in=False, path=f"/#/user/{KEEPER['username']}")
    guest.get_by_role("button", name="Follow", exact=True).click()
    expect(guest).to_have_url(re.compile(re.escape(f"#/signin?next=%2Fuser%2F{KEEPER['username']}") + "$"))
    assert guest.errors == []


def test_search_finds_albums(open_app):
    # setup
    context, page, shot = open_app("phone", "dark", path="/#/search?type=collections")
    field = page.get_by_role("searchbox", name="Search albums")

    # act
    field.fill("nature")
    field.press("Enter")

    # assert: the album, leading to its screen; the photo filters are for photos only
    expect(page.locator(".search-summary")).to_contain_text("for “nature”")
    expect(page.get_by_label("Colour")).to_be_hidden()
    expect(page.get_by_role("navigation", name="Search for").get_by_role("link", name="Albums")).to_have_attribute(
        "aria-current", "page")
    shot("albums")
    page.locator(".albums a.album", has_text="Nature").first.click()
    expect(page.get_by_role("heading", name="Nature")).to_be_visible()
    expect(page.locator("main > section[data-view=collections] .cell-wrap").first).to_be_visible()
    assert page.errors == []


def count_in(locator) -> int:
    """The number a details row or a person's count shows (digits with thousands separators)."""
    return int(re.sub(r"\D", "", locator.inner_text()) or 0)


def test_photo_details_show_views_and_downloads(newcomer, web_server, keeper_photo):
    # setup: someone who never saw the photo (a view counts once a day per person), and the photo's counts so far
    # (none, unless this test ran before on this server)
    context, page, shot = newcomer("desktop", "light", fresh_name("photo_viewer"), path=f"/#/t/{TOPIC['slug']}")
    statistics = context.request.get(f"{web_server.base}/photos/{keeper_photo}/statistics").json()
    views, downloads = statistics["views"]["total"], statistics["downloads"]["total"]

    # act: open it from the topic, show its details, download the original
    page.locator(f"[data-view=topic] .card[data-photo-id='{keeper_photo}'] .card-photo").click()
    viewer = page.get_by_role("dialog", name="Photo viewer")
    expect(viewer.get_by_role("button", name="Next photo")).to_be_disabled()   # the topic's only photo
    viewer.get_by_role("button", name="Info").click()
    details = viewer.get_by_role("complementary", name="Photo details")
    expect(details).to_be_visible()
    viewer.get_by_role("button", name="Download").click()
    with page.expect_download() as download:
        viewer.get_by_role("menu", name="Download").get_by_role("menuitem", name=re.compile("Original")).click()
    assert download.value.suggested_filename

    # assert: the details count the view (written in a batch) and the download
    expect(row(details, "Views")).to_have_text(COUNTED, timeout=STATISTICS_TIMEOUT_MS)
    expect(row(details, "Downloads")).to_have_text(COUNTED, timeout=STATISTICS_TIMEOUT_MS)
    _wait_for(lambda: count_in(row(details, "Views")) > views and count_in(row(details, "Downloads")) > downloads,
              "this view and this download in the details", seconds=STATISTICS_TIMEOUT_MS / 1000)
    expect(details).not_to_contain_text("null")   # parts a photo lacks are left out, not written as "null"
    shot("details")

    # the photographer's page totals her photos' views and downloads
    details.get_by_role("link", name="Fern Keeper").click()
    counts = page.locator("main > section[data-view=user] .person-counts")
    expect(counts.locator("li", has_text="view").locator("strong")).to_have_text(COUNTED)
    expect(counts.locator("li", has_text="download").locator("strong")).to_have_text(COUNTED)
    shot("person-counts")
    assert page.errors == []
