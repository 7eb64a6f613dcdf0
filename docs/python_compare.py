#!/usr/bin/python3
"""Variable orders and rule sets compared on Sudoku puzzles, from Python (docs/python.md, "Heuristics and rule sets
compared"): the table there and docs/python_compare.png.

  PYTHONPATH=build/python /usr/bin/python3 docs/python_compare.py [--runs N] [--inference fc,mac]
                                                                   [--out PNG] [PUZZLE_FILE...]

For each puzzle file (default data/puzzles.txt; one puzzle a line, '#' for a comment), each rule set and each
variable order, one fdcsp.SudokuSolver solves every puzzle of the file; the nodes and failures are summed over
the file, and the time is the median over N runs (default 5) of the wall time of the whole file, taken in turns
(after a first pass not timed; run 1 of every setting, then run 2, ...) so that a noisy machine weighs on all alike. Prints a Markdown table
per inference level, and draws nodes and time per rule set and order, one row of panels per file, into PNG
(default docs/python_compare.png; Agg backend, no display needed). Needs Debian's python3-matplotlib for the
plot (without it, or with --out -, only the tables)."""

import argparse
import pathlib
import statistics
import sys
import time

import fdcsp

ORDERS = ["input", "mrv", "mrv-ddeg", "dom-wdeg"]
RULE_SETS = ["naked-single", "naked-single,hidden-single", "naked-single,hidden-single,locked-candidates", "all"]
SHORT = {"naked-single": "naked", "naked-single,hidden-single": "naked+hidden",
         "naked-single,hidden-single,locked-candidates": "+locked (sudoku default)", "all": "all 6 group rules"}


def read_puzzles(path):
    lines = pathlib.Path(path).read_text().splitlines()
    return [fdcsp.Sudoku(line.strip()) for line in lines if line.strip() and not line.startswith("#")]


def measure(puzzles, inference, runs):
    """{(rules, order): (nodes, failures, median seconds)} over the puzzles."""
    solvers = {(rules, order): fdcsp.SudokuSolver(rules=rules, order=order, inference=inference)
               for rules in RULE_SETS for order in ORDERS}
    counts, times = {}, {key: [] for key in solvers}
    for solver in solvers.values():  # a first pass, not timed: the models are built and the caches warm
        for p in puzzles:
            solver.solve(p)
    for _ in range(runs):
        for key, solver in solvers.items():
            start = time.perf_counter()
            stats = [solver.solve(p).stats for p in puzzles]
            times[key].append(time.perf_counter() - start)
            counts[key] = (sum(s["nodes"] for s in stats), sum(s["failures"] for s in stats))
    return {key: (*counts[key], statistics.median(times[key])) for key in solvers}


def table(name, n, inference, results):
    print(f"\n{name} ({n} puzzles), inference {inference}: nodes / failures / milliseconds (median)\n")
    print("| rules | " + " | ".join(ORDERS) + " |")
    print("|---|" + "---:|" * len(ORDERS))
    for rules in RULE_SETS:
        cells = [f"{results[rules, o][0]:,} / {results[rules, o][1]:,} / {results[rules, o][2] * 1e3:.1f}"
                 for o in ORDERS]
        print(f"| {rules} | " + " | ".join(cells) + " |")


def plot(rows, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(rows), 2, figsize=(11, 3.6 * len(rows)), squeeze=False)
    width = 0.8 / len(ORDERS)
    for (name, n, results), (ax_nodes, ax_time) in zip(rows, axes):
        for i, order in enumerate(ORDERS):
            xs = [r + (i - (len(ORDERS) - 1) / 2) * width for r in range(len(RULE_SETS))]
            ax_nodes.bar(xs, [max(results[rules, order][0], 0.5) for rules in RULE_SETS], width, label=order)
            ax_time.bar(xs, [results[rules, order][2] * 1e3 for rules in RULE_SETS], width, label=order)
        for ax, what in ((ax_nodes, "nodes"), (ax_time, "milliseconds (median)")):
            ax.set_yscale("log")
            ax.set_xticks(range(len(RULE_SETS)), [SHORT[r] for r in RULE_SETS], fontsize=8)
            ax.set_title(f"{name}: {what}, {n} puzzles", fontsize=10)
            ax.grid(axis="y", alpha=0.3)
        ax_nodes.legend(title="order", fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print(f"\nwrote {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", default=["data/puzzles.txt"])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--inference", default="mac", help="comma-separated: fc, mac (the plot shows the first)")
    ap.add_argument("--out", default="docs/python_compare.png", help="the PNG, or - for none")
    args = ap.parse_args()
    rows = []
    for path in args.files:
        puzzles = read_puzzles(path)
        for k, inference in enumerate(args.inference.split(",")):
            results = measure(puzzles, inference, args.runs)
            table(path, len(puzzles), inference, results)
            if k == 0:
                rows.append((pathlib.Path(path).name, len(puzzles), results))
    if args.out != "-":
        try:
            plot(rows, args.out)
        except ImportError:
            print("no plot: python3-matplotlib is missing (apt-get install python3-matplotlib)", file=sys.stderr)


if __name__ == "__main__":
    main()
