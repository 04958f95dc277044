"""Section 7: Firebase Authentication and Storage (issue 29).

- **Sign-in**: Identity Toolkit's `accounts:signInWithPassword` (what an app's `signIn(withEmail:password:)` sends),
  one request at a time on one keep-alive connection, against the web sign-in (`POST /account/login`, JSON) doing the
  same check: both verify the password with bcrypt at the server's cost (12, `Configuration.bcryptCost`), which is
  most of either; the Firebase sign-in also signs an RS256 ID token and records a refresh token. A bcrypt check at
  that cost alone is measured beside them (Python's `bcrypt`, when installed).
- **Storage, 1 MB**: a media upload (`POST /v0/b/{bucket}/o?uploadType=media&name=…`, what REST clients and
  firebase-client-sdk send) of one 1 MiB object, again and again to one name, and its download with a download token
  (`?alt=media&token=…`, a `getDownloadURL()` URL), each with `wrk`, against nginx doing the same with the same bytes:
  a WebDAV `PUT` of the file (nginx's dav module writes it to disk) and a static `GET` of it (sendfile). Server or
  nginx on core 1, wrk on core 0.

Environment: BENCH_WRK_SECONDS (default 8), BENCH_FIREBASE_SIGNINS (sign-ins timed per door, default 20),
BENCH_FIREBASE_CONNECTIONS (wrk connections for the 1 MB runs, default 4).
"""
import http.client
import json
import os
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (BENCH, BIN, WORK, Nginx, Server, log, quote, rel, save, summarize_ms, timed_loop,  # noqa: E402
                    wrk)

DATA = WORK / "firebase-data"
FILES = WORK / "firebase-files"
PROJECT = "bench"
BUCKET = f"{PROJECT}.appspot.com"
SIZE = 1 << 20
SIGNINS = int(os.environ.get("BENCH_FIREBASE_SIGNINS", "20"))
CONNECTIONS = int(os.environ.get("BENCH_FIREBASE_CONNECTIONS", "4"))
UPLOAD_LUA = BENCH / "wrk-upload.lua"
BCRYPT_COST = 12
EMAIL, PASSWORD = "bench@example.com", "bench-battery-12"


def request(port, method, path, body=b"", headers=None):
    """One request on a new connection → (status, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    conn.request(method, path, body=body, headers=dict({"Host": f"127.0.0.1:{port}"}, **(headers or {})))
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer.status, data


def timed_posts(port, path, body, headers, n):
    """`n` POSTs of `body` on one keep-alive connection (after one warm-up); latency samples in ms, and the
    statuses seen."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    statuses = []

    def one():
        conn.request("POST", path, body=body, headers=dict({"Host": f"127.0.0.1:{port}"}, **headers))
        answer = conn.getresponse()
        answer.read()
        statuses.append(answer.status)

    samples = timed_loop(one, budget_s=0, min_n=n, max_n=n)
    conn.close()
    return dict(summarize_ms(samples), status=sorted(set(statuses)))


def bcrypt_alone(n):
    """A bcrypt check at the server's cost, in this process, when Python's bcrypt is installed."""
    try:
        import bcrypt
    except ImportError:
        return None
    hashed = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(BCRYPT_COST))
    return summarize_ms(timed_loop(lambda: bcrypt.checkpw(PASSWORD.encode(), hashed), budget_s=0, min_n=n, max_n=n))


def main():
    started = time.time()
    shutil.rmtree(DATA, ignore_errors=True)
    shutil.rmtree(FILES, ignore_errors=True)
    FILES.mkdir(parents=True)
    app = json.loads(os.popen(quote([BIN, "apps", "create", "--name", "Bench", "--redirect-uri",
                                     "urn:ietf:wg:oauth:2.0:oob", "--json", "--data", DATA])).read())
    key = app["access_key"]
    payload = os.urandom(SIZE)
    (FILES / "object.bin").write_bytes(payload)
    result = {"size": SIZE, "bcrypt_cost": BCRYPT_COST, "connections": CONNECTIONS}
    server = Server(DATA, 18095, name="firebase", args=["--firebase-project", PROJECT])
    with server:
        port = server.port
        status, body = request(port, "POST", f"/identitytoolkit.googleapis.com/v1/accounts:signUp?key={key}",
                               json.dumps({"email": EMAIL, "password": PASSWORD, "displayName": "Bench Mark",
                                           "returnSecureToken": True}).encode(),
                               {"Content-Type": "application/json"})
        assert status == 200, body[:500]
        account = json.loads(body)
        uid, id_token = account["localId"], account["idToken"]

        # Sign-ins: Firebase's, the web's, bcrypt alone.
        log(f"firebase: {SIGNINS} sign-ins per door")
        result["signin_firebase"] = timed_posts(
            port, f"/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key={key}",
            json.dumps({"email": EMAIL, "password": PASSWORD, "returnSecureToken": True}).encode(),
            {"Content-Type": "application/json"}, SIGNINS)
        result["signin_web"] = timed_posts(
            port, "/account/login", json.dumps({"login": EMAIL, "password": PASSWORD}).encode(),
            {"Content-Type": "application/json", "Accept": "application/json", "Origin": f"http://127.0.0.1:{port}"},
            SIGNINS)
        result["bcrypt_alone"] = bcrypt_alone(SIGNINS)

        # Storage: the object once, for its download token.
        name = f"favs%2F{uid}%2Fobject.bin"
        upload_path = f"/v0/b/{BUCKET}/o?uploadType=media&name={name}"
        auth = f"Authorization: Firebase {id_token}"
        status, body = request(port, "POST", upload_path, payload,
                               {"Authorization": f"Firebase {id_token}", "Content-Type": "application/octet-stream"})
        assert status == 200, body[:500]
        token = json.loads(body)["downloadTokens"].split(",")[0]
        download_path = f"/v0/b/{BUCKET}/o/{name}?alt=media&token={token}"
        status, body = request(port, "GET", download_path)
        assert status == 200 and body == payload, (status, len(body))

        # Downloads first: an upload makes a new generation, with a download token of its own.
        log("firebase: 1 MB downloads and uploads")
        result["download"] = wrk(server.url(download_path), connections=CONNECTIONS)
        result["upload"] = wrk(server.url(upload_path), connections=CONNECTIONS, script=UPLOAD_LUA,
                               script_args=["POST", str(FILES / "object.bin"), auth,
                                            "Content-Type: application/octet-stream"])
        result["upload"]["command"] = result["upload"]["command"].replace(id_token, "<ID token>")
        result["server_command"] = server.command
        result["server_stats"] = server.stats()
        status, body = request(port, "GET", f"/v0/b/{BUCKET}/o/{name}?alt=media",
                               headers={"Authorization": f"Firebase {id_token}"})
        result["same_bytes_after_uploads"] = status == 200 and body == payload

    dav = f"""        location /dav/ {{
            dav_methods PUT;
            create_full_put_path on;
            client_max_body_size 10m;
        }}"""
    with Nginx(FILES, port=18096, locations=dav) as nginx:
        result["nginx_command"] = nginx.command
        result["nginx_upload"] = wrk(nginx.url("dav/object.bin"), connections=CONNECTIONS, script=UPLOAD_LUA,
                                     script_args=["PUT", str(FILES / "object.bin"),
                                                  "Content-Type: application/octet-stream"])
        result["nginx_download"] = wrk(nginx.url("object.bin"), connections=CONNECTIONS)
    for kind in ("upload", "download"):
        ours, reference = result[kind]["rps"], result[f"nginx_{kind}"]["rps"]
        result[f"ratio_{kind}"] = round(ours / reference, 3) if reference else None
    result["section_s"] = round(time.time() - started, 1)
    result["signup_command"] = quote([rel(BIN), "apps", "create", "--name", "Bench", "--json", "--data", rel(DATA)])
    save("firebase", result)
    log(f"firebase: sign-in p50 {result['signin_firebase']['p50_ms']} ms (web {result['signin_web']['p50_ms']} ms); "
        f"upload {result['upload']['rps']} req/s (nginx {result['nginx_upload']['rps']}); "
        f"download {result['download']['rps']} req/s (nginx {result['nginx_download']['rps']})")


if __name__ == "__main__":
    main()
