#!/usr/bin/env bash
# The installed headers are the public surface, and nothing more: no detail/ folder was installed,
# every header the installed ones include ("csp/...") was installed too, and each one compiles on
# its own (so a user may include any of them first). Usage: headers.sh PREFIX WORKDIR CXX [FLAGS...]
set -euo pipefail
prefix=$1 work=$2 cxx=$3
shift 3
inc=$(find "$prefix" -type d -name include | head -n 1)
[ -d "$inc/csp" ] || { echo "no include/csp under $prefix" >&2; exit 1; }
status=0
if find "$inc/csp" -type d -name detail | grep -q .; then
  echo "a detail/ folder was installed:"; find "$inc/csp" -type d -name detail; status=1
fi
while IFS= read -r -d '' h; do
  while IFS= read -r dep; do
    [ -f "$inc/$dep" ] || { echo "${h#"$inc"/} includes $dep, which is not installed"; status=1; }
  done < <(sed -n 's/^#include "\(csp\/[^"]*\)".*/\1/p' "$h")
done < <(find "$inc/csp" -name '*.hpp' -print0)
[ "$status" -eq 0 ] || exit "$status"
# Each header alone, compiled in parallel (syntax only: nothing is linked).
mkdir -p "$work"
find "$inc/csp" -name '*.hpp' | sort | sed "s|^$inc/||" > "$work/headers.txt"
echo "$(wc -l < "$work/headers.txt") public headers"
export inc
xargs -P 2 -I{} sh -c 'h=$1; shift; printf "#include <%s>\n" "$h" |
  "$0" -std=c++20 "$@" -fsyntax-only -Wall -Wextra -Wpedantic -Werror -I"$inc" -x c++ - ||
  { echo "not self-contained: $h"; exit 255; }' "$cxx" {} "$@" < "$work/headers.txt"
