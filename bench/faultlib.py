"""What bench/faults.py plays faults with: a throwaway PostgreSQL server it may stop, moto behind a proxy it may
break, a size-limited disk, `imagefeed serve` nodes, and clients that keep count of every answer.

Standard library only, except boto3 (from the repository's .venv, where moto's server comes from) for listing the
bucket.
"""
import http.client
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

from common import BIN, LOGS, proc_status


def free_port(_preferred=0):
    """A port nothing listens on now, chosen by the kernel (common.free_port(0) would give 0 itself back)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

VENV = Path(__file__).resolve().parent.parent / ".venv"


def wait_for(condition, seconds, interval=0.1):
    """Polls `condition` until it returns something true, for at most `seconds`; returns that value (or the last
    falsy one). A bounded wait, never a measure of speed."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)


# --- HTTP -------------------------------------------------------------------------------------------------------


def call(port, method, path, body=None, headers=None, timeout=60):
    """One request on a new connection: (status, headers with lower-case names, body, seconds); status 0 when no
    answer came (the error's text is the body)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data, time.monotonic() - start
    except (OSError, http.client.HTTPException) as error:
        return 0, {}, repr(error).encode(), time.monotonic() - start
    finally:
        connection.close()


def multipart(data, name="photo.jpg"):
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class Person:
    """Someone signed up on a node, with their session cookie."""

    def __init__(self, port, name):
        self.name = name
        self.origin = f"http://127.0.0.1:{port}"
        body = json.dumps({"username": name, "first_name": name, "last_name": "Fault", "email": f"{name}@example.com",
                           "password": f"correct-horse-{name}-9!"})
        status, headers, data, _ = call(port, "POST", "/account/signup", body, {
            "Content-Type": "application/json", "Origin": self.origin, "Accept": "application/json"})
        assert status == 201, (status, data[:300])
        self.cookie = headers.get("set-cookie", "").split(";")[0]

    def headers(self, **extra):
        return {"Cookie": self.cookie, "Origin": self.origin, **extra}

    def upload(self, port, data, name="photo.jpg", timeout=120):
        body, kind = multipart(data, name)
        return call(port, "POST", "/photos", body, self.headers(**{"Content-Type": kind}), timeout=timeout)

    def like(self, port, photo):
        return call(port, "POST", f"/photos/{photo}/like", None, self.headers())

    def liked(self, port, photo):
        status, _, data, _ = call(port, "GET", f"/photos/{photo}", None, {"Cookie": self.cookie})
        return json.loads(data)["liked_by_user"] if status == 200 else None


def unique_jpeg(base, tag):
    """`base` with `tag` after the JPEG's end: a new file (a new SHA-256) for the library, the same photo to a
    decoder."""
    return base + f"#{tag}#{uuid.uuid4().hex}".encode()


# --- the server ---------------------------------------------------------------------------------------------------


class Node:
    """One `imagefeed serve`, configured by environment variables as a systemd unit would be."""

    def __init__(self, name, data, env=None, port=None, binary=None):
        self.name, self.data = name, str(data)
        self.port = port or free_port(0)
        # A database listener of its own (the default, 9000, is one per machine): two nodes of a section, or a node
        # still stopping from the section before, would hold it.
        self.env = {"IMAGEFEED_RATE_LIMIT": "1000000000", "IMAGEFEED_IMAGE_RATE_LIMIT": "1000000000",
                    "IMAGEFEED_NEW_RENDITIONS_PER_HOUR": "1000000", "IMAGEFEED_LOG_LEVEL": "info",
                    "IMAGEFEED_DATABASE_PORT": str(free_port(0)), **(env or {})}
        self.binary = binary or BIN
        self.process = None
        self.log_path = LOGS / f"faults-{name}-{self.port}.log"

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, ready=True):
        self.log_file = open(self.log_path, "a")
        environment = dict(os.environ, **self.env, IMAGEFEED_DATA=self.data, IMAGEFEED_HOST="127.0.0.1",
                           IMAGEFEED_PORT=str(self.port))
        self.process = subprocess.Popen([self.binary, "serve"], env=environment, stdout=self.log_file,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        path = "/readyz" if ready else "/healthz"
        up = wait_for(lambda: self.process.poll() is None and call(self.port, "GET", path, timeout=2)[0] == 200, 120,
                      0.2)
        assert up, f"{self.name} did not start:\n" + self.log_path.read_text()[-3000:]
        return self

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def rss_mb(self):
        return proc_status(self.process.pid).get("rss_mb")

    def metric(self, name):
        """The value of one sample of /metrics (its name and labels as written), or None."""
        status, _, data, _ = call(self.port, "GET", "/metrics")
        for line in data.decode(errors="replace").splitlines():
            if line.startswith(name + " "):
                return float(line.rsplit(" ", 1)[1])
        return None

    def cli(self, *arguments, env=None, timeout=600):
        """`imagefeed …` with this node's settings (its data folder, database and storage)."""
        environment = dict(os.environ, **self.env, IMAGEFEED_DATA=self.data, **(env or {}))
        return subprocess.run([self.binary, *arguments], env=environment, capture_output=True, text=True,
                              timeout=timeout)


# --- PostgreSQL ---------------------------------------------------------------------------------------------------


class Postgres:
    """A throwaway PostgreSQL server (as scripts/test-postgres.sh starts one) that the run may stop and restart."""

    def __init__(self):
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
        assert found, "PostgreSQL's server binaries are missing: apt-get install -y postgresql"
        self.bin = found[-1].parent
        self.port = free_port(0)
        self.folder = Path(tempfile.mkdtemp(prefix="imagefeed-faults-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self.run("initdb", "-D", str(self.folder / "data"), "-U", "postgres", "--auth=trust", "--no-sync", "-E",
                 "UTF8", "--locale=C")
        self.start()

    def run(self, tool, *arguments):
        command = [str(self.bin / tool), *arguments]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)

    def start(self):
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "server.log"), "-w", "-t", "60",
                 "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300",
                 "start")

    def stop(self, mode="fast"):
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", mode, "-w", "stop")

    def restart(self, mode="fast"):
        # The log file as for start: without one the new server writes to pg_ctl's output, which run() reads to its
        # end, so run() would wait for the server to exit.
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "server.log"), "-m", mode, "-w",
                 "-t", "60", "restart", "-o",
                 f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300")

    def url(self, database="postgres"):
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}?sslmode=disable"

    def sql(self, statement, database="postgres"):
        command = [str(self.bin / "psql"), self.url(database), "-v", "ON_ERROR_STOP=1", "-qAtc", statement]
        return subprocess.run(command, capture_output=True, text=True, check=True, timeout=60).stdout.strip()

    def create(self, name):
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def close(self):
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


# --- S3 -----------------------------------------------------------------------------------------------------------


class Moto:
    """moto's S3-compatible server on loopback, from the repository's .venv (scripts/test-s3.sh makes it)."""

    def __init__(self):
        self.port = free_port(0)
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.log = open(LOGS / "faults-moto.log", "w")
        self.process = subprocess.Popen([str(VENV / "bin" / "moto_server"), "-H", "127.0.0.1", "-p", str(self.port)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        assert wait_for(lambda: call(self.port, "GET", "/moto-api/", timeout=2)[0] == 200, 60, 0.2), "moto"
        import boto3  # from the venv
        from botocore.config import Config
        self.s3 = boto3.client("s3", endpoint_url=self.endpoint, region_name="us-east-1", aws_access_key_id="faults",
                               aws_secret_access_key="faults-secret",
                               config=Config(s3={"addressing_style": "path"}, signature_version="s3v4"))

    def bucket(self, name):
        self.s3.create_bucket(Bucket=name)
        return name

    def keys(self, bucket, prefix=""):
        found, token = [], None
        while True:
            more = {"ContinuationToken": token} if token else {}
            page = self.s3.list_objects_v2(Bucket=bucket, Prefix=prefix, **more)
            found += [item["Key"] for item in page.get("Contents", [])]
            if not page.get("IsTruncated"):
                return found
            token = page["NextContinuationToken"]

    def close(self):
        self.process.terminate()
        self.process.wait(10)


class FaultProxy:
    """A TCP proxy on 127.0.0.1 in front of a service, which the run breaks on purpose:

    - `forward`: connections are carried to the service;
    - `refuse`: nothing listens (connections refused) and the connections carried are cut;
    - `hang`: connections are accepted and never answered (a firewall dropping packets);
    - `error500`: every request is answered `500 Internal Server Error` (an S3 endpoint failing).
    """

    def __init__(self, target_port):
        self.target = target_port
        self.port = free_port(0)
        self.mode = "forward"
        self.lock = threading.Lock()
        self.connections = []
        self.listener = None
        self._listen()

    def _listen(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(256)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def set(self, mode):
        with self.lock:
            old, self.mode = self.mode, mode
            cut, self.connections = self.connections, []
            listener = self.listener
        for connection in cut:
            _close(connection)
        if mode == "refuse" and listener:
            self.listener = None
            _close(listener)
        elif old == "refuse" and mode != "refuse":
            self._listen()

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            with self.lock:
                mode = self.mode
                self.connections.append(client)
            if mode == "forward":
                try:
                    upstream = socket.create_connection(("127.0.0.1", self.target), timeout=10)
                except OSError:
                    _close(client)
                    continue
                with self.lock:
                    self.connections.append(upstream)
                threading.Thread(target=_pipe, args=(client, upstream), daemon=True).start()
            elif mode == "hang":
                threading.Thread(target=_swallow, args=(client,), daemon=True).start()
            elif mode == "error500":
                threading.Thread(target=_answer_500, args=(client,), daemon=True).start()
            else:
                _close(client)

    def close(self):
        self.set("refuse")


def _close(sock):
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


def _pipe(a, b):
    sockets = [a, b]
    try:
        while True:
            readable, _, _ = select.select(sockets, [], [], 60)
            for sock in readable:
                data = sock.recv(65536)
                if not data:
                    return
                (b if sock is a else a).sendall(data)
    except (OSError, ValueError):
        return
    finally:
        _close(a)
        _close(b)


def _swallow(sock):
    try:
        while sock.recv(65536):
            pass
    except OSError:
        pass


def _answer_500(sock):
    try:
        received = b""
        while b"\r\n\r\n" not in received:
            data = sock.recv(65536)
            if not data:
                return
            received += data
        body = b"<Error><Code>InternalError</Code><Message>Injected by bench/faults.py</Message></Error>"
        sock.sendall(b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/xml\r\nContent-Length: "
                     + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
    except OSError:
        pass
    finally:
        _close(sock)


# --- the disk -----------------------------------------------------------------------------------------------------


class SmallDisk:
    """A tmpfs of `megabytes`, mounted for the run (root only), that the run fills to play a full disk for real."""

    def __init__(self, megabytes):
        self.path = Path(tempfile.mkdtemp(prefix="imagefeed-faults-disk-"))
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0755", "tmpfs", str(self.path)],
                       check=True, capture_output=True, text=True)
        self.filler = self.path / ".filler"

    @staticmethod
    def available():
        try:
            SmallDisk(1).close()
            return True
        except (subprocess.CalledProcessError, OSError):
            return False

    def fill(self):
        with open(self.filler, "ab", buffering=0) as out:
            size = 1 << 20
            while size:
                try:
                    out.write(b"\0" * size)
                except OSError:
                    size //= 2

    def free(self):
        self.filler.unlink(missing_ok=True)

    def free_bytes(self):
        status = os.statvfs(self.path)
        return status.f_bavail * status.f_frsize

    def files(self, folder):
        root = self.path / folder
        return sorted(str(p.relative_to(self.path)) for p in root.rglob("*") if p.is_file()) if root.exists() else []

    def close(self):
        subprocess.run(["umount", "-l", str(self.path)], capture_output=True)
        shutil.rmtree(self.path, ignore_errors=True)


# --- load ---------------------------------------------------------------------------------------------------------


class Load:
    """Clients sending a mix of requests until stopped — cached reads (the feed), uncached reads (a photo's page with a
    new query each time), likes of photos not liked yet, and uploads of new files — each answer recorded with when it
    was sent, how long it took and its status. What was acknowledged is kept to be checked afterwards."""

    def __init__(self, port, people, photos, jpeg, uploads=True, likes=True, reads=True):
        self.port, self.people, self.photos, self.jpeg = port, people, list(photos), jpeg
        self.records = []
        self.acknowledged_uploads = []
        self.acknowledged_likes = []
        self.unanswered_writes = 0
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = []
        kinds = (["read"] * 2 if reads else []) + (["like"] if likes else []) + (["upload"] if uploads else [])
        for index, kind in enumerate(kinds):
            self.threads.append(threading.Thread(target=getattr(self, "_" + kind), args=(index,), daemon=True))

    def start(self):
        for thread in self.threads:
            thread.start()
        return self

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(120)

    def _record(self, kind, status, seconds, start):
        with self.lock:
            self.records.append((start, kind, status, seconds))

    def _read(self, index):
        count = 0
        while not self.stopping.is_set():
            count += 1
            if index % 2 == 0:
                kind, path = "cached_read", "/photos?per_page=10"
            else:
                kind, path = "uncached_read", f"/photos/{self.photos[count % len(self.photos)]}?n={index}-{count}"
            start = time.monotonic()
            status, _, _, seconds = call(self.port, "GET", path, timeout=30)
            self._record(kind, status, seconds, start)
            time.sleep(0.02)

    def _like(self, index):
        # Every person likes every photo, the uploads of the run too, so that likes keep coming for as long as the
        # load runs; a like that was refused (the database away) is tried again, so a fault meets likes all along.
        done = set()
        while not self.stopping.is_set():
            with self.lock:
                photos = self.photos + [photo for photo, _ in self.acknowledged_uploads]
            todo = [(person, photo) for photo in photos for person in self.people if (person.name, photo) not in done]
            if not todo:
                time.sleep(0.2)
                continue
            person, photo = todo[0]
            start = time.monotonic()
            status, _, _, seconds = person.like(self.port, photo)
            self._record("like", status, seconds, start)
            with self.lock:
                if status in (200, 201):
                    # When the answer came: a write is acknowledged then, not when it was sent.
                    self.acknowledged_likes.append((person, photo, time.monotonic()))
                    done.add((person.name, photo))
                elif status == 0:
                    self.unanswered_writes += 1
            time.sleep(0.05)

    def _upload(self, index):
        count = 0
        while not self.stopping.is_set():
            count += 1
            start = time.monotonic()
            status, _, data, seconds = self.people[0].upload(self.port, unique_jpeg(self.jpeg, f"load-{count}"))
            self._record("upload", status, seconds, start)
            with self.lock:
                if status == 201:
                    self.acknowledged_uploads.append((json.loads(data)["id"], time.monotonic()))
                elif status == 0:
                    self.unanswered_writes += 1
            time.sleep(0.05)

    def between(self, start, end, kind=None):
        """The records of requests sent between `start` and `end` (monotonic seconds)."""
        with self.lock:
            return [r for r in self.records if start <= r[0] < end and (kind is None or r[1] == kind)]

    @staticmethod
    def statuses(records):
        return dict(sorted(Counter(r[2] for r in records).items()))

    @staticmethod
    def slowest_ms(records):
        return round(max((r[3] for r in records), default=0) * 1000, 1)

    def first_success_after(self, moment, kinds=("like", "upload")):
        """Seconds from `moment` to the first acknowledged write sent after it, or None."""
        with self.lock:
            times = [r[0] + r[3] for r in self.records if r[0] >= moment and r[1] in kinds and r[2] in (200, 201)]
        return round(min(times) - moment, 2) if times else None

    def lost(self, port):
        """Acknowledged writes not found now: uploads whose photo is gone, likes whose person no longer likes it."""
        missing_uploads = [photo for photo, _ in self.acknowledged_uploads
                           if call(port, "GET", f"/photos/{photo}")[0] != 200]
        missing_likes = [(person.name, photo) for person, photo, _ in self.acknowledged_likes
                         if person.liked(port, photo) is not True]
        return missing_uploads, missing_likes

    def doubled_likes(self, port):
        """Photos whose like count differs from the people who like them: a like counted twice (or lost)."""
        wrong = []
        for photo in self.photos + [photo for photo, _ in self.acknowledged_uploads]:
            status, _, data, _ = call(port, "GET", f"/photos/{photo}")
            if status != 200:
                continue
            likers = sum(1 for person in self.people if person.liked(port, photo))
            if json.loads(data)["likes"] != likers:
                wrong.append(photo)
        return wrong
