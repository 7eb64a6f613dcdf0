# Checks solver output against its puzzles, independently of every solver:
#   awk -f docs/check_solutions.awk PUZZLES OUTPUT
# Each output line must be a 9x9 grid of digits that keeps the puzzle's givens and repeats no digit
# in a row, column or box. Prints "checked N solutions" or the first bad line, and exits 1 on any.
NR == FNR { if ($0 !~ /^#/ && length($0) > 0) puzzle[++n] = $0; next }
{
  i = ++m
  p = puzzle[i]; s = $0
  if (length(s) != 81 || s !~ /^[1-9]+$/) { print "line " i ": not a solution: " s; bad = 1; exit 1 }
  for (k = 1; k <= 81; k++) {
    c = substr(p, k, 1)
    if (c ~ /[1-9]/ && c != substr(s, k, 1)) { print "line " i ": given changed at cell " k; bad = 1; exit 1 }
  }
  for (u = 0; u < 9; u++) {
    delete row; delete col; delete box
    for (v = 0; v < 9; v++) {
      r = substr(s, u * 9 + v + 1, 1)
      c = substr(s, v * 9 + u + 1, 1)
      b = substr(s, (int(u / 3) * 3 + int(v / 3)) * 9 + (u % 3) * 3 + (v % 3) + 1, 1)
      if (r in row || c in col || b in box) { print "line " i ": repeated digit in unit " u + 1; bad = 1; exit 1 }
      row[r]; col[c]; box[b]
    }
  }
}
END {
  if (bad) exit 1
  if (m != n) { print "expected " n " solutions, got " m; exit 1 }
  print "checked " m " solutions"
}
