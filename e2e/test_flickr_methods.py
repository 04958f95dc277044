"""Every Flickr method that strict clients call and the dialect once lacked (issue 32, item 3), through two client
libraries from PyPI: flickrapi 2.4.0 (in its etree and parsed-json formats, every call signed with OAuth 1.0a) and
flickr_api (the `flickr-api` package: typed objects over `format=json`, and raw XML for the methods it has no
object for). Each answer's shape is checked against the services' documented answers (Tests/Fixtures/Dialects,
see SOURCES.md there), as the Swift regression net does in-process.

The library is the one conftest.py seeds; the traveller's geotagged series (Wood and Lady bird in the album Porto,
Storm in Iceland) gives the photos, album and tags, and the signed-in test user likes Wood for the favourites list.
"""

import xml.etree.ElementTree as ElementTree

import flickr_api
import flickrapi
import pytest
from flickr_api import method_call
from flickrapi.auth import OAuthFlickrInterface
from flickrapi.exceptions import FlickrError

import documented_shapes
from test_flickr_clients import make_flickr, oob_verifier

FORMATS = ("etree", "parsed-json")
# Item 3 of issue 32: the methods strict clients call.
METHODS = (
    "flickr.photos.licenses.getInfo", "flickr.photos.licenses.getLicenseHistory", "flickr.urls.lookupUser",
    "flickr.urls.getUserProfile", "flickr.urls.getUserPhotos", "flickr.people.findByUsername",
    "flickr.people.findByEmail", "flickr.profile.getProfile", "flickr.photosets.getInfo",
    "flickr.photos.getAllContexts", "flickr.photos.getContext", "flickr.photos.people.getList",
    "flickr.photos.comments.getList", "flickr.galleries.getListForPhoto", "flickr.favorites.getPublicList",
    "flickr.tags.getRelated", "flickr.commons.getInstitutions", "flickr.reflection.getMethods",
    "flickr.reflection.getMethodInfo",
)
DOCUMENTED = {entry["method"]: entry for entry in documented_shapes.flickr_methods()}


@pytest.fixture(scope="module")
def flickr_on_server(server):
    """flickrapi's URL class attributes, and flickr_api's keys and REST URL (its `call_api` takes the URL as a
    default argument, bound when the module loads: that default is what a user repoints)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flickrapi.FlickrAPI, "REST_URL", server.base + "/services/rest/")
        patch.setattr(OAuthFlickrInterface, "REQUEST_TOKEN_URL", server.base + "/services/oauth/request_token")
        patch.setattr(OAuthFlickrInterface, "AUTHORIZE_URL", server.base + "/services/oauth/authorize")
        patch.setattr(OAuthFlickrInterface, "ACCESS_TOKEN_URL", server.base + "/services/oauth/access_token")
        defaults = list(method_call.call_api.__defaults__)
        defaults[method_call.call_api.__code__.co_varnames.index("request_url")] = server.base + "/services/rest/"
        patch.setattr(method_call.call_api, "__defaults__", tuple(defaults))
        flickr_api.set_keys(api_key=server.access_key, api_secret=server.oauth1_secret)
        yield


def call(flickr, method: str, **parameters):
    """`flickr.photos.getInfo(photo_id=…)` for a method named as a string."""
    target = flickr
    for part in method.split(".")[1:]:
        target = getattr(target, part)
    return target(**parameters)


@pytest.fixture(scope="module")
def library(server, flickr_on_server) -> dict[str, str]:
    """The ids the calls need, found the way an app finds them, with the test user's favourite in place."""
    flickr = make_flickr(server, "parsed-json")
    traveller = flickr.people.findByUsername(username=server.traveller)["user"]["nsid"]
    photos = flickr.photos.search(user_id=traveller, sort="date-posted-asc", per_page=10)["photos"]["photo"]
    by_title = {photo["title"]: photo["id"] for photo in photos}
    albums = flickr.photosets.getList(user_id=traveller)["photosets"]["photoset"]
    porto = next(album["id"] for album in albums if album["title"]["_content"] == "Porto")
    profile = flickr.urls.getUserProfile(user_id=traveller)["user"]["url"]

    # The test user signs in (OAuth 1.0a, out of band) and makes Wood a favourite, taken back at the end.
    fan = make_flickr(server, "parsed-json")
    fan.get_request_token(oauth_callback="oob")
    fan.get_access_token(oob_verifier(server, fan.auth_url(perms="write")))
    fan.favorites.add(photo_id=by_title["Wood"])
    fan_nsid = fan.test.login()["user"]["id"]
    yield {"photo_id": by_title["Wood"], "middle_photo_id": by_title["Lady bird"], "nsid": traveller,
           "fan_nsid": fan_nsid, "username": server.traveller, "email": "gina@example.com", "photoset_id": porto,
           "profile_url": profile, "tag": "porto"}
    fan.favorites.remove(photo_id=by_title["Wood"])


def parameters(method: str, library: dict[str, str]) -> dict[str, str]:
    filled = {}
    for name, value in DOCUMENTED[method]["parameters"].items():
        for key, replacement in library.items():
            value = value.replace("{" + key + "}", replacement)
        filled[name] = value
    return filled


def shape_problems(method: str, reply) -> list[str]:
    """How the reply (an etree `<rsp>` or a parsed JSON dict) falls short of each documented answer of `method`."""
    entry = DOCUMENTED[method]
    is_xml = not isinstance(reply, dict)
    answer = documented_shapes.xml_shape(reply) if is_xml else documented_shapes.json_shape(reply)
    found = []
    for fixture in entry["fixtures"]:
        expected = documented_shapes.documented("flickr", fixture)
        for problem in documented_shapes.problems(expected, answer, entry.get("absent"), xml_answer=is_xml):
            found.append(f"{fixture}: {problem}")
    return found


def test_every_method_here_is_served_and_documented(server, flickr_on_server):
    served = flickrapi.FlickrAPI(server.access_key, server.oauth1_secret, format="parsed-json",
                                 store_token=False).reflection.getMethods()["methods"]["method"]
    names = {method["_content"] for method in served}
    assert set(METHODS) <= names, set(METHODS) - names
    assert set(METHODS) <= set(DOCUMENTED)


@pytest.mark.parametrize("response_format", FORMATS)
@pytest.mark.parametrize("method", METHODS)
def test_flickrapi_answers_have_every_documented_member(server, library, method, response_format):
    # act
    reply = call(make_flickr(server, response_format), method, **parameters(method, library))

    # assert
    assert shape_problems(method, reply) == []


def test_licences_are_flickrs_0_to_16_with_their_urls(server, library):
    licenses = make_flickr(server, "parsed-json").photos.licenses.getInfo()["licenses"]["license"]

    assert [int(entry["id"]) for entry in licenses] == list(range(17))
    by_id = {int(entry["id"]): entry for entry in licenses}
    assert by_id[4] == {"id": "4", "name": "CC BY 2.0", "url": "https://creativecommons.org/licenses/by/2.0/"}
    assert by_id[16]["url"] == "https://creativecommons.org/licenses/by-nc-nd/4.0/"
    assert by_id[9]["name"] == "Public Domain Dedication (CC0)"


def test_context_links_the_photostream_and_the_album(server, library):
    flickr = make_flickr(server, "etree")

    context = flickr.photos.getContext(photo_id=library["middle_photo_id"])
    contexts = flickr.photos.getAllContexts(photo_id=library["photo_id"])

    # Lady bird sits between Wood (posted before) and Storm (after) in the traveller's photostream.
    assert context.find("prevphoto").get("title") == "Storm"
    assert context.find("nextphoto").get("title") == "Wood"
    assert [entry.get("title") for entry in contexts.findall("set")] == ["Porto"]


def test_reflection_lists_exactly_what_answers(server, library):
    flickr = make_flickr(server, "parsed-json")

    names = [entry["_content"] for entry in flickr.reflection.getMethods()["methods"]["method"]]
    info = flickr.reflection.getMethodInfo(method_name="flickr.photos.getInfo")

    for name in names:
        reply = flickr.reflection.getMethodInfo(method_name=name)
        assert reply["method"]["name"] == name
    assert "flickr.groups.getInfo" not in names
    assert {argument["name"] for argument in info["arguments"]["argument"]} >= {"api_key", "photo_id"}
    with pytest.raises(FlickrError):
        flickr.reflection.getMethodInfo(method_name="flickr.groups.getInfo")


# flickr_api: its objects where it has them, raw XML where it has none.

def raw(method: str, **parameters):
    """A method flickr_api binds to no object, through the call its `flickr_api.api` proxies make (raw XML)."""
    return ElementTree.fromstring(method_call.call_api(method=method, raw=True, **parameters))


def test_flickr_api_reads_licences_people_and_urls(server, library):
    # act
    licenses = flickr_api.License.getList()
    by_name = flickr_api.Person.findByUserName(library["username"])
    by_email = flickr_api.Person.findByEmail(library["email"])
    by_url = flickr_api.Person.findByUrl(library["profile_url"])
    person = flickr_api.Person(id=library["nsid"])
    history = raw("flickr.photos.licenses.getLicenseHistory", photo_id=library["photo_id"])
    profile = raw("flickr.profile.getProfile", user_id=library["nsid"])

    # assert
    assert [int(entry.id) for entry in licenses] == list(range(17))
    assert by_name.id == by_email.id == by_url.id == library["nsid"]
    assert person.getProfileUrl() == library["profile_url"]
    assert person.getPhotosUrl().startswith(server.base)
    assert shape_problems("flickr.photos.licenses.getLicenseHistory", history) == []
    assert shape_problems("flickr.profile.getProfile", profile) == []
    assert profile.find("profile").get("first_name") == "Gina"


def test_flickr_api_reads_a_photos_contexts_and_empty_lists(server, library):
    photo = flickr_api.Photo(id=library["photo_id"])
    middle = flickr_api.Photo(id=library["middle_photo_id"])

    # act
    albums, pools = photo.getAllContexts()
    previous, following = middle.getContext()
    people = photo.getPeople()
    comments = photo.getComments()
    galleries = photo.getGalleries()

    # assert
    assert [album.title for album in albums] == ["Porto"] and pools == []
    assert previous.title == "Storm" and following.title == "Wood"
    assert people == [] and comments == [] and list(galleries) == [] and galleries.info.total == 0


def test_flickr_api_reads_albums_favourites_tags_and_reflection(server, library):
    # act
    album = flickr_api.Photoset(id=library["photoset_id"]).getInfo()
    favourites = flickr_api.Person(id=library["fan_nsid"]).getPublicFavorites()
    related = flickr_api.Tag.getRelated(tag=library["tag"])
    institutions = flickr_api.CommonInstitution.getInstitutions()
    methods = flickr_api.Reflection.getMethods()
    info = flickr_api.Reflection.getMethodInfo(method_name="flickr.urls.lookupUser")

    # assert
    assert album["title"] == "Porto" and album["owner"].id == library["nsid"]
    assert [photo.id for photo in favourites] == [library["photo_id"]] and favourites.info.total == 1
    assert {tag if isinstance(tag, str) else tag["_content"] for tag in related} >= {"trees", "insects"}
    assert institutions == []
    assert set(METHODS) <= set(methods)
    assert info["name"] == "flickr.urls.lookupUser" and info["needslogin"] == 0
