# Sourced by the reliability_threads scripts of tests/cli (kept in lib/ so that ctest does not run
# it), after common.sh; $S is the sudoku command.
# sudoku ARGS... > OUT: runs the command; exit status 0 or 1 (not all solved) is fine, anything else
# (a sanitizer's report ends the program with its own status) fails the test, showing stderr.
sudoku() {
  local status=0
  "$S" "$@" 2> "$T/stderr" || status=$?
  [ "$status" -le 1 ] || fail "sudoku $*: exit status $status: $(head -c 3000 "$T/stderr")"
}

# same NAME FILE [OPTIONS...]: solve FILE with 1, 2 and 3 threads; the outputs must be equal byte
# for byte.
same() {
  local name=$1 file=$2
  shift 2
  sudoku solve --threads 1 "$@" "$file" > "$T/t1"
  [ "$(wc -l < "$T/t1")" -gt 0 ] || fail "$name: no output"
  for n in 2 3; do
    sudoku solve --threads "$n" "$@" "$file" > "$T/tn"
    cmp -s "$T/t1" "$T/tn" || fail "$name: --threads $n output differs from --threads 1"
  done
  echo "ok: $name: $(wc -l < "$T/t1") answers, identical on 1, 2 and 3 threads"
}
