"""Writes bench/RESULTS.md from bench/work/results/*.json (replaced on each run; never edit it by hand).

The report holds measured facts only. Every hand-written explanation (why a goal is unmet, what was done about
it, why the method is what it is) lives in bench/NOTES.md under a key, and the report quotes it: a goal's note
when the goal is unmet, a section's note at the top of the section.

Any subset of the results may be missing (a partial run such as `bench/run.sh machine import renditions` on a
fresh clone, a section that failed, results left by an older bench): each section then says it was not measured,
and its goals read "not measured".

    python3 bench/report.py [SECONDS]      # SECONDS: how long the run took (run.sh passes it)
"""
import os
import re
import sys
import time
import traceback

from common import BENCH, RESULTS, load

NOTES_FILE = BENCH / "NOTES.md"
GOAL_SCALE = 1_000_000   # the size the DB-scale goals (section 4) are judged at …
RATIO_BASE = 100_000     # … against this size's p95, measured in the same run (issue 33: ratios, not milliseconds)
# (request, most its p95 may grow, what it is)
SCALE_RATIO_GOALS = (("feed", 1.3, "feed page"), ("deep", 1.3, "deep page"), ("search", 2, "search"))
SCALE10_REQUESTS = (
    ("feed", 1.3, "feed's first page"), ("deep", 1.3, "feed's deep page"), ("photo", 1.3, "photo"),
    ("search", 2, "search for a common word"), ("search_rare", 2, "search for a rare word"), ("tag", 1.3, "tag"),
    ("near", 1.3, "near-me search"), ("likes", 1.3, "member's likes"), ("album", 1.3, "album"),
)
# The requests of section 10 that `bench/scale.py` also traces (`imagefeed bench trace`), and what they are.
SCALE10_TRACED = (("feed", "feed's first page"), ("deep", "feed's deep page"), ("photo", "photo"),
                  ("search", "search for a common word"), ("search_rare", "search for a rare word"))

# run.sh's sections, the result files each one writes, and what the report calls it.
SECTIONS = [
    ("machine", ["machine"], "Machine"),
    ("import", ["import"], "§1 Import throughput"),
    ("renditions", ["renditions"], "§3 Renditions"),
    ("sqlite", ["scale_sqlite", "api"], "§2 API against nginx, §4 scale on SQLite"),
    ("postgres", ["scale_postgres"], "§4 scale on PostgreSQL"),
    ("web", ["web"], "§5 Web"),
    ("storage", ["storage"], "§6 Storage: S3 against local"),
    ("firebase", ["firebase"], "§7 Firebase: sign-in and 1 MB Storage"),
    ("database", ["database"], "§8 Realtime Database"),
    ("databasews", ["database-ws"], "§9 Realtime Database over the SDKs' WebSocket protocol"),
    ("scale", ["scale10_sqlite", "scale10_postgres"], "§10 Scale as ratios: a small and a large library"),
]


class Goal:
    """One line of the goals table: what is asked, what was measured, the reference measured beside it."""

    def __init__(self, key, result, text, note=None, profile=None):
        self.key, self.result, self.text = key, result, text
        self.note = note or key
        self.profile = profile          # (result name, field) of the perf profile that explains it
        self.measured = self.reference = None
        self.met = None                 # None: not measured

    def set(self, measured, reference, met, why_unmeasured=None):
        self.measured, self.reference = measured, reference
        self.met = None if why_unmeasured else bool(met)
        self.why_unmeasured = why_unmeasured


def goal_list():
    goals = [
        Goal("import-vips", "import", "Import ≥ 1.0× vipsthumbnail writing the same files", profile=("import", "profile")),
        Goal("import-rss", "import", "Import peak RSS ≤ 150 MB", profile=("import", "profile")),
        Goal("img-cached-400", "renditions", "Cached `/img` w=400 ≥ 0.5× nginx serving the same file", "img-cached",
             ("renditions", "profile_cached")),
        Goal("img-cached-1080", "renditions", "Cached `/img` w=1080 ≥ 0.5× nginx serving the same file", "img-cached",
             ("renditions", "profile_cached")),
        Goal("img-uncached-1080", "renditions", "Uncached `w=1080` from a 12 MP JPEG: p50 ≤ 100 ms",
             profile=("renditions", "profile_uncached")),
    ]
    for name in ("photo", "feed", "search"):
        goals.append(Goal(f"api-{name}", "api", f"Cached API `{name}` ≥ 0.35× nginx serving the same bytes",
                          "api-cached", ("api", "profile")))
    goals.append(Goal("api-feed-p99", "api", "Feed p99 at 64 connections ≤ 1.5× nginx's p99 for the same bytes",
                      profile=("api", "profile")))
    for backend, label in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        for request, limit, what in SCALE_RATIO_GOALS:
            goals.append(Goal(f"{backend}-{request}", f"scale_{backend}",
                              f"{label} {what} p95 at {GOAL_SCALE:,} photos ≤ {limit}× its p95 at {RATIO_BASE:,}"))
    for backend, label in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        for request, limit, what in SCALE10_REQUESTS:
            goals.append(Goal(f"scale10-{backend}-{request}", f"scale10_{backend}",
                              f"{label} {what} p95 at the large size ≤ {limit}× at the small one", "scale10"))
        goals += [
            Goal(f"scale10-{backend}-seed", f"scale10_{backend}",
                 f"{label} `imagefeed bench seed` of the large library ≤ 30 min", "scale10"),
            Goal(f"scale10-{backend}-startup", f"scale10_{backend}",
                 f"{label} server start-up with the large library ≤ 2× with an empty one", "scale10"),
            Goal(f"scale10-{backend}-import", f"scale10_{backend}",
                 f"{label} import of 40 photos into the large library ≥ 0.9× the rate into an empty one", "scale10"),
            Goal(f"scale10-{backend}-rss", f"scale10_{backend}",
                 f"{label} server RSS, large library and 1,000 keep-alive connections ≤ 2× empty library and one",
                 "scale10"),
        ]
    goals += [
        Goal("web-bytes", "web", "Web JS + CSS of the first screen ≤ 60 KB gzipped"),
        Goal("web-tbt", "web", "Web first screen's total blocking time ≤ 100 ms (mobile lab, 4× CPU)"),
        Goal("web-lcp", "web", "Web LCP ≤ 1.5 s (mobile lab)"),
        Goal("web-cls", "web", "Web CLS ≤ 0.01 (mobile lab)"),
        Goal("web-dom", "web", "Web DOM bounded after a 2,000-photo scroll"),
        Goal("web-longtask", "web", "Web: no task > 50 ms while scrolling"),
        Goal("storage-warm", "storage", "S3-backed node with a warm cache ≥ 0.9× the local node's req/s for the "
             "same cached renditions"),
        Goal("storage-fetch", "storage", "First read on a node of a rendition another node made (fetched from the "
             "bucket): p50 ≤ 0.5× an S3 node rendering it"),
    ]
    return {g.key: g for g in goals}


GOALS = goal_list()


# ---------------------------------------------------------------------------------------------------------
# Notes (bench/NOTES.md: `## key` headings, the paragraphs under each)

def read_notes():
    notes, key = {}, None
    if not NOTES_FILE.exists():
        return notes
    for line in NOTES_FILE.read_text().splitlines():
        m = re.match(r"^## +(\S+)\s*$", line)
        if m:
            key = m.group(1)
            notes[key] = []
        elif line.startswith("# "):
            key = None
        elif key:
            notes[key].append(line)
    return {k: "\n".join(v).strip() for k, v in notes.items()}


NOTES = read_notes()


def quote_note(key, out):
    """The note under `## key` in NOTES.md as a block quote with a link, or a line saying there is none."""
    text = NOTES.get(key)
    if not text:
        out.append(f"No note in `bench/NOTES.md` under `## {key}` yet.")
        out.append("")
        return
    for paragraph in text.split("\n\n"):
        out.append("> " + " ".join(paragraph.split()))
        out.append(">")
    out.append(f"> — [`bench/NOTES.md#{key}`](NOTES.md#{key})")
    out.append("")


# ---------------------------------------------------------------------------------------------------------
# Formatting

def fmt(v, digits=1):
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def ms(v):
    return "—" if v is None else f"{fmt(v)} ms"


def ratio(v):
    return "—" if v is None else f"{v:.3f}×"


class Writer:
    """One section's lines; kept only when the section renders without error."""

    def __init__(self):
        self.lines = []

    def __call__(self, text=""):
        self.lines.append(text)

    def table(self, header, rows):
        self("| " + " | ".join(header) + " |")
        self("|" + "|".join("---" for _ in header) + "|")
        for r in rows:
            self("| " + " | ".join(fmt(c) for c in r) + " |")
        self()

    def code(self, text, lang=""):
        self(f"```{lang}")
        self(text.rstrip())
        self("```")
        self()

    def details(self, summary, body, lang=""):
        self(f"<details><summary>{summary}</summary>\n")
        self.code(body, lang)
        self("</details>\n")

    def note(self, key):
        quote_note(key, self.lines)


def profile_text(profile):
    if not profile:
        return None
    if profile.get("error"):
        return f"{profile.get('command', 'perf')}\n\nperf failed: {profile['error']}"
    if not profile.get("by_dso"):
        return None
    return f"{profile.get('command', '')}\n\n{profile['by_dso']}\n\n{profile.get('top_symbols', '')}"


# ---------------------------------------------------------------------------------------------------------
# Sections

def section_machine(w, m):
    w(f"- **CPU**: {m.get('cpu_model')}, {m.get('cpus')} vCPU ({m.get('threads_per_core')} thread per core, "
      f"hypervisor {m.get('hypervisor')}, L2 {m.get('l2')}, L3 {m.get('l3')}); **RAM** {m.get('ram_gib')} GiB; "
      f"{m.get('os')}, {m.get('kernel')}")
    w(f"- **Load average at start**: {' / '.join(m.get('loadavg_start') or [])} (1/5/15 min)")
    w(f"- **Scheduler**: the bench's own autogroup set to `{m.get('autogroup')}` (as in the anchors; nobody else's "
      "processes touched).")
    w(f"- **Binary**: `{m.get('imagefeed_bin')}` (release, `--traits PostgreSQL`; every section runs it), repository "
      f"at `{m.get('git')}`; run started {m.get('date')}.")
    w("- **Tools**: " + "; ".join(f"{k} `{v}`" for k, v in (m.get("tools") or {}).items()))
    w("- **Pinning**: servers (imagefeed, nginx with 1 worker) `taskset -c 1`, wrk `taskset -c 0 wrk -t1`, as in "
      "the anchors §3, so each req/s figure is one server core against one client core. Import runs use both cores.")
    w()


def section_import(w, r):
    c = r["cases"]
    ref_key = r.get("reference", "vipsthumbnail")
    mz = r.get("mezzanines") or {}
    w(f"{r['photos']} real photographs (Debian wallpapers → 4000×3000, σ=3 noise, Q90 4:2:0; {r['corpus_mb']} MB; "
      f"`bench/corpus.sh`). The importer writes 1080, 400 and 200 px wide JPEG Q80 (strip, optimize_coding, "
      f"progressive) and {mz.get('files', 0)} mezzanines ({fmt(mz.get('width'))} px wide, {fmt(mz.get('mb'))} MB). "
      f"Best of {r['reps']} runs, wall time of the whole command, both cores.")
    w()
    labels = (("imagefeed", "`imagefeed import`"),
              ("vipsthumbnail_same_files", "vipsthumbnail, the same files (mezzanine + 3 sizes)"),
              ("vipsthumbnail", "vipsthumbnail, the 3 sizes only"),
              ("imagemagick", "ImageMagick convert, `jpeg:size` hint, 3 sizes"),
              ("imagemagick_nohint", "ImageMagick convert, no hint, 3 sizes"))
    rows = []
    for name, label in labels:
        if name in c:
            b = c[name]["best"]
            rows.append([label + (" (**goal reference**)" if name == ref_key else ""), b["wall_s"],
                         c[name]["photos_per_s"], c[name]["cpu_s_per_photo"] * 1000, b["peak_rss_mb"],
                         c[name]["outputs"], c[name]["output_mb"]])
    w.table(["Case", "Wall s", "Photos/s", "CPU-ms/photo", "Peak RSS MB", "Files out", "MB out"], rows)
    rv = r["ratio_vs_vipsthumbnail"]
    ref = c[ref_key]
    rss = c["imagefeed"]["best"]["peak_rss_mb"]
    only = c.get("vipsthumbnail") if ref_key != "vipsthumbnail" else None
    GOALS["import-vips"].set(f"{c['imagefeed']['photos_per_s']} photos/s = **{rv:.2f}×**",
                             f"vipsthumbnail {ref['photos_per_s']} photos/s"
                             + (f" (the 3 sizes without the mezzanine: {only['photos_per_s']} photos/s)" if only else ""),
                             rv >= 1.0)
    GOALS["import-rss"].set(f"{rss} MB", f"vipsthumbnail {ref['best']['peak_rss_mb']} MB", rss <= 150)
    w(f"- vs vipsthumbnail writing the same files: **{rv:.2f}×**; vs vipsthumbnail writing the 3 sizes only: "
      f"{fmt(r.get('ratio_vs_vipsthumbnail_renditions_only'), 2)}×; vs ImageMagick with the hint: "
      f"{fmt(r.get('ratio_vs_imagemagick'), 2)}×, without: {fmt(r.get('ratio_vs_imagemagick_nohint'), 2)}×")
    w(f"- peak RSS of `imagefeed import`: **{rss} MB**")
    w(f"- importer's own summary: `{c['imagefeed'].get('summary_line', '')}`")
    w()
    w("Commands (each under `/usr/bin/time -f \"%e %U %S %M\"`):")
    w()
    w.code("\n".join(f"# {k}\n{v['command']}" for k, v in c.items()), "sh")
    text = profile_text(r.get("profile"))
    if text:
        w.details("perf profile of one import", text)


def section_api(w, r):
    w(f"{r['n']:,} synthetic photos (`imagefeed bench seed`) on {r['backend']}; each response body captured from the "
      "server and served by nginx as a static file. `wrk -t1 -c64` on core 0, server on core 1. The deep page is "
      "the URL of the previous page's `Link: rel=\"next\"` (keyset cursor).")
    w()
    rows = []
    order = ["feed", "deep", "photo", "search"]
    endpoints = dict(sorted(r["endpoints"].items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 9))
    for name, e in endpoints.items():
        i, n = e["imagefeed"], e["nginx"]
        rows.append([f"`{name}`: `GET {e['path']}`", e["bytes"], round(i["rps"]), i.get("p50_ms"), i.get("p99_ms"),
                     i.get("errors"), i.get("server_cpu_s_per_1k"), round(n["rps"]), n.get("p99_ms"),
                     ratio(e.get("ratio"))])
    w.table(["Request", "Bytes", "imagefeed req/s", "p50 ms", "p99 ms", "errors", "server CPU-s/1k req", "nginx req/s",
             "nginx p99 ms", "ratio"], rows)
    for name in ("photo", "feed", "search"):
        e = endpoints.get(name)
        if not e:
            continue
        i = e["imagefeed"]
        ok = e.get("ratio") is not None and e["ratio"] >= 0.35 and i.get("errors", 0) == 0 and i.get("requests", 0) > 0
        GOALS[f"api-{name}"].set(f"{round(i['rps']):,} req/s = **{ratio(e.get('ratio'))}**",
                                 f"nginx {round(e['nginx']['rps']):,} req/s", ok)
    feed = endpoints.get("feed")
    if feed:
        p99, ref99 = feed["imagefeed"].get("p99_ms"), feed["nginx"].get("p99_ms")
        x = p99 / ref99 if p99 is not None and ref99 else None
        GOALS["api-feed-p99"].set(f"{ms(p99)} = **{ratio(x)}**", f"nginx {ms(ref99)}",
                                  x is not None and x <= 1.5 and feed["imagefeed"].get("errors", 0) == 0)
    s = r.get("server_after") or {}
    w(f"- server memory after the feed, deep and photo runs: peak RSS **{s.get('peak_rss_mb')} MB**, current "
      f"{s.get('rss_mb')} MB, {s.get('threads')} threads")
    w()
    w("Commands:")
    w()
    w.code(f"{r['server_command']}\n{r.get('nginx_command', '')}\n" +
           "\n".join(e["imagefeed"]["command"] for e in endpoints.values()) + "\n" +
           "\n".join(e["nginx"]["command"] for e in endpoints.values()), "sh")
    text = profile_text(r.get("profile"))
    if text:
        w.details("perf profile of the server under the feed load", text)


def section_renditions(w, r):
    rows = []
    cached = dict(sorted(r["cached"].items(), key=lambda kv: int(kv[0])))
    for width, e in cached.items():
        i, n = e["imagefeed"], e["nginx"]
        rows.append([f"`GET {e['path']}`", e["bytes"], round(i["rps"]), i.get("p99_ms"), i.get("errors"),
                     round(n["rps"]), n.get("p99_ms"), ratio(e.get("ratio"))])
        GOALS[f"img-cached-{width}"].set(
            f"{round(i['rps']):,} req/s = **{ratio(e.get('ratio'))}**" + (f", {i['errors']:,} errors" if i.get("errors") else ""),
            f"nginx {round(n['rps']):,} req/s", e.get("ratio") is not None and e["ratio"] >= 0.5 and not i.get("errors"))
    w("Cached renditions (the feed's `urls.small` and `urls.regular`) against nginx serving the same file; "
      "`wrk -t1 -c64`, server and nginx on core 1, wrk on core 0.")
    w()
    w.table(["Request", "Bytes", "imagefeed req/s", "p99 ms", "errors", "nginx req/s", "nginx p99 ms", "ratio"], rows)
    u = r["uncached"]
    refs = [(k, label) for k, label in (("reference_vipsthumbnail_mezzanine", "from the mezzanines"),
                                        ("reference_vipsthumbnail", "from the 12 MP originals")) if r.get(k)]
    mz = r.get("mezzanines") or {}
    GOALS["img-uncached-1080"].set(f"p50 **{ms(u['p50_ms'])}**",
                                   "; ".join(f"vipsthumbnail {label} {r[k]['ms_per_photo']} ms/photo" for k, label in refs),
                                   u["p50_ms"] <= 100)
    w(f"Uncached `w=1080` ({u['path']}; {mz.get('files', '?')} mezzanines in the library, {fmt(mz.get('mb'))} MB, "
      f"left in place; server not pinned): p50 **{ms(u['p50_ms'])}**, p95 {ms(u['p95_ms'])}, mean {ms(u['mean_ms'])} "
      f"over {u['n']} requests; server peak RSS {(r.get('uncached_server') or {}).get('peak_rss_mb')} MB.")
    w()
    if refs:
        w.table(["Reference (one warm vipsthumbnail process, same size and saver options)", "files", "ms/photo",
                 "peak RSS MB"], [[f"vipsthumbnail {label}", r[k].get("files"), r[k]["ms_per_photo"],
                                   r[k].get("peak_rss_mb")] for k, label in refs])
    w.code("\n".join([r["server_command"], r.get("nginx_command", ""), r["uncached_server_command"]]
                     + [r[k]["command"] for k, _ in refs]
                     + [e["imagefeed"]["command"] + "\n" + e["nginx"]["command"] for e in cached.values()]), "sh")
    for key, label in (("profile_cached", "perf profile of the server answering cached `/img` w=400"),
                       ("profile_uncached", "perf profile of the server rendering uncached `w=1080`")):
        text = profile_text(r.get(key))
        if text:
            w.details(label, text)


SCALE_REQUESTS = ("feed", "deep", "photo", "search", "search_latest", "image", "like")


def scale_rows(label, r):
    rows = []
    for n, s in sorted(r["scales"].items(), key=lambda kv: int(kv[0])):
        for request in SCALE_REQUESTS:
            t = s["trace"].get(request) or {}
            h = s.get("http", {}).get(request) or {}
            total = t.get("total_ms") or {}
            db = total.get("p50") if total else (f"> {t['timeout_s']:.0f} s" if t.get("timeout_s") else None)
            stmts = " + ".join(fmt(x.get("p50_ms"), 2) for x in t.get("statements") or [])
            rows.append([label, f"{int(n):,}", request, h.get("p50_ms"), h.get("p95_ms"), db, total.get("p95"),
                         stmts or "—", len(t.get("statements") or []) or "—"])
    return rows


def scale_goals(label, backend, r):
    """Section 4's goals: how a request's p95 grows from RATIO_BASE photos to the largest size, both measured in
    this run (HTTP, else the database's part when HTTP was skipped); the absolute figures are in the table."""
    top = max(int(k) for k in r["scales"])
    at = lambda n: r["scales"].get(str(n)) or r["scales"].get(n) or {}  # noqa: E731

    def p95(n, request):
        h = (at(n).get("http") or {}).get(request) or {}
        t = ((at(n).get("trace") or {}).get(request) or {}).get("total_ms") or {}
        return (h.get("p95_ms"), "HTTP") if h.get("p95_ms") is not None else (t.get("p95"), "DB")

    for request, limit, _ in SCALE_RATIO_GOALS:
        (large, source), (small, _) = p95(top, request), p95(RATIO_BASE, request)
        grown = large / small if large is not None and small else None
        measured = f"{source} p95 {ms(large)} at {top:,}: {ratio(grown)}"
        reference = f"{source} p95 {ms(small)} at {RATIO_BASE:,}"
        unmeasured = (None if top >= GOAL_SCALE and small is not None
                      else f"sizes measured: {', '.join(f'{int(k):,}' for k in sorted(r['scales'], key=int))}")
        GOALS[f"{backend}-{request}"].set(measured, reference, grown is not None and grown <= limit, unmeasured)
    return top


def section_scale10(w, label, backend, r):
    """Section 10: the small and the large library side by side, each goal a ratio of the two."""
    sizes = sorted(int(k) for k in r["at"])
    at = lambda n: r["at"].get(str(n)) or r["at"].get(n) or {}  # noqa: E731
    small, large = (sizes[0], sizes[-1]) if len(sizes) > 1 else (None, sizes[-1] if sizes else None)
    w(f"{label}: the library grown with `imagefeed bench seed` (members, likes, albums and places with the photos) to "
      f"{' and '.join(f'{n:,}' for n in sizes)} photos; at each size one request at a time over loopback, each with "
      "a distinct ignored parameter so the response cache never answers; p95 of the large size over the small one's "
      "is the goal, the milliseconds are shown beside it.")
    w()
    rows = []
    for request, limit, what in SCALE10_REQUESTS:
        figures = [((at(n).get("requests") or {}).get(request) or {}) for n in sizes]
        grown = (figures[-1].get("p95_ms") / figures[0].get("p95_ms")
                 if len(figures) > 1 and figures[-1].get("p95_ms") is not None and figures[0].get("p95_ms") else None)
        rows.append([what, f"`{figures[-1].get('path', '—')}`" if figures else "—"]
                    + [f"{fmt(f.get('p50_ms'), 2)} / {fmt(f.get('p95_ms'), 2)} ({f.get('total') or '—'})"
                       for f in figures] + [ratio(grown), f"≤ {limit}×"])
        if small is not None:
            GOALS[f"scale10-{backend}-{request}"].set(
                f"p95 {ms(figures[-1].get('p95_ms'))} at {large:,}: {ratio(grown)}",
                f"p95 {ms(figures[0].get('p95_ms'))} at {small:,}", grown is not None and grown <= limit)
    w.table(["Request", "Path (large size)"] + [f"{n:,}: p50 / p95 ms (X-Total)" for n in sizes]
            + ["p95 large ÷ small", "goal"], rows)
    traced = [name for name, _ in SCALE10_TRACED if any((at(n).get("trace") or {}).get(name) for n in sizes)]
    if traced:
        w("The store's part of the same requests, `imagefeed bench trace` (its statements timed by the store's "
          "observer, no HTTP), where it can run them:")
        w()
        rows = []
        for name in traced:
            figures = [((at(n).get("trace") or {}).get(name) or {}).get("total_ms") or {} for n in sizes]
            grown = (figures[-1].get("p95") / figures[0].get("p95")
                     if len(figures) > 1 and figures[-1].get("p95") is not None and figures[0].get("p95") else None)
            statements = len(((at(sizes[-1]).get("trace") or {}).get(name) or {}).get("statements") or [])
            rows.append([dict(SCALE10_TRACED)[name]] + [f"{fmt(f.get('p50'), 3)} / {fmt(f.get('p95'), 3)}"
                                                        for f in figures] + [ratio(grown), statements])
        w.table(["Request"] + [f"{n:,}: p50 / p95 ms" for n in sizes] + ["p95 large ÷ small", "statements"], rows)
    empty = r.get("empty") or {}
    rows = [["empty", "—", "—", empty.get("startup_s"), f"{fmt(empty.get('rss_mb'))} (1 connection)",
             (empty.get("import") or {}).get("photos_per_s")]]
    for n in sizes:
        a = at(n)
        rows.append([f"{n:,}", (a.get("seed") or {}).get("seconds"), fmt(a.get("bytes_per_photo")), a.get("startup_s"),
                     f"{fmt(a.get('rss_mb'))} ({r.get('connections'):,} connections)",
                     fmt(a.get("rss_after_requests_mb")), (a.get("import") or {}).get("photos_per_s")])
    rows[0].insert(5, "—")
    w.table(["Photos", "seed s", "database bytes a photo", "start-up s", "server RSS MB, fresh",
             "RSS MB after the timed requests (response cache full)", "import photos/s"], rows)
    if large is not None and empty:
        a = at(large)
        startup = a.get("startup_s") / empty["startup_s"] if a.get("startup_s") and empty.get("startup_s") else None
        rate = ((a.get("import") or {}).get("photos_per_s") or 0) / ((empty.get("import") or {}).get("photos_per_s") or 1)
        rss = a.get("rss_mb") / empty["rss_mb"] if a.get("rss_mb") and empty.get("rss_mb") else None
        seeded = sum((at(n).get("seed") or {}).get("seconds") or 0 for n in sizes)
        GOALS[f"scale10-{backend}-seed"].set(
            f"{seeded / 60:.1f} min to {large:,} ({large / seeded:,.0f} photos/s)" if seeded else "—",
            "30 min (an absolute goal: the issue's)", bool(seeded) and seeded <= 1800)
        GOALS[f"scale10-{backend}-startup"].set(f"{a.get('startup_s')} s at {large:,}: {ratio(startup)}",
                                               f"{empty.get('startup_s')} s empty", startup is not None and startup <= 2)
        GOALS[f"scale10-{backend}-import"].set(
            f"{(a.get('import') or {}).get('photos_per_s')} photos/s at {large:,}: {ratio(rate)}",
            f"{(empty.get('import') or {}).get('photos_per_s')} photos/s empty", rate >= 0.9)
        GOALS[f"scale10-{backend}-rss"].set(
            f"{fmt(a.get('rss_mb'))} MB at {large:,} with {r.get('connections'):,} connections: {ratio(rss)}",
            f"{fmt(empty.get('rss_mb'))} MB empty with one", rss is not None and rss <= 2)
    commands = [(at(n).get("seed") or {}).get("command", "") for n in sizes]
    commands.append((at(large).get("import") or {}).get("command", "") if large else "")
    if r.get("version"):
        w(f"{r['version']}, `{r.get('server_options')}`.")
        w()
    relations = (at(large).get("relations") or []) if large is not None else []
    if relations:
        w(f"What each table and index weighs at {large:,} photos (the largest 15; "
          f"{'`pg_relation_size`' if r.get('version') else 'SQLite’s `dbstat`'}):")
        w()
        w.table(["Relation", "kind", "MB", "bytes a photo"],
                [[f"`{x['name']}`", x["kind"], fmt(x["bytes"] / 1e6), fmt(x["bytes"] / large)] for x in relations[:15]])
    trace_command = next(((at(large).get("trace") or {}).get(name) or {}).get("command") for name, _ in SCALE10_TRACED)
    if trace_command:
        commands.append(trace_command + "  # each traced request; --query w15000 for the rare word")
    w.code("\n".join(c for c in commands if c), "sh")
    if large is not None and any((at(large).get("trace") or {}).values()):
        plans(w, label, large, at(large)["trace"], [name for name, _ in SCALE10_TRACED])


def section_scale(w, label, backend, r):
    w(f"{label}: the library grown with `imagefeed bench seed` to each size in turn; at each size, **DB** is "
      f"`imagefeed bench trace` (the store's use case for the request, {r.get('trace_repeat')} timed runs after one "
      "untimed; total and per-statement p50), then **HTTP** is one request at a time against `imagefeed serve` "
      "over loopback (client included, ~0.1 ms), each with a distinct ignored parameter so the response cache "
      f"never answers. `deep` is the last full page reached with the cursor from the previous page's `Link` header; "
      f"`photo` and `image` the photo in the middle of the feed; search is `query={r.get('query')}`; `like` is a "
      "like and its answer (taken back untraced), DB only.")
    w()
    w.table(["Backend", "Photos", "Request", "HTTP p50 ms", "HTTP p95 ms", "DB p50 ms", "DB p95 ms",
             "statements (p50 ms each)", "statements"], scale_rows(label, r))
    rows = []
    for n, s in sorted(r["scales"].items(), key=lambda kv: int(kv[0])):
        sub = s.get("subjects") or {}
        same = sub.get("same_as_trace") or {}
        seed = (r.get("seed") or {}).get(n) or (r.get("seed") or {}).get(str(n)) or {}
        vac = (r.get("vacuum") or {}).get(n) or (r.get("vacuum") or {}).get(str(n)) or {}
        rows.append([f"{int(n):,}", seed.get("added"), seed.get("seconds"), vac.get("seconds", "—"),
                     (r.get("db_mb") or {}).get(n) or (r.get("db_mb") or {}).get(str(n)), sub.get("x_total"),
                     sub.get("search_total"), sub.get("deep_page"),
                     "yes" if same and all(same.values()) else f"**no** ({same})",
                     (s.get("server") or {}).get("peak_rss_mb")])
    w.table(["Photos", "seeded now", "seed s", "vacuumdb s", "size on disk MB", "X-Total", "search total (API)",
             "deep page", "HTTP asks about the trace's photo and page", "server peak RSS MB"], rows)
    top = scale_goals(label, backend, r)
    commands = [(r.get("seed") or {}).get(str(top), (r.get("seed") or {}).get(top, {})).get("command", ""),
                r.get("trace_command", "") + "  # --explain at the largest size", r.get("server_command", "")]
    vac = next(iter((r.get("vacuum") or {}).values()), None)
    if vac:
        commands.insert(1, vac["command"])
    if r.get("version"):
        w(f"{r['version']}, `{r.get('server_options')}`.")
        w()
    w.code("\n".join(c for c in commands if c), "sh")
    s = r["scales"].get(str(top)) or r["scales"].get(top)
    plans(w, label, top, s["trace"], SCALE_REQUESTS)


def plans(w, label, top, trace, requests):
    """The statements `bench trace --explain` ran for `requests` at `top` photos, each with its plan, folded."""
    blocks = []
    failed = unexplained = 0
    for request in requests:
        for x in (trace.get(request) or {}).get("statements") or []:
            plan = x.get("plan")
            failed += plan == "(no plan)"
            unexplained += plan is None
            sql = x["sql"] if len(x["sql"]) < 400 else x["sql"][:160] + " … " + x["sql"][-240:]
            binds = ", ".join(x.get("binds") or [])
            blocks.append(f"-- {request} ({fmt(x.get('p50_ms'), 3)} ms): {sql}\n-- binds: "
                          f"{binds[:200] + ' …' if len(binds) > 200 else binds}\n"
                          f"{plan or '(not explained: bench trace explains reads only)'}")
    w(f"At {top:,} photos `bench trace --explain` gave a plan for {len(blocks) - failed - unexplained} of the "
      f"{len(blocks)} statements; {unexplained} are not reads (not explained), and for {failed} reads it printed "
      "\"(no plan)\".")
    w()
    if blocks:
        w.details(f"{label}: statements and plans at {top:,} photos (`bench trace --explain`)", "\n\n".join(blocks),
                  "sql")


def section_web(w, r):
    if r.get("skipped") or not r.get("median"):
        w(f"Skipped: {r['reason']}." if r.get("skipped") else "The run did not finish (partial results only).")
        w()
        return
    m, b, p, lib = r["median"], r["bytes"], r["profile"], r["library"]
    w(f"The feed (`/`, newest first) of {lib['real_photos']} imported demo photos + {lib['synthetic_photos']:,} "
      f"synthetic photos (`imagefeed bench seed`, rows without files; {lib.get('synthetic_blurhashes', '?')} distinct "
      f"BlurHash(es) among them, {lib.get('distinct_blurhashes', '?')} in the library), {r['browser']}, fresh "
      f"context per repetition: {p['viewport']}; {p['cpu']}; {p['network']}; {p['cache']}. In-page "
      f"PerformanceObservers (buffered, installed before the page's scripts). Load metrics: median of "
      f"{len(r['reps'])} repetitions (after one unmeasured warm-up load). The long scroll: {m['scroll_reps']} "
      "repetition(s), 8 viewports per step, 4× CPU, network throttle lifted; every synthetic photo's renditions "
      f"are hard links of photo {lib.get('source_photo')}'s ({', '.join(r.get('shared_renditions', []))}). Images "
      f"the server could not answer (most in one repetition): {m.get('image_errors', '—')}.")
    w()
    rows = []
    for i, x in enumerate(r["reps"], 1):
        s = x.get("scroll") or {}
        lt = s.get("longtasks") or {}
        rows.append([i, x["lcp_ms"], (x.get("lcp_element") or {}).get("tag"), x["cls"], x["load_longtasks"]["count"],
                     x["load_longtasks"]["max_ms"], x["load_longtasks"]["total_blocking_ms"], x["nodes_start"],
                     s.get("reached_index", -2) + 1 if s else "—", s.get("nodes_end", "—"), s.get("nodes_max", "—"),
                     lt.get("count", "—"), lt.get("max_ms", "—"), lt.get("total_blocking_ms", "—")])
    w.table(["Rep", "LCP ms", "LCP element", "CLS", "long tasks (load)", "max ms", "TBT ms", "DOM nodes at start",
             "scrolled to photo #", "DOM nodes after", "DOM nodes max", "long tasks (scroll)", "max ms", "TBT ms"], rows)
    total = b["all_js_gzip"] + b["all_css_gzip"]
    loaded = b["loaded_js_gzip"] + b["loaded_css_gzip"]
    first = b["first_screen_gzip"]
    # Issue 19's budget: what the first screen loads (app.js, its static imports, the stylesheet); the modules
    # loaded on demand have 12 KB each, checked by e2e/web/test_quality.py.
    GOALS["web-bytes"].set(f"{first / 1024:.1f} KB ({len(b['first_screen'])} files)",
                           f"everything in `Web/`: {total / 1024:.1f} KB; what the feed loaded in the end "
                           f"({len(b['loaded'])} files): {loaded / 1024:.1f} KB", first <= 60 * 1024)
    GOALS["web-tbt"].set(f"{fmt(m['first_screen_tbt_ms'])} ms (median; worst {fmt(m['first_screen_tbt_ms_worst'])} ms)",
                         f"FCP {fmt(m['fcp_ms'])} ms", m["first_screen_tbt_ms"] <= 100)
    GOALS["web-lcp"].set(f"{fmt(m['lcp_ms'])} ms", "—", m["lcp_ms"] <= 1500)
    GOALS["web-cls"].set(str(m["cls"]), "—", m["cls"] <= 0.01)
    w(f"- First screen (from first contentful paint to the load's end, as Lighthouse counts it): total blocking "
      f"time **{fmt(m['first_screen_tbt_ms'])} ms** median, worst {fmt(m['first_screen_tbt_ms_worst'])} ms; FCP "
      f"{fmt(m['fcp_ms'])} ms.")
    w(f"- JS + CSS, gzip -9: the first screen's {len(b['first_screen'])} files **{first / 1024:.1f} KB**; all of "
      f"`Web/*.js` + `Web/*.css` {total / 1024:.1f} KB (JS "
      f"{b['all_js_gzip'] / 1024:.1f} KB, CSS {b['all_css_gzip'] / 1024:.1f} KB; raw {b['all_raw'] / 1024:.1f} KB); "
      f"the {len(b['loaded'])} files the feed loaded {loaded / 1024:.1f} KB. On the wire the page received "
      f"{r['transfer_js_css'] / 1024:.1f} KB of JS + CSS (Content-Encoding: {', '.join(r['content_encoding'])}).")
    w(f"- LCP, median: **{fmt(m['lcp_ms'])} ms**; LCP element of rep 1: {r['reps'][0].get('lcp_element')}")
    w(f"- CLS, median: **{m['cls']}**")
    if m.get("nodes_end") is not None:
        reached = m["scroll_reached"]
        bounded = m["nodes_max"] <= 3 * max(m["nodes_start"], 1)
        worst = m.get("scroll_longtask_max_ms_worst", m["scroll_longtask_max_ms"])
        GOALS["web-dom"].set(f"{m['nodes_end']} nodes (start {m['nodes_start']}) at photo #{reached:,}",
                             f"{m['nodes_start']} nodes at start", bounded and reached >= 2000)
        GOALS["web-longtask"].set(f"longest {fmt(worst)} ms", "—", worst <= 50)
        w(f"- DOM after scrolling to photo #{reached:,}: **{m['nodes_end']} nodes** (max {m['nodes_max']} along the "
          f"way) vs {m['nodes_start']} at start, {m['scroll_cells_end']} cards in the DOM"
          + ("" if reached >= 2000 else f" (the scroll stopped at photo #{reached:,})"))
        w(f"- Long tasks while scrolling, median of {m['scroll_reps']} scrolls: {m['scroll_longtasks']}; the longest "
          f"task of any scroll **{fmt(worst)} ms**; during the load: {m['load_longtasks']}, longest "
          f"{fmt(m['load_longtask_max_ms'])} ms, TBT {fmt(m['load_tbt_ms'])} ms.")
    w()
    w(f"Library: `{lib['import_command']}` ({lib['import_s']} s), then `{lib.get('seed_command')}` "
      f"({lib['seed_s']} s; {lib.get('library_photos')} photos). Section took {r['section_s']} s.")
    w()
    w.code(f"{r['command']}\n{r['server_command']}", "sh")
    w.details("JS and CSS files (bytes raw / gzip -9, loaded by the feed)",
              "\n".join(f"{n}: {v['raw']} / {v['gzip9']}{'' if n in b['loaded'] else '  (not loaded)'}"
                        for n, v in b["files"].items()))


def section_storage(w, r):
    warm, first = r["warm"], r["first_read"]
    moto = r.get("moto") or {}
    extra = r.get("extra", "w=640&fm=jpg")
    bucket = r.get("bucket_after_import") or {}
    w(f"{r['photos']} photographs ({r.get('corpus_mb')} MB, `bench/corpus.sh`) imported twice: into a local library "
      f"(`--data` only) and into an S3 bucket (`--storage s3://…`) on moto {moto.get('version')}, in memory, on "
      f"loopback ({moto.get('endpoint')}), pinned to core 0 with the client. No network is involved: the S3 "
      "figures are the store's own overhead plus moto's. The URLs, on each library: every photo's `urls.small` "
      f"(made by the import) and `/img/<id>?{extra}` (made once on each node before anything is measured); "
      f"{warm['urls']} URLs, {warm['bytes']:,} bytes. After the import the bucket held {bucket.get('originals')} "
      f"originals, {bucket.get('mezzanines')} mezzanines and {bucket.get('renditions')} renditions "
      f"({fmt(bucket.get('mb'))} MB).")
    w()
    rounds = len(warm["local"].get("rounds_rps") or [1])
    w(f"**Warm cache**: `wrk -t1 -c64` cycling through the {warm['urls']} URLs (`bench/wrk-paths.lua`), server or "
      "nginx on core 1, wrk on core 0. S3 node A's cache holds every rendition (filled by its warm-up); its "
      f"`/metrics` counted the renditions of its runs by outcome. The two nodes were measured in turn, {rounds} "
      "rounds each; each row is its node's median round (all rounds' req/s in the last column).")
    w()
    rows = []
    for key, label in (("local", "imagefeed, local storage"), ("s3", "imagefeed, S3 storage, warm cache (node A)"),
                       ("nginx", "nginx, the same bytes from disk")):
        x = warm[key]
        oc = x.get("outcomes")
        rows.append([label, round(x["rps"]), x.get("p50_ms"), x.get("p99_ms"), x.get("errors"),
                     ratio(x["rps"] / warm["local"]["rps"]) if warm["local"]["rps"] else "—",
                     ratio(x.get("ratio_nginx", 1.0 if key == "nginx" else None)),
                     f"{oc['fetched']} fetched, {oc['rendered']} rendered" if oc else "—",
                     ", ".join(f"{r:,}" for r in x.get("rounds_rps", [])) or "—"])
    w.table(["Server", "req/s", "p50 ms", "p99 ms", "errors", "× local", "× nginx", "renditions from the bucket "
             "or rendered during the runs", "req/s of each round"], rows)
    s3, local = warm["s3"], warm["local"]
    GOALS["storage-warm"].set(
        f"{round(s3['rps']):,} req/s = **{ratio(warm.get('ratio_s3_local'))}**"
        + (f", {s3['errors']:,} errors" if s3.get("errors") else ""),
        f"local node {round(local['rps']):,} req/s; nginx {round(warm['nginx']['rps']):,} req/s",
        (warm.get("ratio_s3_local") or 0) >= 0.9 and not s3.get("errors") and not s3["outcomes"]["fetched"]
        and not s3["outcomes"]["rendered"])
    w(f"The two nodes served the same rendition bytes: {'yes' if warm.get('same_bytes_as_local') else '**no**'} "
      "(sizes compared).")
    w()
    n, passes = first["requests_per_pass"], first["passes"]
    w(f"**First read on a node**: each URL once, one request at a time on one keep-alive connection, {passes} "
      f"passes of {n} requests, both servers restarted before each pass (nothing in memory) and node B's `--data` "
      "emptied. Node B shares node A's database and bucket; the local node reads its disk cache (the page cache is "
      "warm). moto alone: a presigned GET of each object node B fetched, in the same order (nothing signed while "
      "timed). The render rows are the warm-ups' first requests for the extra size, one pass.")
    w()
    lw, aw = warm.get("local_warmup") or {}, warm.get("s3_warmup") or {}

    def row(label, x):
        return [label, x["all"]["n"], x["small"]["p50_ms"], x["small"]["p95_ms"], x["extra"]["p50_ms"],
                x["extra"]["p95_ms"], x["all"]["p50_ms"], x["all"]["p95_ms"]]
    rows = [row("local node, from its disk cache", first["local"]),
            row("S3 node B, empty cache: fetched from the bucket", first["fetched"]),
            row("moto alone: GET of the same objects", first["moto"])]
    for label, x in (("local node rendering it (from its mezzanine)", lw),
                     ("S3 node A rendering it (mezzanine fetched from the bucket first)", aw)):
        e = (x.get("ms") or {}).get("extra")
        if e:
            rows.append([label, e["n"], "—", "—", e["p50_ms"], e["p95_ms"], "—", "—"])
    w.table(["Case", "requests", "`small` p50 ms", "p95 ms", f"`{extra}` p50 ms", "p95 ms", "all p50 ms",
             "all p95 ms"], rows)
    f, l, m = first["fetched"]["all"]["p50_ms"], first["local"]["all"]["p50_ms"], first["moto"]["all"]["p50_ms"]
    w(f"- The store's own part of a first read (fetched p50 − local disk p50 − moto's GET p50): "
      f"**{ms(round(f - l - m, 3))}** (all URLs); the fetch also writes the rendition to node B's cache and, unlike "
      "the local read, goes through the router and the database.")
    render = ((aw.get("ms") or {}).get("extra") or {}).get("p50_ms")
    fetched_extra = first["fetched"]["extra"]
    GOALS["storage-fetch"].set(
        f"`{extra}` fetched p50 **{ms(fetched_extra['p50_ms'])}** (p95 {ms(fetched_extra['p95_ms'])})",
        f"S3 node A rendering it: p50 {ms(render)}; moto's own GET p50 {ms(first['moto']['extra']['p50_ms'])}; "
        f"local disk p50 {ms(first['local']['extra']['p50_ms'])}",
        render is not None and fetched_extra["p50_ms"] <= 0.5 * render,
        None if render is not None else "no render measured")
    w()
    w("**Check** (the section fails unless every first read on node B was `fetched`: node B's `/metrics` after each "
      "pass, and its cache folder, where a render would have left the source it fetched):")
    w()
    w.table(["Pass", "requests", "fetched", "rendered", "shared", "cached", "files in B's cache",
             "render sources in B's cache"],
            [[c["pass"], c["requests"], c["outcomes"]["fetched"], c["outcomes"]["rendered"], c["outcomes"]["shared"],
              c["outcomes"]["cached"], c["files_in_cache"], c["render_sources_in_cache"]] for c in first["checks"]])
    w(f"Renditions in the bucket at the end: {r.get('bucket_renditions_at_end')}. Section took {r.get('section_s')} s.")
    w()
    w.code("\n".join([moto.get("command", ""), r["import_local"]["command"], r["import_s3"]["command"],
                      r["local_server_command"], r["s3_server_command"], r.get("nginx_command", ""),
                      local["command"], s3["command"], warm["nginx"]["command"], r["local_cold_server_command"],
                      r["s3_b_server_command"], f"# moto alone: {first.get('moto_example')}"]), "sh")


def section_firebase(w, r):
    mb = r["size"] / (1 << 20)
    w(f"**Sign-in**, one request at a time on one keep-alive connection ({r['signin_firebase']['n']} each, after a "
      f"warm-up). Both doors check the password with bcrypt at cost **{r['bcrypt_cost']}**, most of their time; the "
      "Firebase sign-in also signs an RS256 ID token and records a refresh token.")
    w()
    rows = []
    for key, label in (("signin_firebase", "Firebase `accounts:signInWithPassword`"),
                       ("signin_web", "web sign-in `POST /account/login`"),
                       ("bcrypt_alone", f"bcrypt check alone, cost {r['bcrypt_cost']} (Python's bcrypt)")):
        x = r.get(key)
        if x:
            rows.append([label, x["n"], x["p50_ms"], x["p95_ms"], x["mean_ms"], ", ".join(map(str, x.get("status", [])))
                         or "—"])
    w.table(["Sign-in", "n", "p50 ms", "p95 ms", "mean ms", "statuses"], rows)
    w(f"**Storage, {fmt(mb)} MB object**: `wrk -t1 -c{r['connections']}`, server or nginx on core 1, wrk on core 0. "
      "Upload: a media upload to one name, again and again (each a new generation: a new blob, a row committed, the "
      "old blob removed); nginx: a WebDAV `PUT` of the same bytes to one file. Download: a download-token URL "
      "(`?alt=media&token=…`); nginx: a static `GET` of the same bytes. The object read back after the uploads had "
      f"the uploaded bytes: {'yes' if r.get('same_bytes_after_uploads') else '**no**'}.")
    w()
    rows = []
    for kind in ("upload", "download"):
        for key, label in ((kind, f"imagefeed, Firebase Storage {kind}"), (f"nginx_{kind}", f"nginx, {kind}")):
            x = r[key]
            rows.append([label, round(x["rps"], 1), round(x["rps"] * mb, 1), x.get("p50_ms"), x.get("p99_ms"),
                         x.get("errors"), ratio(r.get(f"ratio_{kind}")) if key == kind else "1.0×"])
    w.table(["Server", "req/s", "MB/s", "p50 ms", "p99 ms", "errors", "× nginx"], rows)
    w(f"Section took {r.get('section_s')} s.")
    w()
    w.code("\n".join([r["signup_command"], r["server_command"], r["nginx_command"], r["upload"]["command"],
                      r["download"]["command"], r["nginx_upload"]["command"], r["nginx_download"]["command"]]), "sh")


def section_database(w, r):
    w(f"**REST**, one {r['document_bytes']}-byte JSON document (a person's profile): `wrk -t1 -c{r['connections']}`, "
      "server or nginx on core 1, wrk on core 0. Read: `GET /users/ada.json`; nginx: a static `GET` of the same bytes. "
      "Write: `PUT` of the same document (`print=silent`; each a transaction that also logs the change for the "
      "streams); nginx: a WebDAV `PUT` of the file. The document read back after the writes was the one written: "
      f"{'yes' if r.get('same_document_after_writes') else '**no**'}.")
    w()
    rows = []
    for kind in ("read", "write"):
        for key, label in ((kind, f"imagefeed, Realtime Database {kind}"), (f"nginx_{kind}", f"nginx, {kind}")):
            x = r[key]
            rows.append([label, round(x["rps"], 1), x.get("p50_ms"), x.get("p99_ms"), x.get("errors"),
                         ratio(r.get(f"ratio_{kind}")) if key == kind else "1.0×"])
    w.table(["Server", "req/s", "p50 ms", "p99 ms", "errors", "× nginx"], rows)
    d = r["event_delay"]
    w(f"**Write → event** at **{r['listeners']}** concurrent REST streams of one location: from just before each of "
      f"{r['events']} `PUT`s is sent to its `put` event on each stream ({d['n']} arrivals; one client thread reads "
      "every stream, so its reading is included).")
    w()
    w.table(["Streams", "p50 ms", "p99 ms", "max ms", "server memory before", "with the streams open",
             "per idle stream"],
            [[r["listeners"], d["p50_ms"], d["p99_ms"], d["max_ms"], f"{fmt(r['rss_before_kb'] / 1024)} MB",
              f"{fmt(r['rss_listening_kb'] / 1024)} MB", f"{r['memory_per_listener_kb']} KB"]])
    t, i = r["transaction"], r["increment"]
    w(f"**A transaction under contention**: {r['txn_threads']} clients each add 1 to one counter {r['txn_each']} times, "
      "as firebase-admin's `transaction` does (read with `X-Firebase-ETag: true`, `PUT` with `if-match`, again on "
      "412); beside it the same count with `{\".sv\": {\"increment\": 1}}`.")
    w()
    w.table(["Way", "committed/s", "seconds", "412 retries", "count exact"],
            [["ETag transaction", t["committed_per_s"], t["seconds"], t["retries"], "yes" if t["exact"] else "**no**"],
             ["server increment", i["committed_per_s"], i["seconds"], "—", "yes" if i["exact"] else "**no**"]])
    w(f"Section took {r.get('section_s')} s.")
    w()
    w.code("\n".join([r["server_command"], r["nginx_command"], r["read"]["command"], r["write"]["command"],
                      r["nginx_read"]["command"], r["nginx_write"]["command"]]), "sh")


def section_database_ws(w, r):
    w(f"**Connections held**: {r['connections']} idle WebSocket connections to `/.ws?v=5&ns=…`, each after its hello; "
      f"held: **{r.get('connections_held')}**.")
    w()
    w.table(["Connections", "server memory before", "with them open", "per connection"],
            [[r["connections"], f"{fmt(r['rss_before_kb'] / 1024)} MB", f"{fmt(r['rss_connected_kb'] / 1024)} MB",
              f"{r['memory_per_connection_kb']} KB"]])
    d = r["push_delay"]
    w(f"**Write → push** at **{r['listeners']}** connections listening (`q`) on one location: from just before each "
      f"of {r['events']} puts (`p`, on one more connection) is sent to its `d` push on each listener ({d['n']} "
      "arrivals; one client thread reads every connection, as §8's streams are read). Compare §8's write → event.")
    w()
    w.table(["Listens", "p50 ms", "p99 ms", "max ms"], [[r["listeners"], d["p50_ms"], d["p99_ms"], d["max_ms"]]])
    p = r["puts"]
    w(f"**Messages per second**: {r['writers']} connections each putting one value after another (the next once the "
      f"last was acknowledged) for {r['writer_seconds']} s: **{p['per_s']}** acknowledged puts/s "
      f"({p['acknowledged']} in {p['seconds']} s).")
    w(f"Section took {r.get('section_s')} s.")
    w()
    w.code(r["server_command"], "sh")


# (title, note key, result names, renderer) in the order of the report.
PARTS = [
    ("Machine", "machine", ["machine"], lambda w, d: section_machine(w, d[0])),
    ("1. Import throughput", None, ["import"], lambda w, d: section_import(w, d[0])),
    ("2. Feed and search API vs nginx (identical bytes)", "section-api", ["api"], lambda w, d: section_api(w, d[0])),
    ("3. Renditions", None, ["renditions"], lambda w, d: section_renditions(w, d[0])),
    ("4. Scale: SQLite", "section-scale", ["scale_sqlite"], lambda w, d: section_scale(w, "SQLite", "sqlite", d[0])),
    ("4. Scale: PostgreSQL", None, ["scale_postgres"],
     lambda w, d: section_scale(w, "PostgreSQL", "postgres", d[0])),
    ("5. Web (headless Chromium, mobile lab profile)", "section-web", ["web"], lambda w, d: section_web(w, d[0])),
    ("6. Storage: S3-backed node against local (cached renditions)", "section-storage", ["storage"],
     lambda w, d: section_storage(w, d[0])),
    ("7. Firebase: sign-in, and a 1 MB Storage upload and download against nginx", None, ["firebase"],
     lambda w, d: section_firebase(w, d[0])),
    ("8. Realtime Database: REST against nginx, events at many streams, a transaction under contention", None,
     ["database"], lambda w, d: section_database(w, d[0])),
    ("9. Realtime Database over the SDKs' WebSocket protocol: connections held, write → push, puts per second", None,
     ["database-ws"], lambda w, d: section_database_ws(w, d[0])),
    ("10. Scale as ratios: SQLite", "section-scale10", ["scale10_sqlite"],
     lambda w, d: section_scale10(w, "SQLite", "sqlite", d[0])),
    ("10. Scale as ratios: PostgreSQL", None, ["scale10_postgres"],
     lambda w, d: section_scale10(w, "PostgreSQL", "postgres", d[0])),
]


def section_of(result):
    return next(name for name, files, _ in SECTIONS if result in files)


UNREADABLE = set()   # result files that exist but could not be rendered


def missing_reason(result, status):
    """Why there are no figures from `result`.json."""
    section = section_of(result)
    s = status[section]
    if result in UNREADABLE:
        return f"`{result}.json` could not be read (see its part)"
    if s["failed"]:
        return f"the `{section}` section {s['text']}"
    if not s["present"]:
        return f"`bench/run.sh {section}` was not run"
    return f"no `{result}.json`: the `{section}` section stopped before writing it"


def render_parts(status):
    body = []
    for title, note, names, render in PARTS:
        body += [f"## {title}", ""]
        data = [load(n) for n in names]
        section = section_of(names[0])
        if any(d is None for d in data):
            body += [f"**Not measured**: {missing_reason(names[0], status)}.", ""]
            continue
        w = Writer()
        if note:
            w.note(note)
        before = {k: (g.measured, g.reference, g.met) for k, g in GOALS.items()}
        try:
            render(w, data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError) as error:
            for k, g in GOALS.items():   # nothing half-set from a section that could not be read
                g.measured, g.reference, g.met = before[k]
            traceback.print_exc()
            UNREADABLE.update(names)
            body += [f"**Not measured**: the results in `bench/work/results/{', '.join(n + '.json' for n in names)}` "
                     f"could not be read ({type(error).__name__}: {error}; written by an older bench?). Run "
                     f"`bench/run.sh {section}`.", ""]
            continue
        body += w.lines
    return body


# ---------------------------------------------------------------------------------------------------------
# Header: what this run measured, the goals, the notes and profiles of the unmet ones

def section_status():
    """Per run.sh section: measured in this run, kept from an earlier run, failed, or not measured."""
    ran = os.environ.get("BENCH_SECTIONS", "").split()
    status = {}
    for name, files, label in SECTIONS:
        present = [RESULTS / f"{f}.json" for f in files if (RESULTS / f"{f}.json").exists()]
        failed_log = RESULTS / f"failed-{name}.txt"
        failed = failed_log.exists()
        stamp = lambda path: time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        when = stamp(max(present, key=lambda p: p.stat().st_mtime)) if present else "—"
        if failed:
            text = f"failed at {stamp(failed_log)} (its log is at the end)" + (
                "; the figures shown are what it saved before failing" if present else "")
        elif not present:
            text = f"no results: `bench/run.sh {name}` was not run"
        elif ran and name not in ran:
            text = "kept from an earlier run"
        elif ran:
            text = "this run"
        else:
            text = "results on disk"
        status[name] = {"label": label, "text": text, "when": when, "present": bool(present), "failed": failed}
    return status


def goals_block(status):
    out = ["## Goals", "", "Each goal's reference is measured in the same run. Verdicts come from the figures alone; "
           "the notes on unmet goals are hand-written, in [`bench/NOTES.md`](NOTES.md).", "",
           "| Goal | Measured | Reference (same run) | Verdict |", "|---|---|---|---|"]
    for g in GOALS.values():
        if g.met is None:
            why = getattr(g, "why_unmeasured", None) or missing_reason(g.result, status)
            verdict = f"not measured ({why})"
        else:
            verdict = "met" if g.met else "**not met**"
        out.append(f"| {g.text} | {g.measured or '—'} | {g.reference or '—'} | {verdict} |")
    out.append("")
    unmet = [g for g in GOALS.values() if g.met is False]
    if not unmet:
        return out
    out += ["### Unmet goals: notes and profiles", ""]
    by_note, shown = {}, set()
    for g in unmet:
        by_note.setdefault(g.note, []).append(g)
    for key, goals in by_note.items():
        out.append(f"#### {'; '.join(g.text for g in goals)}")
        out.append("")
        for g in goals:
            out.append(f"- {g.text}: measured {g.measured}; reference {g.reference}.")
        out.append("")
        quote_note(key, out)
        profile = goals[0].profile
        if profile in shown:
            out += ["Profile: the same as above.", ""]
        elif profile:
            shown.add(profile)
            data = load(profile[0]) or {}
            text = profile_text(data.get(profile[1]))
            if text:
                out += [f"<details><summary>profile: {data[profile[1]].get('command', 'perf')}</summary>", "",
                        "```", text.rstrip(), "```", "", "</details>", ""]
            else:
                out += ["(No profile in this run's results: perf not installed, or not recorded.)", ""]
        elif goals[0].result.startswith("scale_"):
            out += ["The statements and plans at the largest size are in §4.", ""]
    return out


def main():
    elapsed = int(sys.argv[1]) if len(sys.argv) > 1 else None
    status = section_status()
    body = render_parts(status)
    for failed in sorted(RESULTS.glob("failed-*.txt")):
        body += [f"## Section `{failed.stem[7:]}` failed", "", "```", failed.read_text().rstrip(), "```", ""]
    m = load("machine") or {}
    command = os.environ.get("BENCH_COMMAND") or m.get("command") or "bench/run.sh"
    head = ["# ImageFeed benchmark results", "",
            f"Generated by `bench/report.py` from the results of **`{command}`** "
            f"({time.strftime('%Y-%m-%d %H:%M')}{f', {elapsed // 60} min {elapsed % 60} s' if elapsed else ''}). "
            "This file is replaced on every run; do not edit it. Hand-written notes: [`bench/NOTES.md`](NOTES.md). "
            "Method: `shared/reference/performance-anchors.md`; scripts: `bench/`.", "",
            "| Section (`bench/run.sh …`) | Report part | Results | Measured at |", "|---|---|---|---|"]
    for name, s in status.items():
        files = next(f for n, f, _ in SECTIONS if n == name)
        text = s["text"]
        absent = [f for f in files if f in UNREADABLE or load(f) is None]
        if absent:
            text = f"**not measured**: " + "; ".join(dict.fromkeys(missing_reason(f, status) for f in absent))
            if s["present"] and len(absent) < len(files):
                text = s["text"] + "; " + text
        head.append(f"| `{name}` | {s['label']} | {text} | {s['when']} |")
    head.append("")
    missing = [name for name, files, _ in SECTIONS if any(f in UNREADABLE or load(f) is None for f in files)]
    if missing:
        head += [f"Not measured: {', '.join(f'`{n}`' for n in missing)}. Their goals read \"not measured\"; run "
                 f"`bench/run.sh {' '.join(missing)}` to add them.", ""]
    (BENCH / "RESULTS.md").write_text("\n".join(head + goals_block(status) + body) + "\n")


main()
