"""Albums from the browser (issue 19): made on one's page, given a photo from the viewer through the collect sheet
(and taken out again), filtered on the album's page; renamed, described, made private and deleted. Each test works
as a person of its own (conftest's `newcomer`)."""

import re

import pytest
import requests
from playwright.sync_api import expect

from conftest import fresh_name, open_first_photo


def create_album(context, base, title, **fields):
    answer = context.request.post(f"{base}/collections", headers={"Origin": base, "Accept": "application/json"},
                                  data={"title": title, **fields})
    assert answer.status == 201, answer.text()
    return answer.json()


def album_photo_ids(context, base, album_id):
    return [photo["id"] for photo in context.request.get(f"{base}/collections/{album_id}/photos?per_page=30").json()]


def collect(page, album_title):
    """Opens the viewer's collect sheet → (sheet, the album's switch)."""
    page.get_by_role("dialog", name="Photo viewer").get_by_role("button", name="Add to album").click()
    sheet = page.get_by_role("dialog", name="Add to album")
    expect(sheet).to_be_visible()
    switch = sheet.get_by_role("button", name=re.compile(re.escape(album_title)))
    expect(switch).to_be_enabled()   # once it is known whether the album holds the photo
    return sheet, switch


@pytest.mark.parametrize("device,scheme", [("phone", "light"), ("ipad", "dark"), ("desktop", "light")])
def test_an_album_is_made_given_a_photo_from_the_viewer_and_filtered(newcomer, web_server, device, scheme):
    # setup: a person on their own page
    username = fresh_name(f"collector_{device}")
    context, page, shot = newcomer(device, scheme, username, path=f"/#/user/{username}")
    user_page = page.locator("[data-view=user]")
    expect(user_page.get_by_text("No albums yet.", exact=False)).to_be_visible()

    # act: an album made on their page
    user_page.get_by_role("button", name="New album").click()
    editor = page.get_by_role("dialog", name="New album")
    editor.get_by_label("Title").fill(f"Seaside {device}")
    editor.get_by_label("Description").fill("Salt, wind and light.")
    shot("album-editor")
    editor.get_by_role("button", name="Create album").click()

    # assert: it is made, and shown, empty
    album_page = page.locator("[data-view=collections]")
    expect(album_page.get_by_role("heading", name=f"Seaside {device}")).to_be_visible()
    expect(album_page.get_by_text("Salt, wind and light.")).to_be_visible()
    expect(album_page.get_by_role("heading", name="No photos in this album yet")).to_be_visible()
    album_id = re.search(r"#/collections/([^/?]+)$", page.url).group(1)

    # act: the feed's first photo added to it from the viewer
    page.goto(f"{web_server.base}/#/feed")
    viewer, photo_id = open_first_photo(page)
    sheet, switch = collect(page, f"Seaside {device}")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_contain_text("1 photo")
    shot("collect-sheet")
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)
    expect(viewer).to_be_visible()   # Escape closed the sheet, not the viewer
    assert album_photo_ids(context, web_server.base, album_id) == [photo_id]

    # assert: the album shows it, and its filter finds it by its title and nothing for another word
    title = context.request.get(f"{web_server.base}/photos/{photo_id}").json()["description"]
    page.goto(f"{web_server.base}/#/collections/{album_id}")
    cell = album_page.locator(f".cell-wrap[data-photo-id='{photo_id}']")
    expect(cell).to_be_visible()
    filter_field = album_page.get_by_label("Filter this album by title")
    filter_field.fill(title.split()[0])
    expect(album_page.locator(".album-count")).to_have_text("1 of 1 photos")
    expect(cell).to_be_visible()
    filter_field.fill("zebra")
    expect(album_page.get_by_role("heading", name="No photos found")).to_be_visible()
    expect(cell).to_have_count(0)
    shot("album-filtered")

    # act: taken out again from the viewer, where the sheet knows it is in the album
    filter_field.fill("")
    expect(cell).to_be_visible()
    cell.locator("a").click()
    sheet, switch = collect(page, f"Seaside {device}")
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")

    # assert
    expect(album_page.get_by_role("heading", name="No photos in this album yet")).to_be_visible()
    assert album_photo_ids(context, web_server.base, album_id) == []
    assert page.errors == []


def test_an_album_made_in_the_collect_sheet_gets_the_photo(newcomer, web_server):
    # setup: a person without albums, in the viewer
    username = fresh_name("quick_collector")
    context, page, shot = newcomer("phone", "dark", username)
    viewer, photo_id = open_first_photo(page)
    viewer.get_by_role("button", name="Add to album").click()
    sheet = page.get_by_role("dialog", name="Add to album")
    expect(sheet).to_contain_text("You have no albums yet")

    # act
    sheet.get_by_role("button", name="New album").click()
    editor = page.get_by_role("dialog", name="New album")
    editor.get_by_label("Title").fill("Favourite places")
    editor.get_by_role("button", name="Create album").click()

    # assert: the new album holds the photo at once
    switch = sheet.get_by_role("button", name=re.compile("Favourite places"))
    expect(switch).to_have_attribute("aria-pressed", "true")
    [album] = context.request.get(f"{web_server.base}/users/{username}/collections").json()
    assert album_photo_ids(context, web_server.base, album["id"]) == [photo_id]
    assert page.errors == []


def test_signed_out_adding_to_an_album_asks_to_sign_in(open_app, web_server):
    # setup
    context, page, shot = open_app("desktop", "light", signed_in=False)
    viewer, photo_id = open_first_photo(page)

    # act
    viewer.get_by_role("button", name="Add to album").click()

    # assert
    expect(page).to_have_url(re.compile(re.escape(f"#/signin?next=%2Fphoto%2F{photo_id}") + "$"))


def test_an_album_is_renamed_described_made_private_and_deleted(newcomer, web_server):
    # setup: a person with two albums
    username = fresh_name("album_keeper")
    context, page, shot = newcomer("desktop", "dark", username, path=None)
    album = create_album(context, web_server.base, "Sketches")
    create_album(context, web_server.base, "Winter")
    page.goto(f"{web_server.base}/#/collections/{album['id']}")
    album_page = page.locator("[data-view=collections]")

    # act: a title taken by the other album is refused, with the server's reason
    album_page.get_by_role("button", name="Edit album").click()
    editor = page.get_by_role("dialog", name="Edit album")
    expect(editor.get_by_label("Title")).to_have_value("Sketches")
    editor.get_by_label("Title").fill("Winter")
    editor.get_by_role("button", name="Save").click()
    expect(editor.get_by_text("You already have an album with this title.")).to_be_visible()
    expect(editor.get_by_label("Title")).to_have_attribute("aria-invalid", "true")

    # act: renamed, described, made private
    editor.get_by_label("Title").fill("Studio sketches")
    editor.get_by_label("Description").fill("Charcoal and ink.")
    editor.get_by_label("Private").check()
    shot("album-editor")
    editor.get_by_role("button", name="Save").click()

    # assert
    expect(editor).to_have_count(0)
    expect(album_page.get_by_role("heading", name="Studio sketches")).to_be_visible()
    expect(album_page.get_by_role("heading", name="Studio sketches")).to_contain_text("Private")
    expect(album_page.get_by_text("Charcoal and ink.")).to_be_visible()
    saved = context.request.get(f"{web_server.base}/collections/{album['id']}").json()
    assert (saved["title"], saved["description"], saved["private"]) == ("Studio sketches", "Charcoal and ink.", True)
    # nobody else sees it
    assert requests.get(f"{web_server.base}/collections/{album['id']}", timeout=10).status_code == 404
    album_page.get_by_role("link", name="Nora Newcomer").click()
    user_page = page.locator("[data-view=user]")
    expect(user_page.get_by_role("link", name=re.compile("Studio sketches"))).to_contain_text("Private")

    # act: deleted, after a confirmation
    user_page.get_by_role("link", name=re.compile("Studio sketches")).click()
    album_page.get_by_role("button", name="Edit album").click()
    editor.get_by_role("button", name="Delete album").click()
    question = page.get_by_role("alertdialog", name="Delete “Studio sketches”?")
    expect(question).to_contain_text("its photos stay")
    question.get_by_role("button", name="Delete").click()

    # assert: back on their page, which no longer lists it
    expect(page).to_have_url(re.compile(re.escape(f"#/user/{username}") + "$"))
    expect(user_page.get_by_role("link", name=re.compile("Winter"))).to_be_visible()
    expect(user_page.get_by_role("link", name=re.compile("Studio sketches"))).to_have_count(0)
    assert context.request.get(f"{web_server.base}/collections/{album['id']}").status == 404
    assert page.errors == []


def test_ones_own_album_opened_by_its_link_offers_its_editor_whichever_answer_comes_first(newcomer, web_server):
    # setup: a person with an album, and the app's question "who is signed in?" held back until the album is in
    username = fresh_name("album_linker")
    context, page, shot = newcomer("desktop", "light", username, path=None)
    album = create_album(context, web_server.base, "Linked")
    held = []
    page.route(re.compile(r"/me$"), lambda route: held.append(route))

    # act: the album opened straight from its link; its answer comes first, then the session's
    with page.expect_request(re.compile(r"/me$")):
        with page.expect_response(re.compile(re.escape(f"/collections/{album['id']}") + "$")):
            page.goto(f"{web_server.base}/#/collections/{album['id']}")
    for route in held:
        route.continue_()

    # assert: the owner can edit it (the page was not drawn for a visitor while the session was unknown)
    album_page = page.locator("[data-view=collections]")
    expect(album_page.get_by_role("heading", name="Linked")).to_be_visible()
    expect(album_page.get_by_role("button", name="Edit album")).to_be_visible()
    assert page.errors == []


def test_someone_elses_album_cannot_be_edited(open_app, web_server):
    # setup: walker looks at an album of the imported photos
    context, page, shot = open_app("phone", "light", path="/#/user/mate")
    page.locator("[data-view=user] a.album").first.click()
    album_page = page.locator("[data-view=collections]")
    expect(album_page.locator("h1")).to_be_visible()

    # assert
    expect(album_page.get_by_role("button", name="Edit album")).to_have_count(0)
    expect(page.locator("[data-view=user]").get_by_role("button", name="New album")).to_have_count(0)
