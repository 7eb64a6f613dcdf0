#!/usr/bin/env bash
# csp map: Australia and the 48 contiguous US states. Usage: csp_map.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

out=$("$csp" map usa) || fail "usa: status $?"
[ "$(echo "$out" | grep -c '^[A-Z][A-Z] \(red\|green\|blue\|yellow\)$')" -eq 48 ] || fail "usa: not 48 coloured states"
[ "$(echo "$out" | tail -n 2 | head -n 1)" = "check: all 105 borders join different colours" ] || fail "usa: check line"
[ "$(echo "$out" | tail -n 1)" = "colors: 4 feasible" ] || fail "usa: last line"
[ "$("$csp" map usa --colors 3)" = "colors: 3 infeasible" ] || fail "usa --colors 3"

out=$("$csp" map australia --colors 3)
[ "$(echo "$out" | head -n 7 | cut -d' ' -f1 | tr '\n' ' ')" = "WA NT SA Q NSW V T " ] || fail "australia: regions"
[ "$(echo "$out" | tail -n 1)" = "colors: 3 feasible" ] || fail "australia --colors 3"
[ "$("$csp" map australia --colors 2)" = "colors: 2 infeasible" ] || fail "australia --colors 2"
"$csp" map europe 2> /dev/null; [ $? -eq 2 ] || fail "unknown map: status not 2"

[ $failures -eq 0 ] && echo "csp map: all passed"
exit $((failures > 0))
