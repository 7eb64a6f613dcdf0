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
#   - the last solution of ours (the optimum of opt models) is accepted by
#     MiniZinc itself: the reference solves the model again with that solution as an extra data file, and must
#     find it satisfiable with the same objective;
#   - models flagged free: ours with -f (search annotations ignored) gives the same answer again.
# One line per model; the failures say why. Exit 0 when all agree, 1 otherwise, 77 (skipped) when `minizinc` or
# our solver configuration is missing.
# Environment: CSP_MZN_OURS replaces our solver's arguments (e.g. "--solver gecode -G std" to try the runner
# without fzn-csp); CSP_MZN_FZN_FLAGS adds flags for fzn-csp (e.g. "--inference learn", passed as minizinc
# --fzn-flags); CSP_MZN_TIMEOUT is the time limit of one minizinc run in seconds (default 30).
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
[ -n "${CSP_MZN_FZN_FLAGS:-}" ] && ours+=(--fzn-flags "$CSP_MZN_FZN_FLAGS")
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

# recheck DIR REF WANT MODEL_ARGS... : reads a solution (one line of `solutions`) on stdin; prints nothing when
# MiniZinc (solver REF) finds the model satisfiable with those values fixed and objective WANT (if not empty),
# else why.
recheck() {
  local dir=$1 who=$2 want=$3
  shift 3
  local sol=$dir/solution.dzn st
  sed 's/;/;\n/g' > "$sol"
  run "$who" "$dir/recheck" "$@" "$sol"
  st=$(status "$dir/recheck")
  if [ "$st" != COMPLETE ] && [ "$st" != SAT ]; then
    echo "MiniZinc rejects it ($st): $(tr '\n' ' ' < "$sol") $(head -c 300 "$dir/recheck.err" | tr '\n' ' ')"
  elif [ -n "$want" ] && [ "$(objective "$dir/recheck")" != "$want" ]; then
    echo "its objective is $(objective "$dir/recheck"), ours said $want"
  fi
}

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
# check INDEX LINE: compares one model; writes its report line to $work/INDEX.line (first word ok or FAIL).
check() {
  local idx=$1 line=$2 name mode flags
  local dir=$work/$idx
  mkdir -p "$dir"
  read -r name mode flags <<< "$line"
  local -a args=("$here/$name.mzn")
  [ -f "$here/$name.dzn" ] && args+=("$here/$name.dzn")
  refwho=ref
  case " $flags " in *" gecode-lib "*) refwho=ref-lib ;; esac
  local -a all=()
  [ "$mode" = count ] && all=(-a)
  local t0 t1 rst ost why="" detail="" checked=0
  t0=$(date +%s.%N)
  run "$refwho" "$dir/ref" "${all[@]}" "${args[@]}"
  run ours "$dir/ours" "${all[@]}" "${args[@]}"
  t1=$(date +%s.%N)
  rst=$(status "$dir/ref")
  ost=$(status "$dir/ours")
  case $rst in
    ERROR|TIMEOUT|UNKNOWN)
      why="the reference failed ($rst): $(head -c 300 "$dir/ref.err" | tr '\n' ' ')" ;;
  esac
  if [ -z "$why" ]; then
    case $ost in
      ERROR|TIMEOUT|UNKNOWN) why="ours failed ($ost): $(head -c 300 "$dir/ours.err" | tr '\n' ' ')" ;;
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
          solutions "$dir/ref" | sort > "$dir/ref.sols"
          solutions "$dir/ours" | sort > "$dir/ours.sols"
          local rn on
          rn=$(wc -l < "$dir/ref.sols")
          on=$(wc -l < "$dir/ours.sols")
          if [ "$rn" != "$on" ]; then
            why="solution count differs: Gecode $rn, ours $on"
          elif ! cmp -s "$dir/ref.sols" "$dir/ours.sols"; then
            why="solution sets differ: $(diff "$dir/ref.sols" "$dir/ours.sols" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
          elif [ "$(sort -u "$dir/ours.sols" | wc -l)" != "$on" ]; then
            why="ours repeats a solution"
          fi
          detail="$on solutions, each one of Gecode's"
        fi ;;
      opt)
        if [ "$ost" != COMPLETE ]; then
          why="ours did not prove optimality ($ost)"
        elif [ "$(objective "$dir/ours")" != "$(objective "$dir/ref")" ]; then
          why="optimum differs: Gecode $(objective "$dir/ref"), ours $(objective "$dir/ours")"
        fi
        detail="optimum $(objective "$dir/ours")" ;;
      sat) detail="SAT" ;;
    esac
  fi
  [ "$rst" = UNSAT ] && [ -z "$why" ] && detail="UNSAT"
  # MiniZinc re-checks ours' last solution (the optimum for opt models); with count models the equality of the
  # two solution sets has already tied every other solution to one that Gecode found.
  if [ -z "$why" ] && [ "$ost" != UNSAT ]; then
    local want=""
    [ "$mode" = opt ] && want=$(objective "$dir/ours")
    why=$(solutions "$dir/ours" | tail -n 1 | recheck "$dir" "$refwho" "$want" "${args[@]}")
    checked=1
    [ -n "$why" ] && why="the last solution: $why"
  fi
  # free: ours again with -f (the model's search annotations ignored), which must give the same answer.
  case " $flags " in *" free "*)
    if [ -z "$why" ]; then
      run ours "$dir/free" -f "${all[@]}" "${args[@]}"
      local fst
      fst=$(status "$dir/free")
      if [ "$rst" = UNSAT ]; then
        [ "$fst" = UNSAT ] || why="with -f: $fst, Gecode UNSAT"
      elif [ "$fst" != COMPLETE ]; then
        why="with -f: ours did not finish ($fst) $(head -c 200 "$dir/free.err" | tr '\n' ' ')"
      elif [ "$mode" = count ] && ! cmp -s <(solutions "$dir/free" | sort) "$dir/ref.sols"; then
        why="with -f: the solutions differ from Gecode's ($(solutions "$dir/free" | wc -l) solutions)"
      elif [ "$mode" = opt ] && [ "$(objective "$dir/free")" != "$(objective "$dir/ref")" ]; then
        why="with -f: optimum $(objective "$dir/free"), Gecode $(objective "$dir/ref")"
      else
        detail="$detail, the same with -f"
      fi
    fi ;;
  esac
  local secs
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  if [ -z "$why" ]; then
    printf 'ok    %-30s %-5s %s%s (%.1f s)\n' "$name" "$mode" "$detail" \
      "$( [ $checked = 1 ] && echo ", re-checked")" "$secs" > "$work/$idx.line"
  else
    printf 'FAIL  %-30s %-5s %s\n' "$name" "$mode" "$why" > "$work/$idx.line"
  fi
}

start_all=$(date +%s)
jobs_max=${CSP_MZN_JOBS:-2}
idx=0
for line in "${lines[@]}"; do
  idx=$((idx + 1))
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  check "$idx" "$line" &
done
wait
passed=0
failed=()
for i in $(seq 1 "$idx"); do
  cat "$work/$i.line"
  read -r verdict name _ < "$work/$i.line"
  if [ "$verdict" = ok ]; then passed=$((passed + 1)); else failed+=("$name"); fi
done
echo "$passed passed, ${#failed[@]} failed in $(( $(date +%s) - start_all )) s${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
