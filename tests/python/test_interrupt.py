"""Ctrl-C (SIGINT) during a search raises KeyboardInterrupt promptly, and the solver works afterwards."""

import os
import signal
import threading
import time

import pytest

import fdcsp


def interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def pigeons(n):
    """n pigeons in n - 1 holes, all-different checked only: a long search with no solution."""
    m = fdcsp.Model()
    m.all_different(m.int_vars(n, 0, n - 2, "p"), strength="check")
    return m


def test_sigint_during_a_count():
    m = fdcsp.Model()
    m.int_vars(9, 0, 9, "d")  # 10^9 solutions: a count of minutes
    solver = fdcsp.Solver(m)
    interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        solver.count()
    assert time.monotonic() - started < 5
    assert solver.count(cap=3).count == 3  # usable afterwards
    assert m.count(cap=7).count == 7


def test_sigint_while_waiting_for_the_next_solution():
    sols = pigeons(14).solutions()
    interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        next(sols)
    assert time.monotonic() - started < 5
    sols.close()


def test_sigint_during_a_parallel_search():
    m = pigeons(14)
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        fdcsp.Solver(m, threads=2).solve()
    assert fdcsp.Solver(m, node_limit=100).solve().limit == "nodes"


def test_a_python_handler_that_does_not_raise():
    # The search still stops (a limit: interrupted); the handler decides what else happens.
    seen = []
    old = signal.signal(signal.SIGINT, lambda *args: seen.append(args[0]))
    try:
        interrupt_after(0.3)
        r = pigeons(14).solve()
        assert r.status == "limit" and r.limit == "interrupted" and seen == [signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, old)
