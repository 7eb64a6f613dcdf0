#!/usr/bin/env bash
# Any bytes on standard input: `sudoku solve` (and `count`) print exactly one line per puzzle line,
# exit 0 or 1 (never by a signal), write nothing on stderr, and keep memory bounded.
# A puzzle line, as parse_line decides: split the input at '\n' (a last line without '\n' counts),
# drop one trailing '\r'; a line that is then empty or spaces and tabs only, or whose first other
# character is '#', is no puzzle line; every other line is one, whatever its bytes or length.
# Lines longer than 1 MiB follow the same rule (see apps/common/line_reader.hpp).
set -euo pipefail
BIN=$1
S="$BIN/sudoku"
source "$(dirname "$0")/lib/common.sh"  # $T, fail, EASY, HARD and their solutions
# Sanitizer builds run 10-50x slower: smaller inputs there (the same cases).
if [ -n "${CSP_SANITIZE:-}" ]; then SCALE=1; else SCALE=4; fi

# The expected number of answer lines, counted independently of the program (perl is part of
# every Debian system; it reads NUL bytes and long lines as they are).
puzzle_lines() { perl -ne 's/\n\z//; s/\r\z//; $n++ unless /^[ \t]*(#|\z)/; END { print $n + 0 }' "$1"; }

# /usr/bin/time -v gives the peak resident memory; without it that part is skipped.
# Under a sanitizer memory is no measure (ASan keeps shadow memory and a quarantine of freed blocks).
TIME=""
if [ -n "${CSP_SANITIZE:-}" ]; then
  echo "note: sanitizer build ($CSP_SANITIZE): peak memory not checked"
elif [ -x /usr/bin/time ] && /usr/bin/time -v true 2> /dev/null; then
  TIME=/usr/bin/time
else
  echo "note: /usr/bin/time is absent (Debian package 'time'): peak memory not checked"
fi
MAX_RSS_KB=200000

# run NAME FILE [OPTIONS...]: solve FILE from standard input and check the rules above.
run() {
  local name=$1 file=$2
  shift 2
  local expected status rss
  expected=$(puzzle_lines "$file")
  set +e
  if [ -n "$TIME" ]; then
    "$TIME" -v -o "$T/time.txt" "$S" solve "$@" < "$file" > "$T/out" 2> "$T/err"
  else
    "$S" solve "$@" < "$file" > "$T/out" 2> "$T/err"
  fi
  status=$?
  set -e
  [ "$status" -eq 0 ] || [ "$status" -eq 1 ] || fail "$name: exit status $status (stderr: $(head -c 500 "$T/err"))"
  if [ -n "$TIME" ] && grep -q "Command terminated by signal" "$T/time.txt"; then fail "$name: killed by a signal"; fi
  [ ! -s "$T/err" ] || fail "$name: stderr: $(head -c 500 "$T/err")"
  [ "$(wc -l < "$T/out")" -eq "$expected" ] || fail "$name: $(wc -l < "$T/out") answer lines for $expected puzzle lines"
  # Every answer line is one of the documented forms.
  if grep -av -E '^([1-9A-Pa-p]+|unsolvable|invalid: .*|limit: [a-z]+)$' "$T/out" | head -n 3 | grep -q .; then
    fail "$name: unexpected answer line: $(grep -av -E '^([1-9A-Pa-p]+|unsolvable|invalid: .*|limit: [a-z]+)$' "$T/out" | head -n 1 | head -c 200)"
  fi
  if [ -n "$TIME" ]; then
    rss=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$T/time.txt")
    [ "${rss:-0}" -lt "$MAX_RSS_KB" ] || fail "$name: peak memory ${rss} kB, limit ${MAX_RSS_KB} kB"
    echo "ok: $name ($expected puzzle lines, exit $status, peak ${rss} kB)"
  else
    echo "ok: $name ($expected puzzle lines, exit $status)"
  fi
}

"$S" generate --count $((25 * SCALE)) --seed 5 > "$T/gen.txt"

# --- random bytes ---
for seed in 1 2 3; do
  head -c $((256 * 1024 * SCALE)) /dev/urandom > "$T/random$seed"
  run "random bytes $seed" "$T/random$seed" --threads 2
done
# Random bytes with many newlines and puzzle symbols: lines that come close to being puzzles.
head -c $((512 * 1024 * SCALE)) /dev/urandom | tr '\000-\377' '0-9.\n\r\t #a-pA-P0-9.\n\n\n0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.0-9.' > "$T/near"
run "random near-puzzle lines" "$T/near" --threads 2
# Real puzzles, each cut at a random length or with one byte changed: truncated lines.
perl -e 'srand(7); while (<>) { chomp; my $c = int(rand(4)); if ($c == 0) { $_ = substr($_, 0, int(rand(length))) }
         elsif ($c == 1) { substr($_, int(rand(length)), 1) = chr(int(rand(256))) } print "$_\n" }' "$T/gen.txt" > "$T/mangled"
run "truncated and mangled puzzles" "$T/mangled" --threads 2

# --- NUL bytes ---
head -c 100000 /dev/zero > "$T/zeros"
run "NUL bytes only" "$T/zeros"
{ printf '%s\0\n\0%s\n' "$EASY" "$EASY"; printf '\0\0\0\n'; head -n 3 "$T/gen.txt"; } > "$T/nul-mixed"
run "NUL bytes in lines" "$T/nul-mixed"

# --- CRLF, no final newline, empty, blank and comment lines ---
sed 's/$/\r/' "$T/gen.txt" > "$T/crlf"
run "CRLF" "$T/crlf"
"$S" solve < "$T/crlf" | grep -vq '^[1-9]\{81\}$' && fail "CRLF: a puzzle was not solved"
printf '%s\n%s' "$EASY" "$EASY" > "$T/nofinal"
run "no final newline" "$T/nofinal"
[ "$("$S" solve < "$T/nofinal" | tail -n 1)" = "$EASY_SOL" ] || fail "no final newline: last puzzle not solved"
: > "$T/empty"
run "empty file" "$T/empty"
printf '\n\r\n \t \r\n# comment\n  #x\n\n' > "$T/blank"
run "blank and comment lines" "$T/blank"
printf '\r\r\n \r \n' > "$T/cr"
run "stray carriage returns" "$T/cr"
# A file whose last line lacks its newline, then another file: two lines, not one.
printf '%s' "$EASY" > "$T/a"
[ "$("$S" solve "$T/a" "$T/a" | wc -l)" -eq 2 ] || fail "no final newline then a second file: two answers expected"

# --- long lines (10 MB): answered in bounded memory ---
{ head -c 10000000 /dev/zero | tr '\0' '5'; echo; echo "$EASY"; } > "$T/long-digits"
run "10 MB line of digits" "$T/long-digits"
[ "$("$S" solve < "$T/long-digits" | tail -n 1)" = "$EASY_SOL" ] || fail "the line after a 10 MB line"
{ head -c 10000000 /dev/zero | tr '\0' ' '; printf '\r\n'; echo "$EASY"; } > "$T/long-blank"
run "10 MB blank line" "$T/long-blank"
{ printf '  #'; head -c 10000000 /dev/urandom | tr -d '\n'; printf '\n%s\n' "$EASY"; } > "$T/long-comment"
run "10 MB comment line" "$T/long-comment"
{ head -c 10000000 /dev/zero | tr '\0' ' '; printf '\r \n'; } > "$T/long-cr"
run "10 MB blank line with a stray CR" "$T/long-cr"
head -c 10000000 /dev/urandom | tr -d '\n' > "$T/long-random"
run "10 MB random line, no newline" "$T/long-random" --threads 2
{ for _ in 1 2 3; do head -c 3000000 /dev/zero | tr '\0' 'x'; echo; done; } > "$T/long-several"
run "several 3 MB lines" "$T/long-several" --threads 2
# Many lines just under the 1 MiB cap: the byte bounds of a batch and of the reorder window keep memory down.
perl -e 'print "5" x 1000000, "\n" for 1..40' > "$T/many-long"
run "40 lines of 1 MB" "$T/many-long" --threads 2

# --- sudoku count obeys the same rules ---
for f in random1 near long-digits; do
  set +e
  "$S" count < "$T/$f" > "$T/out" 2> "$T/err"
  status=$?
  set -e
  [ "$status" -le 1 ] || fail "count on $f: exit status $status"
  [ ! -s "$T/err" ] || fail "count on $f: stderr: $(head -c 300 "$T/err")"
  [ "$(wc -l < "$T/out")" -eq "$(puzzle_lines "$T/$f")" ] || fail "count on $f: line count"
done
echo "ok: sudoku count on random, near-puzzle and long lines"
echo "reliability on any input: all checks passed"
