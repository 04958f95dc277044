"""The profile (issue 19): every field PUT /me takes — names, username, email, bio, location, portfolio, Instagram,
the structured address and contact — saved and shown on the person's page; whether the exact places of their photos
are public; and a new avatar. Each test works as a person of its own (conftest's `newcomer`)."""

import re

import pytest
from playwright.sync_api import expect

from conftest import fresh_name, unique_jpeg

# Label in the profile → what is typed there.
ACCOUNT = {
    "Username": "nora_b", "Email": "nora.b@example.com", "Location": "Saint-Malo, France",
    "Portfolio": "nora.example.com", "Instagram username": "nora.sees",
}
CONTACT = {"Street": "Rue de Dinan", "Suite": "2", "City": "Saint-Malo", "Zip code": "35400", "Catch phrase": "Light first",
           "Business": "Seascapes"}


def save_profile(page):
    with page.expect_response(lambda answer: answer.request.method == "PUT" and answer.url.endswith("/me")) as answer:
        page.locator("[data-view=profile]").get_by_role("button", name="Save").click()
    return answer.value


@pytest.mark.parametrize("device,scheme", [("phone", "light"), ("ipad", "dark")])
def test_every_profile_field_is_saved_and_shown_on_the_persons_page(newcomer, web_server, device, scheme):
    # setup: a new person on their profile
    username, renamed = fresh_name(f"nora_{device}"), fresh_name(f"nora_b_{device}")
    context, page, shot = newcomer(device, scheme, username, path="/#/profile")
    profile = page.locator("[data-view=profile]")
    expect(profile.get_by_label("Username", exact=True)).to_have_value(username)
    expect(profile.get_by_label("Email", exact=True)).to_have_value(f"{username}@example.com")

    # act: every field filled in and saved
    account = dict(ACCOUNT, Username=renamed, Email=f"{renamed.replace('_', '.')}@example.com")
    for label, value in account.items():
        profile.get_by_label(label, exact=True).fill(value)
    profile.get_by_label("Bio").fill("Sea, stone and weather.")
    contact = profile.get_by_role("group", name="Address and contact")
    for label, value in CONTACT.items():
        contact.get_by_label(label, exact=True).fill(value)
    profile.get_by_role("heading", name="Edit profile").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -80)")   # below the top bar
    shot("profile-form")
    contact.get_by_label("Street", exact=True).scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")
    shot("profile-form-address")
    assert save_profile(page).ok
    expect(page.locator("#toast")).to_have_text("Profile saved")

    # assert: the server keeps them (the portfolio as a web address)
    me = context.request.get(f"{web_server.base}/me").json()
    assert (me["username"], me["email"], me["location"], me["portfolio_url"], me["instagram_username"], me["bio"]) == (
        account["Username"], account["Email"], "Saint-Malo, France", "https://nora.example.com", "nora.sees",
        "Sea, stone and weather.")
    assert (me["address"]["street"], me["address"]["city"], me["company"]["catch_phrase"], me["company"]["bs"]) == (
        "Rue de Dinan", "Saint-Malo", "Light first", "Seascapes")
    # the profile shows them after a restart
    page.reload()
    for label, value in dict(account, Portfolio="https://nora.example.com").items():
        expect(profile.get_by_label(label, exact=True)).to_have_value(value)
    for label, value in CONTACT.items():
        expect(contact.get_by_label(label, exact=True)).to_have_value(value)
    # and the person's page, under the new username
    profile.get_by_role("link", name="My albums").click()
    expect(page).to_have_url(re.compile(f"#/user/{account['Username']}$"))
    person = page.locator("[data-view=user]")
    expect(person.get_by_role("heading", name="Nora Newcomer")).to_be_visible()
    expect(person.get_by_text("Saint-Malo, France", exact=True)).to_be_visible()
    expect(person.get_by_text("Sea, stone and weather.")).to_be_visible()
    expect(person.get_by_text("Rue de Dinan, 2, 35400 Saint-Malo", exact=True)).to_be_visible()
    expect(person.get_by_role("link", name="nora.example.com")).to_have_attribute("href", "https://nora.example.com")
    shot("person-page")
    assert page.errors == []


def test_exact_places_are_made_public_and_private_again(newcomer, web_server):
    # setup
    context, page, shot = newcomer("desktop", "light", fresh_name("nora_places"), path="/#/profile")
    exact = page.locator("[data-view=profile]").get_by_label("Show exactly where my photos were taken")
    expect(exact).not_to_be_checked()
    assert context.request.get(f"{web_server.base}/me").json()["exact_location_public"] is False

    # act
    exact.check()

    # assert: saved at once, and kept
    expect(page.locator("#toast")).to_have_text("Exact places are now public")
    assert context.request.get(f"{web_server.base}/me").json()["exact_location_public"] is True
    page.reload()
    expect(exact).to_be_checked()
    exact.uncheck()
    expect(page.locator("#toast")).to_have_text("Places are now shown to about 1 km")
    assert context.request.get(f"{web_server.base}/me").json()["exact_location_public"] is False
    assert page.errors == []


def test_a_new_avatar_shows_in_the_profile(newcomer, web_server):
    # setup: a new person, shown by their initials
    context, page, shot = newcomer("phone", "dark", fresh_name("nora_avatar"), path="/#/profile")
    head = page.locator("[data-view=profile] .profile-head")
    expect(head.locator(".avatar")).to_have_attribute("data-initials", "NN")
    before = context.request.get(f"{web_server.base}/me").json()["profile_image"]["large"]

    # act
    page.locator("#avatar-file").set_input_files([{"name": "me.jpg", "mimeType": "image/jpeg",
                                                    "buffer": unique_jpeg(4, "avatar")}])

    # assert: the new picture, drawn
    expect(page.locator("#toast")).to_have_text("Profile photo updated")
    after = context.request.get(f"{web_server.base}/me").json()["profile_image"]["large"]
    assert after != before
    picture = head.locator(".avatar img")
    expect(picture).to_have_attribute("src", after)
    expect(picture).to_have_js_property("complete", True)
    assert picture.evaluate("(image) => image.naturalWidth") > 0
    assert page.errors == []
