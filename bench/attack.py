"""The attack-and-fault run of issue 18, repeated against a release build: what one anonymous client can do to the
server, and what an unlucky user meets. The hourly request limits are lifted (see ``Server.start``). Prints a report and saves bench/work/results/attack.json.

    python3 bench/attack.py            (IMAGEFEED_BIN for another binary; ATTACK_SOAK_SECONDS, default 60)

It measures and reports; it asserts nothing (the tests do, without timings). Each section says what was sent, how
many answers of each status came back, and the server's peak resident memory (VmHWM) after it.
"""
import concurrent.futures
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import BIN, REPO, RESULTS, free_port, harness, log, proc_status, wrk  # noqa: E402

DEMO = "/usr/share/backgrounds/mate"
SOAK_SECONDS = int(os.environ.get("ATTACK_SOAK_SECONDS", "60"))


class Server:
    """A release server on a copy of the demo library, with the trusted proxy 127.0.0.1 (so one machine can play
    several client addresses through X-Forwarded-For): the e2e harness's launcher, on a fixed port across the
    kill -9 section's restart."""

    def __init__(self, data, port):
        self.data, self.port = data, port
        self.origin = f"http://127.0.0.1:{port}"
        # The hourly request limits are lifted so the soak measures the server, not its 429s; the per-address limit
        # on new renditions, which the attack is about, keeps its default.
        self.server = harness.Server(
            data=data, folder=Path(data).parent, port=port, binary=BIN, arguments=["--trusted-proxy", "127.0.0.1"],
            environment={"IMAGEFEED_RATE_LIMIT": "1000000000", "IMAGEFEED_IMAGE_RATE_LIMIT": "1000000000"},
            log_level=None, log=Path(data).parent / "server.log", name="attacked server")

    @property
    def process(self):
        return self.server.process

    def start(self):
        self.server.start()

    def kill(self):
        self.server.kill()

    def stop(self):
        self.server.stop(grace=30)

    def peak_rss_mb(self):
        return proc_status(self.process.pid).get("peak_rss_mb")

    def request(self, method, path, body=None, headers=None, timeout=300):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        start = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return response.status, dict(response.getheaders()), data, time.perf_counter() - start
        except (OSError, http.client.HTTPException) as error:
            return 0, {}, repr(error).encode(), time.perf_counter() - start
        finally:
            connection.close()


def multipart(data, name="photo.jpg", kind="image/jpeg"):
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: {kind}\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def sign_up(server, name):
    form = f"username={name}&first_name={name}&last_name=Test&email={name}%40example.com&password=correct-horse-{name}-9%21"
    status, headers, _, seconds = server.request("POST", "/account/signup", form, {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.origin, "Accept": "application/json"})
    cookie = headers.get("Set-Cookie", "").split(";")[0]
    return status, cookie, seconds


def upload(server, cookie, data, name="photo.jpg", address=None):
    body, kind = multipart(data, name)
    headers = {"Content-Type": kind, "Cookie": cookie, "Origin": server.origin}
    if address:
        headers["X-Forwarded-For"] = address
    return server.request("POST", "/photos", body, headers)


def errors_of(data):
    try:
        return json.loads(data).get("errors", [])
    except (ValueError, AttributeError):
        return None


def image_attack(server, photo, cookie, jpeg):
    """One 8192² AVIF, 40 qualities of one size, and a burst of large uncached renders while a sign-up and an upload
    are made."""
    result = {}
    status, _, data, seconds = server.request("GET", f"/img/{photo}?w=8192&h=8192&fit=fill&fm=avif")
    result["avif_8192"] = {"status": status, "ms": round(seconds * 1000, 1), "errors": errors_of(data)}
    status, _, data, seconds = server.request("GET", f"/img/{photo}?w=2560&h=2560&fit=crop&fm=avif")
    result["avif_2560"] = {"status": status, "ms": round(seconds * 1000, 1), "errors": errors_of(data)}
    before = set(os.listdir(Path(server.data) / "renditions" / photo[:2] / photo))
    statuses = Counter(server.request("GET", f"/img/{photo}?w=640&q={q}")[0] for q in range(51, 91))
    after = set(os.listdir(Path(server.data) / "renditions" / photo[:2] / photo))
    result["forty_qualities"] = {"statuses": dict(statuses), "new_cache_files": len(after - before)}

    def big(index):
        return server.request("GET", f"/img/{photo}?w={3000 + index}&h={3000 + index}&fit=fill&fm=jpg",
                              headers={"X-Forwarded-For": f"198.51.100.{index}"})

    with concurrent.futures.ThreadPoolExecutor(max_workers=40) as pool:
        renders = [pool.submit(big, index) for index in range(32)]
        time.sleep(0.3)
        signup = pool.submit(sign_up, server, "bystander")
        # bytes after the JPEG's end make it a new file to the library, the same photo to a decoder
        posted = pool.submit(upload, server, cookie, jpeg + b"during the attack", "during-attack.jpg")
        statuses = Counter(future.result()[0] for future in renders)
        signup_status, _, signup_seconds = signup.result()
        upload_status, _, _, upload_seconds = posted.result()
    result["burst_of_32_large_renders"] = {
        "statuses": dict(statuses),
        "retry_after": sorted({r.result()[1].get("Retry-After") for r in renders if r.result()[0] == 503} - {None}),
        "sign_up_during": {"status": signup_status, "ms": round(signup_seconds * 1000, 1)},
        "upload_during": {"status": upload_status, "ms": round(upload_seconds * 1000, 1)},
    }
    limit = Counter(server.request("GET", f"/img/{photo}?w={16 + width}&q=40",
                                   headers={"X-Forwarded-For": "203.0.113.9"})[0] for width in range(1250))
    result["new_sizes_from_one_address"] = {"sent": 1250, "statuses": dict(limit)}
    result["peak_rss_mb"] = server.peak_rss_mb()
    return result


def bad_uploads(server, cookie, jpeg):
    """Twelve bad files at once: each answer must give that file's own reason and no server path."""
    files = {
        "truncated.jpg": jpeg[: len(jpeg) // 3], "text.jpg": b"hello, not a photo" * 20, "empty.jpg": b"",
        "zeros.png": b"\0" * 4096, "header-only.jpg": jpeg[:600], "html.jpg": b"<html><body>hi</body></html>",
        "bad-png.png": b"\x89PNG\r\n\x1a\n" + os.urandom(2000), "gif-tail.gif": b"GIF89a" + os.urandom(3000),
        "random.jpg": os.urandom(5000), "pdf.jpg": b"%PDF-1.4\n" + os.urandom(1000),
        "jpeg-then-junk.jpg": jpeg[:2000] + os.urandom(2000), "webp-head.webp": b"RIFF\0\0\0\0WEBPVP8 " + os.urandom(900),
    }
    with concurrent.futures.ThreadPoolExecutor(max_workers=12) as pool:
        answers = dict(zip(files, pool.map(lambda item: upload(server, cookie, item[1], item[0]), files.items())))
    leaked = [name for name, answer in answers.items() if re.search(rb"/tmp/|/data/|upload-", answer[2])]
    return {name: {"status": answer[0], "errors": errors_of(answer[2])} for name, answer in answers.items()} | {
        "answers_naming_a_server_path": leaked}


def redirects(server):
    variants = ["/%09/evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "/%2F%2Fevil.example",
                "javascript:alert(1)", "/photos?x=1", "%0d%0aSet-Cookie:x=1"]
    found = {}
    _, cookie, _ = sign_up(server, "redirected")
    for variant in variants:
        form = f"login=redirected&password=correct-horse-redirected-9%21&return_to={variant}"
        status, headers, _, _ = server.request("POST", "/account/login", form, {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": server.origin})
        found[variant] = {"status": status, "location": headers.get("Location")}
    return found


def throttle(server):
    """An attacker at one address tries 40 wrong passwords on the owner's account; the owner, at another address,
    then signs in."""
    sign_up(server, "owner")

    def attempt(password, address):
        form = f"login=owner&password={password}"
        return server.request("POST", "/account/login", form, {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": server.origin, "Accept": "application/json",
            "X-Forwarded-For": address})

    attacks = Counter(attempt(f"wrong-{n}", "192.0.2.66")[0] for n in range(40))
    status, _, _, seconds = attempt("correct-horse-owner-9%21", "198.51.100.7")
    return {"attacker_statuses": dict(attacks), "owner": {"status": status, "ms": round(seconds * 1000, 1)}}


def malformed(server, cookie):
    raw = {
        "query_90kB": b"GET /search/photos?query=" + b"a" * 90_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "utf8_path": b"GET /photos/\xff\xfe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "utf8_query": b"GET /photos?query=caf\xe9 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "header_100kB": b"GET /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 100_000 + b"\r\n\r\n",
        "rebound_host": b"GET /photos HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    }
    found = {}
    for name, request in raw.items():
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            try:
                sock.sendall(request)
            except OSError:
                pass
            data = b""
            try:
                while chunk := sock.recv(65536):
                    data += chunk
            except OSError:
                pass
        head, _, body = data.partition(b"\r\n\r\n")
        found[name] = {"status": head.split(b" ")[1].decode() if head else None, "errors": errors_of(body)}
    for name, (method, path, body, headers) in {
        "bad_json_me": ("PUT", "/me", b"{\"bio\": ", {"Content-Type": "application/json", "Cookie": cookie,
                                                     "Origin": server.origin}),
        "trace": ("TRACE", "/photos", None, {}), "query_method": ("QUERY", "/photos", None, {}),
        "bad_page": ("GET", "/photos?page=-1", None, {}), "unknown_id": ("GET", "/photos/NoSuchPhoto", None, {}),
        "bad_token": ("GET", "/me", None, {"Authorization": "Bearer not-a-token"}),
    }.items():
        status, _, data, _ = server.request(method, path, body, headers)
        found[name] = {"status": status, "errors": errors_of(data)}
    status, _, data, _ = upload(server, cookie, b"", "empty.jpg")
    found["empty_upload"] = {"status": status, "errors": errors_of(data)}
    return found


def soak(server, photo):
    """The cached feed and a cached thumbnail under wrk, then the memory it left."""
    before = server.peak_rss_mb()
    results = {}
    for name, path in {"feed": "/photos?per_page=30", "thumbnail": f"/img/{photo}?w=200&q=80"}.items():
        server.request("GET", path)
        run = wrk(f"{server.origin}{path}", connections=64, seconds=SOAK_SECONDS // 2)
        results[name] = run
    return results | {"peak_rss_mb_before": before, "peak_rss_mb_after": server.peak_rss_mb()}


def kill_under_uploads(server, cookie, jpeg):
    """Uploads from four clients; kill -9 of the server mid-way; every acknowledged upload must be there after a
    restart, and `imagefeed check` must find nothing left over."""
    acknowledged, stop = [], time.time() + 6

    def client(index):
        made = 0
        while time.time() < stop:
            status, _, data, _ = upload(server, cookie, jpeg + index.to_bytes(2, "big") + made.to_bytes(4, "big"),
                                        f"c{index}-{made}.jpg")
            if status == 201:
                acknowledged.append(json.loads(data)["id"])
            made += 1

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        clients = [pool.submit(client, index) for index in range(4)]
        time.sleep(3)
        server.kill()
        for future in clients:
            future.result()
    server.start()
    missing = [photo for photo in acknowledged if server.request("GET", f"/photos/{photo}")[0] != 200]
    server.stop()
    check = subprocess.run([BIN, "check", "--data", server.data, "--min-age", "0"], capture_output=True, text=True)
    server.start()
    return {"acknowledged": len(acknowledged), "missing_after_restart": len(missing),
            "check_exit": check.returncode, "check_said": check.stdout.strip().splitlines()[-1:]}


def main():
    started = time.time()
    work = harness.temporary_folder("imagefeed-attack-")
    data = str(work / "data")
    subprocess.run([BIN, "import", DEMO, "--collection-per-folder", "--user", "mate", "--data", data],
                   check=True, capture_output=True)
    server = Server(data, free_port(18900))
    server.start()
    report = {"binary": BIN}
    try:
        _, _, feed, _ = server.request("GET", "/photos?per_page=1")
        photo = json.loads(feed)[0]["id"]
        jpeg = Path(DEMO, "nature", "Dune.jpg").read_bytes()
        status, cookie, _ = sign_up(server, "attacker")
        assert status in (200, 201), status
        sections = [("image_attack", lambda: image_attack(server, photo, cookie, jpeg)),
                    ("bad_uploads", lambda: bad_uploads(server, cookie, jpeg)),
                    ("redirects", lambda: redirects(server)), ("throttle", lambda: throttle(server)),
                    ("malformed", lambda: malformed(server, cookie)), ("soak", lambda: soak(server, photo)),
                    ("kill_under_uploads", lambda: kill_under_uploads(server, cookie, jpeg))]
        for name, section in sections:
            log("attack:", name)
            report[name] = section()
            print(json.dumps({name: report[name]}, indent=1), flush=True)
        # The kill -9 section restarts the server: the peak is the largest either process reached.
        report["peak_rss_mb"] = max(filter(None, [report["image_attack"]["peak_rss_mb"],
                                                  report["soak"]["peak_rss_mb_after"], server.peak_rss_mb()]))
    finally:
        server.stop()
        harness.remove_folder(work)
    (RESULTS / "attack.json").write_text(json.dumps(report, indent=1))
    (Path(__file__).resolve().parent / "ATTACK.md").write_text(markdown(report, time.time() - started))
    log("saved", RESULTS / "attack.json", "and bench/ATTACK.md")


def markdown(report, seconds):
    """bench/ATTACK.md: the run's figures, one line per finding."""
    image, soak_run, kill = report["image_attack"], report["soak"], report["kill_under_uploads"]
    burst = image["burst_of_32_large_renders"]
    uploads = {name: value for name, value in report["bad_uploads"].items() if name != "answers_naming_a_server_path"}
    malformed = report["malformed"]
    lines = [
        "# Attack-and-fault run (issue 18)",
        "",
        f"Generated by **`python3 bench/attack.py`** on {time.strftime('%Y-%m-%d %H:%M')} ({seconds / 60:.1f} min), "
        f"binary `{os.path.relpath(report['binary'], REPO)}`, {os.cpu_count()} cores. Replaced on every run. The "
        "hourly request limits are lifted for the soak; everything else runs at its defaults. Raw figures: "
        "`bench/work/results/attack.json`.",
        "",
        f"- Peak resident memory of the server over the whole run: **{report['peak_rss_mb']} MB** "
        f"(after the image attack: {image['peak_rss_mb']} MB).",
        f"- `w=8192&h=8192&fit=fill&fm=avif`: **{image['avif_8192']['status']}** in {image['avif_8192']['ms']} ms — "
        f"{image['avif_8192']['errors']}; `w=2560&h=2560&fm=avif`: **{image['avif_2560']['status']}** — "
        f"{image['avif_2560']['errors']}.",
        f"- 40 requests for one size with q=51…90: statuses {image['forty_qualities']['statuses']}, "
        f"**{image['forty_qualities']['new_cache_files']}** files cached (qualities are rounded to multiples of 5).",
        f"- 32 large uncached renders at once: {burst['statuses']} (503s with Retry-After {burst['retry_after']}); "
        f"meanwhile a sign-up answered {burst['sign_up_during']['status']} in {burst['sign_up_during']['ms']} ms and "
        f"an upload {burst['upload_during']['status']} in {burst['upload_during']['ms']} ms.",
        f"- 1,250 new sizes from one address: {image['new_sizes_from_one_address']['statuses']}.",
        f"- 12 bad files uploaded at once: statuses {dict(Counter(v['status'] for v in uploads.values()))}; "
        f"answers naming a server path: **{len(report['bad_uploads']['answers_naming_a_server_path'])}**.",
        f"- `return_to` variants: Locations {sorted({v['location'] for v in report['redirects'].values()})}.",
        f"- 40 wrong passwords for the owner from one address: {report['throttle']['attacker_statuses']}; the owner "
        f"from another address then signed in: **{report['throttle']['owner']['status']}**.",
        f"- Malformed requests, each answered with JSON: "
        + ", ".join(f"{name} {value['status']}" for name, value in malformed.items())
        + f"; without an `errors` body: **{sum(1 for v in malformed.values() if not v['errors'])}**.",
    ]
    for name, run in soak_run.items():
        if isinstance(run, dict):
            lines.append(f"- Soak, {name}: {run.get('requests')} requests at {run.get('rps')} req/s, "
                         f"{run.get('errors')} errors (`{run.get('command')}`).")
    lines += [
        f"- Peak RSS before the soak {soak_run['peak_rss_mb_before']} MB, after {soak_run['peak_rss_mb_after']} MB.",
        f"- kill -9 under four uploading clients: **{kill['acknowledged']}** uploads acknowledged, "
        f"**{kill['missing_after_restart']}** missing after the restart; `imagefeed check`: {kill['check_said']} "
        f"(exit {kill['check_exit']}).",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
