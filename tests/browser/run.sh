#!/usr/bin/env bash
# ctest's browser.page: the page of `sudoku serve` in Debian's headless chromium (page.test.mjs).
# Exits 77 (ctest's SKIP_RETURN_CODE) with a clear SKIPPED line when chromium or node is missing;
# installs playwright-core (npm ci, from package-lock.json) when it is not there yet.
#   run.sh BIN_DIR SOURCE_DIR
set -euo pipefail
BIN=$1
SRC=$2
DIR="$SRC/tests/browser"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
skip() { echo "SKIPPED: $* (the browser test of sudoku serve did not run)"; exit 77; }
[ -x "$CHROMIUM" ] || skip "chromium not installed ($CHROMIUM; Debian package chromium)"
command -v node > /dev/null || skip "node not installed"
if [ ! -f "$DIR/node_modules/playwright-core/package.json" ]; then
  command -v npm > /dev/null || skip "npm not installed (needed once for playwright-core)"
  echo "installing playwright-core into $DIR/node_modules (npm ci)"
  (cd "$DIR" && npm ci --no-audit --no-fund --loglevel=error)
fi
cd "$DIR"
exec node page.test.mjs "$BIN/sudoku" ${SCREENSHOT:+"$SCREENSHOT"}
