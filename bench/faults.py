"""Faults a real deployment meets (issue 34), played for real against the `imagefeed` binary: a full disk, a
database that goes away, a bucket that stops answering, slow and idle clients, request-smuggling shapes, and a backup
taken under load. Writes bench/FAULTS.md (one row per fault: what the server answered, how long until it recovered,
what was lost) and bench/work/results/faults.json.

    python3 bench/faults.py [section …]     sections: disk database storage clients smuggling backup (default all)

IMAGEFEED_BIN picks the binary (default: .build/release/imagefeed when built, else .build/debug/imagefeed; either
must be built with `--traits PostgreSQL`). FAULTS_OUTAGE_SECONDS sets how long PostgreSQL stays stopped (default 30).
Needs PostgreSQL's server binaries, nginx, the repository's .venv with moto (scripts/test-s3.sh makes it), and root
for the full disk (a tmpfs is mounted). It is a fault run, not a benchmark: its times are how long recovery took on
this machine, never goals.
"""
import json
import os
import re
import resource
import socket
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
VENV_PY = REPO / ".venv" / "bin" / "python"
# moto's server and boto3 come from the venv: run there.
if Path(sys.prefix).resolve() != (REPO / ".venv").resolve() and VENV_PY.exists() and not os.environ.get("FAULTS_REEXEC"):
    os.environ["FAULTS_REEXEC"] = "1"
    os.execv(str(VENV_PY), [str(VENV_PY), __file__] + sys.argv[1:])
if "IMAGEFEED_BIN" not in os.environ:
    release = REPO / ".build" / "release" / "imagefeed"
    os.environ["IMAGEFEED_BIN"] = str(release if release.exists() else REPO / ".build" / "debug" / "imagefeed")

sys.path.insert(0, str(BENCH))
from common import BIN, RESULTS, log  # noqa: E402
from faultlib import (FaultProxy, Load, Moto, Node, Person, Postgres, SmallDisk, call, unique_jpeg,  # noqa: E402
                      wait_for)

DEMO = Path("/usr/share/backgrounds/mate")
JPEG = (DEMO / "nature" / "Dune.jpg").read_bytes()
OUTAGE = int(os.environ.get("FAULTS_OUTAGE_SECONDS", "30"))
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "faults", "AWS_SECRET_ACCESS_KEY": "faults-secret"}
# Short timeouts for the slow-client section (the defaults are 75 s and 60 s: the same code, only longer waits).
SHORT = {"IMAGEFEED_IDLE_TIMEOUT": "10s", "IMAGEFEED_WRITE_TIMEOUT": "10s"}


def row(fault, answered, recovery, lost, note=""):
    return {"fault": fault, "answered": answered, "recovery": recovery, "lost": lost, "note": note}


def feed_ids(port, count=30):
    status, _, data, _ = call(port, "GET", f"/photos?per_page={count}")
    return [photo["id"] for photo in json.loads(data)] if status == 200 else []


def total_photos(port):
    status, headers, _, _ = call(port, "GET", "/photos?per_page=1")
    return int(headers.get("x-total", -1)) if status == 200 else None


def import_demo(node, *names, user="mate"):
    result = node.cli("import", *(str(DEMO / name) for name in names), "--user", user)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def errors_of(data):
    try:
        return json.loads(data).get("errors", [])
    except (ValueError, AttributeError):
        return []


# --- 1. a full disk -----------------------------------------------------------------------------------------------


def section_disk():
    """A node whose data folder (originals, renditions, scratch space and the SQLite database) is on a 64 MB tmpfs,
    filled for real; an upload, an import, a sync, a new rendition size and a like meet the full disk; then space is
    freed and everything is tried again, without a restart."""
    if not SmallDisk.available():
        return {"rows": [row("Disk full", "not run", "—", "—", "this machine does not allow mounting a tmpfs (root)")]}
    disk = SmallDisk(64)
    source_folder = Path(tempfile.mkdtemp(prefix="imagefeed-faults-source-"))
    source = Node("pixabay-stand-in", source_folder / "data")
    node = Node("disk", disk.path / "data")
    try:
        # setup: a library of three photos; a stand-in for Pixabay (another ImageFeed, whose /api/ speaks Pixabay's
        # dialect) with photos of its own; its source added while there is room
        import_demo(node, "nature/GreenMeadow.jpg", "nature/RainDrops.jpg", "nature/Wood.jpg")
        import_demo(source, "nature/Storm.jpg", "nature/LadyBird.jpg", "abstract/Silk.png", user="snapper")
        key = re.search(r"Access key: (\S+)", source.cli("apps", "create", "--name", "Faults",
                                                          "--redirect-uri", "urn:ietf:wg:oauth:2.0:oob").stdout).group(1)
        source.start()
        added = node.cli("sources", "add", "pixabay", "stand-in", "--key", key, "--api-url", source.origin)
        assert added.returncode == 0, added.stdout + added.stderr
        node.start()
        alice = Person(node.port, "alice")
        photos = feed_ids(node.port)
        thumbnail = f"/img/{photos[0]}?w=200&fit=max&q=80&fm=jpg"
        assert call(node.port, "GET", thumbnail)[0] == 200
        before = {folder: disk.files(f"data/{folder}") for folder in ("originals", "mezzanines", "tmp")}
        renditions_before = set(disk.files("data/renditions"))
        rows_before = total_photos(node.port)

        # act: the disk is full
        disk.fill()
        upload = alice.upload(node.port, unique_jpeg(JPEG, "full"))
        leftovers = sum(len(set(disk.files(f"data/{f}")) - set(before[f])) for f in before) + (
            (total_photos(node.port) or rows_before) - rows_before)
        reads = {"feed": call(node.port, "GET", "/photos")[0], "photo": call(node.port, "GET", f"/photos/{photos[1]}")[0],
                 "cached thumbnail": call(node.port, "GET", thumbnail)[0],
                 "new size": call(node.port, "GET", f"/img/{photos[0]}?w=321")[0]}
        rendition_kept = set(disk.files("data/renditions")) - renditions_before
        like = alice.like(node.port, photos[2])
        ready = call(node.port, "GET", "/readyz")
        imported = node.cli("import", str(DEMO / "nature" / "Dune.jpg"), "--user", "mate")
        synced = node.cli("sources", "sync", "stand-in")
        leftovers_cli = sum(len(set(disk.files(f"data/{f}")) - set(before[f])) for f in before)
        log_text = node.log_path.read_text()

        # act: space is freed; the same things again, on the same process
        disk.free()
        freed = time.monotonic()
        again = wait_for(lambda: alice.upload(node.port, unique_jpeg(JPEG, "freed")), 60)
        recovered = round(time.monotonic() - freed, 2)
        new_size_again = call(node.port, "GET", f"/img/{photos[0]}?w=321")[0]
        rendition_kept_after = bool(set(disk.files("data/renditions")) - renditions_before)
        like_again = alice.like(node.port, photos[2])
        imported_again = node.cli("import", str(DEMO / "nature" / "Dune.jpg"), "--user", "mate")
        synced_again = node.cli("sources", "sync", "stand-in")
        check = node.cli("check", "--min-age", "0")
        kept_before = [p for p in photos if call(node.port, "GET", f"/photos/{p}")[0] != 200]
        like_acknowledged = like[0] in (200, 201)
        like_lost = like_acknowledged and not alice.liked(node.port, photos[2])
    finally:
        node.stop()
        source.stop()
        disk.close()
    def first_line(result):
        """What a command said: its `Error:` line (after its progress, before a usage hint), else its last line."""
        lines = (result.stderr.strip() or result.stdout.strip()).splitlines()
        errors = [line for line in lines if line.startswith("Error:")]
        return (errors or lines)[-1] if lines else ""

    result = {
        "method": "tmpfs of 64 MB (mount -t tmpfs -o size=64m), filled with a file until ENOSPC",
        "upload": {"status": upload[0], "retry_after": upload[1].get("retry-after"), "errors": errors_of(upload[2]),
                   "leftovers": leftovers},
        "reads_while_full": reads, "new_size_cached_while_full": bool(rendition_kept),
        "like_while_full": like[0], "readyz_while_full": {"status": ready[0], "body": ready[2].decode()[:300]},
        "import_while_full": {"exit": imported.returncode, "said": first_line(imported)},
        "sync_while_full": {"exit": synced.returncode, "said": first_line(synced)},
        "cli_leftovers": leftovers_cli,
        "log_names_folder": str(disk.path / "data") in log_text,
        "after_freeing": {"upload": again[0] if again else None, "seconds_to_first_upload": recovered,
                          "new_size": new_size_again, "new_size_cached": rendition_kept_after,
                          "like": like_again[0], "import_exit": imported_again.returncode,
                          "sync_exit": synced_again.returncode, "check_exit": check.returncode,
                          "check_said": check.stdout.strip().splitlines()[-1:]},
        "photos_missing_after": kept_before, "acknowledged_like_lost": like_lost,
    }
    lost = len(kept_before) + int(like_lost)
    result["rows"] = [
        row("Disk full: upload", f"{upload[0]} Insufficient Storage, Retry-After {upload[1].get('retry-after')}; "
            f"{leftovers} files or rows left", f"{recovered} s after space was freed (no restart)", lost),
        row("Disk full: reads", ", ".join(f"{k} {v}" for k, v in reads.items()),
            "—", 0, "a new size is served but not cached while full" if not rendition_kept else "new size cached"),
        row("Disk full: SQLite database (a like)", f"{like[0]}" + (" (the WAL still had room)" if like[0] == 201 else ""),
            f"like {like_again[0]} after freeing", int(like_lost)),
        row("Disk full: `imagefeed import`", f"exit {imported.returncode}: {first_line(imported)}",
            f"exit {imported_again.returncode} after freeing", 0, f"{leftovers_cli} files left by the CLI runs"),
        row("Disk full: `imagefeed sources sync` (Pixabay downloads)", f"exit {synced.returncode}: {first_line(synced)}",
            f"exit {synced_again.returncode} after freeing", 0),
        row("Disk full: `imagefeed check` afterwards", f"exit {check.returncode}: {check.stdout.strip().splitlines()[-1:]}",
            "—", 0),
    ]
    return result


# --- 2. the database goes away ------------------------------------------------------------------------------------


def section_database():
    """A node on PostgreSQL under mixed load (cached and uncached reads, likes, uploads): PostgreSQL stopped for
    FAULTS_OUTAGE_SECONDS and started again; restarted while writes run; every connection ended from the server's
    side. Afterwards, every acknowledged write is looked for."""
    postgres = Postgres()
    folder = Path(tempfile.mkdtemp(prefix="imagefeed-faults-db-"))
    node = Node("database", folder / "data", env={"IMAGEFEED_DATABASE_URL": postgres.create("library")})
    rows, result = [], {}
    try:
        import_demo(node, "nature/GreenMeadow.jpg", "nature/RainDrops.jpg", "nature/Wood.jpg", "nature/Storm.jpg")
        node.start()
        people = [Person(node.port, f"fan{n}") for n in range(4)]
        photos = feed_ids(node.port)
        load = Load(node.port, people, photos, JPEG).start()
        time.sleep(3)  # the load runs before the fault, so that caches and pools are warm

        # a. stopped for OUTAGE seconds
        down = time.monotonic()
        postgres.stop("fast")
        time.sleep(1)
        ready = call(node.port, "GET", "/readyz")
        time.sleep(max(0, OUTAGE - 1))
        up = time.monotonic()
        postgres.start()
        time.sleep(5)
        during = load.between(down, up)
        result["stopped"] = {
            "seconds": OUTAGE, "readyz": {"status": ready[0], "errors": errors_of(ready[2])},
            "statuses": {kind: Load.statuses(load.between(down, up, kind)) for kind in
                         ("cached_read", "uncached_read", "like", "upload")},
            "slowest_answer_ms": Load.slowest_ms(during),
            "first_write_after_restart_s": load.first_success_after(up),
        }
        stopped = result["stopped"]
        rows.append(row(
            f"PostgreSQL stopped {OUTAGE} s under load",
            f"cached reads {stopped['statuses']['cached_read']}, uncached {stopped['statuses']['uncached_read']}, "
            f"likes {stopped['statuses']['like']}, uploads {stopped['statuses']['upload']}; slowest answer "
            f"{stopped['slowest_answer_ms']} ms; /readyz {ready[0]}: {errors_of(ready[2])[:1]}",
            f"{stopped['first_write_after_restart_s']} s after PostgreSQL was back", None))

        # b. restarted in the middle of writes
        restart = time.monotonic()
        postgres.restart("fast")
        back = time.monotonic()
        time.sleep(5)
        result["restarted"] = {"statuses": {kind: Load.statuses(load.between(restart, back + 1, kind))
                                            for kind in ("like", "upload")},
                               "first_write_after_restart_s": load.first_success_after(back)}
        rows.append(row("PostgreSQL restarted during writes",
                        f"likes {result['restarted']['statuses']['like']}, uploads "
                        f"{result['restarted']['statuses']['upload']}",
                        f"{result['restarted']['first_write_after_restart_s']} s after it was back", None))

        # c. every connection ended from the server's side
        ended_at = time.monotonic()
        ended = postgres.sql("SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = 'library' "
                             "AND pid <> pg_backend_pid()")
        time.sleep(5)
        result["terminated"] = {"connections": int(ended), "statuses": Load.statuses(load.between(ended_at,
                                                                                                ended_at + 5))}
        rows.append(row("Every connection ended by PostgreSQL (pg_terminate_backend)",
                        f"{ended} connections ended; answers in the next 5 s {result['terminated']['statuses']}",
                        "at once (a lost connection is replaced and the read or BEGIN tried again)", None))
        load.stop()

        missing_uploads, missing_likes = load.lost(node.port)
        doubled = load.doubled_likes(node.port)
        result["accounting"] = {
            "acknowledged_uploads": len(load.acknowledged_uploads), "acknowledged_likes": len(load.acknowledged_likes),
            "missing_uploads": missing_uploads, "missing_likes": missing_likes, "likes_counted_wrong": doubled,
            "writes_without_answer": load.unanswered_writes}
        lost = len(missing_uploads) + len(missing_likes) + len(doubled)
        for entry in rows:
            entry["lost"] = lost
        rows[0]["note"] = (f"{len(load.acknowledged_uploads)} uploads and {len(load.acknowledged_likes)} likes "
                           f"acknowledged in the whole run: {len(missing_uploads)} uploads and {len(missing_likes)} "
                           f"likes missing afterwards, {len(doubled)} like counts wrong (lost or doubled)")
    finally:
        node.stop()
        postgres.close()
    result["rows"] = rows
    return result


# --- 3. the storage goes away -------------------------------------------------------------------------------------


def section_storage():
    """Two nodes on PostgreSQL and one bucket (moto behind a fault proxy). For each way the endpoint fails —
    connections refused, accepted and never answered, answered 500 — uploads, renders of renditions only the other
    node made, reads of what a node has cached, and deletions run during the fault; then it ends and the deletions
    the bucket missed must drain to zero orphans."""
    postgres = Postgres()
    moto = Moto()
    proxy = FaultProxy(moto.port)
    bucket = moto.bucket(f"faults-{uuid.uuid4().hex[:8]}")
    folder = Path(tempfile.mkdtemp(prefix="imagefeed-faults-s3-"))
    settings = {"IMAGEFEED_DATABASE_URL": postgres.create("library"), **CREDENTIALS,
                "IMAGEFEED_STORAGE": f"s3://{bucket}/library?endpoint=http://127.0.0.1:{proxy.port}&region=us-east-1",
                "IMAGEFEED_DELETION_RETRY_EVERY": "2s", "IMAGEFEED_STORAGE_TIMEOUT": "5s"}
    a, b = Node("s3-a", folder / "a", env=settings), Node("s3-b", folder / "b", env=settings)
    rows, result = [], {}
    try:
        import_demo(a, *(f"nature/{n}" for n in ("GreenMeadow.jpg", "RainDrops.jpg", "Wood.jpg", "Storm.jpg",
                                                 "LadyBird.jpg", "Dune.jpg")))
        a.start()
        b.start()
        owner = Person(a.port, "owner")
        for mode in ("refuse", "hang", "error500"):
            # setup: photos of the owner's; a new size of each made by node A only (B would fetch it from the
            # bucket); B has one photo's original cached from a render of its own
            mine = [json.loads(owner.upload(a.port, unique_jpeg(JPEG, f"{mode}-{n}"))[2])["id"] for n in range(3)]
            photos = feed_ids(a.port)
            for photo in photos:
                assert call(a.port, "GET", f"/img/{photo}?w=222")[0] == 200
            assert call(b.port, "GET", f"/img/{photos[-1]}?w=223")[0] == 200
            keys_before = set(moto.keys(bucket))

            # act: the fault, for 15 seconds of requests
            proxy.set(mode)
            start = time.monotonic()
            uploads = [owner.upload(a.port, unique_jpeg(JPEG, f"{mode}-during-{n}"), timeout=60) for n in range(3)]
            renders = [call(b.port, "GET", f"/img/{photo}?w=222", timeout=60) for photo in photos[:3]]
            cached = call(b.port, "GET", f"/img/{photos[-1]}?w=224", timeout=60)
            deletions = [call(a.port, "DELETE", f"/photos/{photo}", None, owner.headers(), timeout=60) for photo in mine]
            ready = call(a.port, "GET", "/readyz", timeout=10)
            pending = wait_for(lambda: a.metric("imagefeed_pending_deletions"), 20, 0.5)
            answer_times = [r[3] for r in uploads + renders + deletions]
            keys_during = set(moto.keys(bucket))
            time.sleep(max(0, 15 - (time.monotonic() - start)))

            # act: the endpoint comes back; the deletions it missed drain, and uploads work again
            proxy.set("forward")
            back = time.monotonic()
            drained = wait_for(lambda: a.metric("imagefeed_pending_deletions") == 0, 120, 0.5)
            drained_after = round(time.monotonic() - back, 1)
            upload_back = wait_for(lambda: owner.upload(a.port, unique_jpeg(JPEG, f"{mode}-back"))[0] == 201, 60, 0.5)
            upload_after = round(time.monotonic() - back, 1)
            orphans = orphaned_keys(moto, bucket, postgres)
            result[mode] = {
                "uploads": [u[0] for u in uploads], "retry_after": uploads[0][1].get("retry-after"),
                "uploads_left_in_bucket": len(keys_during - keys_before),
                "renders_of_the_other_nodes_renditions": [r[0] for r in renders],
                "render_from_this_nodes_copy": cached[0], "deletions": [d[0] for d in deletions],
                "pending_deletions_during": pending, "readyz": {"status": ready[0], "errors": errors_of(ready[2])[:1]},
                "slowest_answer_s": round(max(answer_times), 2), "deletions_drained_after_s": drained_after,
                "drained": bool(drained), "upload_works_after_s": upload_after, "upload_back": bool(upload_back),
                "orphaned_keys_after": orphans,
            }
            r = result[mode]
            name = {"refuse": "refusing connections", "hang": "accepting and never answering",
                    "error500": "answering 500"}[mode]
            rows.append(row(
                f"S3 endpoint {name} (15 s)",
                f"uploads {r['uploads']} (Retry-After {r['retry_after']}, {r['uploads_left_in_bucket']} objects left); "
                f"renders of the other node's renditions {r['renders_of_the_other_nodes_renditions']}; a new size "
                f"from the node's own copy {r['render_from_this_nodes_copy']}; deletions {r['deletions']} with "
                f"{int(pending or 0)} files waiting; slowest answer {r['slowest_answer_s']} s; /readyz {ready[0]}",
                f"deletions drained {drained_after} s and uploads working {upload_after} s after the endpoint was back",
                len(orphans), f"{len(orphans)} orphaned objects in the bucket after recovery"))
    finally:
        a.stop()
        b.stop()
        proxy.close()
        moto.close()
        postgres.close()
    result["rows"] = rows
    return result


def orphaned_keys(moto, bucket, postgres):
    """Objects in the bucket that no photo or avatar of the library points at (originals, mezzanines, renditions)."""
    used = set(postgres.sql("SELECT sha256 FROM photos UNION SELECT avatar_sha256 FROM users WHERE avatar_sha256 IS "
                            "NOT NULL", "library").split())
    ids = set(postgres.sql("SELECT id FROM photos", "library").split())
    orphans = []
    for key in moto.keys(bucket, "library/"):
        parts = key.split("/")
        if parts[1] in ("originals", "mezzanines") and parts[-1].split(".")[0] not in used:
            orphans.append(key)
        elif parts[1] == "renditions" and not parts[3].startswith("avatar-") and parts[3] not in ids:
            orphans.append(key)
    return orphans


# --- 4. slow and idle clients -------------------------------------------------------------------------------------


def raise_file_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(hard, 65536), max(hard, 65536)))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    return sock


def closed_within(sock, seconds):
    """Whether the server closed `sock` within `seconds` (reading and dropping what it sends)."""
    sock.settimeout(0.5)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not sock.recv(65536):
                return True
        except socket.timeout:
            continue
        except OSError:
            return True
    return False


def normal_latency_ms(port):
    status, _, _, seconds = call(port, "GET", "/photos?per_page=5", timeout=60)
    return status, round(seconds * 1000, 1)


def section_clients():
    """One node on SQLite with IMAGEFEED_IDLE_TIMEOUT=10s and IMAGEFEED_WRITE_TIMEOUT=10s (the defaults are 75 s and
    60 s): slowloris clients sending a header byte a second, a body trickled a byte a second, a client that never
    reads its answers; then 10,000 idle kept-alive connections (the default connection limit) on a node whose idle
    timeout is 60 s."""
    raise_file_limit()
    folder = Path(tempfile.mkdtemp(prefix="imagefeed-faults-clients-"))
    node = Node("clients", folder / "data", env=SHORT)
    rows, result = [], {}
    try:
        import_demo(node, "nature/GreenMeadow.jpg", "nature/RainDrops.jpg", "nature/Wood.jpg")
        node.start()
        person = Person(node.port, "patient")
        baseline = node.rss_mb()

        # a. slowloris: 200 clients, one header byte a second each
        slow = [connect(node.port) for _ in range(200)]
        head = b"GET /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        stop = threading.Event()

        def trickle():
            for position in range(len(head)):
                for sock in slow:
                    try:
                        sock.send(head[position:position + 1])
                    except OSError:
                        pass
                if stop.wait(1):
                    return

        started = time.monotonic()
        threading.Thread(target=trickle, daemon=True).start()
        during = normal_latency_ms(node.port)
        closed = [closed_within(sock, 60) for sock in slow]
        stop.set()
        result["slowloris"] = {"clients": len(slow), "closed": sum(closed),
                               "closed_after_s": round(time.monotonic() - started, 1), "normal_request": during}
        rows.append(row("Slowloris: 200 clients, one header byte a second",
                        f"all {sum(closed)} closed with no answer; a normal request meanwhile {during[0]} in "
                        f"{during[1]} ms", f"closed {result['slowloris']['closed_after_s']} s after they began "
                        "(the idle timeout: bytes of an unfinished head are no activity)", 0))
        for sock in slow:
            sock.close()

        # b. an upload body trickled a byte a second
        sock = connect(node.port)
        sock.sendall(f"POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {person.cookie}\r\nOrigin: "
                     f"{person.origin}\r\nContent-Type: image/jpeg\r\nContent-Length: 1000000\r\n\r\n".encode())
        started = time.monotonic()
        stop = threading.Event()

        def trickle_body():
            while not stop.wait(1):
                try:
                    sock.send(b"x")
                except OSError:
                    return

        threading.Thread(target=trickle_body, daemon=True).start()
        body_closed = closed_within(sock, 120)
        stop.set()
        result["trickled_body"] = {"closed": body_closed, "closed_after_s": round(time.monotonic() - started, 1),
                                   "slow_body_closes": node.metric('imagefeed_connections_closed_total{reason="slow_body"}')}
        rows.append(row("An upload body trickled a byte a second",
                        f"{'closed' if body_closed else 'NOT closed'}, nothing kept",
                        f"closed {result['trickled_body']['closed_after_s']} s after it began (below "
                        "IMAGEFEED_MIN_BODY_RATE, 500 B/s, once it had come for the idle timeout)", 0))
        sock.close()

        # c. a client that never reads: 300 requests for an original (a wallpaper of a few MB), pipelined, nothing read
        before = node.rss_mb()
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", node.port))
        big = feed_ids(node.port)[0]
        sock.sendall(f"GET /img/{big} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode() * 300)
        started = time.monotonic()
        stalled = wait_for(lambda: node.metric('imagefeed_connections_closed_total{reason="write_stalled"}'), 90, 0.5)
        peak = node.rss_mb()
        result["never_reads"] = {"closed_by_write_timeout": bool(stalled),
                                 "closed_after_s": round(time.monotonic() - started, 1),
                                 "rss_mb_before": before, "rss_mb_while_stuck": peak,
                                 "normal_request": normal_latency_ms(node.port)}
        sock.close()
        rows.append(row("A client that never reads (300 pipelined requests for an original)",
                        f"{'closed by the write timeout' if stalled else 'NOT closed'}; server RSS {before} → {peak} MB",
                        f"closed {result['never_reads']['closed_after_s']} s after the requests", 0))

        # d. 10,000 idle kept-alive connections, then one more client. On a node whose idle timeout (60 s) outlasts
        # the opening of them all, so they are all open at once (a 10 s timeout closed the first before the last
        # opened on a busy machine).
        node.stop()
        node = Node("clients-idle", folder / "data", env={"IMAGEFEED_IDLE_TIMEOUT": "60s"})
        node.start()
        rss = node.rss_mb()
        idle = []
        for _ in range(10_000):
            sock = connect(node.port)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            idle.append(sock)
        for sock in idle:
            sock.settimeout(30)
            sock.recv(4096)
        opened = node.metric("imagefeed_connections_open")
        rss_idle = node.rss_mb()
        extra = normal_latency_ms(node.port)
        reclaimed = node.metric('imagefeed_connections_closed_total{reason="reclaimed"}') or 0
        started = time.monotonic()
        still_open = wait_for(lambda: (node.metric("imagefeed_connections_open") or 0) <= 2, 180, 0.5)
        per_connection_kb = round((rss_idle - rss) * 1024 / 10_000, 1)
        result["idle_connections"] = {
            "opened": 10_000, "open_on_server": opened, "rss_mb_before": rss, "rss_mb_with_them": rss_idle,
            "memory_per_connection_kb": per_connection_kb, "one_more_client": extra, "reclaimed_for_it": reclaimed,
            "all_closed_by_idle_timeout_after_s": round(time.monotonic() - started, 1) if still_open else None,
            "rss_mb_after": node.rss_mb()}
        for sock in idle:
            sock.close()
        rows.append(row("10,000 idle kept-alive connections (the default limit)",
                        f"{int(opened or 0)} open; one more client {extra[0]} in {extra[1]} ms after "
                        f"{int(reclaimed)} idle ones were closed to make room; about {per_connection_kb} kB of memory "
                        f"per idle connection (RSS {rss} → {rss_idle} MB)",
                        f"all closed by the idle timeout within {result['idle_connections']['all_closed_by_idle_timeout_after_s']} s",
                        0))
        result["baseline_rss_mb"] = baseline
    finally:
        node.stop()
    result["rows"] = rows
    return result


# --- 5. where a request ends --------------------------------------------------------------------------------------


def section_smuggling():
    """Each request-smuggling shape of e2e/harness/smuggling.py (what e2e/cluster/test_smuggling.py checks), straight
    to a node and through nginx running deploy/nginx/imagefeed.conf in front of it, as the cluster test starts them:
    the statuses each answered, and whether nginx and the node agreed where each request ended."""
    sys.path.insert(0, str(REPO / "e2e"))
    sys.path.insert(0, str(REPO / "e2e" / "cluster"))
    import importlib.util
    from harness import smuggling
    spec = importlib.util.spec_from_file_location("cluster_support", REPO / "e2e" / "cluster" / "conftest.py")
    cluster_support = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cluster_support)
    folder = Path(tempfile.mkdtemp(prefix="imagefeed-faults-smuggling-"))
    # A folder inside the temporary one: nginx's worker needs the folders up to the cluster's parent readable, and
    # the cluster opens them up to there only.
    fronted = cluster_support.Cluster(folder / "cluster", {"IMAGEFEED_LOG_LEVEL": "info", "IMAGEFEED_TRUSTED_PROXIES": "127.0.0.1"},
                                      count=1)
    rows, result = [], {}
    try:
        fronted.start()
        node = fronted.nodes[0]
        access_log = fronted.nginx_folder / "access.log"
        for index, (name, request) in enumerate(smuggling.shapes()):
            direct = smuggling.exchange(node.port, request)
            hidden_read = bool(smuggling.node_saw(index, node.log.read_text(errors="replace"), hidden_only=True))
            refused = direct[0] == [smuggling.refusal(name)] and direct[1] and not hidden_read
            offset = node.log.stat().st_size

            def since():
                with open(node.log, "rb") as file:
                    file.seek(offset)
                    return file.read().decode(errors="replace")

            through = smuggling.exchange(fronted.lb_port, request)
            passed = smuggling.passed_on(index, access_log.read_text(errors="replace"))
            wait_for(lambda: len(smuggling.node_saw(index, since())) >= len(passed), 10)
            node_saw = smuggling.node_saw(index, since())
            agree = len(passed) == len(node_saw) and not any("upstream_status=400" in line for line in passed)
            result[name] = {"direct": {"statuses": direct[0], "closed": direct[1], "hidden_request_read": hidden_read},
                            "nginx": {"statuses": through[0], "closed": through[1], "requests_passed_on": len(passed)},
                            "node_answered_of_them": len(node_saw), "agree": agree}
            nginx_said = (f"nginx answered {through[0]} itself" if not passed else
                          f"nginx read it as {len(passed)} request(s) and passed them on; the node answered "
                          f"{len(node_saw)}")
            rows.append(row(f"Smuggling: {name}",
                            f"node {direct[0]}{', connection closed' if direct[1] else ', connection left open'}; "
                            f"{nginx_said}", "—", 0 if agree and refused else 1,
                            "agree" if agree else "DISAGREE"))
    finally:
        fronted.stop()
        cluster_support.harness.remove_folder(folder)
    result["rows"] = rows
    return result


# --- 6. backup and restore under load -----------------------------------------------------------------------------


def section_backup():
    """`imagefeed backup` while uploads and likes run, on SQLite and on PostgreSQL; restored into a new data folder
    (and a new database); `imagefeed check` on it, and every write acknowledged before the backup began looked for
    in it."""
    rows, result = [], {}
    postgres = Postgres()
    try:
        for backend in ("sqlite", "postgres"):
            folder = Path(tempfile.mkdtemp(prefix=f"imagefeed-faults-backup-{backend}-"))
            env = {"IMAGEFEED_DATABASE_URL": postgres.create(f"live_{backend}")} if backend == "postgres" else {}
            node = Node(f"backup-{backend}", folder / "data", env=env)
            import_demo(node, "nature/GreenMeadow.jpg", "nature/RainDrops.jpg", "nature/Wood.jpg")
            node.start()
            try:
                people = [Person(node.port, f"saver{n}") for n in range(3)]
                photos = feed_ids(node.port)
                load = Load(node.port, people, photos, JPEG, reads=False).start()
                time.sleep(4)
                began = time.monotonic()
                backed = node.cli("backup", str(folder / "backup"))
                ended = time.monotonic()
                time.sleep(1)
                load.stop()
            finally:
                node.stop()
            assert backed.returncode == 0, backed.stdout + backed.stderr
            # Acknowledged (answered) before the backup began; an upload sent before it but answered while it ran
            # is one of the writes made during it.
            before_uploads = [photo for photo, acknowledged in load.acknowledged_uploads if acknowledged < began]
            before_likes = [(p, photo) for p, photo, acknowledged in load.acknowledged_likes if acknowledged < began]
            during = [photo for photo, acknowledged in load.acknowledged_uploads if began <= acknowledged < ended]
            restore_env = {}
            if backend == "postgres":
                restore_env["IMAGEFEED_DATABASE_URL"] = postgres.create(f"restored_{backend}")
            restored = Node(f"restored-{backend}", folder / "restored", env=restore_env)
            restore = restored.cli("restore", str(folder / "backup"))
            check = restored.cli("check", "--min-age", "0")
            restored.start()
            try:
                missing_uploads = [p for p in before_uploads if call(restored.port, "GET", f"/photos/{p}")[0] != 200]
                missing_likes = []
                for person, photo in before_likes:
                    again = sign_in(restored.port, person)
                    if not again or liked(restored.port, again, photo) is not True:
                        missing_likes.append((person.name, photo))
                during_kept = sum(1 for p in during if call(restored.port, "GET", f"/photos/{p}")[0] == 200)
            finally:
                restored.stop()
            result[backend] = {"backup_exit": backed.returncode, "backup_seconds": round(ended - began, 2),
                               "uploads_before": len(before_uploads), "likes_before": len(before_likes),
                               "uploads_during_backup": len(during), "of_which_in_backup": during_kept,
                               "restore_exit": restore.returncode, "check_exit": check.returncode,
                               "check_said": check.stdout.strip().splitlines()[-1:], "check_output": check.stdout[-1500:],
                               "restore_output": (restore.stdout + restore.stderr)[-1500:],
                               "missing_uploads": missing_uploads, "missing_likes": missing_likes}
            r = result[backend]
            rows.append(row(
                f"Backup under load, restored ({'SQLite' if backend == 'sqlite' else 'PostgreSQL, into a new database'})",
                f"backup exit {r['backup_exit']} in {r['backup_seconds']} s while uploads and likes ran; restore exit "
                f"{r['restore_exit']}; `imagefeed check` exit {r['check_exit']}: {r['check_said']}",
                "—", len(missing_uploads) + len(missing_likes),
                f"{r['uploads_before']} uploads and {r['likes_before']} likes acknowledged before the backup began, "
                f"all looked for in the restored library; {during_kept} of {len(during)} made during it are in it too"))
    finally:
        postgres.close()
    result["rows"] = rows
    return result


def sign_in(port, person):
    body = json.dumps({"login": person.name, "password": f"correct-horse-{person.name}-9!"})
    status, headers, _, _ = call(port, "POST", "/account/login", body, {
        "Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}", "Accept": "application/json"})
    return headers.get("set-cookie", "").split(";")[0] if status == 200 else None


def liked(port, cookie, photo):
    status, _, data, _ = call(port, "GET", f"/photos/{photo}", None, {"Cookie": cookie})
    return json.loads(data)["liked_by_user"] if status == 200 else None


# --- the report ---------------------------------------------------------------------------------------------------


SECTIONS = {"disk": section_disk, "database": section_database, "storage": section_storage,
            "clients": section_clients, "smuggling": section_smuggling, "backup": section_backup}


def main():
    chosen = sys.argv[1:] or list(SECTIONS)
    unknown = [name for name in chosen if name not in SECTIONS]
    if unknown:
        # --help, or a typo: say what there is rather than overwrite the report with a failed run.
        sys.exit(__doc__ + f"\nunknown section(s): {' '.join(unknown)}")
    started = time.time()
    report = {"binary": BIN, "sections": {}}
    for name in chosen:
        log("faults:", name)
        try:
            report["sections"][name] = SECTIONS[name]()
        except Exception as error:  # a section that could not run says so in the report
            report["sections"][name] = {"rows": [row(name, "the section failed to run", "—", "—", repr(error)[:300])]}
            log("faults:", name, "failed:", repr(error))
        print(json.dumps({name: report["sections"][name]}, indent=1, default=str)[:4000], flush=True)
    (RESULTS / "faults.json").write_text(json.dumps(report, indent=1, default=str))
    (BENCH / "FAULTS.md").write_text(markdown(report, time.time() - started))
    log("saved", RESULTS / "faults.json", "and bench/FAULTS.md")


def markdown(report, seconds):
    lines = [
        "# Faults a real deployment meets (issue 34)",
        "",
        f"Generated by **`python3 bench/faults.py`** on {time.strftime('%Y-%m-%d %H:%M')} ({seconds / 60:.1f} min), "
        f"binary `{os.path.relpath(report['binary'], REPO)}`, {os.cpu_count()} cores. Replaced on every run. Raw "
        "figures: `bench/work/results/faults.json`. Every fault is played for real: a tmpfs filled until ENOSPC, "
        "PostgreSQL stopped with `pg_ctl`, moto behind a proxy that refuses, hangs or answers 500, real sockets for "
        "the slow clients, nginx running `deploy/nginx/imagefeed.conf`. Times are how long recovery took on this "
        "machine; *lost* counts writes the server acknowledged and that were not there afterwards (the goal: 0).",
        "",
        "| fault | what the server answered | recovered | lost | note |",
        "|---|---|---|---|---|",
    ]
    for section in report["sections"].values():
        for entry in section.get("rows", []):
            cells = [entry["fault"], entry["answered"], entry["recovery"], str(entry["lost"]), entry.get("note", "")]
            lines.append("| " + " | ".join(str(c).replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
