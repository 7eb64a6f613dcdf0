#!/usr/bin/env bash
# csp cryptarithm: exact output for SEND+MORE=MONEY, every printed equation re-added here with bash
# arithmetic, solution counts, and parse errors. Usage: csp_cryptarithm.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expected='D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2  9567+1085=10652
solutions: 1'
[ "$("$csp" cryptarithm SEND+MORE=MONEY)" = "$expected" ] || fail "SEND+MORE=MONEY: wrong output"

# check EQUATION COUNT: the last line is "solutions: COUNT", and the equation in digits that ends
# every other line holds, evaluated here by awk (exact: the numbers stay far below 2^53).
check() {
  out=$("$csp" cryptarithm -- "$1") || { fail "$1: status $?"; return; }
  [ "$(echo "$out" | tail -n 1)" = "solutions: $2" ] || fail "$1: $(echo "$out" | tail -n 1), expected $2"
  bad=$(echo "$out" | head -n -1 | awk '
    function value(s,   total, sign, number, i, c) {
      total = 0; sign = 1; number = ""
      for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "+" || c == "-") { if (number != "") total += sign * number; number = ""; sign = c == "+" ? 1 : -1 }
        else number = number c
      }
      return total + sign * number
    }
    { split($NF, side, "="); if (value(side[1]) != value(side[2])) print $NF }')
  [ -z "$bad" ] || fail "$1: these do not add up: $bad"
}
check "TWO+TWO=FOUR" 7
check "send + more = money" 1
check "COUNT-COIN=SNUB" "$("$csp" cryptarithm COUNT-COIN=SNUB | tail -n 1 | cut -d' ' -f2)"
check "-AB+CD=EF-G" "$("$csp" cryptarithm -- -AB+CD=EF-G | tail -n 1 | cut -d' ' -f2)"
check "THREE+THREE+TWO+TWO+ONE=ELEVEN" 1
check "AB=BA" 0
for strength in pairwise value domain; do
  for inference in fc mac; do
    last=$("$csp" cryptarithm TWO+TWO=FOUR --strength $strength --inference $inference | tail -n 1)
    [ "$last" = "solutions: 7" ] || fail "TWO+TWO=FOUR --strength $strength --inference $inference: $last"
  done
done

# Parse errors: status 1, one line naming the equation and the position.
err=$("$csp" cryptarithm "SEND+*MORE=MONEY" 2>&1 > /dev/null); status=$?
[ $status -eq 1 ] || fail "bad equation: status $status"
[ "$err" = "csp: cryptarithm 'SEND+*MORE=MONEY': position 6: '*' is not a letter, '+', '-' or '='" ] || fail "message: $err"
err=$("$csp" cryptarithm "SEND+MORE" 2>&1 > /dev/null)
[ "$err" = "csp: cryptarithm 'SEND+MORE': at the end: no '=' in the equation" ] || fail "message: $err"
"$csp" cryptarithm 2> /dev/null; [ $? -eq 2 ] || fail "no equation: status not 2"

[ $failures -eq 0 ] && echo "csp cryptarithm: all passed"
exit $((failures > 0))
