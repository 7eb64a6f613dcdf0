#!/usr/bin/env bash
# Records the outputs of two builds (record.sh) and compares them: prints IDENTICAL or the diff.
# Usage: compare.sh BASE_BIN_DIR NEW_BIN_DIR [SHARED_DATA]   (about 15 s a build)
# For instance: build the old commit in /tmp/base (cmake -S . -B /tmp/base, at the old commit),
# then compare.sh /tmp/base/bin build/bin.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
"$HERE/record.sh" "$1" "$W/base" ${3:+"$3"} > /dev/null 2>&1
"$HERE/record.sh" "$2" "$W/new" ${3:+"$3"} > /dev/null 2>&1
# The path of the binary in "Usage:" lines differs between the two builds, not the output.
diff -r -I '^Usage:' "$W/base" "$W/new" && echo IDENTICAL
