"""Sections 1 and 3: import throughput against vipsthumbnail and ImageMagick, and /img renditions.

    python3 bench/images.py import|renditions
"""
import json
import math
import time
import os
import shutil
import subprocess
import sys
from pathlib import Path

from common import (BIN, CONVERT, WORK, Nginx, Server, fetch, log, output, perf_process, perf_report, quote, rel,
                    save, summarize_ms, time_command, wrk)

CORPUS = WORK / "corpus"
CORPUS_COUNT = int(os.environ.get("BENCH_CORPUS", "40"))
REPS = int(os.environ.get("BENCH_IMPORT_REPS", "3"))
IM_REPS = int(os.environ.get("BENCH_IM_REPS", "2"))  # ImageMagick is ~10× slower: fewer repetitions
IMPORT_DATA = WORK / "import-data"
SIZES = (1080, 400, 200)
# The exact saver options of the importer (Sources/CVips/shim.h cvips_jpegsave): Q80, strip, optimize_coding,
# interlace (progressive). The references write the same kind of file.
VIPS_SAVE = "Q=80,strip,optimize_coding,interlace"
# The importer's mezzanine (Sources/CVips/shim.h cvips_jpegsave_mezzanine): baseline Q92 4:2:0; its width is read
# from the files the import wrote.
VIPS_SAVE_MEZZANINE = "Q=92,strip,optimize_coding,subsample_mode=on"


def corpus():
    subprocess.run([str(Path(__file__).parent / "corpus.sh"), str(CORPUS), str(CORPUS_COUNT)], check=True)
    files = sorted(CORPUS.glob("*.jpg"))[:CORPUS_COUNT]
    return files


def outputs(folder):
    files = [f for f in Path(folder).rglob("*") if f.is_file()]
    return len(files), sum(f.stat().st_size for f in files)


def best(runs):
    return min(runs, key=lambda r: r["wall_s"])


def run_reps(name, make_cmd, prepare, shell=True, env=None, reps=REPS):
    runs = []
    for rep in range(reps):
        prepare()
        cmd = make_cmd()
        r = time_command(cmd, env=env, shell=shell)
        if r["rc"] != 0:
            raise RuntimeError(f"{name} failed: {r['stderr'][-1500:]}")
        runs.append(r)
        log(f"  {name} rep {rep + 1}: {r['wall_s']:.2f} s wall, {r['user_s'] + r['sys_s']:.2f} CPU-s, "
            f"{r['peak_rss_mb']} MB")
    return runs


def section_import():
    files = corpus()
    n = len(files)
    megapixels = 12
    result = {"photos": n, "corpus_mb": round(sum(f.stat().st_size for f in files) / 1e6, 1), "reps": REPS, "cases": {}}
    half = math.ceil(n / 2)

    # imagefeed import: every core (--jobs defaults to the core count), a fresh data folder each time.
    def prep_imagefeed():
        shutil.rmtree(IMPORT_DATA, ignore_errors=True)
    env = {"IMAGEFEED_LOG_LEVEL": "error"}
    cmd_if = [BIN, "import", str(CORPUS), "--data", str(IMPORT_DATA)]
    runs = run_reps("imagefeed import", lambda: cmd_if, prep_imagefeed, shell=False, env=env)
    for r in runs:
        if f"Imported {n} photos" not in r["stdout"]:
            raise RuntimeError("imagefeed import did not import every photo:\n" + r["stdout"] + r["stderr"])
    count, size = outputs(IMPORT_DATA / "renditions")
    mezzanines = sorted((IMPORT_DATA / "mezzanines").rglob("*.jpg"))
    mezzanine_width = int(output(["vipsheader", "-f", "width", str(mezzanines[0])]) or 0) if mezzanines else None
    result["mezzanines"] = {"files": len(mezzanines), "width": mezzanine_width,
                            "mb": round(sum(f.stat().st_size for f in mezzanines) / 1e6, 1)}
    count, size = count + len(mezzanines), size + sum(f.stat().st_size for f in mezzanines)
    result["cases"]["imagefeed"] = {
        "command": "IMAGEFEED_LOG_LEVEL=error /usr/bin/time -f '%e %U %S %M' " + quote(
            [rel(BIN), "import", rel(CORPUS), "--data", rel(IMPORT_DATA)]),
        "runs": runs, "best": best(runs), "outputs": count, "output_mb": round(size / 1e6, 2),
        "summary_line": runs[-1]["stdout"].strip().splitlines()[0]}

    # vipsthumbnail: 2 processes (one per core), each renders its half of the files at each size from the
    # original (shrink-on-load), one libvips thread each: the fastest CLI arrangement in the anchors (§2).
    vout = WORK / "ref-vips"

    def prep_dir(folder):
        def prep():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        return prep

    def vips_case(name, sizes):
        inner = "; ".join(f"vipsthumbnail --size {size}x -o \"{vout}/%s_{size}.jpg[{save}]\" \"$@\""
                          for size, save in sizes)
        cmd_v = f"ls {CORPUS}/*.jpg | head -n {n} | VIPS_CONCURRENCY=1 xargs -P2 -n{half} sh -c '{inner}' _"
        runs = run_reps(name, lambda: cmd_v, prep_dir(vout))
        count, size = outputs(vout)
        result["cases"][name] = {"command": cmd_v.replace(str(WORK), "bench/work"), "runs": runs,
                                 "best": best(runs), "outputs": count, "output_mb": round(size / 1e6, 2)}
    renditions_only = [(size, VIPS_SAVE) for size in SIZES]
    vips_case("vipsthumbnail", renditions_only)
    # The same files as the importer: its mezzanine too, each file from the original.
    if mezzanine_width:
        vips_case("vipsthumbnail_same_files", [(mezzanine_width, VIPS_SAVE_MEZZANINE)] + renditions_only)

    # ImageMagick convert: 2 processes × 1 thread (its best arrangement in the anchors), one decode per photo with
    # the jpeg:size shrink-on-load hint, each size derived from the previous one (the importer's own approach).
    mout = WORK / "ref-im"
    im_variants = {
        "imagemagick": f"-define jpeg:size=2160x2160 \"$1\" -auto-orient -strip -interlace JPEG -quality 80",
        "imagemagick_nohint": f"\"$1\" -auto-orient -strip -interlace JPEG -quality 80",
    }
    for name, head in im_variants.items():
        chain = (f"{CONVERT} {head} -thumbnail 1080x -write {mout}/${{b}}_1080.jpg -thumbnail 400x "
                 f"-write {mout}/${{b}}_400.jpg -thumbnail 200x {mout}/${{b}}_200.jpg")
        inner = "b=$(basename \"$1\" .jpg); " + chain
        cmd_m = (f"ls {CORPUS}/*.jpg | head -n {n} | MAGICK_THREAD_LIMIT=1 xargs -P2 -n1 sh -c "
                 f"'{inner}' _")
        runs = run_reps(name, lambda: cmd_m, prep_dir(mout), reps=IM_REPS if name == "imagemagick" else 1)
        count, size = outputs(mout)
        result["cases"][name] = {"command": cmd_m.replace(str(WORK), "bench/work"), "runs": runs, "best": best(runs),
                                 "outputs": count, "output_mb": round(size / 1e6, 2)}

    for case in result["cases"].values():
        b = case["best"]
        case["photos_per_s"] = round(n / b["wall_s"], 2)
        case["cpu_s_per_photo"] = round((b["user_s"] + b["sys_s"]) / n, 4)
        case["megapixels_per_s"] = round(n * megapixels / b["wall_s"], 1)
    rate = result["cases"]["imagefeed"]["photos_per_s"]
    reference = "vipsthumbnail_same_files" if "vipsthumbnail_same_files" in result["cases"] else "vipsthumbnail"
    result["reference"] = reference
    result["ratio_vs_vipsthumbnail"] = round(rate / result["cases"][reference]["photos_per_s"], 3)
    result["ratio_vs_vipsthumbnail_renditions_only"] = round(rate / result["cases"]["vipsthumbnail"]["photos_per_s"], 3)
    result["ratio_vs_imagemagick"] = round(rate / result["cases"]["imagemagick"]["photos_per_s"], 3)
    result["ratio_vs_imagemagick_nohint"] = round(rate / result["cases"]["imagemagick_nohint"]["photos_per_s"], 3)
    # Profile of one import run (only when perf is available): where the CPU goes.
    result["profile"] = perf_profile_import(env)
    save("import", result)
    log(f"import: imagefeed {rate}/s, ×{result['ratio_vs_vipsthumbnail']} vipsthumbnail, "
        f"×{result['ratio_vs_imagemagick']} ImageMagick")


def perf_profile_import(env):
    if not shutil.which("perf"):
        return None
    shutil.rmtree(IMPORT_DATA, ignore_errors=True)
    data = WORK / "perf-import.data"
    cmd = ["perf", "record", "-F", "499", "-g", "-o", str(data), "--", BIN, "import", str(CORPUS), "--data",
           str(IMPORT_DATA)]
    run = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, **env))
    if run.returncode != 0:
        return {"error": run.stderr[-500:]}
    return dict(perf_report(data, percent=1.5), command=quote(["perf", "record", "-F", "499", "-g", "--", rel(BIN),
                                                               "import", rel(CORPUS), "--data", rel(IMPORT_DATA)]))


def section_renditions():
    if not (IMPORT_DATA / "renditions").exists():
        raise RuntimeError("run the import section first: it leaves the library the rendition bench serves")
    result = {}
    static = WORK / "static-img"
    shutil.rmtree(static, ignore_errors=True)
    static.mkdir()
    with Server(IMPORT_DATA, 18081, name="renditions") as server:
        result["server_command"] = server.command
        ids = []
        for page in (1, 2, 3):
            status, _, body = fetch(server.port, f"/photos?per_page=30&page={page}")
            ids += [p["id"] for p in json.loads(body)]
        result["photos"] = len(ids)
        cached = {}
        for width in (400, 1080):
            path = f"/img/{ids[0]}?w={width}&fit=max&q=80&fm=jpg"   # the feed's urls.small / urls.regular
            status, headers, body = fetch(server.port, path)
            assert status == 200 and headers.get("Content-Type") == "image/jpeg", (status, headers)
            name = f"rendition{width}.jpg"
            (static / name).write_bytes(body)
            r = wrk(server.url(path))
            r["server"] = server.stats()
            cached[width] = {"path": path, "bytes": len(body), "imagefeed": r}
            log(f"  cached /img w={width}: {r['rps']:.0f} req/s, p99 {r.get('p99_ms')} ms")
        result["server_after_cached"] = server.stats()
        # Where a cached answer's time goes (after the measured runs, so perf does not slow them).
        url = server.url(cached[400]["path"])
        result["profile_cached"] = perf_process(server.proc.pid, lambda: wrk(url, seconds=5), f"wrk -t1 -c64 -d5s {url}")
    with Nginx(static) as nginx:
        result["nginx_command"] = nginx.command
        for width, case in cached.items():
            case["nginx"] = wrk(nginx.url(f"rendition{width}.jpg"))
            case["ratio"] = round(case["imagefeed"]["rps"] / case["nginx"]["rps"], 3)
            log(f"  nginx w={width}: {case['nginx']['rps']:.0f} req/s → ratio {case['ratio']}")
    result["cached"] = {str(k): v for k, v in cached.items()}

    # Uncached w=1080: the rendition cache is deleted (the README says it may be at any time; the mezzanines the
    # import wrote stay), then each photo is asked for once, one request at a time. The server is not pinned here.
    mezzanines = sorted((IMPORT_DATA / "mezzanines").rglob("*.jpg"))
    result["mezzanines"] = {"files": len(mezzanines), "mb": round(sum(f.stat().st_size for f in mezzanines) / 1e6, 1)}
    samples = []

    def uncached_pass(record):
        shutil.rmtree(IMPORT_DATA / "renditions", ignore_errors=True)
        (IMPORT_DATA / "renditions").mkdir()
        for pid in ids:
            t0 = time.perf_counter()
            status, headers, body = fetch(server.port, f"/img/{pid}?w=1080")
            assert status == 200, status
            if record:
                samples.append((time.perf_counter() - t0) * 1000)
    with Server(IMPORT_DATA, 18082, cpus=None, name="renditions-uncached") as server:
        result["uncached_server_command"] = server.command
        for rep in range(2):
            uncached_pass(True)
        result["uncached_server"] = server.stats()
        # A third pass under perf, not counted.
        result["profile_uncached"] = perf_process(server.proc.pid, lambda: uncached_pass(False),
                                                  "one more uncached pass (not counted)")
    result["uncached"] = summarize_ms(samples)
    result["uncached"]["path"] = "/img/<id>?w=1080 (each photo once, renditions/ emptied, 2 passes)"
    # References: vipsthumbnail in one warm process, same size and saver options, libvips' default concurrency (as
    # the server): from the same 12 MP originals, and from the mezzanines the server now renders from.
    originals = sorted(CORPUS.glob("*.jpg"))[:len(ids)]
    for key, files, label in (("reference_vipsthumbnail", originals, "bench/work/corpus/*.jpg"),
                              ("reference_vipsthumbnail_mezzanine", mezzanines,
                               "bench/work/import-data/mezzanines/*/*/*.jpg")):
        if not files:
            continue
        vout = WORK / "ref-vips-1080"
        shutil.rmtree(vout, ignore_errors=True)
        vout.mkdir()
        t = time_command(["vipsthumbnail", "--size", "1080x", "-o", f"{vout}/%s.jpg[{VIPS_SAVE}]"] + [str(f) for f in files])
        result[key] = {"command": quote(["vipsthumbnail", "--size", "1080x", "-o",
                                         f"bench/work/ref-vips-1080/%s.jpg[{VIPS_SAVE}]", label]),
                       "files": len(files), "ms_per_photo": round(t["wall_s"] * 1000 / len(files), 1),
                       **{k: v for k, v in t.items() if k not in ("stdout", "stderr")}}
    save("renditions", result)
    log(f"renditions: uncached w=1080 p50 {result['uncached']['p50_ms']} ms (vipsthumbnail "
        f"{result['reference_vipsthumbnail']['ms_per_photo']} ms/photo from the originals, "
        f"{result.get('reference_vipsthumbnail_mezzanine', {}).get('ms_per_photo')} from the mezzanines)")


if __name__ == "__main__":
    {"import": section_import, "renditions": section_renditions}[sys.argv[1]]()
