#!/usr/bin/env bash
# csp zebra: the five houses, who owns the zebra and who drinks water. Usage: csp_zebra.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expected='house 1: Norwegian, yellow, water, Kools, fox
house 2: Ukrainian, blue, tea, Chesterfields, horse
house 3: Englishman, red, milk, Old Gold, snails
house 4: Spaniard, ivory, orange juice, Lucky Strike, dog
house 5: Japanese, green, coffee, Parliaments, zebra
zebra: Japanese
water: Norwegian
solutions: 1'
for strength in pairwise value domain; do
  for order in input mrv dom-wdeg; do
    [ "$("$csp" zebra --strength $strength --order $order)" = "$expected" ] || fail "zebra --strength $strength --order $order"
  done
done
[ $failures -eq 0 ] && echo "csp zebra: all passed"
exit $((failures > 0))
