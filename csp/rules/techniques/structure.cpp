// Structure: reading and validating the groups, and indexing them for the finders.
#include "csp/rules/techniques/structure.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <stdexcept>

namespace csp::techniques {

Structure::Structure(const Domains& initial, const std::vector<Group>& groups) {
  static std::atomic<std::uint64_t> built{0};
  id_ = ++built;
  bool have_base = false;
  for (const Group& g : groups) {
    auto fail = [&](const std::string& why) { throw std::invalid_argument("group '" + g.name + "': " + why); };
    GroupInfo info;
    info.name = g.name;
    if (g.cells.empty()) fail("has no cells");
    if (g.cells.size() > 64) fail("has more than 64 cells");
    for (Var v : g.cells) {
      if (v.id < 0 || v.id >= initial.var_count()) fail("has a variable that is not in this model");
      if (!initial.single_word(v)) fail("a cell has a domain wider than 64 values");
      const Value b = initial.layout(v).base;
      if (!have_base) base_ = b, have_base = true;
      else if (b != base_) fail("cells do not share one value range (base)");
      const auto id = static_cast<std::size_t>(v.id);
      if (cell_of_.size() <= id) cell_of_.resize(id + 1, -1);
      if (cell_of_[id] < 0) {
        cell_of_[id] = static_cast<int>(vars_.size());
        vars_.push_back(v);
        word_.push_back(initial.layout(v).first_word);
      }
      const auto c = static_cast<Cell>(cell_of_[id]);
      if (std::find(info.cells.begin(), info.cells.end(), c) != info.cells.end()) fail("a cell appears twice");
      info.cells.push_back(c);
      info.words.push_back(word_[c]);
      info.values |= initial.bits(v);
    }
    const std::size_t k = g.cells.size();
    if (static_cast<std::size_t>(std::popcount(info.values)) != k)
      fail("is not exact: " + std::to_string(k) + " cells but their domains hold " +
           std::to_string(std::popcount(info.values)) + " values");
    groups_.push_back(std::move(info));
  }
  const std::size_t n = vars_.size();
  // Groups of each cell, and peers (as a bit matrix and as lists).
  std::vector<std::vector<std::uint32_t>> of(n);
  for (std::size_t g = 0; g < groups_.size(); ++g)
    for (Cell c : groups_[g].cells) of[c].push_back(static_cast<std::uint32_t>(g));
  stride_ = (n + 63) / 64;
  sees_.assign(n * stride_, 0);
  for (const GroupInfo& g : groups_)
    for (Cell a : g.cells)
      for (Cell b : g.cells)
        if (a != b) sees_[a * stride_ + b / 64] |= std::uint64_t{1} << (b % 64);
  for (Cell c = 0; c < n; ++c) {
    groups_of_start_.push_back(static_cast<std::uint32_t>(groups_of_.size()));
    groups_of_.insert(groups_of_.end(), of[c].begin(), of[c].end());
    peers_start_.push_back(static_cast<std::uint32_t>(peers_.size()));
    for (Cell b = 0; b < n; ++b)
      if (sees(c, b)) peers_.push_back(b);
  }
  groups_of_start_.push_back(static_cast<std::uint32_t>(groups_of_.size()));
  peers_start_.push_back(static_cast<std::uint32_t>(peers_.size()));

  // Families: each group joins the first family none of whose groups it meets.
  auto meet = [&](std::uint32_t a, std::uint32_t b) {
    std::size_t k = 0;
    for (Cell c : groups_[a].cells)
      k += std::find(groups_[b].cells.begin(), groups_[b].cells.end(), c) != groups_[b].cells.end();
    return k;
  };
  for (std::uint32_t g = 0; g < groups_.size(); ++g) {
    std::size_t f = 0;
    for (; f < families_.size(); ++f)
      if (std::none_of(families_[f].begin(), families_[f].end(), [&](std::uint32_t h) { return meet(g, h) > 0; }))
        break;
    if (f == families_.size()) families_.emplace_back();
    families_[f].push_back(g);
    groups_[g].family = static_cast<int>(f);
  }
  member_.assign(families_.size() * n, -1);
  for (std::size_t f = 0; f < families_.size(); ++f)
    for (std::size_t i = 0; i < families_[f].size(); ++i)
      for (Cell c : groups_[families_[f][i]].cells) member_[f * n + c] = static_cast<int>(i);
  line_.assign(families_.size(), 0);
  for (std::size_t f = 0; f < families_.size(); ++f)
    for (std::size_t h = f + 1; h < families_.size(); ++h) {
      if (families_[f].size() > 64 || families_[h].size() > 64) continue;  // fish masks hold 64 groups
      bool cross = true;
      for (std::uint32_t a : families_[f])
        for (std::uint32_t b : families_[h]) cross = cross && meet(a, b) == 1;
      if (cross) {
        crossings_.emplace_back(static_cast<int>(f), static_cast<int>(h));
        line_[f] = line_[h] = 1;
      }
    }
  for (std::uint32_t a = 0; a < groups_.size(); ++a)
    for (std::uint32_t b = a + 1; b < groups_.size(); ++b) {
      Overlap o{a, b, {}};
      for (Cell c : groups_[a].cells)
        if (std::find(groups_[b].cells.begin(), groups_[b].cells.end(), c) != groups_[b].cells.end())
          o.shared.push_back(c);
      if (o.shared.size() >= 2) overlaps_.push_back(std::move(o));
    }
}

bool exact_values(std::span<const Value> values, std::uint64_t group_values, Value base) {
  std::uint64_t seen = 0;
  for (Value x : values) {
    const long i = static_cast<long>(x) - base;
    if (i < 0 || i >= 64) return false;
    const std::uint64_t bit = std::uint64_t{1} << i;
    if ((group_values & bit) == 0 || (seen & bit) != 0) return false;
    seen |= bit;
  }
  return true;
}

bool fixed_distinct(const std::uint64_t* words, std::span<const std::uint32_t> cell_words) {
  std::uint64_t seen = 0;
  for (std::uint32_t i : cell_words) {
    const std::uint64_t w = words[i];
    if (w == 0 || (w & (w - 1)) != 0) continue;
    if ((seen & w) != 0) return false;
    seen |= w;
  }
  return true;
}

bool Structure::satisfied(std::span<const Value> values) const {
  std::array<Value, 64> mine;
  for (const GroupInfo& g : groups_) {
    for (std::size_t k = 0; k < g.cells.size(); ++k) mine[k] = values[g.cells[k]];
    if (!exact_values(std::span<const Value>(mine.data(), g.cells.size()), g.values, base_)) return false;
  }
  return true;
}

bool Structure::fixed_distinct(const Domains& d) const {
  for (const GroupInfo& g : groups_)
    if (!techniques::fixed_distinct(d.words().data(), g.words)) return false;
  return true;
}

bool Structure::covered(const Domains& d) const {
  const std::uint64_t* words = d.words().data();
  for (const GroupInfo& g : groups_) {
    std::uint64_t all = 0;
    for (Cell c : g.cells) {
      const std::uint64_t w = words[word_[c]];
      if (w == 0) return false;
      all |= w;
    }
    if (all != g.values) return false;
  }
  return true;
}

int Structure::cell_of(Var v) const {
  const auto id = static_cast<std::size_t>(v.id);
  return v.id >= 0 && id < cell_of_.size() ? cell_of_[id] : -1;
}

}  // namespace csp::techniques
