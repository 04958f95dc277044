"""The Realtime Database through the real firebase-admin SDK (pinned in requirements.txt), pointed at the server's
own database listener the way its users point it at the Firebase emulator: FIREBASE_DATABASE_EMULATOR_HOST set to
`--database-port`, a production-style databaseURL, and the admin's `Authorization: Bearer owner` from loopback.

Everything the SDK does goes over the wire unchanged: set, get, push, update, delete, the ordered queries of
Firebase's REST API (against indexes declared by `.indexOn`), `transaction` (ETag-conditional writes retried on 412)
under contention from eight threads, and `listen` (the server-sent event stream). People's ID tokens are Firebase
Authentication's: a token from `accounts:signInWithPassword` is `auth=` under rules that name `auth.uid`."""

import os
import queue
import threading
import uuid

import firebase_admin
import firebase_client
import pytest
import requests
from firebase_admin import db
from firebase_client import RealtimeDatabaseException

import harness
from firebase_server import PROJECT, answers, client_app, firebase_server, wait_until

NAMESPACE = "demo-imagefeed-default-rtdb"
DATABASE_URL = f"https://{NAMESPACE}.firebaseio.com"


@pytest.fixture(scope="module")
def database():
    """A server over an empty library with its database on a port of its own; yields (the database's base URL, the
    firebase-admin app that reaches it through FIREBASE_DATABASE_EMULATOR_HOST)."""
    port = harness.free_port()
    with harness.Server(arguments=["--database-port", str(port), "--firebase-admin-token", "owner"],
                        name="rtdb server"):
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: answers(base), "the database listener answered")
        previous = os.environ.get("FIREBASE_DATABASE_EMULATOR_HOST")
        os.environ["FIREBASE_DATABASE_EMULATOR_HOST"] = f"127.0.0.1:{port}"
        app = firebase_admin.initialize_app(
            options={"databaseURL": DATABASE_URL, "projectId": "demo-imagefeed"}, name=f"rtdb-{uuid.uuid4()}")
        try:
            # Queries by a child or by value need their index, as in production.
            rules = {"rules": {"dinosaurs": {".indexOn": ["height", ".value"]}, "scores": {".indexOn": ".value"}}}
            answer = requests.put(f"{base}/.settings/rules.json", params={"ns": NAMESPACE}, json=rules,
                                  headers={"Authorization": "Bearer owner"}, timeout=10)
            assert answer.status_code == 200, answer.text
            yield base, app
        finally:
            firebase_admin.delete_app(app)
            if previous is None:
                os.environ.pop("FIREBASE_DATABASE_EMULATOR_HOST", None)
            else:
                os.environ["FIREBASE_DATABASE_EMULATOR_HOST"] = previous


def next_from(events: queue.Queue, what: str, seconds: float = 30):
    """The next item of `events`, failing with `what` when none comes within the bound (a bound against a hang, not
    a timing assertion)."""
    try:
        return events.get(timeout=seconds)
    except queue.Empty:
        pytest.fail(f"timed out waiting for {what}")


def reference(database, path: str) -> db.Reference:
    _, app = database
    return db.reference(path, app=app)


def test_set_get_update_push_and_delete_keep_the_tree(database):
    base, _ = database
    ada = reference(database, "users/ada")

    ada.set({"first": "Ada", "last": "Lovelace", "device": "phone"})
    ada.update({"last": "King", "device": None, "settings/theme": "dark"})
    key = ada.child("favourites").push("wall-1.jpg").key
    second = ada.child("favourites").push({"photo": "wall-2.jpg"}).key

    assert len(key) == 20 and len(second) == 20 and key < second  # time-ordered push ids
    assert ada.get() == {"first": "Ada", "last": "King", "settings": {"theme": "dark"},
                         "favourites": {key: "wall-1.jpg", second: {"photo": "wall-2.jpg"}}}
    # what the SDK wrote is in the namespace its databaseURL names, as plain REST reads it
    plain = requests.get(f"{base}/users/ada/first.json", params={"ns": NAMESPACE},
                         headers={"Authorization": "Bearer owner"}, timeout=10)
    assert plain.json() == "Ada"

    ada.child("favourites").child(key).delete()
    assert list(ada.child("favourites").get()) == [second]
    ada.delete()
    assert ada.get() is None


def test_queries_answer_firebases_order_and_windows(database):
    dinosaurs = reference(database, "dinosaurs")
    dinosaurs.set({"bruhathkayosaurus": {"height": 25}, "lambeosaurus": {"height": 2.1},
                   "linhenykus": {"height": 0.6}, "pterodactyl": {"height": 0.6}, "stegosaurus": {"height": 4}})
    scores = reference(database, "scores")
    scores.set({"ada": 40, "bob": 7, "cy": 19, "dee": 7})

    assert list(dinosaurs.order_by_child("height").limit_to_first(3).get()) == [
        "linhenykus", "pterodactyl", "lambeosaurus"]
    assert list(dinosaurs.order_by_child("height").limit_to_last(2).get()) == ["stegosaurus", "bruhathkayosaurus"]
    assert list(dinosaurs.order_by_child("height").equal_to(0.6).get()) == ["linhenykus", "pterodactyl"]
    assert list(dinosaurs.order_by_child("height").start_at(2).end_at(10).get()) == ["lambeosaurus", "stegosaurus"]
    assert list(dinosaurs.order_by_key().start_at("l").end_at("m").get()) == ["lambeosaurus", "linhenykus"]
    assert list(scores.order_by_value().limit_to_first(3).get()) == ["bob", "dee", "cy"]
    assert dict(scores.order_by_value().start_at(19).get()) == {"cy": 19, "ada": 40}
    assert dinosaurs.get(shallow=True) == {name: True for name in dinosaurs.get()}

    # a child without an index: Firebase's refusal, naming the index to add
    with pytest.raises(firebase_admin.exceptions.InvalidArgumentError, match=r'\.indexOn.*weight'):
        dinosaurs.order_by_child("weight").limit_to_first(1).get()


def test_transactions_from_eight_threads_lose_no_increment(database):
    counter = reference(database, "counters/likes")
    counter.set(0)
    threads, each = 8, 5
    failures = []

    def increment():
        committed, aborted = 0, 0
        while committed < each:
            try:
                counter.transaction(lambda current: (current or 0) + 1)
                committed += 1
            except db.TransactionAbortedError:
                # The SDK gives up after 25 lost races in a row (a starved thread on a loaded machine); it wrote
                # nothing, and an app tries again, as here. A bounded number of times: more would be a server fault.
                aborted += 1
                if aborted > 10:
                    failures.append(f"{aborted} transactions aborted in one thread")
                    return
            except Exception as error:  # collected, so the assertion below names it
                failures.append(error)
                return

    workers = [threading.Thread(target=increment) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)  # a bound against a hang, far above what the eight threads need
    assert not any(worker.is_alive() for worker in workers), "transactions still running after 120 s"
    assert failures == []
    assert counter.get() == threads * each
    # and a transaction that sees a stale value is refused, then retried on the current one
    value, etag = counter.get(etag=True)
    counter.set(100)
    committed, current, _ = counter.set_if_unchanged(etag, value + 1)
    assert not committed and current == 100


# firebase-admin's `close()` shuts the stream's socket under its reading thread, which then dies with an
# AttributeError inside urllib3: the SDK's own way of stopping, not the server's doing.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_listen_receives_the_data_then_puts_and_patches(database):
    room = reference(database, "rooms/lobby")
    room.set({"topic": "wallpapers", "count": 1})
    events = queue.Queue()
    registration = room.listen(lambda event: events.put((event.event_type, event.path, event.data)))
    try:
        def next_event():
            return next_from(events, "the listener's next event")

        assert next_event() == ("put", "/", {"topic": "wallpapers", "count": 1})
        room.child("count").set(2)
        assert next_event() == ("put", "/count", 2)
        room.update({"topic": "photos", "count": 3})
        assert next_event() == ("patch", "/", {"topic": "photos", "count": 3})
        reference(database, "rooms/other").set("elsewhere")  # not under the listened path: no event
        room.delete()
        assert next_event() == ("put", "/", None)
    finally:
        registration.close()


@pytest.fixture(scope="module")
def auth_and_database():
    """A server with Firebase Authentication (a registered web API key, project `imagefeed-e2e`) and its database on
    a port of its own; yields (the server, the database's base URL)."""
    port = harness.free_port()
    with firebase_server("--database-port", str(port)) as server:
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: answers(base), "the database listener answered")
        yield server, base


def test_an_id_token_from_sign_in_reads_and_writes_where_the_rules_name_its_uid(auth_and_database):
    # setup: rules that give each person their own notes, signed by their email; an account signed in with
    # Identity Toolkit's signInWithPassword, as every SDK signs in
    server, base = auth_and_database
    namespace = {"ns": "notes-" + uuid.uuid4().hex[:8]}
    rules = {"rules": {"notes": {"$uid": {
        ".read": "auth != null && auth.uid === $uid",
        ".write": "auth != null && auth.uid === $uid && newData.child('by').val() === auth.token.email"}}}}
    answer = requests.put(f"{base}/.settings/rules.json", params=namespace, json=rules,
                          headers={"Authorization": "Bearer owner"}, timeout=10)
    assert answer.status_code == 200, answer.text
    email, password = f"rtdb-{uuid.uuid4().hex[:10]}@example.com", "notes-battery-4"
    toolkit = f"{server.base}/identitytoolkit.googleapis.com/v1"
    signed_up = requests.post(f"{toolkit}/accounts:signUp", params={"key": server.api_key},
                              json={"email": email, "password": password, "returnSecureToken": True}, timeout=10)
    assert signed_up.status_code == 200, signed_up.text
    signed_in = requests.post(f"{toolkit}/accounts:signInWithPassword", params={"key": server.api_key},
                              json={"email": email, "password": password, "returnSecureToken": True}, timeout=10)
    assert signed_in.status_code == 200, signed_in.text
    uid, token = signed_in.json()["localId"], signed_in.json()["idToken"]
    mine = f"{base}/notes/{uid}.json"

    # act and assert: their own notes, with their email, are theirs to write and read
    note = {"by": email, "text": "first note"}
    written = requests.put(mine, params={**namespace, "auth": token}, json=note, timeout=10)
    assert written.status_code == 200, written.text
    read = requests.get(mine, params={**namespace, "auth": token}, timeout=10)
    assert (read.status_code, read.json()) == (200, note)

    # someone else's notes, a note signed with another email, and no token at all are refused
    other = requests.put(f"{base}/notes/someone-else.json", params={**namespace, "auth": token}, json=note,
                         timeout=10)
    assert (other.status_code, other.json()["error"]) == (401, "Permission denied")
    forged = requests.put(mine, params={**namespace, "auth": token}, json={"by": "x@example.com"}, timeout=10)
    assert (forged.status_code, forged.json()["error"]) == (401, "Permission denied")
    anonymous = requests.get(mine, params=namespace, timeout=10)
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, "Permission denied")
    assert requests.get(mine, params={**namespace, "auth": token}, timeout=10).json() == note

    # signed out with the CLI, the same token no longer opens anything
    profile = requests.post(f"{server.base}/account/login", data={"login": email, "password": password},
                            headers={"Origin": server.base, "Accept": "application/json"}, timeout=10)
    assert profile.status_code == 200, profile.text
    server.cli("users", "sign-out", profile.json()["username"])
    revoked = requests.get(mine, params={**namespace, "auth": token}, timeout=10)
    assert (revoked.status_code, revoked.json()["error"]) == (401, "Auth token has been revoked")


def test_the_client_sdk_signed_in_uses_its_own_path_under_the_default_rules_and_hears_its_changes(
        auth_and_database):
    # setup: firebase-client-sdk as an app configures it: its project's databaseURL, pointed at the server with
    # connect_emulator (which adds `ns=` from that URL), signed in through Identity Toolkit (its token is `auth=`)
    server, base = auth_and_database
    port = int(base.rsplit(":", 1)[1])
    app = client_app(server)
    database = firebase_client.get_database(app)
    database.connect_emulator("127.0.0.1", port)
    auth = firebase_client.get_auth(app)
    other = auth.create_user_with_email_and_password(f"rtdb-{uuid.uuid4().hex[:10]}@example.com", "other-battery-2")
    other_uid = other.user.uid
    created = auth.create_user_with_email_and_password(f"rtdb-{uuid.uuid4().hex[:10]}@example.com", "own-battery-3")
    uid = created.user.uid
    assert app.session.id_token and uid != other_uid

    # act and assert: its own users/<uid> is its to write and read (the default rules, no rules set)
    database.set(f"users/{uid}", {"first": "Iris", "last": "Wall", "device": "phone"})
    database.update(f"users/{uid}", {"last": "Stone"})
    assert database.get(f"users/{uid}") == {"first": "Iris", "last": "Stone", "device": "phone"}
    # what it wrote is in the namespace of its databaseURL
    stored = requests.get(f"{base}/users/{uid}/last.json", params={"ns": f"{PROJECT}-default-rtdb"},
                          headers={"Authorization": "Bearer owner"}, timeout=10)
    assert (stored.status_code, stored.json()) == (200, "Stone")

    # another person's path is refused, both ways
    with pytest.raises(RealtimeDatabaseException) as write_denied:
        database.set(f"users/{other_uid}", {"first": "Not", "last": "Mine"})
    assert write_denied.value.http_status == 401
    with pytest.raises(RealtimeDatabaseException) as read_denied:
        database.get(f"users/{other_uid}")
    assert read_denied.value.http_status == 401

    # a stream of its own path hears its data, then a change made elsewhere (here by plain REST with its token)
    events = queue.Queue()
    listener = database.stream(f"users/{uid}", lambda event: events.put((event.event_type, event.path, event.data)),
                               error_callback=lambda error: events.put(("error", None, repr(error))))
    listener.start()
    try:
        assert next_from(events, "the stream's first event") == (
            "put", "/", {"first": "Iris", "last": "Stone", "device": "phone"})
        changed = requests.put(f"{base}/users/{uid}/device.json", json="tablet", timeout=10,
                               params={"ns": f"{PROJECT}-default-rtdb", "auth": app.session.id_token})
        assert changed.status_code == 200, changed.text
        assert next_from(events, "the change on the stream") == ("put", "/device", "tablet")
    finally:
        listener.stop()


def test_a_restart_keeps_every_namespaces_data_and_rules():
    # setup: two namespaces, each with data and rules of its own (one from the admin, one left at the default)
    with harness.Server(arguments=["--firebase-admin-token", "owner"], name="rtdb restart server") as server:
        base = f"http://127.0.0.1:{server.database_port}"
        wait_until(lambda: answers(base), "the database listener answered")
        admin = {"Authorization": "Bearer owner"}
        rules = {"rules": {".read": True, "board": {".write": "newData.isString()", ".indexOn": ".value"}}}
        assert requests.put(f"{base}/.settings/rules.json", params={"ns": "first"}, json=rules, headers=admin,
                            timeout=10).status_code == 200
        for namespace, value in (("first", {"board": {"a": "x", "b": "w"}}), ("second", {"users": {"u1": 1}})):
            written = requests.put(f"{base}/.json", params={"ns": namespace}, json=value, headers=admin, timeout=10)
            assert written.status_code == 200, written.text

        # act: the server stops and starts again on the same library (and the same database port)
        server.stop()
        server.start()
        wait_until(lambda: answers(base), "the database listener answered after the restart")

        # assert: the data of both, and the rules of the first: anyone reads, a number is refused on the board, and
        # the board's index orders a query
        for namespace, value in (("first", {"board": {"a": "x", "b": "w"}}), ("second", {"users": {"u1": 1}})):
            read = requests.get(f"{base}/.json", params={"ns": namespace}, headers=admin, timeout=10)
            assert (read.status_code, read.json()) == (200, value)
        assert requests.get(f"{base}/.settings/rules.json", params={"ns": "first"}, headers=admin,
                            timeout=10).json() == rules
        assert requests.get(f"{base}/board.json", params={"ns": "first"}, timeout=10).json() == {"a": "x", "b": "w"}
        refused = requests.put(f"{base}/board/c.json", params={"ns": "first"}, json=1, timeout=10)
        assert refused.status_code == 401, refused.text
        ordered = requests.get(f"{base}/board.json", params={"ns": "first", "orderBy": '"$value"',
                                                             "limitToFirst": 1}, timeout=10)
        assert (ordered.status_code, ordered.json()) == (200, {"b": "w"})
        # the second kept the default rules: no one reads it without a token
        assert requests.get(f"{base}/users.json", params={"ns": "second"}, timeout=10).status_code == 401
