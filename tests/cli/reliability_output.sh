#!/usr/bin/env bash
# The output side: a closed pipe (`sudoku solve big.txt | head -1`) ends the command quietly and
# quickly with the status earned so far; a full disk is a one-line error with exit status 2.
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

grep -v '^#' "$SRC/data/puzzles.txt" > "$T/base.txt"
cp "$T/base.txt" "$T/big.txt"
for _ in $(seq 12); do cat "$T/big.txt" "$T/big.txt" > "$T/x" && mv "$T/x" "$T/big.txt"; done  # 90112 puzzles
ms() { date +%s%N | cut -c1-13; }

# --- closed pipe, for solve and count, with 1 and 2 threads ---
for cmd in "solve --threads 1" "solve --threads 2" "count --threads 2" "solve --format grid"; do
  start=$(ms)
  set +e +o pipefail
  # shellcheck disable=SC2086
  "$S" $cmd "$T/big.txt" 2> "$T/err" | head -n 1 > "$T/first"
  status=${PIPESTATUS[0]}
  set -e -o pipefail
  took=$(($(ms) - start))
  [ "$status" -eq 0 ] || fail "$cmd | head -1: exit status $status (all answered so far were solved)"
  [ ! -s "$T/err" ] || fail "$cmd | head -1: stderr: $(head -c 300 "$T/err")"
  [ "$(wc -l < "$T/first")" -eq 1 ] || fail "$cmd | head -1: no first line"
  # The first batches are small and written at once, then answers go out every 32 KB: the
  # closed pipe is seen after a few hundred puzzles, not after the 90112.
  [ "$took" -lt 5000 ] || fail "$cmd | head -1: took $took ms"
  echo "ok: $cmd | head -1: exit 0 after $took ms, nothing on stderr"
done
# An invalid line before the pipe closes: status 1, still quiet.
{ echo "12345"; cat "$T/big.txt"; } > "$T/big-invalid.txt"
set +e +o pipefail
"$S" solve "$T/big-invalid.txt" 2> "$T/err" | head -n 1 > /dev/null
status=${PIPESTATUS[0]}
set -e -o pipefail
[ "$status" -eq 1 ] || fail "closed pipe after an invalid line: exit status $status"
[ ! -s "$T/err" ] || fail "closed pipe after an invalid line: stderr: $(cat "$T/err")"
echo "ok: closed pipe keeps the status earned so far"

# --- a full disk: one line naming the problem, exit status 2 ---
if [ -w /dev/full ]; then
  set +e
  "$S" solve "$T/base.txt" > /dev/full 2> "$T/err"
  status=$?
  set -e
  [ "$status" -eq 2 ] || fail "/dev/full: exit status $status"
  [ "$(wc -l < "$T/err")" -eq 1 ] && grep -q "write error: No space left on device" "$T/err" ||
    fail "/dev/full: stderr: $(cat "$T/err")"
  echo "ok: write error: $(cat "$T/err")"
else
  echo "skipped: /dev/full is absent"
fi
echo "reliability of the output: all checks passed"
