#include "apps/common/line_reader.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

#include "apps/common/interrupt.hpp"
#include "apps/common/errors.hpp"

namespace apps_common {

namespace {

constexpr std::size_t kReadBytes = std::size_t{1} << 16;
// How long a read from a pipe or terminal waits before it looks at the interrupt flag again.
constexpr int kPollMillis = 100;

std::string errno_text(int err) { return std::strerror(err); }

// What an over-long line turns out to be, decided byte by byte as it streams past, the way
// parse_line would decide it on the whole line: the first character that is not a space or tab
// says; a '\r' counts only if it is not the line's last byte (parse_line drops a final '\r').
enum class Lead : std::uint8_t { blank, pending_cr, comment, content };

Lead step(Lead lead, char c) {
  switch (lead) {
    case Lead::blank:
      if (c == ' ' || c == '\t') return Lead::blank;
      if (c == '\r') return Lead::pending_cr;
      return c == '#' ? Lead::comment : Lead::content;
    case Lead::pending_cr: return Lead::content;  // the '\r' was not the last byte
    default: return lead;
  }
}

}  // namespace

LineReader::LineReader(std::vector<std::string> files, std::size_t max_line_bytes)
    : names_(std::move(files)), max_line_(max_line_bytes) {
  if (names_.empty()) names_.push_back("-");
  for (const std::string& name : names_) {
    if (name == "-") continue;
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait here for a writer.
    const int fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw InputError(name + ": cannot open: " + errno_text(errno));
    struct stat st {};
    const bool directory = ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    ::close(fd);
    if (directory) throw InputError(name + ": is a directory");
  }
}

LineReader::~LineReader() { close_current(); }

std::string LineReader::display_name(std::size_t i) const {
  return names_[i] == "-" ? std::string("standard input") : names_[i];
}

void LineReader::close_current() {
  if (fd_ >= 0 && names_[current_] != "-") ::close(fd_);  // standard input stays open
  fd_ = -1;
  pos_ = end_ = 0;
}

bool LineReader::open_next() {
  if (current_ >= names_.size()) return false;
  number_ = 0;
  pos_ = end_ = 0;
  if (buf_.empty()) buf_.resize(kReadBytes);
  const std::string& name = names_[current_];
  const int fd = name == "-" ? 0 : ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) {
    // Checked in the constructor, so the file went away since (or standard input is closed).
    error_ = display_name(current_) + ": read error: " + errno_text(errno);
    if (fd > 0) ::close(fd);
    return false;
  }
  fd_ = fd;
  regular_ = S_ISREG(st.st_mode);
  return true;
}

LineReader::Fill LineReader::fill() {
  for (;;) {
    if (interrupt_flag().load(std::memory_order_relaxed)) return Fill::interrupted;
    if (!regular_) {
      // A pipe or terminal may have nothing to give for a long time: wait in slices, so that an
      // interrupt is seen within kPollMillis even if it came just before read() would block.
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::poll(&p, 1, kPollMillis);
      if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
    }
    const ssize_t n = ::read(fd_, buf_.data(), buf_.size());
    if (n > 0) {
      pos_ = 0;
      end_ = static_cast<std::size_t>(n);
      return Fill::data;
    }
    if (n == 0) return Fill::end;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking descriptor we inherited
      regular_ = false;                             // wait with poll() from now on
      continue;
    }
    error_ = display_name(current_) + ": read error: " + errno_text(errno);
    return Fill::error;
  }
}

bool LineReader::read_line(std::string& line, bool& overlong) {
  line.clear();
  overlong = false;
  bool any = false;  // a byte of this line was seen: a last line without '\n' still counts
  bool cut = false;  // the line passed the limit
  Lead lead = Lead::blank;
  auto finish = [&] {
    if (cut) overlong = lead == Lead::content;  // blank or comment: the kept start says so too
    return true;
  };
  for (;;) {
    if (pos_ == end_) {
      const Fill f = fill();
      if (f == Fill::data) continue;
      if (f == Fill::end && any) return finish();
      return false;  // end of file; or interrupted or failed, dropping the incomplete line
    }
    const char* start = buf_.data() + pos_;
    const auto* nl = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
    std::size_t len = nl != nullptr ? static_cast<std::size_t>(nl - start) : end_ - pos_;
    pos_ += len + (nl != nullptr ? 1 : 0);
    any = true;
    if (!cut) {
      const std::size_t room = max_line_ - line.size();
      if (len <= room) {
        line.append(start, len);
        len = 0;
      } else {
        line.append(start, room);
        start += room;
        len -= room;
        cut = true;
        for (char c : line) lead = step(lead, c);
      }
    }
    for (std::size_t i = 0; i < len && lead != Lead::content; ++i) lead = step(lead, start[i]);
    if (nl != nullptr) return finish();
  }
}

bool LineReader::next(Line& it) {
  for (;;) {
    if (!error_.empty() || interrupt_flag().load(std::memory_order_relaxed)) return false;
    if (fd_ < 0 && !open_next()) return false;
    if (read_line(it.line, it.overlong)) {
      it.file = static_cast<std::uint32_t>(current_);
      it.number = ++number_;
      return true;
    }
    if (!error_.empty() || interrupt_flag().load(std::memory_order_relaxed)) return false;
    close_current();
    ++current_;
  }
}

bool LineReader::next(std::string& line, std::uint32_t& file, std::uint64_t& number) {
  Line it;
  it.line = std::move(line);
  const bool got = next(it);
  line = std::move(it.line);
  if (!error_.empty()) throw InputError(error_);
  file = it.file;
  number = it.number;
  return got;
}

bool LineReader::would_block() {
  if (pos_ < end_ || fd_ < 0 || regular_) return false;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) == 0;
}

std::string LineReader::where(std::uint32_t file, std::uint64_t number) const {
  std::string w = "line " + std::to_string(number);
  if (names_.size() > 1) w += " of " + display_name(file);
  return w;
}

std::vector<std::string> read_lines(const std::string& path) {
  // No limit on a line's length: the caller wants the whole input.
  LineReader in({path}, SIZE_MAX);
  std::vector<std::string> lines;
  std::string line;
  std::uint32_t file = 0;
  std::uint64_t number = 0;
  while (in.next(line, file, number)) lines.push_back(line);
  return lines;
}

}  // namespace apps_common
