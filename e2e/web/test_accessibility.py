"""Accessibility (issue 19): every screen, sheet and dialog of the app passes an axe-core audit
(axe-playwright-python) with no serious or critical violation, on a phone and on a desktop, in the light and the dark
theme; the new controls are reached with the keyboard, show where the focus is, and give it back when closed."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import fresh_name, open_first_photo, settle, unique_jpeg, upload_photo

AXE = Axe()
SERIOUS = {"serious", "critical"}


class Audit:
    """Runs axe on each screen shown and keeps what it found."""

    def __init__(self, page, shot):
        self.page, self.shot, self.found, self.screens = page, shot, {}, []

    def __call__(self, screen):
        settle(self.page)   # transitions ended, the last answers drawn
        results = AXE.run(self.page, options={"resultTypes": ["violations"]}).response
        self.screens.append(screen)
        bad = [violation for violation in results["violations"] if violation["impact"] in SERIOUS]
        if bad:
            self.shot(f"a11y-{screen}")
            self.found[screen] = [(violation["id"], violation["impact"], violation["help"],
                                   [node["target"] for node in violation["nodes"]][:5]) for violation in bad]


def expect_visible_focus(locator):
    """`locator` has the focus and draws a ring around itself (the stylesheet's :focus-visible outline)."""
    expect(locator).to_be_focused()
    ring = locator.evaluate("""(node) => {
        const style = getComputedStyle(node);
        return {style: style.outlineStyle, width: parseFloat(style.outlineWidth)};
    }""")
    assert ring["style"] != "none" and ring["width"] >= 2, ring


def tab_to(page, locator, limit=40):
    """Presses Tab until `locator` has the focus (within `limit` presses)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if locator.evaluate("(node) => node === document.activeElement"):
            return
    raise AssertionError(f"{locator} was not reached with Tab")


@pytest.mark.parametrize("device,scheme", [("phone", "light"), ("desktop", "dark")])
def test_every_screen_passes_an_axe_audit_and_works_with_the_keyboard(newcomer, open_app, web_server, device, scheme):
    # setup: a person with a photo and an album of their own
    username = fresh_name(f"auditor_{device}")
    context, page, shot = newcomer(device, scheme, username)
    mine = upload_photo(context, web_server.base, username, tags="audit")
    album = context.request.post(f"{web_server.base}/collections", headers={"Origin": web_server.base},
                                 data={"title": "Audited album", "description": "For the audit."}).json()
    context.request.post(f"{web_server.base}/collections/{album['id']}/add", headers={"Origin": web_server.base},
                         data={"photo_id": mine["id"]})
    page.reload()
    audit = Audit(page, shot)
    base = web_server.base

    # the screens
    expect(page.locator("[data-view=feed] .card").first).to_be_visible()
    audit("feed")
    topics = context.request.get(f"{base}/topics").json()
    screens = [  # (name, address, what shows once it is drawn)
        ("following", "#/following", "[data-view=following] .empty"),
        ("topic", f"#/t/{topics[0]['slug'] if topics else 'no-such-topic'}",
         "[data-view=topic] h1, [data-view=topic] .empty h2"),
        ("search-photos", "#/search?query=paris", "[data-view=search] .cell-wrap"),
        ("search-people", "#/search?query=walker&type=users", "[data-view=search] .person-item"),
        ("search-albums", "#/search?query=audited&type=collections", "[data-view=search] a.album"),
        ("favourites", "#/favourites", "[data-view=favourites] .empty"),
        ("profile", "#/profile", "[data-view=profile] form"),
        ("own-page", f"#/user/{username}", "[data-view=user] a.album"),
        ("persons-page", "#/user/mate", "[data-view=user] a.album"),
        ("album", f"#/collections/{album['id']}", "[data-view=collections] .cell-wrap"),
    ]
    for name, address, drawn in screens:
        page.goto(f"{base}/{address}")
        expect(page.locator(drawn).first).to_be_visible()
        audit(name)

    # the sheets and dialogs
    page.locator("[data-view=collections]").get_by_role("button", name="Edit album").click()
    expect(page.get_by_role("dialog", name="Edit album")).to_be_visible()
    audit("album-editor")
    page.keyboard.press("Escape")
    page.goto(f"{base}/#/feed")
    viewer, photo_id = open_first_photo(page)
    assert photo_id == mine["id"]
    audit("viewer")
    viewer.get_by_role("button", name="Info").click()
    expect(viewer.get_by_role("button", name="Edit details")).to_be_visible()
    audit("viewer-details")
    viewer.get_by_role("button", name="Edit details").click()
    expect(page.get_by_role("dialog", name="Edit photo").get_by_label("Description")).to_be_visible()
    audit("photo-editor")
    page.keyboard.press("Escape")
    viewer.get_by_role("button", name="Delete photo").click()
    expect(page.get_by_role("alertdialog", name="Delete this photo?")).to_be_visible()
    audit("delete-question")
    page.get_by_role("alertdialog").get_by_role("button", name="Cancel").click()
    viewer.get_by_role("button", name="Close details").click()
    viewer.get_by_role("button", name="Download").click()
    expect(viewer.get_by_role("menu", name="Download")).to_be_visible()
    audit("download-menu")
    page.keyboard.press("Escape")
    viewer.get_by_role("button", name="Add to album").click()
    sheet = page.get_by_role("dialog", name="Add to album")
    expect(sheet.get_by_role("button", name=re.compile("Audited album"))).to_have_attribute("aria-pressed", "true")
    audit("collect-sheet")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    page.get_by_role("button", name="Upload", exact=True).click()
    upload = page.get_by_role("dialog", name="Upload photos")
    upload.locator("input[type=file]").set_input_files([
        {"name": "audit.jpg", "mimeType": "image/jpeg", "buffer": unique_jpeg(6, username)},
        {"name": "audit.txt.jpg", "mimeType": "image/jpeg", "buffer": b"not a photo"}])
    expect(upload.locator(".upload-row.uploaded")).to_have_count(1, timeout=30000)
    expect(upload.locator(".upload-row.failed")).to_have_count(1)
    audit("upload-sheet")
    page.keyboard.press("Escape")

    # the screens for someone signed out
    _, visitor, visitor_shot = open_app(device, scheme, signed_in=False, path="/#/signin")
    signed_out = Audit(visitor, visitor_shot)
    for screen in ("signin", "login", "signup"):
        visitor.goto(f"{base}/#/{screen}")
        expect(visitor.locator("[data-view=auth] h1")).to_be_visible()
        signed_out(screen)

    # assert: no serious or critical violation anywhere
    assert {**audit.found, **signed_out.found} == {}
    assert len(audit.screens) + len(signed_out.screens) == 22

    # and the new controls work from the keyboard: the Upload button is reached with Tab and shows its focus;
    # Enter opens the sheet with the focus in it, Escape closes it and gives the focus back
    page.goto(f"{base}/#/feed")
    page.reload()
    expect(page.locator("[data-view=feed] .card").first).to_be_visible()
    upload_button = page.get_by_role("button", name="Upload", exact=True)
    tab_to(page, upload_button)
    expect_visible_focus(upload_button)
    shot("upload-button-focused")
    page.keyboard.press("Enter")
    expect_visible_focus(upload.get_by_role("button", name="Choose photos"))
    page.keyboard.press("Tab")
    expect_visible_focus(upload.get_by_role("button", name="Done"))
    page.keyboard.press("Escape")
    expect(upload).to_have_count(0)
    expect(upload_button).to_be_focused()
    # in the viewer: "Add to album" by Tab, its albums switched with the keyboard
    viewer, photo_id = open_first_photo(page)
    collect_button = viewer.get_by_role("button", name="Add to album")
    tab_to(page, collect_button, limit=12)
    expect_visible_focus(collect_button)
    page.keyboard.press("Enter")
    switch = sheet.get_by_role("button", name=re.compile("Audited album"))
    expect(switch).to_have_attribute("aria-pressed", "false")   # the photo uploaded in the sheet leads the feed now
    tab_to(page, switch, limit=6)
    expect_visible_focus(switch)
    page.keyboard.press("Space")
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(collect_button).to_be_focused()
    assert page.errors == [] and visitor.errors == []
