#!/usr/bin/env bash
# sudoku solve: known answers, one output line per puzzle line with bad lines mixed in, exit
# statuses, usage errors, limits, thread-independent output, and a quiet stop on a closed pipe.
set -euo pipefail
BIN=$1
SRC=$2
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions

# Valid givens, no solution: row 1 leaves r1c9 only 9, which column 9 already has.
UNSOLVABLE="12345678.........9$(printf '.%.0s' $(seq 63))"

# --- the essay's puzzles, from a file and from standard input ---
[ "$(echo "$EASY" | "$S" solve)" = "$EASY_SOL" ] || fail "easy puzzle"
[ "$(echo "$HARD" | "$S" solve -)" = "$HARD_SOL" ] || fail "hard puzzle"
printf '%s\n%s\n' "$EASY" "$HARD" > "$T/two.txt"
[ "$("$S" solve "$T/two.txt")" = "$(printf '%s\n%s' "$EASY_SOL" "$HARD_SOL")" ] || fail "two puzzles from a file"
"$S" solve "$T/two.txt" > /dev/null || fail "exit status 0 when all solved"
"$S" solve --format grid "$T/two.txt" | grep -q '^4 1 7 | 3 6 9 | 8 2 5$' || fail "--format grid"

# --- one answer line per puzzle line, in order, bad lines mixed in ---
{
  echo "# a comment: no output"
  echo "$EASY"                                    # 2: solved
  echo "12345"                                    # 3: wrong length
  echo "${EASY:0:80}x"                            # 4: bad character
  echo "11${EASY:2}"                              # 5: conflicting givens (two 1s in row 1)
  printf '%s\r\n' "$EASY"                         # 6: CRLF: solved
  echo ""                                         # blank: no output
  printf '\x01\x02\xff\x00garbage\x7f\n'          # 8: binary garbage
  head -c 10000000 /dev/zero | tr '\0' '5'; echo  # 9: a 10 MB line
  echo "$UNSOLVABLE"                              # 10: unsolvable
  echo "$HARD"                                    # 11: solved
} > "$T/mixed.txt"
set +e
"$S" solve --threads 1 "$T/mixed.txt" > "$T/mixed.out" 2> "$T/mixed.err"
status=$?
set -e
[ "$status" -eq 1 ] || fail "exit status $status with bad lines, expected 1"
[ ! -s "$T/mixed.err" ] || fail "unexpected stderr: $(cat "$T/mixed.err")"
[ "$(wc -l < "$T/mixed.out")" -eq 9 ] || fail "expected 9 answer lines, got $(wc -l < "$T/mixed.out")"
expect_line() {  # line-number regex
  local got
  got=$(sed -n "${1}p" "$T/mixed.out")
  [[ "$got" =~ $2 ]] || fail "answer $1: '$got' does not match '$2'"
}
expect_line 1 "^${EASY_SOL}\$"
expect_line 2 '^invalid: .* \(line 3\)$'
expect_line 3 '^invalid: .* \(line 4\)$'
expect_line 4 '^invalid: .* \(line 5\)$'
expect_line 5 "^${EASY_SOL}\$"
expect_line 6 '^invalid: .* \(line 8\)$'
expect_line 7 '^invalid: .* \(line 9\)$'
expect_line 8 '^unsolvable$'
expect_line 9 "^${HARD_SOL}\$"
[ "$(sed -n 7p "$T/mixed.out" | wc -c)" -lt 200 ] || fail "the 10 MB line's answer should be short"
"$S" solve --threads 2 "$T/mixed.txt" > "$T/mixed2.out" 2>/dev/null || true  # exit status 1: checked above
cmp -s "$T/mixed2.out" "$T/mixed.out" || fail "--threads 2 differs on mixed input"

# several files: the file is named
set +e
"$S" solve "$T/two.txt" "$T/mixed.txt" > "$T/multi.out" 2>/dev/null
set -e
grep -q "^invalid: .* (line 3 of $T/mixed.txt)\$" "$T/multi.out" || fail "file name in invalid line with several files"
[ "$(wc -l < "$T/multi.out")" -eq 11 ] || fail "several files: line count"

# --- empty input ---
: > "$T/empty.txt"
out=$("$S" solve "$T/empty.txt") || fail "empty file: nonzero exit"
[ -z "$out" ] || fail "empty file printed something"
out=$("$S" solve < /dev/null) || fail "empty stdin: nonzero exit"
[ -z "$out" ] || fail "empty stdin printed something"

# --- usage errors: exit 2, one line on stderr, nothing on stdout ---
usage_error "unknown option" solve --no-such-option
# (a missing or unreadable file is bad input: exit 1)
input_error "directory" solve "$T"
input_error "directory after a good file" solve "$T/two.txt" "$T"
input_error "missing file" solve "$T/does-not-exist.txt"
usage_error "bad --order" solve --order sideways
usage_error "bad --rules" solve --rules naked-single,telepathy
usage_error "bad --threads" solve --threads 0
usage_error "no subcommand"

# --- limits ---
set +e
out=$(echo "$HARD" | "$S" solve --node-limit 1 --rules naked-single,hidden-single)  # the default rules need no search here
status=$?
set -e
[ "$out" = "limit: nodes" ] || fail "--node-limit 1: got '$out'"
[ "$status" -eq 1 ] || fail "--node-limit 1: exit status $status"

# --- options are accepted and still give the right answer ---
for opts in "--order input" "--order mrv" "--order mrv-degree" "--order dom-wdeg" "--values lcv" "--values random --seed 5" \
            "--inference fc" "--rules all" "--time-limit 10" "--log-level debug"; do
  # shellcheck disable=SC2086
  [ "$(echo "$HARD" | "$S" solve $opts 2>/dev/null)" = "$HARD_SOL" ] || fail "options $opts"
done
# No inference at all is plain backtracking: fine on the easy puzzle, far too slow on the hard one.
[ "$(echo "$EASY" | "$S" solve --inference none --rules none)" = "$EASY_SOL" ] || fail "--inference none --rules none"

# --- --stats ---
"$S" solve --stats "$T/two.txt" 2> "$T/stats.err" > /dev/null
for key in "puzzles: 2" "solved: 2" "unsolvable: 0" "invalid: 0" "limit: 0" "puzzles/s:" "mean nodes:" "mean failures:" "naked-single:"; do
  grep -q "^$key" "$T/stats.err" || fail "--stats lacks '$key'"
done

# --- threads: byte-identical output over many batches ---
"$S" generate --count 300 --seed 11 > "$T/gen.txt"
for _ in $(seq 15); do cat "$T/gen.txt" "$T/two.txt"; echo "12345"; echo "$UNSOLVABLE"; done > "$T/many.txt"
set +e
"$S" solve --threads 1 "$T/many.txt" > "$T/t1.out"
"$S" solve --threads 2 "$T/many.txt" > "$T/t2.out"
"$S" solve --threads 3 "$T/many.txt" > "$T/t3.out"
set -e
[ "$(wc -l < "$T/t1.out")" -eq "$(wc -l < "$T/many.txt")" ] || fail "threads: one answer per line"
cmp -s "$T/t1.out" "$T/t2.out" || fail "--threads 2 output differs from --threads 1"
cmp -s "$T/t1.out" "$T/t3.out" || fail "--threads 3 output differs from --threads 1"

# --- a closed output pipe: stop quietly with the status so far (0: all solved) ---
for _ in $(seq 40); do cat "$T/gen.txt"; done > "$T/lots.txt"
set +e +o pipefail
"$S" solve "$T/lots.txt" 2> "$T/pipe.err" | head -n 1 > "$T/pipe.out"
status=${PIPESTATUS[0]}
set -e -o pipefail
[ "$status" -eq 0 ] || fail "closed pipe: exit status $status"
[ ! -s "$T/pipe.err" ] || fail "closed pipe: stderr: $(cat "$T/pipe.err")"
[ "$(wc -l < "$T/pipe.out")" -eq 1 ] || fail "closed pipe: first line"

# The bundled file solves completely.
"$S" solve "$SRC/data/puzzles.txt" > "$T/bundled.out" || fail "data/puzzles.txt: not all solved"
[ "$(grep -c '^[1-9]\{81\}$' "$T/bundled.out")" -eq "$(grep -vc '^#' "$SRC/data/puzzles.txt")" ] || fail "data/puzzles.txt answers"
echo "sudoku solve: all checks passed"

# --summary: one line on standard error that adds up the batch (what `make run` shows).
printf '%s\n%s\n' 003020600900305001001806400008102900700000008006708200002609500800203009005010300 12 \
  | "$BIN/sudoku" solve --summary --threads 1 2> "$T/summary.err" > /dev/null || true
[ "$(wc -l < "$T/summary.err")" -eq 1 ] || fail "--summary: not one line: $(cat "$T/summary.err")"
grep -q '^2 puzzles: 1 solved, 0 unsolvable, 1 invalid, 0 limit; ' "$T/summary.err" || fail "--summary: $(cat "$T/summary.err")"
