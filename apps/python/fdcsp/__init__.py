"""fdcsp: finite-domain constraint satisfaction from Python, on the csp framework's C++ library.

    import fdcsp
    m = fdcsp.Model()
    q = m.int_vars(8, 0, 7, "q")                    # q[c]: the row of the queen in column c
    m.all_different(q)
    m.all_different(q, offsets=list(range(8)))      # diagonals: q[c] + c
    m.all_different(q, offsets=[-c for c in range(8)])
    m.count().count                                 # 92
    sol = m.solve(order="mrv").solution
    sol[q[0]], sol.as_dict()

Expressions: m.add(x + 2*y <= z), m.add(abs(x - y) == 3), b = (x > 3), m.add(b | (y == 0)),
m.minimize(fdcsp.max(ends)), fdcsp.Array(costs)[i] (element); // and % as on Python ints (floor),
fdcsp.div / fdcsp.mod rounded toward zero (the library's).

Classes: Model (variables, constraints), Var, IntExpr, BoolExpr, Array, Solver (search options by the
names of fdcsp.options()), Result, Solution, Solutions (the lazy iterator of Solver.solutions()), Domains
(what a Python order sees), Sudoku, SudokuSolver, SudokuResult. docs/python.md is the guide.

The search runs in C++ with the GIL released; Ctrl-C stops it with KeyboardInterrupt. Python orders
(order=f, values=f) and Model.predicate call Python at every node: slow, for teaching.
"""

from typing import Any, Callable, Optional, Union

from ._fdcsp import (Array, BoolExpr, Domains, IntExpr, Model, Result, Solution, Solutions, Solver, Sudoku,
                     SudokuResult, SudokuSolver, Var, all_of, any_of, div, element, max, min, mod, options, sum)
from ._sudoku_html import sudoku_html

__version__ = "0.1.0"
__all__ = ["Array", "BoolExpr", "Domains", "IntExpr", "Model", "Result", "Solution", "Solutions", "Solver", "Sudoku",
           "SudokuResult", "SudokuSolver", "Var", "all_of", "any_of", "div", "element", "max", "min", "mod", "options",
           "sudoku_html", "sum"]


def _solve(self: Model, **options: Any) -> Result:
    """The first solution: Solver(self, **options).solve()."""
    return Solver(self, **options).solve()


def _count(self: Model, cap: int = 0, **options: Any) -> Result:
    """Counts the solutions (up to cap when cap > 0): Solver(self, **options).count(cap); result.count."""
    return Solver(self, **options).count(cap)


def _solutions(self: Model, **options: Any) -> Solutions:
    """The solutions one at a time, lazily: Solver(self, **options).solutions()."""
    return Solver(self, **options).solutions()


def _minimize(self: Model, objective: Union[Var, IntExpr], on_solution: Optional[Callable[[Solution], Any]] = None,
              **options: Any) -> Result:
    """The least value of `objective`, a Var or an integer expression (branch and bound):
    Solver(self, **options).minimize(objective)."""
    return Solver(self, **options).minimize(objective, on_solution)


def _maximize(self: Model, objective: Union[Var, IntExpr], on_solution: Optional[Callable[[Solution], Any]] = None,
              **options: Any) -> Result:
    """The greatest value of `objective`, a Var or an integer expression (branch and bound):
    Solver(self, **options).maximize(objective)."""
    return Solver(self, **options).maximize(objective, on_solution)


Model.solve = _solve
Model.count = _count
Model.solutions = _solutions
Model.minimize = _minimize
Model.maximize = _maximize
Sudoku._repr_html_ = sudoku_html
