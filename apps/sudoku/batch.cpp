#include "batch.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <condition_variable>
#include <exception>
#include <memory>
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

namespace {

// The streaming machinery behind run_batch (see batch.hpp for the contract). There are no
// dedicated reader or writer threads: each worker in turn takes the reader's role (reading_) to
// fill a batch, works on it, and hands it back; whoever hands back the oldest
// unwritten batch takes the writer's role and emits every finished batch from there on, in input
// order. So there is no barrier: a worker never waits for another one's puzzle unless the reorder
// window is full, and with one thread this is the plain loop read, work, write.
class Stream {
 public:
  Stream(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
         const std::function<void(Item&)>& emit, Writer& out)
      : in_(in),
        threads_(threads),
        window_(std::max<std::size_t>(kWindowBatches, std::size_t{4} * threads)),
        work_(work),
        emit_(emit),
        out_(out),
        slots_(window_) {}

  // Runs the workers to the end of the input (or to a stop) and returns run_batch's result.
  bool run() {
    worker(0);
    {
      // Worker 0 returns at the end of the input, or when it threw: either way no thread may
      // start from now on (only a reader starts them, and none comes after input_over_).
      std::unique_lock<std::mutex> lock(mutex_);
      space_.wait(lock, [&] { return !reading_; });
      input_over_ = true;
    }
    for (std::thread& t : pool_) t.join();
    if (error_) std::rethrow_exception(error_);
    if (!out_.flush()) return false;  // the last answers (and a failure earlier on)
    if (halted_) return false;        // interrupted: the answered prefix is written
    if (!in_.error().empty()) throw UsageError(in_.error());
    return !interrupt_flag().load();
  }

 private:
  struct Batch {
    std::vector<Item> items = std::vector<Item>(kBatchLines);
    std::size_t size = 0;       // items in use
    std::size_t bytes = 0;      // the bytes of their lines
    std::uint64_t seq = 0;      // the batch's place in the input
    bool flush = false;         // write its answers out at once (see next_batch)
    bool finished = false;      // worked on: the writer may take it
  };

  void worker(unsigned w) {
    try {
      while (Batch* b = next_batch()) {
        for (std::size_t i = 0; i < b->size; ++i) {
          Item& it = b->items[i];
          if (stopping()) break;  // interrupted before it started: not done
          work_(w, it);
          it.done = !it.interrupted;
        }
        finish(b);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
      failed_ = true;
      space_.notify_all();
    }
  }

  bool stopping() const {
    return failed_.load(std::memory_order_relaxed) || interrupt_flag().load(std::memory_order_relaxed);
  }

  // The reader's role: the next batch of lines, or null once the input is over (or the run
  // stopped). Waits for the role, and while the reorder window is full (in batches or in bytes,
  // so that memory stays bounded however far one slow puzzle holds the writer back). The wait is
  // on a condition variable, not a mutex held across a read that may wait for input: a signal
  // caught by a waiting thread must not be held up (ThreadSanitizer defers a handler until the
  // thread leaves a mutex wait, but runs it during a condition variable wait).
  Batch* next_batch() {
    Batch* b = nullptr;
    std::uint64_t seq = 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      space_.wait(lock, [&] {
        if (failed_ || input_over_) return true;
        const bool room = next_read_ - next_write_ < window_ &&
                          (in_flight_bytes_ < kWindowBytes || next_read_ == next_write_);
        return !reading_ && room;
      });
      if (failed_ || input_over_) {
        input_over_ = true;
        return nullptr;
      }
      reading_ = true;
      if (free_.empty()) {
        batches_.push_back(std::make_unique<Batch>());
        free_.push_back(batches_.back().get());
      }
      b = free_.back();
      free_.pop_back();
      seq = next_read_;
    }
    // The first batches are small (4, 8 lines), so the first answers come at once and a closed
    // output pipe is seen after a few puzzles; then kBatchLines.
    const std::size_t lines = seq < 2 ? std::size_t{4} << seq : kBatchLines;
    b->size = b->bytes = 0;
    b->flush = seq < 3;
    bool over = false;
    while (b->size < lines && b->bytes < kBatchBytes) {
      // Input that is not ready yet: answer what has come so far rather than wait.
      if (b->size > 0 && in_.would_block()) break;
      Item& it = b->items[b->size];
      if (!in_.next(it)) {
        over = true;
        break;
      }
      b->bytes += it.line.size();
      it.out.clear();
      it.outcome = 0;
      it.interrupted = false;
      it.done = false;
      ++b->size;
    }
    // Input that paused (a terminal, a slow pipe): these answers go out as soon as they are
    // written, rather than once kFlushBytes of answers have gathered.
    if (b->size > 0 && !over && in_.would_block()) b->flush = true;
    // One more worker per batch read, up to the number asked for: a short input starts no more
    // threads than it has batches. Only the reader starts threads, so pool_ needs no lock.
    if (b->size > 0 && !over && pool_.size() + 1 < threads_) {
      try {
        pool_.emplace_back([this, w = static_cast<unsigned>(pool_.size() + 1)] { worker(w); });
      } catch (const std::system_error&) {
        threads_ = static_cast<unsigned>(pool_.size() + 1);  // out of threads: go on with these
      }
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    reading_ = false;
    input_over_ = input_over_ || over;
    space_.notify_all();
    if (b->size == 0) {
      free_.push_back(b);
      return nullptr;
    }
    b->seq = next_read_++;
    b->finished = false;
    slots_[b->seq % window_] = b;
    in_flight_bytes_ += b->bytes;
    return b;
  }

  // Hands back a worked batch; the worker that hands back the oldest unwritten one becomes the
  // writer and emits, in order, every finished batch from there (batches finished meanwhile by
  // others included), outside mutex_ so that the others go on working and reading.
  void finish(Batch* b) {
    std::vector<Batch*> ready;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      b->finished = true;
      if (writing_) return;  // the writer at work will see it
      writing_ = true;
    }
    for (;;) {
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        for (std::uint64_t s = next_write_ + ready.size(); s < next_read_; ++s) {
          Batch* next = slots_[s % window_];
          if (!next->finished) break;
          ready.push_back(next);
        }
        if (ready.empty()) {
          writing_ = false;
          return;
        }
      }
      bool flush = false;
      for (Batch* r : ready) {
        if (!halted_) emit(*r);
        flush |= r->flush;
      }
      // Several batches' answers go out with one write; a batch that asked for it (the first
      // ones, or input that paused) goes out at once.
      if (!halted_ && (flush || out_.buffer().size() >= kFlushBytes) && !out_.flush()) halted_ = true;
      const std::lock_guard<std::mutex> lock(mutex_);
      for (Batch* r : ready) {
        in_flight_bytes_ -= r->bytes;
        free_.push_back(r);
      }
      next_write_ += ready.size();
      ready.clear();
      if (halted_) failed_ = true;  // interrupted or the output failed: nothing more is written
      space_.notify_all();
    }
  }

  // Only a contiguous prefix is written: an answer after an unanswered puzzle would make the
  // output's lines no longer match the input's.
  void emit(Batch& b) {
    for (std::size_t i = 0; i < b.size; ++i) {
      Item& it = b.items[i];
      if (!it.done) {
        halted_ = true;
        return;
      }
      emit_(it);
      // Give back the memory of long lines and answers rather than keep it for the rest of the
      // run (each item could otherwise keep a line of up to a megabyte).
      if (it.line.capacity() > 4096) std::string().swap(it.line);
      if (it.out.capacity() > 4096) std::string().swap(it.out);
    }
  }

  LineReader& in_;
  unsigned threads_;
  const std::size_t window_;  // batches between the oldest unwritten one and the next read
  const std::function<void(unsigned, Item&)>& work_;
  const std::function<void(Item&)>& emit_;
  Writer& out_;

  std::vector<std::thread> pool_;  // the reader's (one at a time, see reading_)

  std::mutex mutex_;  // everything below but halted_ (the writer's alone)
  std::condition_variable space_;  // the reader's role or the window is free again, or the run failed
  bool reading_ = false;     // a worker has the reader's role: in_ and pool_ are its alone
  bool input_over_ = false;  // no batch comes after this (end of input, error or stop)
  std::vector<Batch*> slots_;      // batch seq sits at seq % window_ while in flight
  std::vector<std::unique_ptr<Batch>> batches_;
  std::vector<Batch*> free_;
  std::uint64_t next_read_ = 0, next_write_ = 0;
  std::size_t in_flight_bytes_ = 0;
  bool writing_ = false;            // a worker has the writer's role
  std::atomic<bool> failed_{false};  // stop reading and working: interrupted, output failed or threw
  std::exception_ptr error_;

  bool halted_ = false;  // the writer met an unanswered puzzle or a failed output: write no more
};

}  // namespace

bool run_batch(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
               const std::function<void(Item&)>& emit, Writer& out) {
  return Stream(in, std::max(threads, 1U), work, emit, out).run();
}

}  // namespace sudoku_app
