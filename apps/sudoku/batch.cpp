#include "batch.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "commands.hpp"
#include "csp/log.hpp"
#include "options.hpp"

namespace sudoku_app {

std::string overlong_reason() {
  return "line longer than " + std::to_string(kMaxLineBytes) + " bytes: not a puzzle";
}

// --- Interrupt ---------------------------------------------------------------------------------

namespace {

// Only lock-free atomics may be touched in a signal handler.
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_interrupted.store(true);
}

// Installs the handler unless the signal was ignored when we started: `nohup` and the background
// jobs of a non-interactive shell ignore SIGINT on purpose, and a program should keep it so.
void install(int sig, struct sigaction& old) {
  if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) return;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  // SA_RESTART: a write or read under way is resumed, not failed with EINTR (reads that could
  // wait forever are polled with a timeout instead, see LineReader::fill). SA_RESETHAND: the
  // handler runs once, so a second signal ends the process at once.
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(sig, &sa, nullptr);
}

}  // namespace

Interrupt::Interrupt() {
  install(SIGINT, old_int_);
  install(SIGTERM, old_term_);
}

Interrupt::~Interrupt() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }
int interrupt_signal() { return g_signal.load(); }
int interrupted_status() { return 128 + interrupt_signal(); }

// --- LineReader --------------------------------------------------------------------------------

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

LineReader::LineReader(std::vector<std::string> files) : names_(std::move(files)) {
  if (names_.empty()) names_.push_back("-");
  for (const std::string& name : names_) {
    if (name == "-") continue;
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait here for a writer.
    const int fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw UsageError(name + ": cannot open: " + errno_text(errno));
    struct stat st {};
    const bool directory = ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    ::close(fd);
    if (directory) throw UsageError(name + ": is a directory");
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
    if (g_interrupted.load(std::memory_order_relaxed)) return Fill::interrupted;
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
  bool cut = false;  // the line passed kMaxLineBytes
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
      const std::size_t room = kMaxLineBytes - line.size();
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

bool LineReader::next(Item& it) {
  for (;;) {
    if (!error_.empty() || g_interrupted.load(std::memory_order_relaxed)) return false;
    if (fd_ < 0 && !open_next()) return false;
    if (read_line(it.line, it.overlong)) {
      it.file = static_cast<std::uint32_t>(current_);
      it.number = ++number_;
      return true;
    }
    if (!error_.empty() || g_interrupted.load(std::memory_order_relaxed)) return false;
    close_current();
    ++current_;
  }
}

bool LineReader::next(std::string& line, std::uint32_t& file, std::uint64_t& number) {
  Item it;
  it.line = std::move(line);
  const bool got = next(it);
  line = std::move(it.line);
  if (!error_.empty()) throw UsageError(error_);
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

std::optional<problems::sudoku::Puzzle> puzzle_of(Item& it, const LineReader& in, std::uint8_t skipped,
                                                  std::uint8_t invalid) {
  namespace sd = problems::sudoku;
  if (it.overlong) {
    it.outcome = invalid;
    it.out = invalid_line(overlong_reason(), in.where(it.file, it.number));
    return std::nullopt;
  }
  sd::ParsedLine parsed = sd::parse_line(it.line);
  if (parsed.kind == sd::ParsedLine::Kind::skip) {
    it.outcome = skipped;
    return std::nullopt;
  }
  if (parsed.kind == sd::ParsedLine::Kind::invalid) {
    it.outcome = invalid;
    it.out = invalid_line(parsed.reason, in.where(it.file, it.number));
    return std::nullopt;
  }
  return std::move(parsed.puzzle);
}

// --- Writer ------------------------------------------------------------------------------------

bool Writer::flush() {
  if (pipe_closed_ || !error_.empty()) return false;
  if (!buf_.empty()) {
    errno = 0;
    const std::size_t n = std::fwrite(buf_.data(), 1, buf_.size(), out_);
    const bool short_write = n != buf_.size();
    buf_.clear();
    if (short_write || std::fflush(out_) != 0) {
      if (errno == EPIPE) pipe_closed_ = true;
      else error_ = std::string("write error: ") + std::strerror(errno != 0 ? errno : EIO);
      return false;
    }
  }
  return true;
}

// --- parallel work -----------------------------------------------------------------------------

void parallel_for(std::size_t n, unsigned threads, const std::function<void(unsigned, std::size_t)>& fn) {
  const std::size_t workers = std::min<std::size_t>(threads, n);
  if (workers <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(0, i);
    return;
  }
  // Items are handed out one at a time: puzzle difficulty varies a lot, and an atomic increment
  // is cheap next to even the easiest solve.
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto loop = [&](unsigned w) {
    try {
      while (!stop.load(std::memory_order_relaxed)) {
        const std::size_t i = next.fetch_add(1);
        if (i >= n) break;
        fn(w, i);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) {
    try {
      pool.emplace_back(loop, w);
    } catch (const std::system_error&) {
      break;  // out of threads (ulimit -u, memory): the ones running share the work
    }
  }
  loop(0);
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

bool run_chunks(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
                const std::function<void(Item&)>& emit, Writer& out) {
  const std::atomic<bool>& stop = interrupt_flag();
  std::vector<Item> items;
  std::size_t chunk = kFirstChunkLines;
  for (bool more = true; more;) {
    if (items.size() < chunk) items.resize(chunk);
    std::size_t n = 0;
    std::size_t bytes = 0;
    while (n < chunk && bytes < kChunkBytes) {
      // Input that is not ready yet: answer what has come so far rather than wait.
      if (n > 0 && in.would_block()) break;
      Item& it = items[n];
      if (!in.next(it)) {
        more = false;
        break;
      }
      bytes += it.line.size();
      it.out.clear();
      it.outcome = 0;
      it.interrupted = false;
      it.done = false;
      ++n;
    }
    chunk = std::min(chunk * 2, kChunkLines);
    csp::log().debug("chunk of {} lines ({} bytes) on {} threads", n, bytes, std::min<std::size_t>(threads, n));
    parallel_for(n, threads, [&](unsigned w, std::size_t i) {
      Item& it = items[i];
      if (stop.load(std::memory_order_relaxed)) return;  // interrupted before it started: not done
      work(w, it);
      it.done = !it.interrupted;
    });
    // Only a contiguous prefix is written: an answer after an unanswered puzzle would make the
    // output's lines no longer match the input's.
    std::size_t answered = 0;
    while (answered < n && items[answered].done) emit(items[answered++]);
    const bool flushed = out.flush();
    // Give back the memory of long lines and answers rather than keep it for the rest of the run
    // (each of the 4096 items could otherwise keep a line of up to a megabyte).
    for (std::size_t i = 0; i < n; ++i) {
      if (items[i].line.capacity() > 4096) std::string().swap(items[i].line);
      if (items[i].out.capacity() > 4096) std::string().swap(items[i].out);
    }
    if (!flushed) return false;
    if (answered < n) return false;  // interrupted
  }
  if (!in.error().empty()) throw UsageError(in.error());
  return !stop.load();
}

}  // namespace sudoku_app
