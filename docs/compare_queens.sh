#!/usr/bin/env bash
# Queens, all solutions counted, n = 10..13: `csp queens N --count` (both models) against the Gecode
# reference model (docs/reference/gecode_queens.cpp: distinct on rows and both diagonals at domain
# consistency, smallest-domain branching), in one go, each the median wall time of RUNS runs.
#   docs/compare_queens.sh [RUNS]      (default 3; needs `make build`; Gecode is optional)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
csp="$root/build/bin/csp"
[ -x "$csp" ] || { echo "build first: make build" >&2; exit 2; }
gecode=""
if [ -f /usr/include/gecode/int.hh ]; then
  gecode="$root/build/reference/gecode_queens"
  mkdir -p "$(dirname "$gecode")"
  g++ -O2 -std=c++17 "$root/docs/reference/gecode_queens.cpp" -o "$gecode" \
    -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
fi
# median user seconds of a command, after checking that it prints the expected count
measure() {
  local want=$1; shift
  local times=() t0 t1
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s%N)
    "$@" | tail -n 1 | grep -q "solutions: $want\$" || { echo "wrong count from $*" >&2; exit 1; }
    t1=$(date +%s%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
declare -A count=([10]=724 [11]=2680 [12]=14200 [13]=73712)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); $(date -u +%Y-%m-%d)"
printf '\n| n | solutions | csp binary model (s) | csp all-different model (s) | Gecode (s) |\n|---|---|---|---|---|\n'
for n in 10 11 12 13; do
  b=$(measure "${count[$n]}" "$csp" queens "$n" --count --model binary)
  a=$(measure "${count[$n]}" "$csp" queens "$n" --count --model all-different)
  g="-"
  [ -n "$gecode" ] && g=$(measure "${count[$n]}" "$gecode" "$n")
  printf '| %s | %s | %s | %s | %s |\n' "$n" "${count[$n]}" "$b" "$a" "$g"
done
