#!/usr/bin/env bash
# Speed comparison on the shared Sudoku sets: `sudoku solve` against the Gecode reference model and
# qqwing, in one go on one machine, every answer checked by docs/check_solutions.awk.
#
#   docs/compare.sh [RUNS]        (default 3 runs per solver and file; medians are reported, best of
#                                 RUNS in the table against tdoku and JCZSolve)
#
# Needs a Release build (make build). Gecode (libgecode-dev) and qqwing are optional: each is run
# only when installed. Sets are read from ../shared/data and skipped when absent.
#
# A second table measures us against the fastest specialised solvers, tdoku and JCZSolve, through
# tdoku's own benchmark program (run_benchmark, built outside the project from t-dillon/tdoku, with
# -DJCZSOLVE=ON for JCZSolve). Name it with TDOKU_BENCH=/path/to/run_benchmark; JCZSolve is run
# through JCZSOLVE_BENCH, which defaults to TDOKU_BENCH when that program lists jczsolve. Each is
# skipped when not named. TDOKU_SECONDS (default 3) is run_benchmark's test time per figure.
set -euo pipefail
export LC_NUMERIC=C  # a decimal point in bash's clock, whatever the locale
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
data="$root/../shared/data"
bin="$root/build/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ -x "$bin/sudoku" ] || { echo "build first: make build" >&2; exit 2; }
[ -d "$data" ] || { echo "no $data: nothing to compare" >&2; exit 0; }

gecode=""
if [ -f /usr/include/gecode/int.hh ]; then
  gecode="$root/build/reference/gecode_sudoku"
  mkdir -p "$(dirname "$gecode")"
  if [ ! -x "$gecode" ] || [ "$root/docs/reference/gecode_sudoku.cpp" -nt "$gecode" ]; then
    g++ -O2 -std=c++17 "$root/docs/reference/gecode_sudoku.cpp" -o "$gecode" \
      -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
  fi
fi
qqwing=$(command -v qqwing || true)

cp "$data/tdoku_17_clue.txt" "$work/17_clue.txt" 2>/dev/null || true
cp "$data/tdoku_magictour_top1465.txt" "$work/top1465.txt" 2>/dev/null || true
head -n 5000 "$data/tdoku_forum_hardest_1905_11plus.txt" > "$work/hardest_5000.txt" 2>/dev/null || true

# median of the numbers given as arguments
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# time_once FILE OUT COMMAND... : runs COMMAND < FILE > OUT once, prints the wall seconds. The
# clock is bash's own (EPOCHREALTIME): reading it through `date` would add two process starts,
# about 2 ms, to every run.
time_once() {
  local file=$1 out=$2; shift 2
  local t0 t1
  t0=$EPOCHREALTIME
  "$@" < "$file" > "$out"
  t1=$EPOCHREALTIME
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", b - a}'
}

# check NAME FILE OUT : every answer in OUT solves its puzzle in FILE, or the script stops
check() {
  awk -f "$root/docs/check_solutions.awk" "$2" "$3" > "$work/check.txt" ||
    { echo "$1 on $(basename "$2"): WRONG ANSWERS: $(cat "$work/check.txt")" >&2; exit 1; }
}

echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "date: $(date -u +%Y-%m-%d), runs per figure: $runs (median wall time, one thread, answers checked;"
echo "the solvers take turns, run by run, so that a machine whose speed drifts slows all of them alike)"
printf '\n| set | puzzles | sudoku puzzles/s | Gecode puzzles/s | ratio | qqwing puzzles/s | ratio |\n|---|---|---|---|---|---|---|\n'
for file in "$work"/17_clue.txt "$work"/top1465.txt "$work"/hardest_5000.txt; do
  [ -s "$file" ] || continue
  n=$(grep -c . "$file")
  t_ours=() t_g=() t_q=()
  for ((i = 0; i < runs; i++)); do
    t_ours+=("$(time_once "$file" "$work/ours.txt" "$bin/sudoku" solve --threads 1)")
    [ -z "$gecode" ] || t_g+=("$(time_once "$file" "$work/gecode.txt" "$gecode")")
    [ -z "$qqwing" ] || t_q+=("$(time_once "$file" "$work/qqwing.txt" "$qqwing" --solve --one-line)")
  done
  check sudoku "$file" "$work/ours.txt"
  ours=$(median "${t_ours[@]}")
  ours_rate=$(awk -v n="$n" -v t="$ours" 'BEGIN {printf "%.0f", n / t}')
  g_rate="-" g_ratio="-" q_rate="-" q_ratio="-"
  if [ -n "$gecode" ]; then
    check gecode "$file" "$work/gecode.txt"
    g=$(median "${t_g[@]}")
    g_rate=$(awk -v n="$n" -v t="$g" 'BEGIN {printf "%.0f", n / t}')
    g_ratio=$(awk -v a="$g" -v b="$ours" 'BEGIN {printf "%.1fx", a / b}')
  fi
  if [ -n "$qqwing" ]; then
    check qqwing "$file" "$work/qqwing.txt"
    q=$(median "${t_q[@]}")
    q_rate=$(awk -v n="$n" -v t="$q" 'BEGIN {printf "%.0f", n / t}')
    q_ratio=$(awk -v a="$q" -v b="$ours" 'BEGIN {printf "%.1fx", a / b}')
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$file" .txt)" "$n" "$ours_rate" "$g_rate" "$g_ratio" "$q_rate" "$q_ratio"
done

# --- Against tdoku and JCZSolve: uniqueness (`count --max 2` against run_benchmark -r0, which asks
# for up to two solutions) and first solution (`solve` against -r0 -f), one thread, on the sets of
# issue 33: 17-clue (first 40,000), top1465 fourteen times over, forum hardest (first 6,000). Each
# figure is the best of RUNS runs, the solvers taking turns. Ours is whole-process (reading,
# answering and start-up included); run_benchmark's is its own in-process rate over the file.
tdoku=${TDOKU_BENCH:-}
[ -z "$tdoku" ] || [ -x "$tdoku" ] || { echo "TDOKU_BENCH=$tdoku is not a program: tdoku skipped" >&2; tdoku=""; }
jcz=${JCZSOLVE_BENCH:-}
if [ -z "$jcz" ] && [ -n "$tdoku" ] && "$tdoku" -h 2>&1 | grep -qw jczsolve; then jcz=$tdoku; fi
[ -z "$jcz" ] || [ -x "$jcz" ] || { echo "JCZSOLVE_BENCH=$jcz is not a program: JCZSolve skipped" >&2; jcz=""; }
seconds=${TDOKU_SECONDS:-3}

head -n 40000 "$data/tdoku_17_clue.txt" > "$work/17_clue_40000.txt" 2>/dev/null || true
: > "$work/top1465_x14.txt"
for ((i = 0; i < 14; i++)); do cat "$data/tdoku_magictour_top1465.txt" >> "$work/top1465_x14.txt" 2>/dev/null || true; done
head -n 6000 "$data/tdoku_forum_hardest_1905_11plus.txt" > "$work/hardest_6000.txt" 2>/dev/null || true

# best (largest) of the numbers given as arguments
best() { printf '%s\n' "$@" | sort -g | tail -n 1; }
# bench_rate PROGRAM SOLVER FILE [-f] : run_benchmark's puzzles/s for one solver on one file
bench_rate() {
  "$1" -r0 ${4:-} -t "$seconds" -w 1 -c1 -s "$2" "$3" 2>/dev/null | awk -F, -v s="$2" '$5 == s {printf "%.0f", $6}'
}
# check_counts FILE OUT : every count is 1, one per puzzle (every puzzle of these sets is proper)
check_counts() {
  local n m
  n=$(grep -c . "$1"); m=$(grep -cx 1 "$2" || true)
  [ "$n" = "$m" ] || { echo "count on $(basename "$1"): $m of $n counts are 1" >&2; exit 1; }
}
rate() { awk -v n="$1" -v t="$2" 'BEGIN {printf "%.0f", n / t}'; }
ratio() { if [ -n "$2" ] && [ "$2" != 0 ]; then awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; else echo -; fi; }

printf '\nAgainst the specialised solvers (best of %s; tdoku: %s; JCZSolve: %s):\n' "$runs" \
  "${tdoku:-not named, skipped}" "${jcz:-not named, skipped}"
printf '\n| set (lines) | ours count --max 2 /s | ours solve /s | tdoku -r0 /s | tdoku -f /s | JCZSolve -r0 /s | JCZSolve -f /s | count / tdoku | solve / tdoku | count / JCZSolve | solve / JCZSolve |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
for file in "$work"/17_clue_40000.txt "$work"/top1465_x14.txt "$work"/hardest_6000.txt; do
  [ -s "$file" ] || continue
  n=$(grep -c . "$file")
  t_c=() t_s=() r_t=() r_tf=() r_j=() r_jf=()
  for ((i = 0; i < runs; i++)); do
    t_c+=("$(time_once "$file" "$work/count.txt" "$bin/sudoku" count --max 2 --threads 1)")
    t_s+=("$(time_once "$file" "$work/ours.txt" "$bin/sudoku" solve --threads 1)")
    if [ -n "$tdoku" ]; then
      r_t+=("$(bench_rate "$tdoku" tdoku "$file")")
      r_tf+=("$(bench_rate "$tdoku" tdoku "$file" -f)")
    fi
    if [ -n "$jcz" ]; then
      r_j+=("$(bench_rate "$jcz" jczsolve "$file")")
      r_jf+=("$(bench_rate "$jcz" jczsolve "$file" -f)")
    fi
  done
  check_counts "$file" "$work/count.txt"
  check sudoku "$file" "$work/ours.txt"
  c=$(rate "$n" "$(printf '%s\n' "${t_c[@]}" | sort -g | head -n 1)")
  s=$(rate "$n" "$(printf '%s\n' "${t_s[@]}" | sort -g | head -n 1)")
  t="" tf="" j="" jf=""
  [ -z "$tdoku" ] || { t=$(best "${r_t[@]}"); tf=$(best "${r_tf[@]}"); }
  [ -z "$jcz" ] || { j=$(best "${r_j[@]}"); jf=$(best "${r_jf[@]}"); }
  printf '| %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$file" .txt)" "$n" "$c" "$s" \
    "${t:--}" "${tf:--}" "${j:--}" "${jf:--}" "$(ratio "$c" "$t")" "$(ratio "$s" "$tf")" "$(ratio "$c" "$j")" "$(ratio "$s" "$jf")"
done
