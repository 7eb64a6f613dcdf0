#include "csp/constraints/arithmetic.hpp"

#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "csp/constraints/supports.hpp"
#include "csp/engine.hpp"

namespace csp {
namespace {

enum class Op : std::uint8_t { times, divide, modulo, absolute, minimum, maximum, power };

constexpr std::int64_t kLow = std::numeric_limits<Value>::min();
constexpr std::int64_t kHigh = std::numeric_limits<Value>::max();

// a^b for b >= 0, or nullopt once it leaves int32 (a later factor cannot bring it back unless a
// is 0 or +-1, which are answered first).
std::optional<std::int64_t> int_pow(std::int64_t a, std::int64_t b) {
  if (b == 0) return 1;
  if (a == 0 || a == 1) return a;
  if (a == -1) return b % 2 == 0 ? 1 : -1;
  std::int64_t r = 1;
  for (std::int64_t k = 0; k < b; ++k) {
    r *= a;  // |r| <= 2^31 before, |a| <= 2^31: no 64-bit overflow
    if (r < kLow || r > kHigh) return std::nullopt;
  }
  return r;
}

// f(a, b), or nullopt where it is undefined (division by zero, a negative exponent).
std::optional<std::int64_t> apply(Op op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case Op::times: return a * b;
    case Op::divide: return b == 0 ? std::nullopt : std::optional<std::int64_t>(a / b);
    case Op::modulo: return b == 0 ? std::nullopt : std::optional<std::int64_t>(a % b);
    case Op::absolute: return a < 0 ? -a : a;
    case Op::minimum: return a < b ? a : b;
    case Op::maximum: return a > b ? a : b;
    case Op::power: return b < 0 ? std::nullopt : int_pow(a, b);
  }
  return std::nullopt;
}

const char* op_name(Op op) {
  static const char* names[] = {"times", "div", "mod", "abs", "min", "max", "pow"};
  return names[static_cast<int>(op)];
}

// z = f(x, y) over the scope (x, y, z), or z = f(x) over (x, z) for a unary f.
class Arithmetic final : public Propagator {
 public:
  Arithmetic(Op op, std::vector<Var> scope) : Propagator(std::move(scope), Trigger::any), op_(op) {}

  std::string name() const override { return op_name(op_); }

  bool satisfied(std::span<const Value> v) const override {
    const std::optional<std::int64_t> r = apply(op_, v[0], unary() ? 0 : v[1]);
    return r && *r == v.back();
  }

  PropStatus propagate(Context& ctx) override {
    const Var x = scope()[0], z = scope().back();
    const Var y = unary() ? x : scope()[1];
    const std::int64_t pairs = std::int64_t{ctx.size(x)} * (unary() ? 1 : ctx.size(y));
    if (pairs > kArithmeticPairs) return check_fixed(ctx);
    const Domains& d = ctx.domains();
    supports_.reset(d, scope());
    const std::size_t zi = scope().size() - 1;
    d.for_each(x, [&](Value a) {
      auto try_pair = [&](Value b) {
        if (!unary() && y == x && b != a) return;  // x * x = z and the like: one value for both
        const std::optional<std::int64_t> r = apply(op_, a, b);
        if (r && ((z == x && *r != a) || (!unary() && z == y && *r != b))) return;
        if (!r || *r < kLow || *r > kHigh || !d.contains(z, static_cast<Value>(*r))) return;
        supports_.mark(0, a);
        if (!unary()) supports_.mark(1, b);
        supports_.mark(zi, static_cast<Value>(*r));
      };
      if (unary()) try_pair(0);
      else d.for_each(y, try_pair);
    });
    for (std::size_t i = 0; i < scope().size(); ++i)
      if (!supports_.prune(ctx, i, scope()[i])) return PropStatus::failed;
    return PropStatus::fixpoint;
  }

 private:
  bool unary() const { return scope().size() == 2; }

  // Above the enumeration limit: only a complete assignment is judged.
  PropStatus check_fixed(const Context& ctx) const {
    Value v[3];
    for (std::size_t i = 0; i < scope().size(); ++i) {
      if (!ctx.fixed(scope()[i])) return PropStatus::fixpoint;
      v[i] = ctx.value(scope()[i]);
    }
    return satisfied(std::span<const Value>(v, scope().size())) ? PropStatus::fixpoint : PropStatus::failed;
  }

  Op op_;
  Supports supports_;
};

std::unique_ptr<Propagator> make(Op op, std::vector<Var> scope) {
  return std::make_unique<Arithmetic>(op, std::move(scope));
}

}  // namespace

std::unique_ptr<Propagator> times(Var x, Var y, Var z) { return make(Op::times, {x, y, z}); }
std::unique_ptr<Propagator> divide(Var x, Var y, Var z) { return make(Op::divide, {x, y, z}); }
std::unique_ptr<Propagator> modulo(Var x, Var y, Var z) { return make(Op::modulo, {x, y, z}); }
std::unique_ptr<Propagator> absolute(Var x, Var z) { return make(Op::absolute, {x, z}); }
std::unique_ptr<Propagator> minimum(Var x, Var y, Var z) { return make(Op::minimum, {x, y, z}); }
std::unique_ptr<Propagator> maximum(Var x, Var y, Var z) { return make(Op::maximum, {x, y, z}); }
std::unique_ptr<Propagator> power(Var x, Var y, Var z) { return make(Op::power, {x, y, z}); }

}  // namespace csp
