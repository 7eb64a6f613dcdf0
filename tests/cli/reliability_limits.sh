#!/usr/bin/env bash
# Limits through the command: --node-limit stops a search at exactly that many nodes (the library
# counts a node per decision and stops before the one that would pass the limit), --time-limit
# within 10% + 10 ms of the time asked, and both are reported as "limit: nodes" / "limit: time".
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

# Unsolvable, but only the last cell shows it: row 9 holds 1-8, so r9c9 needs the 9 that column 9
# already has in r1c9. Without inference, in input order, the search fills the 71 cells before
# it in every way first: it runs until a limit stops it.
DEEP="........9$(printf '.%.0s' $(seq 63))12345678."
SLOW=(--order input --inference none --rules none)

# stats FILE KEY: the value of "KEY: value" in a --stats summary.
stats() { sed -n "s/^$2: //p" "$1"; }

# --- node limit: exact, for solve and count, one puzzle and several ---
for n in 1 2 7 31 32 33 100 1000; do
  set +e
  out=$(echo "$HARD" | "$S" solve --order input --rules none --inference fc --node-limit "$n" --stats 2> "$T/err")
  status=$?
  set -e
  [ "$out" = "limit: nodes" ] || fail "--node-limit $n: answer '$out'"
  [ "$status" -eq 1 ] || fail "--node-limit $n: exit status $status"
  [ "$(stats "$T/err" "mean nodes")" = "$n.00" ] || fail "--node-limit $n: $(stats "$T/err" "mean nodes") nodes searched"
  [ "$(stats "$T/err" limit)" = 1 ] || fail "--node-limit $n: --stats does not count the limit"
done
echo "ok: --node-limit stops solve at exactly the limit"
for n in 5 50; do
  set +e
  out=$(printf '%s\n%s\n' "$DEEP" "$DEEP" | "$S" count "${SLOW[@]}" --node-limit "$n" --stats 2> "$T/err")
  set -e
  [ "$out" = "$(printf 'limit: nodes\nlimit: nodes')" ] || fail "count --node-limit $n: answers '$out'"
  [ "$(stats "$T/err" "mean nodes")" = "$n.00" ] || fail "count --node-limit $n: $(stats "$T/err" "mean nodes") nodes"
done
echo "ok: --node-limit stops count at exactly the limit"
# A puzzle solved within the limit is answered normally.
[ "$(echo "$HARD" | "$S" solve --node-limit 1000)" = 417369825632158947958724316825437169791586432346912758289643571573291684164875293 ] ||
  fail "--node-limit 1000 should be enough for the hard puzzle with the default options"

# --- time limit: the whole run (--stats "seconds", from the start of the command) ---
# The search looks at the clock every 32 nodes; a node here takes a microsecond or so (tens under a
# sanitizer), and setting up takes a few milliseconds: hence 10% + 10 ms of *running* time. On a
# shared, overloaded machine (a load average of 8 on 2 cores is common while others compile) the
# process can wait tens of milliseconds for a core just as the limit passes, and the wall time
# then overshoots through no fault of the command. So the time the process spent not running is
# taken off: it is the wall time minus the CPU time (bash's `time` of the process, which only
# computes and reads one line). A command that ignored or overshot its limit still fails, since
# it does so while running: its CPU time is past the bound.
# timed_solve INPUT ARGS...: runs `sudoku solve ARGS` on INPUT; sets out, status, took (the --stats
# seconds) and waited (seconds spent not running).
timed_solve() {
  local input=$1
  shift
  local TIMEFORMAT='%3R %3U %3S'
  set +e
  { time "$S" solve "$@" --stats <<< "$input" > "$T/out" 2> "$T/err"; } 2> "$T/time"
  status=$?
  set -e
  out=$(cat "$T/out")
  took=$(stats "$T/err" seconds)
  waited=$(awk '{ w = $1 - $2 - $3; printf "%.3f", (w > 0 ? w : 0) }' "$T/time")
}
# within TOOK WAITED LOW HIGH: LOW <= TOOK (wall: waiting only makes it longer) and
# TOOK - WAITED <= HIGH.
within() { awk -v took="$1" -v waited="$2" -v low="$3" -v high="$4" 'BEGIN { exit !(took >= low && took - waited <= high) }'; }
for t in 0.1 0.3; do
  timed_solve "$DEEP" "${SLOW[@]}" --time-limit "$t"
  [ "$out" = "limit: time" ] || fail "--time-limit $t: answer '$out'"
  [ "$status" -eq 1 ] || fail "--time-limit $t: exit status $status"
  high=$(awk -v t="$t" 'BEGIN { print t * 1.1 + 0.010 }')
  within "$took" "$waited" "$t" "$high" ||
    fail "--time-limit $t: took $took s, $waited s of it waiting for a core; expected $t s to $high s of running time"
  echo "ok: --time-limit $t: stopped after $took s ($waited s of it waiting for a core)"
done
# Two puzzles one after the other: the limit is per puzzle.
timed_solve "$(printf '%s\n%s\n' "$DEEP" "$DEEP")" "${SLOW[@]}" --threads 1 --time-limit 0.1
[ "$out" = "$(printf 'limit: time\nlimit: time')" ] || fail "--time-limit per puzzle: '$out'"
within "$took" "$waited" 0.2 0.24 || fail "--time-limit 0.1 on two puzzles took $took s ($waited s waiting for a core)"
# A limit too small to represent is still a limit, not "none" (it used to round to 0 ns).
set +e
out=$(echo "$DEEP" | "$S" solve "${SLOW[@]}" --time-limit 1e-12)
set -e
[ "$out" = "limit: time" ] || fail "--time-limit 1e-12: '$out'"
echo "ok: --time-limit per puzzle, and tiny limits"

# --- the two together: whichever comes first ---
set +e
out=$(echo "$DEEP" | "$S" solve "${SLOW[@]}" --time-limit 10 --node-limit 100)
set -e
[ "$out" = "limit: nodes" ] || fail "node limit before the time limit: '$out'"
echo "reliability of limits: all checks passed"
