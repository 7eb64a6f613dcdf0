#include "problems/sudoku/generate.hpp"

#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace problems::sudoku {
namespace {

// SplitMix64's finaliser: spreads (seed, index) into well-mixed, independent generator seeds, so
// neighbouring seeds or indices do not give correlated streams.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The uniqueness checks dominate the cost; the solve command's default configuration is the
// fastest one we have for that.
const csp::RuleSet& checking_rules() {
  static const csp::RuleSet rules = csp::parse_rules("singles");
  return rules;
}

csp::SearchOptions checking_options() {
  csp::SearchOptions o;
  o.order = csp::order::by_name(kDefaultOrder);
  o.values = csp::values::ascending();
  o.inference = csp::Inference::mac;
  return o;
}

void check_box(int box) {
  if (box < 2 || box > 4)
    throw std::invalid_argument("puzzle generation supports sizes 4, 9 and 16 (box side 2..4), not box side " +
                                std::to_string(box));
}

}  // namespace

struct Generator::Impl {
  explicit Impl(int box) : model(box, checking_rules()), counter(model.model(), checking_options()) {}
  SudokuModel model;
  csp::Solver counter;  // reused for every uniqueness check of every puzzle
};

Generator::Generator(int box, std::uint64_t seed) : box_(box), seed_(seed) {
  check_box(box);
  impl_ = std::make_unique<Impl>(box);
}

Generator::~Generator() = default;

Puzzle Generator::next() { return make(index_++); }

Puzzle Generator::make(std::uint64_t index) {
  const std::uint64_t puzzle_seed = mix(seed_ ^ mix(index));
  SudokuModel& m = impl_->model;
  const int n = m.side() * m.side();

  Puzzle p;
  p.box = box_;
  p.cells.assign(static_cast<std::size_t>(n), 0);

  // A random full grid: the empty grid solved with a seeded random value order. The solver is
  // built per puzzle because its value order's generator is seeded at construction.
  csp::SearchOptions grid_options = checking_options();
  grid_options.values = csp::values::random(puzzle_seed);
  csp::Solver grid_solver(m.model(), grid_options);
  csp::SearchResult full = grid_solver.solve(m.start(p));
  if (!full.found()) throw std::logic_error("generator: the empty grid has no solution");
  p.cells = m.values(full.solution);

  // Visit the cells in a random order (Fisher-Yates with our own index draws).
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(mix(puzzle_seed));
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng() % i]);

  for (int pos : order) {
    const auto k = static_cast<std::size_t>(pos);
    const int clue = p.cells[k];
    p.cells[k] = 0;
    csp::SearchResult r = impl_->counter.count(m.start(p), 2);
    if (r.stats.solutions != 1) p.cells[k] = clue;  // the clue is needed for uniqueness
  }
  return p;
}

std::uint64_t count_solutions(const Puzzle& p, std::uint64_t cap) {
  SudokuModel m(p.box, checking_rules());
  csp::Solver s(m.model(), checking_options());
  return s.count(m.start(p), cap).stats.solutions;
}

bool is_proper_and_minimal(const Puzzle& p) {
  SudokuModel m(p.box, checking_rules());
  csp::Solver s(m.model(), checking_options());
  if (s.count(m.start(p), 2).stats.solutions != 1) return false;
  Puzzle q = p;
  for (int& cell : q.cells) {
    if (cell == 0) continue;
    const int clue = cell;
    cell = 0;
    const bool still_unique = s.count(m.start(q), 2).stats.solutions == 1;
    cell = clue;
    if (still_unique) return false;  // this clue is redundant
  }
  return true;
}

}  // namespace problems::sudoku
