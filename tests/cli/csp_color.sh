#!/usr/bin/env bash
# csp color: chromatic numbers with proofs, "can K colours do?", reader errors (the DIMACS
# benchmarks of ../shared/data are csp_color_dimacs.sh). Every colouring is checked here with awk
# against the file's own edge lines. Usage: csp_color.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
src="$2"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "$0")/lib/proper_colouring.sh"  # proper FILE OUTPUT K

petersen="$src/data/petersen.col"
"$csp" color "$petersen" > "$tmp/out" || fail "petersen: status $?"
[ "$(tail -n 1 "$tmp/out")" = "colors: 3 optimal" ] || fail "petersen: $(tail -n 1 "$tmp/out")"
proper "$petersen" "$tmp/out" 3 || fail "petersen: colouring not proper"
[ "$("$csp" color "$petersen" --colors 2)" = "colors: 2 infeasible" ] || fail "petersen --colors 2"
"$csp" color "$petersen" --colors 4 > "$tmp/out4"
[ "$(tail -n 1 "$tmp/out4")" = "colors: 4 feasible" ] || fail "petersen --colors 4"
proper "$petersen" "$tmp/out4" 4 || fail "petersen --colors 4: colouring not proper"
"$csp" color - < "$petersen" | tail -n 1 | grep -qx "colors: 3 optimal" || fail "standard input"
for order in dsatur input mrv dom-wdeg; do
  last=$("$csp" color "$petersen" --order $order --values lcv --inference fc | tail -n 1)
  [ "$last" = "colors: 3 optimal" ] || fail "petersen --order $order: $last"
done
"$csp" color "$petersen" --stats 2> "$tmp/stats" > /dev/null
for key in vertices edges greedy clique nodes failures propagations seconds; do
  grep -q "^$key: " "$tmp/stats" || fail "--stats lacks $key"
done

# The Mycielski graph M_K as a .col file: triangle-free, chromatic number K, so proving optimality
# is a search (the clique bound is 2). M_6 has 47 vertices and 236 edges.
mycielski() {
  awk -v k="$1" 'BEGIN {
    n = 2; m = 1; eu[1] = 1; ev[1] = 2
    for (level = 2; level < k; level++) {
      edges = m
      for (i = 1; i <= edges; i++) { eu[++m] = n + eu[i]; ev[m] = ev[i]; eu[++m] = eu[i]; ev[m] = n + ev[i] }
      for (i = 1; i <= n; i++) { eu[++m] = n + i; ev[m] = 2 * n + 1 }
      n = 2 * n + 1
    }
    print "p edge", n, m
    for (i = 1; i <= m; i++) print "e", eu[i], ev[i]
  }'
}
mycielski 6 > "$tmp/m6.col"
"$csp" color "$tmp/m6.col" > "$tmp/m6.out"
[ "$(tail -n 1 "$tmp/m6.out")" = "colors: 6 optimal" ] || fail "M6: $(tail -n 1 "$tmp/m6.out")"
proper "$tmp/m6.col" "$tmp/m6.out" 6 || fail "M6: colouring not proper"
[ "$("$csp" color "$tmp/m6.col" --node-limit 50 | tail -n 1)" = "colors: 6 feasible" ] || fail "M6 --node-limit"
out=$("$csp" color "$tmp/m6.col" --colors 5 --node-limit 50); status=$?
[ "$out" = "limit: nodes" ] && [ $status -eq 1 ] || fail "M6 --colors 5 --node-limit 50: '$out', status $status"
[ "$("$csp" color "$tmp/m6.col" --colors 5)" = "colors: 5 infeasible" ] || fail "M6 --colors 5"

# Bad files: one line naming file and line, status 1.
check_error() {  # check_error CONTENT EXPECTED-MESSAGE
  printf '%b' "$1" > "$tmp/bad.col"
  err=$("$csp" color "$tmp/bad.col" 2>&1 > /dev/null); status=$?
  [ $status -eq 1 ] || fail "'$1': status $status, expected 1"
  [ "$err" = "csp: $tmp/bad.col:$2" ] || fail "'$1': message '$err'"
}
check_error 'c x\ne 1 2\n' "2: edge before the 'p' line"
check_error 'p edge three 2\n' "1: bad 'p' line: vertex count 'three' is not a number from 1 to 1000000"
check_error 'p edge 3 2\ne 1 5\n' "2: edge 1 5: vertex '5' is not in 1..3"
check_error 'p edge 3 2\nq\n' "2: unknown line type 'q' (expected c, p, e, n or s)"
"$csp" color "$tmp/none.col" 2> /dev/null; [ $? -eq 1 ] || fail "missing file: status not 1 (bad input)"
"$csp" color "$petersen" --colors 0 2> /dev/null; [ $? -eq 2 ] || fail "--colors 0: status not 2"

# Self-loops (homer.col has `e 95 95`, twice): dropped with one warning line naming the line(s),
# the optimum that of the graph without them; --strict refuses the file at the first one.
printf 'p edge 4 6\ne 1 2\ne 2 3\ne 3 1\ne 3 3\ne 3 4\n' > "$tmp/loop.col"
"$csp" color "$tmp/loop.col" > "$tmp/loop.out" 2> "$tmp/loop.err"; status=$?
[ $status -eq 0 ] || fail "one self-loop: status $status"
[ "$(tail -n 1 "$tmp/loop.out")" = "colors: 3 optimal" ] || fail "one self-loop: $(tail -n 1 "$tmp/loop.out")"
proper "$tmp/loop.col" "$tmp/loop.out" 3 || fail "one self-loop: colouring not proper"
expected="csp: warning: $tmp/loop.col:5: self-loop on vertex 3 dropped (a vertex cannot differ from itself; --strict refuses the file)"
[ "$(cat "$tmp/loop.err")" = "$expected" ] || fail "one self-loop: warning '$(cat "$tmp/loop.err")'"
{ echo 'p edge 3 9'; for i in 1 2 3 1 2 3; do echo "e $i $i"; done; echo 'e 1 2'; echo 'e 2 3'; } > "$tmp/loops.col"
"$csp" color "$tmp/loops.col" --colors 2 > "$tmp/loops.out" 2> "$tmp/loops.err"; status=$?
[ $status -eq 0 ] && [ "$(tail -n 1 "$tmp/loops.out")" = "colors: 2 feasible" ] || fail "six self-loops: status $status"
proper "$tmp/loops.col" "$tmp/loops.out" 2 || fail "six self-loops: colouring not proper"
expected="csp: warning: $tmp/loops.col: 6 self-loops dropped, lines 2, 3, 4, 5, 6, ... (a vertex cannot differ from itself; --strict refuses the file)"
[ "$(cat "$tmp/loops.err")" = "$expected" ] || fail "six self-loops: warning '$(cat "$tmp/loops.err")'"
"$csp" color - < "$tmp/loop.col" 2>&1 > /dev/null | grep -q '^csp: warning: <stdin>:5: self-loop on vertex 3 dropped' ||
  fail "self-loop on standard input: no warning naming <stdin>"
err=$("$csp" color "$tmp/loop.col" --strict 2>&1 > /dev/null); status=$?
[ $status -eq 1 ] || fail "--strict: status $status, expected 1"
[ "$err" = "csp: $tmp/loop.col:5: self-loop on vertex 3: no colouring exists" ] || fail "--strict: message '$err'"
[ "$("$csp" color "$petersen" --strict 2>&1 | tail -n 1)" = "colors: 3 optimal" ] || fail "--strict on a file without self-loops"

[ $failures -eq 0 ] && echo "csp color: all passed"
exit $((failures > 0))
