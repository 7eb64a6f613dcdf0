#!/usr/bin/env bash
# The layers of docs/architecture.md, held against every #include "..." of the source tree:
# apps/ -> problems/ -> csp/, and inside csp/ each folder includes only the folders below it
# (the table below, which docs/architecture.md draws); a detail/ folder is included only from
# inside its own layer (and by tests, which this does not read), and never by a public header.
# And csp/csp.hpp, the umbrella, includes every public header of kernel/, search/, constraints/, modelling/. Usage: layers.sh SOURCE_DIR
set -euo pipefail
cd "$1"
# What each part may include, besides itself. A part is csp/<folder>, csp/<top file>, problems or apps.
declare -A allowed=(
  [csp/kernel]=""
  [csp/learning]="csp/kernel"
  [csp/search]="csp/kernel csp/learning"
  [csp/constraints]="csp/kernel"
  [csp/rules]="csp/kernel csp/constraints csp/search"
  [csp/flatzinc]="csp/kernel csp/search csp/constraints"
  [csp/modelling]="csp/kernel csp/search csp/constraints"
  [csp/csp]="csp/kernel csp/search csp/constraints csp/modelling"
  [problems]="csp/kernel csp/search csp/constraints csp/rules csp/flatzinc csp/modelling csp/csp"
  [apps]="csp/kernel csp/search csp/constraints csp/rules csp/flatzinc csp/modelling csp/csp problems"
)
part_of() {  # csp/search/orders/mrv.cpp -> csp/search; csp/csp.hpp -> csp/csp; apps/x/y -> apps
  case $1 in
    csp/*/*) echo "${1%%/*}/$(echo "$1" | cut -d/ -f2)" ;;
    csp/*) local f=${1#csp/}; echo "csp/${f%%.*}" ;;
    *) echo "${1%%/*}" ;;
  esac
}
bad=0 checked=0
while IFS= read -r -d '' file; do
  from=$(part_of "$file")
  [ -n "${allowed[$from]+set}" ] || { echo "$file: part $from is not in the table of layers.sh"; bad=1; continue; }
  while IFS= read -r inc; do
    [ -n "$inc" ] || continue
    checked=$((checked + 1))
    to=$(part_of "$inc")
    if [ "$to" != "$from" ] && [[ " ${allowed[$from]} " != *" $to "* ]]; then
      echo "$file includes $inc: $from may include only ${allowed[$from]:-nothing of csp/}"; bad=1
    fi
    # A detail/ header belongs to the folder that holds the detail/ folder.
    if [[ $inc == */detail/* ]]; then
      owner=${inc%%/detail/*}
      [[ $file == "$owner"/* ]] || { echo "$file includes $inc: a detail/ header of $owner/"; bad=1; }
      # ... and a public header (one that gets installed) never includes one.
      [[ $file == *.hpp && $file != */detail/* ]] && { echo "$file (public) includes $inc, which is not installed"; bad=1; }
    fi
  done < <(sed -n 's/^[[:space:]]*#include "\([^"]*\)".*/\1/p' "$file" | grep -E '^(csp|problems|apps)/' || true)
done < <(find csp problems apps \( -name '*.hpp' -o -name '*.cpp' \) -print0)
# The umbrella header names every public header of the kernel, search, constraints and modelling.
while IFS= read -r h; do
  grep -q "^#include \"$h\"" csp/csp.hpp || { echo "csp/csp.hpp does not include $h"; bad=1; }
done < <(find csp/kernel csp/search csp/constraints csp/modelling -name '*.hpp' -not -path '*/detail/*' | sort)
[ "$bad" -eq 0 ] && echo "layers hold: $checked includes checked; csp/csp.hpp includes every public header"
exit "$bad"
