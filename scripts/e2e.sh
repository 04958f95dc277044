#!/usr/bin/env bash
# Runs the end-to-end tests against the real server binary, in a virtual environment made from e2e's pinned
# requirements:
#
#   scripts/e2e.sh [e2e|web] [pytest options]
#
# `e2e`: the API suite (real OAuth, Unsplash, Flickr and Pixabay client libraries, JSONPlaceholder, OpenAPI,
# operations); `web`: the web app in Debian's Chromium (Playwright). Both, one after the other, without a suite.
# The suites start their servers through the harness in e2e/harness.
set -euo pipefail
cd "$(dirname "$0")/.."
export IMAGEFEED_BIN="${IMAGEFEED_BIN:-$PWD/.build/debug/imagefeed}"
suites=(e2e web)
if [ $# -gt 0 ] && { [ "$1" = e2e ] || [ "$1" = web ]; }; then
    suites=("$1")
    shift
fi
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
for file in e2e/requirements.txt e2e/web/requirements.txt; do .venv/bin/pip install -q -r "$file"; done
# The order is the files' (pytest-randomly, should it be installed here, is for scripts/e2e-hunt.sh's own venv).
status=0
for suite in "${suites[@]}"; do
    case "$suite" in
        e2e) .venv/bin/python -m pytest -q -p no:randomly e2e --ignore=e2e/web --ignore=e2e/cluster "$@" || status=$? ;;
        web) (cd e2e/web && ../../.venv/bin/python -m pytest -p no:randomly "$@") || status=$? ;;
    esac
done
exit $status
