"""Sudoku from Python: solve (checked by a checker written here), count, generate, explain, grade, HTML."""

import pytest

import fdcsp
from conftest import SOURCE, run_command, stats_of

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def valid(puzzle, grid):
    """Independent of the library: every cell 1..9, the givens kept, every row, column and box a permutation."""
    p, g = puzzle.line(), grid.line()
    if len(g) != 81 or any(a != "." and a != b for a, b in zip(p, g)):
        return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(sorted(g[i] for i in u) == list("123456789") for u in units)


def puzzles():
    return [line.strip() for line in open(SOURCE / "data" / "puzzles.txt")
            if line.strip() and not line.startswith("#") and len(line.strip()) == 81]


def test_solve_checked_independently():
    s = fdcsp.Sudoku(HARD)
    r = s.solve()
    assert r.found and valid(s, r.solution) and s.is_solved_by(r.solution)
    assert not s.is_solved_by(fdcsp.Sudoku(puzzles()[0]).solve().solution)


def test_solver_statistics_equal_the_sudoku_command():
    solver = fdcsp.SudokuSolver()
    nodes = failures = 0
    lines = puzzles()
    for line in lines:
        r = solver.solve(fdcsp.Sudoku(line))
        assert r.found and valid(fdcsp.Sudoku(line), r.solution)
        nodes += r.stats["nodes"]
        failures += r.stats["failures"]
    out, err = run_command("sudoku", "solve", "--stats", "--threads", "1", SOURCE / "data" / "puzzles.txt")
    cpp = stats_of(err)
    assert cpp["solved"] == len(lines)
    assert round(nodes / len(lines), 2) == cpp["mean nodes"]
    assert round(failures / len(lines), 2) == cpp["mean failures"]
    assert [fdcsp.SudokuSolver().solve(fdcsp.Sudoku(l)).solution.line() for l in lines] == out.split()


def test_solve_all_and_count_all_answer_as_one_call_each():
    lines = puzzles()
    grids = [fdcsp.Sudoku(line) for line in lines] + [fdcsp.Sudoku.generate(seed=3, size=4), fdcsp.Sudoku("." * 81)]
    solver = fdcsp.SudokuSolver(order="mrv", rules="naked-single")
    one_by_one = [solver.solve(g) for g in grids]
    together = solver.solve_all(grids)
    assert [r.solution for r in together] == [r.solution for r in one_by_one]
    untimed = lambda r: {k: v for k, v in r.stats.items() if k != "time"}  # noqa: E731
    assert [untimed(r) for r in together] == [untimed(r) for r in one_by_one]
    assert all(r.found and g.is_solved_by(r.solution) for g, r in zip(grids, together))
    assert [r.count for r in solver.count_all(grids, cap=3)] == [1] * len(lines) + [1, 3]
    assert solver.solve_all([]) == []
    limited = fdcsp.SudokuSolver(node_limit=1, rules="none").solve_all([fdcsp.Sudoku(HARD)])
    assert limited[0].limit == "nodes" and limited[0].solution is None


def test_count_and_generate():
    assert fdcsp.Sudoku(HARD).count().count == 1
    assert fdcsp.Sudoku("." * 81).count(cap=5).count == 5
    p = fdcsp.Sudoku.generate(seed=7)
    out, _ = run_command("sudoku", "generate", "--count", "1", "--seed", "7")
    assert p.line() == out.strip()
    assert p.count(cap=0).count == 1
    assert fdcsp.Sudoku.generate(seed=3, size=4).side == 4


def test_options_and_threads():
    s = fdcsp.Sudoku(HARD)
    one = s.solve(order="mrv", rules="naked-single")
    two = s.solve(order="mrv", rules="naked-single", threads=2)
    assert one.solution == two.solution
    assert s.solve(rules="every").stats["counters"]  # the rules' firings, by name
    assert s.solve(node_limit=1, rules="none").limit == "nodes"


def test_explain_and_grade():
    e = fdcsp.Sudoku(HARD).explain()
    assert e["result"] in ("solved", "needs search") and e["steps"]
    assert valid(fdcsp.Sudoku(HARD), fdcsp.Sudoku(e["solution"]))
    easy = puzzles()[0]
    g = fdcsp.Sudoku(easy).grade()
    out, _ = run_command("sudoku", "grade", SOURCE / "data" / "puzzles.txt")
    first = out.splitlines()[0].split()
    assert [g["hardest"], str(g["score"]), g["level"]] == first
    with pytest.raises(ValueError, match="techniques"):
        fdcsp.Sudoku(easy).grade(techniques="magic")


def test_board_as_html_and_text():
    s = fdcsp.Sudoku(HARD)
    html = s._repr_html_()
    assert html.startswith("<table") and html.count("<td") == 81 and ">4</td>" in html
    assert str(s) == HARD and len(s.rows) == 9 and s.givens == 17
    assert fdcsp.Sudoku.from_cells(s.cells) == s
    assert "<b" not in fdcsp.sudoku_html(s.solve().solution, given=s)
