#!/usr/bin/env bash
# FeedLibrary is what ImageFeed does with photos, for the server and the command-line tools alike: it must build
# without anything of HTTP. Two checks:
#   1. the manifest: no target in FeedLibrary's dependency closure, or its tests', is FeedServer (or the server test
#      harness), and no product of them is Hummingbird's (bcrypt aside), HTTPTypes or MultipartKit;
#   2. a build of FeedLibrary alone in its own scratch folder compiles no Hummingbird module but bcrypt's, and no
#      HTTPTypes or MultipartKit, proving the manifest check against what the compiler actually did.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "FeedLibrary and its tests: checking the manifest's dependency closures"
swift package describe --type json | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
for root in ["FeedLibrary", "FeedLibraryTests"]:
    seen, todo, products = set(), [root], set()
    while todo:
        name = todo.pop()
        if name in seen: continue
        seen.add(name)
        products |= set(targets[name].get("product_dependencies", []))
        todo += targets[name].get("target_dependencies", [])
    bad = sorted({t for t in seen if t in ("FeedServer", "TestSupport")}
                 | {p for p in products if (p.startswith("Hummingbird") and p != "HummingbirdBcrypt")
                    or p.startswith("HTTPTypes") or p.startswith("NIOHTTPTypes") or p == "MultipartKit"})
    if bad:
        sys.exit("%s depends on %s: the library and its tests must not know HTTP." % (root, bad))
    print("  %s: targets %s" % (root, sorted(seen)))
    print("  %s: products %s" % (root, sorted(products)))
'

# The scratch folder is kept between runs (like FeedKit's), so only the first check pays for a cold build.
echo "FeedLibrary: building it alone in .build-library"
swift build --target FeedLibrary --scratch-path .build-library 2>&1 | tail -1
compiled=$(for dir in .build-library/debug/*.build; do
    if [ -n "$(find "$dir" -name '*.o' -print -quit)" ]; then basename "$dir" .build; fi
done | sort | tr '\n' ' ')
echo "  compiled: $compiled"
test -n "$(find .build-library/debug/FeedLibrary.build -name '*.o' -print -quit)" \
    || { echo "FeedLibrary was not compiled." >&2; exit 1; }
for module in $compiled; do
    case "$module" in
        HummingbirdBcrypt|CBcrypt) ;;
        Hummingbird*|HTTPTypes*|NIOHTTPTypes*|MultipartKit|FeedServer)
            echo "FeedLibrary's build compiled $module: the library must not know HTTP." >&2; exit 1 ;;
    esac
done
echo "FeedLibrary: no HTTP framework compiled"
