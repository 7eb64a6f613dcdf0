"""The type hints (fdcsp/_fdcsp.pyi) name every public class, method and property of the module, and help() has
something to say about each."""

import ast
import pathlib

import fdcsp
from fdcsp import _fdcsp


def stub_classes():
    """{class: the names its stub defines}, those of its base classes in the stub included."""
    tree = ast.parse((pathlib.Path(_fdcsp.__file__).parent / "_fdcsp.pyi").read_text())
    classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}

    def names(c):
        own = {f.name for f in c.body if isinstance(f, ast.FunctionDef)}
        for base in c.bases:
            if isinstance(base, ast.Name) and base.id in classes:
                own |= names(classes[base.id])
        return own
    return {name: names(c) for name, c in classes.items()}


def test_stub_matches_the_module():
    stub = stub_classes()
    for name in dir(_fdcsp):
        obj = getattr(_fdcsp, name)
        if name.startswith("_") or not isinstance(obj, type):
            continue
        assert name in stub, name
        public = {a for a in dir(obj) if not a.startswith("_")}
        assert public <= stub[name], (name, public - stub[name])
        assert obj.__doc__, name


def test_docstrings():
    assert "int_vars" in fdcsp.Model.int_vars.__doc__ or fdcsp.Model.int_vars.__doc__
    for name in ("all_different", "linear", "element", "cumulative", "reify"):
        assert len(getattr(fdcsp.Model, name).__doc__) > 40, name
    assert "option table" in fdcsp.Solver.__doc__
