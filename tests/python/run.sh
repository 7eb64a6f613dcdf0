#!/usr/bin/env bash
# The tests of the Python package fdcsp (tests/python/test_*.py), run by Debian's /usr/bin/python3 with its
# python3-pytest against the build's package (BUILD/python) and commands (BUILD/bin, which some tests run to
# compare). Exit 77 (ctest: skipped) when the package was not built or pytest is missing.
# Usage: run.sh BUILD_DIR SOURCE_DIR [pytest arguments, e.g. a test file]
set -euo pipefail
build=$1 source=$2
shift 2
py=/usr/bin/python3
[ -x "$py" ] || { echo "SKIPPED: no /usr/bin/python3"; exit 77; }
compgen -G "$build/python/fdcsp/_fdcsp*.so" > /dev/null ||
  { echo "SKIPPED: fdcsp is not built (pybind11-dev or python3-dev missing?)"; exit 77; }
"$py" -c "import pytest" 2> /dev/null || { echo "SKIPPED: python3-pytest is missing"; exit 77; }
export PYTHONPATH="$build/python" CSP_BIN_DIR="$build/bin" CSP_SOURCE_DIR="$source"
cd "$source/tests/python"
exec "$py" -m pytest -q -p no:cacheprovider "$@"
