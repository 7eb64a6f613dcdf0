#include "batch.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include "csp/log.hpp"
#include "options.hpp"

namespace sudoku_app {

LineReader::LineReader(std::vector<std::string> files) : names_(std::move(files)) {
  if (names_.empty()) names_.push_back("-");
  for (const std::string& name : names_) {
    if (name == "-") continue;
    std::error_code ec;
    if (std::filesystem::is_directory(name, ec)) throw UsageError(name + ": is a directory");
    std::ifstream probe(name, std::ios::binary);
    if (!probe) throw UsageError(name + ": cannot open: " + std::strerror(errno));
  }
}

std::string LineReader::display_name(std::size_t i) const {
  return names_[i] == "-" ? std::string("standard input") : names_[i];
}

bool LineReader::open_next() {
  while (current_ < names_.size()) {
    number_ = 0;
    if (names_[current_] == "-") {
      in_ = &std::cin;
    } else {
      file_.close();
      file_.clear();
      file_.open(names_[current_], std::ios::binary);
      if (!file_) throw UsageError(names_[current_] + ": cannot open: " + std::strerror(errno));
      in_ = &file_;
    }
    open_ = true;
    return true;
  }
  return false;
}

bool LineReader::next(std::string& line, std::uint32_t& file, std::uint64_t& number) {
  for (;;) {
    if (!open_ && !open_next()) return false;
    if (std::getline(*in_, line)) {
      file = static_cast<std::uint32_t>(current_);
      number = ++number_;
      return true;
    }
    if (in_->bad()) throw UsageError(display_name(current_) + ": read error");
    open_ = false;
    ++current_;
  }
}

std::string LineReader::where(std::uint32_t file, std::uint64_t number) const {
  std::string w = "line " + std::to_string(number);
  if (names_.size() > 1) w += " of " + display_name(file);
  return w;
}

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
  for (unsigned w = 1; w < workers; ++w) pool.emplace_back(loop, w);
  loop(0);
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

bool run_chunks(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
                const std::function<void(Item&)>& emit, Writer& out) {
  std::vector<Item> items(kChunkLines);
  for (bool more = true; more;) {
    std::size_t n = 0;
    std::size_t bytes = 0;
    while (n < kChunkLines && bytes < kChunkBytes) {
      Item& it = items[n];
      if (!in.next(it.line, it.file, it.number)) {
        more = false;
        break;
      }
      bytes += it.line.size();
      it.out.clear();
      it.outcome = 0;
      ++n;
    }
    csp::log().debug("chunk of {} lines ({} bytes) on {} threads", n, bytes, std::min<std::size_t>(threads, n));
    parallel_for(n, threads, [&](unsigned w, std::size_t i) { work(w, items[i]); });
    for (std::size_t i = 0; i < n; ++i) emit(items[i]);
    if (!out.flush()) return false;
    // Give back the memory of a huge line rather than keep it for the rest of the run.
    for (std::size_t i = 0; i < n; ++i)
      if (items[i].line.capacity() > (std::size_t{1} << 16)) std::string().swap(items[i].line);
  }
  return true;
}

}  // namespace sudoku_app
