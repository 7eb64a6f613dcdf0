# Sourced by the csp color scripts of tests/cli (kept in lib/ so that ctest does not run it).
# proper FILE OUTPUT K: the output's "vertex colour" lines colour every vertex of FILE with colours
# 1..K and no edge joins two equal colours (a self-loop `e V V`, which csp color drops, is skipped).
proper() {
  awk -v k="$3" '
    FNR == NR { if ($1 == "p") n = $3; if ($1 == "e" && $2 != $3) { eu[++m] = $2; ev[m] = $3 } next }
    /^[0-9]+ [0-9]+$/ { if ($2 < 1 || $2 > k) bad = "colour out of range: " $0; colour[$1] = $2; coloured++ }
    END {
      if (coloured != n) bad = "coloured " coloured " of " n " vertices"
      for (i = 1; i <= m; i++) if (colour[eu[i]] == colour[ev[i]]) bad = "edge " eu[i] "-" ev[i] " joins equal colours"
      if (bad != "") { print bad; exit 1 }
    }' "$1" "$2"
}
