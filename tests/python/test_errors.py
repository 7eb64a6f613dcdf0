"""Misuse is an exception naming what is wrong, never a crash or a hang."""

import pytest

import fdcsp
from conftest import queens


def test_bad_option_names_and_values():
    m, _ = queens(4)
    with pytest.raises(ValueError, match="option 'order': 'fastest' is not one of input, mrv"):
        fdcsp.Solver(m, order="fastest")
    with pytest.raises(ValueError, match="unknown option 'oder': options are order, values"):
        fdcsp.Solver(m, oder="mrv")
    with pytest.raises(ValueError, match="option 'node_limit'"):
        fdcsp.Solver(m, node_limit=-1)
    with pytest.raises(ValueError, match="option 'time_limit'"):
        fdcsp.Solver(m, time_limit=float("nan"))
    with pytest.raises(ValueError, match="option 'inference'.*learn"):
        fdcsp.Solver(m, inference="full")
    with pytest.raises(ValueError, match="restart"):
        fdcsp.Solver(m, restart_search="activity")
    for bad in (0, 10**30, 2.0, True):
        with pytest.raises(ValueError, match="option 'threads'"):
            fdcsp.Solver(m, threads=bad)
    with pytest.raises(ValueError, match="option 'node_limit'"):
        fdcsp.Solver(m, node_limit=10**30)
    with pytest.raises(ValueError, match="exact_groups"):
        fdcsp.Solver(m, rules="x-wing")
    with pytest.raises(ValueError, match="option 'rules'.*naked-single"):
        fdcsp.SudokuSolver(rules="x-wings-and-more")


def test_options_come_from_the_table():
    names = [o["name"] for o in fdcsp.options()]
    assert names[:4] == ["order", "values", "seed", "inference"] and "threads" in names
    order = next(o for o in fdcsp.options() if o["name"] == "order")
    assert "mrv" in order["choices"] and order["default"] == "mrv"
    for o in fdcsp.options():  # every option of the table is accepted by its name
        value = o["choices"][0] if o["choices"] else o.get("min", 0)
        if o["name"] in ("rules", "restart_search"):
            continue
        fdcsp.Solver(fdcsp.Model(), **{o["name"]: value})


def test_variable_of_another_model():
    m1, q1 = queens(4)
    m2, q2 = queens(4)
    with pytest.raises(ValueError, match="belongs to another model"):
        m1.compare(q1[0], "<", q2[0])
    with pytest.raises(ValueError, match="belongs to another model"):
        m1.solve().solution[q2[0]]
    with pytest.raises(ValueError, match="belongs to another model"):
        fdcsp.Solver(m1).minimize(q2[0])


def test_bad_arguments():
    m = fdcsp.Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    with pytest.raises(ValueError, match="relation '=<'"):
        m.compare(x, "=<", y)
    with pytest.raises(ValueError, match="same length"):
        m.linear([1, 2, 3], [x, y], "==", 3)
    with pytest.raises(ValueError, match="empty domain"):
        m.int_var(3, 2)
    with pytest.raises(ValueError, match="outside the supported range"):
        m.int_var(0, 2**40)
    with pytest.raises(ValueError, match="strength 'full'"):
        m.all_different([x, y], strength="full")
    with pytest.raises(KeyError, match="no variable named 'z'"):
        m.solve().solution["z"]
    with pytest.raises(ValueError, match="invalid puzzle: .*cells"):
        fdcsp.Sudoku("123")
    with pytest.raises(ValueError, match="invalid puzzle"):
        fdcsp.Sudoku("11" + "." * 79)
    with pytest.raises(TypeError):
        m.compare(x, "<", "y")


def test_python_order_errors_stop_the_search():
    m, q = queens(6)

    def broken(dom):
        raise ZeroDivisionError("my order is broken")

    with pytest.raises(ZeroDivisionError, match="my order is broken"):
        m.solve(order=broken)
    with pytest.raises(ValueError, match="which is fixed"):
        m.count(order=lambda dom: q[0])  # q[0] gets fixed and is returned again: an error, not a hang
    with pytest.raises(ValueError, match="returned None while"):
        m.solve(order=lambda dom: None)
    # Refused by the binding (ValueError) or, where the search asks first, by the library itself,
    # whose std::logic_error is a RuntimeError: either names the candidate it lacks.
    with pytest.raises((ValueError, RuntimeError), match="candidate"):
        m.solve(values=lambda var, dom: [99])
    with pytest.raises(RuntimeError, match="valid only during the call"):
        kept = []
        m.solve(order=lambda dom: kept.append(dom) or (dom.unfixed() or [None])[0])
        kept[0].size(q[0])
    assert m.count().count == 4  # and the model works on


def test_python_predicate_errors():
    m = fdcsp.Model()
    xs = m.int_vars(3, 0, 2, "x")
    m.predicate(xs, lambda a, b, c: 1 / (a - b) > 0)
    with pytest.raises(ZeroDivisionError):
        m.count()


def test_python_orders_match_the_builtin_ones():
    m, q = queens(8)

    def first_unfixed(dom):
        left = dom.unfixed()
        return left[0] if left else None

    def largest_first(var, dom):
        return reversed(dom.values(var))

    assert m.count(order=first_unfixed).stats["nodes"] == m.count(order="input").stats["nodes"]
    mine = m.count(order="input", values=largest_first)
    assert mine.count == 92 and mine.stats["nodes"] == m.count(order="input", values="max").stats["nodes"]
