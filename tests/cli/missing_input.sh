#!/usr/bin/env bash
# A missing input file is bad input, for every command that reads files: exit status 1, as each
# command's --help says ("1 bad input (a missing or unreadable file, ...)"; the wording is
# apps/common/errors.hpp's exit_status_help), one line on stderr naming the file, nothing on
# standard output. Usage: missing_input.sh BIN_DIR SOURCE_DIR
set -u
bin=$1
source "$(dirname "$0")/lib/common.sh"  # $T, fail
nope="$T/does-not-exist"

# expect_missing DESCRIPTION COMMAND ARGS...
expect_missing() {
  local what=$1
  shift
  "$@" < /dev/null > "$T/out" 2> "$T/err"
  local st=$?
  [ "$st" -eq 1 ] || fail "$what: exit status $st, expected 1 (bad input): $(head -c 300 "$T/err")"
  [ ! -s "$T/out" ] || fail "$what: printed on stdout: $(head -c 200 "$T/out")"
  [ "$(wc -l < "$T/err")" -eq 1 ] && grep -qF "$nope" "$T/err" || fail "$what: stderr: $(cat "$T/err")"
  echo "ok: $what: $(cat "$T/err")"
}
expect_missing "sudoku solve" "$bin/sudoku" solve "$nope"
expect_missing "sudoku count" "$bin/sudoku" count "$nope"
expect_missing "sudoku grade" "$bin/sudoku" grade "$nope"
expect_missing "sudoku bench" "$bin/sudoku" bench "$nope"
expect_missing "csp color" "$bin/csp" color "$nope"
expect_missing "csp latin" "$bin/csp" latin "$nope"
expect_missing "fzn-csp" "$bin/fzn-csp" "$nope"

# The help says the same.
for cmd in sudoku csp fzn-csp; do
  "$bin/$cmd" --help | tr '\n' ' ' | grep -qF "1 bad input (a missing or unreadable file" ||
    fail "$cmd --help does not say that a missing file is exit status 1"
done
echo "missing input: all checks passed"
