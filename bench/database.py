"""Section 8: the Firebase Realtime Database (issue 30), on its own listener (`--database-port`).

- **REST reads and writes**: `GET` and `PUT` of one JSON document (a person's profile, what the wallpaper app keeps)
  with `wrk`, against nginx doing the same with the same bytes: a static `GET` of the file and a WebDAV `PUT` of it.
  Every PUT is a transaction that also logs the change and tells the listeners. Server or nginx on core 1, wrk on
  core 0.
- **Write → event** at BENCH_DATABASE_LISTENERS (default 1,000) concurrent REST streams (`Accept:
  text/event-stream`) on one location: the time from just before a `PUT` is sent to each stream's `put` event
  arriving, over BENCH_DATABASE_EVENTS writes (default 20), p50 and p99 across every stream and write. One client
  thread reads every stream (selectors), so the figure includes its own reading.
- **Memory per idle listener**: the server's resident memory with the streams open, less before they opened, over
  their number.
- **A transaction under contention**: BENCH_DATABASE_TXN_THREADS clients (default 8) each adding 1 to one counter
  BENCH_DATABASE_TXN_EACH times (default 50) as firebase-admin's `transaction` does (read with
  `X-Firebase-ETag: true`, `PUT` with `if-match`, again on 412): committed per second, retries, and whether the count
  is exact; and the same count with `{".sv": {"increment": 1}}`, which needs no retry.

Environment: BENCH_WRK_SECONDS (default 8), BENCH_DATABASE_LISTENERS, BENCH_DATABASE_EVENTS,
BENCH_DATABASE_TXN_THREADS, BENCH_DATABASE_TXN_EACH, BENCH_DATABASE_CONNECTIONS (wrk connections, default 16).
"""
import http.client
import json
import os
import resource
import selectors
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (BENCH, WORK, Nginx, Server, free_port, log, percentile, save,  # noqa: E402
                    summarize_ms, wrk)

DATA = WORK / "database-data"
FILES = WORK / "database-files"
NS = "bench"
LISTENERS = int(os.environ.get("BENCH_DATABASE_LISTENERS", "1000"))
EVENTS = int(os.environ.get("BENCH_DATABASE_EVENTS", "20"))
TXN_THREADS = int(os.environ.get("BENCH_DATABASE_TXN_THREADS", "8"))
TXN_EACH = int(os.environ.get("BENCH_DATABASE_TXN_EACH", "50"))
CONNECTIONS = int(os.environ.get("BENCH_DATABASE_CONNECTIONS", "16"))
UPLOAD_LUA = BENCH / "wrk-upload.lua"
ADMIN_TOKEN = "bench-owner"
DOCUMENT = {"first": "Ada", "last": "Lovelace", "device": "phone",
            "favourites": {f"-N{index:018d}": {"photo": f"wall-{index}.jpg", "at": 1_700_000_000_000 + index}
                           for index in range(8)}}


def request(port, method, path, body=b"", headers=None):
    """One request on a new connection → (status, headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    conn.request(method, path, body=body, headers=dict({"Host": f"127.0.0.1:{port}"}, **(headers or {})))
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, data


def _rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Streams:
    """`count` REST streams of one location, read on this thread: each stream's `put` events, with the time each
    arrived."""

    def __init__(self, port, path, count):
        self.selector = selectors.DefaultSelector()
        self.buffers = {}
        self.sockets = []
        for index in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=60)
            sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
                          "\r\n").encode())
            sock.setblocking(False)
            self.sockets.append(sock)
            self.buffers[sock] = b""
            self.selector.register(sock, selectors.EVENT_READ)

    def wait(self, predicate, limit=120):
        """Reads until `predicate(event data)` held once on every stream; the arrival times (one per stream)."""
        arrived = {}
        deadline = time.monotonic() + limit
        while len(arrived) < len(self.sockets):
            if time.monotonic() > deadline:
                raise RuntimeError(f"only {len(arrived)} of {len(self.sockets)} streams got the event")
            for key, _ in self.selector.select(timeout=1):
                sock = key.fileobj
                chunk = sock.recv(65536)
                if not chunk:
                    raise RuntimeError("a stream was closed by the server")
                now = time.perf_counter()
                self.buffers[sock] += chunk
                while b"\n\n" in self.buffers[sock]:
                    frame, self.buffers[sock] = self.buffers[sock].split(b"\n\n", 1)
                    lines = frame.split(b"\n")
                    data = next((line[6:] for line in lines if line.startswith(b"data: ")), None)
                    if data is not None and b"event: put" in frame and sock not in arrived:
                        try:
                            payload = json.loads(data)
                        except ValueError:
                            continue
                        if predicate(payload):
                            arrived[sock] = now
        return list(arrived.values())

    def close(self):
        for sock in self.sockets:
            self.selector.unregister(sock)
            sock.close()


def transactions(port, path, threads, each):
    """`threads` clients adding 1 `each` times with ETag-conditional writes; (seconds, retries, final value)."""
    retries = [0] * threads

    def client(index):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        host = {"Host": f"127.0.0.1:{port}", "Authorization": f"Bearer {ADMIN_TOKEN}"}
        done = 0
        while done < each:
            conn.request("GET", path, headers={**host, "X-Firebase-ETag": "true"})
            answer = conn.getresponse()
            value = json.loads(answer.read() or b"null") or 0
            etag = answer.getheader("ETag")
            conn.request("PUT", path, body=json.dumps(value + 1), headers={**host, "if-match": etag})
            answer = conn.getresponse()
            answer.read()
            if answer.status == 200:
                done += 1
            elif answer.status == 412:
                retries[index] += 1
            else:
                raise RuntimeError(f"transaction write answered {answer.status}")
        conn.close()

    workers = [threading.Thread(target=client, args=(index,)) for index in range(threads)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    seconds = time.perf_counter() - started
    _, _, body = request(port, "GET", path, headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    return seconds, sum(retries), json.loads(body)


def increments(port, path, threads, each):
    """The same count with server-side increments; (seconds, final value)."""
    def client():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        headers = {"Host": f"127.0.0.1:{port}", "Authorization": f"Bearer {ADMIN_TOKEN}"}
        for _ in range(each):
            conn.request("PUT", path, body=b'{".sv": {"increment": 1}}', headers=headers)
            answer = conn.getresponse()
            answer.read()
            if answer.status != 200:
                raise RuntimeError(f"increment answered {answer.status}")
        conn.close()

    workers = [threading.Thread(target=client) for _ in range(threads)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    seconds = time.perf_counter() - started
    _, _, body = request(port, "GET", path, headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    return seconds, json.loads(body)


def main():
    started = time.time()
    shutil.rmtree(DATA, ignore_errors=True)
    shutil.rmtree(FILES, ignore_errors=True)
    FILES.mkdir(parents=True)
    document = json.dumps(DOCUMENT, separators=(",", ":")).encode()
    (FILES / "doc.json").write_bytes(document)
    # A thousand streams need a thousand descriptors here and in the server (which inherits the limit).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, LISTENERS * 2 + 4096)), hard))
    result = {"document_bytes": len(document), "listeners": LISTENERS, "events": EVENTS,
              "txn_threads": TXN_THREADS, "txn_each": TXN_EACH, "connections": CONNECTIONS}
    database_port = free_port(18098)
    server = Server(DATA, 18097, name="database",
                    args=["--database-port", database_port, "--firebase-admin-token", ADMIN_TOKEN])
    with server:
        admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
        rules = json.dumps({"rules": {".read": True, ".write": True}}).encode()
        status, _, body = request(database_port, "PUT", f"/.settings/rules.json?ns={NS}", rules, admin)
        assert status == 200, body[:500]
        status, _, body = request(database_port, "PUT", f"/users/ada.json?ns={NS}", document)
        assert status == 200 and json.loads(body) == DOCUMENT, (status, body[:500])
        url = f"http://127.0.0.1:{database_port}"

        log("database: REST reads and writes")
        result["read"] = wrk(f"{url}/users/ada.json?ns={NS}", connections=CONNECTIONS)
        result["write"] = wrk(f"{url}/users/ada.json?ns={NS}&print=silent", connections=CONNECTIONS,
                              script=UPLOAD_LUA, script_args=["PUT", str(FILES / "doc.json"),
                                                              "Content-Type: application/json"])
        status, _, body = request(database_port, "GET", f"/users/ada.json?ns={NS}")
        result["same_document_after_writes"] = status == 200 and json.loads(body) == DOCUMENT

        log(f"database: {LISTENERS} streams, {EVENTS} writes")
        status, _, _ = request(database_port, "PUT", f"/room.json?ns={NS}", b'{"n": 0}')
        assert status == 200
        before_kb = _rss_kb(server.proc.pid)
        streams = Streams(database_port, f"/room.json?ns={NS}", LISTENERS)
        try:
            streams.wait(lambda payload: payload.get("path") == "/")
            time.sleep(2)  # the server settles after accepting them (not a measurement)
            after_kb = _rss_kb(server.proc.pid)
            delays = []
            for number in range(1, EVENTS + 1):
                sent = time.perf_counter()
                status, _, _ = request(database_port, "PUT", f"/room/n.json?ns={NS}", str(number).encode())
                assert status == 200
                arrived = streams.wait(lambda payload, n=number: payload == {"path": "/n", "data": n})
                delays += [(at - sent) * 1000 for at in arrived]
        finally:
            streams.close()
        result["event_delay"] = {**summarize_ms(delays), "p99_ms": round(percentile(delays, 99), 3)}
        result["rss_before_kb"], result["rss_listening_kb"] = before_kb, after_kb
        result["memory_per_listener_kb"] = round((after_kb - before_kb) / LISTENERS, 1)

        log(f"database: a transaction from {TXN_THREADS} clients, {TXN_EACH} each")
        request(database_port, "PUT", f"/counter.json?ns={NS}", b"0", admin)
        seconds, retries, final = transactions(database_port, f"/counter.json?ns={NS}", TXN_THREADS, TXN_EACH)
        total = TXN_THREADS * TXN_EACH
        result["transaction"] = {"seconds": round(seconds, 2), "committed_per_s": round(total / seconds, 1),
                                 "retries": retries, "final": final, "exact": final == total}
        request(database_port, "PUT", f"/counter.json?ns={NS}", b"0", admin)
        seconds, final = increments(database_port, f"/counter.json?ns={NS}", TXN_THREADS, TXN_EACH)
        result["increment"] = {"seconds": round(seconds, 2), "committed_per_s": round(total / seconds, 1),
                               "final": final, "exact": final == total}
        result["server_command"] = server.command
        result["server_stats"] = server.stats()

    dav = """        location /dav/ {
            dav_methods PUT;
            create_full_put_path on;
            client_max_body_size 10m;
        }"""
    with Nginx(FILES, port=18099, locations=dav) as nginx:
        result["nginx_command"] = nginx.command
        result["nginx_read"] = wrk(nginx.url("doc.json"), connections=CONNECTIONS)
        result["nginx_write"] = wrk(nginx.url("dav/doc.json"), connections=CONNECTIONS, script=UPLOAD_LUA,
                                    script_args=["PUT", str(FILES / "doc.json"), "Content-Type: application/json"])
    for kind in ("read", "write"):
        ours, reference = result[kind]["rps"], result[f"nginx_{kind}"]["rps"]
        result[f"ratio_{kind}"] = round(ours / reference, 3) if reference else None
    result["section_s"] = round(time.time() - started, 1)
    save("database", result)
    log(f"database: read {result['read']['rps']} req/s (nginx {result['nginx_read']['rps']}); write "
        f"{result['write']['rps']} req/s (nginx {result['nginx_write']['rps']}); event p50 "
        f"{result['event_delay']['p50_ms']} ms p99 {result['event_delay']['p99_ms']} ms at {LISTENERS} listeners; "
        f"{result['memory_per_listener_kb']} KB a listener; transaction {result['transaction']['committed_per_s']}/s "
        f"({result['transaction']['retries']} retries, exact: {result['transaction']['exact']})")


if __name__ == "__main__":
    main()
