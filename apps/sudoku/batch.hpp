// Batch machinery for commands that answer many puzzle lines: streamed input, parallel work in
// small batches, output in input order through one buffered writer, and a clean stop on
// SIGINT/SIGTERM.
//
// The input is read a batch at a time (kBatchLines lines, fewer when the lines are long or the
// input pauses) by whichever worker needs work; the answers go through a bounded reorder window
// and are written in input order, several batches with one fwrite. The output is therefore
// byte-identical whatever the number of threads. The first batches are small (the first answers
// appear at once, and a closed output pipe is noticed after a few puzzles), and a batch also ends
// early when more input is not ready yet (a terminal or a slow pipe gets its answers without
// waiting for more lines); neither changes the bytes written.
//
// Reliability guarantees (tests/cli/reliability_*.sh check each):
//  - Any bytes are accepted: NUL bytes, invalid UTF-8, CRLF, no final newline. A line is what
//    ends with '\n' (or the end of a file); every line that parse_line() does not skip (blank or
//    '#' comment) gets exactly one answer line.
//  - Memory is bounded whatever the input: a line longer than kMaxLineBytes is not kept. Only its
//    first kMaxLineBytes bytes are held; the rest is scanned as it streams past, just enough to
//    know whether the line is blank or a comment (skipped, as parse_line would) or not (then
//    answered as too long: no puzzle, even one spaced out generously, comes near that size).
//  - SIGINT/SIGTERM (with an Interrupt installed): reading stops, searches in progress stop at
//    their next node (csp::Limits::interrupt), and the answers of the longest contiguous prefix of
//    the input that was fully answered are written; nothing after the first unanswered puzzle is.
//    A second signal ends the process at once (the handler is one-shot), for when the output
//    itself is stuck behind a reader that does not read.
#pragma once

#include <atomic>
#include <signal.h>  // struct sigaction (POSIX)
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "problems/sudoku/sudoku.hpp"

namespace sudoku_app {

/// A line longer than this is not held in memory (see above): 1 MiB, over a thousand times the
/// longest puzzle line (25x25 = 625 cells).
constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

/// The reason given for a line longer than kMaxLineBytes that is not blank or a comment.
std::string overlong_reason();

/// Catches SIGINT and SIGTERM while it lives: the first one sets interrupt_flag() (which the
/// commands hand to every solver as csp::Limits::interrupt, and which stops the reading), then
/// restores the default action so that a second signal ends the process. The previous handlers
/// come back on destruction. One at a time.
class Interrupt {
 public:
  Interrupt();
  ~Interrupt();
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};
/// Set once a caught SIGINT or SIGTERM arrived (never reset: the process is ending).
const std::atomic<bool>& interrupt_flag();
/// The signal caught (SIGINT or SIGTERM), 0 when none.
int interrupt_signal();
/// The exit status for an interrupted run: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
int interrupted_status();

/// One input line and its answer.
struct Item {
  std::string line;
  std::uint32_t file = 0;
  std::uint64_t number = 0;  ///< 1-based line number in its file
  bool overlong = false;     ///< longer than kMaxLineBytes and not blank or a comment: `line` is its start
  std::string out;           ///< the answer to print, with its '\n' (empty: nothing)
  std::uint8_t outcome = 0;  ///< the command's own classification
  bool interrupted = false;  ///< set by the work function when an interrupt cut the search short
  bool done = false;         ///< worked on, and not interrupted: the answer may be written
};

/// Reads lines from a list of files in turn ("-" or no file at all: standard input), with read(2)
/// on the descriptor (no iostream), so that a signal can stop a read that waits for input.
class LineReader {
 public:
  /// Checks every file up front (exists, is not a directory, can be opened) so that a usage
  /// error is reported before any output; throws UsageError.
  explicit LineReader(std::vector<std::string> files);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  /// The next line (without '\n') and where it came from; false once every file is read (or
  /// interrupt_flag() is set). A line longer than kMaxLineBytes comes back cut to that length.
  /// Throws UsageError when a file cannot be read.
  bool next(std::string& line, std::uint32_t& file, std::uint64_t& number);
  /// The same into an Item (sets line, file, number, overlong), but a read error ends the input
  /// instead of throwing: error() then describes it. Used by run_batch so that the lines read
  /// before the error are still answered.
  bool next(Item& it);
  /// "<file>: read error: <reason>" after a failed read; empty otherwise.
  const std::string& error() const { return error_; }
  /// True when the next next() would wait: nothing buffered, and the input is a pipe or terminal
  /// with nothing ready. Never true for regular files.
  bool would_block();
  /// "line 3", or "line 3 of a.txt" when there are several files.
  std::string where(std::uint32_t file, std::uint64_t number) const;

 private:
  enum class Fill { data, end, interrupted, error };
  bool open_next();
  void close_current();
  Fill fill();
  bool read_line(std::string& line, bool& overlong);
  std::string display_name(std::size_t i) const;

  std::vector<std::string> names_;
  std::size_t current_ = 0;  // index of the open file, names_.size() when done
  int fd_ = -1;              // the open file's descriptor, -1 when none is open
  bool regular_ = false;     // the open file is a regular file: reads never wait
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;  // unread bytes are buf_[pos_, end_)
  std::uint64_t number_ = 0;
  std::string error_;
};

/// Buffered output: commands append to buffer() and flush() writes it with one fwrite.
/// SIGPIPE must be ignored (main does) so that a closed pipe shows as EPIPE here.
class Writer {
 public:
  explicit Writer(std::FILE* out) : out_(out) {}
  std::string& buffer() { return buf_; }
  /// Writes and clears the buffer; false when the output failed (then stop writing).
  bool flush();
  /// The reader went away (EPIPE): stop quietly.
  bool pipe_closed() const { return pipe_closed_; }
  /// Another write error, described; empty when none.
  const std::string& error() const { return error_; }

 private:
  std::FILE* out_;
  std::string buf_;
  bool pipe_closed_ = false;
  std::string error_;
};

/// The start of solve's and count's work on a line: an over-long line, or one that parse_line()
/// finds invalid, is answered here ("invalid: REASON (WHERE)", outcome `invalid`); a blank or
/// comment line gets outcome `skipped` and no answer; any other line gives its puzzle.
std::optional<problems::sudoku::Puzzle> puzzle_of(Item& it, const LineReader& in, std::uint8_t skipped,
                                                  std::uint8_t invalid);

/// Lines a worker takes from the input at a time (the first two batches are smaller, see
/// run_batch): small enough to share out evenly at the end of a run, large enough that the locks
/// taken per batch cost nothing next to the puzzles.
constexpr std::size_t kBatchLines = 16;
/// A batch also ends once its lines hold this many bytes (one over-long line is a batch).
constexpr std::size_t kBatchBytes = std::size_t{1} << 20;
/// The reorder window: batches read but not yet written, at most this many (or 4 per thread when
/// that is more) and, past the first of them, at most kWindowBytes bytes of lines. A reader waits
/// for room, so memory stays bounded however long one puzzle holds the output back.
constexpr std::size_t kWindowBatches = 64;
constexpr std::size_t kWindowBytes = std::size_t{8} << 20;
/// Answers are written once this many bytes gathered (and sooner, see run_batch).
constexpr std::size_t kFlushBytes = std::size_t{32} << 10;

/// Runs fn(worker, i) for i in [0, n) on `threads` workers (worker 0 is the calling thread; no
/// thread is started when threads is 1). Each worker number is used by one thread at a time, so
/// per-worker state indexed by it needs no lock. Rethrows the first exception a worker threw.
/// When the system refuses a new thread, the work goes on with the threads it has.
void parallel_for(std::size_t n, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn);

/// Reads every line of `in`, runs work(worker, item) on `threads` workers (worker 0 is the
/// calling thread; each worker number is used by one thread at a time, so per-worker state indexed
/// by it needs no lock), and emit(item) in input order (emit appends to out.buffer(); calls to
/// emit never overlap, so it needs no lock either). Items go to the workers in batches of
/// kBatchLines, and each batch's answers are emitted as soon as every earlier line's are: there is
/// no barrier between batches. `out` is flushed once kFlushBytes gathered, after the first
/// batches, when the input pauses, and at the end. Returns true once all input was answered;
/// false when the output failed (see Writer) or when interrupt_flag() stopped the run (then only
/// the fully answered prefix of the input was emitted). work() marks an item `interrupted` when
/// the interrupt cut its search short. After a read error the lines read before it are answered
/// and written, then UsageError is thrown; an exception from work or emit is rethrown.
bool run_batch(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
               const std::function<void(Item&)>& emit, Writer& out);

}  // namespace sudoku_app
