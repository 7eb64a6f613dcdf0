#!/usr/bin/env bash
# Runs the benchmarks of docs/benchmarks.md and draws its plots.
#
#   docs/plots.sh               run every sweep (about 5 minutes on 2 cores), then draw
#   docs/plots.sh --plots-only  redraw from the CSV files already in docs/bench/
#
# Writes into docs/bench/: <sweep>.csv (the bench's own CSV), <sweep>.md (the same as a Markdown
# table), commands.txt (the exact commands), machine.txt (where and when), and <sweep>.png (gnuplot;
# skipped with a message when gnuplot is not installed: apt-get install gnuplot-nox).
#
# Environment: SUDOKU (default build/bin/sudoku, a Release build), DATA (default ../shared/data:
# the script stops cleanly when it is absent), REPEAT (default 3: each row is the run with the
# median puzzles/s of 3), SOURCE (what the binary was built from, for machine.txt; default: git
# describe of this tree), GNUPLOT (default gnuplot).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sudoku=$(readlink -f "${SUDOKU:-$root/build/bin/sudoku}")  # absolute: the runs happen in a work directory
data=${DATA:-$root/../shared/data}
repeat=${REPEAT:-3}
gnuplot=${GNUPLOT:-gnuplot}
out="$root/docs/bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One sweep per line: name, then the bench options that vary; everything else is Norvig's
# configuration: order mrv and rules naked-single,hidden-single (both given: the defaults are
# mrv-ddeg and the singles with locked candidates), values min and inference mac (the defaults).
singles="--rules naked-single,hidden-single"
norvig="--order mrv $singles"
sweeps=(
  "order|--order input,mrv,mrv-degree,mrv-ddeg,dom-wdeg $singles"
  "order_naked_single|--order input,mrv --rules naked-single"
  "inference|--inference none,fc,mac $norvig"
  "rules|--order mrv --rules none --rules naked-single --rules hidden-single --rules naked-single,hidden-single --rules naked-single,hidden-single,naked-pair --rules naked-single,hidden-single,hidden-pair --rules naked-single,hidden-single,locked-candidates --rules all"
  "values|--values min,max,lcv,random $norvig"
)
# Limits: plain backtracking (no rules, or inference none) would take hours on hard puzzles. A
# node limit makes the limited counts reproducible; the time limit is only a safety net.
limits="--node-limit 10000 --time-limit 1"
files="norvig_easy50.txt tdoku_17_clue_first1000.txt norvig_top95.txt tdoku_magictour_top1465.txt norvig_hardest.txt tdoku_forum_hardest_first1000.txt"

# Which CSV column a sweep varies, for its table and plot.
varied() { case $1 in order*) echo order ;; inference) echo inference ;; rules) echo rules ;; values) echo values ;; esac; }

# The bench CSV as tab-separated fields (a quoted field may hold commas: rule sets do).
csv_to_tsv() {
  awk '{
    line = $0; out = ""; field = ""; q = 0
    for (i = 1; i <= length(line); i++) {
      c = substr(line, i, 1)
      if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { field = field c; i++ } else q = 0 } else field = field c }
      else if (c == "\"") q = 1
      else if (c == ",") { out = out field "\t"; field = "" }
      else field = field c
    }
    print out field
  }' "$1"
}

# markdown SWEEP: the sweep's CSV as a Markdown table (the essay's configuration marked).
markdown() {
  csv_to_tsv "$out/$1.csv" | awk -F'\t' -v var="$(varied "$1")" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
              printf "| set | %s | puzzles | solved | limited | nodes mean | nodes max | fails mean | rule firings | puzzles/s | µs p50 | µs p99 |\n", var
              print "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"; next }
    { v = $col[var]
      if ($col["order"] == "mrv" && $col["values"] == "min" && $col["inference"] == "mac" && $col["rules"] == "naked-single,hidden-single") v = v " ★"
      printf "| %s | %s | %d | %d | %s | %.1f | %d | %.1f | %.1f | %.0f | %.1f | %.1f |\n", $col["file"], v,
             $col["puzzles"], $col["solved"], ($col["limited"] > 0 ? "**" $col["limited"] "**" : "0"),
             $col["nodes_mean"], $col["nodes_max"], $col["failures_mean"], $col["firings_mean"],
             $col["puzzles_per_s"], $col["us_p50"], $col["us_p99"] }' > "$out/$1.md"
}

# essay: the rows of Norvig's configuration (marked ★ in the sweeps) from the ordering sweep.
essay() {
  csv_to_tsv "$out/order.csv" | awk -F'\t' '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
              print "| set | puzzles | solved | nodes mean | nodes max | fails mean | rule firings | puzzles/s | µs p50 | µs p99 |"
              print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"; next }
    $col["order"] == "mrv" && $col["values"] == "min" && $col["inference"] == "mac" && $col["rules"] == "naked-single,hidden-single" {
      printf "| %s | %d | %d | %.1f | %d | %.1f | %.1f | %.0f | %.1f | %.1f |\n", $col["file"], $col["puzzles"],
             $col["solved"], $col["nodes_mean"], $col["nodes_max"], $col["failures_mean"], $col["firings_mean"],
             $col["puzzles_per_s"], $col["us_p50"], $col["us_p99"] }' > "$out/essay.md"
}

# pivot SWEEP METRIC: rows = sets, columns = the varied choice, cells = the metric (tab-separated).
pivot() {
  csv_to_tsv "$out/$1.csv" | awk -F'\t' -v var="$(varied "$1")" -v metric="$2" '
    function label(f) {
      if (f ~ /easy50/) return "easy50"; if (f ~ /17_clue/) return "17-clue 1k"; if (f ~ /top95/) return "top95"
      if (f ~ /top1465/) return "top1465"; if (f ~ /hardest_first/) return "forum-hardest 1k"
      if (f ~ /hardest/) return "hardest"; return f }
    function short(r) {  # rule sets are long: NS+HS+LC and so on
      if (var != "rules") return r
      gsub(/naked-single/, "NS", r); gsub(/hidden-single/, "HS", r); gsub(/naked-pair/, "NP", r)
      gsub(/hidden-pair/, "HP", r); gsub(/naked-triple/, "N3", r); gsub(/locked-candidates/, "LC", r)
      gsub(/,/, "+", r); return r }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { s = label($col["file"]); c = short($col[var])
      if (!(s in seen)) { seen[s] = 1; sets[++ns] = s }
      if (!(c in seenc)) { seenc[c] = 1; cs[++nc] = c }
      if (metric == "nodes") v = $col["nodes_mean"]
      else if (metric == "us") v = ($col["puzzles_per_s"] > 0 ? 1e6 / $col["puzzles_per_s"] : 0)
      else v = 100 * $col["solved"] / ($col["puzzles"] > 0 ? $col["puzzles"] : 1)
      cell[s, c] = v }
    END { printf "set"; for (j = 1; j <= nc; j++) printf "\t%s", cs[j]; print ""
          for (i = 1; i <= ns; i++) { printf "%s", sets[i]; for (j = 1; j <= nc; j++) printf "\t%s", cell[sets[i], cs[j]]; print "" } }'
}

run_benchmarks() {
  [ -x "$sudoku" ] || { echo "no $sudoku: build first (make build), or set SUDOKU" >&2; exit 2; }
  [ -d "$data" ] || { echo "no $data: nothing to benchmark" >&2; exit 0; }
  mkdir -p "$out"
  # The samples: the first 1,000 lines of the two big sets (each is about 49,000 puzzles).
  cp "$data"/norvig_easy50.txt "$data"/norvig_top95.txt "$data"/norvig_hardest.txt \
     "$data"/tdoku_magictour_top1465.txt "$work/"
  head -n 1000 "$data/tdoku_17_clue.txt" > "$work/tdoku_17_clue_first1000.txt"
  head -n 1000 "$data/tdoku_forum_hardest_1905_11plus.txt" > "$work/tdoku_forum_hardest_first1000.txt"
  {
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "cores (nproc): $(nproc)"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
    echo "kernel: $(uname -sr), $(uname -m)"
    echo "compiler: $(c++ --version 2>/dev/null | head -n 1 || echo unknown)"
    echo "source: ${SOURCE:-git $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)}"
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  } > "$out/machine.txt"
  {
    echo "# cd into a directory holding the six files, made from ../shared/data with:"
    echo "#   cp norvig_easy50.txt norvig_top95.txt norvig_hardest.txt tdoku_magictour_top1465.txt ."
    echo "#   head -n 1000 tdoku_17_clue.txt > tdoku_17_clue_first1000.txt"
    echo "#   head -n 1000 tdoku_forum_hardest_1905_11plus.txt > tdoku_forum_hardest_first1000.txt"
  } > "$out/commands.txt"
  local started=$SECONDS
  for sweep in "${sweeps[@]}"; do
    local name=${sweep%%|*} options=${sweep#*|}
    local cmd="sudoku bench --format csv --repeat $repeat --threads 1 $limits $options $files"
    echo "$cmd > $name.csv" >> "$out/commands.txt"
    echo "[$((SECONDS - started)) s] $name: $cmd" >&2
    local status=0
    # shellcheck disable=SC2086  # the options are words
    (cd "$work" && "$sudoku" bench --format csv --repeat "$repeat" --threads 1 $limits $options $files) \
      > "$out/$name.csv.tmp" || status=$?
    # Status 1 only says that some puzzle hit a limit: those rows are kept and counted.
    [ "$status" -le 1 ] || { rm -f "$out/$name.csv.tmp"; echo "$name: sudoku bench failed with status $status" >&2; exit 1; }
    mv "$out/$name.csv.tmp" "$out/$name.csv"
  done
  echo "total: $((SECONDS - started)) s" >> "$out/machine.txt"
  echo "[$((SECONDS - started)) s] done" >&2
}

draw() {
  if ! command -v "$gnuplot" > /dev/null; then
    echo "gnuplot is not installed (apt-get install gnuplot-nox): plots skipped; CSV and tables are in $out" >&2
    return 0
  fi
  local terminal="pngcairo size 1100,1000 font 'Sans,10'"
  "$gnuplot" -e "set terminal pngcairo" > /dev/null 2>&1 || terminal="png size 1100,1000"
  for sweep in "${sweeps[@]}"; do
    local name=${sweep%%|*} var
    var=$(varied "$name")
    [ -f "$out/$name.csv" ] || continue
    pivot "$name" nodes > "$work/$name.nodes"
    pivot "$name" us > "$work/$name.us"
    pivot "$name" solved > "$work/$name.solved"
    local ncol
    ncol=$(head -n 1 "$work/$name.nodes" | awk -F'\t' '{ print NF }')
    "$gnuplot" <<EOF
set terminal $terminal
set output "$out/$name.png"
set datafile separator "\t"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set key outside right top vertical noenhanced title "$var"
set xtics noenhanced
set multiplot layout 3,1 title "sudoku bench, by $var ($(sed -n 's/^date: //p' "$out/machine.txt"); $(sed -n 's/^cpu: //p' "$out/machine.txt"), 1 thread; $limits)" noenhanced
set logscale y
set format y "10^{%L}"
set yrange [0.1:*]
set ylabel "mean nodes per puzzle"
plot for [i=2:$ncol] "$work/$name.nodes" using (column(i) > 0.1 ? column(i) : 0.1):xtic(1) title columnheader(i)
set ylabel "mean µs per puzzle"
set yrange [*:*]
plot for [i=2:$ncol] "$work/$name.us" using i:xtic(1) title columnheader(i)
unset logscale y
set format y "%g"
set yrange [0:105]
set ylabel "% solved within the limits"
plot for [i=2:$ncol] "$work/$name.solved" using i:xtic(1) title columnheader(i)
unset multiplot
EOF
    echo "drew $out/$name.png" >&2
  done
}

if [ "${1:-}" != "--plots-only" ]; then run_benchmarks; fi
[ -d "$out" ] || { echo "no $out: run without --plots-only first" >&2; exit 0; }
for sweep in "${sweeps[@]}"; do
  name=${sweep%%|*}
  if [ -f "$out/$name.csv" ]; then markdown "$name"; fi
done
if [ -f "$out/order.csv" ]; then essay; fi
draw
