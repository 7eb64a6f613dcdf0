#!/usr/bin/env bash
# --threads N gives byte-identical output to --threads 1: on a few thousand generated and bundled
# puzzles mixed with bad lines (solve and count), on generate, and on the shared benchmark sets
# (SRC/../shared/data) when they are there. The ThreadSanitizer build runs this test (label
# "threads"), which makes it the data-race check of the batch path too.
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions
# Under a sanitizer (10-50x slower) the shared sets are cut to their first lines.
if [ -n "${CSP_SANITIZE:-}" ]; then SHARED_LINES=300; else SHARED_LINES=5000; fi

# sudoku ARGS... > OUT: runs the command; exit status 0 or 1 (not all solved) is fine, anything else
# (a sanitizer's report ends the program with its own status) fails the test, showing stderr.
sudoku() {
  local status=0
  "$S" "$@" 2> "$T/stderr" || status=$?
  [ "$status" -le 1 ] || fail "sudoku $*: exit status $status: $(head -c 3000 "$T/stderr")"
}

# same NAME FILE [OPTIONS...]: solve FILE with 1, 2 and 3 threads; the outputs must be equal byte
# for byte.
same() {
  local name=$1 file=$2
  shift 2
  sudoku solve --threads 1 "$@" "$file" > "$T/t1"
  [ "$(wc -l < "$T/t1")" -gt 0 ] || fail "$name: no output"
  for n in 2 3; do
    sudoku solve --threads "$n" "$@" "$file" > "$T/tn"
    cmp -s "$T/t1" "$T/tn" || fail "$name: --threads $n output differs from --threads 1"
  done
  echo "ok: $name: $(wc -l < "$T/t1") answers, identical on 1, 2 and 3 threads"
}

# generate: the same puzzles whatever the thread count.
sudoku generate --count 200 --seed 9 --threads 1 > "$T/gen1.txt"
sudoku generate --count 200 --seed 9 --threads 2 > "$T/gen2.txt"
cmp -s "$T/gen1.txt" "$T/gen2.txt" || fail "generate --threads 2 differs from --threads 1"
echo "ok: generate: 200 puzzles, identical on 1 and 2 threads"

# A few thousand puzzles: generated and bundled ones, bad lines, 4x4 and 16x16, over many batches.
EMPTY16=$(printf '.%.0s' $(seq 256))
{
  for i in $(seq 10); do
    cat "$T/gen1.txt" "$SRC/data/puzzles.txt"
    echo "12345"
    echo "0000000000000000"
    echo "$EMPTY16"
    echo "# comment $i"
    echo
  done
} > "$T/mixed.txt"
same "mixed puzzles" "$T/mixed.txt"
same "mixed puzzles, grid format" "$T/mixed.txt" --format grid
same "mixed puzzles, node limit 3" "$T/mixed.txt" --node-limit 3
sudoku count --threads 1 "$T/mixed.txt" > "$T/c1"
sudoku count --threads 2 "$T/mixed.txt" > "$T/c2"
cmp -s "$T/c1" "$T/c2" || fail "count --threads 2 differs from --threads 1"
echo "ok: count: identical on 1 and 2 threads"
# More threads than the cap (256) or than there are lines: the same answers.
sudoku solve --threads 100000 "$SRC/data/puzzles.txt" > "$T/many"
sudoku solve --threads 1 "$SRC/data/puzzles.txt" > "$T/one"
cmp -s "$T/one" "$T/many" || fail "--threads 100000 differs"
echo "ok: --threads 100000 works (capped) and gives the same answers"

# sudoku bench (apps_common::bench::run) on two threads, when the command has it: under ThreadSanitizer
# this is the race check of the measuring loop as the command drives it.
if "$S" bench --help > /dev/null 2>&1; then
  sudoku bench --threads 2 --format csv --order mrv,dom-wdeg "$T/mixed.txt" > "$T/bench.csv"
  [ "$(wc -l < "$T/bench.csv")" -ge 3 ] || fail "bench --threads 2: expected a header and two rows"
  echo "ok: bench --threads 2 ran"
else
  echo "skipped: this sudoku has no bench subcommand"
fi

DATA="$SRC/../shared/data"
if [ -d "$DATA" ]; then
  for f in "$DATA"/*.txt; do
    [ "$(basename "$f")" = README.md ] && continue
    head -n "$SHARED_LINES" "$f" > "$T/shared.txt"
    same "shared $(basename "$f") (first $SHARED_LINES lines)" "$T/shared.txt"
  done
else
  echo "skipped: $DATA is absent (the shared benchmark sets)"
fi
echo "reliability of threads: all checks passed"
