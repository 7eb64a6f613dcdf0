#!/usr/bin/env bash
# Runs the libFuzzer targets of a fuzz build for a set time each, FUZZ_JOBS (default 2) at a time.
# Usage: tests/fuzz/run.sh FUZZ_BUILD_DIR SECONDS [TARGET...]   (targets: the names after fuzz_,
# default all). Each fuzzer starts from its checked-in seeds (tests/fuzz/corpus/NAME, read only)
# and its past crashers (tests/fuzz/regressions/NAME), and keeps what it finds in
# FUZZ_BUILD_DIR/fuzz-corpus/NAME, so that later runs on this machine go on from there. A crash,
# leak, timeout (25 s on one input) or failed check stops that fuzzer; the input is saved as
# FUZZ_BUILD_DIR/fuzz-artifacts/NAME-crash-..., the script says how to keep it as a regression
# test, and exits 1. Prints executions and corpus size per target.
set -uo pipefail
BUILD=$(cd "${1:?usage: run.sh FUZZ_BUILD_DIR SECONDS [TARGET...]}" && pwd)
SECONDS_EACH=${2:?usage: run.sh FUZZ_BUILD_DIR SECONDS [TARGET...]}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
JOBS=${FUZZ_JOBS:-2}
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in "$HERE"/fuzz_*.cpp; do n=$(basename "$f" .cpp); targets+=("${n#fuzz_}"); done
fi
mkdir -p "$BUILD/fuzz-artifacts" "$BUILD/fuzz-logs"

run_one() {
  local name=$1 bin="$BUILD/bin/fuzz_$1"
  local work="$BUILD/fuzz-corpus/$name"
  mkdir -p "$work"
  local dirs=("$work" "$HERE/corpus/$name")
  [ -d "$HERE/regressions/$name" ] && dirs+=("$HERE/regressions/$name")
  # -max_len 8192: room for a 25x25 puzzle with spaces, or a small graph file. -timeout 25: an
  # input that takes that long is a hang (every search here has a node limit).
  "$bin" -max_total_time="$SECONDS_EACH" -timeout=25 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$BUILD/fuzz-artifacts/$name-" "${dirs[@]}" > "$BUILD/fuzz-logs/$name.log" 2>&1
  echo $? > "$BUILD/fuzz-logs/$name.status"
}

for name in "${targets[@]}"; do
  [ -x "$BUILD/bin/fuzz_$name" ] || { echo "run.sh: $BUILD/bin/fuzz_$name is not built" >&2; exit 2; }
done
echo "fuzzing ${#targets[@]} targets for ${SECONDS_EACH}s each, $JOBS at a time"
running=0
for name in "${targets[@]}"; do
  run_one "$name" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait

failed=0
for name in "${targets[@]}"; do
  log="$BUILD/fuzz-logs/$name.log"
  status=$(cat "$BUILD/fuzz-logs/$name.status")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  corpus=$(find "$BUILD/fuzz-corpus/$name" -type f | wc -l)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  printf '%-14s status %s, %s executions (%s/s), %s, corpus %s files (+ %s seeds)\n' "$name" "$status" \
    "${execs:-?}" "${rate:-?}" "${cov:-cov: ?}" "$corpus" "$(find "$HERE/corpus/$name" -type f | wc -l)"
  if [ "$status" != 0 ]; then
    failed=1
    echo "---- $name failed; the end of its log ($log):"
    tail -n 40 "$log"
    artifact=$(grep -o "$BUILD/fuzz-artifacts/$name-[a-z-]*[0-9a-f]*" "$log" | tail -1)
    if [ -n "$artifact" ]; then
      echo "---- input: $artifact. Reproduce: $BUILD/bin/fuzz_$name $artifact"
      echo "     Once fixed, keep it as a regression test: mkdir -p tests/fuzz/regressions/$name &&"
      echo "     cp $artifact tests/fuzz/regressions/$name/ (replayed by ctest fuzz.$name.replay)"
    fi
  fi
done
exit "$failed"
