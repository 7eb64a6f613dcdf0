#!/usr/bin/env bash
# csp queens: solution counts for n = 1..12 (the last line of --count), --all and --first output,
# and usage errors. Usage: csp_queens.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
source "$(dirname "$0")/lib/common.sh"  # $T, queens_count (its fail() is replaced: this one counts)
tmp=$T
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The counts, kept once for every test: tests/problems/queens_counts.hpp (kCounts[n], n = 0..12).
counts=()
for n in $(seq 0 12); do counts+=("$(queens_count "$n")"); done
for n in $(seq 1 12); do
  last=$("$csp" queens "$n" --count | tail -n 1)
  [ "$last" = "solutions: ${counts[$n]}" ] || fail "queens $n --count: got '$last', expected 'solutions: ${counts[$n]}'"
done
last=$("$csp" queens 8 --count --model all-different --strength value | tail -n 1)
[ "$last" = "solutions: 92" ] || fail "queens 8 --model all-different: got '$last'"

# --all: one placement per line (rows of the queens in columns 1..N), checked here with awk, then the count.
out=$("$csp" queens 6 --all)
[ "$(echo "$out" | tail -n 1)" = "solutions: 4" ] || fail "queens 6 --all: wrong last line"
bad=$(echo "$out" | head -n -1 | awk '{
  for (i = 1; i <= NF; i++) for (j = i + 1; j <= NF; j++) {
    d = $i - $j; if (d < 0) d = -d
    if ($i == $j || d == j - i) { print "attack in: " $0; next }
  }
  if (NF != 6) print "wrong length: " $0
}')
[ -z "$bad" ] || fail "queens 6 --all: $bad"
[ "$(echo "$out" | head -n -1 | sort -u | wc -l)" -eq 4 ] || fail "queens 6 --all: placements not distinct"

[ "$("$csp" queens 4)" = "$("$csp" queens 4 --first)" ] || fail "--first is not the default"
[ "$("$csp" queens 4 --first | wc -l)" -eq 1 ] || fail "queens 4 --first: not one line"
[ "$("$csp" queens 3)" = "unsolvable" ] || fail "queens 3: not unsolvable"

# The search options are accepted, and a node limit says so (exit 1).
for order in input mrv mrv-degree mrv-ddeg dom-wdeg; do
  for values in min lcv random; do
    for inference in none fc mac; do
      last=$("$csp" queens 6 --count --order $order --values $values --seed 3 --inference $inference | tail -n 1)
      [ "$last" = "solutions: 4" ] || fail "queens 6 --order $order --values $values --inference $inference: '$last'"
    done
  done
done
out=$("$csp" queens 12 --count --node-limit 100); status=$?
[ "$out" = "limit: nodes" ] && [ $status -eq 1 ] || fail "node limit: got '$out', status $status"
"$csp" queens 8 --stats > /dev/null 2> "$tmp/stats"
grep -q '^nodes: ' "$tmp/stats" && grep -q '^failures: ' "$tmp/stats" && grep -q '^propagations: ' "$tmp/stats" \
  && grep -q '^seconds: ' "$tmp/stats" || fail "--stats: missing figures"

# Usage errors: status 2 and one line on stderr.
for args in "queens" "queens 0" "queens x" "queens 8 --bogus" "queens 8 --count --all" "queens 8 --order best" "nosuch"; do
  err=$("$csp" $args 2>&1 > /dev/null); status=$?
  [ $status -eq 2 ] || fail "csp $args: status $status, expected 2"
  [ "$(echo "$err" | wc -l)" -eq 1 ] || fail "csp $args: message is not one line: $err"
done

[ $failures -eq 0 ] && echo "csp queens: all passed"
exit $((failures > 0))
