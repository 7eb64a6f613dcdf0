// Reading input lines from a list of files in turn ("-" or no file at all: standard input), with
// read(2) on the descriptor (no iostream), so that an interrupt (interrupt.hpp) can stop a read
// that waits for input.
//
// Any bytes are accepted: NUL bytes, invalid UTF-8, CRLF (the '\r' is kept), no final newline. A
// line is what ends with '\n' (or the end of a file). Memory is bounded whatever the input: a line
// longer than the reader's limit is not kept whole; only its start is held, and the rest is scanned
// as it streams past, just enough to know whether the line is blank or a '#' comment (then it
// counts as one) or not (then it is marked overlong).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace apps_common {

/// The default limit of a kept line: 1 MiB, over a thousand times the longest puzzle line
/// (25x25 = 625 cells).
constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

/// One input line and where it came from.
struct Line {
  std::string line;          ///< the text, without its '\n'
  std::uint32_t file = 0;    ///< index in the reader's file list
  std::uint64_t number = 0;  ///< 1-based line number in its file
  bool overlong = false;     ///< longer than the limit and not blank or a comment: `line` is its start
};

class LineReader {
 public:
  /// Checks every file up front (exists, is not a directory, can be opened) so that a missing
  /// or unreadable input is reported before any output; throws InputError ("F: cannot open:
  /// REASON", "F: is a directory"): bad input, exit_status::input. Lines longer than `max_line_bytes` are cut (see above).
  explicit LineReader(std::vector<std::string> files, std::size_t max_line_bytes = kMaxLineBytes);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  /// The next line and where it came from; false once every file is read (or interrupt_flag() is
  /// set). Throws InputError when a file cannot be read.
  bool next(std::string& line, std::uint32_t& file, std::uint64_t& number);
  /// The same into a Line (sets every field), but a read error ends the input instead of
  /// throwing: error() then describes it, so that the lines read before it can still be answered.
  bool next(Line& it);
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
  std::size_t max_line_;
  std::size_t current_ = 0;  // index of the open file, names_.size() when done
  int fd_ = -1;              // the open file's descriptor, -1 when none is open
  bool regular_ = false;     // the open file is a regular file: reads never wait
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;  // unread bytes are buf_[pos_, end_)
  std::uint64_t number_ = 0;
  std::string error_;
};

/// Every line of one file ("-": standard input), whole whatever their length; throws InputError
/// when it cannot be opened or read. For inputs read at once (a graph, a list of squares).
std::vector<std::string> read_lines(const std::string& path);

}  // namespace apps_common
