#!/usr/bin/env bash
# --threads N gives byte-identical output to --threads 1 on the shared benchmark sets
# (SRC/../shared/data); without them the test is reported as skipped (exit 77). Run by the
# ThreadSanitizer build too (label "threads").
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail
source "$(dirname "$0")/lib/same_answers.sh"  # sudoku ARGS..., same NAME FILE [OPTIONS...]
# Under a sanitizer (10-50x slower) the shared sets are cut to their first lines.
if [ -n "${CSP_SANITIZE:-}" ]; then SHARED_LINES=300; else SHARED_LINES=5000; fi

DATA="$SRC/../shared/data"
[ -d "$DATA" ] || { echo "SKIPPED: $DATA is absent (the shared benchmark sets did not run)"; exit 77; }
for f in "$DATA"/*.txt; do
  [ "$(basename "$f")" = README.md ] && continue
  head -n "$SHARED_LINES" "$f" > "$T/shared.txt"
  same "shared $(basename "$f") (first $SHARED_LINES lines)" "$T/shared.txt"
done
echo "reliability of threads on the shared sets: all checks passed"
