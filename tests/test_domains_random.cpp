// Domains and Context on every layout (one word, many words with their head word, value sets with
// holes, the interval form) against a reference kept in a std::set: long random sequences of every
// write, each followed by every read, and the events each Context write reports.
#include <catch2/catch.hpp>

#include <array>
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <vector>

#include "csp/csp.hpp"

namespace {

// The reference: a set of values, and whether it stands for the interval form (no holes: removing
// a value strictly inside is a no-op).
struct Reference {
  std::set<int> values;
  bool interval = false;

  bool remove(int x) {
    if (interval && !values.empty() && x != *values.begin() && x != *values.rbegin()) return true;
    values.erase(x);
    return !values.empty();
  }
  bool remove_below(int x) {
    values.erase(values.begin(), values.lower_bound(x));
    return !values.empty();
  }
  bool remove_above(int x) {
    values.erase(values.upper_bound(x), values.end());
    return !values.empty();
  }
  bool assign(int x) {
    const bool had = values.count(x) > 0;
    values.clear();
    if (had) values.insert(x);
    return had;
  }
};

// A random domain layout: width up to 4096 values (a quarter one-word, most multi-word, some
// interval), and for bitsets sometimes a value set with holes.
struct Layout {
  int lo = 0, width = 1;
  bool interval = false;
  std::vector<int> holes_kept;  // non-empty: the variable is built from these values
};

Layout random_layout(std::mt19937_64& rng) {
  Layout l;
  l.lo = static_cast<int>(rng() % 400) - 200;
  switch (rng() % 4) {
    case 0: l.width = 1 + static_cast<int>(rng() % 64); break;
    case 1: l.width = 65 + static_cast<int>(rng() % 300); break;
    case 2: l.width = 1 + static_cast<int>(rng() % static_cast<unsigned>(csp::kIntervalThreshold)); break;
    default: l.width = 1 + static_cast<int>(rng() % 3000); l.interval = true; break;
  }
  if (!l.interval && rng() % 3 == 0) {
    const unsigned keep = 1 + static_cast<unsigned>(rng() % 8);  // keeps about keep/8 of the values
    for (int x = l.lo; x < l.lo + l.width; ++x)
      if (rng() % 8 < keep || x == l.lo || x == l.lo + l.width - 1) l.holes_kept.push_back(x);
  }
  return l;
}

csp::Var add(csp::Model& m, const Layout& l) {
  m.set_interval_threshold(l.interval ? 0 : csp::kIntervalThreshold);
  csp::Var v = l.holes_kept.empty() ? m.add_var(l.lo, l.lo + l.width - 1) : m.add_var(l.holes_kept);
  m.set_interval_threshold(csp::kIntervalThreshold);
  return v;
}

Reference reference_of(const Layout& l) {
  Reference r;
  r.interval = l.interval;
  if (l.holes_kept.empty())
    for (int x = l.lo; x < l.lo + l.width; ++x) r.values.insert(x);
  else
    r.values.insert(l.holes_kept.begin(), l.holes_kept.end());
  return r;
}

// A value to write or probe: mostly inside the range, sometimes just outside, often a bound.
int pick(std::mt19937_64& rng, const Layout& l, const Reference& r) {
  if (!r.values.empty() && rng() % 4 == 0) return rng() % 2 == 0 ? *r.values.begin() : *r.values.rbegin();
  return l.lo - 3 + static_cast<int>(rng() % static_cast<unsigned>(l.width + 6));
}

// Every read of v against the reference.
void check_reads(const csp::Domains& d, csp::Var v, const Reference& r, const Layout& l, std::mt19937_64& rng) {
  REQUIRE(d.size(v) == static_cast<int>(r.values.size()));
  REQUIRE(d.empty(v) == r.values.empty());
  if (r.values.empty()) return;
  REQUIRE(d.min(v) == *r.values.begin());
  REQUIRE(d.max(v) == *r.values.rbegin());
  REQUIRE(d.fixed(v) == (r.values.size() == 1));
  REQUIRE(d.values(v) == std::vector<int>(r.values.begin(), r.values.end()));
  for (int probe = 0; probe < 4; ++probe) {
    const int x = pick(rng, l, r) + static_cast<int>(rng() % 3) - 1;
    const auto it = r.values.upper_bound(x);
    REQUIRE(d.next(v, x) == (it == r.values.end() ? csp::Domains::none : *it));
    REQUIRE(d.contains(v, x) == (r.values.count(x) > 0));
  }
}

}  // namespace

TEST_CASE("every Domains operation matches a std::set on every layout", "[domains][random]") {
  std::mt19937_64 rng(2026);
  for (int round = 0; round < 400; ++round) {
    csp::Model m;
    const Layout before_l{0, 6, false, {}}, after_l{-3, 200, false, {}};
    const csp::Var before = add(m, before_l);  // neighbours whose words must never change
    const Layout l = random_layout(rng);
    const csp::Var v = add(m, l);
    const csp::Var after = add(m, after_l);
    REQUIRE(m.initial_domains().interval(v) == l.interval);
    csp::Domains d = m.initial_domains(), saved = m.initial_domains();
    Reference r = reference_of(l), saved_r = r;
    check_reads(d, v, r, l, rng);
    for (int step = 0; step < 300 && !r.values.empty(); ++step) {
      const int x = pick(rng, l, r);
      bool alive = true, want = true;
      switch (rng() % 10) {
        case 0: case 1: case 2: alive = d.remove(v, x); want = r.remove(x); break;
        case 3: case 4: alive = d.remove_below(v, x); want = r.remove_below(x); break;
        case 5: case 6: alive = d.remove_above(v, x); want = r.remove_above(x); break;
        case 7:
          if (rng() % 6 == 0) {
            alive = d.assign(v, x);
            want = r.assign(x);
          }
          break;
        case 8:  // search saves a node and comes back to it by copying words
          saved.copy_from(d);
          saved_r = r;
          break;
        default:
          if (rng() % 3 == 0) {
            d.copy_from(saved);
            r = saved_r;
          }
          break;
      }
      REQUIRE(alive == want);
      check_reads(d, v, r, l, rng);
      REQUIRE(d.size(before) == 6);
      REQUIRE(d.size(after) == 200);
      REQUIRE(d.max(after) == 196);
    }
  }
}

namespace {

// Performs one write, once, when first run (it waits for a fixing nobody makes).
class OneWrite final : public csp::Propagator {
 public:
  OneWrite(csp::Var x, std::function<bool(csp::Context&)> f) : Propagator({x}, csp::Trigger::fixed), f_(std::move(f)) {}
  std::string name() const override { return "one write"; }
  bool satisfied(std::span<const csp::Value>) const override { return true; }
  csp::PropStatus propagate(csp::Context& ctx) override {
    if (done_) return csp::PropStatus::fixpoint;
    done_ = true;
    return f_(ctx) ? csp::PropStatus::fixpoint : csp::PropStatus::failed;
  }

 private:
  std::function<bool(csp::Context&)> f_;
  bool done_ = false;
};

// Counts its runs.
class Runs final : public csp::Propagator {
 public:
  Runs(csp::Var x, csp::Trigger t, int* runs) : Propagator({x}, t), runs_(runs) {}
  std::string name() const override { return "runs"; }
  bool satisfied(std::span<const csp::Value>) const override { return true; }
  csp::PropStatus propagate(csp::Context&) override {
    ++*runs_;
    return csp::PropStatus::fixpoint;
  }

 private:
  int* runs_;
};

}  // namespace

// A write wakes `any` watchers when it removes a value, `bounds` ones when the least or greatest
// value moves (or the variable gets fixed), `fixed` ones when one value is left: the reference
// works that out from the sets before and after, on a domain first narrowed at random.
TEST_CASE("Context writes wake the watchers a std::set predicts on every layout", "[domains][random]") {
  std::mt19937_64 rng(99);
  for (int round = 0; round < 600; ++round) {
    const Layout l = random_layout(rng);
    Reference r = reference_of(l);
    csp::Model m;
    const csp::Var v = add(m, l);
    // Narrow the starting domain at random (raw writes, before any propagation).
    csp::Domains start = m.initial_domains();
    for (int k = static_cast<int>(rng() % 6); k-- > 0;) {
      const int x = pick(rng, l, r);
      Reference next = r;
      if (rng() % 2 == 0 ? !next.remove(x) : (rng() % 2 == 0 ? !next.remove_below(x) : !next.remove_above(x))) continue;
      r = next;
    }
    // Re-apply the surviving reference onto the domain: remove what the reference lost.
    for (int x = l.lo; x < l.lo + l.width; ++x)
      if (r.values.count(x) == 0) {
        if (l.interval) {
          if (x < *r.values.begin()) start.remove_below(v, *r.values.begin());
          else start.remove_above(v, *r.values.rbegin());
        } else {
          start.remove(v, x);
        }
      }
    REQUIRE(start.values(v) == std::vector<int>(r.values.begin(), r.values.end()));
    const int x = pick(rng, l, r);
    const int op = static_cast<int>(rng() % 4);
    Reference after = r;
    bool want = true;
    switch (op) {
      case 0: want = after.remove(x); break;
      case 1: want = after.remove_below(x); break;
      case 2: want = after.remove_above(x); break;
      default: want = after.assign(x); break;
    }
    std::array<int, 3> runs{};
    m.post(std::make_unique<Runs>(v, csp::Trigger::any, &runs[0]));
    m.post(std::make_unique<Runs>(v, csp::Trigger::bounds, &runs[1]));
    m.post(std::make_unique<Runs>(v, csp::Trigger::fixed, &runs[2]));
    m.post(std::make_unique<OneWrite>(v, [&](csp::Context& c) {
      switch (op) {
        case 0: return c.remove(v, x);
        case 1: return c.remove_below(v, x);
        case 2: return c.remove_above(v, x);
        default: return c.assign(v, x);
      }
    }));
    csp::Engine engine(m);
    csp::Stats stats;
    csp::Domains d = start;
    const bool ok = engine.propagate_all(d, stats);
    REQUIRE(ok == want);
    REQUIRE(stats.removals == r.values.size() - after.values.size());
    if (!ok) continue;  // a wipe-out stops the queue: nothing more to compare
    REQUIRE(d.values(v) == std::vector<int>(after.values.begin(), after.values.end()));
    const bool changed = after.values.size() != r.values.size();
    const bool bounds = changed && (after.values.size() == 1 || *after.values.begin() != *r.values.begin() ||
                                    *after.values.rbegin() != *r.values.rbegin());
    const bool fixed = changed && after.values.size() == 1;
    // Each counter ran once at the start; a second run is the write's event.
    CHECK(runs == std::array<int, 3>{1 + changed, 1 + bounds, 1 + fixed});
  }
}
