// libFuzzer target: the fuzzer's bytes choose a random WELL-FORMED FlatZinc model over the builtins
// and a few globals (tests/fzn_random.hpp: 2-8 variables, extreme bounds, unbounded `var int`
// defined by an equation, tiny domains) and fzn-csp's flags (-a, -n, -f, order, values,
// inference); the model is solved as fzn-csp does (parse, build, run, its output read back) and
// each answer checked against enumeration of the model's MiniZinc meaning: the status, every
// solution (with -a the exact set), the optimum. A disagreement prints the model, the flags and the
// expected solutions, then aborts. What the open bugs of issue 29 trigger is left out
// (fzn_random::without_open_bugs()); FZN_RANDOM_ALL=1 in the environment puts it back.
// Seeds: tests/fuzz/corpus/flatzinc_random (any bytes make a model).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../fzn_random.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool all = std::getenv("FZN_RANDOM_ALL") != nullptr;
  static const fzn_random::Features features = all ? fzn_random::Features{} : fzn_random::without_open_bugs();
  fzn_random::Source source(data, size);
  const fzn_random::RandomModel m = fzn_random::generate(source, features);
  const fzn_random::RunConfig config = fzn_random::random_config(source, m, source.chance(50), features);
  const std::string failure = fzn_random::check(m, config);
  if (!failure.empty()) std::fputs(fzn_random::report(m, config, failure).c_str(), stderr);
  FUZZ_CHECK(failure.empty());
  return 0;
}
