#!/usr/bin/env bash
# Speed comparison on the shared Sudoku sets: `sudoku solve` against the Gecode reference model and
# qqwing, in one go on one machine, every answer checked by docs/check_solutions.awk.
#
#   docs/compare.sh [RUNS]        (default 3 runs per solver and file; medians are reported)
#
# Needs a Release build (make build). Gecode (libgecode-dev) and qqwing are optional: each is run
# only when installed. Sets are read from ../shared/data and skipped when absent.
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
