"""Shared by the fdcsp tests: where the C++ commands and the data are (tests/python/run.sh sets them)."""

import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("CSP_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BIN = pathlib.Path(os.environ.get("CSP_BIN_DIR", SOURCE / "build" / "bin"))


def run_command(*args):
    """Runs a C++ command of the build; its standard output and standard error."""
    exe = BIN / args[0]
    if not exe.exists():
        pytest.skip(f"{exe} is not built")
    done = subprocess.run([str(exe), *map(str, args[1:])], capture_output=True, text=True, check=True)
    return done.stdout, done.stderr


def stats_of(text):
    """The 'name: number' lines of a command's --stats, as a dict."""
    out = {}
    for line in text.splitlines():
        name, sep, value = line.partition(": ")
        if sep and value.replace(".", "", 1).isdigit():
            out[name] = float(value) if "." in value else int(value)
    return out


def queens(n, strength="domain"):
    """n-queens as `csp queens --model all-different` builds it: rows, and the two diagonals as offsets."""
    import fdcsp
    m = fdcsp.Model()
    q = m.int_vars(n, 0, n - 1, "q")
    m.all_different(q, strength=strength)
    m.all_different(q, offsets=list(range(n)), strength=strength)
    m.all_different(q, offsets=[-c for c in range(n)], strength=strength)
    return m, q
