#!/usr/bin/env bash
# Queens, all solutions counted: `csp queens N --count` in its three models against the Gecode
# reference with the matching consistency (docs/reference/gecode_queens.cpp; smallest-domain
# branching, smallest value first, in both), each time the median CPU time (user + system, bash's
# `time`) of RUNS runs, with the search nodes and the cost per node (µs/node = CPU time / nodes).
#   docs/compare_queens.sh [--build DIR] [--sizes "12 13 14"] [--models "binary value domain"] [RUNS]
# Models: binary (`--model binary`, a relation per pair; Gecode: arc-consistent extensional per
# pair), value (`--model all-different --strength value`; Gecode: distinct IPL_VAL), domain
# (`--strength domain`; Gecode: distinct IPL_DOM). Defaults: build/ (or $BUILD), n = 12 13 14, all
# three models, 3 runs. Gecode is optional (GECODE=no, or no /usr/include/gecode/int.hh: its
# columns show "-"). Gecode counts both children of every binary choice as nodes, so on the same
# tree its node count is about twice ours and its µs/node half what the same work would give us.
# ratio = our time / Gecode's. Exit 1 when a count is wrong.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
sizes="12 13 14"
models="binary value domain"
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift ;;
    --sizes) sizes=$2; shift ;;
    --models) models=$2; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) break ;;
  esac
  shift
done
case $build in /*) ;; *) build="$root/$build" ;; esac
runs=${1:-3}
csp="$build/bin/csp"
[ -x "$csp" ] || { echo "build first: $csp is missing (make build, or --build DIR)" >&2; exit 2; }
gecode=""
if [ "${GECODE:-}" != no ] && [ -f /usr/include/gecode/int.hh ]; then
  gecode="$build/reference/gecode_queens"
  mkdir -p "$(dirname "$gecode")"
  g++ -O2 -std=c++17 "$root/docs/reference/gecode_queens.cpp" -o "$gecode" \
    -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
else
  echo "skipped the Gecode reference (no /usr/include/gecode/int.hh: apt-get install libgecode-dev; or" \
    "GECODE=no): only our times are measured" >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

declare -A count=([8]=92 [9]=352 [10]=724 [11]=2680 [12]=14200 [13]=73712 [14]=365596 [15]=2279184)
declare -A ours_args=([binary]="--model binary" [value]="--model all-different --strength value"
  [domain]="--model all-different --strength domain")
declare -A gecode_model=([binary]=binary [value]=val [domain]=dom)

# measure WANT COMMAND...: runs COMMAND RUNS times, checks that it prints "solutions: WANT", and
# prints "CPU-SECONDS-MEDIAN NODES" (nodes from its standard error, "nodes: N").
measure() {
  local want=$1 cpu=() r
  shift
  TIMEFORMAT='%3U %3S'
  for ((r = 0; r < runs; r++)); do
    { time "$@" > "$tmp/out" 2> "$tmp/err"; } 2> "$tmp/time" || { echo "failed: $* ($(cat "$tmp/err"))" >&2; exit 1; }
    tail -n 1 "$tmp/out" | grep -qx "solutions: $want" || { echo "wrong count from $*: $(tail -n 1 "$tmp/out")" >&2; exit 1; }
    cpu+=("$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")")
  done
  printf '%s %s\n' "$(printf '%s\n' "${cpu[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')" \
    "$(sed -n 's/^nodes: //p' "$tmp/err")"
}
# per_node SECONDS NODES: microseconds per node.
per_node() { awk -v t="$1" -v n="$2" 'BEGIN { if (n + 0 > 0) printf "%.2f", t * 1e6 / n; else print "-" }'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//');" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); median CPU time of $runs runs"
printf '\n| n | model | solutions | ours s | ours nodes | ours µs/node | Gecode s | Gecode nodes | Gecode µs/node | ratio |\n'
printf '|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|\n'
for n in $sizes; do
  [ -n "${count[$n]:-}" ] || { echo "no known count for n = $n (known: ${!count[*]})" >&2; exit 2; }
  for model in $models; do
    [ -n "${ours_args[$model]:-}" ] || { echo "unknown model '$model' (binary, value, domain)" >&2; exit 2; }
    # shellcheck disable=SC2086  # the model's arguments are words
    read -r t_o n_o <<< "$(measure "${count[$n]}" "$csp" queens "$n" --count ${ours_args[$model]} --stats)"
    t_g="-" n_g="-" ratio="-"
    if [ -n "$gecode" ]; then
      read -r t_g n_g <<< "$(measure "${count[$n]}" "$gecode" "$n" "${gecode_model[$model]}")"
      ratio=$(awk -v a="$t_o" -v b="$t_g" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    fi
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$model" "${count[$n]}" "$t_o" "$n_o" \
      "$(per_node "$t_o" "$n_o")" "$t_g" "$n_g" "$(per_node "$t_g" "$n_g")" "$ratio"
  done
done
