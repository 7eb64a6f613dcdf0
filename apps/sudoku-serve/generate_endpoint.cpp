// GET /api/generate?seed=S&size=9: a new puzzle, as `sudoku generate --seed S` prints it first.
#include "endpoints.hpp"

#include <algorithm>
#include <chrono>
#include <random>

#include "reply.hpp"
#include "request.hpp"

#include "problems/sudoku/generate.hpp"

namespace sudoku_web {

namespace sd = problems::sudoku;

json generate(const Query& query) {
  const GenerateRequest r = read_generate(query);
  // A fresh puzzle when no seed is given; the reply says which seed.
  const std::uint64_t seed = r.seed_given ? r.seed : std::random_device{}() % 1'000'000'000;
  const std::uint64_t size = r.size;
  const int box = size == 4 ? 2 : size == 9 ? 3 : 4;
  const auto started = std::chrono::steady_clock::now();
  sd::Generator g(box, seed);
  const sd::Puzzle p = g.make(0);  // puzzle 0 of the seed: `sudoku generate --seed S` prints it first
  const auto elapsed = std::chrono::steady_clock::now() - started;
  const auto clues = std::count_if(p.cells.begin(), p.cells.end(), [](int c) { return c != 0; });
  return json{{"puzzle", sd::format_line(p.cells, p)}, {"seed", seed}, {"size", size}, {"clues", clues},
              {"time_us", micros(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed))}};
}

}  // namespace sudoku_web
