"""Sections 2 and 4: the feed and search API against nginx (100k photos), and latency at 10k/100k/1M photos on
SQLite and PostgreSQL.

    python3 bench/db.py sqlite      # schema by the server, seeds 10k → 100k (+ API section) → 1M
    python3 bench/db.py postgres

Rows are synthetic (no renditions), written straight into the schema the server's migrations create
(Sources/FeedStore/Migrations/Migrations+Schema.swift). The SQL timed "at the database" is the SQL the store
issues for each request (Sources/FeedStore/Queries/*.swift), reproduced below statement for statement.
"""
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from common import (PG_BIN, wait_idle, REPO, WORK, Nginx, Postgres, Server, fetch, http_latency, log, load, rel, save,
                    summarize_ms, timed_loop, wrk)

SCALES = [int(x) for x in os.environ.get("BENCH_SCALES", "10000,100000,1000000").split(",")]
API_SCALE = int(os.environ.get("BENCH_API_SCALE", "100000"))
PER_PAGE = 30
QUERY = "beach"          # a real word in ~3 % of the photos (as in the anchors' dbbench)
SEED = 20261122
SQL_CAP_S = float(os.environ.get("BENCH_SQL_CAP_S", "20"))  # a request slower than this is reported as "> cap"
BASE_TIME = 1_420_070_400  # 2015-01-01

# ---------------------------------------------------------------------------------------------------------
# Synthetic library

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
REAL_WORDS = ["beach", "mountain", "forest", "city", "sunset", "flower", "river", "snow", "desert", "night"]
VOCAB = [f"w{i}" for i in range(20000)]
VOCAB_CUM = []
_total = 0.0
for _i in range(len(VOCAB)):
    _total += 1.0 / (_i + 1)
    VOCAB_CUM.append(_total)
TAGS = ["nature", "travel", "landscape", "people", "street", "architecture", "animals", "food", "water", "sky",
        "portrait", "film", "summer", "winter", "autumn", "spring", "blackandwhite", "macro", "night", "family"] + \
       [f"tag{i}" for i in range(180)]
TAG_CUM = []
_total = 0.0
for _i in range(len(TAGS)):
    _total += 1.0 / (_i + 1)
    TAG_CUM.append(_total)
CAMERAS = [("Canon", "Canon EOS R6"), ("SONY", "ILCE-7M3"), ("Apple", "iPhone 15 Pro"), ("FUJIFILM", "X-T4"),
           ("NIKON CORPORATION", "NIKON Z 6_2")]
COLOR_NAMES = ["black_and_white", "black", "white", "yellow", "orange", "red", "purple", "magenta", "green", "teal",
               "blue"]
USERS = [(f"u{k:010d}", f"user{k}", f"User{k}", f"Lastname{k}") for k in range(20)]
PHOTO_COLUMNS = ["id", "slug", "user_id", "created_at", "updated_at", "taken_at", "width", "height", "orientation",
                 "color", "color_name", "blur_hash", "description", "alt_description", "exif_make", "exif_model",
                 "exif_exposure_time", "exif_aperture", "exif_focal_length", "exif_iso", "location_name",
                 "location_city", "location_country", "latitude", "longitude", "likes", "downloads", "views", "sha256",
                 "bytes", "format", "license", "attribution"]


def generate(start, end):
    """Rows for photos [start, end): (photo tuple, tags, search body). Deterministic for a given range."""
    rng = random.Random(SEED * 7919 + start)
    choices, randint, rand = rng.choices, rng.randint, rng.random
    for i in range(start, end):
        pid = "".join(choices(ALPHABET, k=11))
        words = choices(VOCAB, cum_weights=VOCAB_CUM, k=randint(6, 14))
        if rand() < 0.3:
            words.insert(randint(0, len(words)), REAL_WORDS[randint(0, len(REAL_WORDS) - 1)])
        title = " ".join(words[:3]).capitalize()
        alt = " ".join(words)
        user = USERS[i % len(USERS)]
        created = BASE_TIME + (i // 2) * 60   # pairs share a second: the id breaks the tie
        landscape = rand() < 0.7
        width, height = (4000, 3000) if landscape else (3000, 4000)
        camera = CAMERAS[i % len(CAMERAS)] if rand() < 0.6 else (None, None)
        tags = list(dict.fromkeys(choices(TAGS, cum_weights=TAG_CUM, k=randint(0, 4))))
        photo = (pid, "-".join(words[:6]) + "-" + pid, user[0], created, created, created - randint(0, 86400 * 30),
                 width, height, "landscape" if landscape else "portrait", "#%06x" % randint(0, 0xFFFFFF),
                 COLOR_NAMES[randint(0, 10)], "LEHV6nWB2yk8pyo0adR*.7kCMdnj", title, alt, camera[0], camera[1],
                 "1/250" if camera[0] else None, "2.8" if camera[0] else None, "35.0" if camera[0] else None,
                 200 if camera[0] else None, None, None, None, None, None, randint(0, 500), randint(0, 100),
                 randint(0, 10000), "%064x" % rng.getrandbits(256), randint(1_500_000, 3_500_000), "jpeg", None, None)
        body = " ".join([title, alt] + ([camera[0], camera[1]] if camera[0] else []) + tags +
                        [user[1], user[2], user[3]])
        yield photo, tags, body


# ---------------------------------------------------------------------------------------------------------
# The store's SQL (Sources/FeedStore/Queries/PhotoColumns.swift, LibraryStore+Photos.swift, +Search.swift)

USER_COLUMNS = ["id", "username", "first_name", "last_name", "email", "bio", "location", "portfolio_url",
                "instagram_username", "total_photos", "total_likes", "total_collections", "created_at", "updated_at"]
SELECT = ("p.id, p.slug, p.created_at, p.updated_at, p.taken_at, p.width, p.height, p.color, p.blur_hash, "
          "p.description, p.alt_description, p.exif_make, p.exif_model, p.exif_exposure_time, p.exif_aperture, "
          "p.exif_focal_length, p.exif_iso, p.location_name, p.location_city, p.location_country, p.latitude, "
          "p.longitude, p.likes, p.downloads, p.views, p.sha256, p.bytes, p.format, "
          + ", ".join(f"u.{c} AS owner_{c}" for c in USER_COLUMNS))
FROM = "photos p JOIN users u ON u.id = p.user_id"
LATEST = "p.created_at DESC, p.id DESC"


def store_sql(kind, request, n, arg=None):
    """The statements the store runs for a request, as (sql, params) in order. A statement that depends on earlier
    results is a callable of `results`, the first-column values of each earlier statement (in the PostgreSQL
    timing, which sends one script, only statement 0's are known; callables then read results[0])."""
    ph = "?" if kind == "sqlite" else "$1"
    def in_list(ids, first=1):
        return ", ".join(["?"] * len(ids) if kind == "sqlite" else [f"${k + first}" for k in range(len(ids))])

    def tags(results):
        ids = results[-1][:PER_PAGE]
        return f"SELECT photo_id, tag FROM photo_tags WHERE photo_id IN ({in_list(ids)}) ORDER BY tag", ids
    stats = ("SELECT value FROM library_stats WHERE name = 'photos'", [])
    if request == "feed":
        return [(f"SELECT {SELECT} FROM {FROM} ORDER BY {LATEST} LIMIT {PER_PAGE} OFFSET 0", []), tags, stats]
    if request == "deep":
        # What following `Link: rel="next"` runs at any depth: a keyset seek after the cursor.
        created, _, pid = DEEP_CURSORS[n]
        c1, c2 = ("?", "?") if kind == "sqlite" else ("$1", "$2")
        return [(f"SELECT {SELECT} FROM {FROM} WHERE (p.created_at, p.id) < ({c1}, {c2}) ORDER BY {LATEST} "
                 f"LIMIT {PER_PAGE} OFFSET 0", [created, pid]), tags, stats]
    if request == "photo":
        two = "?" if kind == "sqlite" else "$2"
        return [(f"SELECT {SELECT} FROM {FROM} WHERE p.id = {ph} OR p.slug = {two}", [arg, arg]), tags]
    if request in ("search", "search_latest"):
        # LibraryStore+TextSearch.swift: matches capped at SearchLimits.maxResults (10,000, as Unsplash), relevance
        # scored over the newest SearchLimits.rankWindow (300) matches, tag facets over the same window.
        cap, window = 10_000, 300
        if kind == "sqlite":
            match = f'"{QUERY}"*'
            joined = "photo_search s JOIN photos p ON p.rowid = s.rowid"
            start = (f"SELECT rowid AS r FROM photo_search WHERE photo_search MATCH ? ORDER BY rowid DESC "
                     f"LIMIT {window}", [match])
            count = (f"SELECT COUNT(*) AS n FROM (SELECT rowid FROM photo_search WHERE photo_search MATCH ? "
                     f"LIMIT {cap})", [match])
            if request == "search_latest":
                items = lambda res: (f"SELECT {SELECT} FROM {joined} JOIN users u ON u.id = p.user_id WHERE "
                                     f"s.photo_search MATCH ? ORDER BY s.rowid DESC LIMIT {PER_PAGE} OFFSET 0",
                                     [match])
            else:
                items = lambda res: (f"SELECT {SELECT} FROM (SELECT rowid AS r, bm25(photo_search) AS score FROM "
                                     f"photo_search WHERE photo_search MATCH ? AND rowid >= ?) s JOIN photos p ON "
                                     f"p.rowid = s.r JOIN users u ON u.id = p.user_id WHERE TRUE ORDER BY s.score "
                                     f"ASC, s.r DESC LIMIT {PER_PAGE} OFFSET 0", [match, res[0][-1]])
            facets = lambda res: ("SELECT t.tag AS tag, COUNT(*) AS n FROM photo_tags t WHERE t.photo_id IN "
                                  f"(SELECT p.id FROM photos p WHERE p.rowid IN ({in_list(res[0])})) "
                                  "GROUP BY t.tag ORDER BY n DESC, t.tag ASC LIMIT 20", res[0])
            return [start, count, items, tags, facets]
        # PostgreSQL (migration 011): the window is a backwards walk of photo_search_latest with ranks computed in
        # the same pass; the count is the planner's estimate when that is at least 2× the cap (for this 3 % word:
        # from ~670k photos on; below, the exact capped count); the page's photos are then fetched by id.
        match = f"{QUERY}:*"
        q = "to_tsquery('simple', $1)"
        start = (f"SELECT s.photo_id AS id, s.created_at AS created_at, ts_rank(s.document, {q}) AS score FROM "
                 f"photo_search s WHERE s.document @@ {q} ORDER BY s.created_at DESC, s.photo_id DESC LIMIT {window}",
                 [match])
        estimate = (f"EXPLAIN (FORMAT JSON) SELECT 1 FROM photo_search s WHERE s.document @@ {q}", [match])
        if n * 0.03 < 2 * cap:   # the estimate (≈ the hits) is under 2× the cap: the store counts
            estimate = (f"SELECT COUNT(*) AS n FROM (SELECT 1 FROM photo_search s WHERE s.document @@ {q} "
                        f"LIMIT {cap}) c", [match])
        if request == "search_latest":
            items = lambda res: (f"SELECT {SELECT} FROM photo_search s JOIN photos p ON p.id = s.photo_id JOIN users u "
                                 f"ON u.id = p.user_id WHERE s.document @@ {q} ORDER BY s.created_at DESC, "
                                 f"s.photo_id DESC LIMIT {PER_PAGE} OFFSET 0", [match])
        else:
            items = lambda res: (f"SELECT {SELECT} FROM {FROM} WHERE p.id IN ({in_list(res[0][:PER_PAGE])})",
                                 res[0][:PER_PAGE])
        facets = lambda res: ("SELECT t.tag AS tag, COUNT(*) AS n FROM photo_tags t WHERE t.photo_id IN "
                              f"({in_list(res[0])}) GROUP BY t.tag ORDER BY n DESC, t.tag ASC LIMIT 20", res[0])
        return [start, estimate, items, tags, facets]
    raise KeyError(request)


def whatif_sql(kind, request, n, cursor):
    """Not the product: the queries a fix would run, timed beside the store's to back the recommendations."""
    ph = "?" if kind == "sqlite" else "$1"
    if request == "feed_keyset":
        c1, c2 = ("?", "?") if kind == "sqlite" else ("$1", "$2")
        return [(f"SELECT {SELECT} FROM {FROM} WHERE (p.created_at, p.id) < ({c1}, {c2}) ORDER BY {LATEST} "
                 f"LIMIT {PER_PAGE}", list(cursor))]
    if request == "count":
        return [("SELECT COUNT(*) AS n FROM photos", [])]
    if request == "search_latest_items":
        if kind == "sqlite":
            return [(f"SELECT {SELECT} FROM {FROM} WHERE p.id IN (SELECT photo_id FROM photo_search WHERE "
                     f"photo_search MATCH ?) ORDER BY {LATEST} LIMIT {PER_PAGE}", [f'"{QUERY}"*'])]
        return [(f"SELECT {SELECT} FROM {FROM} WHERE p.id IN (SELECT photo_id FROM photo_search WHERE document @@ "
                 f"to_tsquery('simple', $1)) ORDER BY {LATEST} LIMIT {PER_PAGE}", [f"{QUERY}:*"])]
    if request == "search_ranked_fts_only" and kind == "sqlite":
        # bm25 computed once per hit by the FTS table itself (ORDER BY rank), then joined: no correlated subquery.
        return [(f"SELECT {SELECT} FROM (SELECT photo_id, rank FROM photo_search WHERE photo_search MATCH ? "
                 f"ORDER BY rank LIMIT {PER_PAGE}) s JOIN photos p ON p.id = s.photo_id JOIN users u ON "
                 f"u.id = p.user_id ORDER BY s.rank", [f'"{QUERY}"*'])]
    if request == "search_ranked_fts_only" and kind == "postgres":
        return [(f"SELECT {SELECT} FROM (SELECT photo_id, ts_rank(document, q) AS r FROM photo_search, "
                 f"to_tsquery('simple', $1) q WHERE document @@ q ORDER BY r DESC LIMIT {PER_PAGE}) s "
                 f"JOIN photos p ON p.id = s.photo_id JOIN users u ON u.id = p.user_id ORDER BY s.r DESC",
                 [f"{QUERY}:*"])]
    return None


def deep_offset(n):
    """The last full page."""
    return (n // PER_PAGE - 1) * PER_PAGE


def deep_page(n):
    return n // PER_PAGE


# The sort key (created_at, likes, id) of the photo before the last full page, per library size: the deep page is
# read the way a client following `Link: rel="next"` reads it, with the keyset cursor.
DEEP_CURSORS = {}


def deep_path(n):
    created, likes, pid = DEEP_CURSORS[n]
    return f"/photos?per_page={PER_PAGE}&page={deep_page(n)}&cursor={created}.{likes}.{pid}"


HTTP_PATHS = {
    "feed": lambda n, pid: f"/photos?per_page={PER_PAGE}",
    "deep": lambda n, pid: deep_path(n),
    "photo": lambda n, pid: f"/photos/{pid}",
    "search": lambda n, pid: f"/search/photos?query={QUERY}&per_page={PER_PAGE}",
    "search_latest": lambda n, pid: f"/search/photos?query={QUERY}&per_page={PER_PAGE}&order_by=latest",
}


# ---------------------------------------------------------------------------------------------------------
# SQLite

def sqlite_connect(path):
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    # The server's per-connection pragmas (Sources/FeedStore/Database/Database+SQLite.swift).
    for pragma in ("PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL", "PRAGMA temp_store = MEMORY",
                   "PRAGMA cache_size = -16000"):
        con.execute(pragma)
    return con


# The full-text row takes its photo's rowid (migration 010), as the store's insertSearchRow does.
SEARCH_ROW = "INSERT INTO photo_search (rowid, photo_id, body) SELECT rowid, id, ? FROM photos WHERE id = ?"


def sqlite_seed(path, start, end):
    t0 = time.time()
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA synchronous = OFF")
    con.execute("PRAGMA cache_size = -262144")
    con.execute("PRAGMA foreign_keys = OFF")
    con.execute("BEGIN")
    if start == 0:
        con.executemany("INSERT INTO users (id, username, first_name, last_name, created_at, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)", [(u[0], u[1], u[2], u[3], BASE_TIME, BASE_TIME) for u in USERS])
    # Secondary indexes are dropped for the bulk load and rebuilt with the migrations' own DDL.
    indexes = con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND "
                          "tbl_name IN ('photos', 'photo_tags')").fetchall() if end - start >= 50_000 else []
    for name, _ in indexes:
        con.execute(f"DROP INDEX {name}")
    # The generation triggers (migration 009) fire per row on SQLite; one bump after the load says the same.
    triggers = con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE "
                           "'%_generation'").fetchall()
    for name, _ in triggers:
        con.execute(f"DROP TRIGGER {name}")
    insert_photo = f"INSERT INTO photos ({', '.join(PHOTO_COLUMNS)}) VALUES ({', '.join('?' * len(PHOTO_COLUMNS))})"
    batch_p, batch_t, batch_s = [], [], []
    for photo, tags, body in generate(start, end):
        batch_p.append(photo)
        batch_t.extend((photo[0], t) for t in tags)
        batch_s.append((body, photo[0]))
        if len(batch_p) >= 20000:
            con.executemany(insert_photo, batch_p)
            con.executemany("INSERT INTO photo_tags (photo_id, tag) VALUES (?, ?)", batch_t)
            con.executemany(SEARCH_ROW, batch_s)
            batch_p, batch_t, batch_s = [], [], []
    if batch_p:
        con.executemany(insert_photo, batch_p)
        con.executemany("INSERT INTO photo_tags (photo_id, tag) VALUES (?, ?)", batch_t)
        con.executemany(SEARCH_ROW, batch_s)
    for _, sql in indexes + triggers:
        con.execute(sql)
    con.execute("UPDATE library_stats SET value = value + 1 WHERE name = 'generation'")
    con.execute("UPDATE users SET total_photos = (SELECT COUNT(*) FROM photos WHERE user_id = users.id)")
    # Rows written behind the store's back: bring its photo counter (migration 008) in step.
    con.execute("UPDATE library_stats SET value = (SELECT COUNT(*) FROM photos) WHERE name = 'photos'")
    con.execute("COMMIT")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return round(time.time() - t0, 1)


def sqlite_time(con, statements, budget):
    """Times the request's statements as one unit (what one HTTP request costs the database)."""
    def run():
        results = []
        for st in statements:
            if callable(st) and not results[-1]:
                results.append([])
                continue
            sql, params = st(results) if callable(st) else st
            results.append([r[0] for r in con.execute(sql, params).fetchall()])
    # A first run under a deadline: the correlated bm25 ranking can take minutes on large libraries.
    deadline = time.perf_counter() + SQL_CAP_S
    con.set_progress_handler(lambda: 1 if time.perf_counter() > deadline else 0, 10000)
    t0 = time.perf_counter()
    try:
        run()
    except sqlite3.OperationalError as error:
        if "interrupt" not in str(error):
            raise
        return {"n": 0, "p50_ms": None, "p95_ms": None, "timeout_s": SQL_CAP_S}
    finally:
        con.set_progress_handler(None, 0)
    trial = (time.perf_counter() - t0) * 1000
    samples = [trial] + timed_loop(run, budget_s=budget, min_n=1 if trial > 1000 else 3, max_n=200, warmup=0)
    return summarize_ms(samples)


def sqlite_plans(con, statements):
    plans = []
    placeholder = [[1] + ["x"] * (PER_PAGE - 1)] * len(statements)
    for k, st in enumerate(statements):
        sql, params = st(placeholder[:k] or [[1]]) if callable(st) else st   # EXPLAIN only: nothing is executed
        plan = con.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()
        plans.append({"sql": sql if len(sql) < 400 else sql[:160] + " … " + sql[-240:],
                      "plan": "\n".join(f"{'  ' * (r[1] > 0)}{r[3]}" for r in plan)})
    return plans


def sqlite_stmt_times(con, statements, budget=1.0):
    """Median ms of each statement alone (to attribute the request time)."""
    out = []
    results = []
    for st in statements:
        sql, params = st(results if results and results[-1] else results + [["x"]]) if callable(st) else st
        t0 = time.perf_counter()
        rows = con.execute(sql, params).fetchall()
        first = (time.perf_counter() - t0) * 1000
        results.append([r[0] for r in rows])
        samples = [first] + (timed_loop(lambda: con.execute(sql, params).fetchall(), budget_s=budget, min_n=2,
                                        max_n=100, warmup=0) if first < 500 else [])
        out.append(round(sorted(samples)[len(samples) // 2], 3))
    return out


def measure_scale_sqlite(db_path, server, n):
    con = sqlite_connect(str(db_path))
    pid = con.execute(f"SELECT id FROM photos ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET {n // 2}").fetchone()[0]
    deep = con.execute(f"SELECT created_at, likes, id FROM photos ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET "
                       f"{deep_offset(n) - 1}").fetchone()
    DEEP_CURSORS[n] = tuple(deep)
    cursor = (deep[0], deep[2])
    hits = con.execute("SELECT COUNT(*) FROM photo_search WHERE photo_search MATCH ?", [f'"{QUERY}"*']).fetchone()[0]
    out = {"n": n, "search_hits": hits, "photo_id": pid, "http": {}, "db": {}, "db_statements_ms": {}, "whatif": {},
           "plans": {}}
    budget = 2.0 if n < 1_000_000 else 3.0
    for request in ("feed", "deep", "photo", "search", "search_latest"):
        statements = store_sql("sqlite", request, n, pid)
        out["db"][request] = sqlite_time(con, statements, budget)
        if n == max(SCALES):
            out["plans"][request] = sqlite_plans(con, statements)
        path = HTTP_PATHS[request](n, pid)
        if out["db"][request]["p50_ms"] is None:
            out["http"][request] = {"p50_ms": None, "p95_ms": None, "path": path, "skipped":
                                    f"the store's SQL alone exceeded {SQL_CAP_S:.0f} s"}
            out["db_statements_ms"][request] = None
            log(f"  sqlite {n}: {request}: over the {SQL_CAP_S} s cap")
            continue
        out["db_statements_ms"][request] = sqlite_stmt_times(con, statements)
        slow = out["db"][request]["p50_ms"] > 1000
        out["http"][request] = dict(http_latency(server.port, path, uncached=True, budget_s=0 if slow else budget,
                                                 min_n=2 if slow else 3, max_n=300), path=path)
        log(f"  sqlite {n}: {request}: http p50 {out['http'][request]['p50_ms']} p95 {out['http'][request]['p95_ms']}"
            f" ms; db p50 {out['db'][request]['p50_ms']} ms {out['db_statements_ms'][request]}")
    for request in ("feed_keyset", "count", "search_latest_items", "search_ranked_fts_only"):
        statements = whatif_sql("sqlite", request, n, cursor)
        out["whatif"][request] = sqlite_time(con, statements, 1.0)
        if n == max(SCALES):
            out["plans"]["whatif_" + request] = sqlite_plans(con, statements)
    con.close()
    out["server"] = server.stats()
    return out


def section_sqlite():
    data = WORK / "sqlite-data"
    shutil.rmtree(data, ignore_errors=True)
    db = data / "imagefeed.sqlite"
    result = {"scales": {}, "seed_s": {}}
    # The schema: the server's migrations on an empty data folder.
    with Server(data, 18090, name="sqlite-migrate") as server:
        status, _, _ = fetch(server.port, "/photos?per_page=1")
        result["migrate_command"] = server.command
    dbs = list(data.glob("*.sqlite")) + list(data.glob("*.db")) + list(data.glob("*.sqlite3"))
    if not dbs:
        raise RuntimeError(f"no SQLite database in {data}: {list(data.iterdir())}")
    db = dbs[0]
    result["database_file"] = rel(db)
    done = 0
    for n in sorted(SCALES):
        log(f"sqlite: seeding {done} → {n}")
        result["seed_s"][n] = sqlite_seed(str(db), done, n)
        done = n
        result.setdefault("db_mb", {})[n] = round(sum(f.stat().st_size for f in data.glob("imagefeed*")) / 1e6, 1)
        with Server(data, 18091, name=f"sqlite-{n}") as server:
            result["server_command"] = server.command
            result["scales"][n] = measure_scale_sqlite(db, server, n)
            if n == API_SCALE:
                result_api = api_section(server, n, result["scales"][n]["photo_id"], "sqlite")
                save("api", result_api)
        save("scale_sqlite", result)


# ---------------------------------------------------------------------------------------------------------
# Section 2: the API against nginx serving the identical bytes

def api_section(server, n, pid, backend):
    out = {"n": n, "backend": backend, "server_command": server.command, "endpoints": {}}
    static = WORK / "static-api"
    shutil.rmtree(static, ignore_errors=True)
    static.mkdir()
    paths = {"feed": HTTP_PATHS["feed"](n, pid), "deep": deep_path(n),
             "photo": HTTP_PATHS["photo"](n, pid), "search": HTTP_PATHS["search"](n, pid)}
    for name, path in paths.items():
        status, headers, body = fetch(server.port, path)
        assert status == 200, (path, status, body[:300])
        (static / f"{name}.json").write_bytes(body)
        out["endpoints"][name] = {"path": path, "bytes": len(body)}
    # Search last: when it is slow, 64 abandoned requests keep the server busy long after wrk stops, so nothing is
    # measured on this server after it (the server is stopped right after).
    for name in ("feed", "deep", "photo", "search"):
        cpu0 = server.stats()["cpu_s"]
        r = wrk(server.url(paths[name]))
        cpu1 = server.stats()["cpu_s"]
        r["server_cpu_s_per_1k"] = round((cpu1 - cpu0) / max(1, r.get("requests", 0)) * 1000, 3)
        out["endpoints"][name]["imagefeed"] = r
        log(f"  api {name}: {r['rps']:.0f} req/s p99 {r.get('p99_ms')} ms ({out['endpoints'][name]['bytes']} B)")
        if name == "photo":
            r["server_busy_after_s"] = wait_idle(server)
            out["server_after"] = server.stats()
            out["profile"] = perf_server(server, server.url(paths["feed"]))
        elif name != "search":
            r["server_busy_after_s"] = wait_idle(server)
    with Nginx(static) as nginx:
        out["nginx_command"] = nginx.command
        for name, case in out["endpoints"].items():
            case["nginx"] = wrk(nginx.url(f"{name}.json"))
            case["ratio"] = round(case["imagefeed"]["rps"] / case["nginx"]["rps"], 4)
            log(f"  nginx {name}: {case['nginx']['rps']:.0f} req/s → ratio {case['ratio']}")
    return out


def perf_server(server, url):
    if not shutil.which("perf"):
        return None
    data = WORK / "perf-server.data"
    rec = subprocess.Popen(["perf", "record", "-F", "999", "-g", "-p", str(server.proc.pid), "-o", str(data)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    wrk(url, seconds=5)
    rec.send_signal(2)
    rec.wait(30)
    keep = lambda text: "\n".join(l for l in text.splitlines() if l.strip() and not l.startswith("#"))[:5000]
    dsos = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort", "dso", "--stdio", "-g", "none",
                           "--percent-limit", "1"], capture_output=True, text=True).stdout
    syms = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort", "symbol", "--stdio", "-g",
                           "none", "--percent-limit", "1.2"], capture_output=True, text=True).stdout
    return {"command": f"perf record -F 999 -g -p <server pid> during wrk -t1 -c64 -d5s {url}", "by_dso": keep(dsos),
            "top_symbols": keep(syms)}


# ---------------------------------------------------------------------------------------------------------
# PostgreSQL

def pg_schema_from_source():
    """The migrations' PostgreSQL statements, read from their source in the order of `Migration.all`, for when no
    imagefeed binary with the PostgreSQL trait is available to run them itself."""
    folder = REPO / "Sources/FeedStore/Migrations"
    order = re.findall(r"\.(\w+)", re.search(r"static let all[^=]*=\s*\[(.*?)\]", (folder / "Migration.swift")
                                             .read_text(), re.S).group(1))
    token = re.compile(r'static let (\w+) = Migration\(|name:\s*"([^"]+)"|\b(both|sqlite|postgres):|'
                       r'"""\n(.*?)\n\s*"""|"((?:[^"\\]|\\.)*)"', re.S)
    found = {}
    for path in sorted(folder.glob("*.swift")):
        current, label = None, None
        for m in token.finditer(path.read_text()):
            if m.group(1):
                current = found[m.group(1)] = {"name": None, "statements": []}
                label = None
            elif current is None:
                continue
            elif m.group(2) and current["name"] is None:
                current["name"] = m.group(2)
            elif m.group(3):
                label = m.group(3)
            elif label in ("both", "postgres"):
                current["statements"].append(m.group(4) if m.group(4) is not None else m.group(5))
    return [found[k] for k in order]


def pg_create_schema(pg):
    """Runs the migrations: with IMAGEFEED_PG_BIN (an imagefeed built with --traits PostgreSQL) when given, else the
    migrations' own PostgreSQL statements from the source."""
    if PG_BIN:
        data = WORK / "pg-migrate-data"
        shutil.rmtree(data, ignore_errors=True)
        with Server(data, 18092, database=pg.url, binary=PG_BIN, name="pg-migrate") as server:
            fetch(server.port, "/photos?per_page=1")
            return f"migrations run by {server.command}"
    statements = ["CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)"]
    for m in pg_schema_from_source():
        statements += m["statements"]
        statements.append(f"INSERT INTO schema_migrations (name, applied_at) VALUES ('{m['name']}', 0)")
    pg.script(";\n".join(statements) + ";\n")
    return ("the PostgreSQL statements of Sources/FeedStore/Migrations/Migrations+Schema.swift, read from the source "
            "(no imagefeed with the PostgreSQL trait given in IMAGEFEED_PG_BIN)")


def pg_copy_text(value):
    if value is None:
        return "\\N"
    return str(value).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def pg_seed(pg, start, end):
    t0 = time.time()
    drop = end - start >= 50_000
    indexes = []
    if drop:
        rows = pg.sql("SELECT indexname || '\t' || indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN "
                      "('photos', 'photo_tags', 'photo_search') AND indexdef NOT LIKE '%UNIQUE%'")
        indexes = [line.split("\t", 1) for line in rows.splitlines() if line]
    proc = subprocess.Popen(pg.psql_cmd(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    w = proc.stdin.write
    w("BEGIN;\n")
    for name, _ in indexes:
        w(f"DROP INDEX {name};\n")
    if start == 0:
        w("COPY users (id, username, first_name, last_name, created_at, updated_at) FROM STDIN;\n")
        for u in USERS:
            w("\t".join([u[0], u[1], u[2], u[3], str(BASE_TIME), str(BASE_TIME)]) + "\n")
        w("\\.\n")
    chunk = 50_000
    for lo in range(start, end, chunk):
        rows = list(generate(lo, min(end, lo + chunk)))
        w(f"COPY photos ({', '.join(PHOTO_COLUMNS)}) FROM STDIN;\n")
        for photo, _, _ in rows:
            w("\t".join(pg_copy_text(v) for v in photo) + "\n")
        w("\\.\nCOPY photo_tags (photo_id, tag) FROM STDIN;\n")
        for photo, tags, _ in rows:
            for t in tags:
                w(f"{photo[0]}\t{t}\n")
        # The full-text row carries its photo's date (migration 011), as the store's insertSearchRow writes it.
        w("\\.\nCOPY photo_search (photo_id, body, created_at) FROM STDIN;\n")
        for photo, _, body in rows:
            w(f"{photo[0]}\t{pg_copy_text(body)}\t{photo[3]}\n")
        w("\\.\n")
    for _, sql in indexes:
        w(sql + ";\n")
    w("UPDATE users SET total_photos = (SELECT COUNT(*) FROM photos WHERE user_id = users.id);\n"
      "UPDATE library_stats SET value = (SELECT COUNT(*) FROM photos) WHERE name = 'photos';\nCOMMIT;\n"
      "VACUUM ANALYZE;\n")
    proc.stdin.close()
    err = proc.stderr.read()
    if proc.wait() != 0:
        raise RuntimeError("seeding PostgreSQL failed: " + err[-2000:])
    return round(time.time() - t0, 1)


def pg_literal(sql, params):
    """Inlines $n parameters as literals for psql (the server binds them; the plans are the same custom plans)."""
    for k in range(len(params), 0, -1):
        v = params[k - 1]
        sql = sql.replace(f"${k}", "'" + str(v).replace("'", "''") + "'" if isinstance(v, str) else str(v))
    return sql


def pg_time(pg, statements, reps):
    """Client-side time of the request's statements over TCP loopback, from psql's \\timing, `reps` times."""
    first_sql, first_params = statements[0]
    try:
        ids = [l.split("|")[0] for l in pg.sql(f"SET statement_timeout = '{int(SQL_CAP_S * 1000)}'; "
                                                 + pg_literal(first_sql, first_params)).splitlines() if l]
    except RuntimeError as error:
        if "statement timeout" in str(error):
            return {"n": 0, "p50_ms": None, "p95_ms": None, "timeout_s": SQL_CAP_S}, None, []
        raise
    sqls = []
    for st in statements:
        if callable(st) and not ids:
            continue
        sql, params = st([ids]) if callable(st) else st
        sqls.append(pg_literal(sql, params))
    head = f"SET statement_timeout = '{int(SQL_CAP_S * 1000)}';\n\\timing on\n\\o /dev/null\n"
    try:
        trial = pg.script(head + ";\n".join(sqls) + ";\n")
    except RuntimeError as error:
        if "statement timeout" in str(error):
            return {"n": 0, "p50_ms": None, "p95_ms": None, "timeout_s": SQL_CAP_S}, None, sqls
        raise
    if sum(float(x) for x in re.findall(r"^Time: ([\d.]+) ms", trial, re.M)) > 1000:
        reps = 2
    script = head + "".join(";\n".join(sqls) + ";\n" for _ in range(reps + 1))
    out = pg.script(script)
    times = [float(x) for x in re.findall(r"^Time: ([\d.]+) ms", out, re.M)]
    k = len(sqls)
    if len(times) != k * (reps + 1):
        raise RuntimeError(f"psql timing: expected {k * (reps + 1)} lines, got {len(times)}:\n{out[-500:]}")
    per_request = [sum(times[i * k:(i + 1) * k]) for i in range(1, reps + 1)]   # the first round is a warm-up
    per_stmt = [round(sorted(times[j::k][1:])[reps // 2], 3) for j in range(k)]
    return summarize_ms(per_request), per_stmt, sqls


def measure_scale_pg(pg, n, server=None):
    pid = pg.sql(f"SELECT id FROM photos ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET {n // 2}").strip()
    cur = pg.sql(f"SELECT created_at || '\t' || likes || '\t' || id FROM photos ORDER BY created_at DESC, id DESC "
                 f"LIMIT 1 OFFSET {deep_offset(n) - 1}").strip().split("\t")
    DEEP_CURSORS[n] = (int(cur[0]), int(cur[1]), cur[2])
    cursor = (int(cur[0]), cur[2])
    hits = int(pg.sql(f"SELECT COUNT(*) FROM photo_search WHERE document @@ to_tsquery('simple', '{QUERY}:*')"))
    out = {"n": n, "search_hits": hits, "photo_id": pid, "db": {}, "db_statements_ms": {}, "whatif": {}, "plans": {},
           "http": {}}
    for request in ("feed", "deep", "photo", "search", "search_latest"):
        statements = store_sql("postgres", request, n, pid)
        # Few repetitions for the slow ones: a single round tells the story and keeps the run bounded.
        reps = 30 if request in ("feed", "photo") or n <= 100_000 else 7
        if request in ("deep", "search") and n >= 1_000_000:
            reps = 5
        summary, per_stmt, sqls = pg_time(pg, statements, reps)
        out["db"][request], out["db_statements_ms"][request] = summary, per_stmt
        if n == max(SCALES) and summary["p50_ms"] is not None:
            out["plans"][request] = pg.sql(f"SET statement_timeout = '{int(SQL_CAP_S * 1000)}'; "
                                           "EXPLAIN (ANALYZE, BUFFERS) " + sqls[0])
        if server and summary["p50_ms"] is not None:
            path = HTTP_PATHS[request](n, pid)
            out["http"][request] = dict(http_latency(server.port, path, budget_s=2.0, min_n=3, uncached=True),
                                            path=path)
        log(f"  postgres {n}: {request}: db p50 {summary['p50_ms']} p95 {summary['p95_ms']} ms {per_stmt}")
    for request in ("feed_keyset", "count", "search_latest_items", "search_ranked_fts_only"):
        statements = whatif_sql("postgres", request, n, cursor)
        out["whatif"][request] = pg_time(pg, statements, 10)[0]
        if n == max(SCALES):
            out["plans"]["whatif_" + request] = pg.sql("EXPLAIN (ANALYZE, BUFFERS) " + pg_literal(*statements[0]))
    return out


def section_postgres():
    result = {"scales": {}, "seed_s": {}}
    with Postgres() as pg:
        result["version"] = pg.sql("SHOW server_version").strip()
        result["server_options"] = pg.options
        result["schema"] = pg_create_schema(pg)
        result["http_binary"] = PG_BIN or None
        done = 0
        for n in sorted(SCALES):
            log(f"postgres: seeding {done} → {n}")
            result["seed_s"][n] = pg_seed(pg, done, n)
            done = n
            result.setdefault("db_mb", {})[n] = round(int(pg.sql("SELECT pg_database_size('postgres')")) / 1e6, 1)
            if PG_BIN:
                with Server(WORK / "pg-serve-data", 18093, database=pg.url, binary=PG_BIN, name=f"pg-{n}") as server:
                    result["server_command"] = server.command
                    result["scales"][n] = measure_scale_pg(pg, n, server)
                    result["scales"][n]["server"] = server.stats()
            else:
                result["scales"][n] = measure_scale_pg(pg, n)
            save("scale_postgres", result)


if __name__ == "__main__":
    {"sqlite": section_sqlite, "postgres": section_postgres}[sys.argv[1]]()
