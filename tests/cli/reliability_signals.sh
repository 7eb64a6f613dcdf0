#!/usr/bin/env bash
# SIGINT or SIGTERM during a batch: the answers already computed are written, in order, for a
# contiguous prefix of the input only (a puzzle whose search was interrupted is not answered, and
# neither is anything after it), then the command exits 130 (SIGINT) or 143 (SIGTERM). A read
# waiting on a silent pipe is interrupted too, and a second signal ends the process at once.
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
T=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -KILL "$p" 2> /dev/null || true; done
  rm -rf "$T"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Background commands of a non-interactive shell start with SIGINT ignored, and the command rightly
# keeps an ignored signal ignored: give it the default disposition back.
# (A prefix command, not a function: $! must be the command's own process.)
if env --default-signal=INT true 2> /dev/null; then
  BG=(env --default-signal=INT,TERM)
else
  set -m  # older coreutils: job control gives background jobs the default disposition
  BG=()
fi

# wait_until SECONDS CONDITION...: polls until CONDITION holds; false on timeout.
wait_until() {
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 20; i++)); do
    if "$@"; then return 0; fi
    sleep 0.05
  done
  return 1
}
# ends_within SECONDS PID: waits for PID to end and sets `status` to its exit status; fails on
# timeout. (Not in a $(...): only this shell can wait for its children.)
ends_within() {
  local pid=$2 i
  for ((i = 0; i < $1 * 20; i++)); do
    kill -0 "$pid" 2> /dev/null || break
    sleep 0.05
  done
  kill -0 "$pid" 2> /dev/null && fail "process $pid still running $1 s after the signal"
  status=0
  wait "$pid" || status=$?
}
has_lines() { [ "$(wc -l < "$1")" -ge "$2" ]; }
has_text() { grep -q "$2" "$1" 2> /dev/null; }

EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
EASY_SOL=483921657967345821251876493548132976729564138136798245372689514814253769695417382
# With no rule module this one takes the plain search seconds (MAC on all-different alone).
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......

# --- a big batch, interrupted once answers are coming: a prefix of the right answers ---
grep -v '^#' "$SRC/data/puzzles.txt" > "$T/base.txt"
cp "$T/base.txt" "$T/big.txt"
for _ in $(seq 13); do cat "$T/big.txt" "$T/big.txt" > "$T/x" && mv "$T/x" "$T/big.txt"; done  # 180224 puzzles: a second or more
for sig in INT TERM; do
  "${BG[@]}" "$S" solve --threads 2 "$T/big.txt" > "$T/out" 2> "$T/err" &
  pid=$!
  pids+=("$pid")
  wait_until 60 has_lines "$T/out" 1 || fail "SIG$sig: no answer within 60 s"
  kill -s "$sig" "$pid"
  ends_within 10 "$pid"
  expected=$([ "$sig" = INT ] && echo 130 || echo 143)
  [ "$status" -eq "$expected" ] || fail "SIG$sig: exit status $status, expected $expected"
  [ ! -s "$T/err" ] || fail "SIG$sig: stderr: $(head -c 300 "$T/err")"
  lines=$(wc -l < "$T/out")
  [ "$lines" -lt "$(wc -l < "$T/big.txt")" ] || fail "SIG$sig: the batch finished before the signal; make it bigger"
  head -n "$lines" "$T/big.txt" | "$S" solve --threads 1 > "$T/expected"
  cmp -s "$T/out" "$T/expected" || fail "SIG$sig: the $lines lines written are not the answers to the first $lines puzzles"
  echo "ok: SIG$sig during a batch: exit $status, $lines answers written, all right and in order"
done

# --- interrupted mid-search: not answered, and nothing after it is either ---
printf '%s\n%s\n%s\n' "$EASY" "$HARD" "$EASY" > "$T/three.txt"
for threads in 1 2; do
  "${BG[@]}" "$S" --log-level info solve --rules none --threads "$threads" "$T/three.txt" > "$T/out" 2> "$T/err" &
  pid=$!
  pids+=("$pid")
  # The log line comes once the handler is in place; then give the search time to get going.
  wait_until 30 has_text "$T/err" "solve:" || fail "mid-search: no log line"
  sleep 0.3
  kill -INT "$pid"
  ends_within 5 "$pid"
  [ "$status" -eq 130 ] || fail "mid-search, $threads threads: exit status $status"
  [ "$(cat "$T/out")" = "$EASY_SOL" ] ||
    fail "mid-search, $threads threads: expected only the first answer, got: $(head -c 300 "$T/out")"
done
echo "ok: a puzzle interrupted mid-search is not answered, nor what follows it"
# count: an unfinished count is no answer.
printf '%s\n' "$(printf '.%.0s' $(seq 81))" > "$T/empty-grid.txt"
"${BG[@]}" "$S" count --max 1000000000 "$T/empty-grid.txt" > "$T/out" 2> "$T/err" &
pid=$!
pids+=("$pid")
sleep 0.5
kill -INT "$pid"
ends_within 5 "$pid"
[ "$status" -eq 130 ] || fail "count interrupted: exit status $status"
[ ! -s "$T/out" ] || fail "count interrupted: printed $(head -c 100 "$T/out")"
echo "ok: sudoku count interrupted mid-search prints nothing for that puzzle, exit 130"

# --- waiting for input on a silent pipe: the signal ends the wait ---
mkfifo "$T/in"
(echo "$EASY"; exec sleep 60) > "$T/in" 2> /dev/null &
writer=$!
pids+=("$writer")
"${BG[@]}" "$S" solve < "$T/in" > "$T/out" 2> "$T/err" &
pid=$!
pids+=("$pid")
# The answer comes before the input ends: a batch ends, and is written, when no more input is ready.
wait_until 30 has_lines "$T/out" 1 || fail "silent pipe: the first answer did not come while input was pending"
kill -TERM "$pid"
ends_within 2 "$pid"
[ "$status" -eq 143 ] || fail "silent pipe: exit status $status"
[ "$(cat "$T/out")" = "$EASY_SOL" ] || fail "silent pipe: output $(head -c 200 "$T/out")"
kill "$writer" 2> /dev/null || true
echo "ok: SIGTERM while waiting for input: exit 143 at once, earlier answers kept"

# --- output stuck behind a reader that does not read: a second signal ends it at once ---
mkfifo "$T/stuck"
exec 3<> "$T/stuck"  # held open, never read: writes block once the pipe buffer is full
"${BG[@]}" "$S" solve --threads 2 "$T/big.txt" > "$T/stuck" 2> "$T/err" &
pid=$!
pids+=("$pid")
sleep 1
kill -TERM "$pid"
sleep 0.3
kill -TERM "$pid" 2> /dev/null || true
ends_within 5 "$pid"
[ "$status" -eq 143 ] || fail "stuck output: exit status $status"
exec 3<&-
echo "ok: a second SIGTERM ends a process whose output is stuck"
echo "reliability on signals: all checks passed"
