"""End-to-end OAuth against the real server with real client code: requests-oauthlib as python-unsplash drives it,
and the wire format of the seed iOS apps (reference/unsplash-api.md §4 and §6)."""

import html
import os
import re
from urllib.parse import parse_qs, quote, urlencode, urlparse

import requests
from requests.auth import HTTPBasicAuth
from requests_oauthlib import OAuth2Session

# The test server speaks plain http; python-unsplash users set the same variable [reference §6.1].
os.environ["OAUTHLIB_INSECURE_TRANSPORT"] = "1"

OOB = "urn:ietf:wg:oauth:2.0:oob"


def sign_in_and_consent(server, authorize_url: str, follow_final_redirect: bool) -> requests.Response:
    """Plays the person in the browser: signed out → sign-in form → consent page → "Authorise"."""
    browser = requests.Session()
    origin = {"Origin": server.base}

    to_login = browser.get(authorize_url, allow_redirects=False)
    assert to_login.status_code == 303, to_login.text
    login_path = urlparse(to_login.headers["Location"])
    assert login_path.path == "/account/login"
    return_to = parse_qs(login_path.query)["return_to"][0]
    assert return_to.startswith("/oauth/authorize?")

    signed_in = browser.post(
        f"{server.base}/account/login",
        data={"login": server.email, "password": server.password, "return_to": return_to},
        headers=origin, allow_redirects=False,
    )
    assert signed_in.status_code == 303, signed_in.text
    assert signed_in.headers["Location"] == return_to
    set_cookie = signed_in.headers["Set-Cookie"]
    assert "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie

    consent = browser.get(server.base + return_to, allow_redirects=False)
    assert consent.status_code == 200, consent.text
    assert "E2E Client" in consent.text
    fields = {html.unescape(name): html.unescape(value) for name, value in
              re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', consent.text)}
    assert fields["client_id"] == server.access_key

    return browser.post(
        f"{server.base}/oauth/authorize", data={**fields, "decision": "allow"}, headers=origin,
        allow_redirects=follow_final_redirect,
    )


def test_requests_oauthlib_authorization_code_flow_as_python_unsplash(server):
    # setup: the client python-unsplash wraps, with the confidential app's keys
    scope = ["public", "read_user"]
    oauth = OAuth2Session(server.access_key, redirect_uri=server.callback, scope=scope)
    authorize_url, state = oauth.authorization_url(f"{server.base}/oauth/authorize")
    sent = {}

    def capture(response):
        # the request as it went on the wire, after requests applied the Basic auth
        body = response.request.body
        sent.update(headers=dict(response.request.headers),
                    body=body.decode() if isinstance(body, bytes) else body, token_response=response.json())
        return response

    oauth.register_compliance_hook("access_token_response", capture)

    # act: consent in the browser, then exchange the code exactly as python-unsplash does
    redirect = sign_in_and_consent(server, authorize_url, follow_final_redirect=False)
    assert redirect.status_code == 302, redirect.text
    location = urlparse(redirect.headers["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == server.callback
    query = parse_qs(location.query)
    assert query["state"] == [state]
    token = oauth.fetch_token(
        f"{server.base}/oauth/token", code=query["code"][0],
        auth=HTTPBasicAuth(server.access_key, server.secret_key), include_client_id=False,
    )
    me = oauth.get(f"{server.base}/me")

    # assert: Basic auth on the wire, no client_id in the body
    assert sent["headers"]["Authorization"].startswith("Basic ")
    assert "client_id" not in parse_qs(sent["body"])
    assert parse_qs(sent["body"])["grant_type"] == ["authorization_code"]
    # the token: the requested scope exactly (oauthlib would raise "Scope has changed" otherwise)
    raw = sent["token_response"]
    assert raw["token_type"] == "bearer"
    assert raw["scope"] == "public read_user"
    assert isinstance(raw["created_at"], int)
    assert token["scope"] == scope
    assert token["access_token"] == raw["access_token"]
    # the token works
    assert me.status_code == 200, me.text
    assert me.json()["username"] == server.username
    assert me.json()["email"] == server.email


def ios_code(server) -> str:
    """Authorises like the iOS apps' WebView: oob redirect, then read `code` from the /oauth/authorize/native URL."""
    authorize_url = (f"{server.base}/oauth/authorize?client_id={server.access_key}&redirect_uri={OOB}"
                     "&response_type=code&scope=public+read_user+write_likes")
    page = sign_in_and_consent(server, authorize_url, follow_final_redirect=True)
    url = urlparse(page.url)
    assert url.path == "/oauth/authorize/native"
    code = parse_qs(url.query)["code"][0]
    assert page.status_code == 200
    assert code in page.text
    return code


def check_ios_token(response: requests.Response) -> str:
    assert response.status_code == 200, response.text
    body = response.json()
    assert isinstance(body["access_token"], str) and body["access_token"]
    assert body["token_type"] == "bearer"
    assert body["scope"] == "public read_user write_likes"
    assert isinstance(body["created_at"], int) and not isinstance(body["created_at"], bool)
    return body["access_token"]


def test_ios_apps_flow_with_oob_code_and_query_string_token_request(server):
    # setup: the five parameters in the URL query string, as kalmahik and skukharev send them
    def token_url(code: str) -> str:
        parameters = {"client_id": server.access_key, "client_secret": server.secret_key, "redirect_uri": OOB,
                      "code": code, "grant_type": "authorization_code"}
        return f"{server.base}/oauth/token?" + urlencode(parameters, quote_via=quote)

    # act: no body at all
    no_body = requests.post(token_url(ios_code(server)))
    # act: SShliakhin's variant, the body "" sent as JSON, with a fresh code
    empty_json = requests.post(token_url(ios_code(server)), data='""',
                               headers={"Content-Type": "application/json"})

    # assert
    for token in (check_ios_token(no_body), check_ios_token(empty_json)):
        headers = {"Authorization": f"Bearer {token}"}
        me = requests.get(f"{server.base}/me", headers=headers)
        assert me.status_code == 200, me.text
        assert me.json()["username"] == server.username
        assert me.json()["first_name"] == "Edith"
        profile = requests.get(f"{server.base}/users/{me.json()['username']}", headers=headers)
        assert profile.status_code == 200, profile.text
        user = profile.json()
        assert user["first_name"] is not None
        for size in ("small", "medium", "large"):
            assert urlparse(user["profile_image"][size]).scheme in ("http", "https")
