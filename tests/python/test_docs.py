"""Every Python block of docs/python.md runs (in order, in one namespace, in a temporary folder: the plot's PNG
goes there), and what its comments say it prints is what it prints: a comment after a print() call that starts as
output does (a number, a list, a dict, True or False), up to a remark after ': ' or in parentheses, unless it elides
with '...'. A block that imports matplotlib is skipped, saying so, when Debian's python3-matplotlib is missing
(`make test` installs it)."""

import contextlib
import importlib.util
import io
import re

from conftest import SOURCE


def blocks(doc="docs/python.md"):
    return re.findall(r"```python\n(.*?)```", (SOURCE / doc).read_text(), re.S)


def test_readme_python_block_runs():
    for block in blocks("README.md"):
        exec(compile(block, "README.md", "exec"), {})


def test_python_blocks_run_and_print_what_they_say(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")  # no display: the blocks choose Agg themselves too
    has_matplotlib = importlib.util.find_spec("matplotlib") is not None
    namespace = {}
    for block in blocks():
        if "import matplotlib" in block and not has_matplotlib:
            with capsys.disabled():
                print("\nskipped a block of docs/python.md: python3-matplotlib is missing")
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "docs/python.md", "exec"), namespace)
        printed = iter(out.getvalue().splitlines())
        for line in block.splitlines():
            if not line.startswith("print("):
                continue
            shown = next(printed)
            code, sep, comment = line.partition("  # ")
            comment = comment.strip()
            if sep and "..." not in comment and re.match(r"[\d\[{]|True|False", comment):
                expected = re.split(r": | \(", comment)[0]  # a remark after ': ' or in parentheses ends some
                assert shown.startswith(expected), (line, shown)
    if has_matplotlib:
        assert (tmp_path / "python_compare.png").stat().st_size > 0
