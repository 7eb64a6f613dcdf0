#!/usr/bin/python3
"""How fast fdcsp is from Python (docs/python.md, "Speed"); a benchmark to run by hand, not a test.

  PYTHONPATH=build/python /usr/bin/python3 docs/python_bench.py [--build build] [--runs 5] [--queens 13]
      [--timeout 20] [PUZZLE_FILE...]
  [AIMA_CSP=/path/to/aima/csp.py] [NORVIG_SUDOKU=/path/to/sudoku.py] (environment, optional)

Three parts, each printing the exact settings, the median of --runs runs and ratios. The runs of the things
compared are taken in turns (run 1 of each, then run 2, ...), so a noisy machine weighs on both alike.

1. The same search from Python and from C++: counting the n-queens solutions (--queens, all-different model)
   with `BUILD/bin/csp queens N --count --stats --model all-different` (its `seconds:` line: the search) against
   the same model counted by fdcsp (the wall time of Model.count() in Python); and solving each puzzle file with
   `BUILD/bin/sudoku bench --repeat 5 --format json FILE` (its puzzles_per_s: the median of 5 passes) against a
   loop of fdcsp.SudokuSolver().solve() over the same puzzles, and one SudokuSolver().solve_all(puzzles) call
   (each the median of 5 passes), all with the `sudoku` command's defaults.
2. Building a model of 10,000 variables from Python: a 100 x 100 Latin square (Model.int_vars, then an
   all_different per row and per column), and 10,000 variables made one at a time with a != between
   neighbours (20,000 calls).
3. The same puzzles by three programs in Python: fdcsp (SudokuSolver with the essay's settings: order mrv,
   rules naked-single,hidden-single; and with the defaults), Peter Norvig's sudoku.py (the essay's program:
   NORVIG_SUDOKU names it; github.com/norvig/pytudes, py/sudoku.py), and AIMA's csp.py
   (AIMA_CSP names it; github.com/aimacode/aima-python: aima/csp.py, or csp.py in older checkouts; its
   folder's parent, or the folder, goes on sys.path for its own imports, which want numpy and sortedcontainers)
   with backtracking_search(Sudoku(grid), select_unassigned_variable=mrv, inference=forward_checking), its
   random ties seeded. Neither is part of this project: a part whose variable is unset, or whose file does not
   import, is skipped, saying why. A puzzle taking longer than --timeout seconds is given up (counted apart).

Puzzle files: one puzzle a line, '#' for a comment (default data/puzzles.txt)."""

import argparse
import importlib
import importlib.util
import json
import os
import pathlib
import random
import signal
import statistics
import subprocess
import sys
import time

import fdcsp


def median_ms(xs):
    return statistics.median(xs) * 1e3


def read_lines(path):
    return [line.strip() for line in pathlib.Path(path).read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def queens_model(n):
    """As `csp queens N --model all-different` builds it: rows, and both diagonals as offsets."""
    m = fdcsp.Model()
    q = m.int_vars(n, 0, n - 1, "q")
    m.all_different(q)
    m.all_different(q, offsets=list(range(n)))
    m.all_different(q, offsets=[-c for c in range(n)])
    return m


def cpp_queens(csp, n):
    """(seconds of the search as --stats reports it, solutions, process wall seconds)."""
    start = time.perf_counter()
    done = subprocess.run([csp, "queens", str(n), "--count", "--stats", "--model", "all-different"],
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    stats = {}
    for line in (done.stdout + done.stderr).splitlines():
        key, sep, value = line.partition(": ")
        if sep:
            stats[key] = value
    return float(stats["seconds"]), int(stats["solutions"]), wall


def python_queens(n):
    m = queens_model(n)
    start = time.perf_counter()
    r = m.count()
    return time.perf_counter() - start, r.count, r.stats["time"]


def part_same_search(args):
    print("## 1. The same search from Python and from C++\n")
    csp = str(pathlib.Path(args.build) / "bin" / "csp")
    sudoku = str(pathlib.Path(args.build) / "bin" / "sudoku")
    if not (os.path.exists(csp) and os.path.exists(sudoku)):
        print(f"skipped: {csp} or {sudoku} is not built\n")
        return
    n = args.queens
    cpp, py, py_stats, cpp_wall = [], [], [], []
    for _ in range(args.runs):
        seconds, count_c, wall = cpp_queens(csp, n)
        cpp.append(seconds)
        cpp_wall.append(wall)
        seconds, count_p, inner = python_queens(n)
        py.append(seconds)
        py_stats.append(inner)
        assert count_c == count_p, (count_c, count_p)
    print(f"{n}-queens, count all {count_p} solutions, {args.runs} runs in turns:")
    print(f"  C++:    {csp} queens {n} --count --stats --model all-different   seconds: median "
          f"{median_ms(cpp):.0f} ms (whole process {median_ms(cpp_wall):.0f} ms)")
    print(f"  Python: Model.count() on the same model, wall time around the call: median {median_ms(py):.0f} ms "
          f"(its stats['time'] {median_ms(py_stats):.0f} ms)")
    print(f"  Python / C++: {statistics.median(py) / statistics.median(cpp):.3f}\n")

    for path in args.files:
        puzzles = [fdcsp.Sudoku(g) for g in read_lines(path)]
        solver = fdcsp.SudokuSolver()
        for p in puzzles:  # a first pass: the model is built, caches warm (the C++ bench's median does as much)
            solver.solve(p)
        cpp_rate, py_rate, all_rate = [], [], []
        for _ in range(args.runs):
            done = subprocess.run([sudoku, "bench", "--repeat", "5", "--format", "json", path],
                                  capture_output=True, text=True, check=True)
            cpp_rate.append(json.loads(done.stdout)[0]["puzzles_per_s"])
            passes = []
            for _ in range(5):
                start = time.perf_counter()
                for p in puzzles:
                    solver.solve(p)
                passes.append(time.perf_counter() - start)
            py_rate.append(len(puzzles) / statistics.median(passes))
            passes = []
            for _ in range(5):
                start = time.perf_counter()
                solver.solve_all(puzzles)
                passes.append(time.perf_counter() - start)
            all_rate.append(len(puzzles) / statistics.median(passes))
        c, p, a = statistics.median(cpp_rate), statistics.median(py_rate), statistics.median(all_rate)
        print(f"{path} ({len(puzzles)} puzzles), the sudoku command's defaults, {args.runs} runs in turns:")
        print(f"  C++:    {sudoku} bench --repeat 5 --format json {path}   puzzles/s: median {c:,.0f}")
        print(f"  Python: SudokuSolver().solve(p) for each puzzle, median of 5 passes: median {p:,.0f} puzzles/s")
        print(f"  Python / C++ time: {c / p:.3f} ({(1 / p - 1 / c) * 1e6:.1f} us more per puzzle)")
        print(f"  Python: SudokuSolver().solve_all(puzzles), median of 5 passes: median {a:,.0f} puzzles/s")
        print(f"  Python / C++ time: {c / a:.3f}\n")


def part_build(args):
    print("## 2. Building a 10,000-variable model from Python\n")

    def latin():
        m = fdcsp.Model()
        x = m.int_vars(100 * 100, 1, 100, "x")
        for i in range(100):
            m.all_different(x[100 * i:100 * i + 100])
            m.all_different(x[i::100])
        return m

    def one_by_one():
        m = fdcsp.Model()
        xs = [m.int_var(0, 9, f"x{i}") for i in range(10_000)]
        for a, b in zip(xs, xs[1:]):
            m.compare(a, "!=", b)
        return m

    for name, build in (("100 x 100 Latin square: int_vars(10000), 200 all_different", latin),
                        ("10,000 int_var calls, 9,999 compare(!=) calls", one_by_one)):
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            m = build()
            times.append(time.perf_counter() - start)
        print(f"  {name}: {m.var_count} variables, {m.propagator_count} propagators, median "
              f"{median_ms(times):.1f} ms (max {max(times) * 1e3:.1f})")
    print()


class Timeout(Exception):
    pass


def within(seconds, f, *a):
    """f(*a), or Timeout after `seconds` (SIGALRM: pure Python code is interrupted between bytecodes)."""
    def ring(signum, frame):
        raise Timeout
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return f(*a)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def load_module(env, name):
    """(module, None) from the file the environment variable env names, or (None, why not)."""
    path = os.environ.get(env)
    if not path:
        return None, f"{env} is not set"
    path = pathlib.Path(path).resolve()
    if not path.is_file():
        return None, f"{env}={path}: no such file"
    try:
        if (path.parent / "__init__.py").exists():  # a package's module (aima-python today: aima/csp.py)
            sys.path.insert(0, str(path.parent.parent))
            return importlib.import_module(f"{path.parent.name}.{path.stem}"), None
        sys.path.insert(0, str(path.parent))
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module, None
    except Exception as e:  # its own imports: numpy, sortedcontainers, ...
        return None, f"{env}={path} does not import: {type(e).__name__}: {e}"


def part_python_programs(args):
    print("## 3. The same puzzles by fdcsp, Norvig's sudoku.py and AIMA's csp.py\n")
    norvig, why_norvig = load_module("NORVIG_SUDOKU", "norvig_sudoku")
    aima, why_aima = load_module("AIMA_CSP", "aima_csp")

    def run_fdcsp(solver):
        return lambda g: solver.solve(fdcsp.Sudoku(g)).found

    def run_norvig(g):
        values = norvig.solve(g)
        return values is not False and values is not None and norvig.solved(values)

    def run_aima(g):
        random.seed(1)  # AIMA breaks MRV's ties at random
        problem = aima.Sudoku(g)
        return aima.backtracking_search(problem, select_unassigned_variable=aima.mrv,
                                        inference=aima.forward_checking) is not None

    programs = [("fdcsp, order mrv, rules naked-single,hidden-single (the essay's)",
                 run_fdcsp(fdcsp.SudokuSolver(order="mrv", rules="naked-single,hidden-single"))),
                ("fdcsp, the sudoku command's defaults", run_fdcsp(fdcsp.SudokuSolver()))]
    if norvig:
        programs.append((f"Norvig's sudoku.py: solve(grid) ({os.environ['NORVIG_SUDOKU']})", run_norvig))
    else:
        print(f"  Norvig's sudoku.py skipped: {why_norvig}")
    if aima:
        programs.append((f"AIMA csp.py: backtracking_search(mrv, forward_checking) ({os.environ['AIMA_CSP']})",
                         run_aima))
    else:
        print(f"  AIMA's csp.py skipped: {why_aima}")

    for name, run in programs[:2]:  # fdcsp's solvers build their model at the first puzzle: not timed
        run(read_lines(args.files[0])[0])
    for path in args.files:
        grids = read_lines(path)
        # per program: per run, the total seconds over the puzzles solved in time
        totals = {name: [] for name, _ in programs}
        given_up = {name: set() for name, _ in programs}
        for _ in range(args.runs):
            for name, run in programs:
                total = 0.0
                for i, g in enumerate(grids):
                    if i in given_up[name]:
                        continue
                    start = time.perf_counter()
                    try:
                        ok = within(args.timeout, run, g)
                    except Timeout:
                        given_up[name].add(i)
                        continue
                    total += time.perf_counter() - start
                    assert ok, (name, g)
                totals[name].append(total)
        print(f"{path} ({len(grids)} puzzles), {args.runs} runs in turns, the median total time:")
        base = statistics.median(totals[programs[0][0]])
        for name, _ in programs:
            t = statistics.median(totals[name])
            gave = f", {len(given_up[name])} given up after {args.timeout} s" if given_up[name] else ""
            print(f"  {name}: {t * 1e3:.1f} ms, {t / len(grids) * 1e3:.3f} ms a puzzle, x{t / base:.1f}{gave}")
        print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", default=["data/puzzles.txt"])
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--queens", type=int, default=13)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--parts", default="1,2,3", help="which parts to run, comma-separated")
    args = ap.parse_args()
    print(f"fdcsp {fdcsp.__version__} ({pathlib.Path(fdcsp.__file__).parent}), Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores\n")
    parts = args.parts.split(",")
    if "1" in parts:
        part_same_search(args)
    if "2" in parts:
        part_build(args)
    if "3" in parts:
        part_python_programs(args)


if __name__ == "__main__":
    main()
