#!/usr/bin/env bash
# Compares our FlatZinc solver with Gecode on the MiniZinc models of this folder (issue 18).
#
#   tests/minizinc/run.sh BUILD_DIR [MODEL...]
#
# For each model of models.txt (or only the names given) it runs the reference, Gecode through MiniZinc's plain
# decompositions (`minizinc --solver gecode -G std`), and ours (`MZN_SOLVER_PATH=BUILD_DIR/share/minizinc/solvers
# minizinc --solver csp`), both with `--output-mode dzn --output-objective`, and requires:
#   - the same satisfiability;
#   - count models: both finish (==========) with the same number of solutions and the same set of solutions;
#   - opt models: ours proves optimality (==========) with Gecode's objective;
#   - every solution of ours that it re-checks (the last one; for count models also the first two) is accepted by
#     MiniZinc itself: the reference solves the model again with that solution as an extra data file, and must
#     find it satisfiable with the same objective.
# One line per model; the failures say why. Exit 0 when all agree, 1 otherwise, 77 (skipped) when `minizinc` or
# our solver configuration is missing.
# Environment: CSP_MZN_OURS replaces our solver's arguments (e.g. "--solver gecode -G std" to try the runner
# without fzn-csp); CSP_MZN_TIMEOUT is the time limit of one minizinc run in seconds (default 30).
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [MODEL...]" >&2
  exit 2
fi
build=$(cd "$1" 2>/dev/null && pwd) || { echo "no build folder: $1" >&2; exit 2; }
shift
if ! command -v minizinc > /dev/null; then
  echo "skipped: minizinc is not installed (Debian packages minizinc and flatzinc)"
  exit 77
fi
limit=${CSP_MZN_TIMEOUT:-30}
ours=(--solver csp)
ours_env=(env "MZN_SOLVER_PATH=$build/share/minizinc/solvers")
if [ -n "${CSP_MZN_OURS:-}" ]; then
  read -r -a ours <<< "$CSP_MZN_OURS"
elif [ ! -f "$build/share/minizinc/solvers/csp.msc" ]; then
  echo "skipped: no solver configuration $build/share/minizinc/solvers/csp.msc (build fzn-csp first)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run WHO OUT MODEL DATA... : one minizinc run (WHO is ref, ref-lib or ours); stdout to OUT, stderr to OUT.err.
run() {
  local who=$1 out=$2
  shift 2
  local -a solver
  case $who in
    ref) solver=(--solver gecode -G std) ;;
    ref-lib) solver=(--solver gecode) ;;
    ours) solver=("${ours[@]}") ;;
  esac
  if [ "$who" = ours ]; then
    "${ours_env[@]}" timeout "$limit" minizinc "${solver[@]}" --output-mode dzn --output-objective "$@" > "$out" 2> "$out.err"
  else
    timeout "$limit" minizinc "${solver[@]}" --output-mode dzn --output-objective "$@" > "$out" 2> "$out.err"
  fi
  echo $? > "$out.rc"
}

# status OUT: UNSAT, ERROR, UNKNOWN, SAT (solutions, search not finished) or COMPLETE (==========).
status() {
  if grep -q '^=====UNSATISFIABLE=====' "$1"; then echo UNSAT
  elif grep -q '^=====ERROR=====' "$1" || [ "$(cat "$1.rc")" = 124 ]; then
    if [ "$(cat "$1.rc")" = 124 ]; then echo TIMEOUT; else echo ERROR; fi
  elif grep -q '^==========' "$1"; then echo COMPLETE
  elif grep -q '^----------' "$1"; then echo SAT
  elif [ "$(cat "$1.rc")" != 0 ]; then echo ERROR
  else echo UNKNOWN
  fi
}

# solutions OUT: one line per solution, its assignments joined (without _objective), in the order printed.
solutions() {
  awk '/^----------/ { print block; block = ""; next }
       /^(=====|%%%)/ { next }
       /^_objective = / { next }
       { gsub(/[ \t]+/, " "); block = block $0 }' "$1"
}

# objective OUT: the objective of the last solution printed.
objective() {
  grep '^_objective = ' "$1" | tail -n 1 | sed 's/^_objective = //; s/;$//'
}

# recheck MODEL_ARGS... : reads a solution (one line of `solutions`) on stdin and the expected objective in $want;
# prints nothing when MiniZinc accepts it, else why.
recheck() {
  local sol=$work/solution.dzn
  sed 's/;/;\n/g' > "$sol"
  run "$refwho" "$work/recheck" "$@" "$sol"
  local st
  st=$(status "$work/recheck")
  if [ "$st" != COMPLETE ] && [ "$st" != SAT ]; then
    echo "MiniZinc rejects the solution ($st): $(tr '\n' ' ' < "$sol") $(head -c 300 "$work/recheck.err")"
  elif [ -n "$want" ] && [ "$(objective "$work/recheck")" != "$want" ]; then
    echo "the solution's objective is $(objective "$work/recheck"), ours said $want"
  fi
}

passed=0
failed=()
mapfile -t lines < <(grep -v '^[[:space:]]*\(#\|$\)' "$here/models.txt")
if [ $# -gt 0 ]; then
  wanted=" $* "
  selected=()
  for line in "${lines[@]}"; do
    read -r name _ <<< "$line"
    case $wanted in *" $name "*) selected+=("$line") ;; esac
  done
  lines=("${selected[@]}")
fi
start_all=$(date +%s)
for line in "${lines[@]}"; do
  read -r name mode flags <<< "$line"
  args=("$here/$name.mzn")
  [ -f "$here/$name.dzn" ] && args+=("$here/$name.dzn")
  refwho=ref
  case " $flags " in *" gecode-lib "*) refwho=ref-lib ;; esac
  all=()
  [ "$mode" = count ] && all=(-a)
  t0=$(date +%s.%N)
  run "$refwho" "$work/ref" "${all[@]}" "${args[@]}"
  run ours "$work/ours" "${all[@]}" "${args[@]}"
  t1=$(date +%s.%N)
  rst=$(status "$work/ref")
  ost=$(status "$work/ours")
  why=""
  detail=""
  case $rst in
    ERROR|TIMEOUT|UNKNOWN)
      why="the reference failed ($rst): $(head -c 300 "$work/ref.err")" ;;
  esac
  if [ -z "$why" ]; then
    case $ost in
      ERROR|TIMEOUT|UNKNOWN) why="ours failed ($ost): $(head -c 300 "$work/ours.err")" ;;
    esac
  fi
  if [ -z "$why" ] && { [ "$rst" = UNSAT ] || [ "$ost" = UNSAT ]; } && [ "$rst" != "$ost" ]; then
    why="satisfiability differs: Gecode $rst, ours $ost"
  fi
  if [ -z "$why" ] && [ "$rst" != UNSAT ]; then
    case $mode in
      count)
        if [ "$ost" != COMPLETE ]; then
          why="ours did not finish the enumeration ($ost)"
        else
          solutions "$work/ref" | sort > "$work/ref.sols"
          solutions "$work/ours" | sort > "$work/ours.sols"
          rn=$(wc -l < "$work/ref.sols")
          on=$(wc -l < "$work/ours.sols")
          if [ "$rn" != "$on" ]; then
            why="solution count differs: Gecode $rn, ours $on"
          elif ! cmp -s "$work/ref.sols" "$work/ours.sols"; then
            why="solution sets differ: $(diff "$work/ref.sols" "$work/ours.sols" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
          elif [ "$(sort -u "$work/ours.sols" | wc -l)" != "$on" ]; then
            why="ours repeats a solution"
          fi
          detail="$on solutions"
        fi ;;
      opt)
        if [ "$ost" != COMPLETE ]; then
          why="ours did not prove optimality ($ost)"
        elif [ "$(objective "$work/ours")" != "$(objective "$work/ref")" ]; then
          why="optimum differs: Gecode $(objective "$work/ref"), ours $(objective "$work/ours")"
        fi
        detail="optimum $(objective "$work/ours")" ;;
      sat) detail="SAT" ;;
    esac
  fi
  [ "$rst" = UNSAT ] && [ -z "$why" ] && detail="UNSAT"
  checked=0
  if [ -z "$why" ] && [ "$ost" != UNSAT ]; then
    solutions "$work/ours" > "$work/ours.list"
    total=$(wc -l < "$work/ours.list")
    picks=("$total")
    if [ "$mode" = count ]; then picks=(1 2 "$total"); fi
    want=""
    [ "$mode" = opt ] && want=$(objective "$work/ours")
    for k in $(printf '%s\n' "${picks[@]}" | sort -un); do
      [ "$k" -ge 1 ] && [ "$k" -le "$total" ] || continue
      why=$(sed -n "${k}p" "$work/ours.list" | recheck "${args[@]}")
      checked=$((checked + 1))
      [ -n "$why" ] && { why="solution $k: $why"; break; }
    done
  fi
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  if [ -z "$why" ]; then
    passed=$((passed + 1))
    printf 'ok    %-30s %-5s %s, %d re-checked (%.1f s)\n' "$name" "$mode" "$detail" "$checked" "$secs"
  else
    failed+=("$name")
    printf 'FAIL  %-30s %-5s %s\n' "$name" "$mode" "$why"
  fi
done
echo "$passed passed, ${#failed[@]} failed in $(( $(date +%s) - start_all )) s${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
