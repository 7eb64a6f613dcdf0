// Domains: the current set of candidate values of every variable, as one flat array of bit words.
//
// This is the whole search state of a model: search saves it by copying the words (a few hundred
// bytes for a Sudoku), so restoring on backtrack is one memcpy and nothing else needs undoing.
// A variable whose values fit in 64 consecutive integers uses one word (the fast path); wider
// domains use as many words as they need, up to kIntervalThreshold values. Wider still, a variable
// takes the interval (bounds) form: two words, its least value and its number of values, so a
// variable 0..1000000 costs 16 bytes instead of 125 kB per saved node. The interval form keeps no
// holes: removing a value strictly inside it is a no-op, so propagators on such variables reach
// bounds consistency at best, and a constraint is only sure to be checked once its variables are
// fixed (every propagator fails on a violating complete assignment, see Propagator::propagate).
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <climits>
#include <cstdint>
#include <vector>

#include "csp/kernel/var.hpp"

namespace csp {

/// Where one variable's bits live: value `base + i` is bit `i % 64` of word `first_word + i / 64`.
/// A multi-word bitset (words > 1, not interval) also owns the word just before first_word, its
/// head: number of candidates, least and greatest index, kept by every write (Domains::head_size).
struct VarLayout {
  Value base = 0;            ///< the value of bit 0
  std::uint32_t first_word = 0;  ///< index of the first word in Domains::words()
  std::uint32_t words = 1;   ///< number of words (1 on the fast path; 2 in the interval form)
  bool interval = false;     ///< interval form: word 0 = least value, word 1 = number of values
  friend bool operator==(const VarLayout&, const VarLayout&) = default;
};

/// A variable [lo, hi] with more values than this gets the interval form (see Model::add_var and
/// Model::set_interval_threshold): 4096 values are 64 words, 512 bytes copied at every node of
/// search; past that, copying dominates, and the models that need such ranges (costs, times,
/// sums) prune by bounds anyway. Sudoku, queens and colouring stay far below it.
inline constexpr long kIntervalThreshold = 4096;

/// The widest bitset a head word can describe (21-bit indices): wider always takes the interval form.
inline constexpr long kMaxBitsetValues = long{1} << 21;

/// Bits to the values they stand for, and back, for a one-word domain.
constexpr std::uint64_t bit_of(int index) { return std::uint64_t{1} << index; }

/// The candidate sets of all variables of one model. Copyable; copies share the model's layout.
/// Reads are const and cheap; writes return false when they empty the domain (a wipe-out) and
/// never notify anybody — the propagation engine's Context wraps them to schedule propagators.
class Domains {
 public:
  Domains() = default;
  /// Full domains (every bit of the layout's ranges set) are NOT implied: all words start at 0.
  explicit Domains(const std::vector<VarLayout>* layout, std::size_t total_words)
      : layout_(layout), words_(total_words, 0) {}

  /// Number of variables (0 for a default-constructed Domains, which belongs to no model).
  int var_count() const { return layout_ != nullptr ? static_cast<int>(layout_->size()) : 0; }
  /// True when v is one of these domains' variables (a cheap check for the entry points; the
  /// reads below do not check: they are the propagators' hot path).
  bool has(Var v) const { return v.id >= 0 && v.id < var_count(); }
  /// True when `other` holds the same variables laid out the same way (Domains of the same model,
  /// or of one built the same way, as SearchOptions::worker_model builds it): one may be copied
  /// into the other.
  bool compatible(const Domains& other) const {
    return words_.size() == other.words_.size() &&
           (layout_ == other.layout_ || (layout_ != nullptr && other.layout_ != nullptr && *layout_ == *other.layout_));
  }
  /// The layout entry of v (v must be one of its variables: checked by assert only).
  const VarLayout& layout(Var v) const {
    assert(has(v));
    return (*layout_)[static_cast<std::size_t>(v.id)];
  }
  /// True when v's values fit in one word, so bits()/set_bits() may be used.
  bool single_word(Var v) const { return layout(v).words == 1; }
  /// True when v is in the interval form: no holes, interior removals are no-ops.
  bool interval(Var v) const { return layout(v).interval; }

  /// The one word of a single-word variable: bit i stands for value base + i.
  std::uint64_t bits(Var v) const {
    assert(single_word(v));
    return words_[layout(v).first_word];
  }
  /// Number of candidates of v (saturating at INT_MAX).
  int size(Var v) const {
    const VarLayout& l = layout(v);
    if (l.words == 1) return std::popcount(words_[l.first_word]);
    if (!l.interval) return static_cast<int>(head_size(head(l)));
    return static_cast<int>(std::min<std::int64_t>(count_of(l), INT_MAX));
  }
  /// True when v has exactly one candidate.
  bool fixed(Var v) const {
    const VarLayout& l = layout(v);
    if (l.words != 1) return l.interval ? count_of(l) == 1 : head_size(head(l)) == 1;
    const std::uint64_t w = words_[l.first_word];
    return w != 0 && (w & (w - 1)) == 0;
  }
  /// True when v has no candidate (only seen inside a failing propagation).
  bool empty(Var v) const {
    const VarLayout& l = layout(v);
    if (l.words == 1) return words_[l.first_word] == 0;
    return l.interval ? count_of(l) == 0 : head_size(head(l)) == 0;
  }
  /// Smallest candidate; v must not be empty.
  Value min(Var v) const {
    const VarLayout& l = layout(v);
    if (l.words == 1) return l.base + std::countr_zero(words_[l.first_word]);
    return l.interval ? lo_of(l) : l.base + static_cast<Value>(head_min(head(l)));
  }
  /// Largest candidate; v must not be empty.
  Value max(Var v) const {
    const VarLayout& l = layout(v);
    if (l.words == 1) return l.base + 63 - std::countl_zero(words_[l.first_word]);
    return l.interval ? static_cast<Value>(lo_of(l) + count_of(l) - 1) : l.base + static_cast<Value>(head_max(head(l)));
  }
  /// The value of a fixed variable (its smallest candidate otherwise).
  Value value(Var v) const { return min(v); }
  /// True when `x` is a candidate of v.
  bool contains(Var v, Value x) const {
    const VarLayout& l = layout(v);
    if (l.words != 1) return contains_wide(l, x);
    const auto i = static_cast<std::uint64_t>(std::int64_t{x} - l.base);  // out of range: huge
    return i < 64 && (words_[l.first_word] >> i & 1) != 0;
  }
  /// The smallest candidate greater than `x`, or `none` when there is none.
  Value next(Var v, Value x) const {
    const VarLayout& l = layout(v);
    if (l.words != 1) return next_wide(l, x);
    // The fast path inline: queens and the element propagators walk candidates this way.
    const std::int64_t i = std::max<std::int64_t>(std::int64_t{x} - l.base + 1, 0);
    if (i >= 64) return none;
    const std::uint64_t word = words_[l.first_word] & (~std::uint64_t{0} << i);
    return word != 0 ? l.base + std::countr_zero(word) : none;
  }
  /// Calls f(value) for each candidate of v, in increasing order.
  template <class F>
  void for_each(Var v, F&& f) const;
  /// Candidates of v as a vector, in increasing order (for tests and printing, not hot paths).
  /// Throws std::invalid_argument when v is not one of its variables.
  std::vector<Value> values(Var v) const;

  /// Value returned by next() when there is no further candidate.
  static constexpr Value none = INT32_MIN;

  // --- raw writes: no notification; each returns false when v is left empty ---
  /// Replaces the word of a single-word variable.
  bool set_bits(Var v, std::uint64_t bits) {
    assert(single_word(v));
    words_[layout(v).first_word] = bits;
    return bits != 0;
  }
  /// Removes x (no-op when absent, and in the interval form unless x is a bound).
  bool remove(Var v, Value x);
  /// Keeps only x (empties v when x is absent).
  bool assign(Var v, Value x);
  /// Removes every candidate below lo.
  bool remove_below(Var v, Value lo);
  /// Removes every candidate above hi.
  bool remove_above(Var v, Value hi);
  /// Multi-word bitset form only: keeps the candidates whose bit is set in `keep` (one word per
  /// word of v, the same base), in one pass over the words between v's bounds.
  bool keep_words(Var v, const std::uint64_t* keep);
  /// Sets every value in [lo, hi] that the layout can hold (used to build initial domains); in the
  /// interval form, widens the interval to hold [lo, hi] too.
  void add_range(Var v, Value lo, Value hi);
  /// Adds x, which must lie inside v's layout range (interval form: widens the interval to x).
  void add(Var v, Value x);

  /// Words a propagator keeps in the search state, reserved with Model::add_state(): they are
  /// copied with the domains, so search saves and restores them with the candidates.
  std::uint64_t* state(std::uint32_t first) { return words_.data() + first; }
  const std::uint64_t* state(std::uint32_t first) const { return words_.data() + first; }

  /// The flat word array (for snapshots and hashing).
  const std::vector<std::uint64_t>& words() const { return words_; }
  /// Appends zero words for newly added variables (used by Model while it is built).
  void grow(std::size_t total_words) { words_.resize(total_words, 0); }
  /// Copies another Domains of the same model into this one without allocating.
  void copy_from(const Domains& other) {
    assert(other.words_.size() == words_.size());
    std::copy(other.words_.begin(), other.words_.end(), words_.begin());
  }

 private:
  // The head word of a multi-word bitset: size in bits 0-21, least index in 22-42, greatest in
  // 43-63; 0 when empty (so all-zero words are a consistent empty domain).
  static std::uint32_t head_size(std::uint64_t h) { return static_cast<std::uint32_t>(h & 0x3fffff); }
  static std::uint32_t head_min(std::uint64_t h) { return static_cast<std::uint32_t>(h >> 22 & 0x1fffff); }
  static std::uint32_t head_max(std::uint64_t h) { return static_cast<std::uint32_t>(h >> 43); }
  static std::uint64_t pack_head(std::uint32_t size, std::uint32_t lo, std::uint32_t hi) {
    return std::uint64_t{size} | std::uint64_t{lo} << 22 | std::uint64_t{hi} << 43;
  }
  std::uint64_t head(const VarLayout& l) const { return words_[l.first_word - 1]; }
  std::uint64_t& head(const VarLayout& l) { return words_[l.first_word - 1]; }
  // The least set index >= i, the greatest <= i (one must exist), over a multi-word bitset.
  std::uint32_t first_index_from(const VarLayout& l, std::uint32_t i) const;
  std::uint32_t last_index_to(const VarLayout& l, std::uint32_t i) const;
  // Zeroes words from..to (inclusive) and the head: the domain left empty.
  void clear_words(const VarLayout& l, std::uint32_t from, std::uint32_t to);
  // Recomputes the head from the words (building a model only).
  void recount(const VarLayout& l);
  // The multi-word and interval forms of contains and next, out of line.
  bool contains_wide(const VarLayout& l, Value x) const;
  Value next_wide(const VarLayout& l, Value x) const;
  // The interval form: least value, number of values (0: empty), and writing both back.
  Value lo_of(const VarLayout& l) const { return static_cast<Value>(static_cast<std::int64_t>(words_[l.first_word])); }
  std::int64_t count_of(const VarLayout& l) const { return static_cast<std::int64_t>(words_[l.first_word + 1]); }
  bool set_interval(const VarLayout& l, std::int64_t lo, std::int64_t hi);
  template <class F>
  void for_each_interval(const VarLayout& l, F&& f) const;
  std::uint64_t* word_ptr(Var v) { return words_.data() + layout(v).first_word; }
  const std::uint64_t* word_ptr(Var v) const { return words_.data() + layout(v).first_word; }
  // The bit index of x inside v's words, or -1 when x lies outside v's range.
  long index_of(Var v, Value x) const {
    const VarLayout& l = layout(v);
    long i = static_cast<long>(x) - l.base;
    return (i < 0 || i >= static_cast<long>(l.words) * 64) ? -1 : i;
  }

  const std::vector<VarLayout>* layout_ = nullptr;
  std::vector<std::uint64_t> words_;
};

template <class F>
void Domains::for_each_interval(const VarLayout& l, F&& f) const {
  const std::int64_t lo = lo_of(l), end = lo + count_of(l);
  for (std::int64_t x = lo; x < end; ++x) f(static_cast<Value>(x));
}

template <class F>
void Domains::for_each(Var v, F&& f) const {
  const VarLayout& l = layout(v);
  if (l.interval) return for_each_interval(l, f);
  const std::uint64_t* w = word_ptr(v);
  std::uint32_t from = 0, to = l.words;  // a multi-word bitset: only the words between its bounds
  if (l.words > 1) {
    const std::uint64_t h = head(l);
    if (head_size(h) == 0) return;
    from = head_min(h) / 64;
    to = head_max(h) / 64 + 1;
  }
  for (std::uint32_t k = from; k < to; ++k) {
    for (std::uint64_t b = w[k]; b != 0; b &= b - 1) {
      f(static_cast<Value>(l.base + static_cast<Value>(k * 64) + std::countr_zero(b)));
    }
  }
}

}  // namespace csp
