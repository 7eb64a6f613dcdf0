// libFuzzer target: the cryptarithm parser (problems/cryptarithm) on any bytes, then the model of
// what it accepts, searched with a node limit. Input "EQUATION" or "EQUATION\nC" (C chooses the
// all-different strength and inference level, see fuzz_check.hpp). A bad equation must be a
// ParseError with a message; a good one has 1..10 distinct letters in order, non-empty upper-case
// words on both sides; and any solution found passes the independent arithmetic check.
#include <algorithm>
#include <string>

#include "fuzz_check.hpp"
#include "problems/cryptarithm/cryptarithm.hpp"

namespace pk = problems::cryptarithm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::Input in = fuzz::split(data, size);
  pk::Puzzle p;
  try {
    p = pk::parse(in.line);
  } catch (const pk::ParseError& e) {
    FUZZ_CHECK(e.what()[0] != '\0');
    return 0;
  }
  FUZZ_CHECK(!p.letters.empty() && p.letters.size() <= 10);
  FUZZ_CHECK(std::is_sorted(p.letters.begin(), p.letters.end()));
  FUZZ_CHECK(std::adjacent_find(p.letters.begin(), p.letters.end()) == p.letters.end());
  bool left = false, right = false;
  for (const pk::Term& t : p.terms) {
    FUZZ_CHECK(!t.word.empty() && t.word.size() <= 18 && (t.sign == 1 || t.sign == -1));
    for (char c : t.word) FUZZ_CHECK(c >= 'A' && c <= 'Z' && p.letters.find(c) != std::string::npos);
    (t.right ? right : left) = true;
  }
  FUZZ_CHECK(left && right);

  constexpr csp::AllDifferentStrength strengths[] = {csp::AllDifferentStrength::domain, csp::AllDifferentStrength::value,
                                                     csp::AllDifferentStrength::pairwise, csp::AllDifferentStrength::check};
  constexpr csp::Inference inferences[] = {csp::Inference::mac, csp::Inference::forward, csp::Inference::none};
  pk::CryptarithmModel m = pk::make_model(p, strengths[in.config & 3]);
  csp::SearchOptions options;
  options.inference = inferences[(in.config >> 2) % 3];
  options.limits.nodes = 500;
  csp::Solver solver(m.model, options);
  const csp::SearchResult r = solver.solve();
  FUZZ_CHECK(r.stats.nodes <= 500);
  FUZZ_CHECK(r.status != csp::SearchStatus::limit || r.limit == csp::LimitHit::nodes);
  if (r.found()) FUZZ_CHECK(pk::is_solution(p, m.assignment(r.solution)));
  return 0;
}
