"""One account, every door: a person signs up through Firebase Authentication from a page in Chromium (the calls the
JS SDK makes with `connectAuthEmulator`), then signs in to the web app with the same email and password and finds
the name they gave Firebase."""

import re
import uuid

from playwright.sync_api import expect


def test_a_firebase_sign_up_signs_in_to_the_web_app_with_the_same_name(open_app, web_server):
    # setup: a registered app's access key is the Firebase web API key
    api_key = web_server.cli.create_app("Firebase Web", "urn:ietf:wg:oauth:2.0:oob").access_key
    email, password = f"fiona-{uuid.uuid4().hex[:8]}@example.com", "firebase-door-1!"
    context, page, shot = open_app("desktop", "light", signed_in=False, path="/#/signin")

    # act: sign-up as the JS SDK sends it, from the page (a cross-origin call to Identity Toolkit's emulator path)
    answer = page.evaluate(
        """async ([base, key, email, password]) => {
            const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${key}`, {
                method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({email, password, returnSecureToken: true})});
            const signedUp = await response.json();
            const update = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:update?key=${key}`, {
                method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({idToken: signedUp.idToken, displayName: 'Fiona Firebase', returnSecureToken: true})});
            return {status: response.status, update: update.status, localId: signedUp.localId};
        }""",
        [web_server.base, api_key, email, password])
    # then the web app's own sign-in form, with the same credentials
    page.get_by_role("link", name="Sign in", exact=True).click()
    page.get_by_label("Email or username").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.locator(".tabs").get_by_role("link", name="Profile").click()

    # assert
    assert answer["status"] == 200 and answer["update"] == 200, answer
    assert answer["localId"]
    expect(page.get_by_role("heading", name="Fiona Firebase")).to_be_visible()
    expect(page.get_by_label("First name")).to_have_value("Fiona")
    expect(page.get_by_label("Last name")).to_have_value("Firebase")
    shot("profile")
    assert page.errors == []


def test_a_firebase_sign_in_to_a_web_account_sees_its_name(open_app, web_server):
    # setup
    api_key = web_server.cli.create_app("Firebase Web 2", "urn:ietf:wg:oauth:2.0:oob").access_key
    context, page, shot = open_app("desktop", "light", signed_in=False, path="/#/feed")

    # act: the web server's own person signs in through Firebase from the page
    answer = page.evaluate(
        """async ([base, key, email, password]) => {
            const response = await fetch(
                `${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${key}`, {
                method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({email, password, returnSecureToken: true})});
            return {status: response.status, body: await response.json()};
        }""",
        [web_server.base, api_key, web_server.email, web_server.password])

    # assert
    assert answer["status"] == 200, answer
    assert answer["body"]["displayName"] == "Wanda Walker"
    assert re.fullmatch(r"[A-Za-z0-9_-]+", answer["body"]["localId"])
