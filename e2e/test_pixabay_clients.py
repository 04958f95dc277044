"""The real server's Pixabay dialect (`/api/`) against pixabay-python 1.1.0 from PyPI, repointed by its class
attribute `PixabayClient.url` (reference §3.5), and against the request the iWall wallpaper app builds by hand and
the strict decoder it reads the answer with (reference §3.6).

The library is the one conftest.py seeds: the test user's three `nature` wallpapers (Dune 1680×1050, Green meadow
1280×1024, Rain drops 1920×1200), the photographer's two `abstract` drawings, and the traveller's geotagged series
tagged `porto` (Wood 2560×1920, Lady bird 2560×1600) and `iceland` (Storm 1920×1280).
"""

import json
import math
import re

import pytest
import requests
from pixabay_python import ImageType, PixabayClient

from conftest import image_size

INVALID_KEY = "[ERROR 400] Invalid API key. Note: This value is case-sensitive."
PER_PAGE_OUT_OF_RANGE = '[ERROR 400] "per_page" is out of valid range.'
PAGE_OUT_OF_RANGE = '[ERROR 400] "page" is out of valid range.'
# Every key of a hit iWall's Codable ImageSearchResponse requires, with the Swift type it decodes (reference §3.6).
IWALL_HIT = {"id": int, "pageURL": str, "type": str, "tags": str, "previewURL": str, "previewWidth": int,
             "previewHeight": int, "webformatURL": str, "webformatWidth": int, "webformatHeight": int,
             "largeImageURL": str, "imageWidth": int, "imageHeight": int, "imageSize": int, "views": int,
             "downloads": int, "favorites": int, "likes": int, "comments": int, "user_id": int, "user": str,
             "userImageURL": str}


@pytest.fixture
def pixabay(server, scratch, monkeypatch) -> PixabayClient:
    """pixabay-python pointed at the server. It writes the key and a cache of answers (replayed for a day) under
    its cache folder: a fresh one per test, never the real home."""
    monkeypatch.setattr(PixabayClient, "url", server.base + "/api/")
    monkeypatch.setenv("HOME", str(scratch))
    # The default folder is computed from the home at import time, so the folder is given explicitly.
    return PixabayClient(apiKey=server.access_key, cacheDirPath=scratch / "pixabaypy")


def search(server, query: str = "", key: str | None = None) -> requests.Response:
    """A raw request; `query` is appended as written (the apps build their query strings by hand)."""
    return requests.get(f"{server.base}/api/?key={server.access_key if key is None else key}{query}", timeout=30)


def iwall_search(server, tag: str, width: int, height: int, page: int = 1) -> requests.Response:
    """iWall's request (Client.swift): `q=iPhone+{tag}`, the device's size, ten a page, photos only."""
    return search(server, f"&q=iPhone+{tag}&min_width={width}&min_height={height}&per_page=10&page={page}"
                          "&image_type=photo")


def decode_like_iwall(response: requests.Response) -> dict:
    """As strict as iWall's decoder: every key present with the JSON type Swift's Int/String accept (no numbers as
    text, no 3.0 for 3, no booleans), `type` exactly "photo"; plus `collections`, which pixabay-python requires."""
    assert response.status_code == 200, response.text
    assert response.headers["Content-Type"].startswith("application/json"), response.headers["Content-Type"]
    body = response.json()
    assert type(body["total"]) is int and type(body["totalHits"]) is int and isinstance(body["hits"], list)
    for hit in body["hits"]:
        for key, kind in IWALL_HIT.items():
            assert key in hit, (key, hit)
            assert type(hit[key]) is kind, (key, hit[key])
        assert type(hit["collections"]) is int, hit
        assert hit["type"] == "photo"
    return body


@pytest.fixture(scope="module")
def every_photo(server) -> list[dict]:
    """Every photo of the library (an empty q is all photos), as Pixabay hits."""
    body = decode_like_iwall(search(server, "&per_page=200"))
    assert body["total"] == len(body["hits"]) >= 8
    return body["hits"]


def hit_of(every_photo: list[dict], user: str, width: int, height: int) -> dict:
    [found] = [hit for hit in every_photo if hit["user"] == user and (hit["imageWidth"], hit["imageHeight"]) == (
        width, height)]
    return found


def fetch(url: str) -> tuple[str, int, int]:
    response = requests.get(url, timeout=30)
    assert response.status_code == 200, (url, response.status_code, response.text[:200])
    assert response.headers["Content-Type"].startswith("image/"), response.headers["Content-Type"]
    return image_size(response.content)


# pixabay-python 1.1.0

def test_pixabay_python_searches_by_tag_size_and_type(server, pixabay):
    # act: its query strings carry min_width=None, editors_choice=False, safe_search=False, pretty=False…
    porto = pixabay.searchImage("porto", imageType=ImageType.PHOTO, perPage=3)
    sized = pixabay.searchImage("porto", minWidth=2000, minHeight=1700)
    videos = pixabay.searchVideo("porto")

    # assert
    hits = list(porto.hits)
    assert porto.total == porto.totalHits == 2
    assert sorted((hit.imageWidth, hit.imageHeight) for hit in hits) == [(2560, 1600), (2560, 1920)]
    for hit in hits:
        photo = next(photo for photo in server.geotagged if (photo.width, photo.height) == (hit.imageWidth,
                                                                                             hit.imageHeight))
        assert hit.imageType == "photo" and hit.user == server.traveller
        assert sorted(hit.tags) == sorted(photo.tags)  # "porto, trees": joined with ", "
        assert hit.imageSize == photo.size
        assert isinstance(hit.id, int) and isinstance(hit.user_id, int) and isinstance(hit.collections, int)
    assert [(hit.imageWidth, hit.imageHeight) for hit in sized.hits] == [(2560, 1920)]  # Lady bird is 1600 high
    assert videos.total == 0 and list(videos.hits) == []


# iWall

def test_iwall_request_decodes_strictly_and_only_big_enough_photos_come_back(server):
    # act: the device words of q only say what the results are for
    nature_any_size = decode_like_iwall(iwall_search(server, "nature", 0, 0))
    nature_sized = decode_like_iwall(iwall_search(server, "nature", 1700, 1100))
    porto_sized = decode_like_iwall(iwall_search(server, "porto", 2000, 1700))
    past_the_end = iwall_search(server, "porto", 2000, 1700, page=2)

    # assert: the three nature wallpapers, then only the one at least 1700×1100
    assert sorted((hit["imageWidth"], hit["imageHeight"]) for hit in nature_any_size["hits"]) == [
        (1280, 1024), (1680, 1050), (1920, 1200)]
    assert nature_any_size["total"] == nature_any_size["totalHits"] == 3
    big_enough = [hit["id"] for hit in nature_any_size["hits"] if hit["imageWidth"] >= 1700
                  and hit["imageHeight"] >= 1100]
    assert [hit["id"] for hit in nature_sized["hits"]] == big_enough and nature_sized["totalHits"] == 1
    # wide enough is not enough: Lady bird (2560×1600) is too short for 1700
    assert [(hit["imageWidth"], hit["imageHeight"]) for hit in porto_sized["hits"]] == [(2560, 1920)]
    # the infinite scroll stops where Pixabay stops it
    assert past_the_end.status_code == 400 and past_the_end.text == PAGE_OUT_OF_RANGE


def test_image_urls_are_served_at_pixabays_sizes(server, every_photo):
    # setup
    wood = hit_of(every_photo, server.traveller, 2560, 1920)

    # act
    preview = fetch(wood["previewURL"])
    webformat = fetch(wood["webformatURL"])
    large = fetch(wood["largeImageURL"])
    height_340 = fetch(wood["webformatURL"].replace("_640", "_340"))
    height_180 = fetch(wood["webformatURL"].replace("_640", "_180"))
    within_960 = fetch(wood["webformatURL"].replace("_640", "_960"))

    # assert
    for url in (wood["previewURL"], wood["webformatURL"], wood["largeImageURL"]):
        assert url.startswith(f"{server.base}/get/"), url
    assert re.search(r"_640\.jpg$", wood["webformatURL"]) and re.search(r"_1280\.jpg$", wood["largeImageURL"])
    assert preview[1:] == (wood["previewWidth"], wood["previewHeight"]) and max(preview[1:]) == 150
    assert webformat[1:] == (wood["webformatWidth"], wood["webformatHeight"]) == (640, 480)
    assert large[1:] == (1280, 960)
    assert height_340[2] == 340 and height_180[2] == 180 and within_960[1:] == (960, 720)
    assert {preview[0], webformat[0], large[0]} == {"jpeg"}


def test_one_photo_by_id(server, every_photo):
    # setup: what the `pixabay` 0.0.5 wrapper does for one image (reads hits[0])
    storm = hit_of(every_photo, server.traveller, 1920, 1280)

    # act
    found = decode_like_iwall(search(server, f"&id={storm['id']}"))

    # assert (the counts may have moved since)
    assert [hit["id"] for hit in found["hits"]] == [storm["id"]]
    counts = {"views", "downloads", "favorites", "collections", "likes", "comments"}
    assert {key: value for key, value in found["hits"][0].items() if key not in counts} == {
        key: value for key, value in storm.items() if key not in counts}


def test_the_wrappers_odd_query_strings_are_read_leniently(server):
    # setup: the plain question, then the same with what the wrappers add (reference §0.7, checklist of §3.6)
    plain = decode_like_iwall(search(server, "&q=porto"))

    # act
    pixabay_python = search(server, "&q=porto&lang=en&min_width=None&min_height=None&editors_choice=False"
                                    "&safe_search=True&order=popular&pretty=False&page=1&per_page=30&image_type=all"
                                    "&orientation=all")
    python_pixabay = search(server, "&q=porto&id=&category=&colors=&callback=&editors_choice=false"
                                    "&safesearch=false&pretty=false")
    capitals = search(server, "&q=PORTO&image_type=ALL&safesearch=TRUE&editors_choice=0")

    # assert
    ids = sorted(hit["id"] for hit in plain["hits"])
    assert len(ids) == 2
    for answer in (pixabay_python, python_pixabay, capitals):
        assert sorted(hit["id"] for hit in decode_like_iwall(answer)["hits"]) == ids


def test_jsonp_with_a_callback(server):
    # act
    plain = search(server, "&q=iceland")
    wrapped = search(server, "&q=iceland&callback=showPhotos")

    # assert
    assert wrapped.status_code == 200
    assert wrapped.headers["Content-Type"].startswith("application/javascript")
    match = re.fullmatch(r"showPhotos\((.*)\);?\s*", wrapped.text, re.DOTALL)
    assert match, wrapped.text[:200]
    assert json.loads(match.group(1)) == plain.json()


def test_errors_are_plain_text_with_pixabays_wording(server):
    # setup: pages of three over the whole library; the last one may be short
    total_hits = decode_like_iwall(search(server, "&per_page=3"))["totalHits"]
    last = math.ceil(total_hits / 3)
    assert server.access_key.swapcase() != server.access_key

    # act
    too_few = search(server, "&per_page=2")
    too_many = search(server, "&per_page=201")
    last_page = search(server, f"&per_page=3&page={last}")
    past_the_end = search(server, f"&per_page=3&page={last + 1}")
    unknown_key = search(server, "&q=porto", key="no-such-key")
    wrong_case = search(server, "&q=porto", key=server.access_key.swapcase())  # keys are case-sensitive
    no_key = requests.get(f"{server.base}/api/?q=porto", timeout=30)

    # assert
    for answer, text in [(too_few, PER_PAGE_OUT_OF_RANGE), (too_many, PER_PAGE_OUT_OF_RANGE),
                         (past_the_end, PAGE_OUT_OF_RANGE), (unknown_key, INVALID_KEY), (wrong_case, INVALID_KEY),
                         (no_key, INVALID_KEY)]:
        assert answer.status_code == 400, (answer.url, answer.status_code, answer.text[:200])
        assert answer.text == text
        assert answer.headers["Content-Type"].startswith("text/"), answer.headers["Content-Type"]
    assert len(decode_like_iwall(last_page)["hits"]) == total_hits - 3 * (last - 1)


def test_rate_limit_headers_on_every_answer(server):
    # act
    found = search(server, "&q=porto")
    refused = search(server, "&per_page=2")

    # assert
    for answer in (found, refused):
        limit = answer.headers["X-RateLimit-Limit"]
        remaining = answer.headers["X-RateLimit-Remaining"]
        reset = answer.headers["X-RateLimit-Reset"]
        assert limit == "100"  # Pixabay's 100 a minute per key, the default
        assert re.fullmatch(r"\d+", remaining) and int(remaining) < 100
        assert re.fullmatch(r"\d+", reset) and int(reset) <= 60


def test_videos_are_an_empty_list(server):
    # act
    answer = requests.get(f"{server.base}/api/videos/?key={server.access_key}&q=porto", timeout=30)

    # assert
    assert answer.status_code == 200 and answer.json() == {"total": 0, "totalHits": 0, "hits": []}


@pytest.fixture
def limited_server(other_server):
    """Another server over an empty library with one app, allowing 3 Pixabay requests a minute per key
    (`IMAGEFEED_PIXABAY_RATE_LIMIT`); yields (base URL, the app's access key)."""
    return other_server(environment={"IMAGEFEED_PIXABAY_RATE_LIMIT": "3"})


def test_past_the_limit_pixabay_answers_429_in_text(limited_server):
    # setup
    base, key = limited_server

    # act: at most two windows' worth, so a window ending in between cannot hide the limit
    answers = []
    while len(answers) < 7 and (not answers or answers[-1].status_code != 429):
        answers.append(requests.get(f"{base}/api/?key={key}", timeout=30))

    # assert
    refused = answers[-1]
    assert refused.status_code == 429, [answer.status_code for answer in answers]
    assert refused.text == "[ERROR 429] API rate limit exceeded"
    assert refused.headers["X-RateLimit-Limit"] == "3" and refused.headers["X-RateLimit-Remaining"] == "0"
    assert all(answer.status_code == 200 for answer in answers[:-1]) and len(answers) >= 4
