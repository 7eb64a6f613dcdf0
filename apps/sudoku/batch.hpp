// Batch machinery for commands that answer many puzzle lines: streamed input, chunked parallel
// work, and output in input order through one buffered writer.
//
// The input is read a chunk at a time (at most kChunkLines lines or about kChunkBytes bytes, so
// neither many lines nor one huge line is held for long), the chunk's items are shared out to the
// worker threads, and the answers are then written in input order with one fwrite. The output is
// therefore byte-identical whatever the number of threads.
#pragma once

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace sudoku_app {

/// Reads lines from a list of files in turn ("-" or no file at all: standard input).
class LineReader {
 public:
  /// Checks every file up front (exists, is not a directory, can be opened) so that a usage
  /// error is reported before any output; throws UsageError.
  explicit LineReader(std::vector<std::string> files);

  /// The next line (without '\n') and where it came from; false once every file is read.
  /// Throws UsageError when a file cannot be read.
  bool next(std::string& line, std::uint32_t& file, std::uint64_t& number);
  /// "line 3", or "line 3 of a.txt" when there are several files.
  std::string where(std::uint32_t file, std::uint64_t number) const;

 private:
  bool open_next();
  std::string display_name(std::size_t i) const;

  std::vector<std::string> names_;
  std::size_t current_ = 0;  // index of the open file, names_.size() when done
  bool open_ = false;
  std::ifstream file_;
  std::istream* in_ = nullptr;
  std::uint64_t number_ = 0;
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

/// One input line and its answer.
struct Item {
  std::string line;
  std::uint32_t file = 0;
  std::uint64_t number = 0;  ///< 1-based line number in its file
  std::string out;           ///< the answer to print, with its '\n' (empty: nothing)
  std::uint8_t outcome = 0;  ///< the command's own classification
};

constexpr std::size_t kChunkLines = 4096;
constexpr std::size_t kChunkBytes = std::size_t{8} << 20;

/// Runs fn(worker, i) for i in [0, n) on `threads` workers (worker 0 is the calling thread; no
/// thread is started when threads is 1). Each worker number is used by one thread at a time, so
/// per-worker state indexed by it needs no lock. Rethrows the first exception a worker threw.
void parallel_for(std::size_t n, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn);

/// Reads every line of `in` in chunks, runs work(worker, item) in parallel, then emit(item) in
/// input order (emit appends to out.buffer()), flushing `out` after each chunk. Returns false when
/// the output failed (see Writer), true once all input was answered.
bool run_chunks(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
                const std::function<void(Item&)>& emit, Writer& out);

}  // namespace sudoku_app
