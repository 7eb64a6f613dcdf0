// Forcing chains and nets (the search shared by forcing_chain.cpp and forcing_net.cpp): assume a
// candidate and follow what it implies (implications.hpp), then
//   contradiction: assuming r1c1 = 5 empties a cell or a group's value -> 5 leaves r1c1;
//                  assuming r1c1 != 5 does -> r1c1 = 5 (its other values leave it);
//   cell forcing:  whichever value r1c1 takes, r4c4 loses 7 -> 7 leaves r4c4;
//   region (group) forcing: wherever row 3 puts its 5, r4c4 loses 7 -> 7 leaves r4c4.
// Each is sound: a solution makes one of the assumptions true, and every consequence of it holds.
// A cell losing all but one value in every branch is a placement, reported as those removals (the
// single follows as the next step), so that the search rule, which applies removals only, makes
// the same progress.
//
// Order: per open cell, its values assumed true (a contradiction, else the cell's forcing); then
// per group and value, its places (region forcing); then the values assumed false. The first step
// found is reported. A budget (nested nets) bounds the assumptions propagated, nested ones
// included: past it the finder gives up, finding nothing (what an empty grid costs otherwise is
// seconds). Step: its kind ("cell forcing chain", ...: contradiction, cell or region forcing, chain,
// net or nested net), cells and values of the assumptions (contradiction: the cell and value
// assumed; cell forcing: the cell and all its values; region forcing: the group, the value and its
// places), the removals.
#include <algorithm>

#include "csp/rules/detail/finders.hpp"
#include "csp/rules/detail/implications.hpp"

namespace csp::techniques::detail {

bool find_forcing(const Position& p, Step& s, Spread spread, std::string_view name, std::uint64_t budget) {
  // One engine and one intersection per thread, reused: finding allocates nothing once grown.
  thread_local Implications engine;
  thread_local std::vector<std::uint64_t> common;
  const Structure& st = p.structure;
  const std::size_t n = st.cells();
  if (!engine.start(p, spread)) return false;
  auto spent = [&] { return budget != 0 && engine.assumptions() > budget; };
  common.resize(n);
  // The kinds, named in the step's text.
  enum Kind { contradiction, cell, region };
  static constexpr std::string_view kinds[3][3] = {
      {"contradiction forcing chain", "cell forcing chain", "region forcing chain"},
      {"contradiction forcing net", "cell forcing net", "region forcing net"},
      {"nested contradiction forcing net", "nested cell forcing net", "nested region forcing net"}};
  auto begin = [&](Kind kind) {
    s.clear();
    s.technique = name;
    s.kind = kinds[static_cast<int>(spread)][kind];
  };
  // Keeps in `common` what every branch so far removed.
  auto intersect = [&](bool first) {
    const std::span<const std::uint64_t> r = engine.result();
    for (Cell d = 0; d < n; ++d) common[d] = (first ? p.cands(d) : common[d]) & ~r[d];
  };
  auto report_common = [&] {
    for (Cell d = 0; d < n; ++d) remove_bits(p, s, d, common[d]);
  };
  auto any_common = [&] { return std::any_of(common.begin(), common.end(), [](std::uint64_t w) { return w != 0; }); };

  // Cells: each value assumed true.
  for (Cell c = 0; c < n; ++c) {
    const std::uint64_t cands = p.cands(c);
    if (single(cands) || cands == 0) continue;
    bool first = true;
    for (std::uint64_t vals = cands; vals != 0; vals &= vals - 1) {
      const std::uint64_t bit = vals & (~vals + 1);
      if (spent()) return false;
      if (!engine.assume(c, bit, true)) {
        begin(contradiction);
        s.cells.push_back(c);
        add_values(p, s, bit);
        remove_bits(p, s, c, bit);
        return true;
      }
      intersect(first);
      first = false;
    }
    if (any_common()) {
      begin(cell);
      s.cells.push_back(c);
      add_values(p, s, cands);
      report_common();
      return true;
    }
  }
  // Groups: each place of a value assumed to hold it (no contradiction left: see above).
  for (std::uint32_t g = 0; g < st.groups().size(); ++g) {
    const Structure::GroupInfo& info = st.groups()[g];
    for (std::uint64_t vals = info.values; vals != 0; vals &= vals - 1) {
      const std::uint64_t bit = vals & (~vals + 1);
      int places = 0;
      for (Cell c : info.cells) places += (p.cands(c) & bit) != 0 ? 1 : 0;
      if (places < 2) continue;
      bool first = true;
      for (Cell c : info.cells) {
        if ((p.cands(c) & bit) == 0) continue;
        if (spent()) return false;
        if (!engine.assume(c, bit, true)) continue;  // a contradiction: a branch no solution takes
        intersect(first);
        first = false;
      }
      if (first || !any_common()) continue;
      begin(region);
      s.groups.push_back(g);
      add_values(p, s, bit);
      for (Cell c : info.cells)
        if ((p.cands(c) & bit) != 0) s.cells.push_back(c);
      report_common();
      return true;
    }
  }
  // Values assumed false: a contradiction places them.
  for (Cell c = 0; c < n; ++c) {
    const std::uint64_t cands = p.cands(c);
    if (single(cands) || cands == 0) continue;
    for (std::uint64_t vals = cands; vals != 0; vals &= vals - 1) {
      const std::uint64_t bit = vals & (~vals + 1);
      if (spent()) return false;
      if (engine.assume(c, bit, false)) continue;
      begin(contradiction);
      s.cells.push_back(c);
      add_values(p, s, bit);
      remove_bits(p, s, c, cands & ~bit);
      return true;
    }
  }
  return false;
}

}  // namespace csp::techniques::detail
