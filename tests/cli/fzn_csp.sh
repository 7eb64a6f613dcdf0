#!/usr/bin/env bash
# fzn-csp, the FlatZinc solver: the output format (solutions, ----------, ==========, the status
# lines), the standard flags (-a -n -f -s -t -v), a clean stop on SIGINT, errors naming the line,
# and MiniZinc running it through build/share/minizinc/solvers/csp.msc (when minizinc is installed).
# Usage: fzn_csp.sh BIN_DIR SOURCE_DIR
set -euo pipefail
BIN=$1
S="$BIN/fzn-csp"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, usage_error

# n queens as MiniZinc writes it for a CP solver: pairwise int_ne and int_lin_ne.
queens() {
  local n=$1 i j
  for ((i = 1; i <= n; i++)); do echo "var 1..$n: q$i;"; done
  printf 'array [1..%d] of var int: q :: output_array([1..%d]) = [' "$n" "$n"
  for ((i = 1; i <= n; i++)); do printf '%sq%d' "$([ $i -gt 1 ] && echo ,)" $i; done
  echo '];'
  for ((i = 1; i <= n; i++)); do
    for ((j = i + 1; j <= n; j++)); do
      echo "constraint int_ne(q$i, q$j);"
      echo "constraint int_lin_ne([1,-1], [q$i, q$j], $((i - j)));"
      echo "constraint int_lin_ne([1,-1], [q$i, q$j], $((j - i)));"
    done
  done
  echo "solve :: int_search(q, first_fail, indomain_min, complete) satisfy;"
}
queens 6 > "$T/q6.fzn"
queens 3 > "$T/q3.fzn"
# Pigeonhole: 13 pigeons, 12 holes, pairwise different — no solution, and far too long to prove.
{
  for i in $(seq 1 13); do echo "var 1..12: p$i;"; done
  for i in $(seq 1 13); do for j in $(seq $((i + 1)) 13); do echo "constraint int_ne(p$i, p$j);"; done; done
  echo "solve satisfy;"
} > "$T/hole.fzn"

# Every solution printed: 6 queens have 4, each a line and a separator, then ==========.
"$S" -a "$T/q6.fzn" > "$T/out"
[ "$(grep -c '^q = array1d(1..6, \[[1-6], [1-6], [1-6], [1-6], [1-6], [1-6]\]);$' "$T/out")" -eq 4 ] ||
  fail "-a: expected 4 solutions, got: $(cat "$T/out")"
[ "$(grep -c '^----------$' "$T/out")" -eq 4 ] || fail "-a: expected 4 separators"
[ "$(tail -n 1 "$T/out")" = "==========" ] || fail "-a: the search was complete, expected =========="
[ "$(sort -u "$T/out" | grep -c '^q =')" -eq 4 ] || fail "-a: solutions repeat"
# Each printed solution is a queens solution (checked here, not by the solver).
grep '^q =' "$T/out" | sed 's/.*\[//; s/\].*//; s/,//g' | while read -r -a q; do
  for ((i = 0; i < 6; i++)); do for ((j = i + 1; j < 6; j++)); do
    d=$((q[i] - q[j]))
    [ $d -ne 0 ] && [ $d -ne $((j - i)) ] && [ $d -ne $((i - j)) ] || fail "not a queens solution: ${q[*]}"
  done; done
done
# One solution by default, N with -n; neither is a complete search.
[ "$("$S" "$T/q6.fzn" | tr '\n' '|')" = "$(head -n 2 "$T/out" | tr '\n' '|')" ] || fail "default: expected the first solution only"
[ "$("$S" -n 2 "$T/q6.fzn" | grep -c '^----------$')" -eq 2 ] || fail "-n 2: expected 2 solutions"
"$S" -n 2 "$T/q6.fzn" | grep -q '^==========$' && fail "-n 2: printed ========== though the search stopped early"
[ "$("$S" -n 9 "$T/q6.fzn" | tail -n 1)" = "==========" ] || fail "-n 9: all 4 found, expected =========="
# No solution.
[ "$("$S" -a "$T/q3.fzn")" = "=====UNSATISFIABLE=====" ] || fail "3 queens: expected =====UNSATISFIABLE====="
# Statistics.
"$S" -s "$T/q6.fzn" > "$T/stats"
for name in nodes failures propagations solutions solveTime; do
  grep -q "^%%%mzn-stat: $name=[0-9.]*$" "$T/stats" || fail "-s: no $name line in: $(cat "$T/stats")"
done
[ "$(tail -n 1 "$T/stats")" = "%%%mzn-stat-end" ] || fail "-s: expected %%%mzn-stat-end last"
# Booleans print as true/false, constants and aliases take their values.
cat > "$T/bool.fzn" <<'FZN'
var bool: b :: output_var;
var bool: c :: output_var = b;
var 1..3: x :: output_var = 2;
array [1..2] of var bool: bs :: output_array([0..1]) = [b, true];
constraint bool_eq(b, false);
solve satisfy;
FZN
[ "$("$S" "$T/bool.fzn" | tr '\n' '|')" = "b = false;|c = false;|x = 2;|bs = array1d(0..1, [false, true]);|----------|" ] ||
  fail "bools: got $("$S" "$T/bool.fzn")"
# A time limit with nothing found: =====UNKNOWN=====, exit 0, promptly.
start=$(date +%s%N)
[ "$("$S" -t 300 "$T/hole.fzn")" = "=====UNKNOWN=====" ] || fail "-t 300: expected =====UNKNOWN====="
[ $(($(date +%s%N) - start)) -lt 3000000000 ] || fail "-t 300: took more than 3 s"
# SIGINT stops the search cleanly, with the same answer.
"$S" "$T/hole.fzn" > "$T/int.out" 2> "$T/int.err" &
pid=$!
sleep 0.5
kill -INT $pid
for _ in $(seq 50); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
kill -0 $pid 2> /dev/null && { kill -KILL $pid; fail "SIGINT: still running 5 s later"; }
set +e
wait $pid
st=$?
set -e
[ $st -eq 0 ] || fail "SIGINT: exit status $st: $(cat "$T/int.err")"
[ "$(cat "$T/int.out")" = "=====UNKNOWN=====" ] || fail "SIGINT: expected =====UNKNOWN=====, got $(cat "$T/int.out")"
# --ignore-search-annotations ignores the annotations (-f takes turns with them); -v names what was
# ignored, on stderr only.
sed 's/^solve .*/solve :: int_search(q, frobnicate, indomain_min, complete) :: restart_luby(5) satisfy;/' "$T/q6.fzn" > "$T/ann.fzn"
"$S" -a "$T/ann.fzn" 2> "$T/err" | grep -c '^----------$' | grep -qx 4 || fail "unknown annotations: expected 4 solutions"
[ ! -s "$T/err" ] || fail "unknown annotations without -v: printed $(cat "$T/err")"
"$S" -v "$T/ann.fzn" 2> "$T/err" > /dev/null
grep -q "frobnicate" "$T/err" && grep -q "restart_luby" "$T/err" || fail "-v: expected notes on frobnicate and restart_luby, got $(cat "$T/err")"
"$S" --ignore-search-annotations -v "$T/ann.fzn" 2> "$T/err" > /dev/null
grep -q "frobnicate" "$T/err" && fail "--ignore-search-annotations -v: the annotation was ignored, yet noted: $(cat "$T/err")"
"$S" -f -v "$T/ann.fzn" 2> "$T/err" > /dev/null
grep -q "frobnicate" "$T/err" || fail "-f -v: its runs follow the annotations, expected a note on frobnicate, got $(cat "$T/err")"
[ "$("$S" -a -f --order input --values max "$T/q6.fzn" | grep -c '^----------$')" -eq 4 ] || fail "--order/--values: expected 4 solutions"
# -f is our own free search (learning, Luby restarts, docs/learning.md), and a search option given wins.
"$S" -f -s "$T/q6.fzn" | grep -q '^%%%mzn-stat: learntClauses=' || fail "-f: expected the statistics of learning"
"$S" -f -s --inference mac "$T/q6.fzn" | grep -q 'learntClauses' && fail "-f --inference mac: still learning"
[ "$("$S" -a -f "$T/q6.fzn" | grep -c '^----------$')" -eq 4 ] || fail "-a -f: expected 4 solutions"
# A model without search annotations gets the same free search by default, except under -a on a
# satisfaction model (learning would keep a clause per solution); an annotated model is searched
# along its annotations by learning and MAC in turns (the portfolio), enumerated by MAC under -a.
sed 's/^solve .*/solve satisfy;/' "$T/q6.fzn" > "$T/plain.fzn"
"$S" -s "$T/plain.fzn" | grep -q '^%%%mzn-stat: learntClauses=' || fail "no annotations: expected learning by default"
"$S" -s --inference mac "$T/plain.fzn" | grep -q 'learntClauses' && fail "no annotations, --inference mac: still learning"
"$S" -a -s "$T/plain.fzn" | grep -q 'learntClauses' && fail "-a on a satisfaction model: expected MAC"
[ "$("$S" -a "$T/plain.fzn" | grep -c '^----------$')" -eq 4 ] || fail "no annotations, -a: expected 4 solutions"
"$S" -s "$T/q6.fzn" | grep -q '^%%%mzn-stat: learntClauses=' || fail "annotated model: expected learning (its first turn) by default"
"$S" -s "$T/q6.fzn" | grep -q '^%%%mzn-stat: portfolioTurns=' || fail "annotated model: expected the portfolio by default"
"$S" -s --inference learn "$T/q6.fzn" | grep -q 'portfolioTurns' && fail "annotated model, --inference learn: still the portfolio"
"$S" -s --restart-base 1 "$T/q6.fzn" | grep -q '^%%%mzn-stat: restarts=' && fail "annotated model: expected no restarts by default"
"$S" -a -s "$T/q6.fzn" | grep -q 'learntClauses' && fail "annotated model, -a: expected MAC"
# Under the portfolio the failures are learning's and MAC's, but the mean backjump is learning's
# own: one backjump per clause learnt, each of at least one level. Pigeons, 11 in 10 holes,
# unsatisfiable and slow for both, so that the 0.6 s hold several turns.
for i in $(seq 1 11); do echo "var 1..10: p$i :: output_var;"; done > "$T/php.fzn"
for i in $(seq 1 11); do for j in $(seq $((i + 1)) 11); do echo "constraint int_ne(p$i, p$j);"; done; done >> "$T/php.fzn"
echo "solve :: int_search([$(seq -s, 1 11 | sed 's/[0-9][0-9]*/p&/g')], input_order, indomain_min, complete) satisfy;" >> "$T/php.fzn"
"$S" -s -t 600 "$T/php.fzn" > "$T/php.out"
grep -q '^%%%mzn-stat: portfolioTurns=' "$T/php.out" || fail "pigeons: expected the portfolio"
awk -F= '/backjumpMeanLevels/ { found = 1; if ($2 + 0 < 1) bad = 1 } END { exit !(found && !bad) }' "$T/php.out" ||
  fail "pigeons under the portfolio: expected a mean backjump of at least 1 level, got $(grep backjump "$T/php.out")"
[ "$("$S" -a "$T/q6.fzn" | grep -c '^----------$')" -eq 4 ] || fail "annotated model, -a: expected 4 solutions"
# Optimisation: -a prints each improving solution, then ========== once the last is proved optimal;
# by default only the optimum is printed.
cat > "$T/opt.fzn" <<'FZN'
var 0..3: a :: output_var;
var 0..3: b :: output_var;
var -20..20: o :: output_var;
constraint int_ne(a, b);
constraint int_lin_eq([3, -2, -1], [a, b, o], 0);
solve minimize o;
FZN
"$S" -a "$T/opt.fzn" > "$T/out"
[ "$(grep '^o = ' "$T/out" | tail -n 1)" = "o = -6;" ] || fail "minimize -a: expected the optimum -6 last: $(cat "$T/out")"
grep '^o = ' "$T/out" | sed 's/o = //; s/;//' | sort -n -r -c || fail "minimize -a: objectives not improving"
[ "$(tail -n 1 "$T/out")" = "==========" ] || fail "minimize -a: expected =========="
[ "$("$S" "$T/opt.fzn" | tr '\n' '|')" = "a = 0;|b = 3;|o = -6;|----------|==========|" ] || fail "minimize: expected the optimum alone"
sed 's/minimize/maximize/' "$T/opt.fzn" > "$T/max.fzn"
[ "$("$S" "$T/max.fzn" | grep '^o = ')" = "o = 9;" ] || fail "maximize: expected 9"
"$S" -s "$T/opt.fzn" | grep -qx '%%%mzn-stat: objective=-6' || fail "-s: no objective line"
# A time limit after solutions were found: the best so far, and no ==========.
{
  for i in $(seq 1 13); do echo "var 1..13: p$i;"; done
  echo "var 0..10000: o :: output_var;"
  for i in $(seq 1 13); do for j in $(seq $((i + 1)) 13); do echo "constraint int_ne(p$i, p$j);"; done; done
  printf 'constraint int_lin_eq([%s-1], [%so], 0);\n' "$(for i in $(seq 1 13); do printf '%d,' $(((i * 7) % 13 + 1)); done)" \
    "$(for i in $(seq 1 13); do printf 'p%d,' $i; done)"
  echo "solve :: int_search([p1,p2,p3,p4,p5,p6,p7,p8,p9,p10,p11,p12,p13], input_order, indomain_max, complete) minimize o;"
} > "$T/slow.fzn"
"$S" -t 300 "$T/slow.fzn" > "$T/out"
[ "$(grep -c '^----------$' "$T/out")" -eq 1 ] || fail "minimize -t 300: expected the best solution so far: $(cat "$T/out")"
grep -q '=====' "$T/out" && fail "minimize -t 300: not proved, yet printed $(cat "$T/out")"
# Errors: one line on stderr naming the file and line, exit 1; bad usage exit 2.
printf 'var 1..3: x;\nconstraint frobnicate(x);\nsolve satisfy;\n' > "$T/bad.fzn"
set +e
"$S" "$T/bad.fzn" > "$T/out" 2> "$T/err"
st=$?
set -e
[ $st -eq 1 ] || fail "unknown constraint: exit status $st, expected 1"
[ ! -s "$T/out" ] || fail "unknown constraint: printed on stdout"
grep -q "bad.fzn: line 2, column 1: the constraint 'frobnicate' is not supported" "$T/err" || fail "unknown constraint: $(cat "$T/err")"
printf 'var 1..3: x;\nvar float: f;\nsolve satisfy;\n' > "$T/float.fzn"
{ "$S" "$T/float.fzn" 2>&1 || true; } | grep -q "line 2.*float variables are not supported" || fail "float variable: no error naming line 2"
printf 'var 1..3: x\nsolve satisfy;\n' > "$T/syntax.fzn"
{ "$S" "$T/syntax.fzn" 2>&1 || true; } | grep -q "line 2" || fail "syntax error: no line named"
{ "$S" "$T/missing.fzn" 2>&1 || true; } | grep -q "cannot read" || fail "missing file: no error"
# Gecode's spellings of the limits, which MiniZinc passes on from a parameter file's "backend-flags"
# ({"-node": 1}): -node N is --node-limit N, -time MS is -t MS (once: '-n ode', a usage error).
"$S" -a -node 3 "$T/q6.fzn" > "$T/out" || fail "-node 3: not accepted"
grep -q '^==========$' "$T/out" && fail "-node 3: 3 nodes cannot finish 6 queens, yet printed =========="
[ "$("$S" -a -node 100000 "$T/q6.fzn" | grep -c '^----------$')" -eq 4 ] || fail "-node 100000: expected all 4 solutions"
[ "$("$S" -time 300 "$T/hole.fzn")" = "=====UNKNOWN=====" ] || fail "-time 300: expected =====UNKNOWN====="
usage_error "no file"
usage_error "-n 0" -n 0 "$T/q6.fzn"
usage_error "-t -1" -t -1 "$T/q6.fzn"
usage_error "--order nonsense" --order nonsense "$T/q6.fzn"
"$S" -p 2 -r 7 "$T/q6.fzn" | grep -q '^----------$' || fail "-p 2 -r 7: not accepted"

# MiniZinc runs it as the solver csp, through the configuration the build wrote.
if command -v minizinc > /dev/null; then
  export MZN_SOLVER_PATH="$BIN/../share/minizinc/solvers"
  cat > "$T/q.mzn" <<'MZN'
int: n = 6;
array [1..n] of var 1..n: q;
constraint forall (i, j in 1..n where i < j) (q[i] != q[j] /\ q[i] + i != q[j] + j /\ q[i] - i != q[j] - j);
solve satisfy;
MZN
  minizinc --solver csp -a -s "$T/q.mzn" > "$T/mzn.out" 2> "$T/mzn.err" || fail "minizinc --solver csp: $(cat "$T/mzn.err")"
  [ "$(grep -c '^----------$' "$T/mzn.out")" -eq 4 ] || fail "minizinc -a: expected 4 solutions: $(cat "$T/mzn.out")"
  grep -q '^==========$' "$T/mzn.out" || fail "minizinc -a: no =========="
  grep -q '^%%%mzn-stat: nodes=' "$T/mzn.out" || fail "minizinc -s: no statistics"
  echo "ok: minizinc --solver csp"
fi
echo "ok: fzn-csp"
