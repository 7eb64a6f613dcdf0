// The Gecode reference for the queens comparison (docs/compare_queens.sh builds it when Gecode is
// installed; the project does not depend on Gecode): n IntVars 0..n-1, distinct on the rows and on
// both diagonals (offsets) at domain consistency, smallest-domain branching, all solutions counted.
#include <gecode/int.hh>
#include <gecode/search.hh>

#include <cstdlib>
#include <iostream>

using namespace Gecode;

class Queens : public Space {
 public:
  IntVarArray q;
  explicit Queens(int n) : q(*this, n, 0, n - 1) {
    IntArgs up(n), down(n);
    for (int i = 0; i < n; ++i) {
      up[i] = i;
      down[i] = -i;
    }
    distinct(*this, q, IPL_DOM);
    distinct(*this, up, q, IPL_DOM);
    distinct(*this, down, q, IPL_DOM);
    branch(*this, q, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Queens(Queens& s) : Space(s) { q.update(*this, s.q); }
  Space* copy() override { return new Queens(*this); }
};

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  Queens* root = new Queens(n);
  DFS<Queens> search(root);
  delete root;
  long long count = 0;
  while (Queens* s = search.next()) {
    ++count;
    delete s;
  }
  std::cout << "solutions: " << count << "\n";
}
