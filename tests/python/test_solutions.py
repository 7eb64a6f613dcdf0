"""solutions(): lazy (the first of 10^9 at once), closed cleanly when abandoned, the model busy meanwhile."""

import gc
import threading
import time

import pytest

import fdcsp
from conftest import queens


def billion():
    """Nine digits, no constraint: 10^9 solutions."""
    m = fdcsp.Model()
    return m, m.int_vars(9, 0, 9, "d")


def test_first_of_a_billion_solutions_at_once():
    m, d = billion()
    started = time.monotonic()
    sols = m.solutions()
    first = next(sols)
    second = next(sols)
    assert time.monotonic() - started < 2.0
    assert [first[x] for x in d] == [0] * 9 and [second[x] for x in d] == [0] * 8 + [1]
    sols.close()
    assert m.count(cap=5).count == 5  # the model is free again


def test_all_solutions_are_those_counted():
    m, q = queens(6)
    seen = [tuple(s[q]) for s in m.solutions()]
    assert len(seen) == len(set(seen)) == m.count().count == 4


def test_abandoned_generator_frees_the_model():
    m, d = billion()
    for s in m.solutions():
        if s[d[8]] == 3:
            break
    del s
    gc.collect()
    assert m.solve().found  # the generator was dropped: the model is free
    with m.solutions() as sols:
        next(sols)
    m.int_var(0, 1)  # closed by the with block: changes are allowed again


def test_one_search_at_a_time_per_model():
    m, d = billion()
    sols = m.solutions()
    next(sols)
    with pytest.raises(RuntimeError, match="solved already"):
        m.solve()
    with pytest.raises(RuntimeError, match="cannot change"):
        m.int_var(0, 3)
    sols.close()
    with pytest.raises(StopIteration):
        next(sols)
    assert m.solve().found


def test_result_after_the_end():
    m, _ = queens(5)
    sols = m.solutions()
    assert sols.result is None
    assert len(list(sols)) == 10
    assert sols.result.status == "exhausted" and sols.result.count == 10


def test_solutions_with_threads():
    m, q = queens(8)
    seen = {tuple(s[q]) for s in fdcsp.Solver(m, threads=2).solutions()}
    assert len(seen) == 92


def test_searches_of_two_models_in_two_threads():
    counts = {}

    def count(k):
        m, _ = queens(9)
        counts[k] = m.count().count

    threads = [threading.Thread(target=count, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts == {0: 352, 1: 352}


def test_solution_outlives_its_model():
    m, q = queens(6)
    s = m.solve().solution
    first = q[0]
    del m, q
    gc.collect()
    assert s[first] in range(6) and len(s.as_dict()) == 6


def test_close_from_another_thread_during_next():
    m = fdcsp.Model()
    m.all_different(m.int_vars(14, 0, 12, "p"), strength="check")  # a long search with no solution
    sols = m.solutions()
    ended = []

    def read():
        try:
            next(sols)
        except StopIteration:
            ended.append(time.monotonic())

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.3)
    with pytest.raises(ValueError, match="being read already"):
        next(sols)
    closed = time.monotonic()
    sols.close()
    reader.join(10)
    assert ended and ended[0] - closed < 5
    assert m.count(node_limit=10).limit == "nodes"  # the model is free


def test_solver_follows_model_changes():
    m, q = queens(6)
    solver = fdcsp.Solver(m)
    assert solver.count().count == 4
    m.compare(q[0], "<", 3)
    assert solver.count().count == 2
