#!/usr/bin/env bash
# One instance, many threads: `csp ... --threads N` and `fzn-csp -p N` give one thread's counts and
# optima (the first solution may differ, but is checked), and a node limit stops every thread.
# Usage: csp_threads.sh BIN_DIR SOURCE_DIR
set -euo pipefail
csp="$1/csp"
fzn="$1/fzn-csp"
src="$2"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, queens_count

for n in 8 10; do
  one=$("$csp" queens $n --count)
  for threads in 2 3; do
    [ "$("$csp" queens $n --count --threads $threads)" = "$one" ] || fail "queens $n --threads $threads: not '$one'"
  done
done
[ "$("$csp" queens 12 --count --threads 2)" = "solutions: $(queens_count 12)" ] || fail "queens 12 --threads 2"
"$csp" queens 11 --all --threads 2 > "$T/all"
[ "$(grep -c '^[0-9]' "$T/all")" -eq "$(queens_count 11)" ] || fail "queens 11 --all --threads 2: not $(queens_count 11) lines"
[ "$(grep '^[0-9]' "$T/all" | sort -u | wc -l)" -eq "$(queens_count 11)" ] || fail "queens 11 --all --threads 2: a placement twice"
"$csp" queens 20 --threads 2 | grep -q '^[0-9]' || fail "queens 20 --threads 2: no placement"
[ "$("$csp" queens 12 --count --threads 3 --node-limit 3000)" = "limit: nodes" ] || fail "node limit under threads"
"$csp" queens 12 --count --threads 3 --node-limit 3000 --stats 2> "$T/stats" > /dev/null || true
nodes=$(sed -n 's/^nodes: //p' "$T/stats")
[ "$nodes" -le 3000 ] || fail "--node-limit 3000 --threads 3 searched $nodes nodes"
"$csp" queens 8 --threads 0 > /dev/null 2>&1 && fail "--threads 0 accepted"

# A colouring's optimum (a series of searches, each on two threads) equals one thread's.
"$csp" color "$src/data/petersen.col" --threads 2 | tail -n 1 | grep -qx "colors: 3 optimal" || fail "petersen --threads 2"
"$csp" zebra --threads 2 | grep -q "zebra" || fail "zebra --threads 2"
[ "$("$csp" cryptarithm SEND+MORE=MONEY --threads 2 | wc -l)" = "$("$csp" cryptarithm SEND+MORE=MONEY | wc -l)" ] ||
  fail "cryptarithm --threads 2"

# A MiniZinc optimisation as FlatZinc: 9 queens, maximise the rows weighted by column.
{
  for i in $(seq 1 9); do echo "var 1..9: q$i;"; done
  echo "var 0..500: w :: output_var;"
  for ((i = 1; i <= 9; i++)); do for ((j = i + 1; j <= 9; j++)); do
    echo "constraint int_ne(q$i, q$j);"
    echo "constraint int_lin_ne([1,-1], [q$i, q$j], $((i - j)));"
    echo "constraint int_lin_ne([1,-1], [q$i, q$j], $((j - i)));"
  done; done
  echo "constraint int_lin_eq([1,2,3,4,5,6,7,8,9,-1], [q1,q2,q3,q4,q5,q6,q7,q8,q9,w], 0);"
  echo "solve :: int_search([q1,q2,q3,q4,q5,q6,q7,q8,q9], input_order, indomain_min, complete) maximize w;"
} > "$T/wq.fzn"
"$fzn" "$T/wq.fzn" > "$T/one"
tail -n 1 "$T/one" | grep -qx "==========" || fail "fzn-csp: the optimum was not proved: $(cat "$T/one")"
for p in 2 3; do
  "$fzn" -p $p "$T/wq.fzn" > "$T/many"
  diff "$T/one" "$T/many" > /dev/null || fail "fzn-csp -p $p: $(cat "$T/many"), one thread: $(cat "$T/one")"
done
"$fzn" -p 2 -a "$T/wq.fzn" | grep '^w = ' | awk '{ v = $3 + 0; if (NR > 1 && v <= last) exit 1; last = v }' ||
  fail "fzn-csp -p 2 -a: the solutions do not improve"
echo "ok"
