"""Real Unsplash client libraries from PyPI against the real server, with nothing changed but their base URL.

- python-unsplash 1.2.5 (the reference's §6.1): every method of `photo`, `user`, `search`, `collection` and `stat`,
  the legacy paths included, signed in through the authorization-code flow (it exchanges the code itself, with HTTP
  Basic) or with only a Client-ID. Its writes are form bodies (`remove_photo` a form body on DELETE).
- pySplash.py 1.0.0 (maintained, sync over requests): the newer statistics paths (`/photos/:id/statistics`,
  `/users/:username/statistics`, `stats=true`), search, related albums, the stats totals; it sends every write's
  parameters in the query string and exchanges the code with a query-string POST.
- notunsplash 0.1.0: topics (it decodes them into typed dataclasses) and JSON-body writes.

The library the conftest seeds: three photos tagged `nature` owned by the signed-in user (Edith Tester), two tagged
`abstract` owned by the photographer Pablo Brush, the featured topic `nature` and the topic `abstract`.
"""

import contextlib
import inspect
import os
import re
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pySplash.api as pysplash_api
import pytest
import requests
from notunsplash import Unsplash as NotUnsplash
from notunsplash.errors import UnsplashError as NotUnsplashError
from pySplash import PySplashApi, PySplashError
from requests_oauthlib import OAuth2Session
from unsplash.api import Api
from unsplash.auth import Auth
from unsplash.client import Client
from unsplash.collection import Collection as CollectionOperations
from unsplash.errors import UnsplashError
from unsplash.photo import Photo as PhotoOperations
from unsplash.search import Search as SearchOperations
from unsplash.stat import Stat as StatOperations
from unsplash.user import User as UserOperations

from conftest import png

# The test server speaks plain http; python-unsplash users set the same variable [reference §6.1].
os.environ["OAUTHLIB_INSECURE_TRANSPORT"] = "1"

OOB = "urn:ietf:wg:oauth:2.0:oob"
INVALID_TOKEN = "OAuth error: The access token is invalid"


# Pointing each library at the server: only its base URL changes.

@pytest.fixture(scope="module")
def libraries_on_server(server):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Auth, "BASE_API_URL", server.base)
        patch.setattr(Auth, "BASE_AUTH_URL", server.base)
        patch.setattr(pysplash_api, "_BASE", server.base + "/")
        patch.setattr(pysplash_api, "_TOKEN_URL", server.base + "/oauth/token")
        patch.setattr(NotUnsplash, "BASE_URL", server.base)
        patch.setattr(NotUnsplash, "OAUTH_URL", server.base + "/oauth")
        yield


@pytest.fixture(scope="module")
def public(server, libraries_on_server) -> Api:
    """python-unsplash with only the app's Client-ID."""
    return Api(Auth(server.access_key, server.secret_key, OOB))


@pytest.fixture(scope="module")
def api(server, libraries_on_server, consent) -> Api:
    """python-unsplash signed in as the test user: its default scope (all nine), the code from the consent page, and
    `Auth(code=…)` fetching the token as python-unsplash does."""
    scope = Auth(server.access_key, server.secret_key, OOB).scope
    authorize_url, _ = OAuth2Session(server.access_key, redirect_uri=OOB, scope=scope).authorization_url(
        f"{server.base}/oauth/authorize")
    auth = Auth(server.access_key, server.secret_key, OOB, code=consent(authorize_url))
    assert auth.is_authenticated and auth.token["scope"] == scope
    return Api(auth)


@pytest.fixture(scope="module")
def library(server, public):
    """The seeded photos by tag: {"nature": [ids], "abstract": [ids]} (the test user may have uploaded more)."""
    photos = public.photo.all(per_page=30)
    by_tag = {tag: sorted(photo.id for photo in photos if {"type": "search", "title": tag} in photo.tags)
              for tag in ("nature", "abstract")}
    assert len(by_tag["nature"]) == 3 and len(by_tag["abstract"]) == 2, by_tag
    return by_tag


def bearer(api: Api) -> dict:
    return {"Authorization": f"Bearer {api.access_token}"}


def eventually(read, accept, seconds: float = 15.0):
    """Reads until `accept(value)` (views are written in batches about every two seconds); bounded."""
    deadline = time.monotonic() + seconds
    while True:
        value = read()
        if accept(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.25)


def today() -> str:
    return datetime.now(timezone.utc).date().isoformat()


def check_history(series: dict, quantity: int):
    """A statistics series: `quantity` consecutive days ending today (UTC), `change` their sum."""
    history = series["historical"]
    assert history["resolution"] == "days" and history["quantity"] == quantity
    dates = [value["date"] for value in history["values"]]
    last = datetime.now(timezone.utc).date()
    assert dates == [(last - timedelta(days=back)).isoformat() for back in range(quantity - 1, -1, -1)], dates
    assert history["change"] == sum(value["value"] for value in history["values"])
    assert series["total"] >= history["values"][-1]["value"]


def test_every_python_unsplash_method_is_called_here():
    """Keeps this module's claim true if the pin moves: each public method of `api.photo`, `api.user`, `api.search`,
    `api.collection` and `api.stat` is called below."""
    source = Path(__file__).read_text()
    groups = {"photo": PhotoOperations, "user": UserOperations, "search": SearchOperations,
              "collection": CollectionOperations, "stat": StatOperations}
    missing = [f"{group}.{name}" for group, operations in groups.items()
               for name, _ in inspect.getmembers(operations, inspect.isfunction)
               if not name.startswith("_") and not hasattr(Client, name)
               and not re.search(rf"\.{group}\.{name}\(", source)]
    assert missing == []


# python-unsplash 1.2.5 — reading as an application (Client-ID)

def test_photo_all_curated_get_and_the_photo_topics(server, public, library):
    # act
    latest = public.photo.all(per_page=30)
    oldest = public.photo.all(per_page=30, order_by="oldest")
    curated = public.photo.curated(per_page=30)  # legacy /photos/curated
    page = public.photo.all(page=2, per_page=2)
    nature = public.photo.get(library["nature"][0])
    abstract = public.photo.get(library["abstract"][0], width=200, height=100)

    # assert
    assert [photo.created_at for photo in latest] == sorted((photo.created_at for photo in latest), reverse=True)
    assert [photo.created_at for photo in oldest] == sorted(photo.created_at for photo in latest)
    assert {photo.id for photo in oldest} == {photo.id for photo in latest}
    assert [photo.id for photo in curated] == [photo.id for photo in latest]
    assert [photo.id for photo in page] == [photo.id for photo in latest][2:4]
    assert set(library["nature"]) | set(library["abstract"]) <= {photo.id for photo in latest}
    assert nature.id == library["nature"][0] and nature.user.username == server.username
    assert nature.asset_type == "photo" and nature.sponsorship is None
    assert [topic["slug"] for topic in nature.topics] == [server.nature_topic]
    assert nature.topics[0]["title"] == "Nature" and nature.topics[0]["visibility"] == "featured"
    assert nature.tags_preview == [{"type": "search", "title": "nature"}]
    assert [topic["slug"] for topic in abstract.topics] == [server.abstract_topic]
    assert abstract.topics[0]["visibility"] == "visible"
    assert abstract.user.name == "Pablo Brush" and abstract.urls.raw.startswith(server.base)


def test_photo_search_legacy_and_search_photos(public, library):
    # act
    legacy = public.photo.search("meadow")  # legacy /photos/search: a plain array
    found = public.search.photos("nature", per_page=2)
    second = public.search.photos("nature", page=2, per_page=2)
    nothing = public.search.photos("zebra crossing at midnight")

    # assert
    assert len(legacy) == 1 and legacy[0].description == "Green meadow" and legacy[0].id in library["nature"]
    assert found["total"] == 3 and found["total_pages"] == 2
    assert sorted(photo.id for photo in found["results"] + second["results"]) == library["nature"]
    assert nothing["total"] == 0 and nothing["results"] == []


def test_photo_random_by_topic_user_and_query(server, public, library):
    # act (python-unsplash always sends `count`, so every answer is an array)
    one = public.photo.random()
    by_slug = public.photo.random(count=10, topics=server.nature_topic)
    topic_id = public.photo.get(library["abstract"][0]).topics[0]["id"]
    by_id = public.photo.random(count=10, topics=topic_id)
    by_user = public.photo.random(count=10, username=server.artist)
    by_query = public.photo.random(count=10, query="dune")

    # assert
    assert len(one) == 1
    assert sorted(photo.id for photo in by_slug) == library["nature"]
    assert sorted(photo.id for photo in by_id) == library["abstract"]
    assert sorted(photo.id for photo in by_user) == library["abstract"]
    assert [photo.description for photo in by_query] == ["Dune"]
    with pytest.raises(UnsplashError, match="Couldn't find User"):
        public.photo.random(username="nobody_at_all")


def test_user_get_photos_likes_collections_and_portfolio(server, public, library):
    # act
    artist = public.user.get(server.artist)
    sized = public.user.get(server.artist, width=50, height=50)
    photos = public.user.photos(server.artist)
    oldest = public.user.photos(server.artist, order_by="oldest")
    likes = public.user.likes(server.artist)
    albums = public.user.collections(server.artist)
    portfolio = public.user.portfolio(server.artist)

    # assert: the full user
    assert artist.name == "Pablo Brush" and artist.first_name == "Pablo" and artist.total_photos == 2
    assert artist.followers_count == 0 and artist.following_count == 0 and artist.followed_by_user is False
    assert sorted(photo.id for photo in artist.photos) == library["abstract"]
    assert artist.links.followers == f"{server.base}/users/{server.artist}/followers"
    assert artist.links.following == f"{server.base}/users/{server.artist}/following"
    assert sized.username == server.artist
    assert sorted(photo.id for photo in photos) == library["abstract"]
    assert [photo.created_at for photo in oldest] == sorted(photo.created_at for photo in photos)
    assert likes == [] and albums == []
    assert portfolio.url == ""
    with pytest.raises(UnsplashError, match="Couldn't find User"):
        public.user.get("nobody_at_all")


def test_search_users_by_name_and_username(server, public):
    # act
    by_first_name = public.search.users("Pablo")
    by_last_name = public.search.users("brush")
    by_username = public.search.users("e2e_user")
    nobody = public.search.users("Zacharias")

    # assert
    assert [user.username for user in by_first_name["results"]] == [server.artist]
    assert by_first_name["total"] == 1 and by_first_name["total_pages"] == 1
    assert [user.username for user in by_last_name["results"]] == [server.artist]
    assert [user.name for user in by_username["results"]] == ["Edith Tester"]
    assert nobody["total"] == 0 and nobody["results"] == []


def test_library_statistics_add_up(public):
    # setup: the whole library fits on one page
    photos = public.photo.all(per_page=30)

    # act
    total = public.stat.total()
    month = public.stat.month()

    # assert
    assert total.total_photos == total.photos == len(photos)
    assert total.photo_downloads == total.downloads
    assert total.photographers == len({photo.user.username for photo in photos})
    assert total.pixels == sum(photo.width * photo.height for photo in photos)
    assert total.likes == sum(photo.likes for photo in photos)
    assert total.applications >= 1 and total.requests > 0
    assert total.downloads_per_second >= 0 and total.views_per_second >= 0
    # everything happened today, so within the last 30 days
    assert month.new_photos == total.photos and month.new_pixels == total.pixels
    assert month.new_photographers == total.photographers and month.new_applications == total.applications
    assert month.downloads == total.downloads and month.likes == total.likes
    assert month.views >= total.views  # (a batch of views may land between the two calls)


def test_unknown_client_id_is_refused_with_unsplashs_message(server, libraries_on_server):
    # setup
    stranger = Api(Auth("no-such-access-key", "no-secret", OOB))

    # act
    with pytest.raises(UnsplashError) as refused:
        stranger.photo.all()
    query = requests.get(f"{server.base}/photos", params={"client_id": "no-such-access-key"}, timeout=30)

    # assert
    assert str(refused.value) == INVALID_TOKEN
    assert query.status_code == 401 and query.json() == {"errors": [INVALID_TOKEN]}


def test_a_server_requiring_a_client_id_refuses_anonymous_requests(strict_server):
    # setup
    base, access_key = strict_server
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Auth, "BASE_API_URL", base)
        known = Api(Auth(access_key, "-", OOB))

        # act
        photos = known.photo.all()
        totals = known.stat.total()
    anonymous = requests.get(f"{base}/photos", timeout=30)
    stranger = requests.get(f"{base}/photos", headers={"Authorization": "Client-ID no-such-key"}, timeout=30)

    # assert
    assert photos == [] and totals.photos == 0 and totals.applications == 1
    assert anonymous.status_code == 401 and anonymous.json() == {"errors": [INVALID_TOKEN]}
    assert stranger.status_code == 401 and stranger.json() == {"errors": [INVALID_TOKEN]}


def test_a_user_endpoint_with_only_a_client_id_is_refused(public):
    with pytest.raises(UnsplashError, match=INVALID_TOKEN):
        public.user.me()
    with pytest.raises(UnsplashError, match=INVALID_TOKEN):
        public.collection.create("Not allowed")


# python-unsplash 1.2.5 — signed in

def test_me_and_profile_update(server, api, public):
    # act
    me = api.user.me()
    updated = api.user.update(bio="Takes pictures of meadows.", location="Lisbon",
                              url="https://example.com/edith", instagram_username="edith_shoots")
    profile = public.user.get(server.username)
    portfolio = public.user.portfolio(server.username)

    # assert
    assert me.username == server.username and me.email == server.email
    assert me.uid == me.id and me.unlimited_uploads is True and isinstance(me.uploads_remaining, int)
    assert me.followers_count == 0 and isinstance(me.downloads, int)
    assert updated.bio == "Takes pictures of meadows." and updated.location == "Lisbon"
    assert profile.bio == "Takes pictures of meadows." and profile.portfolio_url == "https://example.com/edith"
    assert profile.instagram_username == "edith_shoots"
    assert profile.social == {"instagram_username": "edith_shoots", "portfolio_url": "https://example.com/edith",
                              "twitter_username": None, "paypal_email": None}
    assert portfolio.url == "https://example.com/edith"


def test_like_and_unlike_show_in_likes_and_statistics(server, api, public, library):
    # setup
    photo_id = library["abstract"][1]
    before = public.photo.get(photo_id).likes
    likes_before = public.photo.stats(photo_id).likes["total"]

    # act
    liked = api.photo.like(photo_id)
    again = api.photo.like(photo_id)  # idempotent
    liked_list = public.user.likes(server.username)
    seen_by_me = api.photo.get(photo_id)
    stats = public.photo.stats(photo_id)
    unliked = api.photo.unlike(photo_id)
    after = public.user.likes(server.username)

    # assert
    assert liked.photo["id"] == photo_id and liked.photo["liked_by_user"] is True
    assert liked.photo["likes"] == before + 1 and again.photo["likes"] == before + 1
    assert liked.user.username == server.username
    assert photo_id in [photo.id for photo in liked_list]
    assert seen_by_me.liked_by_user is True
    assert stats.likes["total"] == likes_before + 1
    assert stats.likes["historical"]["values"][-1] == {"date": today(), "value": likes_before + 1}
    assert unliked.photo["liked_by_user"] is False and unliked.photo["likes"] == before
    assert photo_id not in [photo.id for photo in after]


def test_photo_update_changes_the_description(api, public, library):
    # setup: the description the other tests know the photo by, put back afterwards
    before = public.photo.get(library["nature"][2]).description

    # act
    changed = api.photo.update(library["nature"][2], description="Rain on the window")
    read = public.photo.get(library["nature"][2])
    restored = api.photo.update(library["nature"][2], description=before)

    # assert
    assert changed["id"] == library["nature"][2] and changed["description"] == "Rain on the window"
    assert read.description == "Rain on the window"
    assert restored["description"] == before


def test_album_lifecycle_every_collection_method(server, api, public, library):
    # setup
    photo_id = library["nature"][0]

    # act: create, change, fill
    album = api.collection.create("Morning walks", description="Dew and fog", private=False)
    renamed = api.collection.update(album.id, title="Misty mornings", description="Dew, fog and dunes",
                                    private=False)
    collection, photo = api.collection.add_photo(album.id, photo_id)
    read = public.collection.get(album.id)
    photos = public.collection.photos(album.id)
    everyone = public.collection.all(per_page=30)
    hers = public.user.collections(server.username)
    found = public.search.collections("misty")

    # assert
    assert album.title == "Morning walks" and album.description == "Dew and fog" and album.private is False
    assert album.total_photos == 0 and album.user.username == server.username
    assert renamed.id == album.id and renamed.title == "Misty mornings"
    assert collection.id == album.id and collection.total_photos == 1 and photo.id == photo_id
    assert read.title == "Misty mornings" and read.total_photos == 1 and read.curated is False
    assert read.cover_photo.id == photo_id
    assert read.tags == [{"type": "search", "title": "nature"}]
    assert [preview["id"] for preview in read.preview_photos] == [photo_id]
    assert "Misty mornings" in read.meta["title"] and read.meta["index"] is True
    assert read.links.related == f"{server.base}/collections/{album.id}/related"
    assert [photo.id for photo in photos] == [photo_id]
    assert album.id in [album.id for album in everyone] and album.id in [album.id for album in hers]
    assert [album.id for album in found["results"]] == [album.id] and found["total"] == 1

    # act: empty and delete (python-unsplash sends photo_id in a form body on DELETE)
    emptied, removed = api.collection.remove_photo(album.id, photo_id)
    left = public.collection.photos(album.id)
    deleted = api.collection.delete(album.id)

    # assert
    assert emptied.total_photos == 0 and removed.id == photo_id and left == []
    assert deleted is None  # 204 without a body
    with pytest.raises(UnsplashError, match="Couldn't find Collection"):
        public.collection.get(album.id)


def test_private_albums_are_not_found_by_others(api, public):
    # act
    secret = api.collection.create("Hidden orchids", private=True)
    mine = api.collection.get(secret.id)
    found = public.search.collections("orchids")

    # assert
    assert secret.private is True and mine.title == "Hidden orchids"
    assert found["total"] == 0
    with pytest.raises(UnsplashError, match="Couldn't find Collection"):
        public.collection.get(secret.id)
    api.collection.delete(secret.id)


def test_related_albums_share_tags_or_photos(api, public, library):
    # setup: two albums sharing a nature photo, one of abstract drawings
    first = api.collection.create("Green places")
    second = api.collection.create("Wet places")
    drawings = api.collection.create("Shapes")
    for album, photo_id in [(first, library["nature"][0]), (first, library["nature"][1]),
                            (second, library["nature"][1]), (drawings, library["abstract"][0])]:
        api.collection.add_photo(album.id, photo_id)

    # act
    related = public.collection.related(first.id)
    related_to_drawings = public.collection.related(drawings.id)

    # assert
    ids = [album.id for album in related]
    assert second.id in ids and first.id not in ids and drawings.id not in ids
    assert first.id not in [album.id for album in related_to_drawings]
    for album in (first, second, drawings):
        api.collection.delete(album.id)


def test_legacy_curated_and_featured_album_paths(api, public, library):
    # setup
    album = api.collection.create("Legacy readers")
    api.collection.add_photo(album.id, library["abstract"][0])

    # act
    try:
        curated_album = public.collection.get_curated(album.id)  # legacy /collections/curated/:id
        curated_photos = public.collection.curated_photos(album.id)  # legacy /collections/curated/:id/photos
        featured = public.collection.featured(per_page=30)  # legacy /collections/featured
        curated = public.collection.curated(per_page=30)  # legacy /collections/curated
    finally:
        api.collection.delete(album.id)

    # assert: the album itself, and lists of public albums (the library has no editors, so possibly none)
    assert curated_album.id == album.id and curated_album.title == "Legacy readers"
    assert [photo.id for photo in curated_photos] == [library["abstract"][0]]
    for albums in (featured, curated):
        assert isinstance(albums, list)
        assert all(item.private is False and item.title for item in albums)


def test_a_download_counts_in_every_statistic(server, public, library):
    # setup
    photo_id = library["abstract"][0]
    before = public.photo.stats(photo_id)
    user_before = requests.get(f"{server.base}/users/{server.artist}/statistics", timeout=30).json()
    total_before, month_before = public.stat.total(), public.stat.month()

    # act
    link = public.photo.download(photo_id)
    after = public.photo.stats(photo_id)  # legacy /photos/:id/stats
    user_after = requests.get(f"{server.base}/users/{server.artist}/statistics", timeout=30).json()
    total_after, month_after = public.stat.total(), public.stat.month()

    # assert
    assert link["url"].startswith(f"{server.base}/img/{photo_id}")
    assert after.id == photo_id and after.downloads["total"] == before.downloads["total"] + 1
    check_history(after.downloads, 30)
    assert after.downloads["historical"]["values"][-1]["value"] == (
        before.downloads["historical"]["values"][-1]["value"] + 1)
    assert user_after["downloads"]["total"] == user_before["downloads"]["total"] + 1
    assert total_after.downloads == total_before.downloads + 1
    assert total_after.photo_downloads == total_before.photo_downloads + 1
    assert month_after.downloads == month_before.downloads + 1
    assert public.user.get(server.artist).downloads == user_after["downloads"]["total"]


def test_views_count_once_per_viewer_per_day(server, api, public, library):
    # setup: a photo of its own, which nobody else (schemathesis's runs included) can have opened
    uploaded = requests.post(f"{server.base}/photos", headers=bearer(api), timeout=30,
                             files={"file": ("views.png", png(32, 24, os.urandom(16)), "image/png")})
    assert uploaded.status_code == 201, uploaded.text
    photo_id = uploaded.json()["id"]
    before = public.photo.stats(photo_id).views["total"]

    # act: the application opens it twice, the signed-in user once
    public.photo.get(photo_id)
    public.photo.get(photo_id)
    api.photo.get(photo_id)
    stats = eventually(lambda: public.photo.stats(photo_id), lambda stats: stats.views["total"] >= before + 2)

    # assert: the views arrive with the next batch, the application's second view not counted
    assert stats.views["total"] == before + 2
    check_history(stats.views, 30)
    assert stats.views["historical"]["values"][-1] == {"date": today(), "value": before + 2}
    assert public.stat.total().views >= before + 2


def test_following_someone_fills_the_following_feed(server, api, public, library):
    # setup
    headers = bearer(api)

    # act
    followed = requests.post(f"{server.base}/users/{server.artist}/follow", headers=headers, timeout=30)
    artist = api.user.get(server.artist)
    me = api.user.get(server.username)
    followers = requests.get(f"{server.base}/users/{server.artist}/followers", timeout=30)
    following = requests.get(f"{server.base}/users/{server.username}/following", timeout=30)
    feed = requests.get(f"{server.base}/photos", params={"feed": "following"}, headers=headers, timeout=30)
    unfollowed = requests.delete(f"{server.base}/users/{server.artist}/follow", headers=headers, timeout=30)
    empty_feed = requests.get(f"{server.base}/photos", params={"feed": "following"}, headers=headers, timeout=30)
    anonymous_feed = requests.get(f"{server.base}/photos", params={"feed": "following"}, timeout=30)
    myself = requests.post(f"{server.base}/users/{server.username}/follow", headers=headers, timeout=30)

    # assert
    assert followed.status_code == 201, followed.text
    assert followed.json()["username"] == server.artist and followed.json()["followed_by_user"] is True
    assert followed.json()["followers_count"] == 1
    assert artist.followed_by_user is True and artist.followers_count == 1 and me.following_count == 1
    assert [user["username"] for user in followers.json()] == [server.username]
    assert followers.headers["X-Total"] == "1"
    assert [user["username"] for user in following.json()] == [server.artist]
    assert feed.status_code == 200 and sorted(photo["id"] for photo in feed.json()) == library["abstract"]
    assert feed.headers["X-Total"] == "2"
    assert unfollowed.status_code == 200 and unfollowed.json()["followed_by_user"] is False
    assert unfollowed.json()["followers_count"] == 0
    assert empty_feed.status_code == 200 and empty_feed.json() == [] and empty_feed.headers["X-Total"] == "0"
    assert anonymous_feed.status_code == 401 and anonymous_feed.json() == {"errors": [INVALID_TOKEN]}
    assert myself.status_code == 422, myself.text


# pySplash.py 1.0.0

@pytest.fixture(scope="module")
def pysplash(server, libraries_on_server, consent):
    """pySplash.py signed in: it exchanges the code with a query-string POST carrying a Client-ID header."""
    scope = "public+read_user+write_user+write_likes+read_collections+write_collections"
    code = consent(f"{server.base}/oauth/authorize?client_id={server.access_key}&redirect_uri={OOB}"
                   f"&response_type=code&scope={scope}")
    exchange = PySplashApi()
    exchange.init(access_key=server.access_key, secret_key=server.secret_key, redirect_uri=OOB, code=code)
    token = exchange.generate_bearer_token()
    assert token["token_type"] == "bearer" and token["scope"] == scope.replace("+", " ")
    client = PySplashApi()
    client.init(bearer_token=token["access_token"])
    with contextlib.closing(exchange), contextlib.closing(client):
        yield client


def test_pysplash_statistics_of_a_photo_and_a_person(server, pysplash, library):
    # setup
    photo_id = library["nature"][1]
    pysplash.get_photo_link(photo_id)  # one download

    # act
    photo = pysplash.get_photo_statistics(photo_id, quantity=7)
    person = pysplash.get_user_statistics(server.username, quantity=7)
    photos = pysplash.get_user_photos(server.username, stats=True, quantity=7, per_page=30)
    plain = pysplash.get_user_photos(server.username, per_page=30)

    # assert
    assert photo["id"] == photo_id and photo["downloads"]["total"] >= 1
    for series in ("downloads", "views", "likes"):
        check_history(photo[series], 7)
        check_history(person[series], 7)
    assert person["username"] == server.username and "id" in person
    by_id = {item["id"]: item for item in photos}
    assert set(library["nature"]) <= set(by_id)
    assert by_id[photo_id]["statistics"]["downloads"]["total"] == photo["downloads"]["total"]
    assert "id" not in by_id[photo_id]["statistics"]
    assert person["downloads"]["total"] == sum(item["statistics"]["downloads"]["total"] for item in photos)
    assert person["likes"]["total"] == sum(item["statistics"]["likes"]["total"] for item in photos)
    assert all("statistics" not in item for item in plain)  # stats=False: no statistics


def test_pysplash_search_related_totals_and_legacy_lists(server, pysplash, library):
    # setup: pySplash sends write parameters in the query string
    first = pysplash.create_collection("Dunes and meadows", description="Sand")
    second = pysplash.create_collection("Only meadows")
    pysplash.add_photo_to_collection(first["id"], library["nature"][1])
    pysplash.add_photo_to_collection(second["id"], library["nature"][1])

    # act
    people = pysplash.search_users("Tester")
    albums = pysplash.search_collections("dunes")
    related = pysplash.list_related_collections(first["id"])
    totals, month = pysplash.get_stats_totals(), pysplash.get_stats_month()
    curated_photos = pysplash.list_curated_photos(per_page=30)
    landscape = pysplash.get_random_photo(count=3)  # pySplash always adds orientation=landscape

    # assert
    assert [user["username"] for user in people["results"]] == [server.username]
    assert [album["id"] for album in albums["results"]] == [first["id"]]
    assert related[0]["id"] == second["id"] and first["id"] not in [album["id"] for album in related]
    assert totals["photos"] == len(curated_photos) and month["new_photos"] == totals["photos"]
    assert len(landscape) == 3 and all(photo["width"] > photo["height"] for photo in landscape)
    for album in (first, second):
        assert pysplash.delete_collection(album["id"])["status"] == 204


def test_pysplash_legacy_album_paths(pysplash, library):
    # setup
    album = pysplash.create_collection("Legacy through pySplash")
    pysplash.add_photo_to_collection(album["id"], library["nature"][0])

    # act
    try:
        legacy_album = pysplash.get_curated_collection(album["id"])
        legacy_photos = pysplash.get_curated_collection_photos(album["id"])
        featured, curated = pysplash.list_featured_collections(), pysplash.list_curated_collections()
    finally:
        pysplash.delete_collection(album["id"])

    # assert
    assert legacy_album["id"] == album["id"] and legacy_album["title"] == "Legacy through pySplash"
    assert [photo["id"] for photo in legacy_photos] == [library["nature"][0]]
    assert isinstance(featured, list) and isinstance(curated, list)


def test_pysplash_writes_in_the_query_string(server, pysplash, library):
    # act
    album = pysplash.create_collection("Query string album", private_collection=False)
    changed = pysplash.update_collection(album["id"], "Query string album, renamed", description="From the URL")
    added = pysplash.add_photo_to_collection(album["id"], library["abstract"][0])
    removed = pysplash.remove_photo_from_collection(album["id"], library["abstract"][0])
    liked = pysplash.like_photo(library["abstract"][0])
    unliked = pysplash.unlike_photo(library["abstract"][0])
    profile = pysplash.update_current_user_profile(location="Porto")
    me = pysplash.get_current_user_profile()
    deleted = pysplash.delete_collection(album["id"])

    # assert
    assert album["private"] is False and changed["title"] == "Query string album, renamed"
    assert changed["description"] == "From the URL"
    assert added["collection"]["total_photos"] == 1 and removed["collection"]["total_photos"] == 0
    assert liked["photo"]["liked_by_user"] is True and unliked["photo"]["liked_by_user"] is False
    assert profile["location"] == "Porto" and me["location"] == "Porto" and me["username"] == server.username
    assert deleted["status"] == 204


def test_pysplash_unknown_client_id_is_a_401(libraries_on_server):
    # setup: pySplash only needs the key for public calls, but insists on the rest
    stranger = PySplashApi()
    stranger.init(access_key="no-such-access-key", secret_key="-", redirect_uri=OOB, code="-")

    # act
    with pytest.raises(PySplashError) as refused, contextlib.closing(stranger):
        stranger.list_photos()

    # assert
    assert refused.value.status_code == 401


# notunsplash 0.1.0

def test_notunsplash_topics(server, libraries_on_server, library):
    # setup
    client = NotUnsplash(server.access_key)

    # act
    featured_first = client.list_topics(order_by="featured")
    by_position = client.list_topics(order_by="position")
    nature = client.get_topic(server.nature_topic)
    by_id = client.get_topic(nature.id)

    # assert
    assert [topic.slug for topic in featured_first] == [server.nature_topic, server.abstract_topic]
    assert [topic.slug for topic in by_position] == [server.abstract_topic, server.nature_topic]
    assert nature.title == "Nature" and nature.description == "Meadows, dunes and rain"
    assert nature.total_photos == 3 and nature.status == "open"
    assert nature.cover_photo.id in library["nature"] and nature.cover_photo.user.username == server.username
    assert nature.links["photos"] == f"{server.base}/topics/{server.nature_topic}/photos"
    assert by_id.slug == server.nature_topic
    with pytest.raises(NotUnsplashError, match="Couldn't find Topic"):
        client.get_topic("no-such-topic")


def test_notunsplash_json_writes_with_its_own_token_exchange(server, libraries_on_server, consent, library):
    # setup: notunsplash builds the authorize URL and posts the code with the client credentials in a form body
    client = NotUnsplash(server.access_key, server.secret_key, redirect_uri=OOB,
                         scope=["public", "write_likes", "write_collections"])
    client.get_bearer_token(consent(client.get_auth_url()))

    # act: JSON bodies, the photo_id of DELETE …/remove included
    album = client.create_collection("JSON album", description="Sent as JSON", private=False)
    changed = client.update_collection(album.id, title="JSON album, renamed", private=True)
    added = client.add_photo_to_collection(album.id, library["abstract"][1])
    removed = client.remove_photo_from_collection(album.id, library["abstract"][1])
    liked = client.like_photo(library["abstract"][1])
    unliked = client.unlike_photo(library["abstract"][1])
    user = client.get_user(server.artist)

    # assert
    assert album.title == "JSON album" and album.description == "Sent as JSON" and album.private is False
    assert changed.title == "JSON album, renamed" and changed.private is True
    assert added["collection"]["total_photos"] == 1 and removed["collection"]["total_photos"] == 0
    assert liked["photo"]["liked_by_user"] is True and unliked["photo"]["liked_by_user"] is False
    assert user.name == "Pablo Brush" and user.total_photos == 2
    # notunsplash decodes every answer as JSON, so a 204 is deleted through requests with its token
    deleted = client.session.delete(f"{server.base}/collections/{album.id}")
    assert deleted.status_code == 204


def test_notunsplash_unknown_client_id(libraries_on_server):
    with pytest.raises(NotUnsplashError, match=INVALID_TOKEN):
        NotUnsplash("no-such-access-key").list_photos()
