#!/usr/bin/env bash
# csp --split / --part / merge through GNU parallel on this host (docs/scale-out.md): queens 12
# in at least 64 parts counts 14,200; the first placement in part order is the unsplit search's;
# a colouring optimum split and merged equals the unsplit one; merge reports a missing part, a part
# cut short by a limit and a malformed line; a bad --part line is a usage error naming the token.
# Skipped (77) when GNU parallel is not installed (`make test` installs it).
set -euo pipefail
BIN=$1
C="$BIN/csp"
S="$C"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, usage_error, queens_count
Q12=$(queens_count 12)
command -v parallel > /dev/null || { echo "skipped: GNU parallel is not installed"; exit 77; }
export HOME="$T"  # parallel keeps its state in ~/.parallel
run_parts() { parallel --will-cite --tmpdir "$T" < "$1" > "$2" || fail "a part of $1 failed: $(head -3 "$2")"; }

# --- queens 12: at least 64 parts, each line a command; merged count 14,200 ---
"$C" queens 12 --count --split 64 > "$T/q.parts"
[ "$(wc -l < "$T/q.parts")" -ge 64 ] || fail "queens 12 --split 64: only $(wc -l < "$T/q.parts") parts"
grep -qv "^$C queens 12 --count --part '[^']*'\$" "$T/q.parts" && fail "a part line is not the command plus --part: $(head -1 "$T/q.parts")"
[ "$(sort -u "$T/q.parts" | wc -l)" -eq "$(wc -l < "$T/q.parts")" ] || fail "repeated part lines"
run_parts "$T/q.parts" "$T/q.results"
[ "$(wc -l < "$T/q.results")" -eq "$(wc -l < "$T/q.parts")" ] || fail "one result line per part expected"
"$C" merge --parts "$T/q.parts" "$T/q.results" > "$T/q.merged" || fail "merge failed: $(cat "$T/q.merged")"
grep -qx "solutions: $Q12" "$T/q.merged" || fail "queens 12 merged: $(cat "$T/q.merged")"
grep -qx "parts: $(wc -l < "$T/q.parts") ($(wc -l < "$T/q.parts") exhausted)" "$T/q.merged" || fail "parts line: $(cat "$T/q.merged")"
# Results in any order (parallel without --keep-order) and from standard input merge the same.
sort -r "$T/q.results" | "$C" merge --parts "$T/q.parts" | grep -qx "solutions: $Q12" || fail "shuffled results"

# --- the first placement: each part stops at its first; merge keeps the first in part order ---
"$C" queens 12 --split 64 > "$T/f.parts"
run_parts "$T/f.parts" "$T/f.results"
first=$("$C" queens 12)
"$C" merge --parts "$T/f.parts" "$T/f.results" > "$T/f.merged" || true
grep -qx "solution: $first" "$T/f.merged" || fail "first placement $first, merged: $(cat "$T/f.merged")"

# --- a colouring optimum (random G(60, 0.5): greedy 13, clique 9, chromatic number 11) ---
awk -v n=60 -v p=0.5 -v s=3 'BEGIN {
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
    s = (s * 1103515245 + 12345) % 2147483648; if (s / 2147483648 < p) { eu[++m] = i; ev[m] = j } }
  print "p edge", n, m; for (i = 1; i <= m; i++) print "e", eu[i], ev[i] }' > "$T/g.col"
whole=$("$C" color "$T/g.col" | tail -n 1)
[ "$whole" = "colors: 11 optimal" ] || fail "unsplit colouring: $whole"
"$C" color "$T/g.col" --split 16 > "$T/c.parts"
[ "$(wc -l < "$T/c.parts")" -ge 16 ] || fail "color --split 16: $(wc -l < "$T/c.parts") parts"
run_parts "$T/c.parts" "$T/c.results"
"$C" merge --parts "$T/c.parts" "$T/c.results" > "$T/c.merged" || fail "colour merge: $(cat "$T/c.merged")"
grep -qx 'objective: 11 minimize optimal' "$T/c.merged" || fail "colour optimum merged: $(cat "$T/c.merged")"
# The merged colouring is proper with 11 colours.
source "$(dirname "$0")/lib/proper_colouring.sh"
sed -n 's/^solution: //p' "$T/c.merged" | tr ' ' '\n' | awk '{ print NR, $1 }' > "$T/c.colouring"
proper "$T/g.col" "$T/c.colouring" 11 || fail "merged colouring not proper"
# The decision form: 10 colours are infeasible in every part.
"$C" color "$T/g.col" --colors 10 --split 16 > "$T/d.parts"
run_parts "$T/d.parts" "$T/d.results"
"$C" merge --parts "$T/d.parts" "$T/d.results" | grep -qx 'solutions: 0' || fail "--colors 10 should be infeasible in every part"

# --- merge: a missing part, a limit, malformed lines ---
# The first part's result line left out (found by its part: parallel writes results in the order
# the parts finish, so the first line may be any part's).
part1=$(head -1 "$T/q.parts" | sed "s/.*--part '\\(.*\\)'\$/\\1/")
set +e
grep -vF "part=\"$part1\" " "$T/q.results" | "$C" merge --parts "$T/q.parts" > "$T/m.out"
status=$?
set -e
[ "$status" -eq 1 ] || fail "a missing part: exit status $status, expected 1"
grep -qxF "incomplete: part '$part1' missing" "$T/m.out" || fail "missing part not named: $(cat "$T/m.out")"
grep -qx 'solutions: at least [0-9]*' "$T/m.out" || fail "an incomplete count must say 'at least': $(cat "$T/m.out")"
# The part with the most nodes, run again with a node limit below them.
big=$(awk '{ n = $0; sub(/.* nodes=/, "", n); sub(/ .*/, "", n); if (n + 0 > max) { max = n + 0; line = $0 } }
           END { sub(/^part="/, "", line); sub(/".*/, "", line); print line }' "$T/q.results")
set +e
"$C" queens 12 --count --node-limit 10 --part "$big" > "$T/l.result"
status=$?
{ grep -vF "part=\"$big\"" "$T/q.results"; cat "$T/l.result"; } | "$C" merge --parts "$T/q.parts" > "$T/l.out"
merge_status=$?
set -e
[ "$status" -eq 1 ] || fail "a part stopped by --node-limit: exit status $status, expected 1"
grep -q 'status=limit .*limit=nodes' "$T/l.result" || fail "limit result line: $(cat "$T/l.result")"
[ "$merge_status" -eq 1 ] || fail "a part that hit a limit: merge exit status $merge_status, expected 1"
grep -qxF "incomplete: part '$big' hit a limit (nodes)" "$T/l.out" || fail "limit not reported: $(cat "$T/l.out")"
bad_merge() {  # bad_merge LINE WHAT: merge exits 1 naming file:line and WHAT
  { head -2 "$T/q.results"; echo "$1"; } > "$T/bad.results"
  set +e
  "$C" merge "$T/bad.results" > /dev/null 2> "$T/bad.err"
  local st=$?
  set -e
  [ "$st" -eq 1 ] || fail "malformed '$1': exit status $st, expected 1"
  grep -qF "csp: $T/bad.results:3: $2" "$T/bad.err" || fail "malformed '$1': message $(cat "$T/bad.err")"
}
bad_merge 'part="1=2" status=done solutions=1 nodes=1 failures=0 time=0' "status='done': expected exhausted, found or limit"
bad_merge 'part="1=2" status=exhausted solutions=-1 nodes=1 failures=0 time=0' "solutions='-1' is not a whole number"
bad_merge 'part="1=2" status=exhausted solutions=1 nodes=1 failures=0' "no time= field"
bad_merge 'part="1=2 status=exhausted' "part: the quote is not closed"
bad_merge 'solutions: 14200' "'solutions:' is not a key=value field"
first_result=$(head -1 "$T/q.results")  # whichever part finished first
first_part=${first_result#part=\"}
first_part=${first_part%%\"*}
bad_merge "$first_result" "part '$first_part' has a result already, at $T/bad.results:1"

# --- a bad --part line: exit 2, one line naming the token and why ---
usage_error "--part with a bad token" queens 12 --count --part '0=3 x'
grep -qF "csp: --part '0=3 x': bad decision 'x'" "$T/u.err" || fail "bad token not named: $(cat "$T/u.err")"
usage_error "--part with a variable out of range" queens 12 --count --part '12=1'
grep -qF "variable id out of range" "$T/u.err" || fail "out-of-range variable: $(cat "$T/u.err")"
usage_error "--part with a bad value" queens 12 --count --part '0=x'
usage_error "--part with a value outside the domain" queens 12 --count --part '0=1 1=12'
grep -qF "bad decision '1=12' in a part's path: value outside the variable's domain (12 values in 0..11)" "$T/u.err" ||
  fail "out-of-domain value: $(cat "$T/u.err")"
usage_error "--part with two spaces" queens 12 --count --part '0=1  1=3'
grep -qF "bad decision '0=1'" "$T/u.err" || fail "two spaces: $(cat "$T/u.err")"
usage_error "--part empty" queens 12 --count --part ''
usage_error "--split with --part" queens 12 --count --split 4 --part '0=1'
usage_error "--split 0" queens 12 --count --split 0
usage_error "--all with --split" queens 12 --all --split 4
echo "ok: queens 12 in $(wc -l < "$T/q.parts") parts = $Q12, first placement kept, colour optimum 11 in $(wc -l < "$T/c.parts") parts, merge and --part errors"
