"""The web app in its users' languages (issue 35): with the browser set to Russian, Korean or Arabic, the feed, the
viewer, search, the profile and sign-in speak that language (no catalogue key, no English phrase of the catalogue),
with dates and numbers as the locale writes them, pass the axe audit, and lay out without text colliding or cut
off; Arabic reads right to left (the page mirrored, the viewer's arrows, keys and swipes following the reading
order). Screenshots of each walk are saved in e2e/screenshots/."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import NEWCOMER_PASSWORD, VIEWPORTS
from languages import CATALOGUES, PageData, audit, catalogue, layout_problems, leaks, still

# The browser's locale for each language there is a catalogue of, English aside (a new one is walked as its code).
LOCALES = {"ru": "ru-RU", "ko": "ko-KR", "ar": "ar-EG"}
LOCALES |= {path.stem: path.stem for path in CATALOGUES.glob("*.json") if path.stem not in LOCALES and path.stem != "en"}
RTL = {code for code in LOCALES if catalogue(code)["language.direction"] == "rtl"}
# How each language writes a date: a Cyrillic month, Korean's 년, Arabic's own digits.
DATE_LOOKS = {"ru": re.compile(r"\d{4} г\.|[а-я]{3}"), "ko": re.compile(r"\d{4}년 \d{1,2}월"), "ar": re.compile(r"[٠-٩]")}


class Walk:
    """Checks each screen it is shown: language and direction, leaks, the axe audit, the layout; saves a shot."""

    def __init__(self, page, shot, code, data, layout=True):
        self.page, self.shot, self.code, self.data, self.layout = page, shot, code, data, layout
        self.problems = {}

    def __call__(self, screen):
        page = self.page
        still(page)
        found = {}
        root = page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]")
        if root != [self.code, "rtl" if self.code in RTL else "ltr"]:
            found["lang, dir"] = root
        leaked = leaks(page, self.code, self.data)
        if leaked["keys"] or leaked["english"]:
            found["leaks"] = leaked
        violations = audit(page)
        if violations:
            found["axe"] = violations
        if self.layout:
            layout = layout_problems(page)
            assert layout["boxes"] >= 2, (screen, layout)
            if layout["overlaps"] or layout["clipped"]:
                found["layout"] = {"overlaps": layout["overlaps"][:8], "clipped": layout["clipped"][:8]}
        self.shot(screen)
        if found:
            self.problems[screen] = found


def open_in(open_app, base, code, device, scheme="light", signed_in=True, path="/#/feed"):
    """`open_app` in a browser set to `code`'s locale, watching what the API tells the page → (context, page, shot,
    its PageData)."""
    context, page, shot = open_app(device, scheme, signed_in=signed_in, path=None, locale=LOCALES[code])
    data = PageData(page)
    page.goto(base + path)
    page.locator("#launch").wait_for(state="detached")
    return context, page, shot, data


def walk_signed_in(page, base, walk, code):
    """The feed, the viewer and its details, search and the profile, each checked by `walk`."""
    words = catalogue(code)
    card = page.locator("[data-view=feed] .card").first
    expect(card).to_be_visible()
    walk("feed")
    card.locator(".card-photo").click()
    viewer = page.locator(".viewer")
    expect(viewer).to_be_visible()
    expect(viewer.locator(".v-frame.loaded")).to_be_visible(timeout=20000)
    walk("viewer")
    viewer.get_by_role("button", name=words["viewer.info"], exact=True).click()
    expect(viewer.locator(".v-info dl")).to_be_visible()
    walk("viewer-details")
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    page.goto(f"{base}/#/search?query=paris")
    expect(page.locator("[data-view=search] .cell-wrap").first).to_be_visible()
    expect(page.locator(".search-summary")).not_to_be_empty()
    walk("search")
    page.goto(f"{base}/#/profile")
    expect(page.locator("[data-view=profile] form")).to_be_visible()
    expect(page.locator("#device option")).not_to_have_count(1)   # the devices arrived
    walk("profile")


def walk_signed_out(page, base, walk, code):
    """The sign-in screens, and a wrong password's alert, each checked by `walk`."""
    words = catalogue(code)
    page.goto(f"{base}/#/signin")
    expect(page.locator("[data-view=auth] h1")).to_be_visible()
    walk("signin")
    page.goto(f"{base}/#/login")
    page.locator("#auth-login").fill("walker")
    page.locator("#auth-password").fill("not-the-password-1!")
    page.locator("#auth-password").press("Enter")
    alert = page.get_by_role("alertdialog", name=words["signIn.wrong.title"])
    expect(alert).to_be_visible()
    walk("login-refused")
    alert.get_by_role("button").click()
    page.goto(f"{base}/#/signup")
    page.locator("[data-view=auth] button[type=submit]").click()   # every field's rule shows
    expect(page.locator("#auth-first_name-error")).to_have_text(words["signUp.rule.firstName"])
    walk("signup")


@pytest.mark.parametrize("code,device", [(code, device) for code in sorted(LOCALES) for device in VIEWPORTS
                                         if code in RTL or device in ("phone", "desktop")])
def test_the_app_speaks_the_browsers_language(open_app, web_server, code, device):
    # setup: a browser set to the language, nothing chosen in the app
    context, page, shot, data = open_in(open_app, web_server.base, code, device)
    walk = Walk(page, shot, code, data)

    # act + assert: each screen in the language, signed in and out
    walk_signed_in(page, web_server.base, walk, code)
    _, visitor, visitor_shot, visitor_data = open_in(open_app, web_server.base, code, device, "dark", signed_in=False,
                                                     path="/#/signin")
    visitor_walk = Walk(visitor, visitor_shot, code, visitor_data)
    walk_signed_out(visitor, web_server.base, visitor_walk, code)
    problems = {**walk.problems, **{f"signed-out {name}": found for name, found in visitor_walk.problems.items()}}
    assert problems == {}, json.dumps(problems, ensure_ascii=False, indent=1)
    assert page.errors == [] and visitor.errors == []


@pytest.mark.parametrize("code", sorted(DATE_LOOKS))
def test_dates_numbers_and_plurals_follow_the_locale(open_app, web_server, code):
    # setup
    context, page, shot = open_app("phone", "light", locale=LOCALES[code])
    words = catalogue(code)
    expected = page.evaluate("""(code) => {
        const rules = new Intl.PluralRules(navigator.language);
        return { locale: navigator.language, categories: rules.resolvedOptions().pluralCategories };
    }""", code)

    # act: a card's date, and the counts of a search
    date = page.locator("[data-view=feed] .card time").first
    expect(date).not_to_be_empty()
    page.goto(f"{web_server.base}/#/search?query=paris")
    summary = page.locator(".search-summary")
    expect(summary).not_to_be_empty()

    # assert: the date is the locale's, and the summary is the plural form the count asks for
    assert expected["locale"] == LOCALES[code]
    assert DATE_LOOKS[code].search(date.inner_text()), date.inner_text()
    total = context.request.get(f"{web_server.base}/search/photos?query=paris&per_page=1").json()["total"]
    form = page.evaluate("([locale, count]) => new Intl.PluralRules(locale).select(count)", [LOCALES[code], total])
    message = words["search.photos.foundFor"]
    template = message[form] if isinstance(message, dict) else message
    number = page.evaluate("([locale, count]) => new Intl.NumberFormat(locale).format(count)", [LOCALES[code], total])
    wanted = template.replace("{count}", number).replace("{query}", "paris")
    assert summary.inner_text().replace("\u2068", "").replace("\u2069", "") == wanted


def mirrored(page):
    """Where the parts of the page are, for the mirror checks."""
    return page.evaluate("""() => {
        const box = (selector) => { const r = document.querySelector(selector)?.getBoundingClientRect();
            return r && { left: r.left, right: r.right, width: r.width }; };
        const flipped = (selector) => getComputedStyle(document.querySelector(selector)).transform;
        return { width: innerWidth, brand: box('.brand'), theme: box('#theme-toggle'), prev: box('.v-nav.prev'),
                 next: box('.v-nav.next'), info: box('.v-info'), backIcon: flipped('.v-bar .icon.directional') };
    }""")


def test_arabic_mirrors_the_page_and_the_viewer_pages_in_reading_order(open_app, web_server):
    # setup: the desktop's viewer with its details open
    context, page, shot = open_app("desktop", "light", locale="ar-EG")
    feed = context.request.get(f"{web_server.base}/photos?order_by=latest&per_page=2").json()
    words = catalogue("ar")
    page.locator("[data-view=feed] .card .card-photo").first.click()
    viewer = page.locator(".viewer")
    expect(viewer).to_be_visible()
    viewer.get_by_role("button", name=words["viewer.info"], exact=True).click()
    expect(viewer.locator(".v-info dl")).to_be_visible()

    # act
    where = mirrored(page)
    shot("viewer-mirrored")

    # assert: the brand starts the bar on the right, the theme button ends it on the left; the previous photo is
    # to the right, the next to the left, the details panel on the left edge; back points right
    assert where["brand"]["left"] > where["width"] / 2 > where["theme"]["right"], where
    assert where["prev"]["left"] > where["next"]["right"], where
    assert where["info"]["left"] == 0, where
    assert where["backIcon"].startswith("matrix(-1"), where

    # and the keys follow the reading order: ← is the next photo, → the previous
    viewer.get_by_role("button", name=words["viewer.info"], exact=True).click()   # the details close
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{feed[1]['id']}") + "$"))
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{feed[0]['id']}") + "$"))
    assert page.errors == []


def test_arabic_swipes_to_the_right_for_the_next_photo(open_app, web_server):
    # setup
    context, page, shot = open_app("phone", "light", locale="ar-EG")
    feed = context.request.get(f"{web_server.base}/photos?order_by=latest&per_page=2").json()
    page.locator("[data-view=feed] .card .card-photo").first.click()
    viewer = page.locator(".viewer")
    expect(viewer).to_be_visible()
    box = viewer.locator(".v-stage").bounding_box()
    y = box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)

    def swipe(start, end):
        points = [start + (end - start) * step / 6 for step in range(7)]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0], "y": y}]})
        for x in points[1:]:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    # act + assert: towards the right goes on (the reading order), towards the left comes back
    swipe(box["x"] + box["width"] * 0.15, box["x"] + box["width"] * 0.85)
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{feed[1]['id']}") + "$"))
    swipe(box["x"] + box["width"] * 0.85, box["x"] + box["width"] * 0.15)
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{feed[0]['id']}") + "$"))
    assert page.errors == []


def test_the_language_chosen_in_profile_applies_at_once_and_follows_the_account(newcomer, open_app, web_server):
    # setup: a new person (the language they choose is theirs alone), in an English browser, on their profile
    base = web_server.base
    russian = catalogue("ru")
    context, page, shot = newcomer("phone", "light", "polyglot", path="/#/profile", locale="en-US")
    expect(page.locator("#language")).to_have_value("system")
    page.evaluate("window.__sameDocument = true")

    # act: Русский, chosen as a person does (the list has the focus)
    page.locator("#language").focus()
    page.locator("#language").select_option("ru")

    # assert: the app speaks Russian at once, in the same document, the setting keeping the focus
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator(".tabs [data-tab=feed] .tab-label")).to_have_text(russian["tabs.feed"])
    expect(page.locator("[data-view=profile] form h2")).to_have_text(russian["profile.edit"])
    expect(page.locator("#language")).to_have_value("ru")
    expect(page.locator("#language")).to_be_focused()
    assert page.evaluate("window.__sameDocument") is True
    assert context.request.get(f"{base}/me").json()["language"] == "ru"
    settings = context.request.get(f"{base}/account/settings", headers={"Accept-Language": "en"}).text()
    assert '<html lang="ru" dir="ltr">' in settings
    shot("chosen")

    # and another browser, English too, speaks Russian once they sign in there
    _, other, other_shot = open_app("desktop", "light", signed_in=False, path="/#/login", locale="en-US")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    other.locator("#auth-login").fill("polyglot")
    other.locator("#auth-password").fill(NEWCOMER_PASSWORD)
    other.locator("#auth-password").press("Enter")
    expect(other.locator("html")).to_have_attribute("lang", "ru")
    expect(other.locator(".tabs [data-tab=feed] .tab-label")).to_have_text(russian["tabs.feed"])
    expect(other.locator("[data-view=feed] .card").first).to_be_visible()
    other_shot("signed-in-elsewhere")

    # back to the browser's language
    page.locator("#language").select_option("system")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".tabs [data-tab=feed] .tab-label")).to_have_text("Feed")
    assert "language" not in context.request.get(f"{base}/me").json()
    assert page.errors == [] and other.errors == []
