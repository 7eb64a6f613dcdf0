#!/usr/bin/env bash
# --threads N gives byte-identical output to --threads 1: on a few thousand generated and bundled
# puzzles mixed with bad lines (solve and count) and on generate (the shared benchmark sets of
# SRC/../shared/data: reliability_threads_shared.sh). The ThreadSanitizer build runs this test
# (label "threads"), which makes it the data-race check of the batch path too.
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

source "$(dirname "$0")/lib/same_answers.sh"  # sudoku ARGS..., same NAME FILE [OPTIONS...]

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

echo "reliability of threads: all checks passed"
