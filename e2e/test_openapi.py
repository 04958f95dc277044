"""Keeps openapi.yaml honest against the real server (started by conftest.py's `server` fixture):

1. the file is a valid OpenAPI 3.1 description;
2. every path and method it describes is routed by the server, and every route the server registers is described;
3. real responses (the feed, one photo, search, /me, devices, albums, topics, statistics, people search, follows,
   the following feed, client ids…) validate against its schemas and carry the headers it promises.

The library is the one conftest.py seeds (photos tagged `nature` and `abstract`, the topics `nature` and `abstract`).
"""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
import requests
import yaml
from conftest import png
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi

REPO = Path(__file__).resolve().parent.parent
SPEC_PATH = REPO / "openapi.yaml"
BINARY = os.environ.get("IMAGEFEED_BIN", str(REPO / ".build" / "debug" / "imagefeed"))
METHODS = ("get", "put", "post", "delete", "patch", "head")
# Stand-ins for path parameters: records that do not exist, so every request is harmless.
PLACEHOLDERS = {"id": "no-such-id-0000", "username": "no_such_user_0000", "appID": "no-such-app-0000",
                "id_or_slug": "no-such-topic-0000"}


@pytest.fixture(scope="module")
def spec():
    with open(SPEC_PATH, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def route_missing(response: requests.Response) -> bool:
    """The framework's answer for an unrouted path — as opposed to `Couldn't find Photo` for a missing record."""
    if response.status_code != 404:
        return False
    try:
        return response.json() == {"errors": ["Not found"]}
    except ValueError:
        return False


def template(path: str) -> str:
    """`/photos/{id}` and `/photos/:id` both become `/photos/{}`."""
    return re.sub(r"\{[^}]+\}|:[A-Za-z_]+", "{}", path)


def resolve(spec: dict, node: dict) -> dict:
    while "$ref" in node:
        target = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def check_body(spec: dict, path: str, method: str, response: requests.Response) -> dict:
    """Validates a JSON response against the schema the spec gives for its path, method and status."""
    operation = spec["paths"][path][method]
    documented = operation["responses"]
    assert str(response.status_code) in documented, (
        f"{method.upper()} {path} answered {response.status_code}, which the spec does not list: {response.text[:300]}"
    )
    described = resolve(spec, documented[str(response.status_code)])
    assert response.headers["Content-Type"].startswith("application/json")
    schema = described["content"]["application/json"]["schema"]
    root = {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": spec["components"], **schema}
    Draft202012Validator.check_schema(root)
    body = response.json()
    errors = sorted(Draft202012Validator(root, format_checker=Draft202012Validator.FORMAT_CHECKER).iter_errors(body),
                    key=lambda error: list(error.absolute_path))
    assert not errors, "\n".join(f"{list(error.absolute_path)}: {error.message}" for error in errors[:10])
    for name, header in described.get("headers", {}).items():
        header = resolve(spec, header)
        value = response.headers.get(name)
        if header.get("required"):
            assert value is not None, f"{method.upper()} {path} {response.status_code} lacks the {name} header"
        if value is not None and header.get("schema", {}).get("type") == "integer":
            assert re.fullmatch(r"-?\d+", value), f"{name}: {value!r} is not an integer"
    return body


@pytest.fixture(scope="module")
def signed_in(server):
    """A first-party web session (JSON sign-in), as the web app holds it."""
    session = requests.Session()
    session.headers["Origin"] = server.base
    response = session.post(f"{server.base}/account/login", json={"login": server.email, "password": server.password},
                            headers={"Accept": "application/json"})
    assert response.status_code == 200, response.text
    assert session.cookies.get("imagefeed_session")
    return session, response


@pytest.fixture(scope="module")
def photo_id(server, signed_in):
    session, _ = signed_in
    response = session.post(
        f"{server.base}/photos",
        files={"file": ("openapi-beach.png", png(64, 48, os.urandom(16)), "image/png")},
        data={"title": "OpenAPI beach", "description": "A photo uploaded by the OpenAPI test", "tags": "beach, sea",
              "location[city]": "Lisbon", "location[country]": "Portugal",
              "location[latitude]": "38.7223", "location[longitude]": "-9.1393"},
    )
    assert response.status_code == 201, response.text
    return response.json()["id"]


# 1. the document itself

def test_spec_is_valid_openapi_3_1(spec):
    assert spec["openapi"].startswith("3.1")
    validate_openapi(spec)


# 2. routes, both ways

def test_every_described_operation_is_routed_by_the_server(server, spec):
    missing, undocumented_status = [], []
    for path, item in spec["paths"].items():
        url = server.base + re.sub(r"\{([^}]+)\}", lambda match: PLACEHOLDERS[match.group(1)], path)
        for method in METHODS:
            if method not in item:
                continue
            # No credentials and no Origin: user routes answer 401, account forms 403, OAuth 400/401 — nothing changes.
            response = requests.request(method.upper(), url, allow_redirects=False, timeout=30)
            if route_missing(response) or response.status_code == 405:
                missing.append(f"{method.upper()} {path} → {response.status_code} {response.text[:120]}")
            elif str(response.status_code) not in item[method]["responses"]:
                undocumented_status.append(f"{method.upper()} {path} → {response.status_code}")
    assert not missing, "described but not routed:\n" + "\n".join(missing)
    assert not undocumented_status, "statuses the spec does not list:\n" + "\n".join(undocumented_status)


def test_unknown_route_and_unknown_record_are_told_apart(server):
    unknown_route = requests.get(f"{server.base}/no-such-route/at-all", timeout=30)
    assert route_missing(unknown_route)
    unknown_photo = requests.get(f"{server.base}/photos/{PLACEHOLDERS['id']}", timeout=30)
    assert unknown_photo.status_code == 404 and unknown_photo.json() == {"errors": ["Couldn't find Photo"]}
    assert not route_missing(unknown_photo)


# The Firebase surfaces speak Google's formats; the spec names their prefixes under its `Firebase` tag only.
FIREBASE_GROUPS = {"firebase-auth", "firebase-admin", "firebase-keys", "firebase-storage", "cloud-storage"}
FIREBASE_PAGES = {"/__/auth/action"}


def server_routes() -> set[tuple[str, str]]:
    """The server's routes as `imagefeed routes --json` lists them (HEAD is served wherever GET is), without the
    web app's own files and the Firebase surfaces: the API, the images, the account and OAuth pages and the share
    pages."""
    listed = json.loads(subprocess.run([BINARY, "routes", "--json"], capture_output=True, text=True, check=True,
                                       timeout=120).stdout)
    routes: set[tuple[str, str]] = set()
    for route in listed:
        if route["group"] == "web-app" and route["path"] != "/p/:id":
            continue
        if route["group"] in FIREBASE_GROUPS or route["path"] in FIREBASE_PAGES:
            continue
        routes.add((route["method"].lower(), template(route["path"])))
    return routes


def test_every_server_route_is_described(spec):
    routes = server_routes()
    assert ("get", "/photos") in routes and ("get", "/p/{}") in routes and len(routes) > 40, routes
    described = {(method, template(path)) for path, item in spec["paths"].items() for method in METHODS
                 if method in item}
    assert sorted(routes - described) == [], "routed but not described"


def test_extensions_are_marked(spec):
    paths = spec["paths"]
    for path, method in [("/devices", "get"), ("/me/avatar", "put"), ("/me/avatar", "post"),
                         ("/avatars/{username}", "get"), ("/p/{id}", "get")]:
        assert paths[path][method].get("x-imagefeed-extension") is True, (method, path)
    schemas, parameters = spec["components"]["schemas"], spec["components"]["parameters"]
    assert schemas["PhotoSearchResults"]["properties"]["tags"]["x-imagefeed-extension"] is True
    for name in ("taken_at", "original"):
        assert schemas["Photo"]["properties"][name]["x-imagefeed-extension"] is True
    for name in ("device", "exact_location_public"):
        assert schemas["User"]["properties"][name]["x-imagefeed-extension"] is True
    feed = [p for p in paths["/photos"]["get"]["parameters"] if p.get("name") == "feed"]
    assert feed and feed[0]["x-imagefeed-extension"] is True and feed[0]["schema"]["enum"] == ["following"]
    for name in ("tags", "lat", "lon", "radius"):
        assert parameters[name]["x-imagefeed-extension"] is True
    download = {parameter["name"]: parameter for parameter in paths["/photos/{id}/download"]["get"]["parameters"]}
    assert all(download[name]["x-imagefeed-extension"] for name in ("device", "w", "h"))
    query = [p for p in paths["/collections/{id}/photos"]["get"]["parameters"] if p.get("name") == "query"]
    assert query and query[0]["x-imagefeed-extension"] is True


# 3. real responses against the schemas

def test_feed_page_matches_the_schema(server, spec, photo_id):
    response = requests.get(f"{server.base}/photos", params={"per_page": 2}, timeout=30)
    body = check_body(spec, "/photos", "get", response)
    assert photo_id in [photo["id"] for photo in body]
    assert int(response.headers["X-Per-Page"]) == 2 and int(response.headers["X-Total"]) >= 1


def test_one_photo_matches_the_schema(server, spec, photo_id):
    response = requests.get(f"{server.base}/photos/{photo_id}", timeout=30)
    body = check_body(spec, "/photos/{id}", "get", response)
    assert body["id"] == photo_id and body["original"]["format"] == "png"
    assert {"type": "search", "title": "beach"} in body["tags"]
    assert body["tags_preview"] == body["tags"][:3] and body["topics"] == [] and body["meta"] == {"index": True}
    # anonymous viewers see the position rounded to two decimals
    assert body["location"]["position"] == {"latitude": 38.72, "longitude": -9.14}


def test_errors_match_the_schema(server, spec):
    check_body(spec, "/photos/{id}", "get", requests.get(f"{server.base}/photos/{PLACEHOLDERS['id']}", timeout=30))
    check_body(spec, "/photos", "get", requests.get(f"{server.base}/photos?per_page=x", timeout=30))
    check_body(spec, "/me", "get", requests.get(f"{server.base}/me", timeout=30))
    check_body(spec, "/me", "get", requests.get(f"{server.base}/me", headers={"Authorization": "Bearer nope"},
                                                timeout=30))


def test_search_me_devices_user_and_download_match_the_schema(server, spec, signed_in, photo_id):
    session, login = signed_in
    check_body(spec, "/account/login", "post", login)
    found = check_body(spec, "/search/photos", "get",
                       requests.get(f"{server.base}/search/photos", params={"query": "beach"}, timeout=30))
    assert photo_id in [photo["id"] for photo in found["results"]]
    assert any(tag["title"] == "beach" for tag in found["tags"])
    near = check_body(spec, "/search/photos", "get", requests.get(
        f"{server.base}/search/photos", params={"lat": 38.72, "lon": -9.14, "radius": 5}, timeout=30))
    assert photo_id in [photo["id"] for photo in near["results"]]
    devices = check_body(spec, "/devices", "get", requests.get(f"{server.base}/devices", timeout=30))
    me = check_body(spec, "/me", "put", session.put(f"{server.base}/me", data={"device": devices[0]["id"]}))
    assert me["device"] == devices[0]
    check_body(spec, "/me", "get", session.get(f"{server.base}/me"))
    check_body(spec, "/users/{username}", "get", requests.get(f"{server.base}/users/{server.username}", timeout=30))
    link = check_body(spec, "/photos/{id}/download", "get", requests.get(
        f"{server.base}/photos/{photo_id}/download", params={"device": devices[0]["id"]}, timeout=30))
    assert "fit=crop" in link["url"]
    liked = check_body(spec, "/photos/{id}/like", "post", session.post(f"{server.base}/photos/{photo_id}/like"))
    assert liked["photo"]["liked_by_user"] is True
    check_body(spec, "/users/{username}/likes", "get",
               requests.get(f"{server.base}/users/{server.username}/likes", timeout=30))


@pytest.fixture
def made_albums(server, signed_in):
    """The albums a test makes (it appends their ids), deleted after it: an owner's album titles are unique, so an
    album left behind would refuse the same test's next run, and show in other tests' lists."""
    made = []
    yield made
    session, _ = signed_in
    for album in made:
        session.delete(f"{server.base}/collections/{album}")


def test_albums_match_the_schema(server, spec, signed_in, photo_id, made_albums):
    session, _ = signed_in
    album = check_body(spec, "/collections", "post",
                       session.post(f"{server.base}/collections", data={"title": "OpenAPI album"}))
    made_albums.append(album["id"])
    added = check_body(spec, "/collections/{id}/add", "post",
                       session.post(f"{server.base}/collections/{album['id']}/add", data={"photo_id": photo_id}))
    assert added["collection"]["total_photos"] == 1
    one = check_body(spec, "/collections/{id}", "get",
                     requests.get(f"{server.base}/collections/{album['id']}", timeout=30))
    assert "OpenAPI album" in one["meta"]["title"]
    assert one["tags"] == [{"type": "search", "title": "beach"}, {"type": "search", "title": "sea"}]
    assert [preview["id"] for preview in one["preview_photos"]] == [photo_id]
    check_body(spec, "/collections", "get", requests.get(f"{server.base}/collections", timeout=30))
    check_body(spec, "/collections/{id}/photos", "get", requests.get(
        f"{server.base}/collections/{album['id']}/photos", params={"query": "beach"}, timeout=30))
    check_body(spec, "/users/{username}/collections", "get",
               requests.get(f"{server.base}/users/{server.username}/collections", timeout=30))


def seeded_photos(server, tag: str) -> list[str]:
    photos = requests.get(f"{server.base}/photos", params={"per_page": 30, "tags": tag}, timeout=30).json()
    return sorted(photo["id"] for photo in photos)


def test_private_album_matches_the_schema(server, spec, signed_in, made_albums):
    # setup
    session, _ = signed_in
    album = check_body(spec, "/collections", "post",
                       session.post(f"{server.base}/collections", data={"title": "OpenAPI secrets", "private": "1"}))
    made_albums.append(album["id"])

    # act
    own = check_body(spec, "/collections/{id}", "get", session.get(f"{server.base}/collections/{album['id']}"))
    others = check_body(spec, "/collections/{id}", "get",
                        requests.get(f"{server.base}/collections/{album['id']}", timeout=30))
    session.delete(f"{server.base}/collections/{album['id']}")

    # assert
    assert own["private"] is True and own["preview_photos"] is None and own["tags"] == []
    assert own["meta"]["index"] is False and own["meta"]["canonical"] is None  # not for search engines
    assert others == {"errors": ["Couldn't find Collection"]}


def test_related_albums_match_the_schema(server, spec, signed_in, photo_id, made_albums):
    # setup: two public albums sharing a photo
    session, _ = signed_in
    first = session.post(f"{server.base}/collections", data={"title": "Related one"}).json()
    second = session.post(f"{server.base}/collections", data={"title": "Related two"}).json()
    made_albums.extend([first["id"], second["id"]])
    for album in (first, second):
        session.post(f"{server.base}/collections/{album['id']}/add", data={"photo_id": photo_id})

    # act
    related = check_body(spec, "/collections/{id}/related", "get",
                         requests.get(f"{server.base}/collections/{first['id']}/related", timeout=30))
    missing = check_body(spec, "/collections/{id}/related", "get",
                         requests.get(f"{server.base}/collections/{PLACEHOLDERS['id']}/related", timeout=30))

    # assert
    assert second["id"] in [album["id"] for album in related] and first["id"] not in [a["id"] for a in related]
    assert missing == {"errors": ["Couldn't find Collection"]}
    for album in (first, second):
        session.delete(f"{server.base}/collections/{album['id']}")


def test_topics_match_the_schema(server, spec):
    # act
    listed = requests.get(f"{server.base}/topics", timeout=30)
    topics = check_body(spec, "/topics", "get", listed)
    featured = check_body(spec, "/topics", "get", requests.get(f"{server.base}/topics",
                                                               params={"order_by": "featured"}, timeout=30))
    chosen = check_body(spec, "/topics", "get", requests.get(f"{server.base}/topics",
                                                             params={"ids": server.nature_topic}, timeout=30))
    nature = check_body(spec, "/topics/{id_or_slug}", "get",
                        requests.get(f"{server.base}/topics/{server.nature_topic}", timeout=30))
    by_id = check_body(spec, "/topics/{id_or_slug}", "get",
                       requests.get(f"{server.base}/topics/{nature['id']}", timeout=30))
    photos_response = requests.get(f"{server.base}/topics/{server.nature_topic}/photos", timeout=30)
    photos = check_body(spec, "/topics/{id_or_slug}/photos", "get", photos_response)
    portrait = check_body(spec, "/topics/{id_or_slug}/photos", "get", requests.get(
        f"{server.base}/topics/{server.nature_topic}/photos", params={"orientation": "portrait"}, timeout=30))
    random = check_body(spec, "/photos/random", "get", requests.get(
        f"{server.base}/photos/random", params={"topics": server.abstract_topic, "count": 5}, timeout=30))
    missing = check_body(spec, "/topics/{id_or_slug}", "get",
                         requests.get(f"{server.base}/topics/no-such-topic", timeout=30))

    # assert
    assert [topic["slug"] for topic in topics] == [server.abstract_topic, server.nature_topic]  # by position
    assert listed.headers["X-Total"] == "2"
    assert [topic["slug"] for topic in featured] == [server.nature_topic, server.abstract_topic]
    assert [topic["slug"] for topic in chosen] == [server.nature_topic]
    assert nature["title"] == "Nature" and nature["featured"] is True and nature["visibility"] == "featured"
    assert nature["total_photos"] == 3 and nature["status"] == "open"
    assert [user["username"] for user in nature["top_contributors"]] == [server.username]
    assert {preview["id"] for preview in nature["preview_photos"]} <= set(seeded_photos(server, "nature"))
    assert by_id["slug"] == server.nature_topic
    assert sorted(photo["id"] for photo in photos) == seeded_photos(server, "nature")
    assert photos_response.headers["X-Total"] == "3" and portrait == []
    assert sorted(photo["id"] for photo in random) == seeded_photos(server, "abstract")
    assert missing == {"errors": ["Couldn't find Topic"]}
    assert nature["links"]["html"] == f"{server.base}/#/t/{server.nature_topic}"  # the web app's topic page


def test_statistics_match_the_schema(server, spec, photo_id):
    # setup: one download
    requests.get(f"{server.base}/photos/{photo_id}/download", timeout=30)

    # act
    statistics = check_body(spec, "/photos/{id}/statistics", "get", requests.get(
        f"{server.base}/photos/{photo_id}/statistics", params={"quantity": 5}, timeout=30))
    legacy = check_body(spec, "/photos/{id}/stats", "get",
                        requests.get(f"{server.base}/photos/{photo_id}/stats", timeout=30))
    person = check_body(spec, "/users/{username}/statistics", "get", requests.get(
        f"{server.base}/users/{server.username}/statistics", params={"resolution": "days", "quantity": 1},
        timeout=30))
    photos = check_body(spec, "/users/{username}/photos", "get", requests.get(
        f"{server.base}/users/{server.username}/photos", params={"stats": "true", "quantity": 2}, timeout=30))
    total = check_body(spec, "/stats/total", "get", requests.get(f"{server.base}/stats/total", timeout=30))
    month = check_body(spec, "/stats/month", "get", requests.get(f"{server.base}/stats/month", timeout=30))
    too_many_days = check_body(spec, "/photos/{id}/statistics", "get", requests.get(
        f"{server.base}/photos/{photo_id}/statistics", params={"quantity": 31}, timeout=30))
    hours = check_body(spec, "/users/{username}/statistics", "get", requests.get(
        f"{server.base}/users/{server.username}/statistics", params={"resolution": "hours"}, timeout=30))
    missing = check_body(spec, "/photos/{id}/stats", "get",
                         requests.get(f"{server.base}/photos/{PLACEHOLDERS['id']}/stats", timeout=30))
    nobody = check_body(spec, "/users/{username}/statistics", "get", requests.get(
        f"{server.base}/users/{PLACEHOLDERS['username']}/statistics", timeout=30))

    # assert
    assert statistics["id"] == photo_id and statistics["downloads"]["total"] >= 1
    assert len(statistics["downloads"]["historical"]["values"]) == 5
    assert legacy["id"] == photo_id and legacy["downloads"]["total"] == statistics["downloads"]["total"]
    assert legacy["downloads"]["historical"]["quantity"] == 30  # the default window
    assert person["username"] == server.username and person["downloads"]["historical"]["quantity"] == 1
    assert all(len(photo["statistics"]["views"]["historical"]["values"]) == 2 for photo in photos)
    assert photo_id in [photo["id"] for photo in photos]
    assert total["photos"] == total["total_photos"] and total["downloads"] >= 1
    assert month["new_photos"] == total["photos"]
    assert too_many_days["errors"] and hours["errors"]
    assert missing == {"errors": ["Couldn't find Photo"]} and nobody == {"errors": ["Couldn't find User"]}


def test_people_search_follows_and_the_following_feed_match_the_schema(server, spec, signed_in):
    # setup
    session, _ = signed_in

    # act
    found = requests.get(f"{server.base}/search/users", params={"query": "Brush"}, timeout=30)
    people = check_body(spec, "/search/users", "get", found)
    no_query = check_body(spec, "/search/users", "get", requests.get(f"{server.base}/search/users", timeout=30))
    followed = check_body(spec, "/users/{username}/follow", "post",
                          session.post(f"{server.base}/users/{server.artist}/follow"))
    artist = check_body(spec, "/users/{username}", "get", session.get(f"{server.base}/users/{server.artist}"))
    followers = check_body(spec, "/users/{username}/followers", "get",
                           requests.get(f"{server.base}/users/{server.artist}/followers", timeout=30))
    following = check_body(spec, "/users/{username}/following", "get",
                           requests.get(f"{server.base}/users/{server.username}/following", timeout=30))
    feed = check_body(spec, "/photos", "get", session.get(f"{server.base}/photos", params={"feed": "following"}))
    myself = check_body(spec, "/users/{username}/follow", "post",
                        session.post(f"{server.base}/users/{server.username}/follow"))
    unfollowed = check_body(spec, "/users/{username}/follow", "delete",
                            session.delete(f"{server.base}/users/{server.artist}/follow"))
    anonymous = check_body(spec, "/photos", "get",
                           requests.get(f"{server.base}/photos", params={"feed": "following"}, timeout=30))
    stranger = check_body(spec, "/users/{username}/follow", "post",
                          requests.post(f"{server.base}/users/{server.artist}/follow", timeout=30))

    # assert
    assert [user["username"] for user in people["results"]] == [server.artist] and people["total"] == 1
    assert found.headers["X-Total"] == "1"
    assert no_query["errors"]
    assert followed["username"] == server.artist and followed["followed_by_user"] is True
    assert artist["followed_by_user"] is True and artist["followers_count"] == 1
    assert sorted(photo["id"] for photo in artist["photos"]) == seeded_photos(server, "abstract")
    assert [user["username"] for user in followers] == [server.username]
    assert [user["username"] for user in following] == [server.artist]
    assert sorted(photo["id"] for photo in feed) == seeded_photos(server, "abstract")
    assert myself["errors"]
    assert unfollowed["followed_by_user"] is False and unfollowed["followers_count"] == 0
    assert anonymous == {"errors": ["OAuth error: The access token is invalid"]}
    assert stranger == {"errors": ["OAuth error: The access token is invalid"]}


def test_album_search_matches_the_schema(server, spec, signed_in):
    # setup
    session, _ = signed_in
    album = session.post(f"{server.base}/collections",
                         data={"title": "Lighthouses", "description": "Along the coast"}).json()

    # act
    by_title = check_body(spec, "/search/collections", "get", requests.get(
        f"{server.base}/search/collections", params={"query": "lighthouses"}, timeout=30))
    by_description = check_body(spec, "/search/collections", "get", requests.get(
        f"{server.base}/search/collections", params={"query": "coast", "per_page": 1}, timeout=30))
    no_query = check_body(spec, "/search/collections", "get",
                          requests.get(f"{server.base}/search/collections", timeout=30))

    # assert
    assert [found["id"] for found in by_title["results"]] == [album["id"]]
    assert [found["id"] for found in by_description["results"]] == [album["id"]]
    assert no_query["errors"]
    session.delete(f"{server.base}/collections/{album['id']}")


def test_client_ids_match_the_schema(server, spec):
    # act
    header = requests.get(f"{server.base}/topics", headers={"Authorization": "Client-ID no-such-key"}, timeout=30)
    query = requests.get(f"{server.base}/stats/total", params={"client_id": "no-such-key"}, timeout=30)
    known = requests.get(f"{server.base}/topics", headers={"Authorization": f"Client-ID {server.access_key}"},
                         timeout=30)

    # assert
    assert check_body(spec, "/topics", "get", header) == {"errors": ["OAuth error: The access token is invalid"]}
    assert check_body(spec, "/stats/total", "get", query) == {"errors": ["OAuth error: The access token is invalid"]}
    assert len(check_body(spec, "/topics", "get", known)) == 2
