// Naked singles, hidden singles and (optionally) locked candidates on a grid of exact groups laid
// out in bands: the BAND ACCELERATOR of the singles propagator (singles.cpp), for Sudoku (boxes of
// h x w cells, N = h * w values, h * N <= 64: 4x4 to 16x16) and Latin squares (rows and columns
// only, N <= 64). It reaches exactly the same fixpoint as singles.cpp and the locked pairs it hosts
// (tests/test_rules.cpp holds both to the closure of the finders), by other means.
//
// Why another propagator: singles.cpp keeps three views of the candidates in step at every removal
// (the cells' words, a board per value, a count per value and group), and that bookkeeping was
// most of the time on hard Sudoku (docs/benchmarks.md, issue 33). Here the candidates are kept
// value-major only, as JCZSolve does: for each value and band (h rows of the grid), one 64-bit
// word with a bit per cell of the band. A question about a value in a row or a box of the band is
// then an AND with a mask, and a column is the same bit of each row, folded with shifts. What
// changed since the last look is a bit per (value, band): only those words are looked at again.
// The cells that lost candidates have their words gathered from the boards at the end of the run
// and written back once (working_copy.hpp: the engine and the variable order read cell words).
//
// A run with a tracer (explain, grade, trace) reports every removal with its rule and group in
// the order singles.cpp makes them: such a run is handed to an embedded singles.cpp propagator, so
// that what those commands print does not change (its state words are reserved beside these).
//
// Not the default yet: post_groups() posts it only when built with CSP_BAND_ACCELERATOR (CMake
// option), as it is not faster than singles.cpp (docs/benchmarks.md, issue 33); the rule tests run
// it always (rules_detail::post_groups with Accelerator::bands).
//
// The rules, as in singles.cpp and locked_pairs.hpp (the fixpoint is the same; the counters differ,
// as the removals are made in another order and counted as below):
// naked single:  a fixed cell's value leaves its peers. Firings: fixed cells that removed something
//                (cells of one band fixed to one value and cleared together count each).
// hidden single: a value with one place in a group is placed there; with none, the run fails.
//                Firings: placements that removed something.
// locked candidates: a value confined, in a box, to one row or column leaves the rest of that line
//                (pointing); confined, in a line, to one box, it leaves the rest of the box
//                (claiming). Firings: the looks at a (value, band) that removed something.
// A cell left without candidates fails the run (a value fixed in two cells of a group empties one).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "csp/rules/detail/rule_propagators.hpp"
#include "csp/rules/detail/working_copy.hpp"

namespace csp::rules_detail {
namespace {

/// The grid's shape: side n, bands of h rows, boxes w wide (w == 0: no boxes, a Latin square).
struct BandLayout {
  int n = 0, h = 0, w = 0;
  int bands() const { return n / h; }
  int boxes_per_band() const { return w == 0 ? 0 : n / w; }
};

/// The layout the groups fit, with cell i of `cells` (their order of first appearance) at row
/// i / n, column i % n; false when they fit none: every group n cells and the same n values (bits
/// 0..n-1 of one base), the rows and the columns each once, and either every h x w box once
/// (h, w >= 2, h * n <= 64) or no other group (a Latin square, bands of one row).
bool fit_layout(const std::vector<Group>& groups, const std::vector<Shape>& shapes, const std::vector<Var>& cells,
                BandLayout& out) {
  if (groups.empty()) return false;
  const std::size_t n = groups[0].cells.size();
  if (n < 2 || n > 64 || cells.size() != n * n) return false;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  const std::vector<int> index_of = scope_index(cells);
  // Each group as the set of its cells' positions, sorted, to compare with rows, columns, boxes.
  std::vector<std::vector<int>> sets;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].cells.size() != n || shapes[g].values != all || shapes[g].base != shapes[0].base) return false;
    std::vector<int> s;
    for (Var v : groups[g].cells) s.push_back(index_of[static_cast<std::size_t>(v.id)]);
    std::sort(s.begin(), s.end());
    sets.push_back(std::move(s));
  }
  const int side = static_cast<int>(n);
  auto take = [&](std::vector<int> wanted) {  // removes one group equal to `wanted`; false if none
    std::sort(wanted.begin(), wanted.end());
    for (auto it = sets.begin(); it != sets.end(); ++it)
      if (*it == wanted) {
        sets.erase(it);
        return true;
      }
    return false;
  };
  for (int r = 0; r < side; ++r) {
    std::vector<int> row, col;
    for (int c = 0; c < side; ++c) {
      row.push_back(r * side + c);
      col.push_back(c * side + r);
    }
    if (!take(row) || !take(col)) return false;
  }
  if (sets.empty()) {
    out = BandLayout{side, 1, 0};
    return true;
  }
  for (int h = 2; h < side; ++h) {
    if (side % h != 0 || h * side > 64) continue;
    const int w = side / h;
    if (w < 2) continue;
    std::vector<std::vector<int>> saved = sets;
    bool every = true;
    for (int k = 0; k < side && every; ++k) {
      std::vector<int> box;
      for (int i = 0; i < side; ++i) box.push_back((k / h * h + i / w) * side + k % h * w + i % w);
      every = take(box);
    }
    if (every && sets.empty()) {
      out = BandLayout{side, h, w};
      return true;
    }
    sets = std::move(saved);
  }
  return false;
}

/// All ones where `b` is true, else zero: picks a mask without a branch (which of these tests hold
/// is hard to predict, and a mispredicted branch costs more than the few operations it saves).
constexpr std::uint64_t when(bool b) { return std::uint64_t{0} - static_cast<std::uint64_t>(b); }
/// True when x has exactly one bit.
constexpr bool one(std::uint64_t x) { return std::popcount(x) == 1; }

/// The propagator, for side N, bands of H rows and boxes W wide known at compile time (the usual
/// Sudoku sizes: the loops over rows and boxes unroll and the shifts are constants), or at run time
/// when N is 0.
template <int N, int H, int W>
class BandSingles final : public Propagator {
 public:
  BandSingles(Model& model, const BandLayout& layout, const std::vector<Group>& groups, const std::vector<Shape>& shapes,
              bool locked, Counters naked_counters, Counters hidden_counters, Counters locked_counters,
              std::unique_ptr<Propagator> traced)
      : Propagator(distinct_cells(groups), Trigger::any),
        n_(layout.n),
        h_(layout.h),
        w_(layout.w),
        bands_(layout.bands()),
        boxes_(layout.boxes_per_band()),
        locked_(locked && layout.w != 0),
        naked_counters_(naked_counters),
        hidden_counters_(hidden_counters),
        locked_counters_(locked_counters),
        traced_(std::move(traced)) {
    const std::vector<int> index_of = scope_index(scope());
    std::vector<std::uint32_t> word(scope().size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
      for (std::size_t k = 0; k < groups[g].cells.size(); ++k)
        word[static_cast<std::size_t>(index_of[static_cast<std::size_t>(groups[g].cells[k].id)])] = shapes[g].word[k];
      meaning_.add(groups[g], shapes[g], index_of);
    }
    cells_ = WorkingCopy(model, std::move(word));
    state_ = model.add_state(static_cast<std::size_t>((n() + 1) * bands()));
    const int bits = h() * n();
    band_all_ = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    line_ = n() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n()) - 1;
    for (int r = 0; r < h(); ++r) row_[static_cast<std::size_t>(r)] = line_ << (r * n());
    for (int k = 0; k < boxes(); ++k) {
      box_columns_[static_cast<std::size_t>(k)] = ((std::uint64_t{1} << w()) - 1) << (k * w());
      box_[static_cast<std::size_t>(k)] = spread(box_columns_[static_cast<std::size_t>(k)]);
      box_starts_ |= std::uint64_t{1} << (k * w());
    }
    mini_ = spread(box_starts_);
    // A blank grid (every cell with every value) is the fixpoint: each search then starts from
    // it, with only the cells its caller narrowed (a puzzle's givens) to follow.
    bool blank = true;
    for (Var v : scope()) blank &= model.initial_domains().bits(v) == line_;
    if (blank) {
      cells_.shadow_initial(model);
      std::uint64_t* s = model.initial_state(state_);
      for (int k = 0; k < n() * bands(); ++k) s[k] = band_all_;
    }
    changed_.assign(static_cast<std::size_t>(bands()), 0);
  }

  // The name of the propagator it accelerates: the tracer of explain names rules by it.
  std::string name() const override {
    return locked_ ? "naked-single+hidden-single+locked-candidates" : "naked-single+hidden-single";
  }
  bool satisfied(std::span<const Value> values) const override { return meaning_.satisfied(values); }
  bool check(const Domains& d) const override { return meaning_.check(d); }
  std::vector<std::vector<Var>> relations() const override { return meaning_.groups(); }

  PropStatus propagate(Context& ctx) override {
    if (ctx.tracing()) return traced_->propagate(ctx);
    board_ = ctx.state(state_);
    solved_ = board_ + n() * bands();
    tally_ = {};
    bool ok = true, again = false;
    const int band_bits = h() * n();
    const bool fresh = cells_.load(ctx, [&](std::uint32_t cell, std::uint64_t before, std::uint64_t now) {
      const int b = static_cast<int>(cell) / band_bits;
      const std::uint64_t bit = std::uint64_t{1} << (static_cast<int>(cell) % band_bits);
      ok &= now != 0;
      again |= (now & ~before) != 0;
      solved_[b] &= ~bit;  // its value (if fixed) must leave its peers again
      for (std::uint64_t lost = before & ~now & line_; lost != 0; lost &= lost - 1) take(std::countr_zero(lost), b, bit);
      for (std::uint64_t come = now & ~before & line_; come != 0; come &= come - 1)
        word(std::countr_zero(come), b) |= bit;
    });
    for (int b = 0; b < bands(); ++b) changed_[static_cast<std::size_t>(b)] = 0;  // the cells know already
    if (fresh) {  // the state's words may hold what a failed run left: rebuild them from the cells
      std::fill(board_, board_ + n() * bands(), std::uint64_t{0});
      for (std::uint32_t cell = 0; cell < scope().size(); ++cell)
        for (std::uint64_t m = cells_[cell] & line_; m != 0; m &= m - 1)
          word(std::countr_zero(m), static_cast<int>(cell) / band_bits) |= std::uint64_t{1}
                                                                             << (static_cast<int>(cell) % band_bits);
    }
    // Candidates came back (a new search, or a caller restoring some): a fixed cell may have them
    // among its peers again, and any value may have a place again. Look at everything.
    if (fresh || again) {
      for (int b = 0; b < bands(); ++b) {
        solved_[b] = 0;
        naked_bands_ |= std::uint64_t{1} << b;
      }
      dirty_values_ = locked_values_ = line_;
      dirty_bands_.fill(~std::uint64_t{0});
      locked_bands_.fill(~std::uint64_t{0});
    }
    if (ok) ok = run();
    if (ok) write_back(ctx);
    if (!ok) {  // after a failure some marks are left
      dirty_bands_.fill(0);
      locked_bands_.fill(0);
    }
    dirty_values_ = locked_values_ = naked_bands_ = 0;
    ok = cells_.finish(ctx, scope(), ok);
    report(ctx);
    return ok ? PropStatus::fixpoint : PropStatus::failed;
  }

 private:
  struct Tally {
    std::uint64_t naked_fired = 0, naked_removed = 0, hidden_fired = 0, hidden_removed = 0, locked_fired = 0,
                  locked_removed = 0;
  };

  // The dimensions: constants for the usual sizes, the layout's otherwise.
  int n() const { return N != 0 ? N : n_; }
  int h() const { return N != 0 ? H : h_; }
  int w() const { return N != 0 ? W : w_; }
  int bands() const { return N != 0 ? N / H : bands_; }
  int boxes() const { return N != 0 ? (W == 0 ? 0 : N / W) : boxes_; }

  std::uint64_t& word(int v, int b) { return board_[v * bands() + b]; }
  // The columns (bits 0..n-1) where a band word has cells.
  std::uint64_t fold(std::uint64_t x) const {
    std::uint64_t f = 0;
    for (int r = 0; r < h(); ++r) f |= x >> (r * n());
    return f & line_;
  }
  // The cells of a band in the columns `cols` (bits 0..n-1).
  std::uint64_t spread(std::uint64_t cols) const {
    std::uint64_t x = 0;
    for (int r = 0; r < h(); ++r) x |= cols << (r * n());
    return x;
  }

  // Takes value v from the cells `mask` of band b that hold it, and marks what that changes: the
  // value for a look (singles, then locked candidates), the band for naked singles, the cells for
  // the write-back. Without a branch. Returns how many cells lost v.
  int take(int v, int b, std::uint64_t mask) {
    std::uint64_t& x = word(v, b);
    const std::uint64_t gone = x & mask;
    x &= ~mask;
    const std::uint64_t any = gone != 0 ? 1 : 0;
    dirty_values_ |= any << v;
    dirty_bands_[static_cast<std::size_t>(v)] |= any << b;
    locked_bands_[static_cast<std::size_t>(v)] |= any << b;
    locked_values_ |= any << v;
    naked_bands_ |= any << b;
    changed_[static_cast<std::size_t>(b)] |= gone;
    return std::popcount(gone);
  }

  // Naked singles on the bands marked, then a look at the values marked, then (when hosted) locked
  // candidates, until nothing is marked; false on failure.
  bool run() {
    for (;;) {
      if (naked_bands_ != 0) {
        const int b = std::countr_zero(naked_bands_);
        naked_bands_ &= naked_bands_ - 1;
        if (!naked(b)) return false;
      } else if (dirty_values_ != 0) {
        const int v = std::countr_zero(dirty_values_);
        dirty_values_ &= dirty_values_ - 1;
        const std::uint64_t bands = dirty_bands_[static_cast<std::size_t>(v)];
        dirty_bands_[static_cast<std::size_t>(v)] = 0;
        if (!look(v, bands)) return false;
      } else if (locked_ && locked_values_ != 0) {
        const int v = std::countr_zero(locked_values_);
        locked_values_ &= locked_values_ - 1;
        const std::uint64_t bands = locked_bands_[static_cast<std::size_t>(v)];
        locked_bands_[static_cast<std::size_t>(v)] = 0;
        lock(v, bands);
      } else {
        return true;
      }
    }
  }

  // The cells of band b left with one value (counted for all values at once, in bit slices) that
  // have not cleared their peers yet do so; false when a cell has no value left, or two cells of a
  // group in the band are fixed to one value.
  bool naked(int b) {
    std::uint64_t once = 0, twice = 0;
    for (int v = 0; v < n(); ++v) {
      const std::uint64_t x = word(v, b);
      twice |= once & x;
      once |= x;
    }
    if (once != band_all_) return false;
    const std::uint64_t fixed = once & ~twice & ~solved_[b];
    if (fixed == 0) return true;
    solved_[b] |= fixed;
    std::uint64_t values = 0;  // the values of the fixed cells
    for (int v = 0; v < n(); ++v) values |= static_cast<std::uint64_t>((word(v, b) & fixed) != 0) << v;
    for (; values != 0; values &= values - 1) {
      const int v = std::countr_zero(values);
      const std::uint64_t m = word(v, b) & fixed;
      // Their rows and boxes in the band, their columns in the other bands.
      std::uint64_t peers = 0, twice_in = 0;
      for (int r = 0; r < h(); ++r) {
        const std::uint64_t in = m & row_[static_cast<std::size_t>(r)];
        peers |= row_[static_cast<std::size_t>(r)] & when(in != 0);
        twice_in |= in & (in - 1);
      }
      for (int k = 0; k < boxes(); ++k) {
        const std::uint64_t in = m & box_[static_cast<std::size_t>(k)];
        peers |= box_[static_cast<std::size_t>(k)] & when(in != 0);
        twice_in |= in & (in - 1);
      }
      if (twice_in != 0) return false;
      int removed = take(v, b, peers & ~m);
      const std::uint64_t column = spread(fold(m));
      for (int o = 0; o < bands(); ++o) removed += take(v, o, column & when(o != b));
      tally_.naked_fired += removed != 0 ? static_cast<std::uint64_t>(std::popcount(m)) : 0;
      tally_.naked_removed += static_cast<std::uint64_t>(removed);
    }
    return true;
  }

  // Places value v in the cells `at` of band b: every other value leaves them.
  void place(int v, int b, std::uint64_t at) {
    std::uint64_t others = 0;
    int removed = 0;
    for (int u = 0; u < n(); ++u) {
      const std::uint64_t mask = at & when(u != v);
      others |= word(u, b) & mask;
      removed += take(u, b, mask);
    }
    tally_.hidden_fired += static_cast<std::uint64_t>(std::popcount(others));
    tally_.hidden_removed += static_cast<std::uint64_t>(removed);
  }

  // A value's band word: its places that are the only ones in a row or a box of the band, into
  // `places`; false when a row or a box has none.
  bool rows_and_boxes(std::uint64_t x, std::uint64_t& places) const {
    bool empty = false;
    for (int r = 0; r < h(); ++r) {
      const std::uint64_t in = x & row_[static_cast<std::size_t>(r)];
      empty |= in == 0;
      places |= in & when((in & (in - 1)) == 0);
    }
    for (int k = 0; k < boxes(); ++k) {
      const std::uint64_t in = x & box_[static_cast<std::size_t>(k)];
      empty |= in == 0;
      places |= in & when((in & (in - 1)) == 0);
    }
    return !empty;
  }

  // Value v: hidden singles in the rows and boxes of the bands `changed` (the others have none
  // since the last look) and in every column; false when a group has no place for it.
  bool look(int v, std::uint64_t changed) {
    std::uint64_t once = 0, twice = 0;
    for (int b = 0; b < bands(); ++b) {
      const std::uint64_t x = word(v, b);
      std::uint64_t places = 0;
      if ((changed >> b & 1) != 0 && !rows_and_boxes(x, places)) return false;
      // Columns: where v is in this band, and where in one row of it (kept for below).
      std::uint64_t occupied = 0, several = 0;
      for (int r = 0; r < h(); ++r) {
        const std::uint64_t y = (x >> (r * n())) & line_;
        several |= occupied & y;
        occupied |= y;
      }
      column_once_[static_cast<std::size_t>(b)] = occupied & ~several;
      twice |= once & occupied;
      once |= occupied;
      places &= ~solved_[b];  // a fixed cell whose peers are clear has nothing more to lose
      if (places != 0) place(v, b, places);
    }
    if (once != line_) return false;  // a column without v
    // A column where v is in one band only, and there in one row: a hidden single.
    const std::uint64_t alone = once & ~twice;
    for (int b = 0; b < bands(); ++b) {
      const std::uint64_t at = word(v, b) & spread(alone & column_once_[static_cast<std::size_t>(b)]) & ~solved_[b];
      if (at != 0) place(v, b, at);
    }
    return true;
  }

  // Locked candidates for value v in every band: pointing (a box's v in one row leaves the rest of
  // the row; in one column, the rest of the column in the other bands) and claiming (a row's v in
  // one box leaves the rest of the box; a column's v in one band, and so one box, likewise). Every
  // removal of a band is worked out from its word before any is made (each is sound on the word as
  // it was, so on any narrower one), and made at once. Boxes and rows meet in mini-rows (w cells
  // of a row in a box): the band's occupied mini-rows, one bit each at their first cell, answer
  // both questions for every box and row at once. Two boxes confined to one row (or two rows to
  // one box, two columns of a box to one band) empty it: a contradiction the next look reports.
  // Only the columns look across bands: boxes and rows are looked at in the bands `changed` since
  // the last look, as nothing else can have changed there. Firings: the bands where it removed
  // something, for this value.
  void lock(int v, std::uint64_t changed) {
    std::uint64_t once = 0, twice = 0;
    std::array<std::uint64_t, 64>& cols = column_once_;  // scratch: each band's columns
    for (int b = 0; b < bands(); ++b) {
      cols[static_cast<std::size_t>(b)] = fold(word(v, b));
      twice |= once & cols[static_cast<std::size_t>(b)];
      once |= cols[static_cast<std::size_t>(b)];
    }
    const std::uint64_t alone = once & ~twice;  // columns with v in one band only
    for (int b = 0; b < bands(); ++b) {
      const std::uint64_t x = word(v, b), here = cols[static_cast<std::size_t>(b)], mine = alone & here;
      std::uint64_t gone = 0, point_columns = 0;
      // Columns: a column's v in this band claims its box.
      for (int k = 0; k < boxes(); ++k) {
        const std::uint64_t claim = mine & box_columns_[static_cast<std::size_t>(k)];
        gone |= box_[static_cast<std::size_t>(k)] & ~(spread(claim) & when(one(claim))) & when(claim != 0);
      }
      if ((changed >> b & 1) != 0) gone |= in_band(x, here, point_columns);
      int removed = take(v, b, gone);
      const std::uint64_t column = spread(point_columns);
      for (int o = 0; o < bands(); ++o) removed += take(v, o, column & when(o != b));
      tally_.locked_fired += removed != 0 ? 1 : 0;
      tally_.locked_removed += static_cast<std::uint64_t>(removed);
    }
  }

  // Pointing and claiming between the boxes and rows of a band, whose word for a value is x and
  // columns `cols`: returns the cells where the value goes, and adds to `point_columns` the
  // columns that a box's value is confined to.
  std::uint64_t in_band(std::uint64_t x, std::uint64_t cols, std::uint64_t& point_columns) const {
    std::uint64_t mini = 0;  // the occupied mini-rows
    for (int i = 0; i < w(); ++i) mini |= x >> i;
    mini &= mini_;
    // Per box (bit k * w of a row), the rows where it has v: exactly one is a pointing box.
    std::uint64_t in_one = 0, in_more = 0;
    for (int r = 0; r < h(); ++r) {
      const std::uint64_t boxes_here = (mini >> (r * n())) & box_starts_;
      in_more |= in_one & boxes_here;
      in_one |= boxes_here;
    }
    const std::uint64_t pointing = in_one & ~in_more;
    std::uint64_t gone_minis = 0;
    for (int r = 0; r < h(); ++r) {
      const std::uint64_t boxes_here = (mini >> (r * n())) & box_starts_;
      // Boxes confined to row r: the row's other mini-rows go.
      const std::uint64_t p = boxes_here & pointing;
      gone_minis |= (box_starts_ & ~(p & when(one(p))) & when(p != 0)) << (r * n());
      // Row r in one box: the box's other mini-rows go.
      gone_minis |= (spread(boxes_here) & ~(boxes_here << (r * n()))) & when(one(boxes_here));
    }
    std::uint64_t gone = 0;
    for (int i = 0; i < w(); ++i) gone |= gone_minis << i;
    // A box's value in one column points at it.
    for (int k = 0; k < boxes(); ++k) {
      const std::uint64_t c = cols & box_columns_[static_cast<std::size_t>(k)];
      point_columns |= c & when(one(c));
    }
    return gone;
  }

  // The cells whose candidates changed in this run, written to the working copy: each cell's word
  // gathered from the boards.
  void write_back(Context& ctx) {
    const int band_bits = h() * n();
    for (int b = 0; b < bands(); ++b) {
      for (std::uint64_t m = changed_[static_cast<std::size_t>(b)]; m != 0; m &= m - 1) {
        const int p = std::countr_zero(m);
        std::uint64_t keep = 0;
        for (int v = 0; v < n(); ++v) keep |= ((word(v, b) >> p) & 1) << v;
        const auto cell = static_cast<std::uint32_t>(b * band_bits + p);
        cells_.set(ctx, scope()[cell], cell, keep, false);
      }
    }
  }

  void report(Context& ctx) const {
    auto add = [&](CounterId id, std::uint64_t k) {
      if (k != 0) ctx.count(id, k);
    };
    add(naked_counters_.fired, tally_.naked_fired);
    add(naked_counters_.removed, tally_.naked_removed);
    add(hidden_counters_.fired, tally_.hidden_fired);
    add(hidden_counters_.removed, tally_.hidden_removed);
    if (locked_) {
      add(locked_counters_.fired, tally_.locked_fired);
      add(locked_counters_.removed, tally_.locked_removed);
    }
  }

  const int n_, h_, w_, bands_, boxes_;  // the layout (see n() and the others)
  const bool locked_;
  Counters naked_counters_, hidden_counters_, locked_counters_;
  std::unique_ptr<Propagator> traced_;  // singles.cpp on the same groups, for runs with a tracer
  GroupsMeaning meaning_;
  WorkingCopy cells_;                   // the cells' words, written back at the end of a run
  std::uint32_t state_ = 0;             // search state: n * bands board words, then bands solved words
  std::uint64_t* board_ = nullptr;      // bound per run: value v, band b at v * bands + b
  std::uint64_t* solved_ = nullptr;     // bound per run: per band, fixed cells whose peers are clear
  std::uint64_t band_all_ = 0, line_ = 0;        // every cell of a band; every column (or value)
  std::array<std::uint64_t, 64> row_{};          // band row r's cells
  std::array<std::uint64_t, 64> box_{};          // box k's cells in a band
  std::array<std::uint64_t, 64> box_columns_{};  // box k's columns (bits 0..n-1)
  std::uint64_t box_starts_ = 0;                 // each box's first column (bits 0..n-1)
  std::uint64_t mini_ = 0;                       // each mini-row's first cell in a band
  std::array<std::uint64_t, 64> column_once_{};  // scratch of look() and lock(), per band
  std::vector<std::uint64_t> changed_;  // per band, the cells that lost candidates in this run
  std::uint64_t dirty_values_ = 0;      // the values whose words changed since their look (singles)
  std::array<std::uint64_t, 64> dirty_bands_{};  // per value, the bands whose word changed since then
  std::array<std::uint64_t, 64> locked_bands_{};  // the same for locked candidates
  std::uint64_t locked_values_ = 0;     // the same, since their look for locked candidates
  std::uint64_t naked_bands_ = 0;       // the bands with a word changed since their naked look
  Tally tally_;
};

template <int N, int H, int W>
std::unique_ptr<Propagator> make(Model& model, const BandLayout& layout, const std::vector<Group>& groups,
                                 const std::vector<Shape>& shapes, bool locked, Counters naked, Counters hidden,
                                 Counters locked_counters, std::unique_ptr<Propagator> traced) {
  return std::make_unique<BandSingles<N, H, W>>(model, layout, groups, shapes, locked, naked, hidden, locked_counters,
                                                std::move(traced));
}

}  // namespace

std::unique_ptr<Propagator> make_band_singles(Model& model, const std::vector<Group>& groups,
                                              const std::vector<Shape>& shapes, bool locked, Counters naked_counters,
                                              Counters hidden_counters, Counters locked_counters,
                                              const std::function<std::unique_ptr<Propagator>()>& traced) {
  BandLayout layout;
  if (!fit_layout(groups, shapes, distinct_cells(groups), layout)) return nullptr;
  // Latin squares have no pair of groups sharing two cells: no locked candidates to host.
  auto with = [&](auto maker) {
    return maker(model, layout, groups, shapes, locked, naked_counters, hidden_counters, locked_counters, traced());
  };
  if (layout.n == 9 && layout.h == 3 && layout.w == 3) return with(make<9, 3, 3>);
  if (layout.n == 4 && layout.h == 2 && layout.w == 2) return with(make<4, 2, 2>);
  if (layout.n == 16 && layout.h == 4 && layout.w == 4) return with(make<16, 4, 4>);
  return with(make<0, 0, 0>);
}

}  // namespace csp::rules_detail
