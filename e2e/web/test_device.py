"""The device question (issue 19): before the first search or download the app asks, once, which device this is,
as wallpaper apps do, and remembers the answer — in the browser, and in the profile of someone signed in — so the
download menu offers a copy cut for that screen."""

import re

from playwright.sync_api import expect

from conftest import fresh_name

# Where to open is answered already; the device question is not.
NO_DEVICE_YET = {"imagefeed.open-on": "feed"}
PASSWORD = "device-day-7!"


def choose_device(page, device_id):
    """Answers the device question with the device `device_id` → the question, gone."""
    question = page.get_by_role("alertdialog", name="Which device is this?")
    expect(question).to_be_visible()
    question.get_by_label("Device").select_option(device_id)
    question.get_by_role("button", name="Save").click()
    expect(question).to_have_count(0)
    return question


def test_the_first_download_asks_for_the_device_once(open_app, web_server):
    # setup: a visitor in the viewer
    context, page, shot = open_app("phone", "light", signed_in=False, answered=NO_DEVICE_YET)
    page.locator(".card").first.locator(".card-photo").click()
    viewer = page.get_by_role("dialog", name="Photo viewer")
    download = viewer.get_by_role("button", name="Download")

    # act: the first download asks
    download.click()
    shot("device-question")
    question = choose_device(page, "iphone-16")

    # assert: the menu offers a copy for it, and gets it
    menu = viewer.get_by_role("menu", name="Download")
    item = menu.get_by_role("menuitem", name=re.compile("For my iPhone 16"))
    expect(item).to_contain_text("1179 × 2556")
    with page.expect_response(re.compile(r"/download\?device=iphone-16")) as answer:
        item.click()
    assert answer.value.ok

    # after a restart it is remembered: no question
    page.reload()
    viewer.get_by_role("button", name="Download").click()
    expect(menu.get_by_role("menuitem", name=re.compile("For my iPhone 16"))).to_be_visible()
    expect(question).to_have_count(0)
    assert page.errors == []


def test_the_first_search_asks_for_the_device_and_the_profile_keeps_it(open_app, web_server):
    # setup: a new person (so the shared account keeps no device), on the Search tab
    context, page, shot = open_app("desktop", "dark", signed_in=False, path=None, answered=NO_DEVICE_YET)
    username = fresh_name("dana_device")
    answer = context.request.post(f"{web_server.base}/account/signup",
                                  headers={"Origin": web_server.base, "Accept": "application/json"},
                                  data={"username": username, "email": f"{username}@example.com", "password": PASSWORD,
                                        "first_name": "Dana", "last_name": "Device"})
    assert answer.status in (200, 201), answer.text()
    page.goto(f"{web_server.base}/#/search?type=users")
    page.locator("#launch").wait_for(state="detached")
    field = page.get_by_role("searchbox")

    # act: the first search
    field.fill("mate")
    field.press("Enter")
    question = choose_device(page, "ipad-air-11-m2")

    # assert: the search ran, and the profile has the device
    expect(page.locator(".person-item").first).to_contain_text("Mate")
    expect(page).to_have_url(re.compile(r"query=mate"))
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    expect(page.get_by_label("My device (for wallpaper downloads)")).to_have_value("ipad-air-11-m2")
    assert context.request.get(f"{web_server.base}/me").json()["device"]["id"] == "ipad-air-11-m2"

    # the next search does not ask again
    page.locator(".tabs").get_by_role("link", name="Search").click()
    field.fill("walker")
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"query=walker"))
    expect(page.locator(".person-item").first).to_contain_text("Wanda Walker")
    expect(question).to_have_count(0)
    assert page.errors == []
