#!/usr/bin/env bash
# FeedKit is what native apps link: it must build alone, with nothing of the server in it, and its documentation must
# build. Three checks:
#   1. the manifest: FeedKit's target closure depends on FeedModels and swift-crypto's Crypto, nothing else;
#   2. a build of FeedKit alone in its own scratch folder compiles only FeedKit, FeedModels and swift-crypto's modules
#      (no Hummingbird, NIO, SQL or libvips), proving the manifest check against what the compiler actually did;
#   3. the DocC catalog builds with warnings treated as errors (broken symbol links fail).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "FeedKit: checking the manifest's dependency closure"
swift package describe --type json | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
allowed_targets, allowed_products = {"FeedKit", "FeedModels"}, {"Crypto"}
seen, todo, products = set(), ["FeedKit"], set()
while todo:
    name = todo.pop()
    if name in seen: continue
    seen.add(name)
    products |= set(targets[name].get("product_dependencies", []))
    todo += targets[name].get("target_dependencies", [])
bad = (seen - allowed_targets) | (products - allowed_products)
if bad:
    sys.exit("FeedKit depends on %s; it may depend on FeedModels and Crypto only." % sorted(bad))
print("  targets %s, products %s" % (sorted(seen), sorted(products)))
'

echo "FeedKit: building it alone in .build-feedkit"
swift build --target FeedKit --scratch-path .build-feedkit 2>&1 | tail -1
compiled=$(for dir in .build-feedkit/debug/*.build; do
    if [ -n "$(find "$dir" -name '*.o' -print -quit)" ]; then basename "$dir" .build; fi
done | sort | tr '\n' ' ')
echo "  compiled: $compiled"
for module in $compiled; do
    case "$module" in
        # swift-crypto's Crypto: its Swift module, BoringSSL and its wrapper, and (from 4.0) XKCP, its SHA-3.
        FeedKit|FeedModels|Crypto|CryptoBoringWrapper|CCryptoBoringSSL|CCryptoBoringSSLShims|CXKCP|CXKCPShims) ;;
        *) echo "FeedKit's build compiled $module, which is not FeedKit's to depend on." >&2; exit 1 ;;
    esac
done

echo "FeedKit: building the documentation"
swift package generate-documentation --target FeedKit --warnings-as-errors 2>&1 | tail -3
test -d .build/plugins/Swift-DocC/outputs/FeedKit.doccarchive
