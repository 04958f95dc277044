"""Photos from other services (issue 16, the web app's part): a photo with `source` and `license` keys carries the
credit its terms ask for — "Photo by AUTHOR on SOURCE", each linked, in a new tab — on its feed card and in the
viewer, and its details list the licence and its page at the source. The keys are absent from ordinary photos, which
show none of it. The API's answers are mocked here (the sync itself is tested with the server)."""

import json
import re

from playwright.sync_api import expect

FIRST_PAGE = re.compile(r".*/photos\?order_by=latest&per_page=20$")
UTM = "utm_source=imagefeed&utm_medium=referral"
SOURCE = {"name": "Unsplash", "url": f"https://unsplash.com/?{UTM}", "photo_url": f"https://unsplash.com/photos/abc?{UTM}",
          "author_name": "Jane Doe", "author_url": f"https://unsplash.com/@jane?{UTM}"}
LICENSE = {"id": "cc-by-2.0", "name": "CC BY 2.0", "url": "https://creativecommons.org/licenses/by/2.0/"}
# Another server's text is text: markup stays letters, and an address that is not a web page is no link.
HOSTILE = {"name": "Elsewhere", "url": "javascript:alert(1)", "author_name": "<img src=x onerror=alert(1)>",
           "author_url": "javascript:alert(2)"}


def with_sources(photos):
    """The first photo from Unsplash, the second from a server with odd values, the others as they are."""
    photos[0].update(source=SOURCE, license=LICENSE)
    photos[1].update(source=HOSTILE)
    return photos


def serve_with_sources(page, base):
    """Answers the feed's first page, and each photo's own record, with the source keys added."""
    ids = {}

    def first_page(route):
        answer = route.fetch()
        photos = with_sources(answer.json())
        ids.update({photo["id"]: photo for photo in photos[:2]})
        route.fulfill(response=answer, body=json.dumps(photos))

    def one_photo(route):
        answer = route.fetch()
        photo = answer.json()
        if photo.get("id") in ids:
            photo.update(source=ids[photo["id"]]["source"], **({"license": LICENSE} if "license" in ids[photo["id"]] else {}))
        route.fulfill(response=answer, body=json.dumps(photo))

    page.route(FIRST_PAGE, first_page)
    page.route(re.compile(re.escape(base) + r"/photos/[\w-]+$"), one_photo)


def expect_new_tab_link(link, href):
    expect(link).to_have_attribute("href", href)
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener")


def test_a_photo_from_another_service_carries_its_credit_and_licence(open_app, web_server):
    # setup: the feed, its first photo from Unsplash (signed in: the first page is asked for, not inlined)
    context, page, shot = open_app("desktop", "light", path=None, service_workers="block")
    serve_with_sources(page, web_server.base)
    page.add_init_script("window.alert = () => { window.__alerted = true; }")

    # act
    page.goto(f"{web_server.base}/#/feed")
    cards = page.locator("[data-view=feed] .card")
    expect(cards.first).to_be_visible()

    # assert: the card's credit, linked
    caption = cards.nth(0).locator(".caption")
    expect(caption).to_have_text("Photo by Jane Doe on Unsplash")
    expect_new_tab_link(caption.get_by_role("link", name="Jane Doe"), SOURCE["author_url"])
    expect_new_tab_link(caption.get_by_role("link", name="Unsplash"), SOURCE["url"])
    # odd values are shown as text, and not linked
    odd = cards.nth(1).locator(".caption")
    expect(odd).to_have_text("Photo by <img src=x onerror=alert(1)> on Elsewhere")
    expect(odd.locator("a, img")).to_have_count(0)
    # a photo of this library: its description, no credit
    expect(cards.nth(2).locator(".caption a")).to_have_count(0)
    expect(cards.nth(2).locator(".caption")).not_to_contain_text("Photo by")
    shot("feed-credit")

    # act: the photo in the viewer, with its details
    cards.nth(0).locator(".card-photo").click()
    viewer = page.get_by_role("dialog", name="Photo viewer")
    credit = viewer.locator(".v-credit")

    # assert: the credit over the photo, the licence and the source's page in the details
    expect(credit).to_have_text("Photo by Jane Doe on Unsplash")
    expect_new_tab_link(credit.get_by_role("link", name="Jane Doe"), SOURCE["author_url"])
    expect_new_tab_link(credit.get_by_role("link", name="Unsplash"), SOURCE["url"])
    viewer.get_by_role("button", name="Info").click()
    details = viewer.get_by_role("complementary", name="Photo details")
    expect_new_tab_link(details.get_by_role("link", name="CC BY 2.0"), LICENSE["url"])
    expect_new_tab_link(details.get_by_role("link", name="View on Unsplash"), SOURCE["photo_url"])
    expect_new_tab_link(details.get_by_role("link", name="Jane Doe"), SOURCE["author_url"])
    shot("viewer-credit")

    # the next photos: the odd one's credit is text; a photo of this library has none
    next_photo = viewer.get_by_role("button", name="Next photo")
    next_photo.click()
    expect(credit).to_have_text("Photo by <img src=x onerror=alert(1)> on Elsewhere")
    expect(credit.locator("a, img")).to_have_count(0)
    expect(details.get_by_role("link", name=re.compile("View on"))).to_have_count(0)
    next_photo.click()
    expect(credit).to_be_hidden()
    expect(details.get_by_text("Licence")).to_have_count(0)
    expect(details.get_by_role("link", name=re.compile("View on"))).to_have_count(0)
    assert page.evaluate("window.__alerted") is None
    assert page.errors == []
