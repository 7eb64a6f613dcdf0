#include "apps/common/run_batch.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "apps/common/interrupt.hpp"
#include "apps/common/errors.hpp"

namespace apps_common {

namespace {

// The streaming machinery behind run_batch (see run_batch.hpp for the contract). There are no
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
    if (!in_.error().empty()) throw InputError(in_.error());
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

}  // namespace apps_common
