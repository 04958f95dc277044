"""Section 5: the feed in headless Chromium under a mobile lab profile (LCP, CLS, long tasks, total blocking time of
the first screen, DOM size after a long scroll, JS and CSS bytes).

Method (shared/reference/performance-anchors.md §5, with Playwright driving Debian's Chromium instead of a raw CDP
socket): a fresh browser context per repetition (empty cache, no service worker yet), phone viewport 390×844 at
DPR 3, mobile, touch; over the DevTools protocol `Emulation.setCPUThrottlingRate {rate: 4}` and
`Network.emulateNetworkConditions` with the anchors' mobile numbers (Lighthouse's "Slow 4G": 150 ms RTT, 1.6 Mbps
down, 750 kbps up) and `Network.setCacheDisabled`. In-page PerformanceObservers (buffered, installed before any
page script) give LCP (last `largest-contentful-paint` entry), CLS (sum of `layout-shift` values without recent
input), FCP (the `first-contentful-paint` paint entry) and `longtask` entries. The first screen's total blocking
time (TBT) is Lighthouse's: the part over 50 ms of every long task between FCP and the end of the load (the page
quiet for 2 s, a bound past TTI), each task clipped to that window. Then the page is scrolled (window.scrollBy, 8 viewports per step
and two animation frames, 4× CPU but network throttle lifted; in every repetition)
until the feed has rendered photo #2,000, and the DOM node count and the long tasks of the scroll are read.

The library: the demo photos (`imagefeed import /usr/share/backgrounds/mate …`) plus 2,000 synthetic photos
written by the product (`imagefeed bench seed`, older than the imported photos, so the first screen shows real
photos). Synthetic photos are rows without files: before the measured loads, one real photo's renditions, as the
page asks for them, are hard-linked into each synthetic photo's rendition cache folder (see `share_renditions`),
so every card shows a real image served from the server's cache. The synthetic photos are found through the API
(the feed's pages), never in the database.

Runs with the repository's venv (/work/main/.venv, Playwright) — re-executes itself there when started with a
Python that lacks Playwright.
"""
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
VENV_PY = BENCH_DIR.parent / ".venv" / "bin" / "python"
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    if VENV_PY.exists() and not os.environ.get("BENCH_WEB_REEXEC"):
        os.environ["BENCH_WEB_REEXEC"] = "1"
        os.execv(str(VENV_PY), [str(VENV_PY), __file__] + sys.argv[1:])
    raise

sys.path.insert(0, str(BENCH_DIR))
from common import (BIN, REPO, WORK, Server, bench_seed, fetch, library_args, log, next_link, quote, rel,  # noqa: E402
                    save)

WEB = REPO / "Web"
DATA = WORK / "web-data"
DEMO = "/usr/share/backgrounds/mate"
SYNTHETIC = int(os.environ.get("BENCH_WEB_PHOTOS", "2000"))
REPS = int(os.environ.get("BENCH_WEB_REPS", "3"))
CHROMIUM = os.environ.get("BENCH_CHROMIUM", "/usr/bin/chromium")
SCROLL_LIMIT_S = float(os.environ.get("BENCH_WEB_SCROLL_LIMIT_S", "150"))
SCROLL_REPS = int(os.environ.get("BENCH_WEB_SCROLL_REPS", "3"))  # the long scroll, in this many repetitions
SCROLL_VIEWPORTS = 8
VIEWPORT = {"width": 390, "height": 844}
DPR = 3
CPU_RATE = 4
# The anchors' mobile profile (= Lighthouse's mobile "Slow 4G" preset): 150 ms RTT, 1.6 Mbps down, 750 kbps up.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
BUDGET = {"bytes_kb": 60, "lcp_ms": 1500, "cls": 0.01, "longtask_ms": 50, "tbt_ms": 100}

OBSERVERS = """
(() => {
  const m = window.__bench = {lcp: [], shifts: [], cls: 0, longtasks: []};
  const observe = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn))
      .observe({type, buffered: true}); } catch (e) { m['no_' + type] = String(e); } };
  observe('largest-contentful-paint', (e) => m.lcp.push({t: e.startTime, render: e.renderTime, load: e.loadTime,
      size: e.size, tag: e.element ? e.element.tagName : null, url: e.url || ''}));
  observe('layout-shift', (e) => { if (!e.hadRecentInput) { m.cls += e.value;
      m.shifts.push({t: e.startTime, v: e.value, sources: (e.sources || []).map((s) => s.node ?
          (s.node.className || s.node.nodeName) + '' : '?').slice(0, 3)}); } });
  observe('longtask', (e) => m.longtasks.push({t: e.startTime, d: e.duration}));
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
})();
"""

STATE = """() => {
  const cells = document.querySelectorAll('.feed-list [data-index]');
  let maxIndex = -1;
  for (const c of cells) maxIndex = Math.max(maxIndex, Number(c.dataset.index));
  const status = document.querySelector('[data-view=feed] .list-status');
  return {nodes: document.getElementsByTagName('*').length, imgs: document.images.length, cells: cells.length,
          maxIndex, height: document.documentElement.scrollHeight, y: window.scrollY,
          status: status ? status.textContent : null, bench: window.__bench};
}"""


# ---------------------------------------------------------------------------------------------------------
# The library

def build_library():
    """The demo photos imported, then the library grown by SYNTHETIC photos with `imagefeed bench seed`."""
    shutil.rmtree(DATA, ignore_errors=True)
    cmd = [BIN, "import", DEMO,
           "--collection-per-folder", "--user", "mate", "--data", str(DATA)]
    t0 = time.time()
    run = subprocess.run(cmd, capture_output=True, text=True, cwd=WORK)
    if run.returncode != 0:
        raise RuntimeError(f"import failed: {run.stdout[-1500:]}{run.stderr[-1500:]}")
    import_s = round(time.time() - t0, 1)
    real = bench_seed(library_args(DATA), 0)["photos"]   # adds nothing: the library's photo count
    seed = bench_seed(library_args(DATA), real + SYNTHETIC)
    assert seed["added"] == SYNTHETIC, seed
    log(f"web: library {real} imported ({import_s} s) + {SYNTHETIC} synthetic (seed {seed['seconds']} s)")
    return {"import_command": quote([rel(c) if "/" in str(c) else c for c in cmd]), "import_s": import_s,
            "real_photos": real, "synthetic_photos": SYNTHETIC, "seed_s": seed["seconds"],
            "seed_command": seed["command"], "library_photos": seed["photos"]}


def feed_photos(port):
    """Every photo of the feed, newest first, read as a client reads it (following `Link: rel="next"`)."""
    photos, path = [], "/photos?per_page=30"
    while path:
        status, headers, body = fetch(port, path)
        assert status == 200, (path, status, body[:300])
        photos += json.loads(body)
        path = next_link(headers)
    return photos


def find_synthetic(port, library):
    """The synthetic photos (after the real ones in the feed: they are older) and the real photo whose renditions
    they will share (a landscape one, like most synthetic photos' 4000×3000)."""
    photos = feed_photos(port)
    real, synthetic = photos[:library["real_photos"]], photos[library["real_photos"]:]
    assert len(synthetic) == SYNTHETIC and all(p["user"]["username"] == "mate" for p in real), \
        "the imported photos come first in the feed, then the synthetic ones"
    source = min(real, key=lambda p: abs(p["width"] / p["height"] - 4 / 3))
    library.update(distinct_blurhashes=len({p.get("blur_hash") for p in photos}),
                   synthetic_blurhashes=len({p.get("blur_hash") for p in synthetic}),
                   source_photo=f"{source['id']} ({source['width']}×{source['height']})")
    return source["id"], [p["id"] for p in synthetic]


def share_renditions(page, source, synthetic, widths=(400, 800, 1080, 1600)):
    """Puts one real photo's renditions in every synthetic photo's rendition cache folder, as hard links.

    The renditions are rendered here by the server, asked for by the browser as the feed asks
    (`/img/ID?w=W&fm=auto` at the feed's widths), so the cached files are what the page will ask for. A synthetic
    photo has no original: a request for anything not shared fails, and is counted (`image_errors`)."""
    page.evaluate("""async ([id, widths]) => {
        await Promise.all(widths.map((w) => new Promise((resolve) => {
            const image = new Image();
            image.onload = image.onerror = resolve;
            image.src = `/img/${id}?w=${w}&fm=auto`;
        })));
    }""", [source, list(widths)])
    folder = DATA / "renditions" / source[:2] / source
    files = sorted(p for p in folder.iterdir() if p.is_file())
    for photo_id in synthetic:
        target = DATA / "renditions" / photo_id[:2] / photo_id
        target.mkdir(parents=True, exist_ok=True)
        for file in files:
            if not (target / file.name).exists():
                os.link(file, target / file.name)
    return [f.name for f in files]


# ---------------------------------------------------------------------------------------------------------
# One repetition

def new_page(browser, throttle=True):
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=DPR, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.add_init_script(OBSERVERS)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if throttle:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
        cdp.send("Network.emulateNetworkConditions", NETWORK)
    return context, page, cdp


def wait_quiet(page, requests, settle=2.0, limit=25.0):
    """Waits until no request has started or finished for `settle` seconds (lazy images included)."""
    t0 = time.time()
    last = (-1, -1)
    quiet_since = time.time()
    while time.time() - t0 < limit:
        page.wait_for_timeout(250)
        now = (len(requests["started"]), len(requests["finished"]))
        if now != last or now[0] > now[1]:
            last, quiet_since = now, time.time()
        elif time.time() - quiet_since >= settle:
            break
    return round(time.time() - t0, 1)


def blocking_time(longtasks, start, end):
    """Lighthouse's total blocking time: over the long tasks, each clipped to [start, end], the part over 50 ms."""
    total = 0.0
    for task in longtasks:
        clipped = min(task["t"] + task["d"], end) - max(task["t"], start)
        total += max(0.0, clipped - 50)
    return round(total, 1)


def rep(browser, url, index, do_scroll=True):
    context, page, cdp = new_page(browser)
    requests = {"started": {}, "finished": {}, "info": {}}
    cdp.on("Network.requestWillBeSent", lambda e: requests["started"].__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.responseReceived", lambda e: requests["info"].__setitem__(
        e["requestId"], {"url": e["response"]["url"], "type": e.get("type"), "status": e["response"]["status"],
                         "encoding": {k.lower(): v for k, v in e["response"]["headers"].items()}.get("content-encoding")}))
    cdp.on("Network.loadingFinished", lambda e: requests["finished"].__setitem__(e["requestId"], e["encodedDataLength"]))
    cdp.on("Network.loadingFailed", lambda e: requests["finished"].__setitem__(e["requestId"], 0))
    t0 = time.time()
    page.goto(url, wait_until="load", timeout=60000)
    load_s = round(time.time() - t0, 2)
    quiet = wait_quiet(page, requests)
    start = page.evaluate(STATE)
    quiet_at = page.evaluate("performance.now()")
    b = start["bench"]
    lcp = b["lcp"][-1] if b["lcp"] else None
    fcp = b.get("fcp")
    files = []
    for rid, info in requests["info"].items():
        if info["type"] in ("Script", "Stylesheet") and rid in requests["finished"]:
            files.append({"url": info["url"].split("?")[0].rsplit("/", 1)[-1], "type": info["type"],
                          "transfer": requests["finished"][rid], "encoding": info["encoding"]})
    images = [i for r, i in requests["info"].items() if i["type"] == "Image"]
    out = {"load_event_s": load_s, "settle_s": quiet, "lcp_ms": round(lcp["t"], 1) if lcp else None,
           "lcp_element": lcp and {k: lcp[k] for k in ("tag", "size", "url")},
           "lcp_candidates": [(round(e["t"]), e["tag"], e["url"].split("/")[-1][:60]) for e in b["lcp"]],
           "cls": round(b["cls"], 4), "shifts": b["shifts"][:10],
           "load_longtasks": {"count": len(b["longtasks"]), "max_ms": round(max([t["d"] for t in b["longtasks"]],
                                                                                 default=0), 1),
                              "total_blocking_ms": round(sum(max(0, t["d"] - 50) for t in b["longtasks"]), 1)},
           "fcp_ms": round(fcp, 1) if fcp is not None else None,
           # From FCP to the load's end: the TBT of the first screen, as Lighthouse counts it.
           "first_screen_tbt_ms": blocking_time(b["longtasks"], fcp, quiet_at) if fcp is not None else None,
           "nodes_start": start["nodes"], "cells_start": start["cells"], "requests": len(requests["started"]),
           "image_requests": [(i["url"].split("/photos/")[-1][:70], i["status"],
                               requests["finished"].get(r)) for r, i in requests["info"].items()
                              if i["type"] == "Image"][:12],
           "image_bytes": sum(requests["finished"].get(r, 0) for r, i in requests["info"].items() if i["type"] == "Image"),
           "image_count": len(images), "js_css_files": files}
    log(f"  rep {index}: load {load_s} s, FCP {out['fcp_ms']} ms, LCP {out['lcp_ms']} ms ({lcp and lcp['tag']}), "
        f"CLS {out['cls']}, TBT {out['first_screen_tbt_ms']} ms, long tasks {out['load_longtasks']}, "
        f"nodes {start['nodes']}, {len(images)} images "
        f"{out['image_bytes'] / 1024:.0f} KiB")
    if do_scroll:
        out["scroll"] = scroll(page, cdp)
    # Images the server could not answer (load and scroll): a synthetic photo's rendition that was not shared.
    out["image_errors"] = sum(1 for i in requests["info"].values() if i["type"] == "Image" and i["status"] >= 400)
    context.close()
    return out


# Each step returns the page's state without the observers' record (which only grows): serialising that on every
# one of ~200 steps was most of the page's allocations during the scroll. The final state (with it) is read after.
STEP = """async (dy) => {
  window.scrollBy(0, dy);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const state = (%s)();
  delete state.bench;
  return state;
}""" % STATE


def scroll(page, cdp):
    """Scrolls the feed until photo #SYNTHETIC has been rendered; long tasks and DOM size along the way.

    Every synthetic photo's renditions are already in the server's rendition cache (see `share_renditions`), so
    the server answers the ~2,000 image requests of the scroll from its cache instead of rendering them on the
    same two cores, and the page fetches, decodes and paints a real image per card, through the app's service
    worker and over HTTP like any other."""
    # CPU stays 4× slower; the network throttle is lifted for the scroll (100 API pages over Slow 4G alone would
    # take the section past its time) — it does not change main-thread work.
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1,
                                                  "uploadThroughput": -1})
    page.evaluate("() => { window.__bench.longtasks = []; }")
    step = int(VIEWPORT["height"] * SCROLL_VIEWPORTS)
    t0 = time.time()
    samples = []
    steps = 0
    stalled = 0
    state = page.evaluate(STATE)
    while state["maxIndex"] < SYNTHETIC - 1 and time.time() - t0 < SCROLL_LIMIT_S:
        before = state["y"]
        state = page.evaluate(STEP, step)
        steps += 1
        if steps % 10 == 0:
            samples.append((state["maxIndex"], state["nodes"]))
        if state["y"] == before:   # at the bottom: the next page is on its way
            stalled += 1
            if "caught up" in (state["status"] or ""):
                break
            page.wait_for_timeout(100)
    page.wait_for_timeout(1500)   # let the last rows and images render
    end = page.evaluate(STATE)
    lt = end["bench"]["longtasks"]
    result = {"seconds": round(time.time() - t0, 1), "steps": steps, "step_px": step, "waits_at_bottom": stalled,
              "reached_index": end["maxIndex"], "nodes_end": end["nodes"], "images_in_dom": end["imgs"],
              "cells_in_dom": end["cells"], "scroll_height": end["height"],
              "nodes_max": max([n for _, n in samples] + [end["nodes"]]), "samples": samples[::5],
              "longtasks": {"count": len(lt), "max_ms": round(max([t["d"] for t in lt], default=0), 1),
                            "over_100": sum(1 for t in lt if t["d"] > 100),
                            "total_blocking_ms": round(sum(max(0, t["d"] - 50) for t in lt), 1),
                            "top_ms": sorted((round(t["d"]) for t in lt), reverse=True)[:8]},
              "cls_total": round(end["bench"]["cls"], 4),
              "completed": end["maxIndex"] >= SYNTHETIC - 1}
    log(f"  scroll: {result['seconds']} s, {steps} steps → photo #{end['maxIndex'] + 1}; nodes {end['nodes']} "
        f"(max {result['nodes_max']}); long tasks {result['longtasks']}")
    return result


# ---------------------------------------------------------------------------------------------------------

def first_screen_files():
    """What the first screen loads: app.js with every module it imports statically, and the stylesheet (the other
    modules are loaded on demand, the budget of issue 19)."""
    found, waiting = set(), ["app.js"]
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            waiting += re.findall(r"^import [^;]*? from '\./([\w-]+\.js)';", (WEB / name).read_text(), re.M)
    return sorted(found) + ["app.css"]


def bundle_bytes(loaded):
    def gz(path):
        return len(gzip.compress(path.read_bytes(), compresslevel=9))
    all_files = sorted(list(WEB.glob("*.js")) + list(WEB.glob("*.css")))
    per_file = {p.name: {"raw": p.stat().st_size, "gzip9": gz(p)} for p in all_files}
    first_screen = first_screen_files()
    loaded = sorted(set(loaded))
    sw_only = [n for n in per_file if n not in loaded]
    return {"files": per_file, "loaded": loaded, "not_loaded_by_page": sw_only, "first_screen": first_screen,
            "first_screen_gzip": sum(per_file[n]["gzip9"] for n in first_screen),
            "loaded_js_gzip": sum(per_file[n]["gzip9"] for n in loaded if n.endswith(".js") and n in per_file),
            "loaded_css_gzip": sum(per_file[n]["gzip9"] for n in loaded if n.endswith(".css") and n in per_file),
            "loaded_raw": sum(per_file[n]["raw"] for n in loaded if n in per_file),
            "all_js_gzip": sum(v["gzip9"] for n, v in per_file.items() if n.endswith(".js")),
            "all_css_gzip": sum(v["gzip9"] for n, v in per_file.items() if n.endswith(".css")),
            "all_raw": sum(v["raw"] for v in per_file.values())}


def main():
    if not (WEB / "index.html").exists():
        save("web", {"skipped": True, "reason": "the web app does not exist yet (no Web/index.html)"})
        print("web: skipped — no Web/index.html yet")
        return
    t_section = time.time()
    result = {"library": build_library(), "profile": {
        "viewport": f"{VIEWPORT['width']}×{VIEWPORT['height']} CSS px, DPR {DPR}, isMobile, hasTouch",
        "cpu": f"Emulation.setCPUThrottlingRate {{rate: {CPU_RATE}}}",
        "network": "Network.emulateNetworkConditions " + json.dumps(NETWORK) + " (150 ms RTT, 1.6 Mbps down, "
                   "750 kbps up: the anchors' mobile profile = Lighthouse's mobile \"Slow 4G\")",
        "cache": "Network.setCacheDisabled; fresh browser context per repetition (no service worker installed yet)"},
        "budget": BUDGET, "reps": []}
    server = Server(DATA, 18095, name="web", args=["--web", str(WEB)])
    with server, sync_playwright() as pw:
        result["server_command"] = server.command
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        result["browser"] = f"Chromium {browser.version} (Playwright {__import__('importlib.metadata').metadata.version('playwright')}, headless)"
        url = server.url("/")
        # Warm-up, not measured: the server renders the first screen's renditions on demand once; measured runs
        # then see its rendition cache warm (the browser's cache is always empty).
        context, page, _ = new_page(browser, throttle=False)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(3000)
        source, synthetic = find_synthetic(server.port, result["library"])
        result["shared_renditions"] = share_renditions(page, source, synthetic)
        context.close()
        for i in range(REPS):
            result["reps"].append(rep(browser, url, i + 1, i < SCROLL_REPS))
            save("web", dict(result, partial=True))
        browser.close()
        result["server_after"] = server.stats()
    reps = result["reps"]
    med = lambda f: statistics.median([f(r) for r in reps])
    scrolled = [r for r in reps if "scroll" in r]
    smed = lambda f: statistics.median([f(r) for r in scrolled]) if scrolled else None
    loaded = [f["url"] for r in reps for f in r["js_css_files"]]
    result["bytes"] = bundle_bytes(loaded)
    result["transfer_js_css"] = med(lambda r: sum(f["transfer"] for f in r["js_css_files"]))
    result["content_encoding"] = sorted({str(f["encoding"]) for r in reps for f in r["js_css_files"]})
    result["median"] = {
        "lcp_ms": med(lambda r: r["lcp_ms"] or 1e9), "cls": med(lambda r: r["cls"]),
        "load_longtasks": med(lambda r: r["load_longtasks"]["count"]),
        "load_longtask_max_ms": med(lambda r: r["load_longtasks"]["max_ms"]),
        "load_tbt_ms": med(lambda r: r["load_longtasks"]["total_blocking_ms"]),
        "fcp_ms": med(lambda r: r["fcp_ms"] if r["fcp_ms"] is not None else 1e9),
        "first_screen_tbt_ms": med(lambda r: r["first_screen_tbt_ms"] if r["first_screen_tbt_ms"] is not None else 1e9),
        "first_screen_tbt_ms_worst": max((r["first_screen_tbt_ms"] or 0) for r in reps),
        "scroll_longtasks": smed(lambda r: r["scroll"]["longtasks"]["count"]),
        "scroll_longtask_max_ms": smed(lambda r: r["scroll"]["longtasks"]["max_ms"]),
        "scroll_longtask_max_ms_worst": max((r["scroll"]["longtasks"]["max_ms"] for r in scrolled), default=None),
        "scroll_tbt_ms": smed(lambda r: r["scroll"]["longtasks"]["total_blocking_ms"]),
        "nodes_start": med(lambda r: r["nodes_start"]), "nodes_end": smed(lambda r: r["scroll"]["nodes_end"]),
        "nodes_max": smed(lambda r: r["scroll"]["nodes_max"]), "image_bytes": med(lambda r: r["image_bytes"]), "scroll_reps": len(scrolled),
        "scroll_reached": smed(lambda r: r["scroll"]["reached_index"] + 1), "scroll_cells_end": smed(lambda r: r["scroll"]["cells_in_dom"]),
        "scroll_s": smed(lambda r: r["scroll"]["seconds"]),
        "image_errors": max((r.get("image_errors", 0) for r in reps), default=0),
    }
    result["command"] = ("IMAGEFEED_BIN=… bench/run.sh web  # = " + rel(VENV_PY) + " bench/web.py (Playwright → "
                         + CHROMIUM + " --no-sandbox, headless)")
    result["section_s"] = round(time.time() - t_section, 1)
    save("web", result)
    m = result["median"]
    log(f"web: median TBT of the first screen {m['first_screen_tbt_ms']} ms (worst {m['first_screen_tbt_ms_worst']} ms, "
        f"budget {BUDGET['tbt_ms']} ms), FCP {m['fcp_ms']} ms")
    log(f"web: median LCP {m['lcp_ms']} ms, CLS {m['cls']}, scroll max task {m['scroll_longtask_max_ms']} ms, nodes "
        f"{m['nodes_start']} → {m['nodes_end']}; JS+CSS gzip first screen {result['bytes']['first_screen_gzip']} B, all "
        f"{result['bytes']['all_js_gzip'] + result['bytes']['all_css_gzip']} B "
        f"({result['section_s']} s)")


if __name__ == "__main__":
    main()
