#!/usr/bin/env bash
# Starts two throwaway S3-compatible servers (moto) on loopback for the tests, runs a command with
# IMAGEFEED_TEST_S3_ENDPOINT pointing at the first, and stops both afterwards, whatever the command's outcome.
#
#   scripts/test-s3.sh swift test
#
# The first server accepts any credentials: the store tests use it. The second checks every request's SigV4
# signature against an IAM access key made on it at start-up (moto's INITIAL_NO_AUTH_ACTION_COUNT: the first three
# requests, which make the user, its policy and its key, go unchecked); the signing tests use it to show that a
# real server accepts our signatures and refuses a wrong secret.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
moto_version="5.2.5"
venv="$root/.venv"
if [ ! -x "$venv/bin/moto_server" ] \
    || ! "$venv/bin/pip" show moto 2>/dev/null | grep -q "^Version: $moto_version$"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "moto[server]==$moto_version"
fi

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
work="$(mktemp -d "${TMPDIR:-/tmp}/imagefeed-s3.XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# Starts moto_server in the background on `port` with the given environment. Not in a subshell, so `pids` keeps
# the process for `cleanup`.
start_moto() {
    local name="$1" port="$2"
    shift 2
    env "$@" "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$work/$name.log" 2>&1 &
    pids+=("$!")
}

# Waits until the server answers on /moto-api/, which is not an AWS action and so is not counted against
# INITIAL_NO_AUTH_ACTION_COUNT.
wait_for_moto() {
    local name="$1" port="$2"
    for _ in $(seq 1 100); do
        if python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' \
            "http://127.0.0.1:$port/moto-api/" 2>/dev/null; then return 0; fi
        sleep 0.2
    done
    echo "moto_server ($name) did not start:" >&2
    cat "$work/$name.log" >&2
    return 1
}

open_port="$(free_port)"
auth_port="$(free_port)"
start_moto open "$open_port"
start_moto auth "$auth_port" INITIAL_NO_AUTH_ACTION_COUNT=3
wait_for_moto open "$open_port"
wait_for_moto auth "$auth_port"

# The checked server's IAM user, allowed everything in S3, and its access key.
keys="$(AWS_ACCESS_KEY_ID=bootstrap AWS_SECRET_ACCESS_KEY=bootstrap "$venv/bin/python" - "$auth_port" <<'EOF'
import json, sys, boto3
iam = boto3.client("iam", endpoint_url=f"http://127.0.0.1:{sys.argv[1]}", region_name="us-east-1")
iam.create_user(UserName="imagefeed-tests")
iam.put_user_policy(UserName="imagefeed-tests", PolicyName="s3", PolicyDocument=json.dumps(
    {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}))
key = iam.create_access_key(UserName="imagefeed-tests")["AccessKey"]
print(key["AccessKeyId"], key["SecretAccessKey"])
EOF
)"
read -r auth_key_id auth_secret <<<"$keys"

export IMAGEFEED_TEST_S3_ENDPOINT="http://127.0.0.1:$open_port"
export IMAGEFEED_TEST_S3_AUTH_ENDPOINT="http://127.0.0.1:$auth_port"
export IMAGEFEED_TEST_S3_AUTH_ACCESS_KEY_ID="$auth_key_id"
export IMAGEFEED_TEST_S3_AUTH_SECRET_ACCESS_KEY="$auth_secret"
export AWS_ACCESS_KEY_ID="imagefeed-test"
export AWS_SECRET_ACCESS_KEY="imagefeed-test-secret"
export IMAGEFEED_REQUIRE_S3=1
echo "moto $moto_version for the tests at 127.0.0.1:$open_port (signatures checked at 127.0.0.1:$auth_port)"
"$@"
