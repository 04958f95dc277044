#!/usr/bin/env bash
# The flake hunt: runs a suite in a random order (pytest-randomly) with every test COUNT times (pytest-repeat), in
# a virtual environment of its own (.venv-hunt, from e2e's pins and e2e/requirements-hunt.txt), so that `make test`
# never shuffles. Retries are not part of it: a test that fails once here has a cause to find.
#
#   scripts/e2e-hunt.sh web [COUNT] [pytest options]     e.g. scripts/e2e-hunt.sh web 3 -x
#   scripts/e2e-hunt.sh e2e [COUNT] [pytest options]
#   scripts/e2e-hunt.sh cluster [COUNT] [pytest options] (under a throwaway PostgreSQL and moto, as cluster-test.sh)
#
# The order's seed is printed first; HUNT_SEED=N replays that order.
set -euo pipefail
cd "$(dirname "$0")/.."
suite="${1:?which suite: e2e, web or cluster}"
shift
count=2
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then count="$1"; shift; fi
export IMAGEFEED_BIN="${IMAGEFEED_BIN:-$PWD/.build/debug/imagefeed}"
venv=.venv-hunt
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
requirements=(-r e2e/requirements.txt -r e2e/web/requirements.txt -r e2e/requirements-hunt.txt)
[ "$suite" = cluster ] && requirements+=("moto[server]==5.2.5")   # boto3, as scripts/test-s3.sh installs it
"$venv/bin/pip" install -q "${requirements[@]}"
python="$PWD/$venv/bin/python"
seed="${HUNT_SEED:-$((RANDOM * 32768 + RANDOM))}"
echo "scripts/e2e-hunt.sh: $suite, every test $count times, in the order of seed $seed (HUNT_SEED=$seed replays it)"
options=(-p randomly -p repeat --randomly-seed="$seed" --count "$count" -p no:cacheprovider -rfE)
case "$suite" in
    e2e) exec "$python" -m pytest "${options[@]}" e2e --ignore=e2e/web --ignore=e2e/cluster "$@" ;;
    web) cd e2e/web && exec "$python" -m pytest "${options[@]}" "$@" ;;
    cluster) exec scripts/test-postgres.sh scripts/test-s3.sh "$python" -m pytest "${options[@]}" e2e/cluster "$@" ;;
    *) echo "unknown suite $suite: e2e, web or cluster" >&2; exit 2 ;;
esac
