#!/usr/bin/env bash
# The benchmark suite (issue 6): every figure against a reference doing the same work, written to bench/RESULTS.md.
#
#   make bench                      # installs wrk, nginx, imagemagick, libvips-tools, postgresql, then runs this
#   bench/run.sh                    # all sections
#   bench/run.sh import renditions  # some sections: machine import renditions sqlite postgres web storage firebase
#                                   # database databasews scale
#   bench/run.sh scale              # not among "all": 100 k and 10 M photos on both backends, about two hours
#                                   # (the report always)
#
# Every section runs one binary: the release build with the PostgreSQL trait, so SQLite and PostgreSQL are measured
# with the same build, over HTTP too. The database figures come from the product itself (`imagefeed bench seed`,
# `imagefeed bench trace`); bench/ holds no SQL.
#
# Environment: IMAGEFEED_BIN (skip the build and use this binary; it needs the PostgreSQL trait for the postgres
# section), BENCH_WRK_SECONDS (default 8), BENCH_SCALES (default 10000,100000,1000000), BENCH_API_SCALE (default
# 100000), BENCH_TRACE_REPEAT (timed runs per `bench trace`, default 30), BENCH_TRACE_CAP_S (default 600),
# BENCH_IMPORT_REPS (default 3), BENCH_CORPUS (default 40 photos); the storage section (S3-backed node against local,
# on moto in the repository's .venv, made when missing): BENCH_STORAGE_PHOTOS (default 40), BENCH_STORAGE_PASSES
# (first-read passes, default 3), BENCH_STORAGE_EXTRA (the size nobody pre-renders, default w=640&fm=jpg); the
# firebase section: BENCH_FIREBASE_SIGNINS (default 20), BENCH_FIREBASE_CONNECTIONS (default 4); the database section
# (the Realtime Database): BENCH_DATABASE_LISTENERS (default 1000), BENCH_DATABASE_EVENTS (default 20),
# BENCH_DATABASE_TXN_THREADS (default 8), BENCH_DATABASE_TXN_EACH (default 50), BENCH_DATABASE_CONNECTIONS (default 16);
# the databasews section (the SDKs' WebSocket protocol): BENCH_WS_CONNECTIONS (default 10000), BENCH_WS_LISTENERS
# (default 1000), BENCH_WS_EVENTS (default 20), BENCH_WS_WRITERS (default 16), BENCH_WS_SECONDS (default 8); the scale
# section: BENCH_SCALE_SIZES (default 100000,10000000), BENCH_SCALE_CONNECTIONS (default 1000), BENCH_SCALE_IMPORT
# (the folder whose first 40 pictures are imported, default /usr/share/backgrounds/mate), BENCH_SCALE_KEEP=1 (keep
# each backend's grown library instead of deleting it once measured).
set -euo pipefail
cd "$(dirname "$0")/.."
bench_dir="$PWD/bench"
mkdir -p bench/work/results bench/work/logs

# Packages the sections need beyond the Makefile's BENCH_PACKAGES: the photographs, and python3-venv for the venv
# of the storage section's S3 server (moto).
scripts/install-packages.sh mate-backgrounds plasma-workspace-wallpapers libvips-tools imagemagick nginx \
    wrk postgresql python3-venv

given_bin="${IMAGEFEED_BIN:-}"
if [ -z "${IMAGEFEED_BIN:-}" ]; then
    echo "Building the release binary (with the PostgreSQL trait)…"
    swift build -c release --traits PostgreSQL --product imagefeed
    export IMAGEFEED_BIN="$PWD/.build/release/imagefeed"
fi
[ -x "$IMAGEFEED_BIN" ] || { echo "No imagefeed binary at $IMAGEFEED_BIN" >&2; exit 1; }

# As in the anchors: the measuring jobs get scheduler priority over other work on the box (our own autogroup
# only; nobody else's processes are touched). Best effort.
autogroup="not changed"
if echo -15 > /proc/self/autogroup 2>/dev/null; then autogroup="$(cat /proc/self/autogroup)"; fi
export BENCH_AUTOGROUP="$autogroup"
export BENCH_COMMAND="${BENCH_COMMAND:-${given_bin:+IMAGEFEED_BIN=$given_bin }$( [ -n "${MAKELEVEL:-}" ] && echo "make bench" || echo "bench/run.sh $*")}"

sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(machine import renditions sqlite postgres web storage firebase database databasews)
export BENCH_SECTIONS="${sections[*]}"   # the report says which results this run measured
# A full run replaces every result; a partial run keeps the others for the report.
[ $# -eq 0 ] && rm -f bench/work/results/*.json
started=$(date +%s)
failed=()
for section in "${sections[@]}"; do
    echo "== $section"
    rm -f "bench/work/results/failed-$section.txt"
    case "$section" in
        machine) cmd=(python3 "$bench_dir/machine.py") ;;
        import|renditions) cmd=(python3 "$bench_dir/images.py" "$section") ;;
        sqlite|postgres) cmd=(python3 "$bench_dir/db.py" "$section") ;;
        web) cmd=(python3 "$bench_dir/web.py") ;;
        storage) cmd=(python3 "$bench_dir/storage.py") ;;
        firebase) cmd=(python3 "$bench_dir/firebase.py") ;;
        database) cmd=(python3 "$bench_dir/database.py") ;;
        databasews) cmd=(python3 "$bench_dir/database_ws.py") ;;
        scale) cmd=(python3 "$bench_dir/scale.py") ;;
        *) echo "unknown section $section" >&2; exit 2 ;;
    esac
    # A failing section is reported (bench/work/results/failed-*.txt, quoted in RESULTS.md); the others still run.
    if ! "${cmd[@]}" 2> >(tee "bench/work/logs/$section.stderr" >&2); then
        failed+=("$section")
        tail -n 30 "bench/work/logs/$section.stderr" > "bench/work/results/failed-$section.txt"
    fi
done
python3 "$bench_dir/report.py" "$(( $(date +%s) - started ))"
echo "Wrote bench/RESULTS.md"
[ ${#failed[@]} -eq 0 ] || { echo "Failed sections: ${failed[*]}" >&2; exit 1; }
