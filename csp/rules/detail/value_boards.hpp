// Internal to the rules library (csp/rules/detail/: not part of the public API, not installed).
// Candidates by value, for the rule propagators that cover many groups at once (singles.cpp):
// for every value, the set of cells that still hold it, as a bit set over the propagator's cells
// (a "board"); and the set of (value, group) pairs waiting for a look.
//
// Why: the single rules ask, of one value in one group, "how many places are left, and is one of
// them fixed?". A pass over the group's cells answers that for every value at once, but it is
// needed again whenever any cell of the group changed, for whatever value. Here each (value,
// group) keeps its count of places, brought down as cells lose values, and only a count that falls
// to one or none asks the question; the board then finds the place with an AND per word the group
// touches. A cell fixed to 5 clears 5 from each of its groups with the same few word operations,
// instead of the twenty-odd groups its peers belong to being rescanned.
//
// The boards mirror a WorkingCopy (working_copy.hpp): the propagator keeps them in step with
// every narrowing it makes, and at the start of a run with every cell that search changed.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "csp/kernel/engine.hpp"
#include "csp/kernel/model.hpp"

// CSP_NO_SIMD (CMake option CSP_SIMD=OFF) takes the plain loops even where SSE2 exists, so that
// they are built and tested on x86-64 too.
#if defined(__SSE2__) && !defined(CSP_NO_SIMD)
#include <emmintrin.h>
#endif

namespace csp::rules_detail {

class ValueSetMarks;

/// For each value (bit index of the cells' words), the cells holding it; the fixed cells; and for
/// each value and set, how many of the set's cells hold the value. Cells are indices 0..n-1; a
/// "set" is a fixed list of at most 255 cells given at construction (a group).
///
/// The boards, fixed cells and counts live in words of the search state (Model::add_state), bound
/// at the start of each run, so that they follow the search: they mirror the WorkingCopy's shadow
/// between runs, and the cells it reports changed bring them up to date.
class ValueBoards {
 public:
  ValueBoards() = default;
  /// `cells` cells whose words use bits below `values_width`; `sets[s]`: the cells of set s.
  /// Reserves its words of search state in `model`.
  ValueBoards(Model& model, std::size_t cells, int values_width, const std::vector<std::vector<std::uint32_t>>& sets)
      : width_(values_width),
        words_((cells + 63) / 64),
        sets_(static_cast<std::uint32_t>(sets.size())) {
    std::vector<std::vector<std::uint32_t>> sets_of(cells);
    for (std::size_t s = 0; s < sets.size(); ++s) {
      start_.push_back(static_cast<std::uint32_t>(spans_.size()));
      std::vector<std::uint64_t> bits(words_, 0);
      for (std::uint32_t cell : sets[s]) {
        bits[cell / 64] |= bit(cell);
        sets_of[cell].push_back(static_cast<std::uint32_t>(s));
      }
      for (std::size_t w = 0; w < words_; ++w)
        if (bits[w] != 0) spans_.push_back(Span{static_cast<std::uint32_t>(w), bits[w]});
    }
    start_.push_back(static_cast<std::uint32_t>(spans_.size()));
    for (const auto& of : sets_of) {
      sets_of_start_.push_back(static_cast<std::uint32_t>(sets_of_.size()));
      sets_of_.insert(sets_of_.end(), of.begin(), of.end());
    }
    sets_of_start_.push_back(static_cast<std::uint32_t>(sets_of_.size()));
    // Each cell's peers (the other cells of its sets), as spans like a set's.
    for (std::uint32_t cell = 0; cell < cells; ++cell) {
      peers_start_.push_back(static_cast<std::uint32_t>(peer_spans_.size()));
      std::vector<std::uint64_t> bits(words_, 0);
      for (std::uint32_t s : sets_of[cell])
        for (std::uint32_t k = start_[s]; k < start_[s + 1]; ++k) bits[spans_[k].word] |= spans_[k].bits;
      bits[cell / 64] &= ~bit(cell);
      for (std::size_t w = 0; w < words_; ++w)
        if (bits[w] != 0) peer_spans_.push_back(Span{static_cast<std::uint32_t>(w), bits[w]});
    }
    peers_start_.push_back(static_cast<std::uint32_t>(peer_spans_.size()));
    if (words_ == 2) {
      halves_.assign(sets.size(), {0, 0});
      for (std::size_t s = 0; s < sets.size(); ++s)
        for (std::uint32_t cell : sets[s]) halves_[s][cell / 64] |= bit(cell);
    }
    reach_.assign(static_cast<std::size_t>(values_width) * words_, 0);
    // With at most 32 sets, a value's counts take 32 bytes (the rest padding, always 0), so that
    // the eliminations can keep them in two 16-byte registers (take_from_peers_packed).
    stride_ = sets.size() <= 32 ? 32 : static_cast<std::uint32_t>(sets.size());
    if (sets.size() <= 32) {
      ones_.assign(cells, {});
      for (std::uint32_t cell = 0; cell < cells; ++cell)
        for (std::uint32_t s : sets_of[cell]) ones_[cell][s] = 1;
    }
    const std::size_t counts = static_cast<std::size_t>(values_width) * stride_;
    state_ = model.add_state(static_cast<std::size_t>(values_width) * words_ + words_ + (counts + 7) / 8);
  }

  /// Binds to the search state being propagated (call at the start of each run).
  void bind(Context& ctx) { bind(ctx.state(state_)); }
  /// Fills the initial state words from the cells' initial words (`initial[cell]`), to go with a
  /// WorkingCopy whose shadow is the initial domains.
  void start_from(Model& model, const std::vector<std::uint64_t>& initial) {
    bind(model.initial_state(state_));
    for (std::uint32_t cell = 0; cell < initial.size(); ++cell) replace(cell, 0, initial[cell]);
    recount();
    boards_ = fixed_ = nullptr;
    counts_ = nullptr;
  }

  /// The sets a cell belongs to.
  std::span<const std::uint32_t> sets_of(std::uint32_t cell) const {
    return {sets_of_.data() + sets_of_start_[cell], sets_of_.data() + sets_of_start_[cell + 1]};
  }

  /// The first set of cell `a` that also holds cell `b` (a peer of a).
  std::uint32_t common_set(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t s : sets_of(a))
      for (std::uint32_t t : sets_of(b))
        if (s == t) return s;
    return sets_of(a)[0];
  }

  /// Brings a cell's bits from word `before` to word `now` (values may come and go). The counts
  /// do not follow: call count_change() for the cell, or recount() once the cells are done
  /// (cheaper when many changed).
  void replace(std::uint32_t cell, std::uint64_t before, std::uint64_t now) {
    for (std::uint64_t gone = before & ~now; gone != 0; gone &= gone - 1)
      board(std::countr_zero(gone))[cell / 64] &= ~bit(cell);
    for (std::uint64_t come = now & ~before; come != 0; come &= come - 1)
      board(std::countr_zero(come))[cell / 64] |= bit(cell);
    if (std::has_single_bit(now)) fixed_[cell / 64] |= bit(cell);
    else fixed_[cell / 64] &= ~bit(cell);
  }
  /// Brings the counts of a cell's sets from word `before` to word `now`; calls fell(v, s, low)
  /// for each (value, set) whose count fell, `low` when to one place or none.
  template <class Fell>
  void count_change(std::uint32_t cell, std::uint64_t before, std::uint64_t now, Fell&& fell) {
    for (std::uint64_t gone = before & ~now; gone != 0; gone &= gone - 1)
      for (std::uint32_t s : sets_of(cell))
        fell(std::countr_zero(gone), s, add_count(std::countr_zero(gone), s, -1) <= 1);
    for (std::uint64_t come = now & ~before; come != 0; come &= come - 1)
      for (std::uint32_t s : sets_of(cell)) add_count(std::countr_zero(come), s, 1);
  }
  /// Counts every (value, set) afresh from the boards.
  void recount() {
    if (!halves_.empty()) {  // two words per board: every set as two masks, without a loop per set
      for (int v = 0; v < width_; ++v) {
        const std::uint64_t b0 = board(v)[0], b1 = board(v)[1];
        unsigned char* counts = counts_of(v);
        for (std::uint32_t s = 0; s < sets_; ++s)
          counts[s] = static_cast<unsigned char>(std::popcount(b0 & halves_[s][0]) + std::popcount(b1 & halves_[s][1]));
      }
      return;
    }
    std::fill(counts_, counts_ + static_cast<std::size_t>(width_) * stride_, 0);
    for (int v = 0; v < width_; ++v) {
      const std::uint64_t* b = board(v);
      for (std::uint32_t s = 0; s < sets_; ++s) {
        int n = 0;
        for (std::uint32_t k = start_[s]; k < start_[s + 1]; ++k) n += std::popcount(b[spans_[k].word] & spans_[k].bits);
        add_count(v, s, n);
      }
    }
  }

  /// Counts every (value, set) afresh, as recount(), and marks for a look each pair that needs one
  /// from hidden singles: no place left, or one place that is not fixed. (A pair whose one place
  /// is fixed has nothing to look at: that cell's value already left its peers, or the cell waits
  /// in the caller's list to do so.)
  void recount_and_mark(ValueSetMarks& marks);

  /// Takes the values `gone` away from a cell (which keeps at least one). Calls fell(v, s, low) for
  /// each (value, set) whose count falls, `low` when to one place or none.
  template <class Fell>
  void remove(std::uint32_t cell, std::uint64_t gone, Fell&& fell) {
    const std::span<const std::uint32_t> sets = sets_of(cell);
    for (; gone != 0; gone &= gone - 1) {
      const int v = std::countr_zero(gone);
      board(v)[cell / 64] &= ~bit(cell);
      for (std::uint32_t s : sets)
        fell(v, s, add_count(v, s, -1) <= 1);
    }
  }
  /// remove() and count_change() for at most 32 sets (packed()): the counts of each value come
  /// down, or up, in the cell's sets with one subtraction per 16 bytes, and low(v, sets) is
  /// called for each value that left, with its sets left with one place or none (bit s).
  template <class Low>
  void remove_packed(std::uint32_t cell, std::uint64_t gone, Low&& low) {
    for (; gone != 0; gone &= gone - 1) {
      const int v = std::countr_zero(gone);
      board(v)[cell / 64] &= ~bit(cell);
      low(v, add_packed(v, cell, -1));
    }
  }
  template <class Low>
  void count_change_packed(std::uint32_t cell, std::uint64_t before, std::uint64_t now, Low&& low) {
    for (std::uint64_t gone = before & ~now; gone != 0; gone &= gone - 1)
      low(std::countr_zero(gone), add_packed(std::countr_zero(gone), cell, -1));
    for (std::uint64_t come = now & ~before; come != 0; come &= come - 1) add_packed(std::countr_zero(come), cell, 1);
  }

  /// Records that a cell has one value left when `yes` (without a branch).
  void set_fixed_if(std::uint32_t cell, bool yes) { fixed_[cell / 64] |= std::uint64_t{yes} << (cell % 64); }

  /// Naked singles for many fixed cells at once (a new puzzle's givens; then the cells they fix,
  /// round after round), leaving the counts behind: one recount() afterwards is cheaper than
  /// bringing three counts down at each of the ~300 removals of a 17-clue puzzle's givens, and
  /// per value one pass over the board replaces a pass per fixed cell. `fixed`: cells with one
  /// value each, `value_of(cell)` its bit index. Calls taken(v, word, bits) for each word of a
  /// board that lost cells (the cells `bits` of word `word` no longer hold v), and adds to `fired`
  /// the number of fixed cells that had a peer to clear (two fixed to one value may share it).
  /// False when two cells fixed to one value are peers (the state is then left half done, which
  /// is fine since search drops a failed state).
  template <class ValueOf, class Taken>
  bool take_from_peers_at_once(std::span<const std::uint32_t> fixed, ValueOf&& value_of, Taken&& taken,
                               std::uint64_t& fired) {
    // Per value, the peers of its fixed cells; the values that have any.
    std::uint64_t values = 0;
    for (std::uint32_t cell : fixed) {
      const int v = value_of(cell);
      const std::uint64_t* b = board(v);
      std::uint64_t* reach = reach_.data() + static_cast<std::size_t>(v) * words_;
      std::uint64_t holders = 0;
      for (std::uint32_t k = peers_start_[cell]; k < peers_start_[cell + 1]; ++k) {
        const Span span = peer_spans_[k];
        reach[span.word] |= span.bits;
        holders |= b[span.word] & span.bits;
      }
      fired += holders != 0 ? 1 : 0;
      values |= std::uint64_t{1} << v;
    }
    for (std::uint64_t vs = values; vs != 0; vs &= vs - 1) {
      const int v = std::countr_zero(vs);
      std::uint64_t* b = board(v);
      std::uint64_t* reach = reach_.data() + static_cast<std::size_t>(v) * words_;
      for (std::size_t w = 0; w < words_; ++w) {
        const std::uint64_t lost = b[w] & reach[w];
        reach[w] = 0;
        if ((lost & fixed_[w]) != 0) {  // a peer fixed to v too
          std::fill(reach_.begin(), reach_.end(), 0);
          return false;
        }
        if (lost == 0) continue;
        b[w] &= ~lost;
        taken(v, static_cast<std::uint32_t>(w), lost);
      }
    }
    return true;
  }

  /// Takes value v away from the cells of set s that hold it, but `keeper`, a cell of s that holds
  /// it and keeps it: calls cell(c) for each first (false: stop, and return false; the state is
  /// then left half done, which is fine since search drops a failed state), then fell(v, t, low)
  /// for each other set t of c, `low` when v is left with one place or none there.
  template <class Cell, class Fell>
  bool take_from_set(int v, std::uint32_t s, std::uint32_t keeper, Cell&& cell, Fell&& fell) {
    std::uint64_t* b = board(v);
    for (std::uint32_t k = start_[s]; k < start_[s + 1]; ++k) {
      const Span span = spans_[k];
      std::uint64_t m = b[span.word] & span.bits;
      if (keeper / 64 == span.word) m &= ~bit(keeper);
      for (; m != 0; m &= m - 1) {
        const std::uint32_t c = span.word * 64 + static_cast<std::uint32_t>(std::countr_zero(m));
        if (!cell(c)) return false;
        b[span.word] &= ~bit(c);
        for (std::uint32_t t : sets_of(c))
          if (t != s) fell(v, t, add_count(v, t, -1) <= 1);
      }
    }
    counts_[index(v, s)] = 1;  // the keeper alone
    return true;
  }

  /// Takes value v away from the peers of `keeper` (the other cells of its sets) that hold it; the
  /// keeper holds v and keeps it. Calls cell(c) for each peer c first (false: stop, and return
  /// false, the state left half done), then fell(v, t, low) for each set t of c, `low` when v is
  /// left with one place or none there. The keeper's sets are left with one place each: the
  /// keeper. (Whether a count is low is hard to predict: the caller should act on it without a
  /// branch, as ValueSetMarks::mark_pair_if does.)
  template <class Cell, class Fell>
  bool take_from_peers(int v, std::uint32_t keeper, Cell&& cell, Fell&& fell) {
    // Locals, not members, in the loop: the compiler must assume that each store to a count (a
    // char) may change any member, and would load them all again.
    std::uint64_t* const b = board(v);
    unsigned char* const counts = counts_of(v);
    const std::uint32_t* const sets_of_start = sets_of_start_.data();
    const std::uint32_t* const sets_of = sets_of_.data();
    const bool ok = take_holders(b, keeper, [&](std::uint32_t c) {
      if (!cell(c)) return false;
      for (std::uint32_t k = sets_of_start[c]; k < sets_of_start[c + 1]; ++k)
        fell(v, sets_of[k], --counts[sets_of[k]] <= 1);
      return true;
    });
    if (!ok) return false;
    for (std::uint32_t k = sets_of_start[keeper]; k < sets_of_start[keeper + 1]; ++k) counts[sets_of[k]] = 1;
    return true;
  }

  /// True when take_from_peers_packed() may be used: at most 32 sets.
  bool packed() const { return !ones_.empty(); }
  /// take_from_peers() for at most 32 sets, with a value's counts held in two 16-byte registers
  /// while the peers are taken (one subtraction per register and peer, where the byte counts in
  /// memory cost a dependent load and store per set of each peer). Instead of calling fell, sets
  /// `fallen` to the sets (bit s for set s) whose count fell to one place or none, the keeper's
  /// own sets excepted.
  template <class Cell>
  bool take_from_peers_packed(int v, std::uint32_t keeper, Cell&& cell, std::uint64_t& fallen) {
    std::uint64_t* const b = board(v);
    unsigned char* const counts = counts_of(v);
#if defined(__SSE2__) && !defined(CSP_NO_SIMD)
    const __m128i before0 = load16(counts), before1 = load16(counts + 16);
    __m128i c0 = before0, c1 = before1;
    const bool ok = take_holders(b, keeper, [&](std::uint32_t c) {
      if (!cell(c)) return false;
      c0 = _mm_sub_epi8(c0, load16(ones_[c].data()));
      c1 = _mm_sub_epi8(c1, load16(ones_[c].data() + 16));
      return true;
    });
    if (!ok) return false;
    // The keeper's sets are left with one place each, the keeper; the others that changed and
    // have one place or none need a look.
    const __m128i k0 = load16(ones_[keeper].data()), k1 = load16(ones_[keeper].data() + 16);
    const __m128i keep0 = _mm_cmpeq_epi8(k0, _mm_set1_epi8(1)), keep1 = _mm_cmpeq_epi8(k1, _mm_set1_epi8(1));
    c0 = _mm_or_si128(_mm_andnot_si128(keep0, c0), k0);
    c1 = _mm_or_si128(_mm_andnot_si128(keep1, c1), k1);
    store16(counts, c0);
    store16(counts + 16, c1);
    auto changed = [](__m128i c, __m128i before, __m128i keep) {  // and not the keeper's
      return _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi8(c, before), keep), _mm_set1_epi8(-1));
    };
    fallen = low_bits(c0, changed(c0, before0, keep0)) | low_bits(c1, changed(c1, before1, keep1)) << 16;
#else
    std::array<unsigned char, 32> before;
    std::copy(counts, counts + 32, before.begin());
    const bool ok = take_holders(b, keeper, [&](std::uint32_t c) {
      if (!cell(c)) return false;
      for (int s = 0; s < 32; ++s) counts[s] = static_cast<unsigned char>(counts[s] - ones_[c][s]);
      return true;
    });
    if (!ok) return false;
    fallen = 0;
    for (int s = 0; s < 32; ++s) {
      if (ones_[keeper][s] != 0) counts[s] = 1;
      else if (counts[s] != before[s] && counts[s] <= 1) fallen |= std::uint64_t{1} << s;
    }
#endif
    return true;
  }

  /// Number of cells of set s holding value v.
  int count(int v, std::uint32_t s) const { return counts_[index(v, s)]; }
  /// True when the cell has one value left.
  bool fixed(std::uint32_t cell) const { return (fixed_[cell / 64] & bit(cell)) != 0; }
  /// A cell of set s holding value v, which must have one.
  std::uint32_t place(int v, std::uint32_t s) const {
    const std::uint64_t* b = board(v);
    if (!halves_.empty()) {  // two words: without a loop
      const std::uint64_t m0 = b[0] & halves_[s][0], m1 = b[1] & halves_[s][1];
      return m0 != 0 ? static_cast<std::uint32_t>(std::countr_zero(m0)) : 64 + static_cast<std::uint32_t>(std::countr_zero(m1));
    }
    for (std::uint32_t k = start_[s];; ++k)
      if (const std::uint64_t m = b[spans_[k].word] & spans_[k].bits; m != 0)
        return spans_[k].word * 64 + static_cast<std::uint32_t>(std::countr_zero(m));
  }
  /// Number of cells of set s fixed to value v; `where` receives one of them.
  int fixed_places(int v, std::uint32_t s, std::uint32_t& where) const {
    const std::uint64_t* b = board(v);
    if (!halves_.empty()) {  // two words: without a loop
      const std::uint64_t f0 = b[0] & halves_[s][0] & fixed_[0], f1 = b[1] & halves_[s][1] & fixed_[1];
      where = f0 != 0 ? static_cast<std::uint32_t>(std::countr_zero(f0)) : 64 + static_cast<std::uint32_t>(std::countr_zero(f1));
      return std::popcount(f0) + std::popcount(f1);
    }
    int n = 0;
    for (std::uint32_t k = start_[s]; k < start_[s + 1]; ++k) {
      const Span span = spans_[k];
      if (const std::uint64_t f = b[span.word] & span.bits & fixed_[span.word]; f != 0) {
        n += std::popcount(f);
        where = span.word * 64 + static_cast<std::uint32_t>(std::countr_zero(f));
      }
    }
    return n;
  }

 private:
  struct Span {  // the cells of a set that live in one word of a board
    std::uint32_t word;
    std::uint64_t bits;
  };
  static std::uint64_t bit(std::uint32_t cell) { return std::uint64_t{1} << (cell % 64); }
#if defined(__SSE2__) && !defined(CSP_NO_SIMD)
  // 16 bytes of counts (or of a row of ones_) into a register, and back.
  static __m128i load16(const unsigned char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static void store16(unsigned char* p, __m128i c) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), c); }
  // The bytes of `c` that are 0 or 1 (one place or none) and set in `where`, as bits.
  static std::uint64_t low_bits(__m128i c, __m128i where) {
    const __m128i at_most_one = _mm_cmpeq_epi8(_mm_subs_epu8(c, _mm_set1_epi8(1)), _mm_setzero_si128());
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(at_most_one, where)));
  }
#endif
  // Calls take(c) for each peer c of `keeper` whose bit is set on board `b` (false: stop, and
  // return false), and clears their bits.
  template <class Take>
  bool take_holders(std::uint64_t* b, std::uint32_t keeper, Take&& take) {
    const Span* span = peer_spans_.data() + peers_start_[keeper];
    const Span* const end = peer_spans_.data() + peers_start_[keeper + 1];
    for (; span != end; ++span) {
      const std::uint32_t word = span->word;
      const std::uint64_t holders = b[word] & span->bits;
      for (std::uint64_t m = holders; m != 0; m &= m - 1)
        if (!take(word * 64 + static_cast<std::uint32_t>(std::countr_zero(m)))) return false;
      b[word] &= ~holders;
    }
    return true;
  }
  void bind(std::uint64_t* state) {
    boards_ = state;
    fixed_ = boards_ + static_cast<std::size_t>(width_) * words_;
    // A byte per count, read and written as bytes of the state words (which a char type may do).
    counts_ = reinterpret_cast<unsigned char*>(fixed_ + words_);
  }
  std::size_t index(int v, std::uint32_t s) const { return static_cast<std::size_t>(v) * stride_ + s; }
  unsigned char* counts_of(int v) { return counts_ + static_cast<std::size_t>(v) * stride_; }
  std::uint64_t* board(int v) { return boards_ + static_cast<std::size_t>(v) * words_; }
  const std::uint64_t* board(int v) const { return boards_ + static_cast<std::size_t>(v) * words_; }
  // Adds `delta` (1 or -1) to the counts of value v in the sets of `cell` (packed()); returns
  // those sets left with one place or none.
  std::uint64_t add_packed(int v, std::uint32_t cell, int delta) {
    unsigned char* const counts = counts_of(v);
#if defined(__SSE2__) && !defined(CSP_NO_SIMD)
    const __m128i m0 = load16(ones_[cell].data()), m1 = load16(ones_[cell].data() + 16);
    const __m128i c0 = delta > 0 ? _mm_add_epi8(load16(counts), m0) : _mm_sub_epi8(load16(counts), m0);
    const __m128i c1 = delta > 0 ? _mm_add_epi8(load16(counts + 16), m1) : _mm_sub_epi8(load16(counts + 16), m1);
    store16(counts, c0);
    store16(counts + 16, c1);
    const __m128i one = _mm_set1_epi8(1);
    return low_bits(c0, _mm_cmpeq_epi8(m0, one)) | low_bits(c1, _mm_cmpeq_epi8(m1, one)) << 16;
#else
    std::uint64_t low = 0;
    for (std::uint32_t s : sets_of(cell)) {
      counts[s] = static_cast<unsigned char>(counts[s] + delta);
      low |= std::uint64_t{counts[s] <= 1} << s;
    }
    return low;
#endif
  }
  // Adds `delta` to the count of (v, s); returns the new count.
  int add_count(int v, std::uint32_t s, int delta) {
    unsigned char& c = counts_[index(v, s)];
    c = static_cast<unsigned char>(c + delta);
    return c;
  }

  int width_ = 0;                   // number of values (boards)
  std::size_t words_ = 0;           // words per board
  std::uint32_t sets_ = 0;          // number of sets
  std::uint32_t stride_ = 0;        // bytes of counts per value: 32 when sets_ <= 32, else sets_
  std::vector<std::array<unsigned char, 32>> ones_;  // per cell, a 1 at each of its sets (sets_ <= 32)
  std::vector<Span> spans_;         // every set's spans, set after set
  std::vector<std::uint32_t> start_;  // per set: its first span (and one past the last set)
  std::vector<std::uint32_t> sets_of_start_, sets_of_;  // per cell: its sets
  std::vector<Span> peer_spans_;                        // every cell's peers, cell after cell
  std::vector<std::uint32_t> peers_start_;              // per cell: its first peer span
  std::vector<std::array<std::uint64_t, 2>> halves_;   // per set: its cells, when boards have two words
  std::vector<std::uint64_t> reach_;                    // per value, a board's worth (scratch, kept zero)
  std::uint32_t state_ = 0;         // the first of its search-state words
  // Bound to the search state by bind(): the boards (value after value, words_ words each), the
  // fixed cells, and the counts (a byte per (value, set), value after value).
  std::uint64_t* boards_ = nullptr;
  std::uint64_t* fixed_ = nullptr;
  unsigned char* counts_ = nullptr;
};

/// The (value, set) pairs waiting for a look: per value, a bit set of sets; with each cell's sets
/// as a mask, so that "these values changed in this cell" is a few word ORs. Pairs are taken value
/// by value, the values going round from a cursor (as PartSet does with parts).
class ValueSetMarks {
 public:
  ValueSetMarks() = default;
  /// `sets_of[cell]`: the sets the cell belongs to; values are bit indices below `values_width`.
  ValueSetMarks(int values_width, std::size_t sets, const std::vector<std::vector<std::uint32_t>>& sets_of)
      : width_(values_width),
        sets_(sets),
        words_((sets + 63) / 64),
        mask_(sets_of.size() * words_, 0),
        marked_(static_cast<std::size_t>(values_width) * words_, 0) {
    for (std::size_t cell = 0; cell < sets_of.size(); ++cell)
      for (std::uint32_t s : sets_of[cell]) mask_[cell * words_ + s / 64] |= std::uint64_t{1} << (s % 64);
  }

  /// Marks (v, each set of the cell) for every value v in `values`.
  void mark(std::uint64_t values, std::uint32_t cell) {
    const std::uint64_t* mask = mask_.data() + std::size_t{cell} * words_;
    for (std::uint64_t vs = values; vs != 0; vs &= vs - 1) {
      std::uint64_t* m = marked(std::countr_zero(vs));
      for (std::size_t k = 0; k < words_; ++k) m[k] |= mask[k];
    }
    pending_ |= values;
  }
  /// Marks every pair.
  void mark_all() {
    for (int v = 0; v < width_; ++v) {
      std::uint64_t* m = marked(v);
      for (std::size_t s = 0; s < sets_; ++s) m[s / 64] |= std::uint64_t{1} << (s % 64);
      pending_ |= std::uint64_t{1} << v;
    }
  }
  /// The marks of one value, gathered by a loop that may mark many of its pairs and handed back
  /// with add() at its end: on locals, so that the loop's other stores (a count is a char, which
  /// may alias anything) do not force the marks to be loaded and stored at every step; with at
  /// most 64 sets (a 9x9 Sudoku has 27), in a register.
  class OfValue {
   public:
    /// Marks (v, s) when `yes`, without a branch.
    void mark_if(bool yes, std::uint32_t s) {
      const std::uint64_t bit = yes ? 1 : 0;
      if (one_word_) {
        gathered_ |= bit << s;
      } else {
        sets_[s / 64] |= bit << (s % 64);
        gathered_ |= bit;
      }
    }

   private:
    friend class ValueSetMarks;
    OfValue(std::uint64_t* sets, bool one_word) : sets_(sets), one_word_(one_word) {}
    std::uint64_t* sets_;
    bool one_word_;
    std::uint64_t gathered_ = 0;  // one word: the marked sets; more: non-zero when any
  };
  OfValue of(int v) { return OfValue(marked(v), words_ == 1); }
  void add(int v, const OfValue& marks) {
    if (marks.one_word_) marks.sets_[0] |= marks.gathered_;
    pending_ |= std::uint64_t{marks.gathered_ != 0} << v;
  }

  /// Marks (v, s) when `yes`, without a branch (for a condition that is hard to predict).
  void mark_pair_if(bool yes, int v, std::uint32_t s) {
    const std::uint64_t bit = yes ? 1 : 0;
    marked(v)[s / 64] |= bit << (s % 64);
    pending_ |= bit << v;
  }
  /// Marks (v, s) for each set s in `sets` (bit s), with at most 64 sets.
  void mark_sets(int v, std::uint64_t sets) {
    marked(v)[0] |= sets;
    pending_ |= std::uint64_t{sets != 0} << v;
  }
  /// Unmarks (v, each set of the cell).
  void unmark(int v, std::uint32_t cell) {
    const std::uint64_t* mask = mask_.data() + std::size_t{cell} * words_;
    std::uint64_t* m = marked(v);
    for (std::size_t k = 0; k < words_; ++k) m[k] &= ~mask[k];
  }

  /// Takes a marked pair off: the lowest set of the current value, moving on to the next value
  /// (going round) when it has none; false when no pair is left.
  bool next(int& v, std::uint32_t& s) {
    while (pending_ != 0) {
      const std::uint64_t ahead = pending_ & (~std::uint64_t{0} << cursor_);
      cursor_ = std::countr_zero(ahead != 0 ? ahead : pending_);
      std::uint64_t* m = marked(cursor_);
      for (std::size_t k = 0; k < words_; ++k) {
        if (m[k] == 0) continue;
        const int b = std::countr_zero(m[k]);
        m[k] &= m[k] - 1;
        v = cursor_;
        s = static_cast<std::uint32_t>(k * 64 + static_cast<std::size_t>(b));
        return true;
      }
      pending_ &= ~(std::uint64_t{1} << cursor_);  // nothing left for this value
    }
    return false;
  }

  /// Unmarks every pair (after a failed run).
  void clear() {
    std::fill(marked_.begin(), marked_.end(), 0);
    pending_ = 0;
  }

 private:
  std::uint64_t* marked(int v) { return marked_.data() + static_cast<std::size_t>(v) * words_; }

  int width_ = 0;                      // number of values
  std::size_t sets_ = 0;               // number of sets
  std::size_t words_ = 0;              // words per bit set of sets
  std::vector<std::uint64_t> mask_;    // per cell: its sets
  std::vector<std::uint64_t> marked_;  // per value: the sets waiting for a look
  std::uint64_t pending_ = 0;          // values that may have marked sets
  int cursor_ = 0;                     // the value being worked on
};

inline void ValueBoards::recount_and_mark(ValueSetMarks& marks) {
  // Branch-free marks: which pairs are low is hard to predict.
  if (!halves_.empty()) {  // two words per board: both passes in one, on masks
    for (int v = 0; v < width_; ++v) {
      const std::uint64_t b0 = board(v)[0], b1 = board(v)[1], f0 = b0 & fixed_[0], f1 = b1 & fixed_[1];
      unsigned char* counts = counts_of(v);
      ValueSetMarks::OfValue low = marks.of(v);
      for (std::uint32_t s = 0; s < sets_; ++s) {
        const std::uint64_t h0 = halves_[s][0], h1 = halves_[s][1];
        const int n = std::popcount(b0 & h0) + std::popcount(b1 & h1);
        counts[s] = static_cast<unsigned char>(n);
        low.mark_if((n == 0) | ((n == 1) & (((f0 & h0) | (f1 & h1)) == 0)), s);
      }
      marks.add(v, low);
    }
    return;
  }
  recount();
  for (int v = 0; v < width_; ++v) {
    ValueSetMarks::OfValue low = marks.of(v);
    const unsigned char* counts = counts_of(v);
    for (std::uint32_t s = 0; s < sets_; ++s) {
      std::uint32_t where = 0;
      low.mark_if((counts[s] == 0) | ((counts[s] == 1) & (fixed_places(v, s, where) == 0)), s);
    }
    marks.add(v, low);
  }
}

}  // namespace csp::rules_detail
