// The constraint tables of README.md and docs/minizinc.md, printed from the FlatZinc registry
// (csp/flatzinc/registry.hpp: post_builtins.cpp and post_globals.cpp), so that the docs cannot
// drift from what fzn-csp posts.
//
//   constraint_tables builtins|globals       prints that table (markdown)
//   constraint_tables --check FILE...        exit 1 when a generated block of a FILE differs
//   constraint_tables --write FILE...        rewrites the generated blocks of each FILE
//
// A generated block is the lines between `<!-- generated: constraint_tables TABLE -->` and
// `<!-- end generated -->`. ctest runs --check on both docs (docs.constraint_tables); after a change
// to the registry, `build/tests/constraint_tables --write README.md docs/minizinc.md` updates them.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "csp/flatzinc/registry.hpp"

namespace fz = csp::flatzinc;

namespace {

constexpr std::string_view kBegin = "<!-- generated: constraint_tables ";
constexpr std::string_view kEnd = "<!-- end generated -->";

// The table called `name`, or false.
bool print(std::string_view name, std::string& out) {
  fz::Registry r;
  if (name == "builtins") {
    fz::add_builtin_posters(r);
    out = fz::markdown_table(r, "builtin");
  } else if (name == "globals") {
    fz::add_global_posters(r);
    out = fz::markdown_table(r, "native predicate (mznlib/)");
  } else {
    return false;
  }
  return true;
}

// `text` with each generated block replaced by what the registry prints; errors name the line.
bool regenerate(const std::string& path, const std::string& text, std::string& out) {
  std::istringstream in(text);
  std::string line;
  int at = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    ++at;
    if (inside) {
      if (line == kEnd) {
        out += line + "\n";
        inside = false;
      }
      continue;
    }
    out += line + "\n";
    if (line.rfind(kBegin, 0) != 0) continue;
    const std::string_view rest = std::string_view(line).substr(kBegin.size());
    const std::size_t close = rest.find(" -->");
    std::string generated;
    if (close == std::string_view::npos || !print(rest.substr(0, close), generated)) {
      std::fprintf(stderr, "%s:%d: unknown generated block '%s'\n", path.c_str(), at, line.c_str());
      return false;
    }
    out += generated;
    inside = true;
  }
  if (inside) std::fprintf(stderr, "%s: a generated block has no '%s'\n", path.c_str(), kEnd.data());
  return !inside;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  std::string out;
  if (args.size() == 1 && print(args[0], out)) {
    std::fputs(out.c_str(), stdout);
    return 0;
  }
  if (args.size() < 2 || (args[0] != "--check" && args[0] != "--write")) {
    std::fputs("usage: constraint_tables builtins|globals | --check FILE... | --write FILE...\n", stderr);
    return 2;
  }
  bool same = true;
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::ifstream in(args[i]);
    if (!in) {
      std::fprintf(stderr, "%s: cannot read\n", args[i].c_str());
      return 2;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    std::string wanted;
    if (!regenerate(args[i], text, wanted)) return 2;
    if (wanted == text) continue;
    if (args[0] == "--write") {
      std::ofstream(args[i]) << wanted;
      std::printf("%s: generated tables rewritten\n", args[i].c_str());
    } else {
      std::fprintf(stderr,
                   "%s: a generated table differs from the FlatZinc registry; run "
                   "constraint_tables --write %s\n",
                   args[i].c_str(), args[i].c_str());
      same = false;
    }
  }
  return same ? 0 : 1;
}
