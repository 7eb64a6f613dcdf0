// sudoku generate: proper, minimal puzzles, one per line, reproducible for a seed.
#include <algorithm>
#include <memory>

#include "batch.hpp"
#include "commands.hpp"
#include "problems/sudoku/generate.hpp"

namespace sudoku_app {

namespace sd = problems::sudoku;

int run_generate(const GenerateCommand& c) {
  const int box = c.size == 4 ? 2 : c.size == 16 ? 4 : 3;
  BatchConfig threads_only;
  threads_only.threads = c.threads;
  const unsigned threads = threads_only.thread_count();
  // Puzzle i depends only on (seed, i), so workers can make any of them: one generator per worker,
  // built on first use (each holds a model and a solver).
  std::vector<std::unique_ptr<sd::Generator>> generators(threads);
  Writer out(stdout);
  // Small chunks: each puzzle takes milliseconds, and output should appear as it is made.
  const std::uint64_t chunk = std::max<std::uint64_t>(1, threads) * 4;
  std::vector<std::string> lines(chunk);
  for (std::uint64_t first = 0; first < c.count; first += chunk) {
    const std::uint64_t n = std::min(chunk, c.count - first);
    parallel_for(n, threads, [&](unsigned w, std::size_t i) {
      if (!generators[w]) generators[w] = std::make_unique<sd::Generator>(box, c.seed);
      const sd::Puzzle p = generators[w]->make(first + i);
      lines[i] = sd::format_line(p.cells, p) + "\n";
    });
    for (std::uint64_t i = 0; i < n; ++i) out.buffer() += lines[i];
    if (!out.flush()) return output_failed(out, Exit::ok);
  }
  return Exit::ok;
}

}  // namespace sudoku_app
