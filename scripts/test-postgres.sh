#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests, runs a command with IMAGEFEED_TEST_POSTGRES_URL pointing at
# it, and stops and deletes the server afterwards, whatever the command's outcome.
#
#   scripts/test-postgres.sh swift test --traits PostgreSQL
set -euo pipefail

# A free port unless one is given, so several runs (or a developer's own server) never collide.
port="${IMAGEFEED_TEST_POSTGRES_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
bin_dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$bin_dir" ] || [ ! -x "$bin_dir/initdb" ]; then
    echo "PostgreSQL server binaries not found. Install them with: sudo apt-get install -y postgresql" >&2
    exit 1
fi

run_as_owner() {
    # initdb and postgres refuse to run as root: use the postgres system user when we are root.
    if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# In TMPDIR (make test gives each run its own), unless the postgres user cannot reach it there.
work="$(mktemp -d "${TMPDIR:-/tmp}/imagefeed-pg.XXXXXX")"
if [ "$(id -u)" = "0" ]; then
    chown postgres "$work"
    if ! runuser -u postgres -- test -w "$work"; then
        rmdir "$work"
        work="$(mktemp -d /tmp/imagefeed-pg.XXXXXX)"
        chown postgres "$work"
    fi
fi

cleanup() {
    run_as_owner "$bin_dir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

run_as_owner "$bin_dir/initdb" -D "$work/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >"$work/initdb.log" 2>&1 \
    || { cat "$work/initdb.log" >&2; exit 1; }
run_as_owner "$bin_dir/pg_ctl" -D "$work/data" -l "$work/server.log" -w -t 60 \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=500" \
    start >/dev/null || { cat "$work/server.log" >&2; exit 1; }

export IMAGEFEED_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
export IMAGEFEED_REQUIRE_POSTGRES=1
echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') for the tests at 127.0.0.1:$port"
"$@"
