"""Sections 2 and 4: the feed and search API against nginx, and latency at 10k/100k/1M photos on SQLite and
PostgreSQL.

    python3 bench/db.py sqlite      # seeds 10k → 100k (+ API section) → 1M, measuring at each size
    python3 bench/db.py postgres

Everything here goes through the product; this file holds no SQL and reads none of its source:
- the library is grown with `imagefeed bench seed --photos N` (the store's own writes; its migrations create the
  schema on either backend);
- "the database's part" of each request is `imagefeed bench trace --request R`: the store's use case behind the
  request, run with a statement observer, which prints every statement it sent with its time (and, at the largest
  size, its plan);
- the HTTP figures are `imagefeed serve` answering real requests, found the way a client finds them (the photo in
  the middle of the feed, the deep page by the cursor in the previous page's `Link: rel="next"`).
"""
import json
import os
import shutil
import sys

from common import (WORK, Nginx, Postgres, Server, bench_seed, bench_trace, fetch, header, http_latency, library_args,
                    log, next_link, perf_process, save, wait_idle, wrk)

SCALES = sorted(int(x) for x in os.environ.get("BENCH_SCALES", "10000,100000,1000000").split(","))
API_SCALE = int(os.environ.get("BENCH_API_SCALE", "100000"))
PER_PAGE = 30
QUERY = "beach"          # a real word in ~3 % of the synthetic photos (as in the anchors' dbbench)
TRACE_REPEAT = int(os.environ.get("BENCH_TRACE_REPEAT", "30"))
TRACE_CAP_S = float(os.environ.get("BENCH_TRACE_CAP_S", "600"))   # one `bench trace` slower than this: "> cap"
# What `imagefeed bench trace` can run; the first five are also timed over HTTP.
REQUESTS = ("feed", "deep", "photo", "search", "search_latest", "image", "like")
HTTP_REQUESTS = ("feed", "deep", "photo", "search", "search_latest")


def find_subjects(server, n):
    """What the HTTP requests are about, found through the API: the photo in the middle of the feed (page n/2+1
    of one photo, the one `bench trace` picks) and the last full page, reached with the cursor the page before it
    puts in its `Link: rel="next"` header."""
    status, headers, body = fetch(server.port, f"/photos?per_page=1&page={n // 2 + 1}")
    assert status == 200, (status, body[:300])
    total = int(header(headers, "X-Total") or -1)
    middle = json.loads(body)[0]["id"]
    deep_page = max(1, n // PER_PAGE)
    deep = f"/photos?per_page={PER_PAGE}"
    if deep_page > 1:
        status, headers, body = fetch(server.port, f"/photos?per_page={PER_PAGE}&page={deep_page - 1}")
        assert status == 200, (status, body[:300])
        deep = next_link(headers)
        assert deep and "cursor=" in deep, ("no keyset cursor in Link", headers)
    paths = {
        "feed": f"/photos?per_page={PER_PAGE}",
        "deep": deep,
        "photo": f"/photos/{middle}",
        "search": f"/search/photos?query={QUERY}&per_page={PER_PAGE}",
        "search_latest": f"/search/photos?query={QUERY}&per_page={PER_PAGE}&order_by=latest",
    }
    status, _, body = fetch(server.port, paths["search"])
    assert status == 200, (status, body[:300])
    return {"x_total": total, "middle_photo": middle, "deep_page": deep_page, "paths": paths,
            "search_total": json.loads(body).get("total")}


def trace_requests(library, n, explain):
    """`imagefeed bench trace`, one request per run (a request over the time cap loses only itself)."""
    out, commands = {}, {}
    for request in REQUESTS:
        answer = bench_trace(library, request, TRACE_REPEAT, explain=explain, timeout=TRACE_CAP_S,
                             per_page=PER_PAGE, query=QUERY)
        commands[request] = answer["command"]
        if "timeout_s" in answer:
            out[request] = {"timeout_s": answer["timeout_s"]}
            log(f"  trace {n}: {request}: over the {TRACE_CAP_S:.0f} s cap")
            continue
        if answer.get("photos") != n:
            raise RuntimeError(f"bench trace saw {answer.get('photos')} photos, expected {n}")
        out[request] = answer["trace"]
        total = answer["trace"].get("total_ms", {})
        log(f"  trace {n}: {request}: p50 {total.get('p50')} p95 {total.get('p95')} ms, "
            f"{len(answer['trace'].get('statements', []))} statements")
    return out, commands


def same_subjects(trace, subjects):
    """Whether the HTTP requests are about what the trace measured: the trace's photo lookup binds the middle photo
    and its deep page seeks after the id the `Link` cursor names."""
    def binds(request):
        statements = (trace.get(request) or {}).get("statements") or [{}]
        return statements[0].get("binds") or []
    deep_ok = subjects["deep_page"] == 1 or any(b and b in subjects["paths"]["deep"] for b in binds("deep")[1:])
    return {"photo": subjects["middle_photo"] in binds("photo"), "deep": deep_ok}


def measure_http(server, subjects, trace):
    out = {}
    for request in HTTP_REQUESTS:
        path = subjects["paths"][request]
        p50 = ((trace.get(request) or {}).get("total_ms") or {}).get("p50")
        if p50 is None:
            out[request] = {"path": path, "skipped": "the store's use case did not finish within the trace cap"}
            continue
        slow = p50 > 1000
        out[request] = dict(http_latency(server.port, path, uncached=True, budget_s=0 if slow else 2.0,
                                         min_n=2 if slow else 3, max_n=300), path=path)
        log(f"  http: {request}: p50 {out[request]['p50_ms']} p95 {out[request]['p95_ms']} ms (trace p50 {p50} ms)")
    return out


def data_size_mb(data):
    return round(sum(f.stat().st_size for f in data.glob("imagefeed*") if f.is_file()) / 1e6, 1)


def run_section(backend, data, database=None, pg=None):
    shutil.rmtree(data, ignore_errors=True)
    library = library_args(data, database)
    api_at = API_SCALE if API_SCALE in SCALES else min(SCALES, key=lambda s: abs(s - API_SCALE))
    result = {"backend": backend, "scales": {}, "seed": {}, "db_mb": {}, "per_page": PER_PAGE, "query": QUERY,
              "trace_repeat": TRACE_REPEAT, "trace_cap_s": TRACE_CAP_S}
    if pg:
        result.update(version=pg.version, server_options=pg.options, vacuum={})
    for n in SCALES:
        log(f"{backend}: seeding to {n:,}")
        seed = bench_seed(library, n)
        result["seed"][n] = seed
        log(f"  {seed['command']}: {seed}")
        if pg:
            result["vacuum"][n] = pg.vacuum_analyze()
        result["db_mb"][n] = pg.size_mb() if pg else data_size_mb(data)
        scale = {"n": n}
        scale["trace"], commands = trace_requests(library, n, explain=n == SCALES[-1])
        result["trace_command"] = commands["feed"].replace("--request feed", "--request REQUEST").replace(" --explain", "")
        with Server(data, 18091, database=database, name=f"{backend}-{n}") as server:
            result["server_command"] = server.command
            subjects = find_subjects(server, n)
            scale["subjects"] = dict(subjects, same_as_trace=same_subjects(scale["trace"], subjects))
            scale["http"] = measure_http(server, subjects, scale["trace"])
            scale["server"] = server.stats()
            if n == api_at and backend == "sqlite":
                save("api", api_section(server, n, subjects["paths"], backend))
        result["scales"][n] = scale
        save(f"scale_{backend}", result)


def section_sqlite():
    run_section("sqlite", WORK / "sqlite-data")


def section_postgres():
    with Postgres() as pg:
        run_section("postgres", WORK / "pg-data", database=pg.url, pg=pg)


# ---------------------------------------------------------------------------------------------------------
# Section 2: the API against nginx serving the identical bytes

def api_section(server, n, paths, backend):
    out = {"n": n, "backend": backend, "server_command": server.command, "endpoints": {}}
    static = WORK / "static-api"
    shutil.rmtree(static, ignore_errors=True)
    static.mkdir()
    names = ("feed", "deep", "photo", "search")
    for name in names:
        status, headers, body = fetch(server.port, paths[name])
        assert status == 200, (paths[name], status, body[:300])
        (static / f"{name}.json").write_bytes(body)
        out["endpoints"][name] = {"path": paths[name], "bytes": len(body)}
    # Search last: when it is slow, 64 abandoned requests keep the server busy long after wrk stops, so nothing is
    # measured on this server after it (the server is stopped right after).
    for name in names:
        cpu0 = server.stats()["cpu_s"]
        r = wrk(server.url(paths[name]))
        cpu1 = server.stats()["cpu_s"]
        r["server_cpu_s_per_1k"] = round((cpu1 - cpu0) / max(1, r.get("requests", 0)) * 1000, 3)
        out["endpoints"][name]["imagefeed"] = r
        log(f"  api {name}: {r['rps']:.0f} req/s p99 {r.get('p99_ms')} ms ({out['endpoints'][name]['bytes']} B)")
        if name == "photo":
            r["server_busy_after_s"] = wait_idle(server)
            out["server_after"] = server.stats()
            url = server.url(paths["feed"])
            out["profile"] = perf_process(server.proc.pid, lambda: wrk(url, seconds=5), f"wrk -t1 -c64 -d5s {url}")
        elif name != "search":
            r["server_busy_after_s"] = wait_idle(server)
    with Nginx(static) as nginx:
        out["nginx_command"] = nginx.command
        for name, case in out["endpoints"].items():
            case["nginx"] = wrk(nginx.url(f"{name}.json"))
            case["ratio"] = round(case["imagefeed"]["rps"] / case["nginx"]["rps"], 4) if case["nginx"]["rps"] else None
            log(f"  nginx {name}: {case['nginx']['rps']:.0f} req/s → ratio {case['ratio']}")
    return out


if __name__ == "__main__":
    {"sqlite": section_sqlite, "postgres": section_postgres}[sys.argv[1]]()
