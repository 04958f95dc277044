"""Section 9: the Realtime Database's WebSocket protocol (issue 31), the SDKs' own, beside the REST streams of
section 8 (`database`).

- **Connections held**: BENCH_WS_CONNECTIONS (default 10,000) idle WebSocket connections to `/.ws?v=5&ns=…`, each
  having had its hello: whether all were held, and the server's resident memory per connection (with the
  connections open, less before they opened).
- **Write → push** at BENCH_WS_LISTENERS (default 1,000) connections listening (`q`) on one location: the time from
  just before a `p` (put) is sent on one more connection to each listener's `d` push arriving, over
  BENCH_WS_EVENTS writes (default 20), p50 and p99 across every listener and write. One client thread reads every
  connection (selectors), so the figure includes its own reading, as section 8's does for its streams.
- **Messages per second**: BENCH_WS_WRITERS connections (default 16) each sending puts one after another (the next
  when the last was acknowledged) for BENCH_WS_SECONDS (default 8): acknowledged puts per second.

The client is a minimal RFC 6455 one over raw sockets (masked text frames out, the server's frames parsed in), so
that ten thousand connections fit one thread. Environment: BENCH_WS_CONNECTIONS, BENCH_WS_LISTENERS,
BENCH_WS_EVENTS, BENCH_WS_WRITERS, BENCH_WS_SECONDS.
"""
import base64
import http.client
import json
import os
import resource
import selectors
import shutil
import socket
import struct
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import WORK, Server, free_port, log, percentile, save, summarize_ms  # noqa: E402

DATA = WORK / "database-ws-data"
NS = "bench"
CONNECTIONS = int(os.environ.get("BENCH_WS_CONNECTIONS", "10000"))
LISTENERS = int(os.environ.get("BENCH_WS_LISTENERS", "1000"))
EVENTS = int(os.environ.get("BENCH_WS_EVENTS", "20"))
WRITERS = int(os.environ.get("BENCH_WS_WRITERS", "16"))
SECONDS = float(os.environ.get("BENCH_WS_SECONDS", "8"))
ADMIN_TOKEN = "bench-owner"


def _rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    payload = text.encode()
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        head = struct.pack("!BB", 0x81, 0x80 | length)
    elif length <= 0xFFFF:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, length)
    else:
        head = struct.pack("!BBQ", 0x81, 0x80 | 127, length)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Connection:
    """One protocol connection: the handshake, then the server's text frames as messages (counted frames joined)."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /.ws?v=5&ns={NS} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"not upgraded: {head[:200]!r}")
        self.segments, self.expected = [], None
        self.number = 0

    def send(self, action, body):
        self.number += 1
        self.sock.sendall(frame(json.dumps({"t": "d", "d": {"r": self.number, "a": action, "b": body}},
                                           separators=(",", ":"))))
        return self.number

    def messages(self):
        """The whole messages in what was read so far."""
        out = []
        while len(self.buffer) >= 2:
            length = self.buffer[1] & 0x7F
            offset = 2
            if length == 126:
                if len(self.buffer) < 4:
                    break
                length, offset = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif length == 127:
                if len(self.buffer) < 10:
                    break
                length, offset = struct.unpack("!Q", self.buffer[2:10])[0], 10
            if len(self.buffer) < offset + length:
                break
            text = self.buffer[offset:offset + length].decode()
            self.buffer = self.buffer[offset + length:]
            if self.expected is None and len(text) <= 6 and text.isdigit():
                self.expected = int(text)
                continue
            self.segments.append(text)
            if self.expected is None or len(self.segments) == self.expected:
                out.append(json.loads("".join(self.segments)))
                self.segments, self.expected = [], None
        return out

    def read(self):
        """Blocks for what comes next; the messages it completes (those already read first: the hello often comes
        in the same packet as the handshake's answer)."""
        found = self.messages()
        if found:
            return found
        while True:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("closed by the server")
            self.buffer += chunk
            found = self.messages()
            if found:
                return found

    def request(self, action, body):
        number = self.send(action, body)
        while True:
            for message in self.read():
                if message.get("d", {}).get("r") == number:
                    return message["d"]["b"]


def read_all(connections, predicate, limit=120):
    """Reads every connection until `predicate(message)` held once on each; the arrival times."""
    selector = selectors.DefaultSelector()
    for connection in connections:
        connection.sock.setblocking(False)
        selector.register(connection.sock, selectors.EVENT_READ, connection)
    arrived = {}
    now = time.perf_counter()
    for connection in connections:
        if any(predicate(message) for message in connection.messages()):
            arrived[connection] = now
    deadline = time.monotonic() + limit
    try:
        while len(arrived) < len(connections):
            if time.monotonic() > deadline:
                raise RuntimeError(f"only {len(arrived)} of {len(connections)} connections got the message")
            for key, _ in selector.select(timeout=1):
                connection = key.data
                chunk = connection.sock.recv(65536)
                if not chunk:
                    raise RuntimeError(f"a connection was closed by the server: {connection.buffer[:200]!r}")
                now = time.perf_counter()
                connection.buffer += chunk
                for message in connection.messages():
                    if connection not in arrived and predicate(message):
                        arrived[connection] = now
    finally:
        for connection in connections:
            selector.unregister(connection.sock)
            connection.sock.setblocking(True)
    return list(arrived.values())


def writers(port, count, seconds):
    """`count` connections putting one after another for `seconds`; acknowledged puts."""
    done = []
    stop = time.monotonic() + seconds

    def run(index):
        connection = Connection(port)
        connection.read()  # the hello
        acknowledged = 0
        while time.monotonic() < stop:
            answer = connection.request("p", {"p": f"load/w{index}", "d": acknowledged})
            assert answer["s"] == "ok", answer
            acknowledged += 1
        done.append(acknowledged)
        connection.sock.close()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done), time.perf_counter() - started


def main():
    started = time.time()
    shutil.rmtree(DATA, ignore_errors=True)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, CONNECTIONS * 2 + 4096)), hard))
    result = {"connections": CONNECTIONS, "listeners": LISTENERS, "events": EVENTS, "writers": WRITERS,
              "writer_seconds": SECONDS}
    database_port = free_port(18101)
    server = Server(DATA, 18100, name="database-ws",
                    args=["--database-port", database_port, "--firebase-admin-token", ADMIN_TOKEN])
    with server:
        admin = Connection(database_port)
        admin.read()
        assert admin.request("gauth", {"cred": ADMIN_TOKEN})["s"] == "ok"
        # Open rules, so that the connections need no credential (set over REST, as an administrator does).
        conn = http.client.HTTPConnection("127.0.0.1", database_port, timeout=60)
        conn.request("PUT", f"/.settings/rules.json?ns={NS}", body=b'{"rules":{".read":true,".write":true}}',
                     headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
        assert conn.getresponse().status == 200
        conn.close()

        log(f"database-ws: {CONNECTIONS} idle connections")
        before_kb = _rss_kb(server.proc.pid)
        held = []
        try:
            for _ in range(CONNECTIONS):
                held.append(Connection(database_port))
            hellos = read_all(held, lambda message: message.get("t") == "c" and message["d"].get("t") == "h")
            time.sleep(2)  # the server settles after accepting them (not a measurement)
            after_kb = _rss_kb(server.proc.pid)
            result["connections_held"] = len(hellos)
        finally:
            for connection in held:
                connection.sock.close()
        result["rss_before_kb"], result["rss_connected_kb"] = before_kb, after_kb
        result["memory_per_connection_kb"] = round((after_kb - before_kb) / max(1, CONNECTIONS), 1)

        log(f"database-ws: {LISTENERS} listens, {EVENTS} writes")
        assert admin.request("p", {"p": "room", "d": {"n": 0}})["s"] == "ok"
        listeners = [Connection(database_port) for _ in range(LISTENERS)]
        try:
            read_all(listeners, lambda message: message.get("t") == "c")
            for connection in listeners:
                connection.send("q", {"p": "/room", "h": ""})
            read_all(listeners, lambda message: message.get("d", {}).get("r") == 1)
            delays = []
            for number in range(1, EVENTS + 1):
                sent = time.perf_counter()
                admin.send("p", {"p": "room/n", "d": number})
                arrived = read_all(listeners, lambda message, n=number: message.get("d", {}).get("a") == "d"
                                   and message["d"]["b"] == {"p": "room/n", "d": n})
                delays += [(at - sent) * 1000 for at in arrived]
        finally:
            for connection in listeners:
                connection.sock.close()
        result["push_delay"] = {**summarize_ms(delays), "p99_ms": round(percentile(delays, 99), 3)}

        log(f"database-ws: {WRITERS} writers for {SECONDS} s")
        total, seconds = writers(database_port, WRITERS, SECONDS)
        result["puts"] = {"acknowledged": total, "seconds": round(seconds, 2),
                          "per_s": round(total / seconds, 1) if seconds else None}
        admin.sock.close()
        result["server_command"] = server.command
        result["server_stats"] = server.stats()
    result["section_s"] = round(time.time() - started, 1)
    save("database-ws", result)
    log(f"database-ws: {result['connections_held']} of {CONNECTIONS} connections held, "
        f"{result['memory_per_connection_kb']} KB each; push p50 {result['push_delay']['p50_ms']} ms p99 "
        f"{result['push_delay']['p99_ms']} ms at {LISTENERS} listens; {result['puts']['per_s']} puts/s")


if __name__ == "__main__":
    main()
