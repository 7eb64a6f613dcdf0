"""The same counts, optima and statistics from Python as from the C++ commands on the same models."""

import pytest

import fdcsp
from conftest import SOURCE, queens, run_command, stats_of


@pytest.mark.parametrize("n, options", [
    (8, {}),
    (8, {"order": "input", "inference": "fc"}),
    (9, {"order": "dom-wdeg", "values": "max"}),
    (10, {"order": "mrv-ddeg", "inference": "none"}),
])
def test_queens_statistics_equal_the_csp_command(n, options):
    m, _ = queens(n)
    r = fdcsp.Solver(m, **options).count()
    flags = [f"--{k.replace('_', '-')}={v}" for k, v in options.items()]
    out, err = run_command("csp", "queens", n, "--count", "--stats", "--model", "all-different", *flags)
    cpp = stats_of(out + err)
    assert r.status == "exhausted"
    assert r.count == cpp["solutions"] == {8: 92, 9: 352, 10: 724}[n]
    for key in ("nodes", "failures", "propagations"):
        assert r.stats[key] == cpp[key], key


def test_queens_binary_model_with_a_python_relation():
    # The textbook model: one relation per pair of columns (Python asks the function once per pair of values).
    m = fdcsp.Model()
    q = m.int_vars(8, 0, 7, "q")
    for i in range(8):
        for j in range(i + 1, 8):
            m.relation(q[i], q[j], lambda a, b, d=j - i: a != b and abs(a - b) != d)
    r = m.count()
    out, err = run_command("csp", "queens", 8, "--count", "--stats")
    cpp = stats_of(out + err)
    assert r.count == cpp["solutions"] == 92
    assert (r.stats["nodes"], r.stats["failures"]) == (cpp["nodes"], cpp["failures"])


def test_threads_give_the_same_count():
    m, _ = queens(10)
    assert fdcsp.Solver(m, threads=2).count().count == fdcsp.Solver(m).count().count == 724


def test_count_cap_and_limits():
    m, _ = queens(8)
    r = m.count(cap=10)
    assert (r.count, r.status) == (10, "stopped_on_request")
    r = m.count(node_limit=20)
    assert r.status == "limit" and r.limit == "nodes" and r.stats["nodes"] <= 20


def read_dimacs(path):
    n, edges = 0, set()
    for line in open(path):
        f = line.split()
        if f and f[0] == "p":
            n = int(f[2])
        elif f and f[0] == "e":
            a, b = sorted((int(f[1]) - 1, int(f[2]) - 1))
            if a != b:
                edges.add((a, b))
    return n, sorted(edges)


def test_colouring_optimum_equals_the_csp_command():
    path = SOURCE / "data" / "petersen.col"
    n, edges = read_dimacs(path)
    m = fdcsp.Model()
    colour = m.int_vars(n, 0, n - 1, "v")
    for a, b in edges:
        m.compare(colour[a], "!=", colour[b])
    top = m.int_var(0, n - 1, "top")
    m.array_max(colour, top)
    m.compare(colour[0], "==", 0)  # symmetry: the first vertex takes colour 0
    r = m.minimize(top)
    out, _ = run_command("csp", "color", path)
    assert out.strip().splitlines()[-1] == f"colors: {r.objective + 1} optimal"
    assert r.optimal and r.objective + 1 == 3
    assert all(r[colour[a]] != r[colour[b]] for a, b in edges)


def test_knapsack_optimum_against_brute_force():
    weights, values, capacity = [12, 7, 11, 8, 9], [24, 13, 23, 15, 16], 26
    m = fdcsp.Model()
    take = [m.bool_var(f"t{i}") for i in range(5)]
    m.linear(weights, take, "<=", capacity)
    total = m.int_var(0, sum(values), "total")
    m.linear(values + [-1], take + [total], "==", 0)
    improving = []
    r = m.maximize(total, on_solution=lambda s: improving.append(s[total]))
    best = max(sum(v for v, t in zip(values, bits) if t)
               for bits in __import__("itertools").product([0, 1], repeat=5)
               if sum(w for w, t in zip(weights, bits) if t) <= capacity)
    assert r.optimal and r.objective == best == 51
    assert improving == sorted(improving) and improving[-1] == best and r.count == len(improving)
