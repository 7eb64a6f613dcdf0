// The Gecode reference model for the speed comparison (docs/compare.sh builds it when Gecode is
// installed; the project itself does not depend on Gecode).
//
// Exactly the model named in the comparison: 81 IntVars 1..9, distinct with IPL_DOM on every row,
// column and box, givens as equalities, branch(INT_VAR_SIZE_MIN(), INT_VAL_MIN()), depth-first
// search for the first solution, one space per puzzle. Reads 81-character lines on stdin and
// prints each solution (or "unsolvable") on one line.
#include <gecode/int.hh>
#include <gecode/search.hh>

#include <iostream>
#include <string>

using namespace Gecode;

class Sudoku : public Space {
 public:
  IntVarArray x;
  explicit Sudoku(const std::string& line) : x(*this, 81, 1, 9) {
    for (int r = 0; r < 9; ++r) {
      IntVarArgs row, col, box;
      for (int i = 0; i < 9; ++i) {
        row << x[r * 9 + i];
        col << x[i * 9 + r];
        box << x[(r / 3 * 3 + i / 3) * 9 + r % 3 * 3 + i % 3];
      }
      distinct(*this, row, IPL_DOM);
      distinct(*this, col, IPL_DOM);
      distinct(*this, box, IPL_DOM);
    }
    for (int i = 0; i < 81; ++i)
      if (line[static_cast<std::size_t>(i)] >= '1' && line[static_cast<std::size_t>(i)] <= '9')
        rel(*this, x[i], IRT_EQ, line[static_cast<std::size_t>(i)] - '0');
    branch(*this, x, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Sudoku(Sudoku& s) : Space(s) { x.update(*this, s.x); }
  Space* copy() override { return new Sudoku(*this); }
};

int main() {
  std::ios::sync_with_stdio(false);
  std::string line, out;
  while (std::getline(std::cin, line)) {
    if (line.size() < 81) continue;
    Sudoku* root = new Sudoku(line);
    DFS<Sudoku> search(root);
    delete root;
    if (Sudoku* s = search.next()) {
      for (int i = 0; i < 81; ++i) out += static_cast<char>('0' + s->x[i].val());
      delete s;
    } else {
      out += "unsolvable";
    }
    out += '\n';
  }
  std::cout << out;
}
