"""Where a request ends (issue 34), through the deployment of deploy/: each request-smuggling shape of
harness/smuggling.py is sent raw over a socket, straight to a node and through nginx running
deploy/nginx/imagefeed.conf in front of it.

Straight to the node, each shape is refused in the API's shape (400; 505 for a bare LF), the refusal its only answer,
and the connection is closed, so the request hidden behind it is never read: a head that is valid HTTP on its own (an
unknown coding, junk in a chunk size) is refused before its route answers. Through nginx, nginx
and the node must agree: nginx either refuses the shape itself (its own 400, or 501 for a coding it does not
implement) and the node sees nothing of it, or it reads the bytes as requests it frames anew for the node, and the
node then answers exactly the requests nginx passed on — none of them a 400 for a request it could not frame, and
nothing more (no hidden request reaching the node as a second one).
"""

import pytest

from harness.smuggling import SHAPES, exchange, node_saw, passed_on, refusal, shapes

from .conftest import Cluster, wait_until

NAMES = [name for name, _ in SHAPES]


@pytest.fixture(scope="module")
def fronted(library):
    """One node of its own, over the session's library, behind deploy/'s nginx: its log and nginx's hold only what
    these tests sent."""
    cluster = Cluster(library.folder / "smuggling", {**library.settings, "IMAGEFEED_RATE_LIMIT": "100000"}, count=1)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


def log_after(path, offset: int) -> str:
    """What `path` gained past `offset` bytes."""
    with open(path, "rb") as file:
        file.seek(offset)
        return file.read().decode(errors="replace")


@pytest.mark.parametrize("index", range(len(SHAPES)), ids=NAMES)
def test_the_node_refuses_an_ambiguous_request_and_closes(fronted, index):
    name, request = shapes()[index]
    node = fronted.nodes[0]

    # act
    statuses, closed = exchange(node.port, request)

    # assert: the refusal the only answer; the connection closed; the hidden request never read
    assert statuses == [refusal(name)], (name, statuses)
    assert closed, name
    assert not node_saw(index, node.log.read_text(errors="replace"), hidden_only=True), name


@pytest.mark.parametrize("index", range(len(SHAPES)), ids=NAMES)
def test_nginx_and_the_node_agree_where_each_request_ends(fronted, index):
    name, request = shapes()[index]
    node = fronted.nodes[0]
    access_log = fronted.nginx_folder / "access.log"
    node_offset = node.log.stat().st_size

    # act
    statuses, closed = exchange(fronted.lb_port, request)

    # assert: every request nginx passed on reached the node as one request and was answered (none refused as a
    # request the node could not frame); nginx refused the rest itself
    def passed():
        return passed_on(index, access_log.read_text(errors="replace"))

    def seen():
        return node_saw(index, log_after(node.log, node_offset))

    assert closed, (name, statuses)
    assert statuses, name
    wait_until(lambda: len(seen()) == len(passed()), 10, f"the node's log to show the {len(passed())} request(s) "
               f"nginx passed on for {name!r}: node {seen()}, nginx {passed()}")
    assert not any("upstream_status=400" in line for line in passed()), (name, passed())
    if not passed():
        assert statuses[0] in (400, 501), (name, statuses)
