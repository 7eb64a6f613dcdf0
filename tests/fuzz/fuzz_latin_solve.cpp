// libFuzzer target: parse a Latin square line (problems/latin), then complete it with a node
// limit, as `csp latin` does. Input "LINE" or "LINE\nC": C picks the variable order, inference and
// rule set for sides up to 16 (larger squares use the defaults, to keep the cached solvers few).
// Checks: a parsed square has side 1..35 and cells in range; a search never passes its node limit;
// every completion found passes the independent check.
#include <map>
#include <memory>

#include "fuzz_check.hpp"
#include "problems/latin/latin.hpp"

namespace pl = problems::latin;

namespace {

constexpr std::uint64_t kNodeLimit = 200;

struct Entry {
  Entry(int side, const csp::RuleSet& rules, const csp::SearchOptions& options)
      : model(side, rules), solver(model.model(), options) {}
  pl::LatinModel model;
  csp::Solver solver;  // refers to `model`: entries never move (held by unique_ptr)
};

Entry& entry(int side, std::uint8_t config) {
  static std::map<int, std::unique_ptr<Entry>> cache;
  if (side > 16) config = 0;
  config %= 12;
  std::unique_ptr<Entry>& e = cache[side * 256 + config];
  if (!e) {
    static const char* const orders[] = {"mrv", "dom-wdeg"};
    static const csp::Inference inferences[] = {csp::Inference::mac, csp::Inference::forward, csp::Inference::none};
    static const char* const rules[] = {"naked-single,hidden-single", "none"};
    csp::SearchOptions o;
    o.order = csp::order::by_name(orders[config & 1]);
    o.inference = inferences[(config >> 1) % 3];
    o.limits.nodes = kNodeLimit;
    e = std::make_unique<Entry>(side, csp::parse_rules(rules[config / 6]), o);
  }
  return *e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fuzz::Input in = fuzz::split(data, size);
  const pl::ParsedLine parsed = pl::parse_line(in.line);
  if (parsed.kind == pl::ParsedLine::Kind::invalid) FUZZ_CHECK(!parsed.reason.empty());
  if (parsed.kind != pl::ParsedLine::Kind::square) return 0;
  const pl::Square& s = parsed.square;
  FUZZ_CHECK(s.side >= 1 && s.side <= pl::kMaxSide);
  FUZZ_CHECK(s.cells.size() == static_cast<std::size_t>(s.side * s.side));
  for (int v : s.cells) FUZZ_CHECK(v >= 0 && v <= s.side);
  const pl::ParsedLine again = pl::parse_line(pl::format_line(s.cells, s));
  FUZZ_CHECK(again.kind == pl::ParsedLine::Kind::square && again.square.cells == s.cells);

  Entry& e = entry(s.side, in.config);
  const csp::SearchResult r = e.solver.solve(e.model.start(s));
  FUZZ_CHECK(r.stats.nodes <= kNodeLimit);
  if (r.status == csp::SearchStatus::limit) FUZZ_CHECK(r.limit == csp::LimitHit::nodes && r.stats.nodes == kNodeLimit);
  if (r.found()) FUZZ_CHECK(pl::is_completion(s, e.model.values(r.solution)));
  return 0;
}
