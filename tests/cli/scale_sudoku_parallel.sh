#!/usr/bin/env bash
# A Sudoku batch cut into blocks of 200 lines by GNU parallel (--pipe --keep-order, this host only)
# gives output byte-identical to one `sudoku solve` over the whole file — the recipe of
# docs/scale-out.md. Skipped (77) when GNU parallel is not installed (`make test` installs it).
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail
command -v parallel > /dev/null || { echo "skipped: GNU parallel is not installed"; exit 77; }
export HOME="$T"  # parallel keeps its state in ~/.parallel

# A few thousand generated puzzles, with an unsolvable line and a blank line (skipped) among them.
"$S" generate --count 2000 --seed 20 --threads 2 > "$T/batch.txt"
sed -i -e '700a\
12345678.........9'"$(printf '.%.0s' $(seq 63))"'
' -e '1300a\
' "$T/batch.txt"
[ "$(wc -l < "$T/batch.txt")" -eq 2002 ] || fail "the batch should have 2002 lines"

set +e
"$S" solve "$T/batch.txt" > "$T/direct.txt"
direct_status=$?
parallel --will-cite --tmpdir "$T" --pipe --keep-order -N 200 "$S" solve < "$T/batch.txt" > "$T/parts.txt"
set -e
[ "$direct_status" -eq 1 ] || fail "the direct run should exit 1 (not all solved), got $direct_status"
[ "$(wc -l < "$T/direct.txt")" -eq 2001 ] || fail "one output line per puzzle line expected"
cmp "$T/direct.txt" "$T/parts.txt" || fail "parallel --pipe output differs from the direct run"
# The same with uneven blocks by size rather than by line count.
parallel --will-cite --tmpdir "$T" --pipe --keep-order --block 30k "$S" solve < "$T/batch.txt" > "$T/blocks.txt" || true
cmp "$T/direct.txt" "$T/blocks.txt" || fail "parallel --pipe --block output differs from the direct run"
# A malformed line's message names its line number, which under --pipe counts from the start of
# its block: that line, and only it, differs (docs/scale-out.md says so).
sed -i '1500s/.*/not a puzzle/' "$T/batch.txt"
"$S" solve "$T/batch.txt" > "$T/direct.txt" || true
parallel --will-cite --tmpdir "$T" --pipe --keep-order -N 200 "$S" solve < "$T/batch.txt" > "$T/parts.txt" || true
diff "$T/direct.txt" "$T/parts.txt" > "$T/diff.txt" || true
grep -q '^< invalid: .*(line 1500)$' "$T/diff.txt" || fail "expected the direct run's message for line 1500: $(cat "$T/diff.txt")"
grep -q '^> invalid: .*(line 100)$' "$T/diff.txt" || fail "expected line 100 of its block: $(cat "$T/diff.txt")"
[ "$(grep -c '^[<>]' "$T/diff.txt")" -eq 2 ] || fail "only the malformed line should differ: $(cat "$T/diff.txt")"
echo "ok: $(wc -l < "$T/direct.txt") lines through parallel --pipe, byte-identical to one process"
