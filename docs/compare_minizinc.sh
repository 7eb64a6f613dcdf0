#!/usr/bin/env bash
# Our FlatZinc solver against Gecode on the same MiniZinc models, in one run on one machine (issue 18).
#
#   docs/compare_minizinc.sh [--quick] [--free] [--limit SECONDS] [BUILD_DIR]
#
# Runs the known problems of tests/minizinc (queens, golomb ruler, magic square, job shop, RCPSP, car
# sequencing, nonogram, ...) and the MiniZinc Challenge instances of ../shared/data/minizinc (INSTANCES.tsv)
# on ours (`minizinc --solver csp`, the configuration BUILD_DIR writes; default build) and on Gecode, each with
# the time limit (default 60 s; `-t` for the solver, the wall clock a little more for flattening), and prints
# a Markdown table: instance, kind, then for each solver status, objective, wall seconds and search nodes;
# the column "agree" says whether the two answers agree: yes (the same satisfiability, or the same proved
# optimum), NO (one says UNSAT where the other found a solution, two proved optima differ, or a solution beats
# a proved optimum), - (nothing to compare); "ratio" is our wall time over Gecode's when both solved it (OPT,
# UNSAT, or SAT on a satisfaction model); "µs/node" is each solver's own search time (its solveTime
# statistic, flattening and set-up excluded) over its nodes (Gecode counts both children of a choice).
# Gecode posts its native globals through ../shared/tools/gecode-minizinc (see its README) when that folder
# exists, else it runs on MiniZinc's decompositions (`-G std`), which the table's header then says.
# --quick: three known models and the four quickest shared instances, limit 10 s.
# --free: free search on both sides (minizinc -f: each solver ignores the models' search annotations and uses
# its own default; ours: csp's `-f` default, Gecode's: its own free search), for issue 19's free-search target.
# Status: OPT (optimum proved), SAT (a solution; for optimisation, not proved optimal), UNSAT, UNKNOWN
# (nothing found within the limit), ERROR (the solver or flattening failed; its first message is printed
# under the table).
# Exit 1 when an answer disagrees with Gecode's; 77 (skipped) when minizinc or our solver configuration is
# missing, or when the shared instances are absent (after the table of known models); else 0.
set -u
export LC_NUMERIC=C
root=$(cd "$(dirname "$0")/.." && pwd)
quick=0
free=()
limit=""
build=$root/build
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --free) free=(-f) ;;
    --limit) limit=$2; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) build=$1 ;;
  esac
  shift
done
[ -n "$limit" ] || { if [ $quick = 1 ]; then limit=10; else limit=60; fi; }
data=$root/../shared/data/minizinc
tools=$root/../shared/tools/gecode-minizinc
models=$root/tests/minizinc

command -v minizinc > /dev/null || { echo "skipped: minizinc is not installed"; exit 77; }
[ -f "$build/share/minizinc/solvers/csp.msc" ] ||
  { echo "skipped: no $build/share/minizinc/solvers/csp.msc (make build first)"; exit 77; }
if [ -d "$tools/solvers" ]; then
  gecode=(--solver gecode-fixed)
  gecode_env=(env "MZN_SOLVER_PATH=$(cd "$tools/solvers" && pwd)")
  gecode_name="Gecode 6.2 (native globals, ../shared/tools/gecode-minizinc)"
else
  gecode=(--solver gecode -G std)
  gecode_env=(env)
  gecode_name="Gecode 6.2 (-G std: MiniZinc's decompositions)"
fi
ours=(--solver csp)
ours_env=(env "MZN_SOLVER_PATH=$build/share/minizinc/solvers")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# solve WHO OUT MODEL [DATA]: one run, stdout in OUT, stderr in OUT.err, wall seconds in OUT.time.
solve() {
  local who=$1 out=$2 t0 t1
  shift 2
  local -a cmd
  if [ "$who" = ours ]; then cmd=("${ours_env[@]}" timeout $((limit + 30)) minizinc "${ours[@]}")
  else cmd=("${gecode_env[@]}" timeout $((limit + 30)) minizinc "${gecode[@]}"); fi
  t0=$EPOCHREALTIME
  "${cmd[@]}" "${free[@]}" -s -t $((limit * 1000)) --output-mode dzn --output-objective "$@" > "$out" 2> "$out.err"
  echo $? > "$out.rc"
  t1=$EPOCHREALTIME
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }' > "$out.time"
}

# verdict OUT KIND: "status objective nodes µs-per-node" of one run.
verdict() {
  local out=$1 kind=$2 st obj nodes solve_time
  if grep -q '^=====UNSATISFIABLE=====' "$out"; then st=UNSAT
  elif grep -q '^=====ERROR=====' "$out"; then st=ERROR
  elif grep -q '^----------' "$out"; then
    if [ "$kind" != sat ] && grep -q '^==========' "$out"; then st=OPT; else st=SAT; fi
  elif [ "$(cat "$out.rc")" != 0 ] && [ "$(cat "$out.rc")" != 124 ] && [ -s "$out.err" ]; then st=ERROR
  else st=UNKNOWN
  fi
  obj=$(grep '^_objective = ' "$out" | tail -n 1 | sed 's/^_objective = //; s/;$//')
  nodes=$(grep '^%%%mzn-stat: nodes=' "$out" | tail -n 1 | sed 's/.*=//')
  solve_time=$(grep '^%%%mzn-stat: solveTime=' "$out" | tail -n 1 | sed 's/.*=//')
  echo "$st ${obj:--} ${nodes:--} $(awk -v t="${solve_time:--}" -v n="${nodes:--}" \
    'BEGIN { if (t != "-" && n + 0 > 0) printf "%.2f", t * 1e6 / n; else print "-" }')"
}

# kind MODEL: sat, min or max, from the model's solve item.
kind() {
  if grep -q 'solve[^;]*minimize' "$1"; then echo min
  elif grep -q 'solve[^;]*maximize' "$1"; then echo max
  else echo sat; fi
}

errors=()
agree=0
disagree=0
ours_solved=0
gecode_solved=0
# first_error ERR: the line of a solver's stderr that says what failed (not a deprecation warning).
first_error() {
  grep -m 1 -iE 'error|fzn-csp:|not supported|unknown' "$1" | cut -c1-200 || true
}

# beyond KIND STATUS1 OBJ1 STATUS2 OBJ2: true when run 1 proved optimum OBJ1 and run 2's solution OBJ2 is better.
beyond() {
  [ "$2" = OPT ] && [ "$4" != UNSAT ] && [ "$3" != - ] && [ "$5" != - ] || return 1
  if [ "$1" = min ]; then [ "$5" -lt "$3" ]; else [ "$5" -gt "$3" ]; fi
}

# solved KIND STATUS: true when STATUS answers the question (OPT, UNSAT, or SAT on a satisfaction model).
solved() {
  case $2 in OPT|UNSAT) return 0 ;; SAT) [ "$1" = sat ] ;; *) return 1 ;; esac
}

# row NAME KIND MODEL [DATA]: runs both solvers and prints a table row.
row() {
  local name=$1 kind=$2
  shift 2
  solve gecode "$work/g" "$@"
  solve ours "$work/o" "$@"
  local gs go gn gu os oo on ou same ratio=-
  read -r gs go gn gu <<< "$(verdict "$work/g" "$kind")"
  read -r os oo on ou <<< "$(verdict "$work/o" "$kind")"
  same=yes
  if [ "$gs" = ERROR ] || [ "$os" = ERROR ] || [ "$gs" = UNKNOWN ] || [ "$os" = UNKNOWN ]; then same=-
  elif { [ "$gs" = UNSAT ] || [ "$os" = UNSAT ]; } && [ "$gs" != "$os" ]; then same=NO
  elif [ "$gs" = OPT ] && [ "$os" = OPT ] && [ "$go" != "$oo" ]; then same=NO
  elif beyond "$kind" "$gs" "$go" "$os" "$oo" || beyond "$kind" "$os" "$oo" "$gs" "$go"; then same=NO
  elif [ "$kind" != sat ] && { [ "$gs" != OPT ] || [ "$os" != OPT ]; }; then same=-  # an unproved bound says nothing
  elif [ "$gs" != "$os" ]; then same=-
  fi
  case $same in yes) agree=$((agree + 1)) ;; NO) disagree=$((disagree + 1)) ;; esac
  solved "$kind" "$os" && ours_solved=$((ours_solved + 1))
  solved "$kind" "$gs" && gecode_solved=$((gecode_solved + 1))
  if solved "$kind" "$os" && solved "$kind" "$gs"; then
    ratio=$(awk -v a="$(cat "$work/o.time")" -v b="$(cat "$work/g.time")" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  fi
  [ "$os" = ERROR ] && errors+=("ours on $name: $(first_error "$work/o.err")")
  [ "$gs" = ERROR ] && errors+=("Gecode on $name: $(first_error "$work/g.err")")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$kind" \
    "$os" "$oo" "$(cat "$work/o.time")" "$on" "$gs" "$go" "$(cat "$work/g.time")" "$gn" "$same" "$ratio" "$ou" "$gu"
}


header() {
  printf '\n| instance | kind | ours | objective | s | nodes | Gecode | objective | s | nodes | agree | ratio | µs/node ours | µs/node Gecode |\n'
  printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'
}

echo "machine: $(uname -m), $(nproc) cores; date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "ours: minizinc --solver csp ($build); reference: $gecode_name"
echo "time limit: $limit s per run (-t; wall seconds include flattening); one run each, one after the other"
[ ${#free[@]} -gt 0 ] && echo "free search (-f): both solvers ignore the search annotations"

echo
echo "### Known problems (tests/minizinc)"
header
if [ $quick = 1 ]; then known=(queens golomb jobshop)
else known=(queens queens_search magic_square send_more_money golomb knap01 knap_bounded graph_coloring jobshop rcpsp tsp car_sequencing nonogram); fi
for name in "${known[@]}"; do
  args=("$models/$name.mzn")
  [ -f "$models/$name.dzn" ] && args+=("$models/$name.dzn")
  row "$name" "$(kind "$models/$name.mzn")" "${args[@]}"
done

status=0
echo
echo "### MiniZinc Challenge instances (../shared/data/minizinc)"
if [ ! -f "$data/INSTANCES.tsv" ]; then
  echo
  echo "skipped: no $data/INSTANCES.tsv"
  status=77
else
  header
  if [ $quick = 1 ]; then
    # the four that Gecode solves quickest (gecode_seconds, column 8)
    tail -n +2 "$data/INSTANCES.tsv" | sort -t $'\t' -k8,8g | head -n 4 > "$work/list"
  else
    tail -n +2 "$data/INSTANCES.tsv" > "$work/list"
  fi
  while IFS=$'\t' read -r name _ model dzn kind _; do
    args=("$data/$model")
    [ "$dzn" != - ] && args+=("$data/$dzn")
    row "$name" "$kind" "${args[@]}" < /dev/null
  done < "$work/list"
fi

echo
echo "solved (OPT, UNSAT, or SAT on a satisfaction model): ours $ours_solved, Gecode $gecode_solved;" \
  "answers agree on $agree, disagree on $disagree"
if [ ${#errors[@]} -gt 0 ]; then
  echo
  echo "Errors:"
  printf -- '- %s\n' "${errors[@]}"
fi
[ $disagree -gt 0 ] && status=1
exit $status
