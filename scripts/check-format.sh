#!/usr/bin/env bash
# The Swift sources keep one layout, the committed .swift-format's (swift-format ships with the toolchain): lines up
# to 120 columns, 4-space indents, ordered imports. Fails, listing each place, when a file strays; `swift format -i -r
# Sources Tests Package.swift` puts them right.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "swift format: linting Sources, Tests and Package.swift"
if ! swift format lint --strict --recursive --parallel Sources Tests Package.swift; then
    echo "Some Swift files stray from .swift-format; 'swift format -i -r Sources Tests Package.swift' fixes the layout." >&2
    exit 1
fi
