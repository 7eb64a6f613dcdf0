#!/usr/bin/env bash
# Our FlatZinc solver against Gecode, and against Chuffed when it is installed, on the same MiniZinc models,
# in one run on one machine (issues 18 and 31).
#
#   [CHUFFED_SOLVERS=DIR] docs/compare_minizinc.sh [--quick] [--free] [--limit SECONDS]
#       [--ours-flags "FLAGS"] [--ours-solver ID] [BUILD_DIR]
#
# Runs the known problems of tests/minizinc (queens, golomb ruler, magic square, job shop, RCPSP, car
# sequencing, nonogram, ...) and the MiniZinc Challenge instances of ../shared/data/minizinc (INSTANCES.tsv)
# on ours (`minizinc --solver csp`, the configuration BUILD_DIR writes; default build), on Gecode and, when
# the environment variable CHUFFED_SOLVERS names a folder holding a chuffed.msc (the MZN_SOLVER_PATH for
# Chuffed, a lazy-clause-generation solver: e.g. PREFIX/share/minizinc/solvers of its `cmake --install`), on
# Chuffed; each with the time limit (default 60 s; `-t` for the solver, the wall clock a little more for
# flattening), one after the other. It prints a Markdown table: instance, kind, then for each solver status,
# objective, wall seconds and search nodes; the column "agree" says whether the answers agree: yes (the same
# satisfiability, or the same proved optimum), NO (one says UNSAT where another found a solution, two proved
# optima differ, or a solution beats a proved optimum; with Chuffed, the pairs that disagree follow, e.g.
# "NO (ours/Chuffed)"), - (nothing to compare); "ratio" is our wall time over Gecode's (with Chuffed: "ratio
# Gecode", and "ratio Chuffed" over Chuffed's) when both solved it (OPT, UNSAT, or SAT on a satisfaction
# model); "µs/node" is each solver's own search time (its solveTime statistic, flattening and set-up
# excluded) over its nodes (Gecode counts both children of a choice; Chuffed's nodes are its decisions),
# - when a statistic is missing or its time rounds to 0 (Chuffed's clock has millisecond steps).
# Without CHUFFED_SOLVERS, or when DIR/chuffed.msc is absent, the Chuffed columns are left out and the lines
# above the table say why.
# Gecode posts its native globals through ../shared/tools/gecode-minizinc (see its README) when that folder
# exists, else it runs on MiniZinc's decompositions (`-G std`), which the lines above the table then say.
# --quick: three known models and the four quickest shared instances, limit 10 s.
# --free: free search on every side (minizinc -f: each solver ignores the models' search annotations and uses
# its own default; ours: csp's `-f` default, Gecode's and Chuffed's: their own free search), for issue 19's
# free-search target.
# --ours-flags "FLAGS": FLAGS (words, e.g. "--restart luby --order dom-wdeg") go to our solver's command line
# (fzn-csp), through minizinc's --fzn-flags; the table's header names them. --ours-solver ID: run another
# solver configuration than csp as ours (found on MZN_SOLVER_PATH=BUILD_DIR/share/minizinc/solvers, then
# MiniZinc's own folders).
# Status: OPT (optimum proved), SAT (a solution; for optimisation, not proved optimal), UNSAT, UNKNOWN
# (nothing found within the limit), ERROR (the solver or flattening failed; its first message is printed
# under the table).
# Exit 1 when two solvers' answers disagree (a wrong answer from any of them); 77 (skipped) when minizinc or
# our solver configuration is missing, or when the shared instances are absent (after the table of known
# models); else 0.
set -u
export LC_NUMERIC=C
root=$(cd "$(dirname "$0")/.." && pwd)
quick=0
free=()
limit=""
ours_flags=""
ours_solver=csp
build=$root/build
usage() { sed -n '2,/^set -u$/{/^#/s/^# \{0,1\}//p}' "$0"; }
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --free) free=(-f) ;;
    --limit|--ours-flags|--ours-solver)
      [ $# -ge 2 ] || { echo "$1 needs a value" >&2; usage >&2; exit 2; }
      case $1 in --limit) limit=$2 ;; --ours-flags) ours_flags=$2 ;; *) ours_solver=$2 ;; esac
      shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
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
ours=(--solver "$ours_solver")
ours_name="minizinc --solver $ours_solver"
if [ -n "$ours_flags" ]; then
  ours+=(--fzn-flags "$ours_flags")
  ours_name="$ours_name --fzn-flags \"$ours_flags\""
fi
ours_env=(env "MZN_SOLVER_PATH=$build/share/minizinc/solvers")
# Chuffed: a third column when CHUFFED_SOLVERS names a folder holding chuffed.msc.
chuffed_on=0
if [ -z "${CHUFFED_SOLVERS:-}" ]; then
  chuffed_name="skipped (CHUFFED_SOLVERS is unset)"
elif [ ! -f "$CHUFFED_SOLVERS/chuffed.msc" ]; then
  chuffed_name="skipped (no chuffed.msc in CHUFFED_SOLVERS=$CHUFFED_SOLVERS)"
else
  chuffed_on=1
  chuffed=(--solver org.chuffed.chuffed)
  chuffed_env=(env "MZN_SOLVER_PATH=$(cd "$CHUFFED_SOLVERS" && pwd)")
  chuffed_name="$(sed -n 's/^ *"version": *"\(.*\)",*$/Chuffed \1/p' "$CHUFFED_SOLVERS/chuffed.msc" | head -n 1)"
  chuffed_name="${chuffed_name:-Chuffed} (lazy clause generation; $CHUFFED_SOLVERS)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# solve WHO OUT MODEL [DATA]: one run, stdout in OUT, stderr in OUT.err, wall seconds in OUT.time.
solve() {
  local who=$1 out=$2 t0 t1
  shift 2
  local -a cmd
  case $who in
    ours) cmd=("${ours_env[@]}" timeout $((limit + 30)) minizinc "${ours[@]}") ;;
    chuffed) cmd=("${chuffed_env[@]}" timeout $((limit + 30)) minizinc "${chuffed[@]}") ;;
    *) cmd=("${gecode_env[@]}" timeout $((limit + 30)) minizinc "${gecode[@]}") ;;
  esac
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
    'BEGIN { if (t != "-" && t + 0 > 0 && n + 0 > 0) printf "%.2f", t * 1e6 / n; else print "-" }')"
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
chuffed_solved=0
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

# compare KIND STATUS1 OBJ1 STATUS2 OBJ2: yes, NO or - for two answers (see the header).
compare() {
  local kind=$1 s1=$2 o1=$3 s2=$4 o2=$5
  if [ "$s1" = ERROR ] || [ "$s2" = ERROR ] || [ "$s1" = UNKNOWN ] || [ "$s2" = UNKNOWN ]; then echo -
  elif { [ "$s1" = UNSAT ] || [ "$s2" = UNSAT ]; } && [ "$s1" != "$s2" ]; then echo NO
  elif [ "$s1" = OPT ] && [ "$s2" = OPT ] && [ "$o1" != "$o2" ]; then echo NO
  elif beyond "$kind" "$s1" "$o1" "$s2" "$o2" || beyond "$kind" "$s2" "$o2" "$s1" "$o1"; then echo NO
  elif [ "$kind" != sat ] && { [ "$s1" != OPT ] || [ "$s2" != OPT ]; }; then echo -  # an unproved bound says nothing
  elif [ "$s1" != "$s2" ]; then echo -
  else echo yes
  fi
}

# ratio KIND STATUS1 STATUS2 TIME1 TIME2: TIME1 / TIME2 when both runs solved it, else -.
ratio() {
  if solved "$1" "$2" && solved "$1" "$3"; then
    awk -v a="$4" -v b="$5" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'
  else echo -; fi
}

# row NAME KIND MODEL [DATA]: runs the solvers and prints a table row.
row() {
  local name=$1 kind=$2
  shift 2
  solve gecode "$work/g" "$@"
  solve ours "$work/o" "$@"
  local gs go gn gu os oo on ou cs co cn cu same no=() og oc gc
  read -r gs go gn gu <<< "$(verdict "$work/g" "$kind")"
  read -r os oo on ou <<< "$(verdict "$work/o" "$kind")"
  og=$(compare "$kind" "$os" "$oo" "$gs" "$go")
  if [ $chuffed_on = 1 ]; then
    solve chuffed "$work/c" "$@"
    read -r cs co cn cu <<< "$(verdict "$work/c" "$kind")"
    oc=$(compare "$kind" "$os" "$oo" "$cs" "$co")
    gc=$(compare "$kind" "$gs" "$go" "$cs" "$co")
    [ "$og" = NO ] && no+=(ours/Gecode)
    [ "$oc" = NO ] && no+=(ours/Chuffed)
    [ "$gc" = NO ] && no+=(Gecode/Chuffed)
    if [ ${#no[@]} -gt 0 ]; then printf -v same '%s, ' "${no[@]}"; same="NO (${same%, })"
    elif [ "$og" = yes ] || [ "$oc" = yes ] || [ "$gc" = yes ]; then same=yes
    else same=-; fi
  else
    same=$og
  fi
  case $same in yes) agree=$((agree + 1)) ;; NO*) disagree=$((disagree + 1)) ;; esac
  solved "$kind" "$os" && ours_solved=$((ours_solved + 1))
  solved "$kind" "$gs" && gecode_solved=$((gecode_solved + 1))
  [ "$os" = ERROR ] && errors+=("ours on $name: $(first_error "$work/o.err")")
  [ "$gs" = ERROR ] && errors+=("Gecode on $name: $(first_error "$work/g.err")")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' "$name" "$kind" \
    "$os" "$oo" "$(cat "$work/o.time")" "$on" "$gs" "$go" "$(cat "$work/g.time")" "$gn"
  if [ $chuffed_on = 1 ]; then
    solved "$kind" "$cs" && chuffed_solved=$((chuffed_solved + 1))
    [ "$cs" = ERROR ] && errors+=("Chuffed on $name: $(first_error "$work/c.err")")
    printf ' %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$cs" "$co" "$(cat "$work/c.time")" "$cn" \
      "$same" "$(ratio "$kind" "$os" "$gs" "$(cat "$work/o.time")" "$(cat "$work/g.time")")" \
      "$(ratio "$kind" "$os" "$cs" "$(cat "$work/o.time")" "$(cat "$work/c.time")")" "$ou" "$gu" "$cu"
  else
    printf ' %s | %s | %s | %s |\n' "$same" \
      "$(ratio "$kind" "$os" "$gs" "$(cat "$work/o.time")" "$(cat "$work/g.time")")" "$ou" "$gu"
  fi
}


header() {
  if [ $chuffed_on = 1 ]; then
    printf '\n| instance | kind | ours | objective | s | nodes | Gecode | objective | s | nodes | Chuffed | objective | s | nodes | agree | ratio Gecode | ratio Chuffed | µs/node ours | µs/node Gecode | µs/node Chuffed |\n'
    printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'
  else
    printf '\n| instance | kind | ours | objective | s | nodes | Gecode | objective | s | nodes | agree | ratio | µs/node ours | µs/node Gecode |\n'
    printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'
  fi
}

echo "machine: $(uname -m), $(nproc) cores; date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "ours: $ours_name ($build); reference: $gecode_name"
echo "Chuffed: $chuffed_name"
echo "time limit: $limit s per run (-t; wall seconds include flattening); one run each, one after the other"
[ ${#free[@]} -gt 0 ] && echo "free search (-f): every solver ignores the search annotations"

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
if [ $chuffed_on = 1 ]; then
  echo "solved (OPT, UNSAT, or SAT on a satisfaction model): ours $ours_solved, Gecode $gecode_solved," \
    "Chuffed $chuffed_solved; answers agree on $agree, disagree on $disagree"
else
  echo "solved (OPT, UNSAT, or SAT on a satisfaction model): ours $ours_solved, Gecode $gecode_solved;" \
    "answers agree on $agree, disagree on $disagree"
fi
if [ ${#errors[@]} -gt 0 ]; then
  echo
  echo "Errors:"
  printf -- '- %s\n' "${errors[@]}"
fi
[ $disagree -gt 0 ] && status=1
exit $status
