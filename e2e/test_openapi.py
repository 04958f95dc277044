"""Keeps openapi.yaml honest against the real server (started by conftest.py's `server` fixture):

1. the file is a valid OpenAPI 3.1 description;
2. every path and method it describes is routed by the server, and every route the server registers is described;
3. real responses (the feed, one photo, search, /me, devices, an album…) validate against its schemas and carry
   the headers it promises.
"""

import json
import os
import re
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
import requests
import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi

REPO = Path(__file__).resolve().parent.parent
SPEC_PATH = REPO / "openapi.yaml"
BINARY = os.environ.get("IMAGEFEED_BIN", str(REPO / ".build" / "debug" / "imagefeed"))
METHODS = ("get", "put", "post", "delete", "patch", "head")
# Stand-ins for path parameters: records that do not exist, so every request is harmless.
PLACEHOLDERS = {"id": "no-such-id-0000", "username": "no_such_user_0000", "appID": "no-such-app-0000"}


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


def png(width: int, height: int, seed: bytes) -> bytes:
    """A small RGB PNG, unique per seed (so that uploading it never collides with another photo)."""
    rows = b"".join(
        b"\x00" + bytes(((x * 4 + seed[y % len(seed)]) % 256, (y * 5) % 256, (x * y + seed[x % len(seed)]) % 256)
                        [channel] for x in range(width) for channel in range(3))
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


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


def server_routes() -> set[tuple[str, str]]:
    """The server's routes as `imagefeed routes --json` lists them (HEAD is served wherever GET is), without the
    web app's own files: the API, the images, the account and OAuth pages and the share pages."""
    listed = json.loads(subprocess.run([BINARY, "routes", "--json"], capture_output=True, text=True, check=True,
                                       timeout=120).stdout)
    routes: set[tuple[str, str]] = set()
    for route in listed:
        if route["group"] == "web-app" and route["path"] != "/p/:id":
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


def test_albums_match_the_schema(server, spec, signed_in, photo_id):
    session, _ = signed_in
    album = check_body(spec, "/collections", "post",
                       session.post(f"{server.base}/collections", data={"title": "OpenAPI album"}))
    added = check_body(spec, "/collections/{id}/add", "post",
                       session.post(f"{server.base}/collections/{album['id']}/add", data={"photo_id": photo_id}))
    assert added["collection"]["total_photos"] == 1
    check_body(spec, "/collections/{id}", "get", requests.get(f"{server.base}/collections/{album['id']}", timeout=30))
    check_body(spec, "/collections", "get", requests.get(f"{server.base}/collections", timeout=30))
    check_body(spec, "/collections/{id}/photos", "get", requests.get(
        f"{server.base}/collections/{album['id']}/photos", params={"query": "beach"}, timeout=30))
    check_body(spec, "/users/{username}/collections", "get",
               requests.get(f"{server.base}/users/{server.username}/collections", timeout=30))
