"""Firebase Authentication against the real server with the real Python clients, changed only by their emulator
settings: firebase-client-sdk 0.1.0 (what an app does: sign up, sign in, refresh, reload, change names and
password, delete) and firebase-admin 7.7.0 (user management and `verify_id_token` on a token ImageFeed issued).
A Firebase account is a library account: the web sign-in takes the same password."""

import uuid

import firebase_admin
import firebase_client
import pytest
import requests
from firebase_admin import auth as admin_auth
from firebase_client import AuthException

from firebase_server import PROJECT, admin_app, client_app, firebase_server


@pytest.fixture(scope="module")
def server():
    with firebase_server() as running:
        yield running


def unique_email() -> str:
    return f"fb-{uuid.uuid4().hex[:10]}@example.com"


def web_sign_in(server, email: str, password: str) -> requests.Response:
    """The web app's sign-in, asking for JSON (as its script does)."""
    return requests.post(f"{server.base}/account/login", data={"login": email, "password": password},
                         headers={"Origin": server.base, "Accept": "application/json"}, timeout=10)


def test_an_app_signs_up_signs_in_refreshes_changes_its_names_and_password_and_deletes_itself(server):
    # setup
    app = client_app(server)
    auth = firebase_client.get_auth(app)
    email, password = unique_email(), "first-battery-7"

    # act and assert: sign up, then a wrong password, then the right one
    created = auth.create_user_with_email_and_password(email, password)
    uid = created.user.uid
    with pytest.raises(AuthException) as wrong:
        auth.sign_in_with_email_and_password(email, "wrong-battery-7")
    assert "INVALID_LOGIN_CREDENTIALS" in str(wrong.value)
    auth.sign_in_with_email_and_password(email, password)
    first_token = app.session.id_token

    # the token refreshes, with the same account
    auth.refresh_token()
    assert app.session.id_token
    assert auth.get_user_info()["localId"] == uid

    # the names the app edits are the library profile's names
    auth.update_profile(display_name="Iris Wall")
    info = auth.get_user_info()
    assert info["displayName"] == "Iris Wall"
    assert info["email"] == email
    profile = web_sign_in(server, email, password)
    assert profile.status_code == 200, profile.text
    assert (profile.json()["first_name"], profile.json()["last_name"]) == ("Iris", "Wall")

    # a password change: the new one works at both doors, the old one at neither
    auth.update_password("second-battery-8")
    assert web_sign_in(server, email, "second-battery-8").status_code == 200
    assert web_sign_in(server, email, password).status_code == 401
    auth.sign_out()
    auth.sign_in_with_email_and_password(email, "second-battery-8")
    assert app.session.id_token != first_token

    # and the account deletes itself
    auth.delete_user()
    with pytest.raises(AuthException) as gone:
        auth.sign_in_with_email_and_password(email, "second-battery-8")
    assert "INVALID_LOGIN_CREDENTIALS" in str(gone.value)
    assert web_sign_in(server, email, "second-battery-8").status_code == 401


def test_a_web_account_signs_in_through_firebase(server):
    # setup: an account made by the CLI, as an operator makes one
    email = unique_email()
    username = "web_" + uuid.uuid4().hex[:8]
    server.cli("users", "create", "--username", username, "--email", email, "--first-name", "Wanda",
               "--last-name", "Web", "--password", "web-battery-9")
    auth = firebase_client.get_auth(client_app(server))

    # act
    credential = auth.sign_in_with_email_and_password(email, "web-battery-9")

    # assert
    assert auth.get_user_info()["displayName"] == "Wanda Web"
    assert credential.user.email == email


def test_the_library_password_rules_and_taken_emails_are_firebases_errors(server):
    # setup
    auth = firebase_client.get_auth(client_app(server))
    email = unique_email()
    auth.create_user_with_email_and_password(email, "rules-battery-1")

    # act
    with pytest.raises(AuthException) as weak:
        auth.create_user_with_email_and_password(unique_email(), "short")
    with pytest.raises(AuthException) as taken:
        auth.create_user_with_email_and_password(email.upper(), "rules-battery-1")

    # assert
    assert str(weak.value).startswith("WEAK_PASSWORD : Password must be at least 8 characters")
    assert "EMAIL_EXISTS" in str(taken.value)


def test_signing_out_with_the_cli_ends_the_apps_tokens(server):
    # setup
    app = client_app(server)
    auth = firebase_client.get_auth(app)
    email = unique_email()
    auth.create_user_with_email_and_password(email, "cli-battery-2")
    # Firebase has no usernames: the library made one; the web sign-in's answer says which
    profile = web_sign_in(server, email, "cli-battery-2").json()

    # act: `imagefeed users sign-out NAME`
    server.cli("users", "sign-out", profile["username"])

    # assert: the ID token and the refresh token are refused, a new sign-in works
    with pytest.raises(AuthException) as lookup:
        auth.get_user_info()
    assert "TOKEN_EXPIRED" in str(lookup.value)
    with pytest.raises(AuthException) as refresh:
        auth.refresh_token()
    assert "TOKEN_EXPIRED" in str(refresh.value)
    auth.sign_in_with_email_and_password(email, "cli-battery-2")
    assert auth.get_user_info()["email"] == email


def test_firebase_admin_manages_users_and_verifies_tokens_issued_here(server):
    # setup
    admin = admin_app(server)
    email = unique_email()

    # act: create, read by id and by email, update, list
    record = admin_auth.create_user(email=email, password="admin-battery-3", display_name="Ada Lovelace", app=admin)
    by_id = admin_auth.get_user(record.uid, app=admin)
    by_email = admin_auth.get_user_by_email(email, app=admin)
    updated = admin_auth.update_user(record.uid, display_name="Augusta Byron", email_verified=True, app=admin)
    listed = {user.uid for user in admin_auth.list_users(app=admin).iterate_all()}

    # a person signs in with the password the admin set; the admin verifies that person's token
    client = client_app(server)
    firebase_client.get_auth(client).sign_in_with_email_and_password(email, "admin-battery-3")
    claims = admin_auth.verify_id_token(client.session.id_token, app=admin, check_revoked=True)

    # assert
    assert by_id.email == email
    assert by_email.uid == record.uid
    assert by_id.display_name == "Ada Lovelace"
    assert updated.display_name == "Augusta Byron"
    assert updated.email_verified is True
    assert record.uid in listed
    assert claims["uid"] == record.uid
    assert claims["aud"] == PROJECT
    assert claims["iss"] == f"https://securetoken.google.com/{PROJECT}"
    assert claims["firebase"]["sign_in_provider"] == "password"
    assert claims["name"] == "Augusta Byron"

    # act: the admin revokes the person's tokens, then deletes the account
    admin_auth.revoke_refresh_tokens(record.uid, app=admin)
    with pytest.raises(AuthException):
        firebase_client.get_auth(client).refresh_token()
    admin_auth.delete_user(record.uid, app=admin)

    # assert
    with pytest.raises(admin_auth.UserNotFoundError):
        admin_auth.get_user(record.uid, app=admin)
    firebase_admin.delete_app(admin)


def test_a_made_up_web_api_key_is_refused_as_google_refuses_it(server):
    # act
    response = requests.post(
        f"{server.base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=AIzaSyMadeUp",
        json={"email": unique_email(), "password": "x", "returnSecureToken": True}, timeout=10)

    # assert
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "API key not valid. Please pass a valid API key."


def test_the_admin_token_alone_is_not_enough_from_another_machine(server):
    # A token from this machine is the admin; the same token through a proxy that names another client is not,
    # unless the server trusts that proxy (it does not here): so only the loopback case can be shown end to end.
    response = requests.post(
        f"{server.base}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:lookup",
        json={"email": [unique_email()]}, headers={"Authorization": "Bearer not-the-token"}, timeout=10)
    assert response.status_code == 401
    assert response.json()["error"]["status"] == "UNAUTHENTICATED"
