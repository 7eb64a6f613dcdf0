#!/usr/bin/env bash
# csp latin: one answer line per square line, in order; invalid and unsolvable lines; files and
# standard input. Every answer is checked here with awk. Usage: csp_latin.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
src="$2"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

squares="$src/data/latin/squares.txt"
"$csp" latin "$squares" --stats > "$tmp/out" 2> "$tmp/stats" || fail "squares.txt: status $?"
grep -v '^#' "$squares" > "$tmp/in"
[ "$(wc -l < "$tmp/out")" -eq "$(wc -l < "$tmp/in")" ] || fail "squares.txt: not one answer per square"
# Each answer is a Latin square (every row and column without repeats or blanks) keeping the givens.
bad=$(paste -d ' ' "$tmp/in" "$tmp/out" | awk '{
  given = $1; answer = $2; cells = length(answer); n = int(sqrt(cells) + 0.5)
  if (n * n != cells || length(given) != cells) { print "size: " answer; next }
  for (i = 1; i <= cells; i++) {
    g = substr(given, i, 1); a = substr(answer, i, 1)
    if (a == "." || (g != "." && g != a)) { print "given lost: " answer; next }
  }
  for (r = 0; r < n; r++) {
    delete row; delete col
    for (c = 0; c < n; c++) {
      x = substr(answer, r * n + c + 1, 1); y = substr(answer, c * n + r + 1, 1)
      if ((x in row) || (y in col)) { print "repeat: " answer; next }
      row[x] = 1; col[y] = 1
    }
  }
}')
[ -z "$bad" ] || fail "squares.txt: $bad"
grep -qx "solved: 9" "$tmp/stats" || fail "--stats: solved"

# Invalid and unsolvable lines, in order, with the line numbers of the input; status 1.
printf '%s\n' "# comment" "12." "12..3.4" "1.1.........." "12....3.........." "" "12....3........3" "1." > "$tmp/mixed.txt"
"$csp" latin "$tmp/mixed.txt" > "$tmp/mixed.out"; status=$?
[ $status -eq 1 ] || fail "mixed: status $status"
expected="invalid: line has 3 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35) (line 2)
invalid: line has 7 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35) (line 3)
invalid: line has 13 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35) (line 4)
invalid: line has 17 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35) (line 5)
unsolvable
invalid: line has 2 cells, expected a square number from 1 to 1225 (n*n cells, n <= 35) (line 8)"
[ "$(cat "$tmp/mixed.out")" = "$expected" ] || { fail "mixed: wrong output"; cat "$tmp/mixed.out"; }

printf '%s\n' "1.1......" "1..1....." "12.%....." "4........" > "$tmp/bad.txt"
expected="invalid: conflicting givens: 1 appears twice in row 1 (line 1)
invalid: conflicting givens: 1 appears twice in column 1 (line 2)
invalid: bad character '%' at column 4 (line 3)
invalid: symbol '4' in cell 1 is too large for a square of side 3 (line 4)"
[ "$("$csp" latin "$tmp/bad.txt")" = "$expected" ] || fail "bad.txt: wrong output"
# Several files: "line N of FILE"; standard input.
"$csp" latin "$tmp/bad.txt" "$tmp/bad.txt" | tail -n 1 | grep -qF "(line 4 of $tmp/bad.txt)" || fail "two files"
[ "$(echo "12......3" | "$csp" latin)" = "unsolvable" ] || fail "standard input"
[ "$(echo "1...2...." | "$csp" latin --rules all --order dom-wdeg --values lcv)" = "132321213" ] || fail "rules all"
"$csp" latin "$tmp/none.txt" 2> /dev/null; [ $? -eq 1 ] || fail "missing file: status not 1 (bad input)"
"$csp" latin --rules bogus < /dev/null 2> /dev/null; [ $? -eq 2 ] || fail "bad rule: status not 2"

[ $failures -eq 0 ] && echo "csp latin: all passed"
exit $((failures > 0))
