"""The Firebase Realtime Database across the cluster (issue 30): every node serves it on its own database port
(IMAGEFEED_DATABASE_PORT), nginx's second server proxies those ports, and a change committed on one node reaches the
streams (`Accept: text/event-stream`) open on every other, through PostgreSQL's NOTIFY or the feed's poll.

People sign up with Firebase Authentication through the balancer and write under `users/<uid>`, which the default
rules give them; nothing here needs the admin token. Waits are bounded (a hang becomes a failure); no test asserts
how long anything took.
"""

import json
import queue
import socket
import threading
import uuid

import requests

from .conftest import TIMEOUT, Cluster, wait_until

NAMESPACE = "cluster-rtdb"


class EventStream:
    """A REST stream read on a thread of its own: each `event:`/`data:` pair goes to a queue as (event, path,
    data); `close()` ends it."""

    def __init__(self, url: str, token: str):
        self.events: queue.Queue = queue.Queue()
        self.response = requests.get(url, params={"ns": NAMESPACE, "auth": token}, stream=True, timeout=TIMEOUT,
                                     headers={"Accept": "text/event-stream"})
        assert self.response.status_code == 200, self.response.text
        assert self.response.headers["Content-Type"].startswith("text/event-stream"), self.response.headers
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        event = None
        try:
            for line in self.response.iter_lines(decode_unicode=True):
                if line.startswith("event: "):
                    event = line[len("event: "):]
                elif line.startswith("data: ") and event is not None:
                    data = json.loads(line[len("data: "):])
                    if isinstance(data, dict) and "path" in data:
                        self.events.put((event, data["path"], data.get("data")))
                    else:
                        self.events.put((event, None, data))
                    event = None
        except Exception:  # closed under the reading thread: the stream's end
            pass
        self.events.put(("closed", None, None))

    def next(self, what: str, seconds: float = 30) -> tuple:
        """The next event other than a keep-alive, failing with `what` when none comes within the bound."""
        while True:
            try:
                event = self.events.get(timeout=seconds)
            except queue.Empty:
                raise AssertionError(f"timed out waiting for {what}") from None
            if event[0] != "keep-alive":
                return event

    def close(self):
        # The socket first: closing the response alone waits for the reading thread's next data (a keep-alive,
        # up to 30 s away).
        try:
            self.response.raw.connection.sock.shutdown(socket.SHUT_RDWR)
        except (AttributeError, OSError):
            pass
        self.response.close()
        self.thread.join(timeout=TIMEOUT)


def database_node_of(cluster: Cluster, answer: requests.Response):
    """The node whose database listener gave the answer nginx's database server passed on (`X-Upstream`)."""
    tried = answer.headers.get("X-Upstream")
    assert tried, f"no X-Upstream header on the answer (status {answer.status_code})"
    address = tried.split(",")[-1].strip()
    matches = [node for node in cluster.nodes if f"127.0.0.1:{node.database_port}" == address]
    assert matches, f"X-Upstream names {tried}, none of the nodes' database listeners"
    return matches[0]


def sign_up(library, cluster: Cluster) -> tuple[str, str]:
    """A new person's (uid, ID token), signed up with Firebase Authentication through the balancer."""
    key = library.create_app(f"Realtime Database {uuid.uuid4().hex[:6]}")
    answer = requests.post(f"{cluster.lb}/identitytoolkit.googleapis.com/v1/accounts:signUp?key={key}",
                           timeout=TIMEOUT, json={"email": f"rtdb_{uuid.uuid4().hex[:8]}@example.com",
                                                  "password": "cluster-battery-6", "returnSecureToken": True})
    assert answer.status_code == 200, answer.text
    return answer.json()["localId"], answer.json()["idToken"]


def test_a_database_write_on_one_node_reaches_listeners_on_the_other_and_through_the_balancer(cluster, library):
    # setup: one stream on node B's own listener, one through nginx's database server
    node_a, node_b = cluster.nodes
    uid, token = sign_up(library, cluster)
    on_b = EventStream(f"{node_b.database}/users/{uid}.json", token)
    balanced = EventStream(f"{cluster.lb_database}/users/{uid}.json", token)
    try:
        assert on_b.next("node B's first event") == ("put", "/", None)
        assert balanced.next("the balanced stream's first event") == ("put", "/", None)

        # act: a write on node A
        written = requests.put(f"{node_a.database}/users/{uid}/greeting.json", params={"ns": NAMESPACE, "auth": token},
                               json={"text": "hello from A"}, timeout=TIMEOUT)
        assert written.status_code == 200, written.text

        # assert: both streams hear of it, as the change and nothing more
        assert on_b.next("node A's write on node B") == ("put", "/greeting", {"text": "hello from A"})
        assert balanced.next("node A's write through the balancer") == ("put", "/greeting", {"text": "hello from A"})
    finally:
        on_b.close()
        balanced.close()


def test_kill_9_under_database_writes_loses_no_acknowledged_write(cluster, library):
    """A writer puts numbered values through the balancer while node A is killed with SIGKILL: every write that was
    acknowledged (200), on either node, is in the database node B reads, and reached the stream open on node B."""
    # setup
    victim, survivor = cluster.nodes
    uid, token = sign_up(library, cluster)
    stream = EventStream(f"{survivor.database}/users/{uid}.json", token)
    acknowledged: dict[int, str] = {}  # number → the node that acknowledged it
    refused: list[str] = []
    broken: list[BaseException] = []  # the writer's own failure, which ends the test at once
    dead, stop = threading.Event(), threading.Event()
    after_kill: list[int] = []

    def write():
        try:
            send()
        except BaseException as error:
            broken.append(error)

    def send():
        number = 0
        while not stop.is_set():
            number += 1
            try:
                answer = requests.put(f"{cluster.lb_database}/users/{uid}/writes/w{number}.json",
                                      params={"ns": NAMESPACE, "auth": token}, json=number, timeout=TIMEOUT)
            except requests.RequestException as error:  # the killed node's connection: not acknowledged
                refused.append(type(error).__name__)
                continue
            if answer.status_code == 200:
                acknowledged[number] = database_node_of(cluster, answer).name
                if dead.is_set():
                    after_kill.append(number)
            else:
                refused.append(str(answer.status_code))

    writer = threading.Thread(target=write, daemon=True)
    try:
        assert stream.next("the stream's first event") == ("put", "/", None)
        writer.start()

        # act: once each node has acknowledged a few writes, node A dies; writes go on until node B took more
        def writing(condition):
            assert not broken, f"the writer failed: {broken[0]!r}"
            return condition()

        wait_until(lambda: writing(lambda: {victim.name, survivor.name} <= set(acknowledged.values())
                                   and len(acknowledged) >= 6), 120, "writes acknowledged by both nodes")
        cluster.kill(victim)
        dead.set()
        wait_until(lambda: writing(lambda: len(after_kill) >= 10), 120, "writes acknowledged after the kill")
        stop.set()
        writer.join(timeout=TIMEOUT + 10)
        assert not writer.is_alive(), "the writer is still waiting on an answer"

        # assert: every acknowledged write is in the database, read on node B
        read = requests.get(f"{survivor.database}/users/{uid}/writes.json", params={"ns": NAMESPACE, "auth": token},
                            timeout=TIMEOUT)
        assert read.status_code == 200, read.text
        stored = read.json() or {}
        missing = [number for number in acknowledged if stored.get(f"w{number}") != number]
        assert not missing, f"acknowledged but not stored: {missing} (refused: {refused})"
        assert victim.name in acknowledged.values(), "the killed node acknowledged nothing before it died"

        # and every one reached node B's stream (those node A committed by its notification or node B's poll)
        heard: set[int] = set()

        def heard_all() -> bool:
            while True:
                try:
                    event, path, data = stream.events.get_nowait()
                except queue.Empty:
                    return set(acknowledged) <= heard
                assert event != "closed", "node B's stream ended"
                if event == "put" and path.startswith("/writes/w"):
                    heard.add(data)
                elif event == "patch" and path == "/writes":
                    heard.update(value for value in data.values() if value is not None)

        wait_until(heard_all, 60, "every acknowledged write on node B's stream")
    finally:
        stop.set()
        stream.close()
        # node A comes back, as systemd's Restart=on-failure brings it back, for the tests after this one
        if victim.server.process is None or victim.server.process.poll() is not None:
            cluster.start_node(victim)
            cluster.wait_ready(victim)
