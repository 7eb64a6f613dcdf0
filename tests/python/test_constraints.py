"""Every constraint method against brute force: its solutions on small domains, counted both ways."""

import itertools
import operator

import pytest

import fdcsp

REL = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def check(n, lo, hi, post, meaning, **options):
    """Posts a constraint on n variables lo..hi and compares its solutions with those of `meaning`."""
    m = fdcsp.Model()
    xs = m.int_vars(n, lo, hi, "x")
    post(m, xs)
    want = {t for t in itertools.product(range(lo, hi + 1), repeat=n) if meaning(*t)}
    got = {tuple(s[xs]) for s in m.solutions(**options)}
    assert got == want
    assert m.count(**options).count == len(want)


@pytest.mark.parametrize("rel", REL)
def test_linear_compare_reify(rel):
    f = REL[rel]
    check(3, -1, 2, lambda m, x: m.linear([2, -1, 3], x, rel, 1), lambda a, b, c: f(2 * a - b + 3 * c, 1))
    check(3, -1, 2, lambda m, x: m.linear([1, 1, 1], [x[0], 4, x[1]], rel, 5), lambda a, b, c: f(a + 4 + b, 5))
    check(2, 0, 3, lambda m, x: m.compare(x[0], rel, x[1], offset=1), lambda a, b: f(a, b + 1))
    check(2, 0, 3, lambda m, x: m.compare(x[0], rel, 2), lambda a, b: f(a, 2))
    check(3, 0, 2, lambda m, x: m.reify(x[2], x[0], rel, x[1]), lambda a, b, c: c in (0, 1) and c == f(a, b))
    check(2, 0, 3, lambda m, x: m.reify(x[1], x[0], rel, 2), lambda a, b: b in (0, 1) and b == f(a, 2))
    check(3, 0, 2, lambda m, x: m.reify(x[2], x[0], rel, x[1], implies=True),
          lambda a, b, c: c in (0, 1) and (c == 0 or f(a, b)))
    check(3, 0, 2, lambda m, x: m.linear_reify(x[2], [1, 2], x[:2], rel, 3),
          lambda a, b, c: c in (0, 1) and c == f(a + 2 * b, 3))


def test_sum_and_domain_linear():
    check(3, 0, 3, lambda m, x: m.sum(x, "==", 4), lambda a, b, c: a + b + c == 4)
    check(3, 0, 3, lambda m, x: m.linear([1, 2, 3], x, "==", 6, consistency="domain"),
          lambda a, b, c: a + 2 * b + 3 * c == 6)


def test_all_different_every_strength():
    for s in ("check", "pairwise", "value", "domain"):
        check(3, 0, 3, lambda m, x: m.all_different(x, offsets=[0, 1, 2], strength=s),
              lambda a, b, c: len({a, b + 1, c + 2}) == 3)


def test_table_relation_predicate():
    rows = [(0, 1, 2), (2, 2, 2), (1, 0, 1)]
    check(3, 0, 2, lambda m, x: m.table(x, rows), lambda *t: t in rows)
    check(2, 0, 3, lambda m, x: m.relation(x[0], x[1], lambda a, b: (a + b) % 3 == 1), lambda a, b: (a + b) % 3 == 1)
    check(3, 0, 2, lambda m, x: m.predicate(x, lambda a, b, c: a * b == c), lambda a, b, c: a * b == c)


def test_element():
    arr = [3, 1, 4, 1]
    check(2, 0, 4, lambda m, x: m.element(x[0], arr, x[1]), lambda i, z: i < 4 and z == arr[i])
    check(2, 0, 4, lambda m, x: m.element(x[0], arr, x[1], base=1), lambda i, z: 1 <= i <= 4 and z == arr[i - 1])
    check(4, 0, 2, lambda m, x: m.element(x[0], [x[1], x[2], 2], x[3]),
          lambda i, a, b, z: z == [a, b, 2][i])


def test_arithmetic():
    check(3, -2, 2, lambda m, x: m.times(x[0], x[1], x[2]), lambda a, b, c: a * b == c)
    check(3, -2, 2, lambda m, x: m.divide(x[0], x[1], x[2]), lambda a, b, c: b != 0 and int(a / b) == c)
    check(3, -2, 2, lambda m, x: m.modulo(x[0], x[1], x[2]), lambda a, b, c: b != 0 and a - b * int(a / b) == c)
    check(3, 0, 3, lambda m, x: m.power(x[0], x[1], x[2]), lambda a, b, c: a ** b == c)
    check(3, -2, 2, lambda m, x: m.minimum(x[0], x[1], x[2]), lambda a, b, c: min(a, b) == c)
    check(3, -2, 2, lambda m, x: m.maximum(x[0], x[1], x[2]), lambda a, b, c: max(a, b) == c)
    check(2, -2, 2, lambda m, x: m.absolute(x[0], x[1]), lambda a, b: abs(a) == b)
    check(4, 0, 3, lambda m, x: m.array_min(x[:3], x[3]), lambda a, b, c, z: min(a, b, c) == z)
    check(4, 0, 3, lambda m, x: m.array_max(x[:3], x[3]), lambda a, b, c, z: max(a, b, c) == z)


def test_boolean():
    check(4, 0, 1, lambda m, x: m.clause(x[:2], x[2:]), lambda a, b, c, d: a or b or not c or not d)
    check(3, 0, 1, lambda m, x: m.and_all(x[:2], x[2]), lambda a, b, c: c == (a and b))
    check(3, 0, 1, lambda m, x: m.or_all(x[:2], x[2]), lambda a, b, c: c == (a or b))
    check(3, 0, 1, lambda m, x: m.parity(x, odd=True), lambda *t: sum(t) % 2 == 1)


def test_counting():
    check(4, 0, 2, lambda m, x: m.count_eq(x[:3], 1, x[3]), lambda a, b, c, k: [a, b, c].count(1) == k)
    check(4, 0, 2, lambda m, x: m.count_eq(x[:2], x[2], x[3]), lambda a, b, y, k: [a, b].count(y) == k)
    check(4, 0, 3, lambda m, x: m.among(x[3], x[:3], [1, 3]), lambda a, b, c, k: sum(v in (1, 3) for v in (a, b, c)) == k)
    check(4, 0, 2, lambda m, x: m.global_cardinality(x[:2], [0, 1], counts=x[2:]),
          lambda a, b, k0, k1: [a, b].count(0) == k0 and [a, b].count(1) == k1)
    check(3, 0, 2, lambda m, x: m.global_cardinality(x, [0, 1], low=[1, 0], up=[1, 1], closed=True),
          lambda *t: t.count(0) == 1 and t.count(1) <= 1 and all(v in (0, 1) for v in t))
    check(3, 0, 3, lambda m, x: m.member(x[0], [1, 3]), lambda a, b, c: a in (1, 3))
    check(2, 0, 4, lambda m, x: m.member(x[0], ranges=[(1, 2), (4, 4)], b=x[1]),
          lambda a, b: b in (0, 1) and b == (a in (1, 2, 4)))


def test_sequences_and_permutations():
    check(4, 0, 3, lambda m, x: m.circuit(x), lambda *t: sorted(t) == [0, 1, 2, 3] and cycle(t))
    check(4, 0, 1, lambda m, x: m.inverse(x[:2], x[2:]), lambda a, b, c, d: (a, b) in ((0, 1), (1, 0)) and
          [c, d] == [[a, b].index(0), [a, b].index(1)])
    check(4, 0, 2, lambda m, x: m.lex_lesseq(x[:2], x[2:]), lambda a, b, c, d: (a, b) <= (c, d))
    check(4, 0, 2, lambda m, x: m.lex_lesseq(x[:2], x[2:], strict=True), lambda a, b, c, d: (a, b) < (c, d))
    # 1-based symbols; a DFA for "no two 2s in a row" over {1, 2}: state 1 after 1, state 2 after 2
    check(3, 1, 2, lambda m, x: m.regular(x, 2, 2, [[1, 2], [1, 0]], 1, [1, 2]),
          lambda *t: all(not (t[i] == 2 and t[i + 1] == 2) for i in range(2)))


def cycle(succ):
    seen, node = set(), 0
    for _ in succ:
        seen.add(node)
        node = succ[node]
    return node == 0 and len(seen) == len(succ)


def test_scheduling():
    # starts in 0..3 with constant durations and uses: constants stand for fixed variables
    check(2, 0, 3, lambda m, x: m.cumulative(x, [2, 2], [1, 1], 1),
          lambda a, b: a + 2 <= b or b + 2 <= a)
    check(3, 0, 3, lambda m, x: m.cumulative(x, [2, 1, 2], [1, 1, 1], 2),
          lambda *s: all(sum(1 for i, d in enumerate((2, 1, 2)) if s[i] <= t < s[i] + d) <= 2 for t in range(6)))
    check(2, 0, 3, lambda m, x: m.disjunctive(x, [2, 1]), lambda a, b: a + 2 <= b or b + 1 <= a)
    check(4, 0, 2, lambda m, x: m.diffn(x[:2], x[2:], [1, 2], [2, 1]),
          lambda x0, x1, y0, y1: x0 + 1 <= x1 or x1 + 2 <= x0 or y0 + 2 <= y1 or y1 + 1 <= y0)


def test_exact_groups():
    # A 4x4 Latin square with the singles: 576 squares.
    m = fdcsp.Model()
    cells = m.int_vars(16, 1, 4, "c")
    rows = [cells[4 * r:4 * r + 4] for r in range(4)]
    cols = [cells[c::4] for c in range(4)]
    m.exact_groups(rows + cols, rules="naked-single,hidden-single")
    assert m.count().count == 576
