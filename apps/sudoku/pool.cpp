#include "pool.hpp"

#include <algorithm>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "csp/kernel/log.hpp"

namespace sudoku_app {

SolverPool::SolverPool(unsigned workers, csp::RuleSet rules, csp::SearchOptions options)
    : rules_(std::move(rules)), options_(std::move(options)), slots_(std::max(workers, 1U)) {}

SolverPool::Slot& SolverPool::get(unsigned worker, int box) {
  if (box < 2 || box > 5) throw std::invalid_argument("unsupported box side " + std::to_string(box));
  std::unique_ptr<Slot>& s = slots_[worker][static_cast<std::size_t>(box)];
  if (!s) {
    s = std::make_unique<Slot>(box, rules_, options_);
    csp::log().debug("worker {}: built the {}x{} model ({} propagators)", worker, box * box, box * box,
                     s->model.model().propagator_count());
  }
  return *s;
}

SolverPool::Totals SolverPool::totals() const {
  Totals t;
  for (const auto& worker : slots_) {
    for (const auto& slot : worker) {
      if (!slot || slot->searches == 0) continue;
      t.searches += slot->searches;
      t.nodes += slot->stats.nodes;
      t.failures += slot->stats.failures;
      t.propagations += slot->stats.propagations;
      // Counter ids are per model; names are what models of different sizes share.
      const std::vector<std::string>& names = slot->model.model().counter_names();
      for (std::size_t i = 0; i < names.size() && i < slot->stats.counters.size(); ++i) {
        auto it = std::find_if(t.counters.begin(), t.counters.end(), [&](const auto& c) { return c.first == names[i]; });
        if (it == t.counters.end()) t.counters.emplace_back(names[i], slot->stats.counters[i]);
        else it->second += slot->stats.counters[i];
      }
    }
  }
  return t;
}

void print_summary_line(std::FILE* to, const std::vector<std::pair<std::string, std::uint64_t>>& outcomes,
                        std::uint64_t puzzles, double seconds, const SolverPool::Totals& t) {
  std::string line = std::to_string(puzzles) + " puzzles: ";
  for (std::size_t i = 0; i < outcomes.size(); ++i)
    line += (i > 0 ? ", " : "") + std::to_string(outcomes[i].second) + " " + outcomes[i].first;
  std::fprintf(to, "%s; %.3f s, %.0f puzzles/s, %.2f mean nodes\n", line.c_str(), seconds,
               seconds > 0 ? static_cast<double>(puzzles) / seconds : 0.0,
               t.searches > 0 ? static_cast<double>(t.nodes) / static_cast<double>(t.searches) : 0.0);
}

void print_summary(std::FILE* to, const std::vector<std::pair<std::string, std::uint64_t>>& outcomes,
                   std::uint64_t puzzles, double seconds, const SolverPool::Totals& t) {
  std::fprintf(to, "puzzles: %llu\n", static_cast<unsigned long long>(puzzles));
  for (const auto& [name, n] : outcomes) std::fprintf(to, "%s: %llu\n", name.c_str(), static_cast<unsigned long long>(n));
  std::fprintf(to, "seconds: %.3f\n", seconds);
  std::fprintf(to, "puzzles/s: %.1f\n", seconds > 0 ? static_cast<double>(puzzles) / seconds : 0.0);
  const double searched = t.searches > 0 ? static_cast<double>(t.searches) : 1.0;
  std::fprintf(to, "mean nodes: %.2f\n", static_cast<double>(t.nodes) / searched);
  std::fprintf(to, "mean failures: %.2f\n", static_cast<double>(t.failures) / searched);
  std::fprintf(to, "mean propagations: %.1f\n", static_cast<double>(t.propagations) / searched);
  // Rules register "<rule>" (firings) and "<rule>.removals": print them as one line per rule.
  const std::string suffix = ".removals";
  auto find = [&](const std::string& name) {
    return std::find_if(t.counters.begin(), t.counters.end(), [&](const auto& c) { return c.first == name; });
  };
  for (const auto& [name, n] : t.counters) {
    const bool is_removals = name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    if (is_removals && find(name.substr(0, name.size() - suffix.size())) != t.counters.end()) continue;
    auto removals = find(name + suffix);
    if (removals != t.counters.end())
      std::fprintf(to, "%s: %llu firings, %llu removals\n", name.c_str(), static_cast<unsigned long long>(n),
                   static_cast<unsigned long long>(removals->second));
    else
      std::fprintf(to, "%s: %llu\n", name.c_str(), static_cast<unsigned long long>(n));
  }
}

}  // namespace sudoku_app
