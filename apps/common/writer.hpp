// Buffered output that notices a reader going away: the commands append to buffer() and flush()
// writes it with one fwrite. SIGPIPE must be ignored (each main does) so that a closed pipe shows
// as EPIPE here.
#pragma once

#include <cstdio>
#include <string>

namespace apps_common {

class Writer {
 public:
  explicit Writer(std::FILE* out) : out_(out) {}
  /// What is still to be written.
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

}  // namespace apps_common
