// The Structure the finders read, the catalogue of techniques (names, ideas, scores, levels), the
// grading levels, and the one-line description of a step.
#include <algorithm>
#include <bit>
#include <stdexcept>

#include "csp/rules/techniques/finders.hpp"

namespace csp::techniques {

Structure::Structure(const Domains& initial, const std::vector<Group>& groups) {
  auto fail = [](const std::string& why) { throw std::invalid_argument("techniques: " + why); };
  bool have_base = false;
  for (const Group& g : groups) {
    GroupInfo info;
    info.name = g.name;
    if (g.cells.empty() || g.cells.size() > 64) fail("group '" + g.name + "' must have 1 to 64 cells");
    for (Var v : g.cells) {
      if (v.id < 0 || v.id >= initial.var_count()) fail("group '" + g.name + "' has a variable outside the model");
      if (!initial.single_word(v)) fail("group '" + g.name + "' has a domain wider than 64 values");
      const Value b = initial.layout(v).base;
      if (!have_base) base_ = b, have_base = true;
      else if (b != base_) fail("the cells do not share one value range (base)");
      const auto id = static_cast<std::size_t>(v.id);
      if (cell_of_.size() <= id) cell_of_.resize(id + 1, -1);
      if (cell_of_[id] < 0) {
        cell_of_[id] = static_cast<int>(vars_.size());
        vars_.push_back(v);
        word_.push_back(initial.layout(v).first_word);
      }
      const auto c = static_cast<Cell>(cell_of_[id]);
      if (std::find(info.cells.begin(), info.cells.end(), c) != info.cells.end())
        fail("group '" + g.name + "' lists a cell twice");
      info.cells.push_back(c);
      info.values |= initial.bits(v);
    }
    if (static_cast<std::size_t>(std::popcount(info.values)) != info.cells.size())
      fail("group '" + g.name + "' is not exact");
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

int Structure::cell_of(Var v) const {
  const auto id = static_cast<std::size_t>(v.id);
  return v.id >= 0 && id < cell_of_.size() ? cell_of_[id] : -1;
}

std::string_view level_name(Level l) {
  switch (l) {
    case Level::easy: return "easy";
    case Level::medium: return "medium";
    case Level::hard: return "hard";
    case Level::fiendish: return "fiendish";
  }
  return "?";
}

int level_ceiling(Level l, std::size_t cells) {
  const int base = l == Level::easy ? 800 : l == Level::medium ? 1000 : l == Level::hard ? 1600 : -1;
  if (base < 0) return -1;
  return static_cast<int>(static_cast<long long>(base) * static_cast<long long>(cells) / 81);
}

Level level_of(Level hardest, int score, std::size_t cells) {
  Level l = hardest;
  while (l != Level::fiendish && score > level_ceiling(l, cells)) l = static_cast<Level>(static_cast<int>(l) + 1);
  return l;
}

const std::vector<Technique>& catalogue() {
  using namespace detail;
  static const std::vector<Technique> all = {
      {"full-house", "the last open cell of a group takes the group's missing value", 4, Level::easy,
       find_full_house, false, Rule::naked_single},
      {"naked-single", "a cell with one candidate left takes it", 4, Level::easy, find_naked_single, false,
       Rule::naked_single},
      {"hidden-single", "a value with one place left in a group goes there", 14, Level::easy, find_hidden_single,
       false, Rule::hidden_single},
      {"pointing", "a value confined to a line within a box leaves the rest of the line", 50, Level::medium,
       find_pointing, true, Rule::locked_candidates},
      {"claiming", "a value confined to a box within a line leaves the rest of the box", 50, Level::medium,
       find_claiming, true, Rule::locked_candidates},
      {"naked-pair", "two cells of a group holding only the same two values take both: they leave the group",
       60, Level::medium, find_naked_pair, true, Rule::naked_twins},
      {"hidden-pair", "two values with the same two places in a group: those cells keep only them", 70,
       Level::medium, find_hidden_pair, true, Rule::hidden_pairs},
      {"naked-triple", "three cells of a group holding only three values take them all", 80, Level::medium,
       find_naked_triple, true, Rule::naked_triples},
      {"hidden-triple", "three values confined to three cells of a group: those cells keep only them", 100,
       Level::medium, find_hidden_triple, true, Rule::hidden_triples},
      {"naked-quad", "four cells of a group holding only four values take them all", 120, Level::hard,
       find_naked_quad, true, Rule::naked_quads},
      {"x-wing", "a value confined to the same two columns in two rows leaves the rest of those columns", 140,
       Level::hard, find_x_wing, true, Rule::x_wing},
      {"hidden-quad", "four values confined to four cells of a group: those cells keep only them", 150,
       Level::hard, find_hidden_quad, true, Rule::hidden_quads},
      {"swordfish", "a value confined to three columns in three rows leaves the rest of those columns", 150,
       Level::hard, find_swordfish, true, Rule::swordfish},
      {"simple-colouring", "cells chained by conjugate pairs alternate: one colour holds the value", 150,
       Level::hard, find_simple_colouring, true, Rule::simple_colouring},
      {"jellyfish", "a value confined to four columns in four rows leaves the rest of those columns", 160,
       Level::hard, find_jellyfish, true, Rule::jellyfish},
      {"xy-wing", "a pivot xy and pincers xz, yz it sees: z leaves every cell seeing both pincers", 160,
       Level::hard, find_xy_wing, true, Rule::xy_wing},
      {"xyz-wing", "a pivot xyz and pincers xz, yz it sees: z leaves every cell seeing all three", 180,
       Level::hard, find_xyz_wing, true, Rule::xyz_wing},
      {"x-chain", "an alternating chain of strong and weak links on one value: one end holds it", 260,
       Level::fiendish, find_x_chain, true, Rule::x_chains},
  };
  return all;
}

const Technique* find_technique(std::string_view name) {
  for (const Technique& t : catalogue())
    if (t.name == name) return &t;
  return nullptr;
}

std::vector<const Technique*> parse_techniques(std::string_view list) {
  std::vector<const Technique*> out;
  auto add = [&](std::string_view name) {
    const Technique* t = find_technique(name);
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  };
  auto known = [] {
    std::string s = "all, singles, locked-candidates";
    for (const Technique& t : catalogue()) s.append(", ").append(t.name);
    return s;
  };
  std::string_view rest = list;
  for (;;) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item.empty())
      throw std::invalid_argument("empty technique name in '" + std::string(list) + "' (expected " + known() + ")");
    if (item == "all") {
      for (const Technique& t : catalogue()) add(t.name);
    } else if (item == "singles") {
      add("full-house"), add("naked-single"), add("hidden-single");
    } else if (item == "locked-candidates") {
      add("pointing"), add("claiming");
    } else if (find_technique(item) != nullptr) {
      add(item);
    } else {
      throw std::invalid_argument("unknown technique '" + std::string(item) + "' (expected " + known() + ")");
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return out;
}

std::string describe(const Step& s, const Structure& st, const std::function<std::string(Cell)>& cell_name,
                     const std::function<std::string(Value)>& value_name) {
  std::string line(s.technique);
  const bool single = s.removals.empty() && s.placements.size() == 1 && s.cells.size() <= 1;
  if (!single && !s.values.empty()) {
    line += ' ';
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      if (i > 0) line += ',';
      line += value_name(s.values[i]);
    }
  }
  if (!s.groups.empty()) {
    line += " in ";
    for (std::size_t i = 0; i < s.groups.size(); ++i) {
      if (i > 0) line += ", ";
      line += st.groups()[s.groups[i]].name;
    }
  }
  if (!single && !s.cells.empty()) {
    line += " (";
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
      if (i > 0) line += ", ";
      line += cell_name(s.cells[i]);
    }
    line += ')';
  }
  line += ": ";
  bool first = true;
  for (const Candidate& p : s.placements) {
    if (!first) line += "; ";
    first = false;
    line += cell_name(p.cell) + " = " + value_name(p.value);
  }
  // Removals: cells losing the same values share one "removed 3,8 from r2c1, r2c7", in order of
  // first appearance.
  std::vector<Cell> order;
  for (const Candidate& r : s.removals)
    if (std::find(order.begin(), order.end(), r.cell) == order.end()) order.push_back(r.cell);
  std::vector<std::pair<std::vector<Value>, std::vector<Cell>>> parts;
  for (Cell c : order) {
    std::vector<Value> vals;
    for (const Candidate& r : s.removals)
      if (r.cell == c) vals.push_back(r.value);
    std::sort(vals.begin(), vals.end());
    auto it = std::find_if(parts.begin(), parts.end(), [&](const auto& p) { return p.first == vals; });
    if (it == parts.end()) parts.push_back({vals, {c}});
    else it->second.push_back(c);
  }
  for (const auto& [vals, cells] : parts) {
    if (!first) line += "; ";
    first = false;
    line += "removed ";
    for (std::size_t i = 0; i < vals.size(); ++i) {
      if (i > 0) line += ',';
      line += value_name(vals[i]);
    }
    line += " from ";
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) line += ", ";
      line += cell_name(cells[i]);
    }
  }
  return line;
}

}  // namespace csp::techniques
