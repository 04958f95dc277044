"""Uploading from the browser (issue 19): the sheet opened from the feed's button, the profile's and a drop on the
page, a progress bar per file, the server's reason for each file it refused, HEIC taken, the new photos at the top of
the feed at once; then a photo's description, tags and place edited, and the photo deleted after a confirmation.
Each test uploads as a person of its own, whose photos are deleted afterwards (conftest's `newcomer`)."""

import base64
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import fresh_name, open_first_photo, unique_jpeg, upload_photo

FIXTURES = Path(__file__).resolve().parent / "fixtures"
# A text file given a photo's name, as a person picks by mistake.
NOT_A_PHOTO = {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"Shopping list: milk, eggs, film.\n"}
# Uploads this slow (bytes per second) take a moment on loopback, so their progress can be seen part way.
SLOW_UPLINK = 150_000


def jpeg(index, tag):
    return {"name": f"{tag}-{index}.jpg", "mimeType": "image/jpeg", "buffer": unique_jpeg(index, tag)}


def slow_uplink(context, page):
    """Throttles the page's uploads (Chromium's network emulation) to SLOW_UPLINK."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1,
                                                  "uploadThroughput": SLOW_UPLINK})
    return cdp


def refusal_of(context, base, file):
    """What the server says of `file` when it is uploaded through the API."""
    answer = context.request.post(f"{base}/photos", headers={"Origin": base, "Accept": "application/json"},
                                  multipart={"file": file})
    assert answer.status >= 400, answer.text()
    return answer.json()["errors"][0]


def photo_ids_of(context, base, username):
    return [photo["id"] for photo in context.request.get(f"{base}/users/{username}/photos?per_page=30").json()]


@pytest.mark.parametrize("device,scheme", [("phone", "light"), ("ipad", "dark"), ("desktop", "light")])
def test_three_photos_and_a_bad_file_uploaded_from_the_feed(newcomer, web_server, device, scheme):
    # setup: a person on the feed, on a slow uplink
    username = fresh_name(f"uploader_{device}")
    context, page, shot = newcomer(device, scheme, username, service_workers="block")
    reason = refusal_of(context, web_server.base, NOT_A_PHOTO)
    page.evaluate("window.__notReloaded = true")
    slow_uplink(context, page)
    page.get_by_role("button", name="Upload", exact=True).click()
    sheet = page.get_by_role("dialog", name="Upload photos")
    expect(sheet).to_be_visible()
    picker = sheet.locator("input[type=file]")
    assert picker.get_attribute("multiple") is not None
    assert {"image/*", ".heic"} <= set(picker.get_attribute("accept").split(","))
    shot("upload-sheet-empty")

    # act: three photos and a text file named like a photo
    picker.set_input_files([jpeg(0, username), jpeg(1, username), jpeg(2, username), NOT_A_PHOTO])

    # assert: a row and a progress bar for each file, seen part way while its bytes go out
    rows = sheet.locator(".upload-row")
    expect(rows).to_have_count(4)
    for name in [f"{username}-0.jpg", f"{username}-1.jpg", f"{username}-2.jpg", "notes.jpg"]:
        expect(sheet.get_by_role("progressbar", name=f"Uploading {name}")).to_have_count(1)
    page.wait_for_function("""() => [...document.querySelectorAll('.upload-row progress')]
        .some((bar) => bar.value > 0 && bar.value < 100)""", polling="raf", timeout=30000)
    shot("upload-sheet-uploading")
    expect(sheet.locator(".upload-row.uploaded")).to_have_count(3, timeout=60000)
    for row in sheet.locator(".upload-row.uploaded").all():
        expect(row.get_by_role("progressbar")).to_have_js_property("value", 100)
    refused = sheet.locator(".upload-row.failed")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("notes.jpg")
    expect(refused).to_contain_text(reason)
    expect(sheet.locator(".upload-summary")).to_have_text("3 uploaded. 1 not uploaded.")
    shot("upload-sheet")

    # the new photos are at the top of the feed at once, without reloading it
    uploaded = photo_ids_of(context, web_server.base, username)
    assert len(uploaded) == 3
    sheet.get_by_role("button", name="Done").click()
    expect(sheet).to_have_count(0)
    cards = page.locator("[data-view=feed] .card")
    expect(cards.nth(2)).to_be_visible()
    assert {cards.nth(index).get_attribute("data-photo-id") for index in range(3)} == set(uploaded)
    assert page.evaluate("window.__notReloaded") is True
    shot("feed-after-upload")
    assert page.errors == []


def test_photos_dropped_on_the_feed_are_uploaded(newcomer, web_server):
    # setup: a person on the feed of a desktop browser, and two photos dragged from their desktop
    username = fresh_name("dropper")
    context, page, shot = newcomer("desktop", "dark", username, service_workers="block")
    files = [[f"dropped-{index}.jpg", base64.b64encode(unique_jpeg(index + 3, username)).decode()] for index in range(2)]
    drag = """([type, files]) => {
        const transfer = new DataTransfer();
        for (const [name, data] of files) {
            const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
            transfer.items.add(new File([bytes], name, { type: 'image/jpeg' }));
        }
        const event = new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true });
        document.querySelector('[data-view=feed] .card').dispatchEvent(event);
        return event.defaultPrevented;
    }"""

    # act: dragged over the feed (the page says it can take them), then dropped
    assert page.evaluate(drag, ["dragover", files]) is True
    expect(page.locator("body.dropping")).to_have_count(1)
    shot("dragging")
    page.evaluate(drag, ["drop", files])

    # assert: the sheet uploads them, and they lead the feed
    sheet = page.get_by_role("dialog", name="Upload photos")
    expect(sheet.locator(".upload-row.uploaded")).to_have_count(2, timeout=30000)
    expect(page.locator("body.dropping")).to_have_count(0)
    uploaded = set(photo_ids_of(context, web_server.base, username))
    sheet.get_by_role("button", name="Close").click()
    cards = page.locator("[data-view=feed] .card")
    assert {cards.nth(index).get_attribute("data-photo-id") for index in range(2)} == uploaded
    assert page.errors == []


def test_a_heic_photo_is_uploaded_from_the_profile(newcomer, web_server):
    # setup: a person on their profile, with a photo as an iPhone saves it
    username = fresh_name("heic_person")
    context, page, shot = newcomer("phone", "dark", username, path="/#/profile")
    profile = page.locator("[data-view=profile]")

    # act
    profile.get_by_role("button", name="Upload photos").click()
    sheet = page.get_by_role("dialog", name="Upload photos")
    sheet.locator("input[type=file]").set_input_files([{
        "name": "IMG_0001.HEIC", "mimeType": "image/heic", "buffer": (FIXTURES / "fresh-flower.heic").read_bytes()}])

    # assert: taken, as a HEIF original
    expect(sheet.locator(".upload-row.uploaded")).to_have_count(1, timeout=30000)
    [photo_id] = photo_ids_of(context, web_server.base, username)
    photo = context.request.get(f"{web_server.base}/photos/{photo_id}").json()
    assert photo["original"]["format"] == "heif" and photo["width"] == 160, photo["original"]
    # the sheet's link opens it in the viewer, over the feed where it now leads
    sheet.get_by_role("link", name="View").click()
    expect(sheet).to_have_count(0)
    expect(page.get_by_role("dialog", name="Photo viewer")).to_be_visible()
    expect(page).to_have_url(re.compile(f"#/photo/{photo_id}$"))
    assert page.errors == []


def test_ones_own_photo_opened_by_its_link_offers_its_editor_whichever_answer_comes_first(newcomer, web_server):
    # setup: a person's photo, and the app's question "who is signed in?" held back until the photo is in
    username = fresh_name("photo_linker")
    context, page, shot = newcomer("desktop", "light", username, path=None, service_workers="block")
    mine = upload_photo(context, web_server.base, username)
    held = []
    page.route(re.compile(r"/me$"), lambda route: held.append(route))

    # act: the photo opened from its link and its details shown; then the session's answer comes
    with page.expect_request(re.compile(r"/me$")):
        with page.expect_response(re.compile(re.escape(f"/photos/{mine['id']}") + "$")):
            page.goto(f"{web_server.base}/#/photo/{mine['id']}")
    viewer = page.get_by_role("dialog", name="Photo viewer")
    viewer.get_by_role("button", name="Info").click()
    details = viewer.get_by_role("complementary", name="Photo details")
    expect(details.get_by_role("heading")).to_be_visible()
    for route in held:
        route.continue_()

    # assert: the owner can edit it (the details were not left drawn for a visitor)
    expect(details.get_by_role("button", name="Edit details")).to_be_visible()
    expect(details.get_by_role("button", name="Delete photo")).to_be_visible()
    assert page.errors == []


def test_signed_out_the_upload_button_asks_to_sign_in(open_app, web_server):
    # setup
    context, page, shot = open_app("phone", "light", signed_in=False)

    # act
    page.get_by_role("button", name="Upload", exact=True).click()

    # assert
    expect(page).to_have_url(re.compile(r"#/signin\?next=%2Ffeed$"))
    expect(page.get_by_role("dialog", name="Upload photos")).to_have_count(0)


def test_an_uploaded_photo_is_edited_and_deleted_from_the_viewer(newcomer, web_server):
    # setup: a person whose photo leads the feed
    username = fresh_name("editor")
    context, page, shot = newcomer("phone", "light", username, service_workers="block")
    mine = upload_photo(context, web_server.base, username)
    page.reload()
    viewer, photo_id = open_first_photo(page)
    assert photo_id == mine["id"]
    viewer.get_by_role("button", name="Info").click()
    details = viewer.get_by_role("complementary", name="Photo details")

    # act: its details edited (a wrong latitude first)
    details.get_by_role("button", name="Edit details").click()
    editor = page.get_by_role("dialog", name="Edit photo")
    editor.get_by_label("Description").fill("Lighthouse at dusk")
    editor.get_by_label("Tags").fill("lighthouse, dusk, Brittany")
    editor.get_by_label("Place", exact=True).fill("Cap Fréhel")
    editor.get_by_label("City").fill("Plévenon")
    editor.get_by_label("Country").fill("France")
    editor.get_by_label("Latitude").fill("95")
    editor.get_by_label("Longitude").fill("-2.3196")
    shot("edit-photo")
    editor.get_by_role("button", name="Save").click()
    expect(editor.get_by_text("Enter a latitude from -90 to 90.")).to_be_visible()
    editor.get_by_label("Latitude").fill("48.6833")
    with page.expect_response(lambda answer: answer.request.method == "PUT") as saved:
        editor.get_by_role("button", name="Save").click()
    assert saved.value.ok

    # assert: saved, and shown at once in the details
    expect(editor).to_have_count(0)
    expect(details.get_by_role("heading", name="Lighthouse at dusk")).to_be_visible()
    expect(details).to_contain_text("Cap Fréhel, Plévenon, France")
    for tag in ("lighthouse", "dusk", "brittany"):
        expect(details.get_by_role("link", name=tag, exact=True)).to_be_visible()
    photo = context.request.get(f"{web_server.base}/photos/{photo_id}").json()
    assert photo["description"] == "Lighthouse at dusk"
    assert sorted(tag["title"] for tag in photo["tags"]) == ["brittany", "dusk", "lighthouse"]
    assert photo["location"]["position"] == {"latitude": 48.6833, "longitude": -2.3196}

    # act: deleting asks first; "Cancel" keeps it
    details.get_by_role("button", name="Delete photo").click()
    question = page.get_by_role("alertdialog", name="Delete this photo?")
    shot("delete-question")
    question.get_by_role("button", name="Cancel").click()
    assert context.request.get(f"{web_server.base}/photos/{photo_id}").ok
    details.get_by_role("button", name="Delete photo").click()
    question.get_by_role("button", name="Delete").click()

    # assert: gone from the server and from the feed, the viewer showing the next photo
    expect(page.locator("#toast")).to_have_text("Photo deleted")
    assert context.request.get(f"{web_server.base}/photos/{photo_id}").status == 404
    expect(page).not_to_have_url(re.compile(f"#/photo/{photo_id}$"))
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    expect(page.locator(f".card[data-photo-id='{photo_id}']")).to_have_count(0)
    # someone else's photo offers neither
    open_first_photo(page)
    viewer.get_by_role("button", name="Info").click()
    expect(details.get_by_role("button", name="Edit details")).to_have_count(0)
    expect(details.get_by_role("button", name="Delete photo")).to_have_count(0)
    assert page.errors == []


def test_an_edited_description_shows_on_its_feed_card(newcomer, web_server):
    # setup
    username = fresh_name("captioner")
    context, page, shot = newcomer("desktop", "light", username, service_workers="block")
    upload_photo(context, web_server.base, username, description="Before")
    page.reload()
    card = page.locator("[data-view=feed] .card").first
    expect(card.locator(".caption")).to_have_text("Before")

    # act: edited in the viewer, then back to the feed
    viewer, photo_id = open_first_photo(page)
    viewer.get_by_role("button", name="Info").click()
    viewer.get_by_role("button", name="Edit details").click()
    editor = page.get_by_role("dialog", name="Edit photo")
    editor.get_by_label("Description").fill("After")
    editor.get_by_role("button", name="Save").click()
    expect(editor).to_have_count(0)
    page.keyboard.press("Escape")

    # assert
    expect(card.locator(".caption")).to_have_text("After")
    assert page.errors == []
