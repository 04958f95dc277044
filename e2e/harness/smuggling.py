"""Where a request ends (issue 34): the request-smuggling shapes, each sent raw over a socket, and what tells whether
nginx and a node agreed on it. Used by e2e/cluster/test_smuggling.py and bench/faults.py (standard library only).

Shape i asks for /shape<i> and hides `GET /smuggled<i>` behind it: a server that reads the shape's end differently
from nginx would answer the hidden request as a second one.
"""

import re
import socket
import time


def smuggled(index: int) -> str:
    # `Connection: close` on the hidden request only: when it is read as a request of its own, the conversation ends
    # after its answer, so every case ends with the connection closed.
    return f"GET /smuggled{index} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


SHAPES = [
    ("Content-Length with Transfer-Encoding: chunked",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
               f"0\r\n\r\n{smuggled(i)}"),
    ("two different Content-Lengths",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
               f"Content-Length: {len(smuggled(i))}\r\n\r\n{smuggled(i)}"),
    ("a Transfer-Encoding the server does not know",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n{smuggled(i)}"),
    ("Transfer-Encoding: chunked behind another coding",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked, identity\r\n\r\n"
               f"0\r\n\r\n{smuggled(i)}"),
    ("obsolete line folding",
     lambda i: f"GET /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Folded: a\r\n b\r\nContent-Length: 0\r\n\r\n"
               f"{smuggled(i)}"),
    ("a chunk size with junk",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
               f"5x\r\nhello\r\n0\r\n\r\n{smuggled(i)}"),
    ("a bare LF ending the header lines",
     lambda i: f"GET /shape{i} HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 0\n\n{smuggled(i)}"),
    ("a space before a header's colon",
     lambda i: f"POST /shape{i} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length : {len(smuggled(i))}\r\n\r\n"
               f"{smuggled(i)}"),
]
"""(name, bytes of shape i) of every shape."""


def shapes() -> list[tuple[str, str]]:
    """(name, bytes sent) of every shape, shape i numbered i."""
    return [(name, make(index)) for index, (name, make) in enumerate(SHAPES)]


def exchange(port: int, request: str, seconds: float = 30) -> tuple[list[int], bool]:
    """Sends `request` on a new connection to 127.0.0.1:`port` and reads until the other side closes it (at most
    `seconds`, a bound on the wait): the statuses of the answers that came, and whether the connection was closed."""
    received = b""
    closed = False
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(request.encode("latin-1"))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                closed = True
                break
            except socket.timeout:
                break
            if not chunk:
                closed = True
                break
            received += chunk
    # Status lines wherever they start: an answer's body runs straight into the next answer's status line.
    statuses = [int(code) for code in re.findall(rb"HTTP/1\.[01] (\d{3}) ", received)]
    return statuses, closed


def refusal(name: str) -> int:
    """The status a node refuses shape `name` with: 400, but 505 for a bare LF, which the parser reads as a broken
    HTTP version (as for `HTTP/7.0`)."""
    return 505 if name.startswith("a bare LF") else 400


def passed_on(index: int, access_log: str) -> list[str]:
    """The lines of nginx's access log (deploy/'s `imagefeed` format) for requests of shape `index` that nginx passed
    on to a node."""
    return [line for line in access_log.splitlines()
            if re.search(rf"/(shape|smuggled){index}\b", line) and "upstream=-" not in line]


def node_saw(index: int, node_log: str, hidden_only: bool = False) -> list[str]:
    """The lines of a node's log (level info) for requests of shape `index` it answered (with `hidden_only`, for the
    request hidden behind the shape alone)."""
    paths = "smuggled" if hidden_only else "shape|smuggled"
    return [line for line in node_log.splitlines() if re.search(rf" /({paths}){index} ", line)]
