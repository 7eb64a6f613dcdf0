#!/usr/bin/env bash
# Limits through the command: --node-limit stops a search at exactly that many nodes (the library
# counts a node per decision and stops before the one that would pass the limit), --time-limit
# within 10% + 10 ms of the time asked, and both are reported as "limit: nodes" / "limit: time".
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
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
# sanitizer), and setting up takes a few milliseconds: hence 10% + 10 ms.
for t in 0.1 0.3; do
  set +e
  out=$(echo "$DEEP" | "$S" solve "${SLOW[@]}" --time-limit "$t" --stats 2> "$T/err")
  status=$?
  set -e
  [ "$out" = "limit: time" ] || fail "--time-limit $t: answer '$out'"
  [ "$status" -eq 1 ] || fail "--time-limit $t: exit status $status"
  took=$(stats "$T/err" seconds)
  awk -v took="$took" -v t="$t" 'BEGIN { exit !(took >= t && took <= t * 1.1 + 0.010) }' ||
    fail "--time-limit $t: took $took s, expected $t s to $t * 1.1 + 0.01 s"
  echo "ok: --time-limit $t: stopped after $took s"
done
# Two puzzles one after the other: the limit is per puzzle.
set +e
out=$(printf '%s\n%s\n' "$DEEP" "$DEEP" | "$S" solve "${SLOW[@]}" --threads 1 --time-limit 0.1 --stats 2> "$T/err")
set -e
[ "$out" = "$(printf 'limit: time\nlimit: time')" ] || fail "--time-limit per puzzle: '$out'"
took=$(stats "$T/err" seconds)
awk -v took="$took" 'BEGIN { exit !(took >= 0.2 && took <= 0.2 * 1.1 + 0.020) }' ||
  fail "--time-limit 0.1 on two puzzles took $took s"
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
