"""Fuzzes the real server against openapi.yaml with schemathesis (the `st` CLI of this virtual environment), once
anonymously and once with a user's bearer token holding every scope, and fails on any failure schemathesis finds,
printing schemathesis's FAILURES section.

Both runs use every check (`--checks all`), every phase (examples, coverage, fuzzing, stateful), a fixed seed, ten
examples per operation, one worker and no timing assertion; together they take about a minute.

They share conftest.py's session server with the other end-to-end tests, which may run before or after them, so they
must leave alone what those rely on: the seeded people, photos and albums, their follows and likes, the test user's
profile and tokens, and the address's request budget.

- The token is not the test user's: this module signs up a person of its own (`st_fuzzer`), registers OAuth apps of
  its own and authorises one. Everything that token can change or delete is that person's own (profile, avatar,
  albums, photos, tokens); the seeded photos and albums belong to others and answer 403.
- The writes that change someone else's records are pointed at records made here, in every phase: following and
  unfollowing at a second person it signs up (`st_followee`), liking and unliking, and adding a photo to an album
  or taking it out, at a photo `st_fuzzer` uploads. Schemathesis hands ids it saw in earlier answers on to later
  requests, so without this it would, say, put a seeded photo into `st_fuzzer`'s album, which changes that photo's
  JSONPlaceholder `albumId`.
- Each run connects from a loopback address of its own (127.0.0.2 anonymous, 127.0.0.3 with the token), as a
  client on another machine would: the server counts anonymous API requests, photo views (once per viewer and
  day) and new image sizes per address, and 127.0.0.1 is the other tests'. The anonymous run alone sends some
  4,000 counted requests, most of the 5,000 an address has an hour. The test checks that 127.0.0.1's count did not
  move.

No operation is left out. What schemathesis cannot learn from the schema is given to it here, each with its reason:
real identifiers (Pixabay keys, an OAuth client, a Flickr request token); the rules between query parameters that
OpenAPI cannot state (`map_case` keeps the requests meant to be valid within them: the st subprocess loads this file
as its hooks module); and the few answers a schema cannot describe (image sizes against the photo's own, bytes that
are not an image, Flickr's HTTP 200 for every failure, OAuth's error redirects, JSONPlaceholder's writes that store
nothing).
"""

import html
import os
import re
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
import requests
import schemathesis
from requests.adapters import HTTPAdapter
from requests_oauthlib import OAuth1Session

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "openapi.yaml"
ST = Path(sys.executable).parent / "st"
OOB = "urn:ietf:wg:oauth:2.0:oob"
SCOPES = ("public read_user write_user read_photos write_photos write_likes write_followers read_collections "
          "write_collections")
SEED = int(os.environ.get("ST_SEED", "18"))
"""Fixed, so that a run is repeatable; `ST_SEED=n` tries another draw by hand."""
MAX_EXAMPLES = 10
RUN_TIMEOUT = 600
"""Seconds one run may take before the test gives up on it (a hang, not a timing assertion)."""
SOURCE_ADDRESSES = {False: "127.0.0.2", True: "127.0.0.3"}
"""The loopback address each run connects from (keyed by "with a token"); Linux routes all of 127.0.0.0/8 to lo."""

# Limits of the image renditions that the schema states in prose only (they depend on the photo's own size too): a
# request valid by the schema may still be a 400 there. Only these operations get the exception.
SIZE_LIMITS_400 = {
    "GET /img/{id}": "w and h times dpr at most 8192, and the output, which depends on the photo's own size, at most "
                     "40 MP (4 MP for AVIF)",
    "HEAD /img/{id}": "the same limits as GET",
}
NEAR_ME = {"GET /photos", "GET /photos/curated", "GET /search/photos"}
WHITESPACE = "\t \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
"""What the server trims from a search query (Swift's `.whitespaces`: tab and the space separators)."""


@dataclass(frozen=True)
class Fuzzing:
    """What the runs are given: the fuzzing person's token and the records this module made for them."""

    token: str
    app_key: str
    """The access key of the app this module registered: the OAuth client of the runs."""
    pixabay_keys: tuple[str, ...]
    """Access keys of more apps registered here, one for each Pixabay operation in each run: Pixabay allows a key
    100 requests a minute, fewer than a run sends."""
    followee: str
    """The person the token run follows and unfollows."""
    photo_id: str
    """`st_fuzzer`'s own photo: the one the token run likes and unlikes, and adds to and removes from albums."""
    request_token: str
    """A Flickr (OAuth 1.0a) request token of the app, for `GET /services/oauth/authorize`."""


def sign_up(server, username: str, first_name: str, last_name: str) -> requests.Session:
    """A new person, signed up through the JSON sign-up (which signs them in): their browser session."""
    browser = requests.Session()
    browser.headers["Origin"] = server.base
    signed_up = browser.post(f"{server.base}/account/signup", headers={"Accept": "application/json"}, json={
        "username": username, "first_name": first_name, "last_name": last_name,
        "email": f"{username}@example.com", "password": "fuzz-pass-123!"})
    assert signed_up.status_code == 201, signed_up.text
    return browser


def register_app(server, browser: requests.Session) -> tuple[str, str, str]:
    """An OAuth app registered on the settings page: its access key, secret key and OAuth 1.0a secret."""
    page = browser.post(f"{server.base}/account/apps", data={"name": "Schemathesis", "redirect_uris": OOB})
    assert page.status_code == 201, page.text
    found = {label: re.search(rf"{label} <code>([^<]+)</code>", page.text)
             for label in ("Access key", "Secret key", "OAuth 1.0a secret, for Flickr apps")}
    assert all(found.values()), page.text
    return tuple(html.unescape(match.group(1)) for match in found.values())


def authorise(server, browser: requests.Session, access_key: str, secret_key: str) -> str:
    """The signed-in person allows the app every scope on the consent page; the code is exchanged for a token."""
    query = urlencode({"client_id": access_key, "redirect_uri": OOB, "response_type": "code", "scope": SCOPES})
    consent = browser.get(f"{server.base}/oauth/authorize?{query}", allow_redirects=False)
    assert consent.status_code == 200, consent.text
    fields = {html.unescape(name): html.unescape(value) for name, value in
              re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', consent.text)}
    allowed = browser.post(f"{server.base}/oauth/authorize", data={**fields, "decision": "allow"},
                           allow_redirects=False)
    assert allowed.status_code == 302, allowed.text
    code = parse_qs(urlparse(allowed.headers["Location"]).query)["code"][0]
    token = requests.post(f"{server.base}/oauth/token", timeout=30, data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": OOB, "client_id": access_key,
        "client_secret": secret_key})
    assert token.status_code == 200 and token.json()["scope"] == SCOPES, token.text
    return token.json()["access_token"]


@pytest.fixture(scope="module")
def fuzzing(server) -> Fuzzing:
    # setup: the fuzzing person, their apps and token, the person they may follow, the photo they may like
    from conftest import png  # here, not at the top: schemathesis loads this file as its hooks, without conftest

    browser = sign_up(server, "st_fuzzer", "Schema", "Fuzzer")
    access_key, secret_key, oauth1_secret = register_app(server, browser)
    pixabay_keys = tuple(register_app(server, browser)[0] for _ in range(4))
    token = authorise(server, browser, access_key, secret_key)
    followee = "st_followee"
    sign_up(server, followee, "Followed", "Person")
    uploaded = requests.post(f"{server.base}/photos", headers={"Authorization": f"Bearer {token}"}, timeout=30,
                             files={"file": ("fuzzing-target.png", png(16, 16, os.urandom(16)), "image/png")},
                             data={"title": "Fuzzing target"})
    assert uploaded.status_code == 201, uploaded.text
    for address in SOURCE_ADDRESSES.values():  # the runs connect from these: fail here, plainly, if they cannot
        with socket.socket() as probe:
            probe.bind((address, 0))
            probe.connect(("127.0.0.1", server.port))
    flickr = OAuth1Session(access_key, client_secret=oauth1_secret, callback_uri="oob")
    request_token = flickr.fetch_request_token(f"{server.base}/services/oauth/request_token")["oauth_token"]
    return Fuzzing(token=token, app_key=access_key, pixabay_keys=pixabay_keys, followee=followee,
                   photo_id=uploaded.json()["id"], request_token=request_token)


def toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def toml_list(values) -> str:
    return "[" + ", ".join(toml_string(str(value)) for value in values) + "]"


# schemathesis's own expected statuses for valid and for invalid requests, which the exceptions below extend.
POSITIVE_DEFAULT = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]
NEGATIVE_DEFAULT = ["400", "401", "403", "404", "405", "406", "409", "415", "422", "428", "429", "5xx"]


def configuration(fuzzing: Fuzzing, *, with_token: bool) -> str:
    """schemathesis.toml for one run."""
    entries: list[tuple[str, list[str]]] = []

    def operation(names, *lines: str, why: str) -> None:
        names = [names] if isinstance(names, str) else list(names)
        entries.append((f"# {why}", [f"include-name = {toml_list(names)}", *lines]))

    # Identifiers schemathesis cannot invent.
    keys = fuzzing.pixabay_keys[2:] if with_token else fuzzing.pixabay_keys[:2]
    for name, key in zip(("GET /api", "GET /api/videos"), keys):
        operation(name, f"parameters = {{ key = {toml_string(key)} }}",
                  why="Pixabay answers only a registered key (400 otherwise, reference §3.4): one of this module's.")
    operation("GET /oauth/authorize",
              f"parameters = {{ client_id = {toml_string(fuzzing.app_key)}, redirect_uri = {toml_string(OOB)} }}",
              "checks.negative_data_rejection.expected-statuses = " + toml_list([*NEGATIVE_DEFAULT, "302"]),
              why="A real client, so that the flow is reached (303 to sign in). Once client_id and redirect_uri are "
                  "known, every other problem is redirected to the client with `error` (302), as RFC 6749 "
                  "§4.1.2.1 requires.")
    operation("GET /services/oauth/authorize",
              f"parameters = {{ oauth_token = {toml_string(fuzzing.request_token)} }}",
              why="A request token exists only after a signed request_token call (OAuth 1.0a), made here.")
    # Answers a schema cannot describe.
    operation(["GET /services/rest", "POST /services/rest"],
              "checks.negative_data_rejection.expected-statuses = " + toml_list([*NEGATIVE_DEFAULT, "200"]),
              why="Flickr answers every failure with HTTP 200 and stat=\"fail\" (reference §0.3, §1.1); flickrapi "
                  "treats any other status as a transport error.")
    for name, rule in SIZE_LIMITS_400.items():
        operation(name, "checks.positive_data_acceptance.expected-statuses = " + toml_list([*POSITIVE_DEFAULT, "400"]),
                  why=f"400 for a limit the schema states in prose only: {rule}.")
    operation(["POST /photos", "PUT /me/avatar", "POST /me/avatar"],
              "checks.positive_data_acceptance.expected-statuses = "
              + toml_list([*POSITIVE_DEFAULT, "415", "422"]),
              why="A schema cannot say \"the bytes of a JPEG, PNG, WebP, HEIC or AVIF\": generated bytes are not an "
                  "image ImageFeed can read (415) or not a whole one (422).")
    never_stored = ["POST /jsonplaceholder/users", "POST /jsonplaceholder/photos",
                    "POST /jsonplaceholder/albums/{id}/photos"]
    if not with_token:
        never_stored += ["POST /jsonplaceholder/albums", "POST /jsonplaceholder/users/{id}/albums"]
    operation(never_stored, "phases.stateful.enabled = false",
              why="JSONPlaceholder answers these writes with 201 and the Location the record would have, and stores "
                  "nothing (reference §4.1, §6: \"you'll get a 404\"; only albums written with a token are real): "
                  "the stateful phase does not follow links from them to a record that never exists. They stay in "
                  "the other phases. (`--checks all` overrides a per-operation switch of the check itself.)")
    if with_token:
        # Writes that reach other people's records, pointed at records this module made.
        operation(["POST /users/{username}/follow", "DELETE /users/{username}/follow"],
                  f"parameters = {{ \"path.username\" = {toml_string(fuzzing.followee)} }}",
                  why="Following changes the followed person's counts: only st_followee is followed.")
        operation(["POST /photos/{id}/like", "DELETE /photos/{id}/like"],
                  f"parameters = {{ \"path.id\" = {toml_string(fuzzing.photo_id)} }}",
                  why="A like changes the photo's counts: only st_fuzzer's own photo is liked.")
        operation(["POST /jsonplaceholder/albums", "POST /jsonplaceholder/users/{id}/albums",
                   "POST /jsonplaceholder/photos", "POST /jsonplaceholder/albums/{id}/photos"],
                  "checks.positive_data_acceptance.expected-statuses = " + toml_list([*POSITIVE_DEFAULT, "422"]),
                  why="With a token these writes are real: an album needs a title, and a photo is added only by "
                      "uploading it (422), which the body schema shared with the answered-not-stored writes of "
                      "JSONPlaceholder cannot say.")
    # The spec says a repeated query parameter is read from its first occurrence (see "Request parameters"); the
    # coverage phase would otherwise send repeats whose later values are wrong and expect a refusal.
    header = "[phases.coverage]\ngenerate-duplicate-query-parameters = false\n\n"
    return header + "\n".join(f"{comment}\n[[operations]]\n" + "\n".join(lines) + "\n" for comment, lines in entries)


def connect_from(address: str) -> None:
    """Makes every HTTP connection of this process start from `address`: done in the st subprocess (which loads this
    file as its hooks module) when `ST_SOURCE_ADDRESS` says so."""
    open_pools = HTTPAdapter.init_poolmanager

    def init_poolmanager(self, *args, **kwargs):
        return open_pools(self, *args, **{**kwargs, "source_address": (address, 0)})

    HTTPAdapter.init_poolmanager = init_poolmanager


if "ST_SOURCE_ADDRESS" in os.environ:
    connect_from(os.environ["ST_SOURCE_ADDRESS"])


def given(parameters: dict, name: str) -> str | None:
    """A parameter's value as the server reads it: absent when missing or empty."""
    value = parameters.get(name)
    return None if value is None or str(value) == "" else str(value)


ALBUM_MEMBERSHIP = ("POST /collections/{id}/add", "DELETE /collections/{id}/remove")


def within_rules(label: str, query: dict, body) -> None:
    """Keeps a request schemathesis means to be valid within the rules between parameters that the schema states in
    prose only (OpenAPI has no `dependentRequired` across parameters); the server answers each broken rule with a
    400, rightly."""
    if label in NEAR_ME:
        # A position is `lat` with `lon` (or `lng`, read when `lon` is absent or empty): half of one is left out.
        longitude = given(query, "lon") or given(query, "lng")
        if (given(query, "lat") is None) != (longitude is None):
            for name in ("lat", "lon", "lng"):
                query.pop(name, None)
        # A photo search needs words or a position.
        if label == "GET /search/photos" and given(query, "lat") is None and not str(
                query.get("query") or "").strip(WHITESPACE):
            query["query"] = "meadow"
    elif label == "GET /photos/{id}/download":
        # A wallpaper size is `w` with `h` (unless `device` names one): half of one is left out.
        if given(query, "device") is None and ("w" in query or "h" in query) and not (
                given(query, "w") and given(query, "h")):
            query.pop("w", None)
            query.pop("h", None)
    elif label == "GET /api":
        # A page past the results is a 400, as on Pixabay (reference §3.4); only the first is sure to exist.
        page = given(query, "page")
        if page is not None and re.fullmatch(r"[+-]?\d+", page.strip(" \t")) and int(page) != 1:
            query["page"] = 1
    elif label == "DELETE /collections/{id}/remove":
        # The photo comes in the query or in the body: one of them.
        if given(query, "photo_id") is None and given(body if isinstance(body, dict) else {}, "photo_id") is None:
            query["photo_id"] = "no-such-photo"


def own_photo(query: dict, body, photo: str) -> None:
    """Points the photo an album gains or loses at `st_fuzzer`'s own, wherever the request names one with a
    non-empty string, repeated ones too (empty and non-string values stay, for the negative cases)."""
    def pinned(value):
        if isinstance(value, list):
            return [pinned(item) for item in value]
        return photo if isinstance(value, str) and value else value

    for container in (query, body):
        if isinstance(container, dict) and "photo_id" in container:
            container["photo_id"] = pinned(container["photo_id"])


@schemathesis.hook
def map_case(context, case):
    """Every case schemathesis makes, before it is sent (in the st subprocess, which loads this file as its hooks):

    - one meant to be valid is kept within the rules between parameters (`within_rules`);
    - in every phase and mode, the photo an album gains or loses is `st_fuzzer`'s own (`ST_FUZZER_PHOTO`):
      schemathesis hands on ids it saw in earlier answers, and a seeded photo put into an album would change what
      the other tests read of it (its JSONPlaceholder `albumId`, its Pixabay `collections`). Config parameters can
      pin the follow and like paths, not a body property."""
    label = case.operation.label
    query = dict(case.query or {})
    if case.meta is not None and case.meta.generation.mode.is_positive:
        within_rules(label, query, case.body)
    photo = os.environ.get("ST_FUZZER_PHOTO")
    if photo is not None and label in ALBUM_MEMBERSHIP:
        own_photo(query, case.body, photo)
    if query or case.query is not None:
        case.query = query
    return case


def summary(output: str) -> str:
    """schemathesis's SUMMARY section (operations, phases, failures, test cases): printed, for `pytest -s`."""
    found = re.search(r"^=+ SUMMARY =+$.*", output, re.MULTILINE | re.DOTALL)
    return found.group(0) if found else output[-2000:]


def failures(output: str) -> str:
    """The FAILURES section of schemathesis's output, and its summary of failures."""
    found = re.search(r"^=+ FAILURES =+$.*?(?=^=+ (WARNINGS|SUMMARY) =+$)", output, re.MULTILINE | re.DOTALL)
    summary = re.search(r"^Failures:$.*?(?=^\S)", output, re.MULTILINE | re.DOTALL)
    return (found.group(0) if found else output[-20000:]) + "\n" + (summary.group(0) if summary else "")


def run_schemathesis(server, fuzzing: Fuzzing, workdir: Path, *, with_token: bool) -> subprocess.CompletedProcess:
    config = workdir / "schemathesis.toml"
    config.write_text(configuration(fuzzing, with_token=with_token))
    headers = ["-H", f"Authorization: Bearer {fuzzing.token}"] if with_token else []
    command = [str(ST), "--config-file", str(config), "--no-color", "run", str(SPEC), "--url", server.base,
               "--checks", "all", "--seed", str(SEED), "--max-examples", str(MAX_EXAMPLES), "--workers", "1",
               "--continue-on-failure", "--generation-database", "none", *headers]
    # The working directory takes schemathesis's own files (its cache), away from the repository.
    environment = dict(os.environ, SCHEMATHESIS_HOOKS=str(Path(__file__).resolve()), ST_FUZZER_PHOTO=fuzzing.photo_id,
                       ST_SOURCE_ADDRESS=SOURCE_ADDRESSES[with_token])
    return subprocess.run(command, cwd=workdir, env=environment, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                          check=False)


def remaining(server) -> int:
    """What is left of this address's (127.0.0.1's) hourly API requests, less the one this asks with."""
    return int(requests.get(f"{server.base}/stats/total", timeout=30).headers["X-Ratelimit-Remaining"])


def test_schemathesis_finds_nothing_anonymously(server, fuzzing, scratch):
    # setup
    before = remaining(server)

    # act
    run = run_schemathesis(server, fuzzing, scratch, with_token=False)
    after = remaining(server)
    print(summary(run.stdout))

    # assert
    assert run.returncode == 0, f"schemathesis (anonymous) found failures:\n{failures(run.stdout + run.stderr)}"
    assert after >= before - 1, f"the anonymous run spent {before - 1 - after} of 127.0.0.1's requests"


def test_schemathesis_finds_nothing_with_a_token(server, fuzzing, scratch):
    # act
    run = run_schemathesis(server, fuzzing, scratch, with_token=True)
    print(summary(run.stdout))

    # assert
    assert run.returncode == 0, f"schemathesis (with a token) found failures:\n{failures(run.stdout + run.stderr)}"
