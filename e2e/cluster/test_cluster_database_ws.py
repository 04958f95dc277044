"""The Realtime Database's WebSocket protocol across the cluster (issue 31): a WebSocket through nginx's database
server, writes on one node reaching a WebSocket listen on the other, and — what presence depends on — the
onDisconnect operations of a connection whose node is killed with SIGKILL, run by the node that stays.

People sign in with Firebase Authentication's ID tokens (`auth`); the default rules give them `users/<uid>`. Waits
are bounded; no test asserts how long anything took."""

import requests

from rtdb_protocol import Closed, RtdbConnection

from .conftest import TIMEOUT, wait_until
from .test_cluster_database import NAMESPACE, EventStream, sign_up


def read(node, uid, token, path):
    answer = requests.get(f"{node.database}/users/{uid}/{path}.json", params={"ns": NAMESPACE, "auth": token},
                          timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_websocket_through_the_balancer_hears_a_write_made_on_either_node(cluster, library):
    node_a, node_b = cluster.nodes
    uid, token = sign_up(library, cluster)
    # A REST request through the balancer first: nginx keeps its connections to the nodes for the next requests, and
    # the WebSocket's upgrade must not be sent over one of those (a node upgrades only a connection's first request).
    with requests.Session() as session:
        for _ in cluster.nodes:
            answer = session.get(f"{cluster.lb_database}/users/{uid}.json", params={"ns": NAMESPACE, "auth": token},
                                 timeout=TIMEOUT)
            assert answer.status_code == 200, answer.text
    client = RtdbConnection(cluster.lb_database_port, NAMESPACE)
    try:
        # The hello names the host the client asked nginx for, which the SDK uses from then on.
        assert client.hello["d"]["d"]["h"] == f"127.0.0.1:{cluster.lb_database_port}"
        assert client.request("auth", {"cred": token})["s"] == "ok"
        assert client.request("q", {"p": f"users/{uid}", "h": ""})["s"] == "ok"
        for node in (node_a, node_b):
            answer = requests.put(f"{node.database}/users/{uid}/from_{node.name}.json",
                                  params={"ns": NAMESPACE, "auth": token}, json=node.name, timeout=TIMEOUT)
            assert answer.status_code == 200, answer.text
            pushed = client.push("d", lambda body, n=node.name: body["p"] == f"users/{uid}/from_{n}")
            assert pushed["d"] == node.name
    finally:
        client.close()


def test_a_websocket_write_on_one_node_reaches_a_stream_on_the_other(cluster, library):
    # setup: a REST stream (SSE) open on node B; an SDK's connection to node A
    node_a, node_b = cluster.nodes
    uid, token = sign_up(library, cluster)
    stream = EventStream(f"{node_b.database}/users/{uid}.json", token)
    client = RtdbConnection(node_a.database_port, NAMESPACE)
    try:
        assert stream.next("node B's first event") == ("put", "/", None)
        assert client.request("auth", {"cred": token})["s"] == "ok"

        # act: the SDK writes and merges on node A
        assert client.request("p", {"p": f"users/{uid}/status", "d": {"text": "from the app"}})["s"] == "ok"
        assert client.request("m", {"p": f"users/{uid}/status", "d": {"mood": "sunny"}})["s"] == "ok"

        # assert: node B's stream hears both, as the same change events a REST write makes
        assert stream.next("the WebSocket put on node B") == ("put", "/status", {"text": "from the app"})
        assert stream.next("the WebSocket merge on node B") == ("patch", "/status", {"mood": "sunny"})
    finally:
        client.close()
        stream.close()


def test_a_killed_nodes_connections_have_their_on_disconnect_run_by_the_other_node(cluster, library):
    # setup: a person online through a connection to node A, with the SDKs' presence idiom queued
    victim, survivor = cluster.nodes
    uid, token = sign_up(library, cluster)
    client = RtdbConnection(victim.database_port, NAMESPACE)
    try:
        assert client.request("auth", {"cred": token})["s"] == "ok"
        assert client.request("p", {"p": f"users/{uid}/online", "d": True})["s"] == "ok"
        assert client.request("o", {"p": f"users/{uid}/online", "d": False})["s"] == "ok"
        assert client.request("om", {"p": f"users/{uid}", "d": {"lastSeen": {".sv": "timestamp"}}})["s"] == "ok"
        assert read(survivor, uid, token, "online") is True

        # act: node A dies with the connection open
        cluster.kill(victim)

        # assert: node B takes node A for dead and runs its operations
        wait_until(lambda: read(survivor, uid, token, "online") is False, 120,
                   "node B ran the killed node's onDisconnect operations")
        assert isinstance(read(survivor, uid, token, "lastSeen"), (int, float))
        try:
            client.receive(5)
        except (Closed, TimeoutError, OSError):
            pass
    finally:
        try:
            client.drop()
        except OSError:
            pass
        # node A comes back, as systemd's Restart=on-failure brings it back, for the tests after this one
        if victim.server.process is None or victim.server.process.poll() is not None:
            cluster.start_node(victim)
            cluster.wait_ready(victim)
