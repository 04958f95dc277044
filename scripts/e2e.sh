#!/usr/bin/env bash
# Runs the end-to-end tests (real OAuth client libraries, the web app in Debian's Chromium) against the real
# server binary, in a virtual environment made from e2e's pinned requirements.
set -euo pipefail
cd "$(dirname "$0")/.."
export IMAGEFEED_BIN="${IMAGEFEED_BIN:-$PWD/.build/debug/imagefeed}"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
requirements=(e2e/requirements.txt)
[ -f e2e/web/requirements.txt ] && requirements+=(e2e/web/requirements.txt)
for file in "${requirements[@]}"; do .venv/bin/pip install -q -r "$file"; done
status=0
.venv/bin/python -m pytest -q e2e --ignore=e2e/web || status=$?
if [ -d e2e/web ]; then
    (cd e2e/web && ../../.venv/bin/python -m pytest -q) || status=$?
fi
exit $status
