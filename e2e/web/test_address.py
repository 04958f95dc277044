"""Issue 14 in the web app: a person's address and contact, edited in the profile (saved through PUT /me) and shown
under their name on their page, one line for the address; a latitude out of range shows the server's message. Each
test signs up a person of its own, so walker's page stays as the other tests expect it."""

import pytest
from playwright.sync_api import expect

from conftest import fresh_name

PASSWORD = "kulas-light-556!"
# Label in the profile → what is typed there (JSONPlaceholder's first user).
ADDRESS = {
    "Street": "Kulas Light", "Suite": "Apt. 556", "City": "Gwenborough", "Zip code": "92998-3874",
    "Latitude": "-37.3159", "Longitude": "81.1496", "Phone": "1-770-736-8031 x56442", "Website": "hildegard.org",
    "Company": "Romaguera-Crona",
}
ADDRESS_LINE = "Kulas Light, Apt. 556, 92998-3874 Gwenborough"


def sign_up(context, base, username):
    """Signs a new person, Leanne Graham, up in `context`; its requests and pages are then hers."""
    answer = context.request.post(f"{base}/account/signup", headers={"Origin": base, "Accept": "application/json"},
                                  data={"username": username, "email": f"{username}@example.com", "password": PASSWORD,
                                        "first_name": "Leanne", "last_name": "Graham"})
    assert answer.status in (200, 201), answer.text()


def me(context, base):
    answer = context.request.get(f"{base}/me", headers={"Accept": "application/json"})
    assert answer.ok, answer.text()
    return answer.json()


def save_profile(page):
    """Presses Save in the profile and waits for the server's answer to it → that answer."""
    with page.expect_response(lambda response: response.request.method == "PUT"
                              and response.url.endswith("/me")) as answer:
        page.locator("[data-view=profile]").get_by_role("button", name="Save").click()
    return answer.value


@pytest.mark.parametrize("device,scheme", [("phone", "light"), ("desktop", "dark")])
def test_an_address_saved_in_the_profile_shows_on_the_persons_page(open_app, web_server, device, scheme):
    # setup: a new person, whose page has nothing under the name but the @username
    context, page, shot = open_app(device, scheme, signed_in=False, path=None)
    username = fresh_name(f"leanne_{device}_{scheme}")
    sign_up(context, web_server.base, username)
    page.goto(f"{web_server.base}/#/user/{username}")
    page.locator("#launch").wait_for(state="detached")
    names = page.locator("[data-view=user] .person-names")
    expect(names.get_by_role("heading", name="Leanne Graham")).to_be_visible()
    expect(names.locator("p")).to_have_count(1)

    # act: the address and contact, typed into the profile and saved
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    group = page.locator("[data-view=profile]").get_by_role("group", name="Address and contact")
    for label, value in ADDRESS.items():
        group.get_by_label(label, exact=True).fill(value)
    assert save_profile(page).ok
    expect(page.locator("#toast")).to_have_text("Profile saved")
    shot("profile-address")
    page.locator("[data-view=profile]").get_by_role("link", name="My albums").click()

    # assert: under the name, the address in one line, the website as a link, the company
    expect(names.get_by_text(ADDRESS_LINE, exact=True)).to_be_visible()
    expect(names.get_by_role("link", name="hildegard.org")).to_have_attribute("href", "https://hildegard.org")
    expect(names.get_by_text("Romaguera-Crona", exact=True)).to_be_visible()
    expect(names.locator("p")).to_have_count(4)
    shot("person-address")
    saved = me(context, web_server.base)
    address = saved["address"]
    assert [address[part] for part in ("street", "suite", "city", "zipcode")] == [
        "Kulas Light", "Apt. 556", "Gwenborough", "92998-3874"], saved
    assert (float(address["geo"]["lat"]), float(address["geo"]["lng"])) == (-37.3159, 81.1496), saved
    assert (saved["phone"], saved["website"], saved["company"]["name"]) == (
        "1-770-736-8031 x56442", "hildegard.org", "Romaguera-Crona"), saved

    # the profile shows what was saved after a restart
    page.reload()
    page.locator(".tabs").get_by_role("link", name="Profile").click()
    for label in ("Street", "Suite", "City", "Zip code", "Phone", "Website", "Company"):
        expect(group.get_by_label(label, exact=True)).to_have_value(ADDRESS[label])
    assert float(group.get_by_label("Latitude", exact=True).input_value()) == -37.3159

    # act: every part cleared
    for label in ADDRESS:
        group.get_by_label(label, exact=True).fill("")
    assert save_profile(page).ok
    page.locator("[data-view=profile]").get_by_role("link", name="My albums").click()

    # assert: no empty rows, nothing written as "null" or "undefined"
    expect(names.locator("p")).to_have_count(1)
    expect(names).not_to_contain_text("null")
    expect(names).not_to_contain_text("undefined")
    cleared = me(context, web_server.base)
    assert (cleared["address"], cleared["phone"], cleared["website"], cleared["company"]) == (None, None, None, None)
    assert page.errors == []


def test_a_latitude_out_of_range_shows_the_servers_message(open_app, web_server):
    # setup: what the server says of a latitude of 95
    context, page, shot = open_app("phone", "dark", signed_in=False, path=None)
    sign_up(context, web_server.base, fresh_name("leanne_bad_latitude"))
    refused = context.request.put(f"{web_server.base}/me", data={"address_lat": "95"},
                                  headers={"Origin": web_server.base, "Accept": "application/json"})
    assert refused.status == 422, refused.text()
    message = " ".join(refused.json()["errors"])
    page.goto(f"{web_server.base}/#/profile")
    page.locator("#launch").wait_for(state="detached")
    group = page.locator("[data-view=profile]").get_by_role("group", name="Address and contact")

    # act
    group.get_by_label("Street", exact=True).fill("Victor Plains")
    group.get_by_label("Latitude", exact=True).fill("95")
    assert save_profile(page).status == 422

    # assert: the server's message, and nothing saved; what was typed stays to be corrected
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Could not save your profile")
    expect(alert).to_contain_text(message)
    shot("bad-latitude")
    alert.get_by_role("button", name="OK").click()
    expect(alert).to_have_count(0)
    expect(group.get_by_label("Latitude", exact=True)).to_have_value("95")
    assert me(context, web_server.base)["address"] is None

    # corrected, it is saved
    group.get_by_label("Latitude", exact=True).fill("-43.9509")
    assert save_profile(page).ok
    expect(page.locator("#toast")).to_have_text("Profile saved")
    address = me(context, web_server.base)["address"]
    assert address["street"] == "Victor Plains" and float(address["geo"]["lat"]) == -43.9509, address
    assert page.errors == []
