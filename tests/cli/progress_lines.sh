#!/usr/bin/env bash
# The one-line progress of `sudoku solve`, `sudoku count` and `fzn-csp`, as csp_progress.sh checks csp's:
# a search that runs past a second draws "searching: N nodes, ..." on standard error when it is a terminal
# (a pseudo-terminal from script(1), when there is one), cleared before the answer; piped, standard error
# gets none of it. Each search here is cut by a time limit of 1.6 s, so it lasts as long in any build.
# Usage: progress_lines.sh BIN_DIR SOURCE_DIR
set -u
BIN=$1
source "$(dirname "$0")/lib/common.sh"  # $T, fail

# Generate and test (no rules, no inference) on the essay's grid2 never ends; counting the solutions of
# its hard1 (not a proper puzzle: millions of them) does not end within the limit either.
grid2='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
hard1='.....6....59.....82....8....45........3........6..3.54...325..6..................'
echo "$grid2" > "$T/grid2.txt"
echo "$hard1" > "$T/hard1.txt"
# Pigeonhole (13 pigeons, 12 holes, pairwise different): no solution, far too long to prove by search.
{
  for ((i = 1; i <= 13; i++)); do echo "var 1..12: p$i;"; done
  for ((i = 1; i <= 13; i++)); do
    for ((j = i + 1; j <= 13; j++)); do echo "constraint int_ne(p$i, p$j);"; done
  done
  echo "solve satisfy;"
} > "$T/pigeons.fzn"

names=("sudoku solve" "sudoku count" "fzn-csp")
commands=("$BIN/sudoku solve --threads 1 --rules none --inference none --time-limit 1.6 $T/grid2.txt"
          "$BIN/sudoku count --threads 1 --max 1000000000 --time-limit 1.6 $T/hard1.txt"
          "$BIN/fzn-csp --inference mac -t 1600 $T/pigeons.fzn")
answers=("limit: time" "limit: time" "=====UNKNOWN=====")

for k in 0 1 2; do
  name=${names[$k]} command=${commands[$k]} answer=${answers[$k]}
  # Standard error into a pipe: no progress there, the answer alone on standard output.
  { $command 2>&1 > "$T/out"; } | cat > "$T/err"
  [ "$(tail -n 1 "$T/out")" = "$answer" ] || fail "$name: expected '$answer', got: $(cat "$T/out")"
  ! grep -q "searching" "$T/err" || fail "$name: a progress line went to a redirected standard error: $(head -c 300 "$T/err")"
  ! grep -q $'\033' "$T/err" || fail "$name: terminal escapes on a redirected standard error: $(head -c 300 "$T/err")"
  echo "ok: $name piped, no progress line"

  # On a terminal: the line appears once the search has run a second, and is cleared before the answer.
  if ! command -v script > /dev/null; then
    echo "skipped: $name on a terminal (no script(1))"
    continue
  fi
  script -qec "$command" /dev/null > "$T/tty" < /dev/null
  grep -q "searching: [0-9]* nodes, [0-9]* failures, [0-9]* solutions" "$T/tty" ||
    fail "$name: no progress line on a terminal: $(head -c 300 "$T/tty" | od -c | head)"
  grep -q $'\033\\[K'"$answer" "$T/tty" ||
    fail "$name: the progress line was not cleared before the answer: $(tail -c 200 "$T/tty" | od -c)"
  echo "ok: $name on a terminal, a progress line, cleared before the answer"
done
