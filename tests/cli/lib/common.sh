# Sourced by the scripts of tests/cli (kept in lib/ so that ctest does not run it as a test): a
# scratch folder $T removed on exit, fail(), usage_error(), queens_count(), and the two puzzles of
# Norvig's essay with their solutions.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# usage_error DESCRIPTION ARGS...: "$S" ARGS must exit 2 with one line on stderr and nothing on
# stdout ($S: the command under test, set by the script). input_error: the same with exit status 1
# (bad input: a missing or unreadable file).
usage_error() { expect_error 2 "$@"; }
input_error() { expect_error 1 "$@"; }
expect_error() {
  local status=$1 what=$2
  shift 2
  set +e
  "$S" "$@" < /dev/null > "$T/u.out" 2> "$T/u.err"
  local st=$?
  set -e
  [ "$st" -eq "$status" ] || fail "$what: exit status $st, expected $status"
  [ ! -s "$T/u.out" ] || fail "$what: printed on stdout"
  [ "$(wc -l < "$T/u.err")" -eq 1 ] || fail "$what: expected one line on stderr, got: $(cat "$T/u.err")"
}

# queens_count N: the number of N-queens solutions (N = 0..12), read from the one list every test
# uses, tests/problems/queens_counts.hpp (kCounts[n]).
queens_count() {
  local header counts
  header="$(dirname "${BASH_SOURCE[0]}")/../../problems/queens_counts.hpp"
  read -r -a counts <<< "$(sed -n 's/.*kCounts\[\] = {\(.*\)};/\1/p' "$header" | tr -d ,)"
  [ "${#counts[@]}" -eq 13 ] && [ "$1" -ge 0 ] && [ "$1" -le 12 ] || fail "queens_count $1: not in $header"
  echo "${counts[$1]}"
}

EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
EASY_SOL=483921657967345821251876493548132976729564138136798245372689514814253769695417382
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
HARD_SOL=417369825632158947958724316825437169791586432346912758289643571573291684164875293
