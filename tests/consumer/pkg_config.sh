#!/usr/bin/env bash
# Builds queens.cpp, constraints.cpp and latin.cpp against an installed csp with pkg-config alone,
# and runs them.
# Usage: pkg_config.sh PREFIX WORKDIR CXX [FLAGS...]  (FLAGS: e.g. the sanitizers the library has)
set -euo pipefail
prefix=$1 work=$2 cxx=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
pc=$(find "$prefix" -name csp.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || { echo "no csp.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
mkdir -p "$work"
# shellcheck disable=SC2046  # pkg-config's output is a list of words
for prog in queens constraints latin; do  # latin: the rules library (csp_rules), in csp.pc's libraries too
  "$cxx" -std=c++20 "$@" $(pkg-config --cflags csp) "$here/$prog.cpp" -o "$work/$prog" $(pkg-config --libs csp)
  "$work/$prog"
done
