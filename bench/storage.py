"""Section 6 (issue 17): cached renditions served from the S3-backed store against the local one.

    python3 bench/storage.py        (re-executes itself with the repository's venv, made here when missing)

The same photos (the first BENCH_STORAGE_PHOTOS of bench/work/corpus, default 40) are imported twice: into a local
library (`--data` only) and into an S3 bucket (`--storage s3://…`) on moto, an S3-compatible server on loopback
(PyPI `moto[server]`, in the repository's .venv, as scripts/test-s3.sh uses it). The renditions measured are, for
every photo, the feed's `urls.small` (made by the import) and BENCH_STORAGE_EXTRA (default `w=640&fm=jpg`, a size
nobody pre-renders; each node renders it once before anything is measured, the S3 node putting it in the bucket).

1. Warm cache: `wrk -t1 -c64` cycling through those URLs (bench/wrk-paths.lua) against the local node and against
   S3 node A, whose cache (its `--data`) holds every one, in turn, BENCH_STORAGE_ROUNDS times each (default 3; the
   median round of each is reported, as the two serve cached renditions by the same path); nginx serving the same bytes from disk, cycled the same
   way, is the reference. A's cache is filled by the warm-up (each URL once: `urls.small` fetched from the bucket,
   the extra size rendered): the copies the import left in its `--data` are dropped when A first starts, as by any
   node that has not followed the deletions' log. A's /metrics must show no rendition `fetched` or `rendered`
   during its wrk run: the bucket is not touched.
2. First read on a node: S3 node B, the same `--database` as A, an EMPTY `--data`, asked for each URL once, one
   request at a time: every answer is fetched from the bucket (what another node made). Against: the local node,
   restarted (nothing in memory), reading the same renditions from its disk cache (the page cache is warm:
   "cold-ish"), and moto's own GET of the very objects B fetched (presigned, so no signing is timed). BENCH_STORAGE_
   PASSES passes (default 3), node B's cache emptied and both servers restarted before each.
3. Check: after each pass, node B's /metrics must count every request `fetched` and none `rendered` or `shared`,
   its cache must hold no render source (a render fetches the mezzanine first), and its bytes must be node A's.
   Otherwise the section fails: it would have measured renders.

moto runs on core 0 with wrk and the client (it is idle during phase 1), the servers on core 1.
"""
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

BENCH_DIR = Path(__file__).resolve().parent
VENV = BENCH_DIR.parent / ".venv"
VENV_PY = VENV / "bin" / "python"
MOTO_VERSION = "5.2.5"   # as scripts/test-s3.sh


def ensure_venv():
    """The repository's venv with moto's server (as scripts/test-s3.sh makes it), made or completed when missing."""
    moto = VENV / "bin" / "moto_server"
    shown = subprocess.run([str(VENV / "bin" / "pip"), "show", "moto"], capture_output=True, text=True).stdout \
        if (VENV / "bin" / "pip").exists() else ""
    if moto.exists() and f"Version: {MOTO_VERSION}" in shown:
        return
    print(f"Installing moto[server]=={MOTO_VERSION} into {VENV}…", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", f"moto[server]=={MOTO_VERSION}"], check=True)


# moto's server and boto3 come from the venv: run there (after making it, when missing).
if Path(sys.prefix).resolve() != VENV.resolve():
    if os.environ.get("BENCH_STORAGE_REEXEC"):
        raise RuntimeError(f"{VENV_PY} did not run as the venv at {VENV}")
    ensure_venv()
    os.environ["BENCH_STORAGE_REEXEC"] = "1"
    os.execv(str(VENV_PY), [str(VENV_PY), __file__] + sys.argv[1:])
import boto3  # noqa: E402
from botocore.config import Config  # noqa: E402

sys.path.insert(0, str(BENCH_DIR))
from common import (BIN, CLIENT_CPUS, RESULTS, WORK, Nginx, Server, fetch, free_port, log, next_link,  # noqa: E402
                    pinned, quote, rel, save, summarize_ms, time_command, wrk)

PHOTOS = int(os.environ.get("BENCH_STORAGE_PHOTOS", "40"))
PASSES = int(os.environ.get("BENCH_STORAGE_PASSES", "3"))
EXTRA = os.environ.get("BENCH_STORAGE_EXTRA", "w=640&fm=jpg")
CORPUS = WORK / "corpus"           # bench/images.py's photographs (bench/corpus.sh)
ROOT = WORK / "storage"            # everything of this section; emptied at the start
PHOTO_DIR = ROOT / "photos"        # hard links to the first PHOTOS files of the corpus
LOCAL = ROOT / "local-data"        # the local library
NODE_A = ROOT / "s3-node-a"        # S3 node A's cache (the import's --data)
NODE_B = ROOT / "s3-node-b"        # S3 node B's cache, emptied before each pass
DATABASE = ROOT / "s3-library.sqlite"
STATIC = ROOT / "static"           # node A's answers, for nginx
BUCKET, PREFIX, REGION = "imagefeed-bench", "library", "us-east-1"
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench-secret"}
WRK_PATHS = BENCH_DIR / "wrk-paths.lua"
OUTCOMES = ("cached", "fetched", "rendered", "shared")
WARM_ROUNDS = int(os.environ.get("BENCH_STORAGE_ROUNDS", "3"))


class Moto:
    """moto's S3-compatible server on loopback (in memory), with the bucket made; stopped on exit."""

    def __init__(self, port=18120, cpus=CLIENT_CPUS):
        self.port = free_port(port)
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.cmd = pinned(cpus, [VENV / "bin" / "moto_server", "-H", "127.0.0.1", "-p", self.port])
        self.command = quote([rel(c) if "/" in str(c) else c for c in self.cmd])

    def __enter__(self):
        self.logfile = open(ROOT / "moto.log", "w")
        self.proc = subprocess.Popen(self.cmd, stdout=self.logfile, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:   # /moto-api/ answers once the server is up (scripts/test-s3.sh waits the same way)
            try:
                urllib.request.urlopen(f"{self.endpoint}/moto-api/", timeout=1).read()
                break
            except OSError:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.__exit__()
                    raise RuntimeError("moto_server did not start:\n" + (ROOT / "moto.log").read_text()[-2000:])
                time.sleep(0.2)
        self.s3 = boto3.client("s3", endpoint_url=self.endpoint, region_name=REGION,
                               aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
                               aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
                               config=Config(s3={"addressing_style": "path"}, signature_version="s3v4"))
        self.s3.create_bucket(Bucket=BUCKET)
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.logfile.close()

    def storage_url(self):
        return f"s3://{BUCKET}/{PREFIX}?endpoint={self.endpoint}&region={REGION}&style=path"

    def objects(self, under):
        keys, token = {}, None
        while True:
            more = {"ContinuationToken": token} if token else {}
            page = self.s3.list_objects_v2(Bucket=BUCKET, Prefix=under, **more)
            keys.update({o["Key"]: o["Size"] for o in page.get("Contents", [])})
            if not page.get("IsTruncated"):
                return keys
            token = page["NextContinuationToken"]

    def presigned(self, key):
        """The path and query of a presigned GET of `key`: a request moto accepts without signing anything now."""
        url = urlsplit(self.s3.generate_presigned_url("get_object", Params={"Bucket": BUCKET, "Key": key},
                                                      ExpiresIn=3600))
        return url.path + "?" + url.query


def corpus():
    subprocess.run([str(BENCH_DIR / "corpus.sh"), str(CORPUS), str(PHOTOS)], check=True)
    files = sorted(CORPUS.glob("*.jpg"))[:PHOTOS]
    PHOTO_DIR.mkdir(parents=True)
    for f in files:
        try:
            os.link(f, PHOTO_DIR / f.name)
        except OSError:
            shutil.copy(f, PHOTO_DIR / f.name)
    return files


def run_import(data, database=None, storage=None):
    cmd = [BIN, "import", PHOTO_DIR, "--user", "bench", "--data", data] \
        + (["--database", database] if database else []) + (["--storage", storage] if storage else [])
    env = dict(CREDENTIALS if storage else {}, IMAGEFEED_LOG_LEVEL="error")
    t = time_command([str(c) for c in cmd], env=env)
    if t["rc"] != 0 or f"Imported {PHOTOS} photos" not in t["stdout"]:
        raise RuntimeError(f"{quote(cmd)} failed:\n{t['stdout']}\n{t['stderr']}")
    shown = quote([f"{k}={v}" for k, v in env.items()] + [rel(c) if "/" in str(c) and "://" not in str(c) else c
                                                           for c in cmd])
    return {"command": short(shown), "wall_s": t["wall_s"],
            "summary": t["stdout"].strip().splitlines()[0]}


def short(command):
    """A command line as the report quotes it: paths from the repository (a SQLite URL needs an absolute one)."""
    return command.replace(f"sqlite://{ROOT.parent}/", "sqlite://$PWD/bench/work/").replace(f"{ROOT.parent}/",
                                                                                           "bench/work/")


def shown(server):
    return short(server.command)


def metrics(server):
    status, _, body = fetch(server.port, "/metrics")
    assert status == 200, status
    counts = dict.fromkeys(OUTCOMES, 0)
    pattern = r'^imagefeed_renditions_total\{outcome="(\w+)"\} ([\d.e+]+)$'
    for outcome, value in re.findall(pattern, body.decode(), re.M):
        counts[outcome] = int(float(value))
    return counts


def followed(data, timeout=60):
    """Waits for an S3 node's first reading of the deletions' log (its `removals-followed` checkpoint). A node that
    has not followed the log before empties its rendition cache first, so nothing is asked of it until then: a
    rendition cached before that would be dropped under the measurement."""
    deadline = time.time() + timeout
    while not (Path(data) / "removals-followed").exists():
        if time.time() > deadline:
            raise RuntimeError(f"no {data}/removals-followed {timeout} s after the start")
        time.sleep(0.05)


def delta(after, before):
    return {k: after[k] - before[k] for k in OUTCOMES}


def feed_photos(server):
    """Every photo of the library through the feed (newest first, `Link: rel="next"`): its id and `urls.small`."""
    photos, path = [], "/photos?per_page=30"
    while path and len(photos) < PHOTOS:
        status, headers, body = fetch(server.port, path)
        assert status == 200, (path, status, body[:300])
        photos += [(p["id"], p["urls"]["small"]) for p in json.loads(body)]
        path = next_link(headers)
    if len(photos) != PHOTOS:
        raise RuntimeError(f"the feed of {server.name} lists {len(photos)} photos, expected {PHOTOS}")
    return photos


def rendition_urls(photos):
    """(kind, path) of every measured rendition: each photo's `urls.small`, then each photo's EXTRA size."""
    small = [("small", urlsplit(u).path + "?" + urlsplit(u).query) for _, u in photos]
    return small + [("extra", f"/img/{pid}?{EXTRA}") for pid, _ in photos]


def sequential(port, paths, check=None):
    """Each path once, in order, one request at a time on one keep-alive connection: (ms, bytes) per path."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    out = []
    for path in paths:
        t0 = time.perf_counter()
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        resp = conn.getresponse()
        body = resp.read()
        ms = (time.perf_counter() - t0) * 1000
        if resp.status != 200:
            raise RuntimeError(f"GET {path} on port {port}: {resp.status} {body[:300]!r}")
        if check:
            check(path, resp, body)
        out.append((ms, body))
    conn.close()
    return out


def is_jpeg(path, resp, body):
    if resp.getheader("Content-Type") != "image/jpeg" or not body.startswith(b"\xff\xd8"):
        raise RuntimeError(f"GET {path}: not a JPEG ({resp.getheader('Content-Type')}, {len(body)} bytes)")


def by_kind(urls, samples):
    out = {}
    for kind in ("small", "extra", "all"):
        ms = [s for (k, _), s in zip(urls, samples) if kind == "all" or k == kind]
        out[kind] = summarize_ms(ms)
    return out


def write_paths(name, paths):
    f = ROOT / f"{name}.paths"
    f.write_text("\n".join(paths) + "\n")
    return f


def wrk_paths(server_url, paths_file):
    r = wrk(server_url, script=WRK_PATHS, script_args=[paths_file])
    r["command"] = short(r["command"])
    return r


def warm_node(server, label):
    """The node's URLs, each asked for once (the EXTRA size is rendered now): its answers, the time of each, and the
    rendition outcomes it counted."""
    before = metrics(server)
    urls = rendition_urls(feed_photos(server))
    answers = sequential(server.port, [p for _, p in urls], check=is_jpeg)
    warm = {"outcomes": delta(metrics(server), before), "ms": by_kind(urls, [ms for ms, _ in answers]),
            "bytes": {kind: sum(len(b) for (k, _), (_, b) in zip(urls, answers) if k == kind)
                      for kind in ("small", "extra")}}
    log(f"  {label}: warmed {len(urls)} URLs, outcomes {warm['outcomes']}, EXTRA first request p50 "
        f"{warm['ms']['extra']['p50_ms']} ms")
    return urls, [b for _, b in answers], warm


def phase_warm(result, storage_url, local_urls_out):
    """Phase 1: wrk over every URL on the local node, on S3 node A with a warm cache, and nginx with the same bytes.
    The two nodes serve cached renditions by the same path, so their difference is within the machine's noise:
    they are measured in turn, WARM_ROUNDS times each, and each one's median round is reported."""
    out = result["warm"] = {}
    with Server(LOCAL, 18111, name="storage-local") as local, \
            Server(NODE_A, 18112, database=f"sqlite://{DATABASE}", args=["--storage", storage_url], env=CREDENTIALS,
                   name="storage-s3-a") as node:
        result["local_server_command"] = shown(local)
        result["s3_server_command"] = shown(node)
        urls, bodies, out["local_warmup"] = warm_node(local, "local node")
        local_urls_out.extend(urls)
        local_bytes = sorted(len(b) for b in bodies)
        local_paths = write_paths("local", [p for _, p in urls])
        followed(NODE_A)
        urls, bodies, out["s3_warmup"] = warm_node(node, "S3 node A")
        s3_paths = write_paths("s3", [p for _, p in urls])
        rounds = {"local": [], "s3": []}
        for _ in range(WARM_ROUNDS):
            for key, server, paths in (("local", local, local_paths), ("s3", node, s3_paths)):
                before = metrics(server)
                run = dict(wrk_paths(server.url("/"), paths), server=server.stats())
                run["outcomes"] = delta(metrics(server), before)
                rounds[key].append(run)
        for key, label in (("local", "local node"), ("s3", "S3 node A, warm cache")):
            runs = sorted(rounds[key], key=lambda run: run["rps"])
            out[key] = dict(runs[len(runs) // 2], rounds_rps=[round(run["rps"]) for run in rounds[key]])
            out[key]["outcomes"] = {k: sum(run["outcomes"][k] for run in runs) for k in OUTCOMES}
            log(f"  {label}: {out[key]['rps']:.0f} req/s (rounds {out[key]['rounds_rps']}), p99 "
                f"{out[key].get('p99_ms')} ms, outcomes during wrk {out[key]['outcomes']}")
        if out["s3"]["outcomes"]["fetched"] or out["s3"]["outcomes"]["rendered"]:
            raise RuntimeError(f"S3 node A went to the bucket under wrk: {out['s3']['outcomes']}")
    out["same_bytes_as_local"] = sorted(len(b) for b in bodies) == local_bytes
    # nginx: node A's answers as files, requested in the same order.
    STATIC.mkdir()
    names = []
    for i, ((kind, _), body) in enumerate(zip(urls, bodies)):
        names.append(f"/{i:03d}-{kind}.jpg")
        (STATIC / names[-1][1:]).write_bytes(body)
    with Nginx(STATIC) as nginx:
        result["nginx_command"] = nginx.command
        out["nginx"] = wrk_paths(nginx.url(""), write_paths("nginx", names))
        log(f"  nginx, same bytes: {out['nginx']['rps']:.0f} req/s, p99 {out['nginx'].get('p99_ms')} ms")
    for key in ("local", "s3"):
        out[key]["ratio_nginx"] = round(out[key]["rps"] / out["nginx"]["rps"], 3) if out["nginx"]["rps"] else None
    out["ratio_s3_local"] = round(out["s3"]["rps"] / out["local"]["rps"], 3) if out["local"]["rps"] else None
    out["urls"] = len(urls)
    out["bytes"] = sum(len(b) for b in bodies)
    return urls, bodies


def phase_first_read(result, moto, storage_url, s3_urls, s3_bodies, local_urls):
    """Phases 2 and 3: node B (empty cache) fetching every URL from the bucket, against the local node reading them
    from disk in a fresh process, and moto's own GET of the same objects."""
    samples = {"local": [], "fetched": [], "moto": []}
    checks = []
    expected = dict(zip((p for _, p in s3_urls), s3_bodies))
    for n in range(PASSES):
        with Server(LOCAL, 18113, name="storage-local-cold") as local:
            result["local_cold_server_command"] = shown(local)
            fetch(local.port, "/readyz")
            before = metrics(local)
            answers = sequential(local.port, [p for _, p in local_urls], check=is_jpeg)
            samples["local"].append([ms for ms, _ in answers])
            outcomes = delta(metrics(local), before)
            if outcomes["cached"] < len(local_urls) or outcomes["rendered"] or outcomes["fetched"]:
                raise RuntimeError(f"pass {n + 1}: the local node did not read every rendition from its cache: "
                                   f"{outcomes}")
        shutil.rmtree(NODE_B, ignore_errors=True)
        with Server(NODE_B, 18114, database=f"sqlite://{DATABASE}", args=["--storage", storage_url],
                    env=CREDENTIALS, name="storage-s3-b") as node:
            result["s3_b_server_command"] = shown(node)
            followed(NODE_B)
            fetch(node.port, "/readyz")   # the database and the bucket answer once before anything is timed
            before = metrics(node)

            def same_as_a(path, resp, body):
                is_jpeg(path, resp, body)
                if body != expected[path]:
                    raise RuntimeError(f"node B's answer to {path} is not node A's ({len(body)} bytes vs "
                                       f"{len(expected[path])})")
            answers = sequential(node.port, [p for _, p in s3_urls], check=same_as_a)
            samples["fetched"].append([ms for ms, _ in answers])
            outcomes = delta(metrics(node), before)
        # Phase 3: what node B did, from its own counters and its cache folder.
        cached = sorted(p for p in (NODE_B / "renditions").rglob("*") if p.is_file())
        sources = [p for p in cached if p.name.startswith("source-")]
        check = {"pass": n + 1, "requests": len(s3_urls), "outcomes": outcomes, "files_in_cache": len(cached),
                 "render_sources_in_cache": len(sources)}
        checks.append(check)
        log(f"  pass {n + 1}: node B {outcomes}, {len(cached)} files in its cache; local p50 "
            f"{by_kind(local_urls, samples['local'][-1])['all']['p50_ms']} ms, fetched p50 "
            f"{by_kind(s3_urls, samples['fetched'][-1])['all']['p50_ms']} ms")
        if outcomes["fetched"] != len(s3_urls) or outcomes["rendered"] or outcomes["shared"] or sources \
                or len(cached) != len(s3_urls):
            raise RuntimeError(f"pass {n + 1}: node B's first reads were not all fetched from the bucket: {check}. "
                               "This would measure renders, not the store; nothing is reported.")
        # moto alone: a GET of each object node B fetched, presigned beforehand, in the same order.
        # Its cache mirrors the bucket's keys (renditions/<id[0:2]>/<id>/<key>): each URL's object is the file of
        # its photo holding the same bytes.
        objects = moto.objects(f"{PREFIX}/renditions/")
        files_of = {}
        for f in cached:
            files_of.setdefault(f.parent.name, []).append(f)
        order = []
        for _, path in s3_urls:
            body = expected[path]
            match = [f for f in files_of.get(urlsplit(path).path.rsplit("/", 1)[1], []) if f.read_bytes() == body]
            key = f"{PREFIX}/{match[0].relative_to(NODE_B).as_posix()}" if match else None
            if key not in objects:
                raise RuntimeError(f"no object in the bucket for node B's answer to {path} ({key})")
            order.append(key)
        signed = [moto.presigned(k) for k in order]
        samples["moto"].append([ms for ms, _ in sequential(moto.port, signed)])
    flat = lambda runs: [ms for run in runs for ms in run]
    urls_all = s3_urls * PASSES
    result["first_read"] = {
        "passes": PASSES, "requests_per_pass": len(s3_urls), "checks": checks,
        "local": by_kind(local_urls * PASSES, flat(samples["local"])),
        "fetched": by_kind(urls_all, flat(samples["fetched"])),
        "moto": by_kind(urls_all, flat(samples["moto"])),
        "moto_example": "GET " + re.sub(r"\?.*", "?X-Amz-Algorithm=AWS4-HMAC-SHA256&… (presigned)", signed[0]),
    }


def main():
    started = time.time()
    (RESULTS / "storage.json").unlink(missing_ok=True)   # a failed run leaves no figures of an earlier one
    shutil.rmtree(ROOT, ignore_errors=True)
    ROOT.mkdir(parents=True)
    files = corpus()
    if len(files) != PHOTOS:
        raise RuntimeError(f"the corpus has {len(files)} photos, BENCH_STORAGE_PHOTOS asks for {PHOTOS} "
                           "(bench/corpus.sh makes two from each wallpaper it finds)")
    result = {"photos": PHOTOS, "extra": EXTRA, "passes": PASSES,
              "corpus_mb": round(sum(f.stat().st_size for f in files) / 1e6, 1)}
    with Moto() as moto:
        result["moto"] = {"version": MOTO_VERSION, "command": moto.command, "endpoint": moto.endpoint}
        storage_url = moto.storage_url()
        result["storage_url"] = storage_url
        log(f"storage: moto at {moto.endpoint}; importing {PHOTOS} photos into a local library and into the bucket")
        result["import_local"] = run_import(LOCAL)
        result["import_s3"] = run_import(NODE_A, f"sqlite://{DATABASE}", storage_url)
        objects = moto.objects(f"{PREFIX}/")
        result["bucket_after_import"] = {kind: sum(1 for k in objects if k.startswith(f"{PREFIX}/{kind}/"))
                                         for kind in ("originals", "mezzanines", "renditions")}
        result["bucket_after_import"]["mb"] = round(sum(objects.values()) / 1e6, 1)
        local_urls = []
        s3_urls, s3_bodies = phase_warm(result, storage_url, local_urls)
        phase_first_read(result, moto, storage_url, s3_urls, s3_bodies, local_urls)
        objects = moto.objects(f"{PREFIX}/renditions/")
        result["bucket_renditions_at_end"] = len(objects)
    result["section_s"] = round(time.time() - started, 1)
    save("storage", result)
    w, f = result["warm"], result["first_read"]
    log(f"storage: warm S3 {w['s3']['rps']:.0f} req/s = {w['ratio_s3_local']}× local ({w['local']['rps']:.0f}); "
        f"first read fetched p50 {f['fetched']['all']['p50_ms']} ms vs local disk {f['local']['all']['p50_ms']} ms, "
        f"moto GET {f['moto']['all']['p50_ms']} ms; {result['section_s']} s")


if __name__ == "__main__":
    main()
