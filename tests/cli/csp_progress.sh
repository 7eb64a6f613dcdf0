#!/usr/bin/env bash
# csp's progress line: a search that runs past a second draws "searching: N nodes, ..." on standard
# error when it is a terminal (here a pseudo-terminal from script(1), when there is one), cleared
# before the answer; piped or redirected, standard error gets none of it. Usage: csp_progress.sh BIN_DIR SOURCE_DIR
set -u
csp="$1/csp"
source "$(dirname "$0")/lib/common.sh"  # $T, fail

# Standard error into a pipe: no progress there, the answer alone on standard output (queens 13: about 1.5 s
# in a Release build, longer under the sanitizers).
{ "$csp" queens 13 --count --stats 2>&1 > "$T/out" || fail "queens 13 --count: exit status $?"; } | cat > "$T/err"
[ "$(tail -n 1 "$T/out")" = "solutions: 73712" ] || fail "queens 13: $(cat "$T/out")"
! grep -q "searching" "$T/err" || fail "a progress line went to a redirected standard error: $(head -c 300 "$T/err")"
grep -q $'\033' "$T/err" && fail "terminal escapes on a redirected standard error: $(head -c 300 "$T/err")"
seconds=$(sed -n 's/^seconds: //p' "$T/err")
echo "ok: piped, no progress line (the search took $seconds s)"

# On a terminal: the line appears once the search has run a second, and is cleared before the answer.
if ! command -v script > /dev/null; then
  echo "skipped: the terminal half (no script(1))"
  exit 0
fi
script -qec "$csp queens 13 --count" /dev/null > "$T/tty" < /dev/null || fail "queens 13 on a terminal: exit status $?"
if awk -v s="$seconds" 'BEGIN { exit !(s >= 1.3) }'; then
  grep -q "searching: [0-9]* nodes, [0-9]* failures, [0-9]* solutions" "$T/tty" ||
    fail "no progress line on a terminal after $seconds s: $(head -c 300 "$T/tty" | od -c | head)"
  grep -q $'\033\\[Ksolutions: 73712' "$T/tty" || fail "the progress line was not cleared before the answer: $(tail -c 200 "$T/tty" | od -c)"
  echo "ok: on a terminal, a progress line, cleared before the answer"
else
  echo "skipped: the terminal half (the search took $seconds s, under the 1 s before a line shows)"
fi
