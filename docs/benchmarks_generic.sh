#!/usr/bin/env bash
# The generic engine against Gecode (issue 19), in one run: the queens, colouring and MiniZinc tables,
# each made by its own comparison script, then the geometric means of our time over Gecode's.
#
#   docs/benchmarks_generic.sh [--quick] [--parts queens,coloring,minizinc,minizinc-free] [--runs N] [--limit SECONDS]
#                              [--sizes "12 13 14"] [--build DIR]
#
# queens:   docs/compare_queens.sh: all solutions of n = 12, 13, 14 in the binary, all-different value and
#           all-different domain models, each against Gecode with the matching consistency; CPU time, nodes,
#           µs per node.
# coloring: docs/compare_coloring.sh: chromatic numbers of ../shared/data/dimacs (and two queen graphs) against
#           the Gecode port of the same algorithm; CPU time, nodes, µs per node.
# minizinc: docs/compare_minizinc.sh: tests/minizinc's known models and the MiniZinc Challenge instances of
#           ../shared/data/minizinc against Gecode with its native globals; wall time (flattening included),
#           nodes, µs per node of the solver's own search time.
# minizinc-free: the same with free search on both sides (compare_minizinc.sh --free): our `-f` default against
#           Gecode's free search; the count of instances solved is the figure (issue 19).
# Defaults: every part, 3 runs (queens, colouring), limit 60 s, n = 12 13 14, build/ (or $BUILD).
# --quick (a few minutes): n = 12 13, one run, limit 10 s, and compare_minizinc.sh --quick (three known models
#           and the four shared instances Gecode solves quickest).
# The geometric mean of a part is over the rows with a ratio (both timed; for colouring, both proved optimal;
# for MiniZinc, both solved); below 1 we are faster. Times on a shared machine are noisy: the µs/node and
# node columns say more than a single ratio. Exit status: that of the first part that failed, else 0.
set -uo pipefail
export LC_NUMERIC=C
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
parts="queens,coloring,minizinc,minizinc-free"
quick=0
runs=""
limit=""
sizes=""
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --parts) parts=$2; shift ;;
    --runs) runs=$2; shift ;;
    --limit) limit=$2; shift ;;
    --sizes) sizes=$2; shift ;;
    --build) build=$2; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case $build in /*) ;; *) build="$root/$build" ;; esac
if [ $quick = 1 ]; then
  : "${runs:=1}" "${limit:=10}" "${sizes:=12 13}"
else
  : "${runs:=3}" "${limit:=60}" "${sizes:=12 13 14}"
fi
for part in ${parts//,/ }; do
  case $part in queens|coloring|minizinc|minizinc-free) ;;
    *) echo "unknown part '$part' (queens, coloring, minizinc, minizinc-free)" >&2; exit 2 ;; esac
done
want() { [[ ",$parts," == *",$1,"* ]]; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# geomean TABLE COLUMN [FILTER-COLUMN FILTER-VALUE]: "MEAN ROWS", the geometric mean of the positive numbers
# in COLUMN of the Markdown tables in TABLE (columns found by their header, in every table of the file),
# over the rows whose FILTER-COLUMN is FILTER-VALUE; "- 0" when there is none.
geomean() {
  awk -F'|' -v col="$2" -v fcol="${3:-}" -v fval="${4:-}" '
    function trim(s) { gsub(/^ +| +$/, "", s); return s }
    /^\|[-:| ]+$/ { for (i = 2; i < NF; i++) at[trim(header[i])] = i; in_table = 1; next }
    /^\|/ {
      if (!in_table) { split($0, header, "|"); next }
      v = trim($(at[col]))
      if (fcol != "" && trim($(at[fcol])) != fval) next
      if (v ~ /^[0-9.]+$/ && v + 0 > 0) { sum += log(v); n++ }
      next
    }
    { in_table = 0 }
    END { if (n > 0) printf "%.2f %d\n", exp(sum / n), n; else print "- 0" }' "$1"
}

status=0
summary=()
echo "# Generic engine against Gecode: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'); build $build;" \
  "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); runs $runs, limit $limit s$([ $quick = 1 ] && echo ', --quick')"

if want queens; then
  echo
  echo "## Queens: all solutions (docs/compare_queens.sh --sizes \"$sizes\" $runs)"
  echo
  bash "$root/docs/compare_queens.sh" --build "$build" --sizes "$sizes" "$runs" | tee "$work/queens.md"
  st=${PIPESTATUS[0]}
  [ "$st" -ne 0 ] && { echo "queens: compare_queens.sh failed (status $st)"; [ $status -ne 0 ] || status=$st; }
  for model in binary value domain; do
    read -r mean rows <<< "$(geomean "$work/queens.md" ratio model "$model")"
    summary+=("| queens, $model model | $rows | $mean |")
  done
  read -r mean rows <<< "$(geomean "$work/queens.md" ratio)"
  summary+=("| queens, every model | $rows | $mean |")
fi

if want coloring; then
  echo
  echo "## Graph colouring: chromatic number (LIMIT=$limit docs/compare_coloring.sh $runs)"
  echo
  LIMIT=$limit bash "$root/docs/compare_coloring.sh" --build "$build" "$runs" | tee "$work/coloring.md"
  st=${PIPESTATUS[0]}
  [ "$st" -ne 0 ] && { echo "coloring: compare_coloring.sh failed (status $st)"; [ $status -ne 0 ] || status=$st; }
  read -r mean rows <<< "$(geomean "$work/coloring.md" ratio 'optimal?' yes)"
  summary+=("| colouring, both optimal | $rows | $mean |")
fi

# minizinc_part NAME [--free]: one compare_minizinc.sh run, its table, its line in the summary.
minizinc_part() {
  local name=$1 title="MiniZinc, both solved"
  shift
  local -a flags=("$@")
  [ $quick = 1 ] && flags+=(--quick)
  [ "$name" = minizinc-free ] && title="MiniZinc free search (-f), both solved"
  echo
  echo "## $title (docs/compare_minizinc.sh ${flags[*]} --limit $limit)"
  echo
  bash "$root/docs/compare_minizinc.sh" "${flags[@]}" --limit "$limit" "$build" | tee "$work/$name.md"
  local st=${PIPESTATUS[0]}
  # 77: skipped (no minizinc, or no shared instances); 1: an answer disagrees with Gecode's
  [ "$st" -ne 0 ] && [ "$st" -ne 77 ] &&
    { echo "$name: compare_minizinc.sh failed (status $st)"; [ $status -ne 0 ] || status=$st; }
  read -r mean rows <<< "$(geomean "$work/$name.md" ratio)"
  local solved
  solved=$(sed -n 's/^solved (.*): \(ours [0-9]*, Gecode [0-9]*\);.*/\1/p' "$work/$name.md")
  summary+=("| $title (solved: ${solved:-?}) | $rows | $mean |")
}
want minizinc && minizinc_part minizinc
want minizinc-free && minizinc_part minizinc-free --free

echo
echo "## Geometric mean of our time over Gecode's (below 1: we are faster)"
echo
echo "| part | rows | ours / Gecode |"
echo "|---|--:|--:|"
printf '%s\n' "${summary[@]}"
exit $status
