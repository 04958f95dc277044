"""Sign up → feed → like/unlike (with a failed like and its retry) → viewer → profile → log out."""

import itertools
import re

import pytest
from playwright.sync_api import expect

VARIANTS = [("phone", "light"), ("phone", "dark"), ("desktop", "light"), ("desktop", "dark")]
_counter = itertools.count()

SHARE_STUB = """
window.__shared = [];
if (!window.__noShare) {
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => { window.__shared.push(data); } });
}
"""


def fail_first_like(page):
    """Makes the next like request fail at the network level, then lets the retry through."""
    state = {"failed": False}

    def handler(route):
        if route.request.method == "POST" and not state["failed"]:
            state["failed"] = True
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route(re.compile(r".*/photos/[^/]+/like$"), handler)
    return state


@pytest.mark.parametrize("device,scheme", VARIANTS)
def test_sign_up_like_view_edit_profile_and_log_out(open_app, web_server, device, scheme):
    # setup
    context, page, shot = open_app(device, scheme, signed_in=False, path=None)
    context.add_init_script(SHARE_STUB)
    held = []
    # The launch screen shows until the first page is in. The server inlines that page for visitors, so serve
    # index.html without it and hold the request the page then makes, to see the launch screen.
    inlined = re.compile(r'<script id="first-page" type="application/json">.*?</script>', re.S)

    def index_without_first_page(route):
        original = route.fetch()
        route.fulfill(response=original, body=inlined.sub("<!--first-page-->", original.text()))

    page.route(re.compile(re.escape(web_server.base) + r"/(\?.*)?$"), index_without_first_page)
    first_page = re.compile(r".*/photos\?order_by=latest&per_page=20$")
    page.route(first_page, lambda route: held.append(route))  # hold the first page so the launch screen stays up
    page.goto(web_server.base + "/")
    expect(page.locator("#launch")).to_be_visible()
    expect(page.locator("#launch")).to_contain_text("ImageFeed")
    shot("launch")
    page.wait_for_function("true")
    for route in held:
        route.continue_()
    page.unroute(first_page)
    page.locator("#launch").wait_for(state="detached")
    expect(page.locator(".card").first).to_be_visible()
    shot("feed-signed-out")

    # act: a signed-out like leads to the sign-in screen
    page.locator(".card .like").first.click()
    expect(page.get_by_role("heading", name="ImageFeed")).to_be_visible()
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    shot("sign-in-screen")

    # sign-up validates inline
    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("First name").fill("Sam")
    page.get_by_label("Last name").fill("Sample")
    page.get_by_label("Username").fill("x")
    page.get_by_label("Email").fill("not-an-email")
    page.get_by_label("Password").fill("short")
    page.get_by_role("button", name="Create account").click()
    expect(page.locator("#auth-username-error")).to_contain_text("3 to 30")
    expect(page.locator("#auth-email-error")).to_contain_text("email address")
    expect(page.locator("#auth-password-error")).to_contain_text("8 characters")
    shot("sign-up-errors")
    number = next(_counter)
    page.get_by_label("Username").fill(f"sam_{device}_{scheme}_{number}")
    page.get_by_label("Email").fill(f"sam.{device}.{scheme}.{number}@example.com")
    page.get_by_label("Password").fill("sunny-day-42!")
    expect(page.locator("#auth-password-error")).to_be_empty()
    page.get_by_role("button", name="Create account").click()

    # signed up, back at the photo they wanted to like, in the viewer over the feed
    viewer = page.get_by_role("dialog", name="Photo viewer")
    expect(viewer).to_be_visible()
    viewer.get_by_role("button", name="Back").click()
    expect(viewer).to_be_hidden()

    # like fails once, is retried, then unliked
    card = page.locator(".card").first
    expect(card).to_be_visible()
    like = card.locator(".like")
    expect(like).to_have_attribute("aria-pressed", "false")
    state = fail_first_like(page)
    like.click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Could not like this photo")
    shot("like-failed-alert")
    alert.get_by_role("button", name="Try again").click()
    expect(like).to_have_attribute("aria-pressed", "true")
    assert state["failed"]
    shot("feed-liked")
    like.click()
    expect(like).to_have_attribute("aria-pressed", "false")
    like.click()
    expect(like).to_have_attribute("aria-pressed", "true")

    # viewer: zoom, next/previous, share, download, info
    page.evaluate("window.scrollTo(0, 60)")
    first_id = card.get_attribute("data-photo-id")
    photo_box = card.locator(".card-photo").bounding_box()
    page.mouse.click(photo_box["x"] + photo_box["width"] / 2, photo_box["y"] + photo_box["height"] / 2)
    viewer = page.get_by_role("dialog", name="Photo viewer")
    expect(viewer).to_be_visible()
    scroll_before = page.evaluate("window.scrollY")
    assert scroll_before > 0
    assert page.url.endswith(f"#/photo/{first_id}")
    expect(viewer.locator(".v-frame")).to_have_class(re.compile("loaded"))
    shot("viewer")
    stage = viewer.locator(".v-stage")
    box = stage.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -400)
    expect(viewer).to_have_attribute("data-scale", re.compile(r"^(?!1\.00)"))
    assert float(viewer.get_attribute("data-scale")) > 1.5
    page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(viewer).to_have_attribute("data-scale", "1.00")
    page.mouse.dblclick(box["x"] + box["width"] / 3, box["y"] + box["height"] / 2)
    expect(viewer).to_have_attribute("data-scale", "2.50")
    shot("viewer-zoomed")
    page.mouse.dblclick(box["x"] + box["width"] / 3, box["y"] + box["height"] / 2)
    expect(viewer).to_have_attribute("data-scale", "1.00")
    page.keyboard.press("ArrowRight")
    expect(page).not_to_have_url(re.compile(f"{re.escape(first_id)}$"))
    second_url = page.url
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(f"{re.escape(first_id)}$"))
    # swipe left with a pointer drag → next photo
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] * 0.8, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.5, y, steps=5)
    page.mouse.move(box["x"] + box["width"] * 0.2, y, steps=5)
    page.mouse.up()
    expect(page).to_have_url(second_url)
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(f"{re.escape(first_id)}$"))

    viewer.get_by_role("button", name="Share").click()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url").endswith(f"/p/{first_id}")

    viewer.get_by_role("button", name="Download").click()
    original = viewer.get_by_role("menuitem", name=re.compile("Original"))
    expect(original).to_have_attribute("href", re.compile(rf"/img/{re.escape(first_id)}\?dl=1$"))
    expect(viewer.get_by_role("menuitem", name=re.compile("For my device"))).to_contain_text("Choose your device")
    shot("viewer-download-menu")
    page.keyboard.press("Escape")
    expect(viewer.get_by_role("menu")).to_be_hidden()

    viewer.get_by_role("button", name="Info").click()
    info = viewer.get_by_role("complementary", name="Photo details")
    expect(info).to_contain_text("Resolution")
    expect(info).to_contain_text("File size")
    expect(info).to_contain_text("Photographer")
    shot("viewer-info")
    viewer.get_by_role("button", name="Close details").click()

    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    assert abs(page.evaluate("window.scrollY") - scroll_before) < 2
    assert page.url.endswith("#/feed") or page.url.endswith("/")

    # profile: edit names, choose a device
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    expect(page.get_by_role("heading", name="Sam Sample")).to_be_visible()
    shot("profile")
    page.get_by_label("First name").fill("Samantha")
    page.get_by_label("Last name").fill("Sampleton")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#toast")).to_have_text("Profile saved")
    expect(page.get_by_role("heading", name="Samantha Sampleton")).to_be_visible()
    page.get_by_label("My device (for wallpaper downloads)").select_option("iphone-16")
    expect(page.locator("#toast")).to_have_text("Device saved")

    # stays signed in across a restart, device remembered by the server
    page.reload()
    expect(page.get_by_role("heading", name="Samantha Sampleton")).to_be_visible()
    expect(page.get_by_label("My device (for wallpaper downloads)")).to_have_value("iphone-16")

    page.goto(f"{web_server.base}/#/photo/{first_id}")
    viewer.get_by_role("button", name="Download").click()
    device_item = viewer.get_by_role("menuitem", name=re.compile("For my iPhone 16"))
    with page.expect_response(re.compile(r"/download\?device=iphone-16")) as answer:
        device_item.click()
    assert answer.value.ok
    assert "w=1179&h=2556" in answer.value.json()["url"]
    page.keyboard.press("Escape")

    # log out: No stays, Yes goes to the sign-in screen
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    page.get_by_role("button", name="Log out").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Log out?")
    shot("log-out-confirm")
    dialog.get_by_role("button", name="No").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("heading", name="Samantha Sampleton")).to_be_visible()
    page.get_by_role("button", name="Log out").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Yes").click()
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    assert "#/signin" in page.url
    page.get_by_role("link", name="Not now — browse photos").click()
    page.reload()
    page.locator(".tabs").get_by_role("link", name="Favourites").click()
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    assert page.errors == []


@pytest.mark.parametrize("device,scheme", [("phone", "dark"), ("desktop", "light")])
def test_sign_in_tells_wrong_credentials_from_network_failure(open_app, web_server, device, scheme):
    # setup
    context, page, shot = open_app(device, scheme, signed_in=False, path="/#/signin")

    # act: wrong password
    page.get_by_role("link", name="Sign in", exact=True).click()
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#auth-login-error")).to_contain_text("email or username")
    page.get_by_label("Email or username").fill(web_server.username)
    page.get_by_label("Password").fill("not-the-password-1!")
    page.get_by_role("button", name="Sign in").click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Incorrect email or password")
    shot("wrong-password")
    alert.get_by_role("button", name="OK").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.get_by_label("Password", exact=True)).to_be_focused()

    # network failure: the generic alert, whose OK leaves the person on the form with what they typed
    page.route("**/account/login", lambda route: route.abort("connectionrefused"))
    page.get_by_label("Password").fill(web_server.password)
    page.get_by_role("button", name="Sign in").click()
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Something went wrong — could not sign in")
    expect(alert).to_contain_text("did not answer")
    shot("sign-in-network-failure")
    alert.get_by_role("button", name="OK").click()
    expect(page).to_have_url(re.compile("#/login$"))
    expect(page.get_by_label("Email or username")).to_have_value(web_server.username)

    # then it works, landing where the person was going
    page.unroute("**/account/login")
    page.goto(web_server.base + "/#/signin?next=%2Ffavourites")
    page.get_by_role("link", name="Sign in", exact=True).click()
    page.get_by_label("Email or username").fill(web_server.email)
    page.get_by_label("Password").fill(web_server.password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Favourites", exact=True)).to_be_visible()
    assert page.errors == []
