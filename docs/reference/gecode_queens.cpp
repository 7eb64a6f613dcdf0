// The Gecode reference for the queens comparison (docs/compare_queens.sh builds it when Gecode is
// installed; the project does not depend on Gecode): n IntVars 0..n-1, smallest-domain branching
// (ties to the first), smallest value first, all solutions counted. MODEL picks the constraints, to
// match each model of `csp queens` in consistency:
//   dom (default): distinct on the rows and on both diagonals (offsets) at domain consistency, as
//                  `--model all-different --strength domain`;
//   val:           the same three distincts at value consistency, as `--strength value`;
//   binary:        one extensional constraint per pair of columns (the pairs of rows that do not
//                  attack), arc consistent, as `--model binary` (a relation per pair, made arc
//                  consistent by MAC).
// Prints "solutions: COUNT"; on standard error "nodes: N" and "failures: F" (Gecode counts both
// children of every binary choice as nodes: about twice ours on the same tree).
//   gecode_queens N [dom|val|binary]
#include <gecode/int.hh>
#include <gecode/search.hh>

#include <cstdlib>
#include <iostream>
#include <string>

using namespace Gecode;

class Queens : public Space {
 public:
  IntVarArray q;
  Queens(int n, const std::string& model) : q(*this, n, 0, n - 1) {
    if (model == "binary") {
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
          TupleSet safe(2);
          for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
              if (a != b && std::abs(a - b) != j - i) safe.add({a, b});
          safe.finalize();
          extensional(*this, IntVarArgs{q[i], q[j]}, safe);
        }
    } else {
      const IntPropLevel level = model == "val" ? IPL_VAL : IPL_DOM;
      IntArgs up(n), down(n);
      for (int i = 0; i < n; ++i) {
        up[i] = i;
        down[i] = -i;
      }
      distinct(*this, q, level);
      distinct(*this, up, q, level);
      distinct(*this, down, q, level);
    }
    branch(*this, q, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Queens(Queens& s) : Space(s) { q.update(*this, s.q); }
  Space* copy() override { return new Queens(*this); }
};

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  const std::string model = argc > 2 ? argv[2] : "dom";
  if (n < 1 || (model != "dom" && model != "val" && model != "binary")) {
    std::cerr << "usage: gecode_queens N [dom|val|binary]\n";
    return 2;
  }
  Queens* root = new Queens(n, model);
  DFS<Queens> search(root);
  delete root;
  long long count = 0;
  while (Queens* s = search.next()) {
    ++count;
    delete s;
  }
  std::cout << "solutions: " << count << "\n";
  std::cerr << "nodes: " << search.statistics().node << "\nfailures: " << search.statistics().fail << "\n";
}
