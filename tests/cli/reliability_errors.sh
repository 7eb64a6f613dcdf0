#!/usr/bin/env bash
# Usage errors (unknown options, bad option values: exit status 2) and bad input files (missing,
# unreadable, directories given as files, a file that fails while being read: exit status 1, as
# every command's --help says). Each gives one line on stderr naming the problem, nothing on
# standard output (the files are checked before any work).
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
T=$(mktemp -d)
trap 'chmod -R u+rwx "$T" 2> /dev/null; rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
echo "$EASY" > "$T/good.txt"

# usage_error DESCRIPTION TEXT-EXPECTED-ON-STDERR ARGS... (exit status 2; input_error: 1)
usage_error() { STATUS=2 expect_error "$@"; }
input_error() { STATUS=1 expect_error "$@"; }
expect_error() {
  local what=$1 text=$2
  shift 2
  set +e
  "$S" "$@" < /dev/null > "$T/u.out" 2> "$T/u.err"
  local st=$?
  set -e
  [ "$st" -eq "$STATUS" ] || fail "$what: exit status $st, expected $STATUS (stderr: $(head -c 300 "$T/u.err"))"
  [ ! -s "$T/u.out" ] || fail "$what: printed on stdout: $(head -c 200 "$T/u.out")"
  [ "$(wc -l < "$T/u.err")" -eq 1 ] || fail "$what: expected one line on stderr, got: $(cat "$T/u.err")"
  grep -qF -- "$text" "$T/u.err" || fail "$what: stderr does not mention '$text': $(cat "$T/u.err")"
  echo "ok: $what: $(cat "$T/u.err")"
}

for cmd in solve count; do
  input_error "$cmd: missing file" "$T/nope.txt: cannot open: No such file or directory" $cmd "$T/nope.txt"
  input_error "$cmd: directory" "$T: is a directory" $cmd "$T"
  input_error "$cmd: directory after a good file" "$T: is a directory" $cmd "$T/good.txt" "$T"
  usage_error "$cmd: unknown option" "--no-such-option" $cmd --no-such-option
  usage_error "$cmd: --threads not a number" "--threads" $cmd --threads many
  usage_error "$cmd: --threads 0" "--threads" $cmd --threads 0
  usage_error "$cmd: --node-limit negative" "--node-limit" $cmd --node-limit -5
  usage_error "$cmd: --time-limit negative" "--time-limit" $cmd --time-limit -1
  usage_error "$cmd: --time-limit not a number" "--time-limit" $cmd --time-limit soon
  usage_error "$cmd: --order unknown" "--order" $cmd --order sideways
  usage_error "$cmd: --rules unknown" "telepathy" $cmd --rules naked-single,telepathy
done
usage_error "unknown subcommand" "sudoku: unknown command 'frobnicate' (see sudoku --help)" frobnicate
usage_error "--log-level unknown" "--log-level" --log-level loud solve

# Unreadable: permission bits mean nothing to root, who can read anything.
if [ "$(id -u)" -ne 0 ]; then
  cp "$T/good.txt" "$T/secret.txt"
  chmod 000 "$T/secret.txt"
  input_error "solve: unreadable file" "$T/secret.txt: cannot open: Permission denied" solve "$T/secret.txt"
else
  echo "skipped: unreadable file (running as root, who can read every file)"
fi

# A file that opens but fails when read (here /proc/self/mem, whose first page is never mapped:
# read() fails with EIO). Lines read before the error are answered; the error is one line, exit 1.
if [ -r /proc/self/mem ]; then
  set +e
  "$S" solve "$T/good.txt" /proc/self/mem > "$T/out" 2> "$T/err"
  status=$?
  set -e
  [ "$status" -eq 1 ] || fail "read error: exit status $status"
  [ "$(wc -l < "$T/err")" -eq 1 ] && grep -q "^sudoku: /proc/self/mem: read error: " "$T/err" ||
    fail "read error: stderr: $(cat "$T/err")"
  [ "$(wc -l < "$T/out")" -eq 1 ] || fail "read error: the good file's answer should still be written"
  echo "ok: read error: $(cat "$T/err")"
fi
echo "reliability of usage errors: all checks passed"
