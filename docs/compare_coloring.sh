#!/usr/bin/env bash
# Graph colouring, chromatic number found and proved: `csp color FILE` against the Gecode reference
# (docs/reference/gecode_coloring.cpp: the same bounds, the same satisfaction search for k - 1
# colours while k > the clique, DSATUR branching, LDSB colour symmetry), on the DIMACS instances of
# ../shared/data/dimacs and two generated queen graphs. Every colouring of either program is checked
# here with awk against the graph's edges; each time is the median of RUNS runs of the whole
# process's CPU time (user + system, bash's `time`), so that the load of a shared machine counts
# less than it would in wall time.
#   docs/compare_coloring.sh [--build DIR] [RUNS]   (default build/ or $BUILD, 3 runs; Gecode optional)
# LIMIT (seconds, default 60) is the wall-clock limit given to both programs (--time-limit, and the
# reference's second argument); an instance that reaches it is run once, and shows "limit".
# GECODE=no measures ours only, as when Gecode is not installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
if [ "${1:-}" = "--build" ]; then
  build=$2
  shift 2
fi
case $build in /*) ;; *) build="$root/$build" ;; esac
runs=${1:-3}
limit=${LIMIT:-60}
csp="$build/bin/csp"
[ -x "$csp" ] || { echo "build first: $csp is missing (make build, or --build DIR)" >&2; exit 2; }
dimacs="$root/../shared/data/dimacs"
if [ ! -d "$dimacs" ]; then
  echo "skipped: $dimacs is not present (the DIMACS instances are shared data, not part of the project)"
  exit 0
fi
gecode=""
if [ "${GECODE:-}" != no ] && [ -f /usr/include/gecode/int.hh ]; then
  gecode="$build/reference/gecode_coloring"
  mkdir -p "$(dirname "$gecode")"
  g++ -O2 -std=c++20 "$root/docs/reference/gecode_coloring.cpp" -o "$gecode" \
    -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport
else
  echo "skipped the Gecode reference (not installed: no /usr/include/gecode/int.hh, apt-get install" \
    "libgecode-dev; or GECODE=no): only our times are measured, the Gecode columns show '-'" >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The n x n queen graph (queens that attack each other are adjacent), as DIMACS queenN_N.
queen_graph() {
  awk -v n="$1" 'BEGIN {
    for (a = 0; a < n * n; a++)
      for (b = a + 1; b < n * n; b++) {
        r1 = int(a / n); c1 = a % n; r2 = int(b / n); c2 = b % n
        if (r1 == r2 || c1 == c2 || r1 - c1 == r2 - c2 || r1 + c1 == r2 + c2) e[++m] = (a + 1) " " (b + 1)
      }
    print "p edge", n * n, m
    for (i = 1; i <= m; i++) print "e", e[i]
  }'
}
queen_graph 7 > "$tmp/queen7_7.col"
queen_graph 8 > "$tmp/queen8_8.col"

# check FILE OUTPUT: prints K when OUTPUT ends "colors: K optimal|feasible" and its "vertex colour"
# lines colour every vertex of FILE with colours 1..K, no edge joining two equal colours (self-loops,
# which both programs drop, aside); else fails.
check() {
  awk '
    FNR == NR { if ($1 == "p") n = $3; if ($1 == "e" && $2 != $3) { eu[++m] = $2; ev[m] = $3 } next }
    /^[0-9]+ [0-9]+$/ { if ($1 < 1 || $1 > n || ($1 in colour)) bad = "bad vertex line: " $0; colour[$1] = $2; coloured++; next }
    /^colors: [0-9]+ (optimal|feasible)$/ { k = $2; how = $3; next }
    { bad = "unexpected line: " $0 }
    END {
      if (k == "") bad = "no colors: line"
      if (coloured != n) bad = "coloured " coloured " of " n " vertices"
      for (v in colour) if (colour[v] < 1 || colour[v] > k) bad = "vertex " v ": colour " colour[v] " not in 1.." k
      for (i = 1; i <= m; i++) if (colour[eu[i]] == colour[ev[i]]) bad = "edge " eu[i] "-" ev[i] " joins equal colours"
      if (bad != "") { print bad > "/dev/stderr"; exit 1 }
      print k, how
    }' "$1" "$2"
}

# measure NAME FILE COMMAND...: runs COMMAND up to RUNS times (once when it reaches the limit),
# checks every output, and prints "K HOW CPU-SECONDS-MEDIAN NODES FAILURES" (nodes and failures from
# its stderr).
measure() {
  local name=$1 file=$2
  shift 2
  local cpu=() result="" r=0 t
  TIMEFORMAT='%3U %3S'
  for ((r = 0; r < runs; r++)); do
    { time "$@" > "$tmp/out" 2> "$tmp/err"; } 2> "$tmp/time" || { echo "$name: $1 failed: $(cat "$tmp/err")" >&2; exit 1; }
    result=$(check "$file" "$tmp/out") || { echo "$name: wrong colouring from $*" >&2; exit 1; }
    cpu+=("$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")")
    [ "${result#* }" = optimal ] || break  # stopped by the limit: the time is the limit's
  done
  t=$(printf '%s\n' "${cpu[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  echo "$result $t $(sed -n 's/^nodes: //p' "$tmp/err") $(sed -n 's/^failures: //p' "$tmp/err")"
}

# per_node SECONDS NODES: microseconds per node ("-" without nodes). The whole job's time over its
# search nodes: bounds (greedy, clique) included, so it means little when the search is short.
per_node() {
  awk -v t="$1" -v n="$2" 'BEGIN { if (n + 0 > 0) printf "%.2f", t * 1e6 / n; else print "-" }'
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//');" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); median of $runs runs, limit $limit s"
printf '\n| instance | vertices | edges | k ours | k Gecode | optimal? | ours s | Gecode s | ratio | nodes ours | nodes Gecode | µs/node ours | µs/node Gecode | failures ours | failures Gecode |\n'
printf '|---|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n'
# homer (561 vertices, a self-loop that both programs drop with a warning) is measured when the shared data
# has it; it is not there today.
instances=(myciel3 myciel4 myciel5 queen5_5 queen6_6 queen7_7 queen8_8 huck jean david anna games120 miles250 le450_5a)
[ -f "$dimacs/homer.col" ] && instances+=(homer)
for name in "${instances[@]}"; do
  file="$dimacs/$name.col"
  [ -f "$file" ] || file="$tmp/$name.col"
  [ -f "$file" ] || { echo "skipped $name: no $file" >&2; continue; }
  read -r k_ours how_ours t_ours n_ours f_ours <<< "$(measure "$name" "$file" "$csp" color "$file" --time-limit "$limit" --stats)"
  vertices=$(sed -n 's/^vertices: //p' "$tmp/err")
  edges=$(sed -n 's/^edges: //p' "$tmp/err")
  k_g="-" how_g="" t_g="-" n_g="-" f_g="-" ratio="-"
  if [ -n "$gecode" ]; then
    read -r k_g how_g t_g n_g f_g <<< "$(measure "$name" "$file" "$gecode" "$file" "$limit")"
    if [ "$how_ours" = optimal ] && [ "$how_g" = optimal ] && [ "$k_ours" != "$k_g" ]; then
      echo "$name: both claim optimal, with $k_ours and $k_g colours" >&2
      exit 1
    fi
    ratio=$(awk -v a="$t_ours" -v b="$t_g" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  fi
  optimal="yes"
  [ "$how_ours" = optimal ] || optimal="ours: limit"
  if [ -n "$gecode" ] && [ "$how_g" != optimal ]; then
    [ "$optimal" = yes ] && optimal="Gecode: limit" || optimal="neither: limit"
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$vertices" "$edges" \
    "$k_ours" "$k_g" "$optimal" "$t_ours" "$t_g" "$ratio" "$n_ours" "$n_g" "$(per_node "$t_ours" "$n_ours")" \
    "$(per_node "$t_g" "$n_g")" "$f_ours" "$f_g"
done
