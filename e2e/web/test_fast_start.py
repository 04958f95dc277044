"""The fast start: the feed's first page inlined by the server (or fetched by index.html's inline script), its first
photos preloaded in the very files the cards use, paging by the Link header's cursor, nothing waiting for /me."""

import json
import re
import time

from playwright.sync_api import expect

FIRST_PAGE = "/photos?order_by=latest&per_page=20"
MARKER = "<!--first-page-->"
INLINED = re.compile(r'<script id="first-page" type="application/json">(.*?)</script>', re.S)


def photo_requests(page):
    """Every /photos list request the page makes, in order."""
    seen = []
    page.on("request", lambda request: seen.append(request.url) if re.search(r"/photos\?", request.url) else None)
    return seen


def inline_first_page(context, page, base, change=lambda photos: photos):
    """Serves index.html as the server does for a visitor without a session: the marker replaced by the first page."""
    answer = context.request.get(base + FIRST_PAGE)
    photos = change(answer.json())
    data = {"path": FIRST_PAGE, "link": answer.headers.get("link", ""), "total": int(answer.headers["x-total"]),
            "photos": photos}
    script = ('<script id="first-page" type="application/json">'
              + json.dumps(data).replace("<", "\\u003c") + "</script>")

    def with_marked_page(html):
        assert INLINED.search(html), "the server inlines the first page for visitors without a session"
        return INLINED.sub(lambda _: script, html)

    rewrite_index(page, base, with_marked_page)
    return photos


def rewrite_index(page, base, rewrite):
    """Serves index.html through `rewrite(html)`."""
    def serve(route):
        original = route.fetch()
        route.fulfill(response=original, body=rewrite(original.text()))

    page.route(re.compile(re.escape(base) + r"/(index\.html)?(\?.*)?$"), serve)


def test_the_server_inlines_the_first_page_for_visitors(open_app, web_server):
    context, page, shot = open_app("phone", "light", signed_in=False, path=None, service_workers="block")
    feed = context.request.get(web_server.base + FIRST_PAGE)

    html = context.request.get(web_server.base + "/").text()

    inlined = INLINED.search(html)
    assert inlined and MARKER not in html
    data = json.loads(inlined.group(1))
    assert data["path"] == FIRST_PAGE
    assert [photo["id"] for photo in data["photos"]] == [photo["id"] for photo in feed.json()]
    assert data["total"] == int(feed.headers["x-total"]) and data["link"] == feed.headers.get("link", "")


def test_feed_reads_the_inlined_first_page_and_preloads_its_photo(open_app, web_server):
    # setup: a first page the server would never send (a marked caption), so the card shows where it came from
    context, page, shot = open_app("phone", "light", signed_in=False, path=None, service_workers="block")

    def mark(photos):
        photos[0]["description"] = "Read from the inlined first page"
        return photos

    photos = inline_first_page(context, page, web_server.base, mark)
    requests = photo_requests(page)

    # act
    page.goto(web_server.base + "/")
    page.locator("#launch").wait_for(state="detached")

    # assert: the first card comes from the inlined JSON, and the first page was never asked for
    expect(page.locator(".card .caption").first).to_have_text("Read from the inlined first page")
    assert not [url for url in requests if url.endswith(FIRST_PAGE)], requests
    # the preload asked for the very file the first card shows (one download, not two)
    preloads = page.evaluate("""() => [...document.querySelectorAll('link[rel=preload][as=image]')]
        .map((link) => ({srcset: link.imageSrcset, sizes: link.imageSizes}))""")
    first = page.locator(".card-photo img").first
    expect(first).to_have_js_property("complete", True)
    assert preloads and preloads[0]["srcset"] == first.get_attribute("srcset")
    assert preloads[0]["sizes"] == first.get_attribute("sizes")
    entries = page.evaluate("""() => performance.getEntriesByType('resource').map((e) => e.name)""")
    current = first.evaluate("(image) => image.currentSrc")
    assert entries.count(current) == 1, current
    # no more than 2 device pixels per CSS pixel (the phone context has DPR 2: 358 px wide → 800w)
    assert "w=800" in current
    shot("inlined-first-page")

    # the next page follows the inlined Link header's cursor
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(page.locator(".feed-list [data-index='20']")).to_have_count(1)
    assert any("cursor=" in url for url in requests), requests
    assert len(photos) == 20


def test_without_an_inlined_page_the_first_page_is_fetched_once_at_parse_time(open_app, web_server):
    # setup: index.html as it is on disk (the marker stays a comment), as when the server could not inline it
    context, page, shot = open_app("desktop", "dark", signed_in=False, path=None, service_workers="block")
    rewrite_index(page, web_server.base, lambda html: INLINED.sub(lambda _: MARKER, html))
    requests = photo_requests(page)

    # act
    page.goto(web_server.base + "/#/feed")
    page.locator("#launch").wait_for(state="detached")

    # assert: asked for once, by the inline script (before the modules), and shown
    expect(page.locator(".card").first).to_be_visible()
    assert [url for url in requests if url.endswith(FIRST_PAGE)] == [web_server.base + FIRST_PAGE]
    first = page.locator(".card-photo img").first
    expect(first).to_have_js_property("complete", True)
    preloaded = page.evaluate("document.querySelector('link[rel=preload][as=image]')?.imageSrcset")
    assert preloaded == first.get_attribute("srcset")
    assert not page.errors


CAUGHT_UP = "() => /caught up/.test(document.querySelector('[data-view=feed] .list-status')?.innerText ?? '')"
FURTHEST_CARD = ("() => Math.max(-1, ...[...document.querySelectorAll('.feed-list [data-index]')]"
                 ".map((card) => Number(card.dataset.index)))")


def test_feed_pages_by_the_cursor_of_the_link_header_to_the_end(open_app, web_server):
    # setup
    context, page, shot = open_app("phone", "dark", path=None, service_workers="block")
    total = int(context.request.get(web_server.base + FIRST_PAGE).headers["x-total"])
    requests = photo_requests(page)
    page.goto(web_server.base + "/#/feed")
    expect(page.locator(".card").first).to_be_visible()

    # act: scroll to the end, each time until a card further down is drawn or the feed says it is at its end
    while not page.evaluate(CAUGHT_UP):
        furthest = page.evaluate(FURTHEST_CARD)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_function(f"(furthest) => ({CAUGHT_UP})() || ({FURTHEST_CARD})() > furthest", arg=furthest,
                               timeout=15000)

    # assert: every later page came from rel="next" (its keyset cursor), and the feed holds each photo once
    later = [url for url in requests if not url.endswith(FIRST_PAGE)]
    assert later and all("cursor=" in url for url in later), requests
    expect(page.locator("[data-view=feed] .list-status")).to_contain_text("You’re all caught up")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(page.locator(f".feed-list [data-index='{total - 1}']")).to_have_count(1)


def test_the_feed_does_not_wait_for_the_session_check(open_app, web_server):
    # setup: /me never answers
    context, page, shot = open_app("phone", "light", path=None, service_workers="block")
    held = []
    page.route("**/me", lambda route: held.append(route))

    # act
    page.goto(web_server.base + "/#/feed")

    # assert: the feed is up; a like waits for the session check, then goes through as the signed-in person
    expect(page.locator(".card").first).to_be_visible()
    expect(page.locator("#launch")).to_have_count(0)
    like = page.locator(".card .like").first
    like.click()
    # the click handled, a frame drawn and the tasks it queued run: a sign-in it led to would have begun
    page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))")
    deadline = time.monotonic() + 15
    while not held:  # each call lets Playwright's dispatcher run the route's handler
        assert time.monotonic() < deadline, "the session check was never asked for"
        page.wait_for_timeout(20)
    assert "#/signin" not in page.url
    for route in held:
        route.continue_()
    page.unroute("**/me")
    expect(like).to_have_attribute("aria-pressed", "true")
    like.click()
    expect(like).to_have_attribute("aria-pressed", "false")
