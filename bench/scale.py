"""Section 10 (issue 33): how cost grows with the library, as ratios measured in one run — a small library and a
large one (100,000 and 10,000,000 photos unless BENCH_SCALE_SIZES says otherwise), on SQLite and on PostgreSQL.

    python3 bench/scale.py            # both, SQLite first (bench/run.sh scale)
    python3 bench/scale.py sqlite     # or one

At each size, through the product only (`imagefeed bench seed` grows the library with its members, likes, albums
and places; `imagefeed serve` answers):
- one request at a time, each with a distinct ignored parameter so the response cache never answers: the feed's
  first page and a deep one (by the `Link` cursor), a photo, a search for a common and for a rare word, a tag, a
  near-me search, a member's likes and an album's photos — p50 and p95;
- the server's start-up, from its launch to answering `/readyz`, against an empty library's in the same run;
- its resident memory holding 1,000 keep-alive connections, against an empty library's holding one: measured on the
  fresh server (the goal), and again after the timed requests, once the response cache is full;
- the database's bytes per photo;
- an import of 40 new photos (the demo's wallpapers, see `import_set`) into the large library, photos a second
  against the same import into an empty library.

The goals are ratios of the large size to the small one, so that a slower machine or a busier day moves both.
"""
import json
import os
import shutil
import socket
import sys
import time
from pathlib import Path

from common import (BIN, WORK, Postgres, Server, bench_command, bench_seed, bench_trace, fetch, header, http_latency,
                    library_args, log, next_link, quote, rel, save, sqlite_relation_sizes, time_command)

SIZES = sorted(int(x) for x in os.environ.get("BENCH_SCALE_SIZES", "100000,10000000").split(","))
PER_PAGE = 30
COMMON_WORD = "beach"   # in about 3 % of the synthetic photos' captions
RARE_WORD = "w15000"    # a vocabulary word of Zipf rank 15,000: a handful of photos in 100,000
TAG = "nature"          # the most frequent synthetic tag
NEAR = (48.857, 2.352)  # Paris, the most frequent synthetic city
CONNECTIONS = int(os.environ.get("BENCH_SCALE_CONNECTIONS", "1000"))
IMPORT_FOLDER = Path(os.environ.get("BENCH_SCALE_IMPORT", "/usr/share/backgrounds/mate"))
IMPORT_COUNT = 40
# The requests `imagefeed bench trace` can run, each with its statements' plans at the large size (search twice: the
# common and the rare word). The tag, near-me, likes and album requests are timed over HTTP only.
TRACED = (("feed", "feed", COMMON_WORD), ("deep", "deep", COMMON_WORD), ("photo", "photo", COMMON_WORD),
          ("search", "search", COMMON_WORD), ("search_rare", "search", RARE_WORD))
TRACE_REPEAT = int(os.environ.get("BENCH_TRACE_REPEAT", "30"))


def requests_at(server, n):
    """The paths of the timed requests, found the way a client finds them."""
    # The photo in the middle of the feed, or a millionth in (the API's last page number) in a larger library.
    status, _, body = fetch(server.port, f"/photos?per_page=1&page={min(n // 2 + 1, 1_000_000)}")
    assert status == 200, (status, body[:300])
    middle = json.loads(body)[0]["id"]
    deep = f"/photos?per_page={PER_PAGE}"
    deep_page = max(1, n // PER_PAGE)
    if deep_page > 1:
        status, headers, body = fetch(server.port, f"/photos?per_page={PER_PAGE}&page={deep_page - 1}")
        assert status == 200, (status, body[:300])
        deep = next_link(headers)
    status, _, body = fetch(server.port, "/collections?per_page=1")
    assert status == 200, (status, body[:300])
    album = json.loads(body)[0]["id"]
    return {
        "feed": f"/photos?per_page={PER_PAGE}",
        "deep": deep,
        "photo": f"/photos/{middle}",
        "search": f"/search/photos?query={COMMON_WORD}&per_page={PER_PAGE}",
        "search_rare": f"/search/photos?query={RARE_WORD}&per_page={PER_PAGE}",
        "tag": f"/photos?tags={TAG}&per_page={PER_PAGE}",
        "near": f"/search/photos?lat={NEAR[0]}&lon={NEAR[1]}&radius=10&per_page={PER_PAGE}",
        "likes": f"/users/bench-member-0/likes?per_page={PER_PAGE}",
        "album": f"/collections/{album}/photos?per_page={PER_PAGE}",
    }


def timed_requests(server, paths):
    out = {}
    for name, path in paths.items():
        result = http_latency(server.port, path, uncached=True, budget_s=3.0, min_n=20, max_n=400)
        status, headers, _ = fetch(server.port, path)
        result.update(path=path, total=header(headers, "X-Total"))
        assert result["status"] == [200], (name, path, result["status"])
        out[name] = result
        log(f"  {name}: p50 {result['p50_ms']} p95 {result['p95_ms']} ms (X-Total {result['total']})")
    return out


def traced(library, n, explain):
    """The store's part of the traceable requests (`imagefeed bench trace`), with their plans when `explain`."""
    out = {}
    for name, request, word in TRACED:
        answer = bench_trace(library, request, TRACE_REPEAT, explain=explain, per_page=PER_PAGE, query=word)
        if answer.get("photos") != n:
            raise RuntimeError(f"bench trace saw {answer.get('photos')} photos, expected {n}")
        out[name] = dict(answer["trace"], command=answer["command"])
        total = answer["trace"].get("total_ms", {})
        log(f"  trace {name}: p50 {total.get('p50')} p95 {total.get('p95')} ms")
    return out


def started(data, database, name):
    """A server's start-up: launch to `/readyz` answering (the harness starts it so), seconds."""
    server = Server(data, 18094, database=database, name=name)
    t0 = time.monotonic()
    server.start(timeout=1800)
    return server, round(time.monotonic() - t0, 3)


def rss_with_connections(server, count):
    """The server's resident memory (MB) once `count` keep-alive connections have each been answered once."""
    held = []
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=60)
            s.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
            held.append(s)
        for s in held:
            answer = b""
            while b"\r\n\r\n" not in answer:
                chunk = s.recv(4096)
                assert chunk, "the server closed a keep-alive connection"
                answer += chunk
        time.sleep(1)   # settle: the figure is what stays, not what passes
        return server.stats()["rss_mb"]
    finally:
        for s in held:
            s.close()


def import_set(label):
    """40 JPEGs that no library holds yet, the same pictures every time: the demo's wallpapers in turn, each given
    a JPEG comment naming `label` and its place, so their bytes (the importer's sha256) are new but decoding and
    rendering them costs what it always does."""
    folder = WORK / "scale-import"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pictures = sorted(p for p in IMPORT_FOLDER.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg"))
    assert pictures, f"no JPEG under {IMPORT_FOLDER}"
    for index in range(IMPORT_COUNT):
        data = pictures[index % len(pictures)].read_bytes()
        comment = f"imagefeed bench scale {label} {index}".encode()
        segment = b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment
        (folder / f"{index:02d}.jpg").write_bytes(data[:2] + segment + data[2:])
    return folder


def import_rate(library, label):
    """40 new photos imported into the library: photos a second (wall), with the command."""
    folder = import_set(label)
    before = bench_command(["seed", *library])["photos"]
    cmd = [str(BIN), "import", str(folder), "--user", "scale-importer", *library]
    timed = time_command(cmd, env={"IMAGEFEED_LOG_LEVEL": "error"})
    if timed["rc"] != 0:
        raise RuntimeError(f"{quote(cmd)} failed:\n{timed['stderr']}")
    count = bench_command(["seed", *library])["photos"] - before
    assert count == IMPORT_COUNT, f"{count} of {IMPORT_COUNT} photos imported"
    return {"photos": count, "wall_s": timed["wall_s"], "photos_per_s": round(count / timed["wall_s"], 2),
            "command": quote([rel(c) if "/" in c and "://" not in c else c for c in cmd])}


def database_bytes(data, pg):
    if pg:
        return pg.database_bytes()
    return sum(f.stat().st_size for f in Path(data).glob("imagefeed*") if f.is_file())


def run(backend, database=None, pg=None, fresh_database=None):
    data = WORK / f"scale-{backend}"
    empty = WORK / f"scale-{backend}-empty"
    result = {"backend": backend, "sizes": SIZES, "connections": CONNECTIONS, "per_page": PER_PAGE, "at": {}}
    if pg:
        result.update(version=pg.version, server_options=pg.options)

    # the empty library: start-up, memory with one connection, an import
    shutil.rmtree(empty, ignore_errors=True)
    empty_database = fresh_database("scale_empty") if fresh_database else None
    server, seconds = started(empty, empty_database, f"scale-{backend}-empty")
    try:
        result["empty"] = {"startup_s": seconds, "rss_mb": rss_with_connections(server, 1)}
    finally:
        server.stop()
    result["empty"]["import"] = import_rate(library_args(empty, empty_database), "empty")
    log(f"{backend} empty: {result['empty']}")

    shutil.rmtree(data, ignore_errors=True)
    library = library_args(data, database)
    for n in SIZES:
        log(f"{backend}: seeding to {n:,}")
        at = {"seed": bench_seed(library, n)}
        if pg:
            at["vacuum"] = pg.vacuum_analyze()
        at["database_bytes"] = database_bytes(data, pg)
        at["bytes_per_photo"] = round(at["database_bytes"] / n)
        if n == SIZES[-1]:   # what each table and index weighs, for the capacity model (docs/scaling.md)
            at["relations"] = pg.relation_sizes() if pg else sqlite_relation_sizes(Path(data) / "imagefeed.sqlite")
        at["trace"] = traced(library, n, explain=n == SIZES[-1])
        server, at["startup_s"] = started(data, database, f"scale-{backend}-{n}")
        try:
            # Fresh, before any request: what the library and the connections cost. After the timed requests the
            # response cache (64 MB of answers at most) is full whatever the library's size; shown beside it.
            at["rss_mb"] = rss_with_connections(server, CONNECTIONS)
            at["requests"] = timed_requests(server, requests_at(server, n))
            at["rss_after_requests_mb"] = rss_with_connections(server, CONNECTIONS)
        finally:
            server.stop()
        # At the large size only (the goal compares it with the empty library's), and last, after the timed requests.
        if n == SIZES[-1]:
            at["import"] = import_rate(library, n)
        result["at"][n] = at
        log(f"{backend} {n:,}: start-up {at['startup_s']} s, RSS {at['rss_mb']} MB with {CONNECTIONS} connections, "
            f"{at['bytes_per_photo']} B a photo, import {at.get('import', {}).get('photos_per_s')} photos/s")
        save(f"scale10_{backend}", result)
    # A 10 M library is tens of GB; the next backend's needs the room (BENCH_SCALE_KEEP=1 keeps it to look into).
    if os.environ.get("BENCH_SCALE_KEEP") != "1":
        shutil.rmtree(data, ignore_errors=True)


def section_sqlite():
    run("sqlite")


def section_postgres():
    with Postgres() as pg:
        run("postgres", database=pg.url, pg=pg, fresh_database=pg.create_database)


if __name__ == "__main__":
    for backend in sys.argv[1:] or ["sqlite", "postgres"]:
        {"sqlite": section_sqlite, "postgres": section_postgres}[backend]()
