// Random FlatZinc models, their meaning by enumeration, and the check of fzn-csp's answers: see
// fzn_random.hpp. Three parts: the evaluator (MiniZinc's meaning of each builtin, no library code),
// the generator (models and the text written for them), and the check (the library's FlatZinc path).
#include "fzn_random.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "csp/flatzinc/builder.hpp"
#include "csp/flatzinc/parser.hpp"
#include "csp/flatzinc/run.hpp"
#include "csp/search/settings.hpp"
#include "csp/search/solver.hpp"
#include "csp/kernel/var.hpp"

namespace fzn_random {

// The bugs these tests found or were written for (issue 29), each a switch: true while the bug is
// open, and without_open_bugs() then leaves out what triggers it. Flip a switch to false once its
// fix has landed: the property test's main case then covers it too (its "[!mayfail]" case runs
// everything always).
namespace open_bugs {
// Fixed (bdb8142 and 0b5da79; they pass here with the switch off):
inline constexpr bool kPowNegativeExponent = false;  // int_pow(2, -1, z) unsatisfiable (pow_3.mzn)
inline constexpr bool kLinearOverWide = false;       // bug212/bug222 (their cause: kMrvFullRange)
inline constexpr bool kBoolReifLiterals = false;     // bool_eq_reif(true, false, r) refused
inline constexpr bool kMrvFullRange = false;         // mrv skipped a variable of 2^31 - 1 values
inline constexpr bool kMergedCoefficients = false;   // linear refused merged coefficients past 2^30
inline constexpr bool kRepeatedComparison = false;   // int_lt(x, x), int_le_reif(x, x, b) under mac
inline constexpr bool kElementSelfIndex = false;     // array_int_element(x, [2, 3, -5], x) under mac
// Open (slow, not wrong):
inline constexpr bool kElementWideIndex = true;      // element over constants: O(index width), slow
inline constexpr bool kLinearConvergence = true;     // 1073741827x - 1073741823y = 3221225469: 40 s
inline constexpr bool kLexShared = true;             // csp_lex_less_int([x], [x]), x wide: 45 s
inline constexpr bool kArithmeticShared = true;      // int_div(x, x, z), x and z wide: 46 s
inline constexpr bool kWideCycles = true;            // x4 = x3 - 3, x5 = x4 - x3 over wide x3, x4: crawl
}  // namespace open_bugs

Features without_open_bugs() {
  Features f;
  f.pow_negative_exponent = !open_bugs::kPowNegativeExponent;
  f.linear_over_wide = !open_bugs::kLinearOverWide;
  f.bool_reif_literals = !open_bugs::kBoolReifLiterals;
  f.mrv_full_range = !open_bugs::kMrvFullRange;
  f.merged_coefficients = !open_bugs::kMergedCoefficients;
  f.repeated_comparison = !open_bugs::kRepeatedComparison;
  f.element_self_index = !open_bugs::kElementSelfIndex;
  f.element_wide_index = !open_bugs::kElementWideIndex;
  f.linear_convergence = !open_bugs::kLinearConvergence;
  f.lex_shared = !open_bugs::kLexShared;
  f.arithmetic_shared = !open_bugs::kArithmeticShared;
  f.wide_cycles = !open_bugs::kWideCycles;
  return f;
}

// --- choices ----------------------------------------------------------------------------------

Source::Source(std::uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL) {}
Source::Source(const std::uint8_t* data, std::size_t size) : data_(data), size_(size), bytes_(true) {
  // after the bytes, a sequence seeded by all of them (FNV-1a): a short input still makes a whole model
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001B3ULL;
  state_ = h;
}

std::uint64_t Source::below(std::uint64_t n) {
  if (n <= 1) return 0;
  if (bytes_ && at_ < size_) {
    // As many bytes as n needs, little-endian (zeros past the end).
    std::uint64_t r = 0;
    for (std::uint64_t span = 1, shift = 0; span < n && shift < 64; span <<= 8, shift += 8)
      r |= static_cast<std::uint64_t>(at_ < size_ ? data_[at_++] : 0) << shift;
    return r % n;
  }
  // splitmix64
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return (z ^ (z >> 31)) % n;
}

namespace {

constexpr Int kMin = -1073741823, kMax = 1073741823;  // ±(2^30 - 1): `var int`'s range
static_assert(kMin == csp::kMinValue && kMax == csp::kMaxValue, "the documented value range");
// A result past any domain: powers are saturated here, so that no overflow can happen.
constexpr Int kHuge = Int{1} << 62;

// ===== The evaluator: MiniZinc 2.6.4's meaning of each constraint ================================

__extension__ typedef __int128 Wide;  // sums of products of 64-bit values, exactly

Int value_of(const Arg& a, const std::vector<Int>& v) {
  return a.kind == Arg::Kind::var ? v[static_cast<std::size_t>(a.var)] : a.value;
}
std::vector<Int> values_of(const Arg& a, const std::vector<Int>& v) {
  std::vector<Int> out;
  for (const Arg& e : a.elements) out.push_back(value_of(e, v));
  return out;
}
bool in_ranges(const Ranges& r, Int x) {
  for (const auto& [lo, hi] : r)
    if (lo <= x && x <= hi) return true;
  return false;
}

Int saturate(Wide w) { return w > kHuge ? kHuge : w < -kHuge ? -kHuge : static_cast<Int>(w); }

// x div y and x mod y as MiniZinc's int_div/int_mod (C++'s / and %: toward zero, the dividend's
// sign); y = 0 has no result.
std::optional<Int> div_mzn(Int x, Int y) { return y == 0 ? std::nullopt : std::optional<Int>(x / y); }
std::optional<Int> mod_mzn(Int x, Int y) { return y == 0 ? std::nullopt : std::optional<Int>(x % y); }

// pow(x, y): y >= 0 the power (0^0 = 1), saturated at ±kHuge; y < 0: 1 div pow(x, -y), no result
// for x = 0.
std::optional<Int> pow_mzn(Int x, Int y) {
  if (y < 0) {
    if (x == 0) return std::nullopt;
    if (x == 1) return 1;
    if (x == -1) return (-y) % 2 == 0 ? 1 : -1;
    return 0;
  }
  if (y == 0) return 1;
  if (x == 0 || x == 1) return x;
  if (x == -1) return y % 2 == 0 ? 1 : -1;
  Wide r = 1;
  for (Int i = 0; i < y; ++i) {
    r *= x;
    if (r > kHuge || r < -kHuge) return (x < 0 && y % 2 == 1) ? -kHuge : kHuge;
  }
  return static_cast<Int>(r);
}

Wide dot(const std::vector<Int>& c, const std::vector<Int>& x) {
  Wide s = 0;
  for (std::size_t i = 0; i < c.size() && i < x.size(); ++i) s += Wide{c[i]} * x[i];
  return s;
}

std::optional<Int> element_mzn(Int i, const std::vector<Int>& a) {
  if (i < 1 || i > static_cast<Int>(a.size())) return std::nullopt;
  return a[static_cast<std::size_t>(i - 1)];
}

// The predicates that have reified (_reif), implied (_imp) and result (bool_and(a, b, r)) forms:
// their truth on the arguments without r.
bool core(std::string_view name, const std::vector<Arg>& a, std::size_t n, const std::vector<Int>& v) {
  auto at = [&](std::size_t i) { return value_of(a[i], v); };
  if (n == 2 && (name == "int_eq" || name == "bool_eq")) return at(0) == at(1);
  if (n == 2 && (name == "int_ne" || name == "bool_ne" || name == "bool_xor")) return at(0) != at(1);
  if (n == 2 && (name == "int_le" || name == "bool_le")) return at(0) <= at(1);
  if (n == 2 && (name == "int_lt" || name == "bool_lt")) return at(0) < at(1);
  if (n == 2 && name == "bool_and") return at(0) != 0 && at(1) != 0;
  if (n == 2 && name == "bool_or") return at(0) != 0 || at(1) != 0;
  if (n == 3 && name.starts_with("int_lin_")) {
    const Wide s = dot(values_of(a[0], v), values_of(a[1], v));
    const Int c = at(2);
    if (name == "int_lin_eq") return s == c;
    if (name == "int_lin_ne") return s != c;
    if (name == "int_lin_le") return s <= c;
  }
  if (n == 1 && name == "array_bool_and") {
    const std::vector<Int> x = values_of(a[0], v);
    return std::all_of(x.begin(), x.end(), [](Int b) { return b != 0; });
  }
  if (n == 1 && name == "array_bool_or") {
    const std::vector<Int> x = values_of(a[0], v);
    return std::any_of(x.begin(), x.end(), [](Int b) { return b != 0; });
  }
  if (n == 2 && name == "bool_clause") {
    const std::vector<Int> p = values_of(a[0], v), q = values_of(a[1], v);
    return std::any_of(p.begin(), p.end(), [](Int b) { return b != 0; }) ||
           std::any_of(q.begin(), q.end(), [](Int b) { return b == 0; });
  }
  if (n == 2 && name == "set_in") return in_ranges(a[1].set, at(0));
  throw std::logic_error("fzn_random: no meaning for " + std::string(name) + "/" + std::to_string(n));
}

bool ends_with(std::string_view s, std::string_view t) { return s.size() >= t.size() && s.substr(s.size() - t.size()) == t; }

// The result-taking forms: bool_and(a, b, r), array_bool_or(as, r), ...: r <-> core.
bool result_form(std::string_view name, std::size_t n) {
  return (n == 3 && (name == "bool_and" || name == "bool_or" || name == "bool_xor")) ||
         (n == 2 && (name == "array_bool_and" || name == "array_bool_or"));
}

// The builtins that are functions z = f(...): the position of z, or -1.
int result_position(std::string_view name, std::size_t n) {
  if (n == 3 && (name == "int_plus" || name == "int_minus" || name == "int_times" || name == "int_div" ||
                 name == "int_mod" || name == "int_min" || name == "int_max" || name == "int_pow" ||
                 name == "bool_lin_eq" || name == "csp_count_eq" ||
                 (name.starts_with("array_") && name.ends_with("_element"))))
    return 2;
  if (n == 2 && name == "int_abs") return 1;
  if (n == 2 && (name == "array_int_minimum" || name == "array_int_maximum")) return 0;
  if (n == 3 && name == "csp_among") return 0;
  return -1;
}

// f of a functional builtin, from its other arguments; nullopt where f has no value (a zero
// divisor, an index outside the array, 0 to a negative power).
std::optional<Int> apply(std::string_view name, const std::vector<Arg>& a, const std::vector<Int>& v) {
  auto at = [&](std::size_t i) { return value_of(a[i], v); };
  if (name == "int_plus") return at(0) + at(1);
  if (name == "int_minus") return at(0) - at(1);
  if (name == "int_times") return saturate(Wide{at(0)} * at(1));
  if (name == "int_div") return div_mzn(at(0), at(1));
  if (name == "int_mod") return mod_mzn(at(0), at(1));
  if (name == "int_min") return std::min(at(0), at(1));
  if (name == "int_max") return std::max(at(0), at(1));
  if (name == "int_pow") return pow_mzn(at(0), at(1));
  if (name == "int_abs") return at(0) < 0 ? -at(0) : at(0);
  if (name.starts_with("array_") && name.ends_with("_element")) return element_mzn(at(0), values_of(a[1], v));
  if (name == "bool_lin_eq") return saturate(dot(values_of(a[0], v), values_of(a[1], v)));
  if (name == "csp_count_eq") {
    const std::vector<Int> x = values_of(a[0], v);
    return static_cast<Int>(std::count(x.begin(), x.end(), at(1)));
  }
  if (name == "array_int_minimum" || name == "array_int_maximum") {
    const std::vector<Int> x = values_of(a[1], v);
    if (x.empty()) return std::nullopt;
    return name == "array_int_minimum" ? *std::min_element(x.begin(), x.end()) : *std::max_element(x.begin(), x.end());
  }
  if (name == "csp_among") {
    const std::vector<Int> x = values_of(a[1], v);
    return static_cast<Int>(std::count_if(x.begin(), x.end(), [&](Int e) { return in_ranges(a[2].set, e); }));
  }
  throw std::logic_error("fzn_random: " + std::string(name) + " is no function");
}

// The value of the variable `c` defines, from the others (nullopt: none).
std::optional<Int> define(const Constraint& c, const std::vector<Int>& v) {
  const std::string_view name = c.name;
  const std::vector<Arg>& a = c.args;
  auto is_target = [&](const Arg& x) { return x.kind == Arg::Kind::var && x.var == c.defines; };
  if (ends_with(name, "_reif") && is_target(a.back()))
    return core(name.substr(0, name.size() - 5), a, a.size() - 1, v) ? 1 : 0;
  if (result_form(name, a.size()) && is_target(a.back())) return core(name, a, a.size() - 1, v) ? 1 : 0;
  if ((name == "int_eq" || name == "bool2int") && is_target(a[1])) return value_of(a[0], v);
  if (const int z = result_position(name, a.size()); z >= 0 && is_target(a[static_cast<std::size_t>(z)]))
    return apply(name, a, v);
  if (name == "int_lin_eq") {
    // sum(cs * xs) = rhs with the target's coefficients adding up to +-1
    const std::vector<Int> cs = values_of(a[0], v);
    Wide rest = 0;
    Int k = 0;
    for (std::size_t i = 0; i < cs.size(); ++i) {
      if (is_target(a[1].elements[i])) {
        k += cs[i];
      } else {
        rest += Wide{cs[i]} * value_of(a[1].elements[i], v);
      }
    }
    if (k == 1 || k == -1) return saturate((Wide{value_of(a[2], v)} - rest) * k);
  }
  throw std::logic_error("fzn_random: " + std::string(name) + " does not define variable " + std::to_string(c.defines));
}

bool holds(const Constraint& c, const std::vector<Int>& v) {
  const std::string_view name = c.name;
  const std::vector<Arg>& a = c.args;
  const std::size_t n = a.size();
  auto at = [&](std::size_t i) { return value_of(a[i], v); };
  if (ends_with(name, "_reif")) return (at(n - 1) != 0) == core(name.substr(0, name.size() - 5), a, n - 1, v);
  if (ends_with(name, "_imp")) return at(n - 1) == 0 || core(name.substr(0, name.size() - 4), a, n - 1, v);
  if (result_form(name, n)) return (at(n - 1) != 0) == core(name, a, n - 1, v);
  if (const int z = result_position(name, n); z >= 0) {
    const std::optional<Int> f = apply(name, a, v);
    return f && *f == at(static_cast<std::size_t>(z));
  }
  if (name == "bool_not") return at(0) != at(1);
  if (name == "bool2int") return at(0) == at(1);
  if (name == "array_bool_xor") {
    const std::vector<Int> x = values_of(a[0], v);
    return std::count(x.begin(), x.end(), 1) % 2 == 1;
  }
  if (name == "bool_lin_le") return dot(values_of(a[0], v), values_of(a[1], v)) <= at(2);
  if (name == "csp_all_different") {
    std::vector<Int> x = values_of(a[0], v);
    std::sort(x.begin(), x.end());
    return std::adjacent_find(x.begin(), x.end()) == x.end();
  }
  if (name == "csp_table_int") {
    const std::vector<Int> x = values_of(a[0], v), t = values_of(a[1], v);
    if (x.empty()) return true;  // the one empty tuple
    for (std::size_t r = 0; r + x.size() <= t.size(); r += x.size())
      if (std::equal(x.begin(), x.end(), t.begin() + static_cast<long>(r))) return true;
    return false;
  }
  if (name == "csp_lex_lesseq_int" || name == "csp_lex_less_int") {
    // lexicographic order, a proper prefix before the longer array (MiniZinc's lex_less(eq))
    const std::vector<Int> x = values_of(a[0], v), y = values_of(a[1], v);
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
      if (x[i] != y[i]) return x[i] < y[i];
    return x.size() < y.size() || (x.size() == y.size() && name == "csp_lex_lesseq_int");
  }
  if (name == "csp_global_cardinality") {
    const std::vector<Int> x = values_of(a[0], v), cover = values_of(a[1], v), counts = values_of(a[2], v);
    for (std::size_t i = 0; i < cover.size(); ++i)
      if (static_cast<Int>(std::count(x.begin(), x.end(), cover[i])) != counts[i]) return false;
    return true;
  }
  return core(name, a, n, v);
}

// ===== The generator =============================================================================

Arg var_arg(int i) {
  Arg a;
  a.kind = Arg::Kind::var;
  a.var = i;
  return a;
}
Arg int_literal(Int v) {
  Arg a;
  a.kind = Arg::Kind::integer;
  a.value = v;
  return a;
}
Arg bool_literal(bool b) {
  Arg a;
  a.kind = Arg::Kind::boolean;
  a.value = b ? 1 : 0;
  return a;
}
Arg set_arg(Ranges r) {
  Arg a;
  a.kind = Arg::Kind::set;
  a.set = std::move(r);
  return a;
}

std::vector<Int> members(const Ranges& r) {
  std::vector<Int> out;
  for (const auto& [lo, hi] : r)
    for (Int x = lo; x <= hi; ++x) out.push_back(x);
  return out;
}
Int size_of(const Ranges& r) {
  Int n = 0;
  for (const auto& [lo, hi] : r) n += hi - lo + 1;
  return n;
}
// A set as FlatZinc writes it: lo..hi for one range, else {a,b,...} (small sets only).
std::string set_text(const Ranges& r) {
  if (r.empty()) return "{}";
  if (r.size() == 1 && r[0].first != r[0].second) return std::to_string(r[0].first) + ".." + std::to_string(r[0].second);
  std::string s = "{";
  for (const Int x : members(r)) {
    if (s.size() > 1) s += ',';
    s += std::to_string(x);
  }
  return s + "}";
}

class Generator {
 public:
  Generator(Source& s, const Features& f) : s_(s), f_(f) {}

  RandomModel run() {
    const int constraints = 1 + static_cast<int>(s_.below(4));
    // one or two free variables to start with; arguments add more (at most kFree in all)
    new_free(s_.chance(25));
    if (s_.chance(50)) new_free(s_.chance(30));
    for (int i = 0; i < constraints; ++i) one_constraint();
    if (f_.objective && s_.chance(30)) {
      std::vector<int> ints;
      for (std::size_t i = 0; i < m_.vars.size(); ++i)
        if (!m_.vars[i].boolean) ints.push_back(static_cast<int>(i));
      if (!ints.empty()) {
        m_.goal = s_.chance(50) ? RandomModel::Goal::minimize : RandomModel::Goal::maximize;
        m_.objective = pick(ints);
      }
    }
    if (f_.annotations && s_.chance(25)) annotate();
    return std::move(m_);
  }

 private:
  static constexpr int kFree = 4;         // free variables at most (enumeration: <= 6^4 combinations)
  static constexpr int kVars = 8;         // variables at most
  static constexpr int kConstraints = 6;  // constraints at most (restrictions included)

  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(s_.below(v.size()))];
  }

  // --- values and domains ---
  Int small() { return static_cast<Int>(s_.below(7)) - 3; }
  Int literal() {
    const unsigned k = static_cast<unsigned>(s_.below(20));
    if (k < 12) return small();
    if (k < 17) return pick(std::vector<Int>{kMin, kMax, kMin + 1, kMax - 1, kMin + 2, kMax - 2});
    return pick(std::vector<Int>{Int{1} << 29, -(Int{1} << 29), 46341, -46341, 32768, 65536, 4});
  }
  Ranges tiny_domain() {
    static const std::vector<Ranges> d = {
        {{-2, 2}}, {{0, 3}}, {{-1, 1}}, {{1, 3}}, {{-3, -3}, {0, 0}, {4, 4}}, {{0, 1}}, {{2, 2}}, {{-3, -1}},
        {{-2, -2}, {2, 2}}, {{0, 2}}, {{-1, 0}, {5, 5}}};
    return pick(d);
  }
  Ranges edge_domain() {
    static const std::vector<Ranges> d = {
        {{kMin, kMin + 2}},
        {{kMax - 2, kMax}},
        {{kMin, kMin + 2}, {kMax - 2, kMax}},
        {{kMin, kMin}, {0, 0}, {kMax, kMax}},
        {{kMin, kMin}, {-1, 1}, {kMax, kMax}},
        {{kMin, kMin}, {kMax, kMax}},
        {{-(Int{1} << 29), -(Int{1} << 29)}, {Int{1} << 29, Int{1} << 29}},
        {{0, 0}, {kMax - 1, kMax}},
        {{kMin, kMin + 1}, {1, 1}},
        {{-46341, -46340}, {46340, 46341}},
        {{kMax, kMax}},
        {{kMin, kMin}},
    };
    return pick(d);
  }
  // A declared type of a defined int variable (its value comes from its constraint).
  std::pair<std::string, Ranges> defined_type() {
    switch (s_.below(8)) {
      case 0: case 1: case 2: return {"var int", {{kMin, kMax}}};
      case 3: return {"var " + std::to_string(kMin) + ".." + std::to_string(kMax), {{kMin, kMax}}};
      case 4: return {"var -5..5", {{-5, 5}}};
      case 5: return {"var 0.." + std::to_string(kMax), {{0, kMax}}};
      case 6: return {"var " + std::to_string(kMin) + "..0", {{kMin, 0}}};
      default: {
        const Ranges r = s_.chance(50) ? edge_domain() : tiny_domain();
        return {"var " + set_text(r), r};
      }
    }
  }

  int add_var(Variable v) {
    const int i = static_cast<int>(m_.vars.size());
    if (v.name.empty()) v.name = std::string(v.boolean ? "b" : "x") + std::to_string(i + 1);
    if (s_.chance(5)) v.name = "X_INTRODUCED_" + std::to_string(i) + "_";
    m_.vars.push_back(std::move(v));
    return i;
  }

  bool room_for_free() const { return free_ < kFree && static_cast<int>(m_.vars.size()) < kVars; }

  // A new free variable: a tiny or edge domain declared as such, a wide declaration narrowed by a
  // constraint of the model (while there is room for one), or a declared fixed value.
  int new_free(bool boolean) {
    ++free_;
    Variable v;
    v.boolean = boolean;
    if (boolean) {
      v.type = "var bool";
      v.domain = {{0, 1}};
      v.candidates = {0, 1};
      if (s_.chance(8)) {
        v.fixed = static_cast<Int>(s_.below(2));
        v.candidates = {*v.fixed};
      }
      return add_var(std::move(v));
    }
    const unsigned kind = static_cast<unsigned>(s_.below(10));
    if (kind < 7 || static_cast<int>(m_.constraints.size()) >= kConstraints - 1) {
      const Ranges r = kind < 4 ? tiny_domain() : edge_domain();
      v.type = "var " + set_text(r);
      v.domain = r;
      v.candidates = members(r);
      if (s_.chance(8)) {
        v.fixed = s_.chance(85) ? pick(v.candidates) : literal();
        v.candidates = {*v.fixed};
      }
      return add_var(std::move(v));
    }
    // wide, then narrowed: `var int` is [kMin, kMax] here (the solver's range)
    static const std::vector<std::pair<std::string, Ranges>> wide = {
        {"var int", {{kMin, kMax}}},
        {"var " + std::to_string(kMin) + ".." + std::to_string(kMax), {{kMin, kMax}}},
        {"var " + std::to_string(kMin) + "..0", {{kMin, 0}}},
        {"var -1000000..1000000", {{-1000000, 1000000}}},
    };
    const auto& [type, domain] = pick(wide);
    v.type = type;
    v.domain = domain;
    const int x = add_var(std::move(v));
    Variable& var = m_.vars[static_cast<std::size_t>(x)];
    Constraint c;
    const Int lo = var.domain.front().first, hi = var.domain.back().second;
    const Int k = static_cast<Int>(s_.below(3));
    switch (s_.below(5)) {
      case 0: {  // x <= lo + k
        c = {"int_le", {var_arg(x), int_literal(lo + k)}, -1};
        var.candidates = members({{lo, lo + k}});
        break;
      }
      case 1: {  // hi - k <= x
        c = {"int_le", {int_literal(hi - k), var_arg(x)}, -1};
        var.candidates = members({{hi - k, hi}});
        break;
      }
      case 2: {  // -x <= -(hi - k), as a linear constraint
        Arg cs;
        cs.kind = Arg::Kind::array;
        cs.elements = {int_literal(-1)};
        Arg xs;
        xs.kind = Arg::Kind::array;
        xs.elements = {var_arg(x)};
        c = {"int_lin_le", {cs, xs, int_literal(-(hi - k))}, -1};
        var.candidates = members({{hi - k, hi}});
        break;
      }
      default: {  // set_in
        const Ranges r = s_.chance(50) ? edge_domain() : tiny_domain();
        c = {"set_in", {var_arg(x), set_arg(r)}, -1};
        var.candidates = members(r);
        break;
      }
    }
    m_.constraints.push_back(std::move(c));
    return x;
  }

  bool wide(int i) const {
    const Variable& v = m_.vars[static_cast<std::size_t>(i)];
    return v.candidates.empty() ? size_of(v.domain) > 64 : size_of(v.domain) > 64 && v.candidates.size() > 1;
  }

  // Declared over fewer than 4096 consecutive values (a bitset, not the interval form).
  bool compact(int i) const {
    const Variable& v = m_.vars[static_cast<std::size_t>(i)];
    return v.domain.back().second - v.domain.front().first < 4096;
  }

  // An existing variable of the kind, or a new free one.
  int var_of(bool boolean) {
    std::vector<int> existing;
    for (std::size_t i = 0; i < m_.vars.size(); ++i)
      if (m_.vars[i].boolean == boolean) existing.push_back(static_cast<int>(i));
    if (existing.empty() || (room_for_free() && s_.chance(30))) {
      if (room_for_free() || existing.empty()) return new_free(boolean);
    }
    return pick(existing);
  }
  Arg int_arg(unsigned literal_percent = 15) {
    if (s_.chance(literal_percent)) return int_literal(literal());
    return var_arg(var_of(false));
  }
  Arg bool_arg(unsigned literal_percent = 10) {
    if (s_.chance(literal_percent)) return bool_literal(s_.chance(50));
    return var_arg(var_of(true));
  }
  Arg array_of(std::vector<Arg> elements, bool booleans, bool vars) {
    Arg a;
    a.kind = Arg::Kind::array;
    a.elements = std::move(elements);
    a.booleans = booleans;
    // a declared array now and then (a parameter array for constants)
    if (s_.chance(20)) a.name = std::string(vars ? "a" : "p") + std::to_string(++arrays_);
    return a;
  }
  Arg int_vars(int lo, int hi, unsigned literal_percent = 10) {
    std::vector<Arg> e;
    const int n = lo + static_cast<int>(s_.below(static_cast<std::uint64_t>(hi - lo + 1)));
    for (int i = 0; i < n; ++i) e.push_back(int_arg(literal_percent));
    return array_of(std::move(e), false, true);
  }
  Arg bool_vars(int lo, int hi) {
    std::vector<Arg> e;
    const int n = lo + static_cast<int>(s_.below(static_cast<std::uint64_t>(hi - lo + 1)));
    for (int i = 0; i < n; ++i) e.push_back(bool_arg());
    return array_of(std::move(e), true, true);
  }
  Arg ints(std::vector<Int> values) {
    std::vector<Arg> e;
    for (const Int x : values) e.push_back(int_literal(x));
    return array_of(std::move(e), false, false);
  }
  Arg bools(int n) {
    std::vector<Arg> e;
    for (int i = 0; i < n; ++i) e.push_back(bool_literal(s_.chance(50)));
    return array_of(std::move(e), true, false);
  }

  // The result of a functional constraint: a new defined variable (while there is room), else an
  // ordinary argument. The defined one is made last, after the other arguments.
  Arg result(bool boolean, bool allow_literal = true) {
    if (static_cast<int>(m_.vars.size()) < kVars && s_.chance(boolean ? 45 : 70)) {
      Variable v;
      v.boolean = boolean;
      if (boolean) {
        v.type = "var bool";
        v.domain = {{0, 1}};
      } else {
        std::tie(v.type, v.domain) = defined_type();
      }
      v.defined_by = static_cast<int>(m_.constraints.size());
      defining_ = add_var(std::move(v));
      return var_arg(defining_);
    }
    if (!allow_literal) return var_arg(var_of(boolean));
    return boolean ? bool_arg() : int_arg();
  }

  void add(std::string name, std::vector<Arg> args) {
    if (!f_.wide_cycles && closes_wide_cycle(args)) {
      // left out: the variable made for it goes again
      if (defining_ >= 0 && defining_ == static_cast<int>(m_.vars.size()) - 1) m_.vars.pop_back();
      defining_ = -1;
      return;
    }
    m_.constraints.push_back({std::move(name), std::move(args), defining_});
    defining_ = -1;
  }

  // The wide variables (the interval form, not fixed) of the arguments.
  void wide_vars_of(const Arg& a, std::vector<int>& out) const {
    if (a.kind == Arg::Kind::array) {
      for (const Arg& e : a.elements) wide_vars_of(e, out);
    } else if (a.kind == Arg::Kind::var && !compact(a.var) && !m_.vars[static_cast<std::size_t>(a.var)].fixed &&
               std::find(out.begin(), out.end(), a.var) == out.end()) {
      out.push_back(a.var);
    }
  }
  int root(int v) {
    while (component_[static_cast<std::size_t>(v)] != v) v = component_[static_cast<std::size_t>(v)];
    return v;
  }
  // True when the constraint would join two wide variables the constraints so far already connect
  // (through constraints over two or more wide variables); else records its connections.
  bool closes_wide_cycle(const std::vector<Arg>& args) {
    std::vector<int> wide;
    for (const Arg& a : args) wide_vars_of(a, wide);
    if (wide.size() < 2) return false;
    connected_ = std::min(connected_, m_.vars.size());
    component_.resize(m_.vars.size());
    for (std::size_t i = connected_; i < component_.size(); ++i) component_[i] = static_cast<int>(i);
    connected_ = component_.size();
    std::vector<int> roots;
    for (const int v : wide) roots.push_back(root(v));
    std::sort(roots.begin(), roots.end());
    if (std::adjacent_find(roots.begin(), roots.end()) != roots.end()) return true;
    for (const int r : roots) component_[static_cast<std::size_t>(r)] = roots.front();
    return false;
  }

  // A candidate value of an argument, for choosing right-hand sides that some assignment meets.
  Int some_value(const Arg& a) {
    if (a.kind != Arg::Kind::var) return a.value;
    const Variable& v = m_.vars[static_cast<std::size_t>(a.var)];
    if (!v.candidates.empty()) return pick(v.candidates);
    return v.boolean ? static_cast<Int>(s_.below(2)) : literal();
  }

  bool any_wide(const Arg& array) {
    int n = 0;
    for (const Arg& e : array.elements) n += e.kind == Arg::Kind::var && wide(e.var);
    return n >= 2;
  }

  Int coefficient() {
    const unsigned k = static_cast<unsigned>(s_.below(20));
    if (k < 14) return pick(std::vector<Int>{1, -1, 1, -1, 2, -2, 3});
    if (k < 17) return pick(std::vector<Int>{Int{1} << 30, -(Int{1} << 30), kMax, -kMax});
    return pick(std::vector<Int>{0, 1000, -7});
  }

  // Without merged_coefficients: the sizes add up to 2^30 at most (the big ones become small).
  void cap_coefficients(std::vector<Int>& cs) {
    if (f_.merged_coefficients) return;
    Int total = 0;
    for (Int& c : cs) {
      if (total + (c < 0 ? -c : c) > (Int{1} << 30) - 8) c = c < 0 ? -1 : 1;
      total += c < 0 ? -c : c;
    }
  }

  // An equation (or a form that can become one) whose bounds propagation may crawl: two or more
  // wide variables (the interval form, not fixed), their coefficients summed per variable as the
  // solver does, one of them other than +-1.
  bool slow_equation(const std::string& name, const std::vector<Int>& cs, const Arg& xs) const {
    if (name != "int_lin_eq" && name != "int_lin_eq_reif" && name != "int_lin_eq_imp" && name != "int_lin_ne_reif")
      return false;
    std::map<int, Int> per_var;
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const Arg& e = xs.elements[i];
      if (e.kind != Arg::Kind::var || compact(e.var) || m_.vars[static_cast<std::size_t>(e.var)].fixed) continue;
      per_var[e.var] += cs[i];
    }
    int wide_terms = 0;
    bool unit = true;
    for (const auto& [var, k] : per_var) {
      if (k == 0) continue;
      ++wide_terms;
      unit = unit && (k == 1 || k == -1);
    }
    return wide_terms >= 2 && !unit;
  }

  void linear() {
    static const std::vector<std::string> names = {"int_lin_eq", "int_lin_le", "int_lin_ne", "int_lin_eq_reif",
                                                   "int_lin_le_reif", "int_lin_ne_reif", "int_lin_eq_imp",
                                                   "int_lin_le_imp", "int_lin_ne_imp", "int_lin_eq"};
    const std::string name = pick(names);
    Arg xs = int_vars(1, 3, 8);
    xs.name.clear();
    std::vector<Int> cs;
    for (std::size_t i = 0; i < xs.elements.size(); ++i) cs.push_back(coefficient());
    // int_lin_eq may define a new variable of coefficient +-1
    const bool defines = name == "int_lin_eq" && static_cast<int>(m_.vars.size()) < kVars && s_.chance(60);
    if (!f_.linear_over_wide && any_wide(xs)) return compare();
    cap_coefficients(cs);
    Wide rhs = 0;
    for (std::size_t i = 0; i < cs.size(); ++i) rhs += Wide{cs[i]} * some_value(xs.elements[i]);
    rhs += pick(std::vector<Int>{0, 0, 0, 1, -1, 2});
    Arg r;
    if (name.ends_with("_reif")) r = result(true);
    if (name.ends_with("_imp")) r = bool_arg();
    if (defines) {
      Arg z = result(false, false);
      const std::size_t at = static_cast<std::size_t>(s_.below(xs.elements.size() + 1));
      xs.elements.insert(xs.elements.begin() + static_cast<long>(at), z);
      cs.insert(cs.begin() + static_cast<long>(at), s_.chance(50) ? 1 : -1);
      cap_coefficients(cs);
      if (!f_.linear_over_wide && any_wide(xs)) {
        // the new term is wide too: leave it out (a variable made for it goes again)
        xs.elements.erase(xs.elements.begin() + static_cast<long>(at));
        cs.erase(cs.begin() + static_cast<long>(at));
        if (z.var == defining_) {
          m_.vars.pop_back();
          defining_ = -1;
        }
      }
    }
    if (!f_.linear_convergence && slow_equation(name, cs, xs)) {
      // no equation: the variable made for it (its result, or its Boolean) goes again
      if (defining_ >= 0 && defining_ == static_cast<int>(m_.vars.size()) - 1) m_.vars.pop_back();
      defining_ = -1;
      return compare();
    }
    if (s_.chance(20)) xs.name = "a" + std::to_string(++arrays_);
    std::vector<Arg> args = {ints(cs), xs, int_literal(static_cast<Int>(rhs))};
    if (r.kind == Arg::Kind::var || r.kind == Arg::Kind::boolean) args.push_back(r);
    add(name, std::move(args));
  }

  void compare() {
    static const std::vector<std::string> rel = {"eq", "ne", "le", "lt"};
    const std::string r = pick(rel);
    const unsigned form = static_cast<unsigned>(s_.below(3));
    Arg x = int_arg(10), y = int_arg(25);
    if (!f_.linear_over_wide && x.kind == Arg::Kind::var && y.kind == Arg::Kind::var && wide(x.var) && wide(y.var))
      y = int_literal(literal());
    if (!f_.repeated_comparison && x.kind == Arg::Kind::var && y.kind == Arg::Kind::var && x.var == y.var)
      y = int_literal(literal());
    if (form == 0) {
      if (r == "eq" && s_.chance(40) && static_cast<int>(m_.vars.size()) < kVars) {  // z = x, z new
        add("int_eq", {x, result(false, false)});
        return;
      }
      add("int_" + r, {x, y});
      return;
    }
    Arg b = form == 1 ? result(true) : bool_arg();
    add("int_" + r + (form == 1 ? "_reif" : "_imp"), {x, y, b});
  }

  void arithmetic() {
    static const std::vector<std::string> names = {"int_plus", "int_minus", "int_times", "int_div", "int_mod",
                                                   "int_min",  "int_max",   "int_pow",   "int_abs", "int_times",
                                                   "int_plus", "int_div"};
    const std::string name = pick(names);
    if (name == "int_abs") {
      Arg x = int_arg(10);
      add(name, {x, result(false)});
      return;
    }
    Arg x = int_arg(10), y = int_arg(30);
    if (name == "int_pow" && !f_.pow_negative_exponent) {
      // an exponent that cannot be negative: a literal 0..3, or a free variable without negatives
      const bool negative = y.kind == Arg::Kind::var
                                ? m_.vars[static_cast<std::size_t>(y.var)].candidates.empty() ||
                                      m_.vars[static_cast<std::size_t>(y.var)].candidates.front() < 0
                                : y.value < 0;
      if (negative) y = int_literal(static_cast<Int>(s_.below(4)));
    }
    if (name == "int_pow" && y.kind == Arg::Kind::integer && y.value > 40 && s_.chance(50)) y.value %= 5;
    if (!f_.arithmetic_shared && x.kind == Arg::Kind::var && y.kind == Arg::Kind::var && x.var == y.var &&
        !compact(x.var))
      y = int_literal(literal());
    if ((name == "int_plus" || name == "int_minus") && !f_.linear_over_wide && x.kind == Arg::Kind::var &&
        y.kind == Arg::Kind::var && wide(x.var) && wide(y.var))
      y = int_literal(literal());
    Arg z = result(false);
    if ((name == "int_plus" || name == "int_minus") && !f_.linear_over_wide && z.kind == Arg::Kind::var &&
        wide(z.var) && ((x.kind == Arg::Kind::var && wide(x.var)) || (y.kind == Arg::Kind::var && wide(y.var))) &&
        z.var != defining_ && defining_ == -1)
      z = int_literal(literal());
    add(name, {x, y, z});
  }

  void boolean() {
    const unsigned k = static_cast<unsigned>(s_.below(12));
    if (k < 3) {  // binary comparisons and their reified / implied forms
      static const std::vector<std::string> rel = {"eq", "ne", "le", "lt", "xor"};
      const std::string r = pick(rel);
      Arg x = bool_arg(), y = bool_arg();
      const unsigned form = static_cast<unsigned>(s_.below(3));
      if (form == 0) return add(r == "ne" && s_.chance(50) ? "bool_not" : "bool_" + r, {x, y});
      if (!f_.bool_reif_literals && y.kind == Arg::Kind::boolean) y = var_arg(var_of(true));
      Arg b = form == 1 ? result(true) : bool_arg();
      if (form == 1 && r == "xor") return add("bool_xor", {x, y, b});
      return add("bool_" + r + (form == 1 ? "_reif" : "_imp"), {x, y, b});
    }
    if (k < 5) {  // bool_and / bool_or with a result, or implied
      const std::string op = s_.chance(50) ? "bool_and" : "bool_or";
      Arg x = bool_arg(), y = bool_arg();
      if (s_.chance(30)) return add(op + "_imp", {x, y, bool_arg()});
      return add(op, {x, y, result(true)});
    }
    if (k < 6) {  // clauses
      Arg p = bool_vars(0, 2), q = bool_vars(0, 2);
      const unsigned form = static_cast<unsigned>(s_.below(4));
      if (form < 2) return add("bool_clause", {p, q});
      if (form == 2) return add("bool_clause_reif", {p, q, result(true)});
      return add("bool_clause_imp", {p, q, bool_arg()});
    }
    if (k < 8) {  // arrays of bools
      const std::string op = s_.chance(50) ? "array_bool_and" : "array_bool_or";
      Arg xs = bool_vars(1, 3);
      const unsigned form = static_cast<unsigned>(s_.below(5));
      if (form == 0) return add("array_bool_xor", {xs});
      if (form == 1) return add(op + "_imp", {xs, bool_arg()});
      return add(op, {xs, result(true)});
    }
    if (k < 10) {  // bool2int
      Arg b = bool_arg();
      return add("bool2int", {b, result(false, false)});
    }
    // bool_lin_eq / bool_lin_le
    Arg bs = bool_vars(1, 3);
    std::vector<Int> cs;
    Int sum = 0;
    for (std::size_t i = 0; i < bs.elements.size(); ++i) cs.push_back(coefficient());
    cap_coefficients(cs);
    for (std::size_t i = 0; i < bs.elements.size(); ++i) sum += cs[i] * some_value(bs.elements[i]);
    if (s_.chance(50)) return add("bool_lin_le", {ints(cs), bs, int_literal(sum + small() / 2)});
    add("bool_lin_eq", {ints(cs), bs, result(false)});
  }

  void element() {
    Arg i = int_arg(10);
    const int n = 1 + static_cast<int>(s_.below(4));
    const unsigned kind = static_cast<unsigned>(s_.below(4));
    if (!f_.element_wide_index && (kind == 0 || kind == 2) && i.kind == Arg::Kind::var && compact(i.var) == false)
      i = int_literal(static_cast<Int>(s_.below(static_cast<std::uint64_t>(n + 2))));
    switch (kind) {
      case 0: {
        std::vector<Int> values;
        for (int k = 0; k < n; ++k) values.push_back(literal());
        Arg a = ints(values);
        Arg z = result(false);
        if (!f_.element_self_index && z.kind == Arg::Kind::var && i.kind == Arg::Kind::var && z.var == i.var)
          z = int_literal(literal());
        return add("array_int_element", {i, a, z});
      }
      case 1: {
        Arg xs = int_vars(n, n, 15);
        return add("array_var_int_element", {i, xs, result(false)});
      }
      case 2: {
        Arg a = bools(n);
        return add("array_bool_element", {i, a, result(true)});
      }
      default: {
        Arg bs = bool_vars(n, n);
        return add("array_var_bool_element", {i, bs, result(true)});
      }
    }
  }

  void extremum() {
    Arg xs = int_vars(1, 3, 10);
    const std::string name = s_.chance(50) ? "array_int_minimum" : "array_int_maximum";
    Arg z = result(false, false);
    add(name, {z, xs});
  }

  void set_in() {
    Arg x = int_arg(5);
    Ranges s;
    switch (s_.below(4)) {
      case 0: s = tiny_domain(); break;
      case 1: s = edge_domain(); break;
      case 2: s = {{kMin, 0}}; break;
      default: s = {{1, kMax}}; break;
    }
    const unsigned form = static_cast<unsigned>(s_.below(3));
    if (form == 0) return add("set_in", {x, set_arg(s)});
    if (form == 1) return add("set_in_reif", {x, set_arg(s), result(true)});
    add("set_in_imp", {x, set_arg(s), bool_arg()});
  }

  void global() {
    switch (s_.below(6)) {
      case 0: return add("csp_all_different", {int_vars(2, 3, 10)});
      case 1: {
        Arg xs = int_vars(1, 3, 5);
        std::vector<Int> t;
        const int rows = static_cast<int>(s_.below(5));
        for (int r = 0; r < rows; ++r)
          for (const Arg& e : xs.elements) t.push_back(s_.chance(70) ? some_value(e) : literal());
        return add("csp_table_int", {xs, ints(t)});
      }
      case 2: {
        Arg xs = int_vars(1, 3, 10);
        Arg y = int_arg(30);
        return add("csp_count_eq", {xs, y, result(false)});
      }
      case 3: {
        Arg xs = int_vars(1, 3, 10);
        Ranges s = s_.chance(50) ? tiny_domain() : edge_domain();
        Arg n = result(false);
        return add("csp_among", {n, xs, set_arg(s)});
      }
      case 4: {
        const int n = 1 + static_cast<int>(s_.below(2));
        Arg xs = int_vars(n, n, 10), ys = int_vars(n, n, 10);
        if (!f_.lex_shared)
          for (Arg& y : ys.elements)
            for (const Arg& x : xs.elements)
              if (y.kind == Arg::Kind::var && x.kind == Arg::Kind::var && x.var == y.var) y = int_literal(literal());
        return add(s_.chance(50) ? "csp_lex_lesseq_int" : "csp_lex_less_int", {xs, ys});
      }
      default: {
        Arg xs = int_vars(1, 3, 5);
        std::vector<Int> cover;
        for (const Arg& e : xs.elements) cover.push_back(some_value(e));
        if (s_.chance(30)) cover.push_back(literal());
        std::sort(cover.begin(), cover.end());
        cover.erase(std::unique(cover.begin(), cover.end()), cover.end());
        std::vector<Arg> counts;
        for (std::size_t k = 0; k < cover.size(); ++k) counts.push_back(int_arg(20));
        Arg cs = array_of(std::move(counts), false, true);
        return add("csp_global_cardinality", {xs, ints(cover), cs});
      }
    }
  }

  void one_constraint() {
    if (static_cast<int>(m_.constraints.size()) >= kConstraints) return;
    const unsigned k = static_cast<unsigned>(s_.below(f_.globals ? 22 : 20));
    if (k < 4) return linear();
    if (k < 7) return compare();
    if (k < 11) return arithmetic();
    if (k < 15) return boolean();
    if (k < 17) return element();
    if (k < 18) return extremum();
    if (k < 20) return set_in();
    global();
  }

  void annotate() {
    static const std::vector<std::string> select = {"input_order", "first_fail",       "anti_first_fail",
                                                    "smallest",    "largest",          "occurrence",
                                                    "most_constrained", "dom_w_deg",   "max_regret"};
    static const std::vector<std::string> choice = {"indomain_min",   "indomain_max",           "indomain_median",
                                                    "indomain_split", "indomain_reverse_split", "indomain_random",
                                                    "indomain"};
    std::vector<std::string> searches;
    for (const bool b : {false, true}) {
      std::string list;
      for (std::size_t i = 0; i < m_.vars.size(); ++i)
        if (m_.vars[i].boolean == b && s_.chance(60)) {
          if (!list.empty()) list += ", ";
          list += m_.vars[i].name;
        }
      if (list.empty()) continue;
      std::string order = pick(select);
      if (!f_.mrv_full_range && order == "first_fail") order = "most_constrained";
      searches.push_back(std::string(b ? "bool_search" : "int_search") + "([" + list + "], " + order + ", " +
                         pick(choice) + ", complete)");
    }
    if (searches.empty()) return;
    if (searches.size() == 1 && s_.chance(50)) {
      m_.annotation = searches[0];
    } else {
      m_.annotation = "seq_search([" + searches[0] + (searches.size() > 1 ? ", " + searches[1] : "") + "])";
    }
  }

  Source& s_;
  const Features& f_;
  RandomModel m_;
  int free_ = 0, arrays_ = 0, defining_ = -1;
  std::vector<int> component_;  // union-find over the variables joined by constraints over wide ones
  std::size_t connected_ = 0;   // variables component_ covers
};

// ===== Text =======================================================================================

std::string arg_text(const RandomModel& m, const Arg& a) {
  switch (a.kind) {
    case Arg::Kind::var: return m.vars[static_cast<std::size_t>(a.var)].name;
    case Arg::Kind::integer: return std::to_string(a.value);
    case Arg::Kind::boolean: return a.value ? "true" : "false";
    case Arg::Kind::set: return set_text(a.set);
    case Arg::Kind::array: {
      if (!a.name.empty()) return a.name;
      std::string s = "[";
      for (std::size_t i = 0; i < a.elements.size(); ++i) {
        if (i) s += ", ";
        s += arg_text(m, a.elements[i]);
      }
      return s + "]";
    }
  }
  return "";
}

std::string array_literal(const RandomModel& m, const Arg& a) {
  Arg copy = a;
  copy.name.clear();
  return arg_text(m, copy);
}

const char* predicate_declaration(std::string_view name) {
  if (name == "csp_all_different") return "predicate csp_all_different(array [int] of var int: x);";
  if (name == "csp_table_int") return "predicate csp_table_int(array [int] of var int: x, array [int] of int: t);";
  if (name == "csp_count_eq") return "predicate csp_count_eq(array [int] of var int: x, var int: y, var int: c);";
  if (name == "csp_among") return "predicate csp_among(var int: n, array [int] of var int: x, set of int: v);";
  if (name == "csp_lex_lesseq_int")
    return "predicate csp_lex_lesseq_int(array [int] of var int: x, array [int] of var int: y);";
  if (name == "csp_lex_less_int") return "predicate csp_lex_less_int(array [int] of var int: x, array [int] of var int: y);";
  if (name == "csp_global_cardinality")
    return "predicate csp_global_cardinality(array [int] of var int: x, array [int] of int: cover, "
           "array [int] of var int: counts);";
  return nullptr;
}

}  // namespace

RandomModel generate(Source& source, const Features& features) { return Generator(source, features).run(); }

std::string RandomModel::text() const {
  std::ostringstream out;
  std::set<std::string> declared;
  for (const Constraint& c : constraints)
    if (const char* d = predicate_declaration(c.name); d && declared.insert(c.name).second) out << d << '\n';
  // named arrays: parameters first, variable arrays after the variables
  std::vector<const Arg*> par_arrays, var_arrays;
  for (const Constraint& c : constraints)
    for (const Arg& a : c.args) {
      if (a.kind != Arg::Kind::array || a.name.empty()) continue;
      const bool all_par = std::all_of(a.elements.begin(), a.elements.end(),
                                       [](const Arg& e) { return e.kind != Arg::Kind::var; });
      (all_par && a.name[0] == 'p' ? par_arrays : var_arrays).push_back(&a);
    }
  for (const Arg* a : par_arrays)
    out << "array [1.." << a->elements.size() << "] of " << (a->booleans ? "bool" : "int") << ": " << a->name << " = "
        << array_literal(*this, *a) << ";\n";
  for (std::size_t i = 0; i < vars.size(); ++i) {
    const Variable& v = vars[i];
    out << v.type << ": " << v.name;
    if (v.defined_by >= 0 && (i % 2 == 1)) out << " :: var_is_introduced :: is_defined_var";
    out << " :: output_var";
    if (v.fixed) out << " = " << (v.boolean ? (*v.fixed ? "true" : "false") : std::to_string(*v.fixed));
    out << ";\n";
  }
  for (const Arg* a : var_arrays)
    out << "array [1.." << a->elements.size() << "] of var " << (a->booleans ? "bool" : "int") << ": " << a->name
        << " = " << array_literal(*this, *a) << ";\n";
  for (const Constraint& c : constraints) {
    out << "constraint " << c.name << "(";
    for (std::size_t i = 0; i < c.args.size(); ++i) out << (i ? ", " : "") << arg_text(*this, c.args[i]);
    out << ")";
    if (c.defines >= 0 && c.defines % 2 == 1) out << " :: defines_var(" << vars[static_cast<std::size_t>(c.defines)].name << ")";
    out << ";\n";
  }
  out << "solve";
  if (!annotation.empty()) out << " :: " << annotation;
  switch (goal) {
    case Goal::satisfy: out << " satisfy;\n"; break;
    case Goal::minimize: out << " minimize " << vars[static_cast<std::size_t>(objective)].name << ";\n"; break;
    case Goal::maximize: out << " maximize " << vars[static_cast<std::size_t>(objective)].name << ";\n"; break;
  }
  return out.str();
}

// ===== Enumeration ================================================================================

Expected enumerate(const RandomModel& m) {
  Expected e;
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < m.vars.size(); ++i)
    if (m.vars[i].defined_by < 0) free.push_back(i);
  std::vector<Int> v(m.vars.size(), 0);
  auto leaf = [&] {
    for (std::size_t i = 0; i < m.vars.size(); ++i) {
      const Variable& x = m.vars[i];
      if (x.defined_by >= 0) {
        const std::optional<Int> d = define(m.constraints[static_cast<std::size_t>(x.defined_by)], v);
        if (!d) return;
        v[i] = *d;
      }
      if (!in_ranges(x.domain, v[i]) || (x.fixed && v[i] != *x.fixed)) return;
    }
    for (const Constraint& c : m.constraints)
      if (!holds(c, v)) return;
    e.solutions.push_back(v);
  };
  auto walk = [&](auto&& self, std::size_t k) -> void {
    if (k == free.size()) return leaf();
    for (const Int c : m.vars[free[k]].candidates) {
      v[free[k]] = c;
      self(self, k + 1);
    }
  };
  walk(walk, 0);
  std::sort(e.solutions.begin(), e.solutions.end());
  e.solutions.erase(std::unique(e.solutions.begin(), e.solutions.end()), e.solutions.end());
  if (m.goal != RandomModel::Goal::satisfy && !e.solutions.empty()) {
    const std::size_t o = static_cast<std::size_t>(m.objective);
    Int best = e.solutions.front()[o];
    for (const auto& s : e.solutions)
      best = m.goal == RandomModel::Goal::minimize ? std::min(best, s[o]) : std::max(best, s[o]);
    e.optimum = best;
  }
  return e;
}

// ===== The check ==================================================================================

std::string RunConfig::flags() const {
  std::string s;
  if (all) s += "-a ";
  if (solutions) s += "-n " + std::to_string(solutions) + " ";
  if (ignore_annotations) s += "--ignore-search-annotations ";
  s += "--order " + order + " --values " + values + " --inference " + inference;
  return s;
}

RunConfig random_config(Source& source, const RandomModel& m, bool all_solutions, const Features& features) {
  RunConfig c;
  c.all = all_solutions;
  auto pick = [&](const std::vector<std::string>& v) { return v[static_cast<std::size_t>(source.below(v.size()))]; };
  if (source.chance(15)) c.solutions = 1 + source.below(3);
  c.ignore_annotations = source.chance(20);
  c.order = pick({"mrv", "mrv", "mrv", "input", "dom-wdeg", "smallest", "largest", "anti-first-fail", "max-regret",
                  "occurrence", "mrv-ddeg", "mrv-degree"});
  if (!features.mrv_full_range && c.order == "mrv") c.order = "mrv-degree";
  c.values = pick({"min", "min", "min", "max", "split", "reverse-split", "median", "random"});
  c.inference = pick({"mac", "mac", "mac", "fc", "none", "learn", "portfolio"});
  if ((c.inference == "learn" || c.inference == "portfolio") && source.chance(30)) c.order = "activity";
  // fc and none take no bounds from the constraints: over a wide domain (the interval form, up to
  // 2^31 values) they try its values one by one, as documented; they run on compact domains only.
  if (std::any_of(m.vars.begin(), m.vars.end(),
                  [](const Variable& v) { return v.domain.back().second - v.domain.front().first >= 4096; }) &&
      (c.inference == "fc" || c.inference == "none"))
    c.inference = "mac";
  return c;
}

namespace {

std::string tuple_text(const RandomModel& m, const std::vector<Int>& s) {
  std::string t;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) t += ' ';
    t += m.vars[i].name + "=" + (m.vars[i].boolean ? std::string(s[i] ? "true" : "false") : std::to_string(s[i]));
  }
  return t;
}

}  // namespace

std::string check(const RandomModel& m, const RunConfig& config, bool* limited) {
  namespace fz = csp::flatzinc;
  const std::string text = m.text();
  const Expected expected = enumerate(m);
  fz::Program program;
  try {
    program = fz::build(fz::parse(text));
  } catch (const std::exception& e) {
    return std::string("refused: ") + e.what();
  }
  const RunConfig& c = config;
  fz::RunOptions options;
  options.all = c.all;
  options.solutions = c.solutions;
  options.ignore_annotations = c.ignore_annotations;
  csp::SearchSettings settings;
  settings.order = c.order;
  settings.values = c.values;
  settings.inference = c.inference;
  options.seed = settings.seed;
  options.search = settings.search_options();
  options.search.limits.nodes = c.node_limit;
  std::vector<std::string> notes = program.notes;
  char* buffer = nullptr;
  std::size_t length = 0;
  std::FILE* out = open_memstream(&buffer, &length);
  if (!out) return "open_memstream failed";
  csp::SearchResult r;
  std::string thrown;
  try {
    r = fz::run(program, options, out, notes);
  } catch (const std::exception& e) {
    thrown = e.what();
  }
  std::fclose(out);
  const std::string output(buffer, length);
  std::free(buffer);
  if (!thrown.empty()) return "the search threw: " + thrown + "\noutput so far:\n" + output;
  const bool stopped = r.status == csp::SearchStatus::limit;
  if (limited) *limited = stopped;

  // Read the output back.
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < m.vars.size(); ++i) index[m.vars[i].name] = i;
  std::vector<std::vector<Int>> printed;
  std::vector<Int> current(m.vars.size(), 0);
  std::vector<bool> seen(m.vars.size(), false);
  std::string final_line;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line == "----------") {
      if (std::find(seen.begin(), seen.end(), false) != seen.end()) return "a solution without every variable:\n" + output;
      printed.push_back(current);
      seen.assign(m.vars.size(), false);
      continue;
    }
    if (line.starts_with("==")) {
      if (!final_line.empty()) return "two status lines:\n" + output;
      final_line = line;
      continue;
    }
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos || !line.ends_with(";")) return "an output line I cannot read: '" + line + "'";
    const auto it = index.find(line.substr(0, eq));
    if (it == index.end()) return "an output line of no variable: '" + line + "'";
    const std::string value = line.substr(eq + 3, line.size() - eq - 4);
    Int x = 0;
    if (value == "true" || value == "false") {
      x = value == "true";
    } else {
      try {
        std::size_t used = 0;
        x = std::stoll(value, &used);
        if (used != value.size()) throw std::invalid_argument(value);
      } catch (const std::exception&) {
        return "an output value I cannot read: '" + line + "'";
      }
    }
    current[it->second] = x;
    seen[it->second] = true;
  }
  if (std::find(seen.begin(), seen.end(), true) != seen.end()) return "output after the last solution:\n" + output;

  const auto& all = expected.solutions;
  for (const auto& s : printed)
    if (!std::binary_search(all.begin(), all.end(), s)) return "not a solution: " + tuple_text(m, s);
  if (stopped) {  // the limit: whatever was printed is right, and no claim of completeness
    if (final_line == "=====UNKNOWN=====" ? !printed.empty() : !final_line.empty())
      return "the node limit stopped the search, yet it printed '" + final_line + "'";
    return "";
  }
  if (all.empty()) {
    if (final_line != "=====UNSATISFIABLE=====") return "expected =====UNSATISFIABLE=====, got '" + final_line + "'";
    return "";
  }
  if (final_line == "=====UNSATISFIABLE=====" || final_line == "=====UNKNOWN=====")
    return "says " + final_line + " but " + std::to_string(all.size()) + " solutions exist, e.g. " +
           tuple_text(m, all.front());
  if (!final_line.empty() && final_line != "==========") return "an unknown status line '" + final_line + "'";
  const bool complete = final_line == "==========";

  if (m.goal == RandomModel::Goal::satisfy) {
    std::vector<std::vector<Int>> sorted = printed;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return "a solution printed twice";
    const std::uint64_t cap = c.all ? c.solutions : (c.solutions ? c.solutions : 1);
    const std::uint64_t want = cap == 0 ? all.size() : std::min<std::uint64_t>(cap, all.size());
    if (printed.size() != want)
      return std::to_string(printed.size()) + " solutions printed, expected " + std::to_string(want) + " (of " +
             std::to_string(all.size()) + ")";
    if (cap == 0 && !complete) return "every solution printed but no ==========";
    if (cap != 0 && all.size() < cap && !complete) return "fewer solutions than asked for but no ==========";
    if (complete && cap != 0 && all.size() > cap) return "========== after " + std::to_string(cap) + " of " +
                                                          std::to_string(all.size()) + " solutions";
    return "";
  }
  const std::size_t o = static_cast<std::size_t>(m.objective);
  const bool minimize = m.goal == RandomModel::Goal::minimize;
  if (printed.empty()) return "no solution printed";
  for (std::size_t i = 1; i < printed.size(); ++i)
    if (minimize ? printed[i][o] >= printed[i - 1][o] : printed[i][o] <= printed[i - 1][o])
      return "solution " + std::to_string(i + 1) + " does not improve on the one before";
  const bool each = c.all;
  if (!each && printed.size() != 1) return std::to_string(printed.size()) + " solutions printed without -a";
  if (complete) {
    if (printed.back()[o] != *expected.optimum)
      return "claims optimal " + std::to_string(printed.back()[o]) + ", the optimum is " + std::to_string(*expected.optimum);
    return "";
  }
  // stopped on request: only after -n improving solutions
  if (c.solutions == 0) return "no ========== after an optimisation without -n";
  return "";
}

std::string report(const RandomModel& m, const RunConfig& config, const std::string& failure) {
  const Expected e = enumerate(m);
  std::string s = "fzn-csp " + config.flags() + " on\n" + m.text() + "failed: " + failure + "\nexpected " +
                  std::to_string(e.solutions.size()) + " solution(s)";
  if (e.optimum) s += ", optimum " + std::to_string(*e.optimum);
  for (std::size_t i = 0; i < e.solutions.size() && i < 8; ++i) s += "\n  " + tuple_text(m, e.solutions[i]);
  if (e.solutions.size() > 8) s += "\n  ...";
  return s + "\n";
}

}  // namespace fzn_random
