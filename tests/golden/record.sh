#!/usr/bin/env bash
# Records what the commands print, for a change that must not alter it (a refactoring): run it with
# the binaries before the change and after, and compare the two folders (compare.sh does both).
# Usage: record.sh BIN_DIR OUT_DIR [SHARED_DATA]   (SHARED_DATA: ../shared/data beside the project)
# Times are left out: bench's time columns, the summary's seconds and rate. fzn-csp runs on the
# shared MiniZinc instances, flattened once into OUT_DIR/../fzn (minizinc with our csp.msc).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$(cd "$1" && pwd); OUT=$2; P=$HERE/../../data
S=$(cd "${3:-$HERE/../../../shared/data}" 2>/dev/null && pwd) || { echo "no shared data"; exit 77; }
FZN=$(dirname "$(realpath -m "$OUT")")/fzn
if [ ! -d "$FZN" ] && command -v minizinc > /dev/null; then
  mkdir -p "$FZN"
  tail -n +2 "$S/minizinc/INSTANCES.tsv" | while IFS=$'\t' read -r n _ m d _; do
    [ "$d" = "-" ] && d=""
    (cd "$S/minizinc" && timeout 120 minizinc -c --solver "$BIN/../share/minizinc/solvers/csp.msc" $m $d \
      --fzn "$FZN/$n.fzn" --ozn "$FZN/$n.ozn" > /dev/null 2>&1) || echo "not flattened: $n"
  done
fi
mkdir -p "$OUT"; cd "$OUT"
$BIN/sudoku solve $S/norvig_top95.txt > solve_top95.txt 2>&1; echo $? >> solve_top95.txt
$BIN/sudoku solve $S/norvig_hardest.txt > solve_hard.txt 2>&1
head -3000 $S/tdoku_17_clue.txt | $BIN/sudoku solve > solve_17.txt 2>&1
head -1000 $S/tdoku_magictour_top1465.txt | $BIN/sudoku count --max 2 > count_top.txt 2>&1
$BIN/sudoku count --max 2 $S/norvig_easy50.txt > count_easy.txt 2>&1
$BIN/sudoku grade $S/norvig_top95.txt > grade_top95.txt 2>&1
head -300 $S/tdoku_magictour_top1465.txt | $BIN/sudoku grade > grade_top.txt 2>&1
for i in 1 5 20; do sed -n ${i}p $S/norvig_top95.txt | $BIN/sudoku explain > explain_$i.txt 2>&1; done
sed -n 3p $S/norvig_easy50.txt | $BIN/sudoku explain > explain_easy.txt 2>&1
$BIN/sudoku solve --summary $P/puzzles.txt 2>&1 | sed -E "s/[0-9.]+ s, [0-9]+ puzzles\/s/T/" > puzzles.txt
$BIN/sudoku bench --format csv --order mrv,input,dom-wdeg --values min,lcv --inference fc,mac $S/norvig_top95.txt 2>&1 | "$HERE/notime.py" > bench1.csv
$BIN/sudoku bench --format csv --rules none --rules all --rules singles $S/norvig_easy50.txt 2>&1 | "$HERE/notime.py" > bench2.csv
$BIN/sudoku bench --format csv --rules all --rules techniques $S/norvig_top95.txt 2>&1 | "$HERE/notime.py" > bench3.csv
$BIN/sudoku generate --help > gen_help.txt 2>&1
for c in solve count grade explain bench; do $BIN/sudoku $c --help > help_$c.txt 2>&1; done
$BIN/csp --help > csp_help.txt 2>&1
for c in queens color map cryptarithm zebra latin merge; do $BIN/csp $c --help > csp_help_$c.txt 2>&1; done
$BIN/csp queens 8 --count > q8.txt 2>&1; $BIN/csp queens 60 > q60.txt 2>&1
$BIN/csp color $S/dimacs/myciel4.col > myciel4.txt 2>&1; $BIN/csp color $S/dimacs/queen5_5.col > q55.txt 2>&1
$BIN/csp color $S/dimacs/anna.col > anna.txt 2>&1; $BIN/csp color $P/petersen.col > petersen.txt 2>&1
$BIN/csp map > map.txt 2>&1; $BIN/csp zebra > zebra.txt 2>&1; $BIN/csp cryptarithm SEND+MORE=MONEY > send.txt 2>&1
for f in $P/latin/*; do $BIN/csp latin $f > latin_$(basename $f).txt 2>&1; done
$BIN/fzn-csp --help > fzn_help.txt 2>&1
for f in "$FZN"/*.fzn; do n=$(basename $f .fzn); timeout 60 $BIN/fzn-csp --node-limit 3000 -a $f > fzn_$n.txt 2>&1; echo "rc $?" >> fzn_$n.txt; timeout 60 $BIN/fzn-csp -s --node-limit 3000 $f 2>&1 | grep -v -i time > fzns_$n.txt; done
