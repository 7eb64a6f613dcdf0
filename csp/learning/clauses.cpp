#include "csp/learning/clauses.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace csp::learning {

ClauseDatabase::ClauseDatabase(const Model& model) {
  const auto n = static_cast<std::size_t>(model.var_count());
  literal_.resize(n);
  sparse_.resize(n);
  base_.resize(n);
  width_.resize(n);
  const Domains& d = model.initial_domains();
  for (std::size_t i = 0; i < n; ++i) {
    const Var v{static_cast<int>(i)};
    if (!d.single_word(v) || d.bits(v) == 0) continue;
    base_[i] = d.layout(v).base;
    width_[i] = 64 - std::countl_zero(d.bits(v));
  }
}

void ClauseDatabase::watch(std::uint32_t at, Lit l, Lit blocker) {
  const auto x = static_cast<std::size_t>(l.var.id);
  const std::int64_t o = std::int64_t{l.value} - base_[x];
  if (o < 0 || o >= width_[x]) {
    if (sparse_[x] == nullptr) sparse_[x] = std::make_unique<SparseLists>();
    sparse_[x]->by_kind[static_cast<int>(l.kind)][l.value].push_back({at, blocker});
    return;
  }
  std::unique_ptr<LiteralLists>& mine = literal_[x];
  if (mine == nullptr) {  // the first watch on one of x's literals: its lists, all at once
    mine = std::make_unique<LiteralLists>();
    mine->lists.resize(4 * static_cast<std::size_t>(width_[x]));
  }
  mine->of(l.kind, static_cast<int>(o)).push_back({at, blocker});
  mine->nonempty[static_cast<int>(l.kind)] |= std::uint64_t{1} << o;
}

void ClauseDatabase::clear() {
  slots_.clear();
  arena_.clear();
  free_.clear();
  for (auto& mine : literal_) mine.reset();
  for (auto& mine : sparse_) mine.reset();
  next_ = 0;
  learnt_ = 0;
  increment_ = 1;
}

std::uint32_t ClauseDatabase::add(std::span<const Lit> lits, bool learnt, std::uint32_t lbd) {
  assert(lits.size() >= 2);
  std::uint32_t i;
  if (!free_.empty()) {
    i = free_.back();
    free_.pop_back();
  } else {
    i = static_cast<std::uint32_t>(slots_.size());
    slots_.emplace_back();
  }
  const auto at = static_cast<std::uint32_t>(arena_.size());
  slots_[i] = Slot{at, static_cast<std::uint32_t>(lits.size()), lbd, learnt, increment_};
  arena_.insert(arena_.end(), lits.begin(), lits.end());
  arena_.push_back(end_mark(i));
  watch(at, lits[0], lits[1]);
  watch(at, lits[1], lits[0]);
  if (learnt) ++learnt_;
  return i;
}

void ClauseDatabase::bump(std::uint32_t i) { slots_[i].activity += increment_; }

void ClauseDatabase::decay() {
  increment_ /= 0.999;
  // Rescale every activity before they overflow. Here, not in bump(): a search whose conflicts all
  // come from propagators bumps no clause, and its increment would grow to infinity.
  if (increment_ > 1e100) {
    for (Slot& k : slots_) k.activity *= 1e-100;
    increment_ *= 1e-100;
  }
}

void ClauseDatabase::reduce(const Trail& trail) {
  if (learnt_ <= limit_) return;
  // The reasons of current events must stay: analysis may still explain those events.
  std::vector<std::uint8_t> locked(slots_.size(), 0);
  for (std::uint32_t e = 0; e < trail.size(); ++e)
    if (trail[e].cause.kind == Cause::Kind::clause) locked[trail[e].cause.index] = 1;
  std::vector<std::uint32_t> candidates;
  for (std::uint32_t i = 0; i < slots_.size(); ++i) {
    const Slot& c = slots_[i];
    // Clauses of two literals and of literal-block distance 2 ("glue") are kept, as in Glucose.
    if (c.learnt && !locked[i] && c.size > 2 && c.lbd > 2) candidates.push_back(i);
  }
  std::sort(candidates.begin(), candidates.end(),
            [&](std::uint32_t a, std::uint32_t b) { return slots_[a].activity < slots_[b].activity; });
  const std::size_t drop = candidates.size() / 2;
  for (std::size_t k = 0; k < drop; ++k) {
    slots_[candidates[k]].size = 0;
    free_.push_back(candidates[k]);
  }
  // The arena keeps the clauses left, in their order, without gaps; moved_to[at] is where the
  // clause that was at `at` went (kGone: deleted).
  constexpr std::uint32_t kGone = ~std::uint32_t{0};
  std::vector<std::uint32_t> moved_to(arena_.size(), kGone);
  std::uint32_t to = 0;
  for (std::uint32_t at = 0; at < arena_.size();) {
    std::uint32_t end = at;
    while (!is_end(arena_[end])) ++end;
    Slot& c = slots_[static_cast<std::uint32_t>(arena_[end].value)];
    if (c.size != 0) {
      moved_to[at] = to;
      c.at = to;
      std::copy(arena_.begin() + at, arena_.begin() + end + 1, arena_.begin() + to);
      to += end + 1 - at;
    }
    at = end + 1;
  }
  arena_.resize(to);
  // The deleted clauses' watches go, the others follow their clause: propagate() never opens a
  // clause whose watch is blocked, so it would not drop them itself.
  const auto follow = [&](std::vector<Watcher>& list) {
    std::size_t keep = 0;
    for (Watcher w : list)
      if ((w.at = moved_to[w.at]) != kGone) list[keep++] = w;
    list.resize(keep);
  };
  for (auto& mine : sparse_)
    if (mine != nullptr)
      for (ValueLists& lists : mine->by_kind) {
        for (auto& [value, list] : lists) follow(list);
        std::erase_if(lists, [](const auto& entry) { return entry.second.empty(); });
      }
  for (auto& mine : literal_)
    if (mine != nullptr)
      for (std::vector<Watcher>& list : mine->lists) follow(list);
  learnt_ -= drop;
  deleted_ += drop;
  limit_ += limit_ / 10;
}

}  // namespace csp::learning
