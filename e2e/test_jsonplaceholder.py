"""The real server's JSONPlaceholder dialect (`/jsonplaceholder/…`, json-server 0.16 conventions, reference §4)
walked with plain `requests` the way the albums app walks it: a user with name and address → the user's albums →
an album's photo grid filtered by title as you type; then json-server's paging, unknown ids, and writes (answered
and not stored without a token, as JSONPlaceholder does; real with a token holding the matching scope).

The test user's address and contact details are set first with `PUT /me`, and two albums (one public, one private)
are made through the Unsplash dialect with the traveller's three geotagged photos in the public one; they are
deleted at the end, so that other modules' album tests see the library as conftest.py seeded it.
"""

import math
import re
from urllib.parse import parse_qs, urlparse

import pytest
import requests

from conftest import OOB, image_size

SCOPE = "public read_user write_user read_collections write_collections"
ADDRESS = {"address_street": "Rua das Flores 12", "address_suite": "Apt. 3", "address_city": "Porto",
           "address_zipcode": "4050-262", "address_lat": "41.1433", "address_lng": "-8.6137",
           "phone": "+351 22 000 0000", "website": "edith.example.com", "company_name": "Lumen & Grain",
           "company_catch_phrase": "Light first, then shadow", "company_bs": "harness real-time pixels"}
EMPTY_ADDRESS = {"street": "", "suite": "", "city": "", "zipcode": "", "geo": {"lat": "", "lng": ""}}
EMPTY_COMPANY = {"name": "", "catchPhrase": "", "bs": ""}


def access_token(server, consent, scope: str) -> str:
    """A bearer token for the test user: consent through the sign-in and consent pages, then the code exchanged
    as the iOS apps exchange it."""
    code = consent(f"{server.base}/oauth/authorize?client_id={server.access_key}&redirect_uri={OOB}"
                   f"&response_type=code&scope={scope.replace(' ', '+')}")
    answer = requests.post(f"{server.base}/oauth/token", timeout=30, data={
        "client_id": server.access_key, "client_secret": server.secret_key, "redirect_uri": OOB, "code": code,
        "grant_type": "authorization_code"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["scope"] == scope
    return answer.json()["access_token"]


@pytest.fixture(scope="module")
def bearer(server, consent) -> dict:
    return {"Authorization": f"Bearer {access_token(server, consent, SCOPE)}"}


@pytest.fixture(scope="module")
def jp(server):
    """`jp(path, **params)`: an anonymous GET of `/jsonplaceholder{path}`."""

    def get(path: str, headers: dict | None = None, **params) -> requests.Response:
        return requests.get(f"{server.base}/jsonplaceholder{path}", params=params, headers=headers or {}, timeout=30)

    return get


@pytest.fixture(scope="module")
def albums_app(server, bearer):
    """The test user with an address, and two albums made through the Unsplash dialect: "Travels with Gina"
    (public; Wood, Lady bird and Storm) and "Drafts" (private, empty). Yields their Unsplash ids and the photos'."""
    photos = requests.get(f"{server.base}/users/{server.traveller}/photos", params={"per_page": 30},
                          timeout=30).json()
    by_title = {photo["description"]: photo["id"] for photo in photos}
    assert sorted(by_title) == ["Lady bird", "Storm", "Wood"], by_title
    me = requests.put(f"{server.base}/me", data=ADDRESS, headers=bearer, timeout=30)
    assert me.status_code == 200, me.text
    public = requests.post(f"{server.base}/collections", data={"title": "Travels with Gina"}, headers=bearer,
                           timeout=30).json()
    private = requests.post(f"{server.base}/collections", data={"title": "Drafts", "private": "true"},
                            headers=bearer, timeout=30).json()
    for title in ("Wood", "Lady bird", "Storm"):
        added = requests.post(f"{server.base}/collections/{public['id']}/add", data={"photo_id": by_title[title]},
                              headers=bearer, timeout=30)
        assert added.status_code == 201, added.text
    try:
        yield {"me": me.json(), "public": public["id"], "private": private["id"], "photos": by_title}
    finally:
        for album in (public, private):
            requests.delete(f"{server.base}/collections/{album['id']}", headers=bearer, timeout=30)


def user_number(jp, username: str) -> int:
    [user] = jp("/users", username=username).json()
    return user["id"]


def album_number(jp, user: int, title: str, headers: dict | None = None) -> int:
    [album] = [album for album in jp(f"/users/{user}/albums", headers).json() if album["title"] == title]
    return album["id"]


def links(response: requests.Response) -> dict[str, dict]:
    """`Link: <url>; rel="first", …` → {rel: query of url}."""
    found = {}
    for part in response.headers.get("Link", "").split(","):
        match = re.fullmatch(r'\s*<([^>]+)>;\s*rel="(\w+)"\s*', part)
        assert match, response.headers.get("Link")
        found[match.group(2)] = parse_qs(urlparse(match.group(1)).query)
    return found


# The albums app

def test_address_and_contact_through_put_me(server, bearer, albums_app):
    # act
    profile = requests.get(f"{server.base}/users/{server.username}", timeout=30).json()
    out_of_range = requests.put(f"{server.base}/me", data={"address_lat": "91"}, headers=bearer, timeout=30)
    too_long = requests.put(f"{server.base}/me", data={"address_street": "x" * 101}, headers=bearer, timeout=30)
    nobody = requests.get(f"{server.base}/users/{server.traveller}", timeout=30).json()

    # assert: the Unsplash dialect's extension keys
    expected_address = {"street": "Rua das Flores 12", "suite": "Apt. 3", "city": "Porto", "zipcode": "4050-262",
                        "geo": {"lat": "41.1433", "lng": "-8.6137"}}
    for user in (albums_app["me"], profile):
        assert user["address"] == expected_address
        assert user["phone"] == "+351 22 000 0000" and user["website"] == "edith.example.com"
        assert user["company"] == {"name": "Lumen & Grain", "catch_phrase": "Light first, then shadow",
                                   "bs": "harness real-time pixels"}
    assert out_of_range.status_code == 422 and out_of_range.json()["errors"], out_of_range.text
    assert too_long.status_code == 422 and too_long.json()["errors"], too_long.text
    assert nobody["address"] is None and nobody["phone"] is None and nobody["company"] is None


def test_a_user_with_name_and_address(server, bearer, albums_app, jp):
    # setup
    users = jp("/users")
    me = user_number(jp, server.username)

    # act
    user = jp(f"/users/{me}")
    as_themself = jp(f"/users/{me}", headers=bearer)
    traveller = jp(f"/users/{user_number(jp, server.traveller)}")
    unsplash = requests.get(f"{server.base}/users/{server.username}", timeout=30).json()

    # assert: JSONPlaceholder's user, every value a string, the email only for the user themself
    assert users.status_code == 200 and server.username in [user["username"] for user in users.json()]
    assert user.status_code == 200
    assert user.json() == {
        "id": me, "name": "Edith Tester", "username": server.username, "email": "",
        "address": {"street": "Rua das Flores 12", "suite": "Apt. 3", "city": "Porto", "zipcode": "4050-262",
                    "geo": {"lat": "41.1433", "lng": "-8.6137"}},
        "phone": "+351 22 000 0000", "website": "edith.example.com",
        "company": {"name": "Lumen & Grain", "catchPhrase": "Light first, then shadow",
                    "bs": "harness real-time pixels"}}
    assert as_themself.json()["email"] == server.email
    assert traveller.json()["name"] == "Gina Alves" and traveller.json()["address"] == EMPTY_ADDRESS
    assert traveller.json()["company"] == EMPTY_COMPANY and traveller.json()["phone"] == ""
    assert unsplash["numeric_id"] == me  # the same number in both dialects


def test_the_users_albums_then_an_albums_photos_filtered_by_title(server, bearer, albums_app, jp):
    # setup
    me = user_number(jp, server.username)

    # act
    anonymous_albums = jp(f"/users/{me}/albums").json()
    own_albums = jp(f"/users/{me}/albums", bearer).json()
    album = album_number(jp, me, "Travels with Gina")
    photos = jp(f"/albums/{album}/photos")
    same_by_filter = jp("/photos", albumId=album)
    typed_st = jp(f"/albums/{album}/photos", title_like="st")
    typed_capitals = jp(f"/albums/{album}/photos", title_like="STORM")
    typed_o = jp(f"/albums/{album}/photos", title_like="o")
    typed_nothing = jp(f"/albums/{album}/photos", title_like="zebra")

    # assert: the public album for everyone, the private one only with the token
    assert {"userId": me, "id": album, "title": "Travels with Gina"} in anonymous_albums
    assert "Drafts" not in [item["title"] for item in anonymous_albums]
    assert {"Travels with Gina", "Drafts"} <= {item["title"] for item in own_albums}
    assert all(item["userId"] == me for item in own_albums)
    # assert: the grid
    assert photos.status_code == 200
    grid = photos.json()
    assert sorted(photo["title"] for photo in grid) == ["Lady bird", "Storm", "Wood"]
    assert [photo["id"] for photo in grid] == sorted(photo["id"] for photo in grid)
    assert all(set(photo) == {"albumId", "id", "title", "url", "thumbnailUrl"} for photo in grid)
    assert all(photo["albumId"] == album for photo in grid)
    assert same_by_filter.json() == grid
    for photo in grid:
        assert image_size(requests.get(photo["thumbnailUrl"], timeout=30).content)[1:] == (150, 150)
        assert image_size(requests.get(photo["url"], timeout=30).content)[1] == 600  # landscape: 600 wide
    # assert: filtered as you type (json-server's `_like`: a case-insensitive regular expression)
    assert [photo["title"] for photo in typed_st.json()] == ["Storm"]
    assert [photo["title"] for photo in typed_capitals.json()] == ["Storm"]
    assert sorted(photo["title"] for photo in typed_o.json()) == ["Storm", "Wood"]
    assert typed_nothing.status_code == 200 and typed_nothing.json() == []


def test_a_photo_alone_names_its_first_album_or_0(server, albums_app, jp):
    # setup
    traveller = user_number(jp, server.traveller)
    porto = album_number(jp, traveller, "Porto")
    [silk] = jp("/photos", title="Silk").json()  # the photographer's drawing, in no album

    # act
    wood = [photo for photo in jp(f"/albums/{porto}/photos").json() if photo["title"] == "Wood"]
    alone = jp(f"/photos/{wood[0]['id']}")
    person = requests.get(f"{server.base}/users/{server.username}", timeout=30).json()

    # assert
    assert alone.status_code == 200 and alone.json()["albumId"] == porto  # Porto came before "Travels with Gina"
    assert alone.json()["title"] == "Wood"
    assert silk["albumId"] == 0
    # the Unsplash dialect's full user carries the same number as its numeric_id (Unsplash's photos have none)
    assert person["numeric_id"] == next(u["id"] for u in jp("/users").json() if u["username"] == server.username)


def test_json_server_queries(server, albums_app, jp):
    # setup
    everything = jp("/photos").json()
    album = album_number(jp, user_number(jp, server.username), "Travels with Gina")

    # act
    second_page = jp("/photos", _page=2, _limit=2)
    past_the_end = jp("/photos", _page=len(everything), _limit=2)
    sliced = jp("/photos", _start=1, _end=3)
    by_title_desc = jp(f"/albums/{album}/photos", _sort="title", _order="desc")
    full_text = jp("/photos", q="lady")
    embedded = jp(f"/albums/{album}", _embed="photos")
    expanded = jp(f"/albums/{album}", _expand="user")
    two_ids = jp("/photos", id=[everything[0]["id"], everything[1]["id"]])

    # assert: _page/_limit with X-Total-Count and Link
    assert second_page.json() == everything[2:4]
    assert second_page.headers["X-Total-Count"] == str(len(everything))
    pages = links(second_page)
    last = math.ceil(len(everything) / 2)
    assert {rel: query["_page"] for rel, query in pages.items()} == {
        "first": ["1"], "prev": ["1"], "next": ["3"], "last": [str(last)]}
    assert all(query["_limit"] == ["2"] for query in pages.values())
    assert past_the_end.status_code == 200 and past_the_end.json() == []
    # assert: the other conventions
    assert sliced.json() == everything[1:3] and sliced.headers["X-Total-Count"] == str(len(everything))
    assert [photo["title"] for photo in by_title_desc.json()] == ["Wood", "Storm", "Lady bird"]
    assert [photo["title"] for photo in full_text.json()] == ["Lady bird"]
    assert sorted(photo["title"] for photo in embedded.json()["photos"]) == ["Lady bird", "Storm", "Wood"]
    assert expanded.json()["user"]["username"] == server.username
    assert [photo["id"] for photo in two_ids.json()] == [everything[0]["id"], everything[1]["id"]]


def test_unknown_ids_are_404_with_an_empty_object(jp):
    for path in ("/users/999999", "/albums/999999", "/photos/999999", "/photos/not-a-number"):
        answer = jp(path)
        assert answer.status_code == 404 and answer.json() == {}, (path, answer.status_code, answer.text)


# Writes

def test_writes_without_a_token_are_answered_and_not_stored(server, albums_app, jp):
    # setup
    me = user_number(jp, server.username)
    albums = jp("/albums").json()
    album = album_number(jp, me, "Travels with Gina")
    base = f"{server.base}/jsonplaceholder"

    # act
    created = requests.post(f"{base}/albums", json={"userId": me, "title": "Never stored"}, timeout=30)
    renamed = requests.put(f"{base}/albums/{album}", json={"userId": me, "title": "Renamed, not stored"}, timeout=30)
    patched = requests.patch(f"{base}/users/{me}", json={"name": "Someone Else"}, timeout=30)
    deleted = requests.delete(f"{base}/albums/{album}", timeout=30)

    # assert: JSONPlaceholder's answers
    assert created.status_code == 201, created.text
    assert created.json() == {"userId": me, "title": "Never stored", "id": len(albums) + 1}
    assert renamed.status_code == 200 and renamed.json() == {"userId": me, "id": album, "title": "Renamed, not stored"}
    assert patched.status_code == 200 and patched.json()["name"] == "Someone Else"
    assert patched.json()["username"] == server.username  # merged with the stored user
    assert deleted.status_code == 200 and deleted.json() == {}
    # assert: nothing changed
    assert "Never stored" not in [item["title"] for item in jp("/albums").json()]
    assert jp(f"/albums/{album}").json()["title"] == "Travels with Gina"
    assert jp(f"/users/{me}").json()["name"] == "Edith Tester"


def test_a_token_without_the_scope_writes_nothing(server, consent, albums_app, jp):
    # setup
    public_only = {"Authorization": f"Bearer {access_token(server, consent, 'public')}"}
    me = user_number(jp, server.username)

    # act
    created = requests.post(f"{server.base}/jsonplaceholder/albums", json={"userId": me, "title": "Scopeless"},
                            headers=public_only, timeout=30)

    # assert
    assert created.status_code == 201, created.text
    assert "Scopeless" not in [album["title"] for album in jp(f"/users/{me}/albums", public_only).json()]


def test_writes_with_a_token_are_real(server, bearer, albums_app, jp):
    # setup
    me = user_number(jp, server.username)
    traveller = user_number(jp, server.traveller)
    porto = album_number(jp, traveller, "Porto")
    base = f"{server.base}/jsonplaceholder"

    # act
    created = requests.post(f"{base}/albums", json={"userId": me, "title": "Written through JSONPlaceholder"},
                            headers=bearer, timeout=30)
    stored = jp(f"/albums/{created.json()['id']}")
    patched = requests.patch(f"{base}/users/{me}", json={"phone": "+351 22 111 2222"}, headers=bearer, timeout=30)
    read_back = jp(f"/users/{me}")
    unsplash_me = requests.get(f"{server.base}/me", headers=bearer, timeout=30).json()
    # the phone albums_app gave, back for the tests that read the test user's contact
    restored = requests.put(f"{server.base}/me", data={"phone": ADDRESS["phone"]}, headers=bearer, timeout=30)
    deleted = requests.delete(f"{base}/albums/{created.json()['id']}", headers=bearer, timeout=30)
    gone = jp(f"/albums/{created.json()['id']}")
    someone_else = requests.patch(f"{base}/users/{traveller}", json={"name": "Not Gina"}, headers=bearer, timeout=30)
    their_album = requests.delete(f"{base}/albums/{porto}", headers=bearer, timeout=30)

    # assert
    assert created.status_code == 201, created.text
    assert created.json()["userId"] == me and created.json()["title"] == "Written through JSONPlaceholder"
    assert stored.status_code == 200 and stored.json() == created.json()
    assert patched.status_code == 200 and patched.json()["phone"] == "+351 22 111 2222"
    assert read_back.json()["phone"] == "+351 22 111 2222" and unsplash_me["phone"] == "+351 22 111 2222"
    assert restored.status_code == 200, restored.text
    assert deleted.status_code == 200 and deleted.json() == {}
    assert gone.status_code == 404 and gone.json() == {}
    assert someone_else.status_code == 403 and someone_else.json()["errors"], someone_else.text
    assert their_album.status_code == 403 and their_album.json()["errors"], their_album.text
    assert jp(f"/users/{traveller}").json()["name"] == "Gina Alves"
    assert jp(f"/albums/{porto}").json()["title"] == "Porto"
