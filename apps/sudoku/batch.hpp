// The sudoku commands' use of the shared batch machinery (apps/common/): the names they use from
// it, and the start of solve's, count's and grade's work on a line.
//
// Reliability guarantees (tests/cli/reliability_*.sh check each): any bytes are accepted, memory is
// bounded whatever the input (a line over kMaxLineBytes that is not blank or a comment is answered
// as too long: no puzzle, even one spaced out generously, comes near that size), and SIGINT/SIGTERM
// writes the answers of the fully answered prefix of the input; see apps/common/line_reader.hpp
// and apps/common/run_batch.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "apps/common/interrupt.hpp"
#include "apps/common/line_reader.hpp"
#include "apps/common/run_batch.hpp"
#include "apps/common/thread_pool.hpp"
#include "apps/common/writer.hpp"
#include "problems/sudoku/sudoku.hpp"

namespace sudoku_app {

using apps_common::interrupt_flag;
using apps_common::Interrupt;
using apps_common::interrupt_signal;
using apps_common::interrupted_status;
using apps_common::Item;
using apps_common::kMaxLineBytes;
using apps_common::LineReader;
using apps_common::parallel_for;
using apps_common::run_batch;
using apps_common::Writer;

/// The reason given for a line longer than kMaxLineBytes that is not blank or a comment.
std::string overlong_reason();

/// The start of solve's, count's and grade's work on a line: an over-long line, or one that parse_line()
/// finds invalid, is answered here ("invalid: REASON (WHERE)", outcome `invalid`); a blank or
/// comment line gets outcome `skipped` and no answer; any other line gives its puzzle.
std::optional<problems::sudoku::Puzzle> puzzle_of(Item& it, const LineReader& in, std::uint8_t skipped,
                                                  std::uint8_t invalid);

}  // namespace sudoku_app
