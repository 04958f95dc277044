"""The Realtime Database's REST API through plain `requests`, as REST clients (and curl users) reach it: every query
parameter of Firebase's REST reference (https://firebase.google.com/docs/reference/rest/database) and each refusal
of bad input in Firebase's own error format (`{"error": "…"}`, with the status Firebase uses), with nothing written
by a refused request. The server is test_firebase_database's: `--database-port` of its own, the admin token `owner`
from loopback."""

import http.client
import json
import uuid

import pytest
import requests

from test_firebase_database import NAMESPACE, database  # noqa: F401 (the fixture)

ADMIN = {"Authorization": "Bearer owner"}


@pytest.fixture
def base(database):  # noqa: F811
    """The database's base URL, and a fresh path under it for one test."""
    url, _ = database
    return url


def call(method: str, url: str, **options) -> requests.Response:
    params = {"ns": NAMESPACE, **options.pop("params", {})}
    headers = {**ADMIN, **options.pop("headers", {})}
    return requests.request(method, url, params=params, headers=headers, timeout=30, **options)


def fresh(base: str) -> str:
    return f"{base}/rest/{uuid.uuid4().hex[:12]}"


def error_of(answer: requests.Response) -> str:
    assert answer.headers["Content-Type"].startswith("application/json"), answer.headers
    body = answer.json()
    assert set(body) == {"error"}, body
    return body["error"]


def test_print_shallow_format_callback_download_and_timeout_shape_the_answer(base):
    place = fresh(base)
    assert call("PUT", f"{place}.json", json={"b": {"c": 1}, "d": "x"}).status_code == 200
    assert call("PUT", f"{place}/e.json", json={".value": "v", ".priority": 2}).status_code == 200

    pretty = call("GET", f"{place}/b.json", params={"print": "pretty"})
    assert pretty.text == '{\n  "c" : 1\n}'
    silent = call("PUT", f"{place}/f.json", json=5, params={"print": "silent"})
    assert (silent.status_code, silent.content) == (204, b"")
    assert call("GET", f"{place}/f.json").json() == 5
    assert call("GET", f"{place}.json", params={"shallow": "true"}).json() == {"b": True, "d": True, "e": True,
                                                                              "f": True}
    assert call("GET", f"{place}/e.json", params={"format": "export"}).json() == {".value": "v", ".priority": 2}
    assert call("GET", f"{place}/e.json").json() == "v"
    jsonp = call("GET", f"{place}/f.json", params={"callback": "app.got"})
    assert (jsonp.text, jsonp.headers["Content-Type"]) == ("app.got(5);", "application/javascript; charset=utf-8")
    download = call("GET", f"{place}.json", params={"download": "mine.json"})
    assert download.headers["Content-Disposition"] == 'attachment; filename="mine.json"'
    assert download.json()["d"] == "x"
    assert call("GET", f"{place}/f.json", params={"timeout": "3s"}).json() == 5
    assert call("PUT", f"{place}/g.json", json=1, params={"writeSizeLimit": "tiny"}).status_code == 200


def test_queries_etags_and_method_override(base):
    place = fresh(base)
    assert call("PUT", f"{place}.json", json={"a": 3, "b": 1, "c": 2}).status_code == 200
    # ordered by key (no index needed), with every window parameter
    by_key = {"orderBy": '"$key"'}
    assert list(call("GET", f"{place}.json", params={**by_key, "startAt": '"b"'}).json()) == ["b", "c"]
    assert list(call("GET", f"{place}.json", params={**by_key, "endAt": '"b"'}).json()) == ["a", "b"]
    assert list(call("GET", f"{place}.json", params={**by_key, "startAfter": '"a"'}).json()) == ["b", "c"]
    assert list(call("GET", f"{place}.json", params={**by_key, "endBefore": '"c"'}).json()) == ["a", "b"]
    assert list(call("GET", f"{place}.json", params={**by_key, "equalTo": '"c"'}).json()) == ["c"]
    assert list(call("GET", f"{place}.json", params={**by_key, "limitToFirst": 1}).json()) == ["a"]
    assert list(call("GET", f"{place}.json", params={**by_key, "limitToLast": 1}).json()) == ["c"]

    # conditional writes: the ETag read, then a write that holds only against it
    read = call("GET", f"{place}/a.json", headers={"X-Firebase-ETag": "true"})
    etag = read.headers["ETag"]
    assert call("PUT", f"{place}/a.json", json=4, headers={"if-match": etag}).status_code == 200
    stale = call("PUT", f"{place}/a.json", json=5, headers={"if-match": etag})
    assert (stale.status_code, stale.json()) == (412, 4)
    assert stale.headers["ETag"] != etag

    # X-HTTP-Method-Override turns a POST into a PATCH or a DELETE
    patched = call("POST", f"{place}.json", json={"b": 10}, headers={"X-HTTP-Method-Override": "PATCH"})
    assert (patched.status_code, patched.json()) == (200, {"b": 10})
    assert call("POST", f"{place}/c.json", headers={"X-HTTP-Method-Override": "DELETE"}).status_code == 200
    assert call("GET", f"{place}.json").json() == {"a": 4, "b": 10}
    # a server value is filled in, atomically
    assert call("PUT", f"{place}/b.json", json={".sv": {"increment": 5}}).json() == 15


def test_bad_keys_depth_and_sizes_are_refused_whole(base):
    place = fresh(base)
    assert call("PUT", f"{place}.json", json={"kept": 1}).status_code == 200
    for character in (".", "$", "#", "[", "]", "/", "\u0001"):
        answer = call("PUT", f"{place}.json", json={"ok": 1, f"bad{character}key": 1})
        assert answer.status_code == 400, character
        assert "Invalid data; couldn't parse key" in error_of(answer), character
    too_long = call("PUT", f"{place}.json", json={"k" * 769: 1})
    assert (too_long.status_code, error_of(too_long)) == (
        400, "Invalid data; the key is 769 bytes long; keys are at most 768 bytes.")
    assert call("PUT", f"{place}/long.json", json={"k" * 768: 1}).status_code == 200

    deep = 1
    for _ in range(33):
        deep = {"x": deep}
    too_deep = call("PUT", f"{place}/deep.json", json=deep)
    assert (too_deep.status_code, error_of(too_deep)) == (
        400, "Invalid data; path specified exceeds the maximum depth that can be written (32).")

    big = call("PUT", f"{place}/big.json", data=b'"' + b"x" * (10 * 1024 * 1024 + 1) + b'"')
    assert (big.status_code, error_of(big)) == (
        400, "Invalid data; contains a string greater than 10485760 utf8 bytes.")

    # writeSizeLimit: tiny allows about a second's worth of nodes; deleting more than that is refused
    assert call("PUT", f"{place}/many.json", json={f"n{i}": i for i in range(10_001)}).status_code == 200
    refused = call("DELETE", f"{place}/many.json", params={"writeSizeLimit": "tiny"})
    assert refused.status_code == 400
    assert "writeSizeLimit" in error_of(refused)
    bogus = call("PUT", f"{place}/x.json", json=1, params={"writeSizeLimit": "bogus"})
    assert (bogus.status_code, error_of(bogus)) == (
        400, 'writeSizeLimit must be tiny, small, medium, large or unlimited, not "bogus".')

    # nothing of the refused writes is there
    stored = call("GET", f"{place}.json", params={"shallow": "true"}).json()
    assert stored == {"kept": True, "long": True, "many": True}


def test_malformed_json_nan_dot_dot_and_bad_parameters_are_refused(base):
    place = fresh(base)
    for body in ('{"a":', '{"a": NaN}', "[1, 2", "tru"):
        answer = call("PUT", f"{place}.json", data=body)
        assert (answer.status_code, error_of(answer)) == (
            400, "Invalid data; couldn't parse JSON object, array, or value."), body
    assert call("GET", f"{place}.json").json() is None

    # `..` as the client sent it (requests would resolve it away before sending)
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.request("GET", f"/a/../b.json?ns={NAMESPACE}", headers=ADMIN)
        answer = connection.getresponse()
        body = json.loads(answer.read())
    finally:
        connection.close()
    assert answer.status == 400 and body["error"].startswith("Invalid path"), body

    timeout = call("GET", f"{place}.json", params={"timeout": "5x"})
    assert (timeout.status_code, error_of(timeout)) == (
        400, 'timeout must be a number followed by ms, s or min, at most 15min (for example 3s), not "5x".')
    unordered = call("GET", f"{place}.json", params={"limitToFirst": 1})
    assert (unordered.status_code, error_of(unordered)) == (
        400, "orderBy must be defined when other query parameters are defined")
    mixed = call("GET", f"{place}.json", params={"shallow": "true", "orderBy": '"$key"'})
    assert (mixed.status_code, error_of(mixed)) == (400, "Mixing 'shallow' and querying parameters is not supported")


def test_a_rules_file_with_an_unknown_variable_is_refused_with_its_place(base):
    namespace = {"ns": "rules-" + uuid.uuid4().hex[:8]}
    before = call("GET", f"{base}/.settings/rules.json", params=namespace).json()
    answer = call("PUT", f"{base}/.settings/rules.json", params=namespace, json={"rules": {".read": "foo == 1"}})
    assert (answer.status_code, error_of(answer)) == (400, "Line 1 (/rules/.read, column 1): Unknown variable 'foo'.")
    assert call("GET", f"{base}/.settings/rules.json", params=namespace).json() == before
