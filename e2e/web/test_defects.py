"""Issue 19's defects in the web app, each as the person met it: the viewer's details panel (its text, and the
buttons it must leave usable), a failed session check, liking and signing in, the search field on a phone, the
page's title, names of imported people, the lit tab, the width of a person's page, an album that fails to load, and
the server's own pages (sign-in, consent) with the app's look and an icon for the tab."""

import re
import tempfile

import pytest
from playwright.sync_api import expect

from axe_playwright_python.sync_playwright import Axe

from conftest import open_first_photo


def test_the_details_panel_writes_nothing_for_the_parts_a_photo_lacks(open_app, web_server):
    # setup: a photo whose alt text is its description, so the panel has no second line and no notice
    context, page, shot = open_app("desktop", "light")
    viewer, photo_id = open_first_photo(page)
    photo = context.request.get(f"{web_server.base}/photos/{photo_id}").json()
    assert photo["alt_description"] == photo["description"].lower(), photo

    # act
    viewer.get_by_role("button", name="Info").click()

    # assert: the title, then straight to the facts; never a "null"
    details = viewer.get_by_role("complementary", name="Photo details")
    expect(details.get_by_role("heading", name=photo["description"])).to_be_visible()
    expect(details).to_contain_text("Photographer")
    expect(details).not_to_contain_text("null")
    assert page.errors == []


@pytest.mark.parametrize("device", ["ipad", "ipad-landscape", "phone-landscape", "desktop"])
def test_the_viewers_buttons_stay_usable_while_the_details_are_open(open_app, device):
    # setup: the details open beside (or under) the photo
    context, page, shot = open_app(device, "dark")
    viewer, photo_id = open_first_photo(page)
    viewer.get_by_role("button", name="Info").click()
    details = viewer.get_by_role("complementary", name="Photo details")
    expect(details).to_be_visible()
    shot("details-open")

    # act + assert: each button takes a real click (Playwright checks that nothing covers it) and does its work,
    # the details staying open
    like = viewer.get_by_role("button", name="Like")
    like.click()
    unlike = viewer.get_by_role("button", name="Unlike")
    expect(unlike).to_have_attribute("aria-pressed", "true")
    unlike.click()
    expect(viewer.get_by_role("button", name="Like")).to_have_attribute("aria-pressed", "false")
    viewer.get_by_role("button", name="Zoom in").click()
    expect(viewer).to_have_attribute("data-scale", "2.50")
    viewer.get_by_role("button", name="Zoom out").click()
    expect(viewer).to_have_attribute("data-scale", "1.00")
    viewer.get_by_role("button", name="Share").click()
    expect(page.locator("#toast")).to_contain_text(re.compile("Link copied|Copy this link"))
    viewer.get_by_role("button", name="Download").click()
    expect(viewer.get_by_role("menu", name="Download")).to_be_visible()
    page.keyboard.press("Escape")
    expect(viewer.get_by_role("menu", name="Download")).to_be_hidden()
    expect(details).to_be_visible()
    viewer.get_by_role("button", name="Info").click()
    expect(details).to_be_hidden()
    assert page.errors == []


@pytest.mark.parametrize("failure", ["server-error", "no-answer"])
def test_a_failed_session_check_keeps_a_signed_in_person_and_offers_to_try_again(open_app, web_server, failure):
    # setup: signed in, but the check of who they are fails (a 500, or no answer at all)
    context, page, shot = open_app("phone", "light", path=None, service_workers="block")
    if failure == "server-error":
        page.route("**/me", lambda route: route.fulfill(status=500, json={"errors": ["Internal server error"]}))
    else:
        page.route("**/me", lambda route: route.abort("connectionrefused"))

    # act
    page.goto(f"{web_server.base}/#/profile")

    # assert: no sign-in screen, but the problem and a way to try again
    problem = page.get_by_role("alert").filter(has_text="Could not check that you’re signed in")
    expect(problem).to_be_visible()
    expect(page).to_have_url(re.compile("#/profile$"))
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_have_count(0)
    shot("session-check-failed")

    # act: the server answers again
    page.unroute("**/me")
    problem.get_by_role("button", name="Try again").click()

    # assert: their profile
    expect(page.locator("[data-view=profile]").get_by_role("heading", name="Wanda Walker")).to_be_visible()
    assert page.errors == []


def test_liking_while_signed_out_returns_to_the_photo_after_signing_in(open_app, web_server):
    # setup: a visitor at the app's address, with no route in it
    context, page, shot = open_app("phone", "light", signed_in=False, path="/")
    card = page.locator(".card").first
    expect(card).to_be_visible()
    photo_id = card.get_attribute("data-photo-id")

    # act: like, then sign in
    card.get_by_role("button", name="Like").click()
    expect(page).to_have_url(re.compile(re.escape(f"#/signin?next=%2Fphoto%2F{photo_id}") + "$"))
    page.get_by_role("link", name="Sign in", exact=True).click()
    page.get_by_label("Email or username").fill(web_server.username)
    page.get_by_label("Password").fill(web_server.password)
    page.get_by_role("button", name="Sign in").click()

    # assert: back at that photo, which can now be liked
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{photo_id}") + "$"))
    viewer = page.get_by_role("dialog", name="Photo viewer")
    expect(viewer).to_be_visible()
    expect(viewer.locator(".like")).to_be_visible()
    assert page.errors == []


def test_a_network_failure_on_sign_in_keeps_the_form_and_the_email(open_app, web_server):
    # setup
    context, page, shot = open_app("desktop", "light", signed_in=False, path="/#/login")
    page.route("**/account/login", lambda route: route.abort("connectionrefused"))

    # act
    page.get_by_label("Email or username").fill(web_server.email)
    page.get_by_label("Password").fill(web_server.password)
    page.get_by_role("button", name="Sign in").click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("did not answer")
    alert.get_by_role("button", name="OK").click()

    # assert: still on the form, with the email typed
    expect(alert).to_have_count(0)
    expect(page).to_have_url(re.compile("#/login$"))
    expect(page.get_by_label("Email or username")).to_have_value(web_server.email)

    # and once the server answers, the same form signs in
    page.unroute("**/account/login")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".tabs").get_by_role("link", name="Profile")).to_be_visible()
    expect(page).to_have_url(re.compile("#/feed$"))
    assert page.errors == []


TEXT_FITS = """(input) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
}"""


def test_the_search_placeholder_fits_a_phone(open_app):
    # setup
    context, page, shot = open_app("phone", "light", path="/#/search?query=paris")
    field = page.locator("#search-field")
    expect(field).to_be_visible()

    # act + assert: for photos, people and albums
    for kind in ("Photos", "People", "Albums"):
        page.get_by_role("navigation", name="Search for").get_by_role("link", name=kind).click()
        expect(field).to_have_attribute("placeholder", re.compile("."))
        assert field.evaluate(TEXT_FITS), f"{kind}: “{field.get_attribute('placeholder')}” is cut"
    shot("search-field")
    assert page.errors == []


def test_the_page_title_names_the_open_photo(open_app):
    # setup
    context, page, shot = open_app("desktop", "light")
    expect(page).to_have_title("Feed · ImageFeed")

    # act
    viewer, photo_id = open_first_photo(page)

    # assert: the photo's name while it is open, the screen's once it is closed
    description = page.evaluate(f"fetch('/photos/{photo_id}').then((r) => r.json()).then((p) => p.description)")
    expect(page).to_have_title(f"{description} · ImageFeed")
    viewer.get_by_role("button", name="Next photo").click()
    expect(page).not_to_have_title(f"{description} · ImageFeed")
    expect(page).to_have_title(re.compile(r".+ · ImageFeed$"))
    viewer.get_by_role("button", name="Back").click()
    expect(page).to_have_title("Feed · ImageFeed")
    assert page.errors == []


def test_a_person_imported_without_a_name_is_named_in_words(open_app, web_server):
    # setup: an import names its owner after the folder, underscores and all
    with tempfile.TemporaryDirectory() as empty:
        web_server.cli.run("import", empty, "--user", "Extra_Photos")
    context, page, shot = open_app("desktop", "light", path="/#/user/Extra_Photos")

    # assert: their page and the people found by search say "Extra Photos"; the @username stays as it is
    names = page.locator("[data-view=user] .person-names")
    expect(names.get_by_role("heading", name="Extra Photos", exact=True)).to_be_visible()
    expect(names).to_contain_text("@Extra_Photos")
    page.goto(f"{web_server.base}/#/search?query=Extra&type=users")
    expect(page.locator(".person-item strong")).to_have_text(["Extra Photos"])
    assert page.errors == []


def test_no_tab_is_lit_on_a_persons_page_or_an_album(open_app, web_server):
    # setup: on the Search tab
    context, page, shot = open_app("desktop", "light", path="/#/search?query=paris")
    lit = page.locator(".tabs a[aria-current=page]")
    expect(lit).to_have_attribute("data-tab", "search")
    album = context.request.get(f"{web_server.base}/users/mate/collections").json()[0]

    # act + assert: a person's page, then one of their albums
    page.goto(f"{web_server.base}/#/user/mate")
    expect(page.locator("[data-view=user]").get_by_role("heading", name="Mate")).to_be_visible()
    expect(lit).to_have_count(0)
    page.locator("[data-view=user]").get_by_role("link", name=re.compile(re.escape(album["title"]))).click()
    expect(page.locator("[data-view=collections]").get_by_role("heading", name=album["title"])).to_be_visible()
    expect(lit).to_have_count(0)

    # a tab's own screen lights it again
    page.locator(".tabs").get_by_role("link", name="Search").click()
    expect(lit).to_have_attribute("data-tab", "search")
    assert page.errors == []


def test_a_persons_page_is_laid_out_like_their_albums_on_an_ipad_in_landscape(open_app, web_server):
    # setup
    context, page, shot = open_app("ipad-landscape", "light", path="/#/user/mate")
    person = page.locator("[data-view=user]")
    expect(person.get_by_role("heading", name="Mate")).to_be_visible()
    person_box = person.bounding_box()
    shot("person")

    # act
    person.locator("a.album").first.click()
    album = page.locator("[data-view=collections]")
    expect(album.locator("h1")).to_be_visible()
    shot("album")

    # assert: the same column, centred
    album_box = album.bounding_box()
    assert (person_box["x"], person_box["width"]) == (album_box["x"], album_box["width"]), (person_box, album_box)
    assert person_box["x"] > 0
    assert page.errors == []


def test_an_album_that_fails_to_load_offers_to_try_again(open_app, web_server):
    # setup: the album's own request fails once
    context, page, shot = open_app("phone", "light", path=None, service_workers="block")
    album = context.request.get(f"{web_server.base}/users/mate/collections").json()[0]
    own = re.compile(re.escape(f"/collections/{album['id']}") + "$")
    page.route(own, lambda route: route.fulfill(status=500, json={"errors": ["Internal server error"]}))

    # act
    page.goto(f"{web_server.base}/#/collections/{album['id']}")

    # assert: what went wrong and a way to try again, which works once the server answers
    section = page.locator("[data-view=collections]")
    expect(section.get_by_role("heading", name="Could not load this page")).to_be_visible()
    page.unroute(own)
    section.get_by_role("button", name="Try again").click()
    expect(section.get_by_role("heading", name=album["title"])).to_be_visible()
    assert page.errors == []


LOOK = """(selector) => {
    const look = (node) => {
        const style = getComputedStyle(node);
        return {background: style.backgroundColor, color: style.color, radius: style.borderTopLeftRadius,
                font: style.fontFamily};
    };
    return {page: look(document.body), button: look(document.querySelector(selector))};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_servers_sign_in_and_consent_pages_look_like_the_app(open_app, web_server, scheme):
    # setup: the app's own sign-in form, and an app asking for access
    context, page, shot = open_app("desktop", scheme, signed_in=False, path="/#/login")
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    app = page.evaluate(LOOK, "form button.primary")
    key = web_server.cli.create_app(f"Wallpapers ({scheme})", "urn:ietf:wg:oauth:2.0:oob").access_key

    # act: signing in on the server's page on the way to the consent page, as an app's sign-in sends people
    page.goto(f"{web_server.base}/oauth/authorize?client_id={key}&redirect_uri=urn:ietf:wg:oauth:2.0:oob"
              "&response_type=code&scope=public+write_likes")
    expect(page).to_have_title("Sign in · ImageFeed")
    sign_in = page.evaluate(LOOK, "form button[type=submit]")
    shot(f"server-sign-in-{scheme}")
    audits = {"sign-in": Axe().run(page, options={"resultTypes": ["violations"]}).response}
    page.get_by_label("Email or username").fill(web_server.username)
    page.get_by_label("Password").fill(web_server.password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name=re.compile("Authorise"))).to_contain_text(f"Wallpapers ({scheme})")
    consent = page.evaluate(LOOK, "button[value=allow]")
    shot(f"server-consent-{scheme}")
    audits["consent"] = Axe().run(page, options={"resultTypes": ["violations"]}).response

    # assert: the app's colours, type and round buttons; what the app asks, in words; no serious axe finding
    assert sign_in == app and consent == app, (app, sign_in, consent)
    expect(page.locator("ul.asks li")).to_have_text(["See your public photos, albums and profile",
                                                     "Like and unlike photos for you"])
    for name, results in audits.items():
        serious = [found["id"] for found in results["violations"] if found["impact"] in ("serious", "critical")]
        assert serious == [], (name, serious)
    page.get_by_role("button", name="Authorise").click()
    expect(page.locator("#code")).to_have_text(re.compile(r"\S{20,}"))


def test_the_tab_has_an_icon_on_every_page(open_app, web_server):
    # setup
    context, page, shot = open_app("desktop", "light", signed_in=False, path="/account/login")

    # act: what a browser asks for on its own, and what the pages name
    default = context.request.get(f"{web_server.base}/favicon.ico")
    named = page.evaluate("[...document.querySelectorAll('link[rel=icon]')].map((link) => link.href)")
    page.goto(f"{web_server.base}/")
    named += page.evaluate("[...document.querySelectorAll('link[rel=icon]')].map((link) => link.href)")

    # assert: an ICO (its header, then 16, 32 and 48 pixel images) and each icon a page names is there
    assert default.status == 200 and default.headers["content-type"] == "image/x-icon"
    body = default.body()
    assert body[:4] == b"\x00\x00\x01\x00" and sorted(body[6 + 16 * n] for n in range(body[4])) == [16, 32, 48]
    assert named and all(context.request.get(href).status == 200 for href in named), named
