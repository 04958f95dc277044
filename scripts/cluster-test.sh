#!/usr/bin/env bash
# Runs the cluster tests (e2e/cluster): two `imagefeed serve` nodes started the way deploy/systemd/imagefeed@.service
# starts them, behind nginx configured with deploy/nginx/imagefeed.conf, sharing one PostgreSQL database and one
# S3-compatible bucket. Sign-in, likes, uploads and renditions across nodes, the shared rate limit, and kill -9 of a
# node under load.
#
#   scripts/cluster-test.sh [pytest options, e.g. -k rate_limit]
#
# Needs .build/debug/imagefeed built with the PostgreSQL trait (`make test` builds it first; or set IMAGEFEED_BIN)
# and Debian's nginx, postgresql and python3-venv. It starts a throwaway PostgreSQL server (scripts/test-postgres.sh)
# and S3-compatible server (scripts/test-s3.sh) unless it already runs under them, and stops them afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${IMAGEFEED_TEST_POSTGRES_URL:-}" ] || [ -z "${IMAGEFEED_TEST_S3_ENDPOINT:-}" ]; then
    exec scripts/test-postgres.sh scripts/test-s3.sh "$PWD/scripts/cluster-test.sh" "$@"
fi

scripts/install-packages.sh nginx
export IMAGEFEED_BIN="${IMAGEFEED_BIN:-$PWD/.build/debug/imagefeed}"
if [ ! -x "$IMAGEFEED_BIN" ]; then
    echo "$IMAGEFEED_BIN is missing: build it with \`swift build --traits PostgreSQL --product imagefeed\`." >&2
    exit 1
fi
# scripts/test-s3.sh made the virtual environment (moto brings boto3); pytest and requests come from e2e's pins.
.venv/bin/pip install -q -r e2e/requirements.txt
exec .venv/bin/python -m pytest -p no:cacheprovider e2e/cluster "$@"
