"""flickrapi 2.4.0 from PyPI against the real server's Flickr dialect, repointed only the way a user would (its URL
class attributes), in both of its parsed formats: `etree` (it sends `format=rest` and parses the XML) and
`parsed-json` (`format=json&nojsoncallback=1`). Every call is a POST signed with OAuth 1.0a, as flickrapi makes it.

It walks the Flickr browser app: photos near the user on launch, a text search, the tags of the results and a tag
filter, the detail screen (getInfo, getSizes, getExif and the image itself), albums (photosets), and the OAuth 1.0a
flow through the sign-in and consent pages, then favourites. The library is the one conftest.py seeds; these tests
read the traveller's geotagged series (`Server.geotagged`: Wood and Lady bird in Porto, Storm in Reykjavik).
"""

import html
import math
import re
import time
from urllib.parse import parse_qs, urljoin, urlparse

import flickrapi
import pytest
import requests
from flickrapi.auth import OAuthFlickrInterface
from flickrapi.exceptions import FlickrError

from conftest import image_size

FORMATS = ("etree", "parsed-json")
# getSizes for a 2560×1920 original: every rung of Flickr's ladder up to the original's size (reference §1.6).
WOOD_SIZES = [("Square", 75, 75), ("Large Square", 150, 150), ("Thumbnail", 100, 75), ("Small", 240, 180),
              ("Small 320", 320, 240), ("Small 400", 400, 300), ("Medium", 500, 375), ("Medium 640", 640, 480),
              ("Medium 800", 800, 600), ("Large", 1024, 768), ("Large 1600", 1600, 1200),
              ("Large 2048", 2048, 1536), ("Original", 2560, 1920)]
URL_EXTRAS = "url_sq,url_t,url_s,url_q,url_m,url_n,url_z,url_c,url_l,url_h,url_k,url_o"


# Pointing flickrapi at the server: its four URL class attributes [contract: Flickr REST].

@pytest.fixture(scope="module")
def flickr_on_server(server):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flickrapi.FlickrAPI, "REST_URL", server.base + "/services/rest/")
        patch.setattr(OAuthFlickrInterface, "REQUEST_TOKEN_URL", server.base + "/services/oauth/request_token")
        patch.setattr(OAuthFlickrInterface, "AUTHORIZE_URL", server.base + "/services/oauth/authorize")
        patch.setattr(OAuthFlickrInterface, "ACCESS_TOKEN_URL", server.base + "/services/oauth/access_token")
        yield


def make_flickr(server, response_format: str, key: str | None = None, secret: str | None = None):
    return flickrapi.FlickrAPI(key or server.access_key, secret or server.oauth1_secret, format=response_format,
                               store_token=False)


@pytest.fixture(params=FORMATS)
def flickr(request, server, flickr_on_server):
    """A FlickrAPI with the app's consumer key and OAuth 1.0a secret, in one of the two parsed formats."""
    return make_flickr(server, request.param)


# Reading both formats the same way: Flickr's JSON is a mapping of its XML (reference §1.1), so an element becomes
# a dict of its attributes plus its text-only children (`<title>Wood</title>`, `"title":{"_content":"Wood"}`),
# every value as text.

def _flat_xml(element) -> dict:
    flat = dict(element.attrib)
    if element.text and element.text.strip():
        flat["_content"] = element.text.strip()
    for child in element:
        if not child.attrib and len(child) == 0:
            flat[child.tag] = (child.text or "").strip()
    return flat


def _flat_json(value) -> dict:
    if not isinstance(value, dict):
        return {"_content": str(value)}
    flat = {}
    for key, item in value.items():
        if isinstance(item, dict) and set(item) == {"_content"}:
            flat[key] = str(item["_content"])
        elif not isinstance(item, (dict, list)):
            assert not isinstance(item, bool) and item is not None, (key, item)
            flat[key] = str(item)
    return flat


def nodes(reply, path: str) -> list[dict]:
    """The elements at `path` (`photos/photo`) under `<rsp>` or the JSON object, flattened alike."""
    if isinstance(reply, dict):
        current = [reply]
        for part in path.split("/"):
            found = []
            for item in current:
                value = item.get(part) if isinstance(item, dict) else None
                if value is not None:
                    found.extend(value if isinstance(value, list) else [value])
            current = found
        return [_flat_json(item) for item in current]
    assert reply.get("stat") == "ok"
    return [_flat_xml(element) for element in reply.findall(path)]


def node(reply, path: str) -> dict:
    found = nodes(reply, path)
    assert len(found) == 1, (path, found)
    return found[0]


def titles(reply) -> list[str]:
    return [photo["title"] for photo in nodes(reply, "photos/photo")]


def seeded(server, title: str):
    return next(photo for photo in server.geotagged if photo.title == title)


def distance_km(latitude: float, longitude: float, other_latitude: float, other_longitude: float) -> float:
    rise, run = math.radians(other_latitude - latitude), math.radians(other_longitude - longitude)
    a = math.sin(rise / 2) ** 2 + math.cos(math.radians(latitude)) * math.cos(math.radians(other_latitude)) * math.sin(
        run / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(a))


def is_recent_unix_time(text: str) -> bool:
    """Flickr's dates (`posted`, `dateupload`, `date_faved`) are unix times in seconds; everything here happened
    within the last day."""
    return re.fullmatch(r"\d+", text) is not None and abs(int(text) - time.time()) < 86400


def fetch_image(url: str) -> tuple[str, int, int, requests.Response]:
    response = requests.get(url, timeout=30)
    assert response.status_code == 200, (url, response.status_code, response.text[:200])
    assert response.headers["Content-Type"].startswith("image/"), response.headers["Content-Type"]
    return (*image_size(response.content), response)


@pytest.fixture(scope="module")
def traveller_photos(server, flickr_on_server) -> dict[str, dict]:
    """The geotagged series by title, as one parsed-json search sees it (every url_* extra, geo, tags, the
    original's secret and format)."""
    reply = make_flickr(server, "parsed-json").photos.search(
        user_id=server.traveller, extras=f"geo,tags,original_format,o_dims,{URL_EXTRAS}", per_page=100)
    photos = {photo["title"]: photo for photo in nodes(reply, "photos/photo")}
    assert sorted(photos) == sorted(photo.title for photo in server.geotagged), photos
    return photos


# Photos near the user, on launch

def test_search_near_a_point_is_nearest_first_with_geo_and_medium_urls(server, flickr):
    # setup: the user stands where Wood was taken
    wood = seeded(server, "Wood")

    # act
    near = flickr.photos.search(lat=wood.latitude, lon=wood.longitude, radius=5, extras="geo,url_m,date_taken")
    within_a_mile = flickr.photos.search(lat=wood.latitude, lon=wood.longitude, radius=1, radius_units="mi",
                                         extras="geo")
    porto_box = flickr.photos.search(bbox="-8.70,41.10,-8.55,41.20", extras="geo")  # minLon,minLat,maxLon,maxLat
    iceland_box = flickr.photos.search(bbox="-22.5,63.9,-21.5,64.4", has_geo=1)

    # assert: the two Porto photos, the nearer first (radial queries sort by distance, reference §1.3)
    assert titles(near) == ["Wood", "Lady bird"]
    page = node(near, "photos")
    assert (page["page"], page["pages"], page["total"]) == ("1", "1", "2")
    for photo in nodes(near, "photos/photo"):
        expected = seeded(server, photo["title"])
        assert re.fullmatch(r"\d{11}", photo["id"]) and re.fullmatch(r"\d{5,11}@N\d\d", photo["owner"]), photo
        assert re.fullmatch(r"[0-9a-f]{10}", photo["secret"]) and photo["server"] == "65535"
        assert photo["farm"] == "66" and photo["ispublic"] == "1"
        # positions may be rounded to about 1 km for everyone but the owner
        assert abs(float(photo["latitude"]) - expected.latitude) <= 0.01, photo
        assert abs(float(photo["longitude"]) - expected.longitude) <= 0.01, photo
        assert photo["datetaken"] == expected.taken.replace(":", "-", 2)
        # url_m is the 500 px size, served by the library at the size it declares
        assert photo["url_m"] == f"{server.base}/65535/{photo['id']}_{photo['secret']}.jpg"
        kind, width, height, _ = fetch_image(photo["url_m"])
        assert (kind, width, height) == ("jpeg", int(photo["width_m"]), int(photo["height_m"]))
        assert max(width, height) == 500
    assert titles(within_a_mile) == ["Wood"]  # Lady bird is about 2.4 km (1.5 mi) away
    assert sorted(titles(porto_box)) == ["Lady bird", "Wood"]
    assert titles(iceland_box) == ["Storm"]


# Searching all photos

def test_text_search_matches_titles_and_tags(flickr):
    # act
    by_title = flickr.photos.search(text="storm")
    by_tag = flickr.photos.search(text="insects")
    nothing = flickr.photos.search(text="zebra crossing at midnight")

    # assert
    assert titles(by_title) == ["Storm"]
    assert titles(by_tag) == ["Lady bird"]
    assert titles(nothing) == [] and node(nothing, "photos")["total"] == "0"


def test_tags_of_the_results_then_a_tag_filter(server, flickr):
    # setup: the results of a search, with their tags (normalised, space-separated)
    results = flickr.photos.search(user_id=server.traveller, extras="tags")
    tags = {photo["title"]: set(photo["tags"].split()) for photo in nodes(results, "photos/photo")}
    owner = {photo["owner"] for photo in nodes(results, "photos/photo")}

    # act: the app offers the tags as filters
    porto = flickr.photos.search(tags="porto")
    insects = flickr.photos.search(tags="insects")
    either = flickr.photos.search(tags="insects,clouds")  # tag_mode defaults to any
    both = flickr.photos.search(tags="porto,insects", tag_mode="all")
    by_nsid = flickr.photos.search(user_id=next(iter(owner)), tags="porto")
    # The ids handed out before ids took Flickr's shapes: the person's number, alone or as `{number}@N01`.
    number = int(next(iter(owner)).removesuffix("@N07")) - 10_000_000
    by_number = flickr.photos.search(user_id=str(number), tags="porto")
    by_old_nsid = flickr.photos.search(user_id=f"{number}@N01", tags="porto")

    # assert
    assert tags == {photo.title: set(photo.tags) for photo in server.geotagged}
    assert len(owner) == 1
    assert sorted(titles(porto)) == ["Lady bird", "Wood"]
    assert titles(insects) == ["Lady bird"]
    assert sorted(titles(either)) == ["Lady bird", "Storm"]
    assert titles(both) == ["Lady bird"]
    assert sorted(titles(by_nsid)) == sorted(titles(by_number)) == sorted(titles(by_old_nsid)) == ["Lady bird", "Wood"]


# The detail screen

def test_detail_screen_info_sizes_and_exif(server, flickr, traveller_photos):
    # setup
    wood = traveller_photos["Wood"]

    # act
    info = flickr.photos.getInfo(photo_id=wood["id"])
    sizes = flickr.photos.getSizes(photo_id=wood["id"])
    exif = flickr.photos.getExif(photo_id=wood["id"])

    # assert: name, owner, date, tags, place
    photo = node(info, "photo")
    assert photo["id"] == wood["id"] and photo["secret"] == wood["secret"] and photo["server"] == "65535"
    assert photo["title"] == "Wood" and photo["originalformat"] == "jpg"
    assert re.fullmatch(r"[0-9a-f]{10}", photo["originalsecret"])
    owner = node(info, "photo/owner")
    assert owner["nsid"] == wood["owner"] and owner["username"] == server.traveller
    assert owner["realname"] == "Gina Alves"
    dates = node(info, "photo/dates")
    assert dates["taken"] == "2024-05-04 10:15:00" and is_recent_unix_time(dates["posted"])
    assert {tag["raw"] for tag in nodes(info, "photo/tags/tag")} == {"porto", "trees"}
    location = node(info, "photo/location")
    assert abs(float(location["latitude"]) - 41.1407) <= 0.01 and abs(float(location["longitude"]) + 8.6110) <= 0.01
    # assert: resolution — Flickr's ladder up to the original, each served at the size it declares
    ladder = nodes(sizes, "sizes/size")
    assert [(size["label"], int(size["width"]), int(size["height"])) for size in ladder] == WOOD_SIZES
    by_label = {size["label"]: size for size in ladder}
    for label in ("Large Square", "Medium 640"):
        kind, width, height, _ = fetch_image(by_label[label]["source"])
        assert (kind, width, height) == ("jpeg", int(by_label[label]["width"]), int(by_label[label]["height"]))
    # assert: the camera
    camera = node(exif, "photo")
    assert camera["id"] == wood["id"] and "X-T30" in camera["camera"]
    raw = {entry["tag"]: entry["raw"] for entry in nodes(exif, "photo/exif")}
    assert raw["Make"] == "FUJIFILM" and raw["Model"] == "X-T30"
    assert raw["ExposureTime"] == "1/250" and raw["FNumber"] == "5.6" and raw["ISO"] == "200"
    assert raw["FocalLength"].startswith("23")


def test_every_url_extra_is_served_at_its_declared_size(server, traveller_photos):
    # setup: Flickr's extras and their longest edges (reference §1.4, §1.6)
    longest = {"sq": 75, "q": 150, "t": 100, "s": 240, "n": 320, "m": 500, "z": 640, "c": 800, "l": 1024,
               "h": 1600, "k": 2048, "o": 2560}
    wood = traveller_photos["Wood"]

    # act
    served = {extra: fetch_image(wood[f"url_{extra}"]) for extra in longest}

    # assert
    for extra, (kind, width, height, _) in served.items():
        assert (width, height) == (int(wood[f"width_{extra}"]), int(wood[f"height_{extra}"])), extra
        assert max(width, height) == longest[extra], extra
    assert wood["url_o"] == f"{server.base}/65535/{wood['id']}_{wood['originalsecret']}_o.jpg"
    assert (wood["o_width"], wood["o_height"]) == ("2560", "1920")


def test_a_source_url_built_by_hand_is_a_flickr_size(server, traveller_photos):
    # setup: what an app that builds image URLs itself does (reference §1.6)
    storm = traveller_photos["Storm"]
    built = f"{server.base}/{storm['server']}/{storm['id']}_{storm['secret']}"

    # act
    medium_640 = fetch_image(f"{built}_z.jpg")
    square = fetch_image(f"{built}_s.jpg")
    plain = fetch_image(f"{built}.jpg")
    wrong_secret = requests.get(f"{server.base}/65535/{storm['id']}_0000000000_z.jpg", timeout=30)

    # assert
    kind, width, height, response = medium_640
    assert kind == "jpeg" and response.headers["Content-Type"].startswith("image/jpeg")
    assert width == 640 and height in (426, 427)  # 1920×1280 within 640
    assert square[1:3] == (75, 75) and max(plain[1:3]) == 500
    assert wrong_secret.status_code == 404


# Albums

def test_photosets_of_a_person_and_their_photos(server, flickr, traveller_photos):
    # act
    listed = flickr.photosets.getList(user_id=server.traveller)
    sets = {photoset["title"]: photoset for photoset in nodes(listed, "photosets/photoset")}
    porto = flickr.photosets.getPhotos(photoset_id=sets["Porto"]["id"], extras="url_q")
    iceland = flickr.photosets.getPhotos(photoset_id=sets["Iceland"]["id"], user_id=traveller_photos["Storm"]["owner"])
    with pytest.raises(FlickrError) as missing:
        flickr.photosets.getPhotos(photoset_id="999999999")

    # assert
    assert sorted(sets) == ["Iceland", "Porto"]
    assert all(re.fullmatch(r"\d+", photoset["id"]) for photoset in sets.values())
    assert (sets["Porto"]["photos"], sets["Iceland"]["photos"]) == ("2", "1")
    header = node(porto, "photoset")
    assert header["id"] == sets["Porto"]["id"] and header["owner"] == traveller_photos["Wood"]["owner"]
    assert header["total"] == "2"
    photos = nodes(porto, "photoset/photo")
    assert sorted(photo["title"] for photo in photos) == ["Lady bird", "Wood"]
    assert {photo["id"] for photo in photos} == {traveller_photos["Wood"]["id"], traveller_photos["Lady bird"]["id"]}
    assert all(photo["url_q"].startswith(server.base) for photo in photos)
    assert [photo["id"] for photo in nodes(iceland, "photoset/photo")] == [traveller_photos["Storm"]["id"]]
    assert missing.value.code == 1


# Signing in with OAuth 1.0a, then favourites

def authorize_in_browser(server, authorize_url: str) -> tuple[requests.Session, requests.Response]:
    """The person in the browser, as test_oauth_clients.py plays it: signed out → sign-in form → consent page →
    "Allow" (the form's hidden fields and `decision=allow` posted to /services/oauth/authorize, same origin).
    Returns the browser and the answer to that post, not followed."""
    browser = requests.Session()
    origin = {"Origin": server.base}
    to_login = browser.get(authorize_url, allow_redirects=False)
    assert to_login.status_code == 303, to_login.text
    login = urlparse(to_login.headers["Location"])
    assert login.path == "/account/login"
    return_to = parse_qs(login.query)["return_to"][0]
    assert return_to.startswith("/services/oauth/authorize?")
    signed_in = browser.post(f"{server.base}/account/login", headers=origin, allow_redirects=False,
                             data={"login": server.email, "password": server.password, "return_to": return_to})
    assert signed_in.status_code == 303, signed_in.text
    page = browser.get(server.base + return_to, allow_redirects=False)
    assert page.status_code == 200, page.text
    assert "E2E Client" in page.text
    fields = {html.unescape(name): html.unescape(value) for name, value in
              re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', page.text)}
    answer = browser.post(f"{server.base}/services/oauth/authorize", data={**fields, "decision": "allow"},
                          headers=origin, allow_redirects=False)
    return browser, answer


def oob_verifier(server, authorize_url: str) -> str:
    browser, answer = authorize_in_browser(server, authorize_url)
    if answer.is_redirect:  # a page of its own is fine too
        answer = browser.get(urljoin(server.base, answer.headers["Location"]), timeout=30)
    assert answer.status_code == 200, answer.text
    verifier = re.search(r'<code id="verifier">([^<]+)</code>', answer.text)
    assert verifier, answer.text
    return verifier.group(1)


def test_oauth_flow_as_flickrapi_does_it_then_favourites(server, flickr, traveller_photos):
    # setup: request token (out of band), the authorize URL flickrapi builds, the person allows, access token
    flickr.get_request_token(oauth_callback="oob")
    authorize_url = flickr.auth_url(perms="write")
    assert authorize_url.startswith(f"{server.base}/services/oauth/authorize?oauth_token=")
    verifier = oob_verifier(server, authorize_url)
    flickr.get_access_token(verifier)
    token = flickr.token_cache.token
    storm = traveller_photos["Storm"]["id"]
    anonymous = make_flickr(server, flickr.default_format)

    # act
    login = flickr.test.login()
    valid = flickr.token_valid(perms="write")  # flickrapi's own check: flickr.auth.oauth.checkToken
    flickr.favorites.add(photo_id=storm)
    mine = flickr.favorites.getList(extras="url_q")
    public = anonymous.favorites.getList(user_id=token.user_nsid)
    flickr.favorites.remove(photo_id=storm)
    after = flickr.favorites.getList()

    # assert
    assert re.fullmatch(r"\d{3}-\d{3}-\d{3}", verifier)
    assert token.username == server.username and token.fullname == "Edith Tester"
    assert re.fullmatch(r"\d{5,11}@N\d\d", token.user_nsid) and token.access_level == "write"
    user = node(login, "user")
    assert user["id"] == token.user_nsid and user["username"] == server.username
    assert valid is True
    favourites = nodes(mine, "photos/photo")
    assert storm in [photo["id"] for photo in favourites]
    assert all(is_recent_unix_time(photo["date_faved"]) for photo in favourites)
    assert storm in [photo["id"] for photo in nodes(public, "photos/photo")]
    assert storm not in [photo["id"] for photo in nodes(after, "photos/photo")]


def test_a_read_token_from_a_callback_cannot_add_favourites(server, flickr, traveller_photos):
    # setup: the web-app variant — a callback URL, perms=read
    flickr.get_request_token(oauth_callback=server.callback)
    request_token = flickr.flickr_oauth.resource_owner_key
    _, answer = authorize_in_browser(server, flickr.auth_url(perms="read"))
    assert answer.status_code == 302, answer.text
    location = urlparse(answer.headers["Location"])
    query = parse_qs(location.query)
    flickr.get_access_token(query["oauth_verifier"][0])

    # act
    login = flickr.test.login()
    with pytest.raises(FlickrError) as refused:
        flickr.favorites.add(photo_id=traveller_photos["Wood"]["id"])

    # assert
    assert f"{location.scheme}://{location.netloc}{location.path}" == server.callback
    assert query["oauth_token"] == [request_token]
    assert node(login, "user")["username"] == server.username
    assert refused.value.code == 99


# Errors: HTTP 200 with stat="fail" and Flickr's codes, raised by flickrapi as FlickrError(code)

@pytest.mark.parametrize("response_format", FORMATS)
def test_errors_carry_flickrs_codes(server, flickr_on_server, response_format):
    # setup
    good = make_flickr(server, response_format)
    unknown_key = make_flickr(server, response_format, key="no-such-key", secret="no-such-secret")
    wrong_secret = make_flickr(server, response_format, secret="not-the-secret")

    def code(call, **arguments) -> int | None:
        with pytest.raises(FlickrError) as failed:
            call(**arguments)
        return failed.value.code

    # act / assert
    assert code(unknown_key.photos.search, text="storm") == 100
    assert code(wrong_secret.photos.search, text="storm") == 96
    assert code(good.photos.noSuchMethod) == 112
    assert code(good.favorites.add, photo_id="1") == 99  # not signed in
    for method in (good.photos.getInfo, good.photos.getSizes, good.photos.getExif):
        assert code(method, photo_id="999999999") == 1
    assert code(good.people.getInfo, user_id="nobody_at_all") == 1
    assert code(good.photos.search) == 3  # parameterless search


def test_plain_get_with_api_key_json_jsonp_and_xml(server, traveller_photos):
    # setup: what an app without flickrapi sends — GET, api_key, no signature
    rest = f"{server.base}/services/rest/"
    common = {"method": "flickr.photos.getInfo", "api_key": server.access_key,
              "photo_id": traveller_photos["Storm"]["id"]}

    # act
    json_answer = requests.get(rest, params={**common, "format": "json", "nojsoncallback": "1"}, timeout=30)
    jsonp = requests.get(rest, params={**common, "format": "json"}, timeout=30)
    renamed = requests.get(rest, params={**common, "format": "json", "jsoncallback": "show"}, timeout=30)
    xml = requests.get(rest, params=common, timeout=30)
    bad_format = requests.get(rest, params={**common, "format": "yaml"}, timeout=30)
    no_key = requests.get(rest, params={"method": "flickr.test.echo", "format": "json", "nojsoncallback": "1"},
                          timeout=30)
    echo = requests.post(rest, data={"method": "flickr.test.echo", "api_key": server.access_key, "format": "json",
                                     "nojsoncallback": "1", "hello": "world"}, timeout=30)

    # assert
    assert json_answer.status_code == 200 and json_answer.json()["stat"] == "ok"
    assert json_answer.json()["photo"]["title"] == {"_content": "Storm"}
    assert jsonp.text.startswith("jsonFlickrApi(") and jsonp.text.rstrip().rstrip(";").endswith(")")
    assert renamed.text.startswith("show(")
    assert xml.text.lstrip().startswith("<?xml") and '<rsp stat="ok">' in xml.text
    assert bad_format.status_code == 200 and "111" in bad_format.text
    assert no_key.status_code == 200 and no_key.json()["stat"] == "fail" and no_key.json()["code"] == 100
    assert echo.json()["stat"] == "ok" and echo.json()["hello"] == {"_content": "world"}
