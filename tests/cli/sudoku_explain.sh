#!/usr/bin/env bash
# sudoku explain: a readable log of rule steps (and guesses when needed) ending with the solution.
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

"$S" explain "$EASY" > "$T/easy.txt"
[ "$(tail -n 1 "$T/easy.txt")" = "$EASY_SOL" ] || fail "explain should end with the solution"
grep -Eq '^full-house in (row|column|box) [1-9]: r[1-9]c[1-9] = [1-9]$' "$T/easy.txt" || fail "no full house step"
grep -Eq '^naked-single: r[1-9]c[1-9] = [1-9]$' "$T/easy.txt" || fail "no naked single step"
grep -Ev '^(naked-single|hidden-single|full-house)|^[0-9]{81}$' "$T/easy.txt" && fail "the easy puzzle needs singles only"
grep -Eq ': r[1-9]c[1-9] = [1-9]' "$T/easy.txt" || fail "no placed cell"
grep -q '^guess:' "$T/easy.txt" && fail "the easy puzzle needs no guess"

# From standard input (the first puzzle line), with singles only and few rules so that search
# must guess after the techniques get stuck.
printf '# comment\n\n%s\n%s\n' "$HARD" "$EASY" | "$S" explain --techniques singles --rules naked-single > "$T/hard.txt"
[ "$(tail -n 1 "$T/hard.txt")" = "$HARD_SOL" ] || fail "explain from stdin should solve the first puzzle"
grep -Eq '^no technique applies: [0-9]+ candidates left in [0-9]+ open cells; search continues$' "$T/hard.txt" ||
  fail "no line saying the techniques are stuck"
grep -Eq '^guess: r[1-9]c[1-9] = [1-9] \(depth 1\)$' "$T/hard.txt" || fail "no guess line"
grep -Eq '^backtrack: r[1-9]c[1-9] != [1-9]$' "$T/hard.txt" || fail "no backtrack line"

# All techniques: locked candidates crack the hard puzzle without a guess.
"$S" explain "$HARD" > "$T/all.txt"
[ "$(tail -n 1 "$T/all.txt")" = "$HARD_SOL" ] || fail "explain with all techniques"
grep -Eq '^pointing [1-9] in box [1-9], (row|column) [1-9] \(' "$T/all.txt" || fail "no pointing step"
grep -q '^guess:' "$T/all.txt" && fail "the techniques solve the hard puzzle without guessing"
"$S" explain --techniques x-wing,bogus "$HARD" > /dev/null 2> "$T/err.txt" && fail "bad technique accepted"
grep -q "unknown technique 'bogus'" "$T/err.txt" || fail "bad technique message"

# JSON: one object, the schema the web page reads.
"$S" explain --format json "$EASY" > "$T/easy.json"
python3 - "$T/easy.json" "$EASY_SOL" <<'PY' || fail "explain --format json"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["result"] == "solved" and j["solution"] == sys.argv[2] and j["guesses"] == 0, j
assert j["puzzle"] == "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
assert len(j["steps"]) == 49
for s in j["steps"]:
    assert set(s) == {"technique", "text", "groups", "cells", "placements", "removals"}, s
    assert s["technique"] in ("full-house", "naked-single", "hidden-single"), s
    for p in s["placements"] + s["removals"]:
        assert set(p) == {"cell", "value"} and isinstance(p["value"], int) and 1 <= p["value"] <= 9
        assert len(p["cell"]) == 4 and p["cell"][0] == "r" and p["cell"][2] == "c"
PY
"$S" explain --format json --techniques singles --rules naked-single "$HARD" > "$T/hard.json"
python3 - "$T/hard.json" "$HARD_SOL" <<'PY' || fail "explain --format json after search"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["result"] == "needs search" and j["solution"] == sys.argv[2] and j["guesses"] > 0, j
PY
set +e
"$S" explain --format json 12345 > "$T/bad.json"
status=$?
set -e
[ "$status" -eq 1 ] || fail "invalid puzzle in JSON: exit status $status"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["result"]=="invalid" and j["reason"], j' "$T/bad.json" ||
  fail "invalid puzzle in JSON"

set +e
"$S" explain 12345 > "$T/bad.txt"
status=$?
set -e
[ "$status" -eq 1 ] || fail "invalid puzzle: exit status $status"
grep -q '^invalid: ' "$T/bad.txt" || fail "invalid puzzle message"
echo "sudoku explain: all checks passed"
