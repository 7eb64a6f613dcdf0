#!/usr/bin/env bash
# Speed comparison on the shared Sudoku sets: `sudoku solve` against the Gecode reference model and
# qqwing, in one go on one machine, every answer checked by docs/check_solutions.awk.
#
#   docs/compare.sh [RUNS]        (default 3 runs per solver and file; medians are reported)
#
# Needs a Release build (make build). Gecode (libgecode-dev) and qqwing are optional: each is run
# only when installed. Sets are read from ../shared/data and skipped when absent.
set -euo pipefail
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

# time_solver NAME FILE COMMAND... : runs COMMAND < FILE $runs times, checks the answers, prints the median seconds
time_solver() {
  local name=$1 file=$2; shift 2
  local times=() t0 t1
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s%N)
    "$@" < "$file" > "$work/out.txt"
    t1=$(date +%s%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", (b - a) / 1e9}')")
  done
  awk -f "$root/docs/check_solutions.awk" "$file" "$work/out.txt" > "$work/check.txt" ||
    { echo "$name on $(basename "$file"): WRONG ANSWERS: $(cat "$work/check.txt")" >&2; exit 1; }
  median "${times[@]}"
}

echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "date: $(date -u +%Y-%m-%d), runs per figure: $runs (median wall time, one thread, answers checked)"
printf '\n| set | puzzles | sudoku puzzles/s | Gecode puzzles/s | ratio | qqwing puzzles/s | ratio |\n|---|---|---|---|---|---|---|\n'
for file in "$work"/17_clue.txt "$work"/top1465.txt "$work"/hardest_5000.txt; do
  [ -s "$file" ] || continue
  n=$(grep -c . "$file")
  ours=$(time_solver sudoku "$file" "$bin/sudoku" solve --threads 1)
  ours_rate=$(awk -v n="$n" -v t="$ours" 'BEGIN {printf "%.0f", n / t}')
  g_rate="-" g_ratio="-" q_rate="-" q_ratio="-"
  if [ -n "$gecode" ]; then
    g=$(time_solver gecode "$file" "$gecode")
    g_rate=$(awk -v n="$n" -v t="$g" 'BEGIN {printf "%.0f", n / t}')
    g_ratio=$(awk -v a="$g" -v b="$ours" 'BEGIN {printf "%.1fx", a / b}')
  fi
  if [ -n "$qqwing" ]; then
    q=$(time_solver qqwing "$file" "$qqwing" --solve --one-line)
    q_rate=$(awk -v n="$n" -v t="$q" 'BEGIN {printf "%.0f", n / t}')
    q_ratio=$(awk -v a="$q" -v b="$ours" 'BEGIN {printf "%.1fx", a / b}')
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$file" .txt)" "$n" "$ours_rate" "$g_rate" "$g_ratio" "$q_rate" "$q_ratio"
done
