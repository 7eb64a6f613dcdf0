// Many input lines answered in parallel and written in input order: streamed input, work in small
// batches, output through a bounded reorder window and one buffered writer.
//
// The input is read a batch at a time (kBatchLines lines, fewer when the lines are long or the
// input pauses) by whichever worker needs work; the answers go through the reorder window and are
// written in input order, several batches with one fwrite. The output is therefore byte-identical
// whatever the number of threads. The first batches are small (the first answers appear at once,
// and a closed output pipe is noticed after a few lines), and a batch also ends early when more
// input is not ready yet (a terminal or a slow pipe gets its answers without waiting for more
// lines); neither changes the bytes written.
//
// With an Interrupt installed, SIGINT/SIGTERM stops the reading, work in progress stops (the work
// function hands interrupt_flag() to its searches), and the answers of the longest contiguous
// prefix of the input that was fully answered are written; nothing after the first unanswered line is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "apps/common/line_reader.hpp"
#include "apps/common/writer.hpp"

namespace apps_common {

/// One input line and its answer.
struct Item : Line {
  std::string out;           ///< the answer to print, with its '\n' (empty: nothing)
  std::uint8_t outcome = 0;  ///< the command's own classification
  bool interrupted = false;  ///< set by the work function when an interrupt cut its work short
  bool done = false;         ///< worked on, and not interrupted: the answer may be written
};

/// Lines a worker takes from the input at a time (the first two batches are smaller, see
/// run_batch): small enough to share out evenly at the end of a run, large enough that the locks
/// taken per batch cost nothing next to the work.
constexpr std::size_t kBatchLines = 16;
/// A batch also ends once its lines hold this many bytes (one over-long line is a batch).
constexpr std::size_t kBatchBytes = std::size_t{1} << 20;
/// The reorder window: batches read but not yet written, at most this many (or 4 per thread when
/// that is more) and, past the first of them, at most kWindowBytes bytes of lines. A reader waits
/// for room, so memory stays bounded however long one line holds the output back.
constexpr std::size_t kWindowBatches = 64;
constexpr std::size_t kWindowBytes = std::size_t{8} << 20;
/// Answers are written once this many bytes gathered (and sooner, see run_batch).
constexpr std::size_t kFlushBytes = std::size_t{32} << 10;

/// Reads every line of `in`, runs work(worker, item) on `threads` workers (worker 0 is the
/// calling thread; each worker number is used by one thread at a time, so per-worker state indexed
/// by it needs no lock), and emit(item) in input order (emit appends to out.buffer(); calls to
/// emit never overlap, so it needs no lock either). Items go to the workers in batches of
/// kBatchLines, and each batch's answers are emitted as soon as every earlier line's are: there is
/// no barrier between batches. `out` is flushed once kFlushBytes gathered, after the first
/// batches, when the input pauses, and at the end. Returns true once all input was answered;
/// false when the output failed (see Writer) or when interrupt_flag() stopped the run (then only
/// the fully answered prefix of the input was emitted). work() marks an item `interrupted` when
/// the interrupt cut its work short. After a read error the lines read before it are answered
/// and written, then InputError is thrown; an exception from work or emit is rethrown.
bool run_batch(LineReader& in, unsigned threads, const std::function<void(unsigned, Item&)>& work,
               const std::function<void(Item&)>& emit, Writer& out);

}  // namespace apps_common
