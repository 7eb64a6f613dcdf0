// Two probe propagators for the kernel's tests (domains.cpp, watches.cpp): one counts how often the
// engine runs it, the other makes one write through its Context at its first run. Both accept
// every assignment, so they change no solution.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "csp/csp.hpp"

namespace kernel_tests {

// Counts its runs: woken by `t` on x, or only by the watches it is given.
class Counter final : public csp::Propagator {
 public:
  Counter(csp::Var x, csp::Trigger t, int* runs) : Propagator({x}, t), runs_(runs) {}
  Counter(std::vector<csp::Var> scope, std::vector<csp::Watch> watches, int* runs)
      : Propagator(std::move(scope), std::move(watches)), runs_(runs) {}
  std::string name() const override { return "counter"; }
  bool satisfied(std::span<const csp::Value>) const override { return true; }
  csp::PropStatus propagate(csp::Context&) override {
    ++*runs_;
    return csp::PropStatus::fixpoint;
  }

 private:
  int* runs_;
};

// Runs f once, at its first run (woken by nothing but the first propagate_all, as it waits for the
// fixing of a variable nobody fixes, or is posted last); fails where f does.
class Writer final : public csp::Propagator {
 public:
  Writer(std::vector<csp::Var> scope, std::function<bool(csp::Context&)> f)
      : Propagator(std::move(scope), csp::Trigger::fixed), f_(std::move(f)) {}
  Writer(csp::Var x, std::function<bool(csp::Context&)> f) : Writer(std::vector<csp::Var>{x}, std::move(f)) {}
  std::string name() const override { return "writer"; }
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

}  // namespace kernel_tests
