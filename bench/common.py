"""Shared helpers of the benchmark scripts: paths, processes (server, nginx, PostgreSQL), wrk and HTTP timing.

Python 3 standard library only. Every measured command line is returned with its result so that RESULTS.md can
quote it exactly.
"""
import http.client
import json
import os
import re
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO / "e2e"))
import harness  # noqa: E402  (the e2e harness: one way to run `imagefeed serve`, standard library only)

WORK = BENCH / "work"
RESULTS = WORK / "results"
LOGS = WORK / "logs"
LUA = BENCH / "wrk-report.lua"
# The one binary every section runs: built by run.sh with `--traits PostgreSQL`, so SQLite and PostgreSQL are
# measured with the same build.
BIN = os.path.abspath(os.environ.get("IMAGEFEED_BIN") or str(REPO / ".build/release/imagefeed"))
WRK_SECONDS = int(os.environ.get("BENCH_WRK_SECONDS", "8"))
CORES = os.cpu_count() or 1
# As in the anchors: the server (or nginx) on core 1, wrk on core 0. With one core nothing is pinned.
SERVER_CPUS = "1" if CORES >= 2 else None
CLIENT_CPUS = "0" if CORES >= 2 else None
# ImageMagick from Debian; a stand-in `convert` may come first on PATH.
CONVERT = "/usr/bin/convert" if Path("/usr/bin/convert").exists() else "convert"

for folder in (WORK, RESULTS, LOGS):
    folder.mkdir(parents=True, exist_ok=True)


def log(*parts):
    print(time.strftime("%H:%M:%S"), *parts, flush=True)


def quote(cmd):
    return " ".join(shlex.quote(str(c)) for c in cmd)


def rel(path):
    """A path relative to the repository, for command lines in the report."""
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def pinned(cpus, cmd):
    return (["taskset", "-c", cpus] if cpus else []) + [str(c) for c in cmd]


def output(cmd, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, **kw).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def save(name, data):
    (RESULTS / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True))


def load(name):
    path = RESULTS / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def free_port(preferred):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", preferred))
            return preferred
        except OSError:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]


def wait_port(port, proc=None, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def proc_status(pid):
    """Peak and current resident set (MB) of a process, from /proc (VmHWM is what time(1) reports as %M)."""
    fields = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS", "Threads"):
                fields[key] = int(value.split()[0])
    except OSError:
        return {}
    return {"peak_rss_mb": round(fields.get("VmHWM", 0) / 1024, 1), "rss_mb": round(fields.get("VmRSS", 0) / 1024, 1),
            "threads": fields.get("Threads")}


def proc_tree_cpu(pid):
    """CPU seconds (user+system) of a process and all its threads."""
    try:
        parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Server:
    """`imagefeed serve` on loopback with the rate limit lifted and logging off the hot path: the e2e harness's
    launcher (e2e/harness), pinned to `cpus`, its log in bench/work/logs."""

    def __init__(self, data, port, database=None, binary=None, cpus=SERVER_CPUS, name="server", args=(), env=None):
        self.data, self.database, self.name = str(data), database, name
        # Both rate limits lifted: the API's and /img's (36,000 an hour by default, reached within a second of wrk).
        self.env = {"IMAGEFEED_RATE_LIMIT": "100000000", "IMAGEFEED_IMAGE_RATE_LIMIT": "100000000",
                    "IMAGEFEED_LOG_LEVEL": "error", **(env or {})}
        port = free_port(port)
        self.server = harness.Server(
            data=self.data, folder=WORK, port=port, binary=binary or BIN, prefix=pinned(cpus, []), name=name,
            arguments=(["--database", database] if database else []) + [str(arg) for arg in args],
            environment=self.env, log_level=None, log=LOGS / f"{name}-{port}.log", start_timeout=180)

    @property
    def port(self):
        return self.server.port

    @property
    def proc(self):
        return self.server.process

    @property
    def cmd(self):
        return self.server.command()

    @property
    def command(self):
        return quote([f"{k}={v}" for k, v in self.env.items()] +
                     [rel(c) if "/" in str(c) and "://" not in str(c) else c for c in self.cmd])

    def start(self, timeout=180):
        self.server.start_timeout = timeout
        self.server.start()
        return self

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def stats(self):
        return dict(proc_status(self.proc.pid), cpu_s=proc_tree_cpu(self.proc.pid))

    def stop(self):
        self.server.stop()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


class Nginx:
    """nginx serving a folder of static files as in the anchors: one worker, sendfile, open_file_cache, no log."""

    def __init__(self, root, port=18088, cpus=SERVER_CPUS, locations=""):
        """`locations`: more of the server block (`location` blocks), for a section that needs nginx to do more
        than serve files (the Firebase section's WebDAV PUT)."""
        self.root = Path(root).resolve()
        self.port = free_port(port)
        self.prefix = WORK / "nginx"
        self.prefix.mkdir(exist_ok=True)
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.prefix / "tmp" / sub).mkdir(parents=True, exist_ok=True)
        user = "user root;\n" if os.geteuid() == 0 else ""
        tmp = self.prefix / "tmp"
        self.conf = self.prefix / "nginx.conf"
        self.conf.write_text(f"""{user}worker_processes 1;
daemon off;
pid {self.prefix}/nginx.pid;
error_log {self.prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 65;
    keepalive_requests 100000000;
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 60s;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    server {{
        listen 127.0.0.1:{self.port};
        root {self.root};
{locations}
    }}
}}
""")
        self.cmd = pinned(cpus, ["nginx", "-c", self.conf, "-p", self.prefix])

    @property
    def command(self):
        return quote([rel(c) if "/" in str(c) else c for c in self.cmd]) + f"  # {rel(self.conf)}"

    def url(self, name):
        return f"http://127.0.0.1:{self.port}/{name}"

    def __enter__(self):
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=open(LOGS / "nginx.log", "w"))
        if not wait_port(self.port, self.proc, 20):
            raise RuntimeError("nginx did not start: " + (LOGS / "nginx.log").read_text())
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: master waits for its worker
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def wait_idle(server, limit=120):
    """Waits until the server stops burning CPU (requests wrk abandoned may still be running); returns seconds."""
    t0 = time.time()
    last = proc_tree_cpu(server.proc.pid)
    while time.time() - t0 < limit:
        time.sleep(0.5)
        now = proc_tree_cpu(server.proc.pid)
        if now - last < 0.05:
            break
        last = now
    return round(time.time() - t0, 1)


def wrk(url, connections=64, seconds=None, threads=1, cpus=CLIENT_CPUS, timeout="10s", script=LUA, script_args=()):
    """One wrk run; returns req/s, the latency percentiles, error counts and the command line. `script` must print
    wrk-report.lua's WRKJSON line (wrk-paths.lua loads it); `script_args` go after `--`."""
    seconds = seconds or WRK_SECONDS
    cmd = pinned(cpus, ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", timeout,
                        "-s", script, url] + (["--", *script_args] if script_args else []))
    run = subprocess.run(cmd, capture_output=True, text=True)
    result = {"command": quote([rel(c) if str(c).startswith("/") else c for c in cmd])}
    m = re.search(r"Requests/sec:\s+([\d.]+)", run.stdout)
    result["rps"] = float(m.group(1)) if m else 0.0
    m = re.search(r"^WRKJSON (.*)$", run.stdout, re.M)
    if m:
        result.update(json.loads(m.group(1)))
    result["errors"] = sum(result.get(k, 0) for k in ("connect_errors", "read_errors", "write_errors", "timeouts",
                                                      "non2xx"))
    if not m:
        result["stderr"] = (run.stderr or run.stdout)[-500:]
    return result


def fetch(port, path, host=None, headers=None, timeout=600):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", path, headers=dict({"Host": host or f"127.0.0.1:{port}"}, **(headers or {})))
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp.status, dict(resp.getheaders()), body


def header(headers, name):
    return next((v for k, v in headers.items() if k.lower() == name.lower()), None)


def next_link(headers):
    """The path and query of `Link: rel="next"`, as a client following it requests it; None on the last page."""
    m = re.search(r'<([^>]+)>;\s*rel="next"', header(headers, "Link") or "")
    if not m:
        return None
    url = urlsplit(m.group(1))
    return url.path + ("?" + url.query if url.query else "")


def percentile(values, q):
    """Nearest-rank percentile of a list of numbers."""
    if not values:
        return None
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(round(q / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]


def summarize_ms(samples):
    return {"n": len(samples), "p50_ms": round(percentile(samples, 50), 3), "p95_ms": round(percentile(samples, 95), 3),
            "mean_ms": round(statistics.fmean(samples), 3), "min_ms": round(min(samples), 3),
            "max_ms": round(max(samples), 3)}


def timed_loop(fn, budget_s=2.0, min_n=5, max_n=300, warmup=1):
    """Calls fn repeatedly (after `warmup` calls) until the time budget or max_n is used; returns ms samples."""
    for _ in range(warmup):
        fn()
    samples = []
    start = time.perf_counter()
    while len(samples) < max_n and (len(samples) < min_n or time.perf_counter() - start < budget_s):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return samples


def http_latency(port, path, budget_s=2.0, min_n=5, max_n=300, uncached=False):
    """Sequential requests on one keep-alive connection; latency samples in ms (client included, ~0.1 ms).
    With `uncached`, every request carries a distinct ignored parameter (`bench_nocache=k`), so the server's
    response cache never answers and each sample pays for the queries and the encoding."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    status = []
    counter = iter(range(10**9))

    def one():
        target = path
        if uncached:
            target += ("&" if "?" in path else "?") + f"bench_nocache={next(counter)}"
        conn.request("GET", target, headers={"Host": f"127.0.0.1:{port}"})
        resp = conn.getresponse()
        resp.read()
        status.append(resp.status)

    samples = timed_loop(one, budget_s, min_n, max_n)
    conn.close()
    result = summarize_ms(samples)
    result["status"] = sorted(set(status))
    return result


def time_command(cmd, env=None, cwd=None, shell=False):
    """Runs a command under /usr/bin/time -f '%e %U %S %M'; returns wall, user, sys, max RSS (MB) and output."""
    tfile = WORK / "time.out"
    full = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", str(tfile)] + (["bash", "-c", cmd] if shell else cmd)
    run = subprocess.run(full, capture_output=True, text=True, env=dict(os.environ, **(env or {})), cwd=cwd)
    last = tfile.read_text().strip().splitlines()[-1].split()
    return {"wall_s": float(last[0]), "user_s": float(last[1]), "sys_s": float(last[2]),
            "peak_rss_mb": round(int(last[3]) / 1024, 1), "rc": run.returncode, "stdout": run.stdout[-3000:],
            "stderr": run.stderr[-3000:]}


class Postgres:
    """A throwaway PostgreSQL server (the approach of scripts/test-postgres.sh, on its own port). The schema is the
    product's: `imagefeed` runs its migrations when it opens the database."""

    def __init__(self, port=54339):
        self.port = port
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: [int(x) for x in re.findall(r"\d+", p.parent.name)])
        if not bins:
            raise RuntimeError("PostgreSQL server binaries not found (apt-get install postgresql)")
        self.bin = bins[-1]
        self.work = WORK / "pg"
        self.url = f"postgres://postgres@127.0.0.1:{port}/postgres?sslmode=disable"
        self.version = output([str(self.bin / "postgres"), "--version"])

    def as_owner(self, cmd):
        return (["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []) + [str(c) for c in cmd]

    def __enter__(self):
        self.stop_stale()
        shutil.rmtree(self.work, ignore_errors=True)
        self.work.mkdir(parents=True)
        if os.geteuid() == 0:
            shutil.chown(self.work, "postgres")
        subprocess.run(self.as_owner([self.bin / "initdb", "-D", self.work / "data", "-U", "postgres", "--auth=trust",
                                      "--no-sync", "-E", "UTF8", "--locale=C"]), check=True, capture_output=True)
        # Defaults otherwise (shared_buffers 128 MB), as in the anchors; durability off as in the test script.
        self.options = (f"-p {self.port} -k {self.work} -c listen_addresses=127.0.0.1 -c fsync=off "
                        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        subprocess.run(self.as_owner([self.bin / "pg_ctl", "-D", self.work / "data", "-l", self.work / "server.log",
                                      "-w", "-t", "60", "-o", self.options, "start"]), check=True, capture_output=True)
        return self

    def stop_stale(self):
        if (self.work / "data" / "postmaster.pid").exists():
            subprocess.run(self.as_owner([self.bin / "pg_ctl", "-D", self.work / "data", "-m", "immediate", "stop"]),
                           capture_output=True)

    def __exit__(self, *exc):
        subprocess.run(self.as_owner([self.bin / "pg_ctl", "-D", self.work / "data", "-m", "fast", "stop"]),
                       capture_output=True)
        shutil.rmtree(self.work, ignore_errors=True)

    def vacuum_analyze(self):
        """`vacuumdb --analyze`: what autovacuum does within a minute or two of a bulk load (statistics for the
        planner, the GIN pending list merged), done at once so the plans do not depend on when it woke up."""
        cmd = ["vacuumdb", "--analyze", "--quiet", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
               "postgres"]
        t0 = time.time()
        subprocess.run(cmd, check=True, capture_output=True)
        return {"command": quote(cmd), "seconds": round(time.time() - t0, 1)}

    def sql(self, statement, database="postgres"):
        """One statement through psql; its output, trimmed."""
        return subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", database,
                               "-Atc", statement], check=True, capture_output=True, text=True).stdout.strip()

    def create_database(self, name):
        """A new empty database on this server; its URL."""
        self.sql(f"CREATE DATABASE {name}")
        return self.url.replace("/postgres?", f"/{name}?")

    def database_bytes(self, name="postgres"):
        """One database's tables and indexes (`pg_database_size`), without the cluster's WAL."""
        return int(self.sql(f"SELECT pg_database_size('{name}')"))

    def relation_sizes(self, name="postgres"):
        """Each table's and index's own bytes in one database (`pg_relation_size`, TOAST and free-space maps aside),
        largest first: [{"name", "kind" ("table" or "index"), "bytes"}]."""
        rows = self.sql("SELECT c.relname, c.relkind, pg_relation_size(c.oid) FROM pg_class c "
                        "JOIN pg_namespace n ON n.oid = c.relnamespace "
                        "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') ORDER BY 3 DESC", database=name)
        return [{"name": n, "kind": "index" if k == "i" else "table", "bytes": int(b)}
                for n, k, b in (line.split("|") for line in rows.splitlines() if line)]

    def size_mb(self):
        """The cluster's files on disk (tables, indexes, WAL)."""
        return round(sum(f.stat().st_size for f in (self.work / "data").rglob("*") if f.is_file()) / 1e6, 1)


# ---------------------------------------------------------------------------------------------------------
# The product's own benchmark commands (`imagefeed bench --help`)

def sqlite_relation_sizes(path):
    """Each table's and index's bytes in an SQLite database (its `dbstat` table), largest first, in the shape of
    `Postgres.relation_sizes`; the full-text index's shadow tables are named as they are."""
    import sqlite3
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        kinds = dict(db.execute("SELECT name, type FROM sqlite_schema"))
        rows = db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC").fetchall()
    finally:
        db.close()
    return [{"name": n, "kind": "index" if kinds.get(n) == "index" or n.startswith("sqlite_autoindex") else "table",
             "bytes": b} for n, b in rows]


def library_args(data, database=None):
    return ["--data", str(data)] + (["--database", database] if database else [])


def bench_command(args, cpus=None, timeout=None):
    """Runs `imagefeed bench …` and returns its JSON answer, with the command line (as the report quotes it)."""
    cmd = pinned(cpus, [BIN, "bench", *args])
    shown = quote([rel(c) if "/" in str(c) and "://" not in str(c) else c for c in cmd])
    t0 = time.time()
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=WORK, timeout=timeout,
                             env=dict(os.environ, IMAGEFEED_LOG_LEVEL="error"))
    except subprocess.TimeoutExpired:
        return {"command": shown, "timeout_s": timeout}
    if run.returncode != 0:
        raise RuntimeError(f"{shown} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    answer = json.loads(run.stdout)
    answer["command"] = shown
    answer["wall_s"] = round(time.time() - t0, 2)
    return answer


def bench_seed(library, photos):
    """`imagefeed bench seed`: grows the library to `photos` synthetic photos through the store."""
    return bench_command(["seed", "--photos", str(photos), *library])


def bench_trace(library, request, repeat, explain=False, cpus=SERVER_CPUS, timeout=None, **options):
    """`imagefeed bench trace` of one request: the store's statements for it, timed by the store's observer."""
    args = ["trace", *library, "--request", request, "--repeat", str(repeat)]
    for key, value in options.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    answer = bench_command(args + (["--explain"] if explain else []), cpus=cpus, timeout=timeout)
    if "requests" in answer:
        answer["trace"] = answer.pop("requests")[request]
    return answer


# ---------------------------------------------------------------------------------------------------------
# Profiles

def perf_process(pid, workload, label, frequency=999):
    """`perf record -g` of a running process while `workload()` runs; the report by DSO and by symbol. None
    without perf."""
    if not shutil.which("perf"):
        return None
    data = WORK / "perf-process.data"
    rec = subprocess.Popen(["perf", "record", "-F", str(frequency), "-g", "-p", str(pid), "-o", str(data)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    try:
        workload()
    finally:
        rec.send_signal(signal.SIGINT)
        rec.wait(30)
    return dict(perf_report(data), command=f"perf record -F {frequency} -g -p <server pid> during {label}")


def perf_report(data, percent=1.2):
    # Lines as perf prints them, without its padding and empty trailing columns ("-      -").
    keep = lambda text: "\n".join(re.sub(r"(\s+-)*\s*$", "", l) for l in text.splitlines()
                                  if l.strip() and not l.startswith("#"))[:5000]
    dsos = output(["perf", "report", "-i", str(data), "--no-children", "--sort", "dso", "--stdio", "-g", "none",
                   "--percent-limit", "1"])
    syms = output(["perf", "report", "-i", str(data), "--no-children", "--sort", "dso,symbol", "--stdio", "-g",
                   "none", "--percent-limit", str(percent)])
    return {"by_dso": keep(dsos), "top_symbols": keep(syms)}
