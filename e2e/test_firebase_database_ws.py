"""The Realtime Database's own WebSocket protocol (issue 31), driven by a client written from the SDK sources
(`rtdb_protocol.py`; no real SDK runs here, see reference/firebase.md §5): the hello, every client action, every
server push, frames split both ways, a transaction that goes stale and is retried, onDisconnect on a clean close
and on a dropped connection, and bad input. Writes over REST reach WebSocket listens and the other way round."""

import json
import threading
import time
import uuid

import pytest
import requests

import harness
from firebase_server import answers, wait_until
from rtdb_protocol import Closed, RtdbConnection, node_hash

NAMESPACE = "ws-e2e"
ADMIN = {"Authorization": "Bearer owner"}
OPEN = {".read": True, ".write": True}
RULES = {"rules": {"$other": OPEN, "scores": {**OPEN, ".indexOn": ".value"},
                   "private": {".read": "auth != null && auth.uid === 'alice'", ".write": "auth != null"}}}


@pytest.fixture(scope="module")
def server():
    """A server with its database on a port of its own and the admin token `owner`; yields (base URL, port)."""
    port = harness.free_port()
    with harness.Server(arguments=["--database-port", str(port), "--firebase-admin-token", "owner"],
                        name="rtdb ws server"):
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: answers(base), "the database listener answered")
        set_rules(base, RULES)
        yield base, port


def set_rules(base, rules):
    answer = requests.put(f"{base}/.settings/rules.json", params={"ns": NAMESPACE}, json=rules, headers=ADMIN,
                          timeout=10)
    assert answer.status_code == 200, answer.text


def rest(base, path):
    return requests.get(f"{base}/{path}.json", params={"ns": NAMESPACE}, headers=ADMIN, timeout=10).json()


def fresh():
    return "t" + uuid.uuid4().hex[:10]


@pytest.fixture
def connection(server):
    _, port = server
    client = RtdbConnection(port, NAMESPACE)
    yield client
    try:
        client.close()
    except Exception:
        pass


def test_hello_names_the_host_the_client_used_and_a_session(server, connection):
    _, port = server
    hello = connection.hello["d"]["d"]
    # A reconnecting SDK names its last session (`ls`); a new one is given.
    again = RtdbConnection(port, NAMESPACE, query=f"&ls={hello['s']}")
    assert again.hello["d"]["d"]["s"] != hello["s"]
    again.close()
    assert hello["v"] == "5"
    assert hello["h"] == f"127.0.0.1:{port}"
    assert len(hello["s"]) >= 16
    assert abs(hello["ts"] - time.time() * 1000) < 60_000


def test_stats_ping_and_keepalive_are_answered_as_the_sdks_expect(connection):
    assert connection.request("s", {"c": {"sdk.js.11-0-0": 1}})["s"] == "ok"
    connection.send({"t": "c", "d": {"t": "p", "d": {}}})
    assert connection.control("o")["t"] == "o"
    connection.send_text("0")  # the keep-alive: no answer, the connection stays usable
    assert connection.request("s", {"c": {}})["s"] == "ok"


def test_a_listen_gets_its_data_before_ok_and_a_put_is_acked_after_its_push(server, connection):
    base, _ = server
    path = fresh()
    requests.put(f"{base}/{path}.json", params={"ns": NAMESPACE}, json={"a": 1}, headers=ADMIN, timeout=10)
    answer = connection.request("q", {"p": "/" + path, "h": ""})
    assert answer["s"] == "ok"
    data_at = connection.index_of(lambda m: m["d"].get("a") == "d" and m["d"]["b"]["p"] == path)
    ok_at = len(connection.log) - 1
    assert data_at < ok_at
    assert connection.push("d", lambda b: b["p"] == path)["d"] == {"a": 1}

    assert connection.request("p", {"p": f"/{path}/b", "d": "two"})["s"] == "ok"
    push_at = connection.index_of(lambda m: m["d"].get("a") == "d" and m["d"]["b"]["p"] == f"{path}/b")
    assert push_at < len(connection.log) - 1
    assert rest(base, path) == {"a": 1, "b": "two"}


def test_a_merge_pushes_only_the_changed_children(server, connection):
    base, _ = server
    path = fresh()
    connection.request("p", {"p": path, "d": {"a": 1, "b": 2, "c": 3}})
    connection.request("q", {"p": path, "h": ""})
    assert connection.request("m", {"p": path, "d": {"b": 20, "d": 4}})["s"] == "ok"
    merge = connection.push("m", lambda b: b["p"] == path)
    assert merge["d"] == {"b": 20, "d": 4}
    assert rest(base, path) == {"a": 1, "b": 20, "c": 3, "d": 4}


def test_rest_writes_reach_websocket_listens_and_websocket_writes_reach_sse(server, connection):
    base, _ = server
    path = fresh()
    connection.request("q", {"p": path, "h": ""})
    requests.put(f"{base}/{path}/from_rest.json", params={"ns": NAMESPACE}, json=True, headers=ADMIN, timeout=10)
    assert connection.push("d", lambda b: b["p"] == f"{path}/from_rest")["d"] is True

    events = []
    stream = requests.get(f"{base}/{path}.json", params={"ns": NAMESPACE}, headers={**ADMIN,
                          "Accept": "text/event-stream"}, stream=True, timeout=30)

    def read():
        try:
            for line in stream.iter_lines(decode_unicode=True):
                if line.startswith("data:"):
                    events.append(json.loads(line[5:]))
        except Exception:  # the stream is closed when the test ends
            pass

    threading.Thread(target=read, daemon=True).start()
    wait_until(lambda: len(events) >= 1, "the stream's first put")
    connection.request("p", {"p": f"{path}/from_ws", "d": "hi"})
    wait_until(lambda: any(e and e.get("path") == "/from_ws" and e.get("data") == "hi" for e in events),
               "the WebSocket write reached the SSE stream")
    stream.close()


def test_a_tagged_query_gets_its_window_with_its_tag_and_an_unindexed_one_a_warning(server, connection):
    path = "scores"
    connection.request("p", {"p": path, "d": {"a": 5, "b": 1, "c": 9, "d": 3}})
    answer = connection.request("q", {"p": path, "h": "", "q": {"i": ".value", "l": 2, "vf": "r"}, "t": 7})
    assert answer == {"s": "ok", "d": {}}
    window = connection.push("d", lambda b: b.get("t") == 7)
    assert window["d"] == {"a": 5, "c": 9}
    connection.request("p", {"p": f"{path}/e", "d": 100})
    # The window moves: `a` leaves it and `e` enters, told as one merge of the location with the tag.
    assert connection.push("m", lambda b: b.get("t") == 7)["d"] == {"a": None, "e": 100}

    other = fresh()
    connection.request("p", {"p": other, "d": {"x": {"h": 1}, "y": {"h": 2}}})
    warned = connection.request("q", {"p": other, "h": "", "q": {"i": "h", "l": 1, "vf": "l"}, "t": 8})
    assert warned == {"s": "ok", "d": {"w": ["no_index"]}}
    # Firebase sends the whole location for the client to filter.
    assert connection.push("d", lambda b: b.get("t") == 8)["d"] == {"x": {"h": 1}, "y": {"h": 2}}
    assert connection.request("n", {"p": other, "q": {"i": "h", "l": 1, "vf": "l"}, "t": 8})["s"] == "ok"


def test_get_reads_once_with_a_query(connection):
    path = fresh()
    connection.request("p", {"p": path, "d": {"a": 3, "b": 1, "c": 2}})
    assert connection.request("g", {"p": path, "q": {}}) == {"s": "ok", "d": {"a": 3, "b": 1, "c": 2}}
    assert connection.request("g", {"p": path, "q": {"i": ".value", "l": 1, "vf": "l"}})["d"] == {"b": 1}


def test_a_stale_transaction_gets_datastale_and_its_retry_commits(server, connection):
    base, _ = server
    path = fresh()
    connection.request("p", {"p": path, "d": 1})
    connection.request("q", {"p": path, "h": ""})
    connection.push("d", lambda b: b["p"] == path)
    # Someone else writes before the transaction's put arrives.
    requests.put(f"{base}/{path}.json", params={"ns": NAMESPACE}, json=5, headers=ADMIN, timeout=10)
    stale = connection.request("p", {"p": path, "d": 2, "h": node_hash(1)})
    assert stale["s"] == "datastale"
    # The listen had the new value before the answer, so the SDK reruns on it.
    assert connection.push("d", lambda b: b["p"] == path and b["d"] == 5)["d"] == 5
    assert connection.request("p", {"p": path, "d": 6, "h": node_hash(5)})["s"] == "ok"
    assert rest(base, path) == 6
    # A transaction on nothing carries the empty hash.
    assert connection.request("p", {"p": fresh(), "d": 1, "h": ""})["s"] == "ok"


def test_messages_longer_than_a_frame_are_split_both_ways(server, connection):
    base, _ = server
    path = fresh()
    big = "x" * 40_000
    connection.request("q", {"p": path, "h": ""})
    assert connection.request("p", {"p": path, "d": big})["s"] == "ok"  # sent as 3 counted frames
    assert rest(base, path) == big
    assert connection.push("d", lambda b: b["p"] == path and b["d"] == big)["d"] == big
    assert "3" in connection.raw_frames  # the server's count frame before its segments
    assert all(len(frame) <= 16384 for frame in connection.raw_frames)


def test_auth_decides_what_a_listen_may_read_and_revokes_it(server, connection):
    base, _ = server
    denied = connection.request("q", {"p": "private", "h": ""})
    assert denied["s"] == "permission_denied"
    bad = connection.request("auth", {"cred": "not.a.token"})
    assert bad["s"] == "invalid_token"
    ok = connection.request("gauth", {"cred": "owner", "authvar": {"uid": "alice"}})
    assert ok["s"] == "ok" and ok["d"]["auth"]["uid"] == "alice"
    assert connection.request("q", {"p": "private", "h": ""})["s"] == "ok"
    set_rules(base, {"rules": {**RULES["rules"], "private": {".read": False}}})
    try:
        assert connection.push("c", lambda b: b["p"] == "private") == {"p": "private"}
    finally:
        set_rules(base, RULES)
    assert connection.request("p", {"p": "private/x", "d": 1})["s"] == "ok"
    assert connection.request("unauth", {})["s"] == "ok"
    assert connection.request("p", {"p": "private/x", "d": 2})["s"] == "permission_denied"
    assert connection.request("g", {"p": "private", "q": {}})["s"] == "permission_denied"


def test_on_disconnect_runs_when_the_client_closes_cleanly_or_drops(server):
    base, port = server
    for leave in ("close", "drop"):
        path = fresh()
        client = RtdbConnection(port, NAMESPACE)
        assert client.request("p", {"p": f"{path}/online", "d": True})["s"] == "ok"
        assert client.request("o", {"p": f"{path}/online", "d": False})["s"] == "ok"
        assert client.request("om", {"p": path, "d": {"lastSeen": {".sv": "timestamp"}}})["s"] == "ok"
        assert client.request("o", {"p": f"{path}/cancelled", "d": 1})["s"] == "ok"
        assert client.request("oc", {"p": f"{path}/cancelled"})["s"] == "ok"
        assert rest(base, path) == {"online": True}
        client.close() if leave == "close" else client.drop()
        # Both queued operations ran (each is a write of its own, in order: the set, then the merge)
        wait_until(lambda: "lastSeen" in (rest(base, path) or {}), f"onDisconnect's merge ran after a {leave}")
        value = rest(base, path)
        assert value["online"] is False
        assert isinstance(value["lastSeen"], (int, float)) and "cancelled" not in value


def test_bad_requests_are_answered_and_write_nothing(server, connection):
    base, _ = server
    assert connection.request("zz", {})["s"] == "invalid_action"
    assert connection.request("q", {"p": "a", "h": "", "q": {"zz": 1}, "t": 1})["s"] == "invalid_data"
    assert connection.request("p", {"p": "bad.path", "d": 1})["s"] == "invalid_data"
    path = fresh()
    assert connection.request("p", {"p": path, "d": {"a": {".sv": "nope"}}})["s"] == "invalid_data"
    assert rest(base, path) is None


@pytest.mark.parametrize("frames,reason", [
    (["not json"], "not valid JSON"),
    (["3", "{\"t\":", "\"d\"}", "garbage"], "not valid JSON"),
    (["999999"], "Invalid frame count"),
])
def test_frames_that_cannot_be_read_close_the_connection_with_a_reason(server, frames, reason):
    _, port = server
    client = RtdbConnection(port, NAMESPACE)
    for frame in frames:
        client.send_text(frame)
    with pytest.raises(Closed) as closed:
        while True:
            client.receive(30)
    assert reason in closed.value.reason


def test_a_draining_server_tells_clients_to_reconnect_and_runs_their_on_disconnect():
    """SIGTERM: each connection gets the SDKs' reset (`r`, with the host it used) and is closed, so the SDK
    reconnects (through nginx, to a node that stays); its onDisconnect operations ran before the server stopped."""
    port = harness.free_port()
    served = harness.Server(arguments=["--database-port", str(port), "--firebase-admin-token", "owner"],
                            name="rtdb draining server")
    try:
        served.start()
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: answers(base), "the database listener answered")
        client = RtdbConnection(port, NAMESPACE)
        assert client.request("gauth", {"cred": "owner"})["s"] == "ok"
        assert client.request("p", {"p": "presence/ada", "d": True})["s"] == "ok"
        assert client.request("o", {"p": "presence/ada", "d": False})["s"] == "ok"

        stopping = threading.Thread(target=served.stop, daemon=True)
        stopping.start()
        assert client.control("r")["d"] == f"127.0.0.1:{port}"
        with pytest.raises(Closed):
            while True:
                client.receive(30)
        stopping.join(timeout=120)

        served.start()
        wait_until(lambda: answers(base), "the database listener answered again")
        assert rest(base, "presence/ada") is False
    finally:
        served.close()


@pytest.mark.parametrize("flag, environment", [(["--database-max-unread", "lots"], {}),
                                               ([], {"IMAGEFEED_DATABASE_MAX_UNREAD": "-3MB"})])
def test_a_bound_on_unread_bytes_that_is_not_a_size_stops_the_server_before_it_serves(flag, environment):
    # setup
    folder = harness.temporary_folder("imagefeed-max-unread-")
    try:
        library = harness.Cli(folder / "data", cwd=folder, environment=environment)

        # act
        with pytest.raises(harness.CliError) as refused:
            library.run("serve", "--port", str(harness.free_port()), *flag, timeout=120)

        # assert: the setting named, with the form it takes
        assert "The bytes a database connection may leave unread must be a size such as 64MB" in str(refused.value)
    finally:
        harness.remove_folder(folder)
