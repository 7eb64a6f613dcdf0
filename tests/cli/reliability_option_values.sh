#!/usr/bin/env bash
# Nonsense numbers on every command that takes them (negative, fractional, not a number, nan, inf,
# out of range) and unknown subcommands, for both sudoku and csp: each is a usage error, one line
# on stderr naming the option (or the unknown word) and the bad value, nothing on stdout, exit 2.
# The checks live in one place (apps/common/cli.hpp); this walks every command path that uses them.
set -euo pipefail
BIN=$1
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions
checks=0

echo "$EASY" > "$T/good.txt"
printf 'p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n' > "$T/triangle.col"

# usage_error TEXT... -- COMMAND ARGS...: status 2, empty stdout, one line on stderr containing
# every TEXT. Input is /dev/null, so that nothing waits for a terminal.
usage_error() {
  local texts=()
  while [ "$1" != "--" ]; do
    texts+=("$1")
    shift
  done
  shift
  set +e
  timeout 20 "$@" < /dev/null > "$T/u.out" 2> "$T/u.err"
  local st=$?
  set -e
  local what="${*#"$BIN/"}"
  [ "$st" -eq 2 ] || fail "$what: exit status $st, expected 2 (stderr: $(head -c 300 "$T/u.err"))"
  [ ! -s "$T/u.out" ] || fail "$what: printed on stdout: $(head -c 200 "$T/u.out")"
  [ "$(wc -l < "$T/u.err")" -eq 1 ] || fail "$what: expected one line on stderr, got: $(head -c 500 "$T/u.err")"
  for text in "${texts[@]}"; do
    grep -qF -- "$text" "$T/u.err" || fail "$what: stderr does not mention '$text': $(cat "$T/u.err")"
  done
  checks=$((checks + 1))
}

# bad_numbers OPTION KIND COMMAND...: KIND whole (a whole number) or seconds.
bad_numbers() {
  local option=$1 kind=$2
  shift 2
  local values=(-5 abc "")
  if [ "$kind" = whole ]; then values+=(1.5 1e3 +3 99999999999999999999999); else values+=(nan inf -1 1s); fi
  for v in "${values[@]}"; do
    usage_error "$option" "'$v'" -- "$@" "$option" "$v"
  done
}

S="$BIN/sudoku"
for cmd in solve count explain; do
  bad_numbers --node-limit whole "$S" $cmd
  bad_numbers --time-limit seconds "$S" $cmd
  bad_numbers --seed whole "$S" $cmd
done
for cmd in solve count; do bad_numbers --threads whole "$S" $cmd; done
bad_numbers --max whole "$S" count
usage_error --max "'0'" -- "$S" count --max 0
# bench: the files come last, so that a bad option is reported before any file is read.
for option in --node-limit --seed --repeat --threads; do bad_numbers $option whole "$S" bench "$T/good.txt"; done
bad_numbers --time-limit seconds "$S" bench "$T/good.txt"
usage_error --repeat "'0'" -- "$S" bench --repeat 0 "$T/good.txt"
usage_error --threads "'257'" -- "$S" bench --threads 257 "$T/good.txt"
for option in --count --seed --threads; do bad_numbers $option whole "$S" generate; done
usage_error --threads "'0'" -- "$S" generate --threads 0
echo "ok: sudoku: bad numbers are usage errors naming option and value"

C="$BIN/csp"
for args in "queens 8" "color $T/triangle.col" "map australia" "cryptarithm SEND+MORE=MONEY" "zebra" "latin"; do
  # shellcheck disable=SC2086 # the words of args are meant to split
  for option in --node-limit --seed; do bad_numbers $option whole "$C" $args; done
  # shellcheck disable=SC2086
  bad_numbers --time-limit seconds "$C" $args
done
bad_numbers --clique-budget seconds "$C" color "$T/triangle.col"
usage_error --colors "-5" -- "$C" color "$T/triangle.col" --colors -5
usage_error --colors "-5" -- "$C" map australia --colors -5
echo "ok: csp: bad numbers are usage errors naming option and value"

# Unknown subcommands: the word itself is named (CLI11 alone says only "A subcommand is required").
usage_error "sudoku: unknown command 'frobnicate' (see sudoku --help)" -- "$S" frobnicate
usage_error "unknown command 'frobnicate'" -- "$S" frobnicate --threads 2
usage_error "unknown command 'frobnicate'" -- "$S" --log-level debug frobnicate
usage_error "csp: unknown command 'frobnicate' (see csp --help)" -- "$C" frobnicate
usage_error "unknown command 'frobnicate'" -- "$C" frobnicate 8 --count
# No subcommand at all, and an unknown option before a real one, keep CLI11's own messages.
usage_error "subcommand is required" -- "$S"
usage_error "subcommand is required" -- "$C"
usage_error "--bogus" -- "$C" --bogus queens 8
echo "ok: unknown subcommands are named"
echo "reliability of option values: all $checks checks passed"
