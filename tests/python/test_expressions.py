"""The expression layer from Python (apps/python/src/expr.cpp): every operator against brute force on small
domains (every assignment enumerated in Python, its truth computed by Python's own operators), the same counts
and optima as the C++ twins of docs/examples/, and misuse as clear exceptions."""

import itertools
import re
import subprocess

import pytest

import fdcsp
from conftest import BIN


def tdiv(a, b):
    """a / b rounded toward zero (C's, the library's)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def tmod(a, b):
    return a - b * tdiv(a, b)


def check(domains, post, holds):
    """Posts post(m, *xs) on variables with the given (lo, hi) domains and compares the solutions, projected on
    those variables, and their count (helpers included) with the assignments for which holds(*values) is true."""
    m = fdcsp.Model()
    xs = [m.int_var(lo, hi, f"v{i}") for i, (lo, hi) in enumerate(domains)]
    post(m, *xs)
    expected = {a for a in itertools.product(*(range(lo, hi + 1) for lo, hi in domains)) if holds(*a)}
    found = [tuple(s[x] for x in xs) for s in m.solutions()]
    assert set(found) == expected
    assert len(found) == len(expected)  # the helpers an expression introduced are functions of the variables
    assert m.count().count == len(expected)
    assert [v.name for v in m.vars] == [x.name for x in xs]  # helpers are not listed
    return m


S = (-3, 3)  # a small domain with negatives and zero
B = (0, 1)

CASES = {
    # arithmetic and the six comparisons, constants on either side
    "linear": ([S, S, S], lambda m, x, y, z: m.add(x + 2 * y <= z), lambda x, y, z: x + 2 * y <= z),
    "rsub, neg, pos": ([S, S], lambda m, x, y: m.add(3 - x != -y + +x), lambda x, y: 3 - x != -y + x),
    "linear ==": ([S, S, S], lambda m, x, y, z: m.add(2 * x - 3 * y + z == 1), lambda x, y, z: 2 * x - 3 * y + z == 1),
    "lt gt": ([S, S], lambda m, x, y: m.add([x < y + 1, 1 > x - y]), lambda x, y: x < y + 1 and 1 > x - y),
    "le ge": ([S, S], lambda m, x, y: m.add([2 <= x * 1 + y, y >= -1]), lambda x, y: 2 <= x + y and y >= -1),
    "eq ne constants": ([S, S], lambda m, x, y: m.add([x != 0, 2 == y]), lambda x, y: x != 0 and y == 2),
    "var == var": ([S, S], lambda m, x, y: m.add(x == y), lambda x, y: x == y),
    "var != var": ([S, S], lambda m, x, y: m.add(x != y), lambda x, y: x != y),
    "times": ([S, S, S], lambda m, x, y, z: m.add(x * y == z), lambda x, y, z: x * y == z),
    "times nonlinear sum": ([S, S, S], lambda m, x, y, z: m.add(x * y - 2 * z * x >= 1), lambda x, y, z: x * y - 2 * z * x >= 1),
    "floordiv": ([S, S, S], lambda m, x, y, z: m.add(x // y == z), lambda x, y, z: y != 0 and x // y == z),
    "mod": ([S, S, S], lambda m, x, y, z: m.add(x % y == z), lambda x, y, z: y != 0 and x % y == z),
    "floordiv constant": ([(-7, 7), S], lambda m, x, y: m.add([x // 3 == y, x // -2 >= y]),
                          lambda x, y: x // 3 == y and x // -2 >= y),
    "mod constant": ([(-7, 7), S], lambda m, x, y: m.add([x % 3 == y + 1, x % -4 != y]),
                     lambda x, y: x % 3 == y + 1 and x % -4 != y),
    "rfloordiv rmod": ([S, S], lambda m, x, y: m.add([7 // x == y, 5 % x >= y]),
                       lambda x, y: x != 0 and 7 // x == y and 5 % x >= y),
    "div truncates": ([S, S, S], lambda m, x, y, z: m.add(fdcsp.div(x, y) == z),
                      lambda x, y, z: y != 0 and tdiv(x, y) == z),
    "mod truncates": ([S, S, S], lambda m, x, y, z: m.add(fdcsp.mod(x, y) == z),
                      lambda x, y, z: y != 0 and tmod(x, y) == z),
    "div mod constants": ([(-7, 7), S], lambda m, x, y: m.add([fdcsp.div(x, -2) == y, fdcsp.mod(x, 3) <= y]),
                          lambda x, y: tdiv(x, -2) == y and tmod(x, 3) <= y),
    "abs": ([S, S], lambda m, x, y: m.add(abs(x - y) == 3), lambda x, y: abs(x - y) == 3),
    "abs of abs": ([S, S], lambda m, x, y: m.add(abs(abs(x) - 2 * y) <= 1), lambda x, y: abs(abs(x) - 2 * y) <= 1),
    "pow": ([S, (-30, 30)], lambda m, x, y: m.add([x ** 2 == y + 1, x ** 3 <= y, x ** 0 == 1, x ** 1 != 2]),
            lambda x, y: x ** 2 == y + 1 and x ** 3 <= y and x != 2),
    "min max pair": ([S, S, S], lambda m, x, y, z: m.add([fdcsp.min(x, y) == z, fdcsp.max(x, 1) >= y]),
                     lambda x, y, z: min(x, y) == z and max(x, 1) >= y),
    "min max list": ([S, S, S], lambda m, x, y, z: m.add(fdcsp.max([x, y, z]) - fdcsp.min(x, y, z, 2) == 3),
                     lambda x, y, z: max(x, y, z) - min(x, y, z, 2) == 3),
    "builtin sum": ([S, S, S], lambda m, *xs: m.add(sum(xs) == 2), lambda *xs: sum(xs) == 2),
    "fdcsp.sum": ([S, S, S], lambda m, *xs: m.add(fdcsp.sum([x * (i + 1) for i, x in enumerate(xs)]) >= 4),
                  lambda *xs: sum(x * (i + 1) for i, x in enumerate(xs)) >= 4),
    "count of truths": ([S, S, S], lambda m, *xs: m.add(fdcsp.sum(x > 0 for x in xs) == 2),
                        lambda *xs: sum(x > 0 for x in xs) == 2),
    "a variable twice": ([S, S], lambda m, x, y: m.add(x + x - y + y * 1 - x == 1), lambda x, y: x == 1),
    # Booleans: & | ^ ~ implies over comparisons and 0/1 variables; reification
    "and or": ([S, S], lambda m, x, y: m.add(((x > 0) & (y < 1)) | (x == y)),
               lambda x, y: (x > 0 and y < 1) or x == y),
    "not": ([S, S], lambda m, x, y: m.add(~((x == y) | (x < -1))), lambda x, y: not (x == y or x < -1)),
    "xor": ([S, S], lambda m, x, y: m.add((x > 0) ^ (y > 0)), lambda x, y: (x > 0) != (y > 0)),
    "implies": ([S, S], lambda m, x, y: m.add((x > 0).implies(y == x)), lambda x, y: x <= 0 or y == x),
    "bool vars": ([B, B, B], lambda m, a, b, c: m.add([a & ~b | c, c.implies(a), a ^ c | b]),
                  lambda a, b, c: ((a and not b) or c) and (not c or a) and ((a != c) or b)),
    "bool var posted": ([B, S], lambda m, b, x: m.add([b, x != 0]), lambda b, x: b == 1 and x != 0),
    "reified ==": ([B, S], lambda m, b, x: m.add(b == (x > 1)), lambda b, x: b == (x > 1)),
    "reified in sums": ([S, S], lambda m, x, y: m.add((x > 0) + (y > 0) + 2 * (x == y) == 2),
                        lambda x, y: (x > 0) + (y > 0) + 2 * (x == y) == 2),
    "reified compared": ([S, S], lambda m, x, y: m.add((x > 0) != (y > 0)), lambda x, y: (x > 0) != (y > 0)),
    "bool_var": ([S, S], lambda m, x, y: m.add(m.bool_var(x + y == 2) | (x == 0)), lambda x, y: x + y == 2 or x == 0),
    "all_of any_of": ([S, S, S], lambda m, *xs: m.add([fdcsp.all_of(x != 0 for x in xs), fdcsp.any_of(x > 2 for x in xs)]),
                      lambda *xs: all(x != 0 for x in xs) and any(x > 2 for x in xs)),
    "all_of any_of empty": ([S], lambda m, x: m.add([fdcsp.all_of([]), ~fdcsp.any_of([]), x > 1]), lambda x: x > 1),
    "True": ([S], lambda m, x: m.add([True, x < 0]), lambda x: x < 0),
    "False": ([S], lambda m, x: m.add(False), lambda x: False),
    "constant truths": ([S], lambda m, x: m.add([3 < 4, x == 1]), lambda x: x == 1),
    # element: 0-based, an index outside the array has no solution
    "element constants": ([(-1, 4), S], lambda m, i, z: m.add(fdcsp.Array([3, 1, -2, 1])[i] == z),
                          lambda i, z: 0 <= i < 4 and [3, 1, -2, 1][i] == z),
    "element variables": ([(-1, 3), S, S], lambda m, i, x, y: m.add(fdcsp.element([x, y, 2], i) >= x + 1),
                          lambda i, x, y: 0 <= i < 3 and [x, y, 2][i] >= x + 1),
    "element index expression": ([S, S], lambda m, i, z: m.add(fdcsp.Array([5, 6, 7, 8])[2 * i + 1] == z + 5),
                                 lambda i, z: 0 <= 2 * i + 1 < 4 and [5, 6, 7, 8][2 * i + 1] == z + 5),
    "element constant index": ([S], lambda m, x: m.add(fdcsp.element([x, 3], 0) + fdcsp.element([1], 5) >= 0),
                               lambda x: False),
    "var": ([S, S], lambda m, x, y: m.all_different([m.var(x + 1), y, m.var(2 * x - y)]),
            lambda x, y: len({x + 1, y, 2 * x - y}) == 3),
}


@pytest.mark.parametrize("name", CASES)
def test_operator_against_brute_force(name):
    domains, post, holds = CASES[name]
    check(domains, post, holds)


def test_objective_as_expression_against_brute_force():
    m = fdcsp.Model()
    x, y, z = (m.int_var(-3, 3, n) for n in "xyz")
    m.add([x + y + z <= 2, x != y])
    goal = x * y - 2 * abs(z - x) + z // 2
    best = m.maximize(goal)
    brute = max(a * b - 2 * abs(c - a) + c // 2 for a, b, c in itertools.product(range(-3, 4), repeat=3)
                if a + b + c <= 2 and a != b)
    assert best.optimal and best.objective == brute
    s = best.solution
    assert s[x] * s[y] - 2 * abs(s[z] - s[x]) + s[z] // 2 == brute
    assert m.minimize(fdcsp.max(x, y, z)).objective == -2  # x != y: they cannot both be -3
    n = m.var_count
    m.maximize(goal)
    assert m.var_count == n  # the same expression again: its variable is made once


def job_shop(jobs):
    """docs/examples/job_shop.cpp written in Python: the makespan as an expression, durations as constants."""
    m = fdcsp.Model()
    start = [m.int_vars(len(job), 0, 20, f"s{j}_") for j, job in enumerate(jobs)]
    on_start, on_length = {}, {}
    for j, job in enumerate(jobs):
        for k, (machine, length) in enumerate(job):
            if k > 0:
                m.add(start[j][k - 1] + job[k - 1][1] <= start[j][k])
            on_start.setdefault(machine, []).append(start[j][k])
            on_length.setdefault(machine, []).append(length)
    for machine in on_start:
        m.disjunctive(on_start[machine], on_length[machine])
    return m, fdcsp.max(start[j][-1] + job[-1][1] for j, job in enumerate(jobs))


def test_job_shop_optimum_equals_the_cpp_example():
    jobs = [[(0, 3), (1, 2), (2, 2)], [(0, 2), (2, 1), (1, 4)], [(1, 4), (2, 3), (0, 1)]]
    m, makespan = job_shop(jobs)
    result = m.minimize(makespan)
    assert result.optimal and result.objective == 11  # the figure tests/CMakeLists.txt checks of the C++ example
    exe = BIN.parent / "tests" / "job_shop"
    if exe.exists():
        out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
        assert f"makespan: {result.objective}\n" in out


def test_all_interval_count_equals_the_cpp_example():
    n = 8
    m = fdcsp.Model()
    x = m.int_vars(n, 0, n - 1, "x")
    m.all_different(x)
    m.all_different([m.var(abs(x[i + 1] - x[i])) for i in range(n - 1)])
    count = m.count().count
    assert count == 40  # the figure tests/CMakeLists.txt checks of docs/examples/all_interval.cpp
    exe = BIN.parent / "tests" / "all_interval"
    if exe.exists():
        out = subprocess.run([str(exe), str(n)], capture_output=True, text=True, check=True).stdout
        assert re.search(rf"solutions: {count}\n", out)


def test_threads_build_the_same_model():
    m = fdcsp.Model()
    x = m.int_vars(6, 0, 5, "x")
    m.add(fdcsp.sum(x) == 12)
    m.add([abs(x[i] - x[i + 1]) >= 2 for i in range(5)])
    m.add((x[0] > 2) | (x[5] % 2 == 1))
    assert m.count(threads=2).count == m.count().count > 0


def test_decisions():
    m = fdcsp.Model()
    x, y = m.int_var(0, 5, "x"), m.int_var(0, 5, "y")
    m.add(abs(x - y) + (x > y) * 2 <= 3)
    assert m.decisions == [x, y]  # every variable asked for; not the helpers
    m.add_decisions([y])
    assert m.decisions == [y]
    m.add_decisions([x])
    assert m.decisions == [y, x]
    assert m.count().count == sum(abs(a - b) + (a > b) * 2 <= 3 for a in range(6) for b in range(6))


def test_phases_branch_on_their_variables_first():
    m = fdcsp.Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    m.add(x + y <= 4)
    assert m.solve().solution[[x, y]] == [0, 0]
    assert m.solve(phases=[([y], "input", "max")]).solution[[x, y]] == [0, 3]
    assert m.solve(phases=[([y, x], None, "max")], threads=2).solution[[x, y]] == [1, 3]
    assert m.count(phases=[([y],), ([x], "mrv", "max")]).count == m.count().count == 13
    for bad, message in (([([], "input")], "no variables"), ([([x], "fastest")], "fastest"), (5, "takes a list"),
                         ([(x,)], "takes a list"), ([([x], 3)], "takes a list")):
        with pytest.raises(ValueError, match=message):
            m.solve(phases=bad)
    with pytest.raises(ValueError, match="another model"):
        m.solve(phases=[(fdcsp.Model().int_vars(1, 0, 1),)])


def test_variables_stay_dict_keys_and_list_members():
    m = fdcsp.Model()
    q = m.int_vars(3, 0, 2, "q")
    index = {v: i for i, v in enumerate(q)}
    assert index[m.vars[1]] == 1  # another handle of the same variable
    assert q[2] in q and q.index(q[1]) == 1
    assert (q[0] == q[0]) and not (q[0] == q[1]) and (q[0] != q[1])
    assert m.find("q1") == q[1]
    assert q[0] != "q0" and q[0] is not None
    sol = m.solve().solution
    assert sol[q[0]] in (0, 1, 2) and set(sol.as_dict()) == {"q0", "q1", "q2"}


def test_repr_and_help():
    m = fdcsp.Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    assert repr(x + 2 * y - 1) == "IntExpr(x + 2*y - 1)"
    assert repr((x > 1) | ~(y == 0)) == "BoolExpr((x > 1) | ~(y == 0))"
    assert "rounded toward minus infinity" in fdcsp.IntExpr.__doc__
    assert "numpy" in fdcsp.BoolExpr.__doc__
    for f in (fdcsp.min, fdcsp.max, fdcsp.sum, fdcsp.element, fdcsp.div, fdcsp.mod, fdcsp.all_of, fdcsp.any_of,
              fdcsp.Model.add, fdcsp.Model.var, fdcsp.Model.add_decisions):
        assert len(f.__doc__) > 40, f
    assert (x + y).model is m and fdcsp.Array([1, 2])[x].model is m


def test_array_indexes_as_a_list_by_integers():
    m = fdcsp.Model()
    x = m.int_var(0, 3, "x")
    a = fdcsp.Array([4, x, 7])
    assert a[0] == 4 and a[-1] == 7 and a[1] is x and len(a) == 3 and list(a) == [4, x, 7]
    assert isinstance(a[1:], fdcsp.Array) and len(a[1:]) == 2
    with pytest.raises(IndexError):
        a[3]
    assert isinstance(a[x], fdcsp.IntExpr)


def test_a_long_sum_is_fast_and_no_deep_recursion():
    m = fdcsp.Model()
    x = m.int_vars(20000, 0, 1)
    total = sum(x)  # 20,000 nested nodes, built by __radd__ and __add__
    m.add(total == 1)
    m.add(fdcsp.sum(x) <= 1)
    del total
    chain = x[0]
    for _ in range(300000):
        chain = chain - x[1] + 1
    del chain  # a deep tree goes without a deep recursion


def test_nesting_is_bounded_before_the_stack_is():
    m = fdcsp.Model()
    x, y = m.int_var(0, 5, "x"), m.int_var(0, 5, "y")
    c, e = x == 0, x
    for i in range(1000):
        c = c | (y == i % 3)
        e = abs(e - 1)
    m.add([c, e <= 4])

    def iterated(a):
        for _ in range(1000):
            a = abs(a - 1)
        return a
    assert m.count().count == sum((a == 0 or b < 3) and iterated(a) <= 4 for a in range(6) for b in range(6)) == 21
    with pytest.raises(ValueError, match="all_of"):
        for i in range(3000):
            c = c & (x > 0)


def test_misuse_is_a_clear_exception():
    m, other = fdcsp.Model(), fdcsp.Model()
    x, y = m.int_var(0, 5, "x"), m.int_var(0, 5, "y")
    z = other.int_var(0, 5, "z")
    with pytest.raises(ValueError, match="two different models"):
        x + z
    with pytest.raises(ValueError, match="another model"):
        other.add(x > 1)
    with pytest.raises(ValueError, match="another model"):
        other.minimize(x + 1)
    with pytest.raises(TypeError, match="float"):
        x + 1.5
    with pytest.raises(TypeError, match="float"):
        m.add(x <= 2.0)
    with pytest.raises(ValueError, match="64-bit"):
        x + 10 ** 30
    with pytest.raises(ValueError, match="beyond the values a variable can take"):
        m.add(x * 10 ** 9 * y == 3)
    with pytest.raises(ValueError, match="overflows 64 bits"):
        m.add(x * 2 ** 62 + x * 2 ** 62 + x * 2 ** 62 >= 0)
    with pytest.raises(ValueError, match="empty"):
        fdcsp.sum([])
    with pytest.raises(ValueError, match="empty"):
        fdcsp.min([])
    with pytest.raises(ValueError, match="empty"):
        fdcsp.Array([])
    with pytest.raises(TypeError, match="truth of a constraint"):
        bool(x < y)
    with pytest.raises(TypeError, match="truth of a constraint"):
        if 0 <= x <= 3:
            pass
    with pytest.raises(TypeError, match="truth of a constraint"):
        min(x, y)
    with pytest.raises(TypeError, match="no value until"):
        bool(x + 1)
    with pytest.raises(TypeError, match="no constraint"):
        m.add(x + y)
    with pytest.raises(TypeError, match="no constraint"):
        m.add(1)
    with pytest.raises(TypeError, match="takes a constraint"):
        m.add("x > 1")
    with pytest.raises(TypeError, match="no constraint"):
        (x + 1) & (y > 2)
    with pytest.raises(TypeError):
        x + "1"
    with pytest.raises(TypeError, match="//"):
        x / 2
    with pytest.raises(ZeroDivisionError):
        x // 0
    with pytest.raises(ZeroDivisionError):
        fdcsp.mod(x, 0)
    with pytest.raises(TypeError, match="exponent"):
        2 ** x
    with pytest.raises(ValueError, match="exponent"):
        x ** -1
    with pytest.raises(TypeError):
        {x + 1: 1}  # unhashable, as == builds a constraint
    with pytest.raises(TypeError, match="list indices"):
        [1, 2][x]  # a list is indexed by integers: fdcsp.Array or fdcsp.element
    with pytest.raises(TypeError, match="objective"):
        m.minimize("x")
    # a 0/1 use of a wider variable fails to post, and leaves the model as it was
    before = (m.var_count, m.propagator_count)
    with pytest.raises(ValueError, match=r"within \{0, 1\}"):
        m.add((y > 2) & x)
    assert (m.var_count, m.propagator_count) == before
    m.add(x + y == 7)
    assert m.count().count == 4
