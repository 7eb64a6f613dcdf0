// Binary constraints: a relation between two variables, kept arc consistent.
//
// Every propagator here reaches arc consistency on its pair: afterwards each candidate of x has a
// supporting candidate of y and vice versa (for `less` and `less_equal` that is bounds reasoning,
// which for an order relation is the same thing). An offset may be any int, y + offset then leaving
// the range of values (kMaxValue - kMinValue carries one edge to the other): it is computed in 64
// bits, and a shifted value outside [kMinValue, kMaxValue] is no candidate. With x and y the same
// variable the relation is 0 REL offset, true or false for every value: posted as that constant.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "csp/kernel/propagator.hpp"

namespace csp {

/// x and y must satisfy allowed(x, y). `name` shows in logs and explanations.
std::unique_ptr<Propagator> relation(Var x, Var y, std::function<bool(Value, Value)> allowed,
                                     std::string name = "relation");
/// (x, y) must be one of the listed pairs.
std::unique_ptr<Propagator> table(Var x, Var y, std::vector<std::pair<Value, Value>> allowed);
/// x != y + offset.
std::unique_ptr<Propagator> not_equal(Var x, Var y, Value offset = 0);
/// x == y + offset.
std::unique_ptr<Propagator> equal(Var x, Var y, Value offset = 0);
/// x < y + offset.
std::unique_ptr<Propagator> less(Var x, Var y, Value offset = 0);
/// x <= y + offset.
std::unique_ptr<Propagator> less_equal(Var x, Var y, Value offset = 0);

/// For a propagator of x == y + offset on an interval-form v (no holes to make): moves v's bounds
/// to the nearest candidates a with a + shift among w's candidates, stepping over w's holes. False
/// on a wipe-out; `changed` is set when a bound moved.
bool keep_shifted_bounds(Context& ctx, Var v, Var w, std::int64_t shift, bool& changed);

}  // namespace csp
