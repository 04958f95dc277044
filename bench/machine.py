"""The machine and the tools the figures were measured with, and the load at the start."""
import os
import re
import time
from pathlib import Path

from common import BIN, CONVERT, REPO, output, save


def first(text, pattern=None):
    lines = [l for l in text.splitlines() if l.strip()]
    if pattern:
        lines = [l for l in lines if re.search(pattern, l)]
    return lines[0].strip() if lines else "?"


def main():
    lscpu = output(["lscpu"])
    field = lambda name: first(lscpu, rf"^{name}:").split(":", 1)[-1].strip()
    mem_kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
    pg = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"))
    info = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "cpu_model": field("Model name"), "cpus": os.cpu_count(), "threads_per_core": field("Thread\\(s\\) per core"),
        "hypervisor": field("Hypervisor vendor"), "l2": field("L2 cache"), "l3": field("L3 cache"),
        "ram_gib": round(mem_kb / 1024 / 1024, 1),
        "kernel": output(["uname", "-sr"]), "os": first(Path("/etc/os-release").read_text(), "PRETTY_NAME").split("=")[1].strip('"'),
        "loadavg_start": Path("/proc/loadavg").read_text().split()[:3],
        "autogroup": os.environ.get("BENCH_AUTOGROUP", "not changed"),
        "command": os.environ.get("BENCH_COMMAND", "bench/run.sh"),
        "imagefeed_bin": os.path.relpath(BIN, REPO) if BIN.startswith(str(REPO)) else BIN,
        "git": output(["git", "-C", str(REPO), "describe", "--always", "--dirty", "--abbrev=12"]),
        "tools": {
            "swift": first(output(["swift", "--version"])),
            "libvips": output(["vips", "--version"]),
            "imagemagick": first(output([CONVERT, "-version"])),
            "nginx": first(output(["nginx", "-v"], ) or os.popen("nginx -v 2>&1").read()),
            "wrk": first(os.popen("wrk -v 2>&1").read()),
            "postgresql": output([str(pg[-1]), "--version"]) if pg else "not installed",
            "python": first(output(["python3", "--version"])),
            "perf": output(["perf", "--version"]) or "not installed",
        },
    }
    save("machine", info)
    print(f"{info['cpu_model']}, {info['cpus']} CPUs, {info['ram_gib']} GiB, load {' '.join(info['loadavg_start'])}")


main()
