// The solver library (mznlib/*.mzn) and the FlatZinc registry agree both ways: every predicate
// mznlib declares without a body (MiniZinc hands it to fzn-csp as is) has a registry row of that
// arity, and every global of the registry (add_global_posters) is declared in mznlib.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "csp/flatzinc/registry.hpp"
#include "flatzinc/mznlib_reader.hpp"

namespace fz = csp::flatzinc;

namespace {

mznlib::Predicates solver_library() {
  mznlib::Predicates p;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(CSP_SOURCE_DIR) / "mznlib")) {
    if (entry.path().extension() != ".mzn") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    mznlib::read(text.str(), p);
    ++files;
  }
  REQUIRE(files > 0);
  return p;
}

}  // namespace

TEST_CASE("mznlib reader: native declarations, definitions and their parameters", "[flatzinc][mznlib]") {
  mznlib::Predicates p;
  mznlib::read("% a comment; with a semicolon\n"
               "predicate csp_r(array[int] of var int: x, int: Q, array[int, int] of int: d);\n"
               "predicate fzn_r(array[int] of var int: x ::promise_ctx_antitone, int: Q) =\n"
               "    csp_r(x, Q, [| 1, 2 |]);\n"
               "predicate csp_none();\n",
               p);
  CHECK(p.native == std::map<std::string, int>{{"csp_none", 0}, {"csp_r", 3}});
  CHECK(p.defined == std::map<std::string, int>{{"fzn_r", 2}});
}

TEST_CASE("flatzinc mznlib: every native predicate has a registry row, every registry global is declared",
          "[flatzinc][mznlib]") {
  const mznlib::Predicates lib = solver_library();
  REQUIRE_FALSE(lib.native.empty());
  for (const auto& [name, arity] : lib.native) {
    INFO("mznlib declares " << name << " with " << arity << " parameters");
    CHECK(fz::registry().find(name, arity) != nullptr);
  }
  fz::Registry globals;
  fz::add_global_posters(globals);
  REQUIRE_FALSE(globals.entries().empty());
  for (const fz::PosterEntry& e : globals.entries()) {
    INFO("the registry's global " << e.name << " with " << e.arity << " arguments");
    const auto it = lib.native.find(e.name);
    REQUIRE(it != lib.native.end());
    CHECK(it->second == e.arity);
  }
}
