#!/usr/bin/python3
"""Runs MiniZinc's own solver test suite (libminizinc 2.6.4, tests/spec) against our FlatZinc solver (issue 29).

    /usr/bin/python3 tests/minizinc/spec/run_spec.py [--build BUILD_DIR] [options] [TEST...]

The suite is found at $CSP_MZN_SPEC, else at ../shared/data/minizinc-spec beside the project. Each .mzn file of
the chosen suites (suites.yml's `default`, i.e. unit/*, the examples/* once under default options, and sudoku/*,
which no suite of suites.yml includes) starts with
YAML documents `/*** !Test ... ***/`; every document is one test. A test is run as MiniZinc's own harness runs it
(minizinc-python under pytest): `minizinc --solver csp --json-stream --output-mode json --output-objective
--output-output-item -s --intermediate-solutions` plus the test's options, its model and extra files, and the
answer is compared with the expected one the same way. README.md beside this file says what is checked and where
this runner is stricter or more lenient than the suite's harness.

Prints one line per test (ok / FAIL [category] / skip), the total time and last `N passed, M failed, K skipped`.
Exit status: 0 when every test that is not skipped passed, 1 otherwise, 77 when the suite, minizinc or our solver
configuration is missing. Tests are skipped only when skips.txt (beside this file) lists them.

Environment: CSP_MZN_SPEC (the suite folder), CSP_SPEC_TIMEOUT (seconds per test, default 10), CSP_SPEC_JOBS
(tests run at once, default 2), CSP_SPEC_SOLVER (replaces `--solver csp`, e.g. "--solver gecode -G std" to try the
runner itself on Gecode), CSP_SPEC_FZN_FLAGS (flags for fzn-csp, e.g. "--inference learn").
"""

import argparse
import fnmatch
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

try:
    import yaml
except ImportError:  # pragma: no cover - reported, not hidden
    print("error: the Python module yaml is missing (Debian package python3-yaml); run with /usr/bin/python3",
          file=sys.stderr)
    sys.exit(1)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SKIPS_FILE = os.path.join(HERE, "skips.txt")
CP_SOLVERS = ("gecode", "chuffed")
MAX_LISTED_CHECKS = 100  # listed solutions missing from ours that one test may verify with MiniZinc
# What minizinc-python (the suite's harness) always passes; --output-time is left out (only timing).
HARNESS_FLAGS = ["--json-stream", "--output-mode", "json", "--output-objective", "--output-output-item", "-s",
                 "--intermediate-solutions"]
# The reference that re-checks a solution (check_against, the non-strict fallback): Gecode through MiniZinc's
# standard decompositions, since Debian's stock Gecode library cannot flatten globals.mzn.
CHECKER = ["--solver", "gecode", "-G", "std"]
CHECKER_FALLBACK = ["--solver", "gecode"]


# --------------------------------------------------------------------------------------------------------------
# The YAML vocabulary of the suite (what tests/minizinc_testing/spec.py, helpers.py and yaml.py of libminizinc
# define), read with PyYAML's safe loader.

class Undefined:
    """A field the document does not give (as opposed to null)."""

    def __repr__(self):
        return "Undefined"


UNDEFINED = Undefined()


class SpecTest:
    def __init__(self, fields):
        self.name = fields.get("name", UNDEFINED)
        self.solvers = fields.get("solvers", ["gecode", "cbc", "chuffed"])
        self.check_against = fields.get("check_against", [])
        self.expected = fields.get("expected", [])
        self.options = fields.get("options", {})
        self.extra_files = fields.get("extra_files", [])
        self.markers = fields.get("markers", [])
        self.type = fields.get("type", "solve")
        # Other fields (`strict:`, `solves:` in two headers) the harness stores and never reads; so does the runner.


class ExpectedResult:
    def __init__(self, fields):
        self.status = fields.get("status", UNDEFINED)
        self.solution = fields.get("solution", UNDEFINED)

    def __repr__(self):
        return "!Result(status=%s, solution=%s)" % (self.status, show(self.solution))


class ExpectedSolution:
    def __init__(self, fields):
        self.inner = dict(fields)

    def __repr__(self):
        return "!Solution{%s}" % ", ".join("%s: %s" % (k, show(v)) for k, v in self.inner.items())


class ExpectedSolutionSet:
    def __init__(self, items):
        self.items = list(items)

    def __repr__(self):
        return "!SolutionSet[%s]" % ", ".join(show(i) for i in self.items)


class ExpectedError:
    def __init__(self, fields):
        # The harness ignores fields it does not know (one test spells `Type:`), so such an !Error matches any error.
        self.type = fields.get("type", UNDEFINED)
        self.message = fields.get("message", UNDEFINED)
        self.regex = fields.get("regex", UNDEFINED)

    def __repr__(self):
        parts = ["%s: %s" % (k, v) for k, v in (("type", self.type), ("message", self.message),
                                               ("regex", self.regex)) if v is not UNDEFINED]
        return "!Error{%s}" % ", ".join(parts)


class FlattenerOutput:
    """!FlatZinc / !OutputModel: expected flattener output (type compile / output-model tests)."""

    def __init__(self, tag, path):
        self.tag = tag
        self.path = path

    def __repr__(self):
        return "%s %s" % (self.tag, self.path)


class Approx:
    def __init__(self, value):
        self.value = float(value)

    def __repr__(self):
        return "!Approx %s" % self.value


class Trim:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "!Trim %r" % self.value


class Unordered:
    def __init__(self, items):
        self.items = list(items)

    def __repr__(self):
        return "!Unordered %s" % show(self.items)


class IntSet:
    """A set value, whether MiniZinc printed it as ranges or the test wrote `!!set {...}` or `!Range l..u`.

    (minizinc-python turns one range into a Python range and anything else into a set, and a range never equals
    a set in Python; comparing the elements is what the tests mean.)"""

    def __init__(self, elements=(), ranges=()):
        ints = set()
        others = set()
        for e in elements:
            if isinstance(e, int) and not isinstance(e, bool):
                ints.add(e)
            else:
                others.add(freeze(e))
        spans = [(lo, hi) for lo, hi in ranges if lo <= hi]
        for i in ints:
            spans.append((i, i))
        spans.sort()
        merged = []
        for lo, hi in spans:
            if merged and lo <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        self.ranges = tuple(merged)
        self.others = frozenset(others)

    def __eq__(self, other):
        return isinstance(other, IntSet) and self.ranges == other.ranges and self.others == other.others

    def __hash__(self):
        return hash((self.ranges, self.others))

    def __repr__(self):
        parts = ["%d..%d" % r if r[0] != r[1] else str(r[0]) for r in self.ranges]
        parts += sorted(repr(o) for o in self.others)
        return "{%s}" % ", ".join(parts)


class Frozen:
    """A hashable stand-in for a dict or list element of a set."""

    def __init__(self, value):
        self.value = value
        self.key = json.dumps(value, sort_keys=True, default=repr)

    def __eq__(self, other):
        return isinstance(other, Frozen) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return self.key


def freeze(value):
    if isinstance(value, (dict, list)):
        return Frozen(value)
    return value


class UnknownTag(Exception):
    pass


class SpecLoader(yaml.SafeLoader):
    pass


def _mapping(make):
    def construct(loader, node):
        # Like the harness: a tag on something that is not a mapping (`expected: !Error` alone) gives the empty
        # object, which matches anything of its kind.
        if not isinstance(node, yaml.MappingNode):
            return make({})
        return make(loader.construct_mapping(node, deep=True))
    return construct


def _sequence(make):
    def construct(loader, node):
        if not isinstance(node, yaml.SequenceNode):
            return make([])
        return make(loader.construct_sequence(node, deep=True))
    return construct


def _scalar(make):
    def construct(loader, node):
        return make(loader.construct_scalar(node))
    return construct


def _range(text):
    lo, hi = (int(x) for x in text.split(".."))
    return IntSet(ranges=[(lo, hi)])


def _duration(text):
    text = text.strip()
    for suffix, scale in (("us", 1e-6), ("ms", 1e-3), ("s", 1.0)):
        if text.endswith(suffix):
            return float(text[:-len(suffix)]) * scale
    return float(text)


def _yaml_set(loader, node):
    if isinstance(node, yaml.MappingNode):
        return IntSet(elements=list(loader.construct_mapping(node, deep=True).keys()))
    if isinstance(node, yaml.SequenceNode):
        return IntSet(elements=loader.construct_sequence(node, deep=True))
    return IntSet()


def _unknown_tag(loader, suffix, node):
    raise UnknownTag("unknown YAML tag !%s (line %d of the header)" % (suffix, node.start_mark.line + 1))


SpecLoader.add_constructor("!Test", _mapping(SpecTest))
SpecLoader.add_constructor("!Result", _mapping(ExpectedResult))
SpecLoader.add_constructor("!Solution", _mapping(ExpectedSolution))
# Two headers of 2.6.4 write `!Solution:` (show_int_set, show_float_set); the harness turns their !Result into an
# empty one that accepts any answer. Read as the !Solution it means instead, which is stricter.
SpecLoader.add_constructor("!Solution:", _mapping(ExpectedSolution))
SpecLoader.add_constructor("!SolutionSet", _sequence(ExpectedSolutionSet))
SpecLoader.add_constructor("!Error", _mapping(ExpectedError))
SpecLoader.add_constructor("!FlatZinc", _scalar(lambda p: FlattenerOutput("!FlatZinc", p)))
SpecLoader.add_constructor("!OutputModel", _scalar(lambda p: FlattenerOutput("!OutputModel", p)))
SpecLoader.add_constructor("!Range", _scalar(_range))
SpecLoader.add_constructor("!Duration", _scalar(_duration))
SpecLoader.add_constructor("!Approx", _scalar(Approx))
SpecLoader.add_constructor("!Trim", _scalar(Trim))
SpecLoader.add_constructor("!Unordered", _sequence(Unordered))
SpecLoader.add_constructor("!Suite", _mapping(dict))
SpecLoader.add_constructor("tag:yaml.org,2002:set", _yaml_set)
# `!set {2}` (test_bug66, flat_set_lit) for `!!set {2}`: the harness would again accept anything there.
SpecLoader.add_constructor("!set", _yaml_set)
SpecLoader.add_multi_constructor("!", _unknown_tag)


def show(value, limit=300):
    text = repr(value) if not isinstance(value, str) else json.dumps(value)
    return text if len(text) <= limit else text[:limit] + "..."


# --------------------------------------------------------------------------------------------------------------
# Values of MiniZinc's JSON output, decoded as minizinc-python's MZNJSONDecoder does (sets, plain enum values);
# enum constructor and anonymous enum objects stay objects, which is how the tests write them.

def decode_value(value):
    if isinstance(value, list):
        return [decode_value(v) for v in value]
    if isinstance(value, dict):
        if len(value) == 1 and "set" in value and isinstance(value["set"], list):
            elements, ranges = [], []
            for item in value["set"]:
                if isinstance(item, list) and len(item) == 2:
                    ranges.append((item[0], item[1]))
                else:
                    elements.append(decode_value(item))
            return IntSet(elements=elements, ranges=ranges)
        if len(value) == 1 and "e" in value:
            return decode_value(value["e"])
        return {k: decode_value(v) for k, v in value.items()}
    return value


def values_equal(expected, got):
    """Whether an expected value of a !Solution matches an obtained one (Python's ==, as the harness, with the
    suite's helpers !Approx, !Trim and !Unordered, and sets compared by their elements)."""
    if isinstance(expected, Approx):
        try:
            return abs(float(got) - expected.value) <= 1e-6
        except (TypeError, ValueError):
            return False
    if isinstance(expected, Trim):
        return isinstance(got, str) and expected.value.strip() == got.strip()
    if isinstance(expected, Unordered):
        if not isinstance(got, list) or len(got) != len(expected.items):
            return False
        left = list(expected.items)
        for g in got:
            for i, e in enumerate(left):
                if values_equal(e, g):
                    del left[i]
                    break
            else:
                return False
        return True
    if isinstance(expected, IntSet):
        return isinstance(got, IntSet) and expected == got
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(
            values_equal(e, g) for e, g in zip(expected, got))
    if isinstance(expected, dict):
        return isinstance(got, dict) and set(got) == set(expected) and all(
            values_equal(v, got[k]) for k, v in expected.items())
    if isinstance(got, (list, dict, IntSet)):
        return False
    return expected == got


def solution_matches(expected, solution):
    """!Solution: every variable it names is in the obtained solution with an equal value (others are ignored)."""
    if not isinstance(expected, ExpectedSolution) or solution is None:
        return False
    return all(k in solution.values and values_equal(v, solution.values[k]) for k, v in expected.inner.items())


# --------------------------------------------------------------------------------------------------------------
# One run of minizinc, read as minizinc-python reads it.

ERROR_KINDS = {  # the error class names of minizinc-python and their direct bases (what !Error type may name)
    "MiniZincError": ("MiniZincError", "Exception"),
    "SyntaxError": ("SyntaxError", "MiniZincError"),
    "TypeError": ("TypeError", "MiniZincError"),
    "IncludeError": ("IncludeError", "MiniZincError"),
    "CyclicIncludeError": ("CyclicIncludeError", "MiniZincError"),
    "EvaluationError": ("EvaluationError", "MiniZincError"),
    "AssertionError": ("AssertionError", "EvaluationError"),
}
STREAM_ERRORS = {"syntax error": "SyntaxError", "type error": "TypeError", "include error": "IncludeError",
                 "cyclic include error": "CyclicIncludeError", "evaluation error": "EvaluationError",
                 "assertion failed": "AssertionError"}
HAS_SOLUTION = ("SATISFIED", "ALL_SOLUTIONS", "OPTIMAL_SOLUTION")


class Solution:
    def __init__(self, raw):
        self.raw = raw  # the JSON object MiniZinc printed (what a re-check feeds back as data)
        values = {k: decode_value(v) for k, v in raw.items()}
        if "_objective" in values:
            values["objective"] = values.pop("_objective")
        if "_output" in values:
            values["_output_item"] = values.pop("_output")
        self.values = values

    def __repr__(self):
        return "{%s}" % ", ".join("%s: %s" % (k, show(v, 80)) for k, v in self.values.items()
                                  if k != "_output_item")


class Outcome:
    """What one minizinc run gave: an error (kind, message) or a status with solutions."""

    def __init__(self):
        self.error_kind = None
        self.error_message = None
        self.error_what = None  # the kind MiniZinc's JSON stream gives ("flattening error", ...), for the report
        self.status = "UNKNOWN"
        self.solutions = []
        self.method = None
        self.killed = False
        self.seconds = 0.0
        self.stderr = ""

    @property
    def is_error(self):
        return self.error_kind is not None

    def first_error_line(self):
        """The line of the error message that says what went wrong (MiniZinc also prints trace and warnings)."""
        lines = [l.strip() for l in (self.error_message or "").splitlines() if l.strip()]
        lines = [l for l in lines if not l.startswith("Warning") and "overrides a global constraint" not in l]
        for line in lines:
            if re.search(r"error|fzn-csp:|not supported|failed|exception|abort", line, flags=re.I):
                break
        else:
            line = lines[0] if lines else ""
        if self.error_what and self.error_what not in STREAM_ERRORS and self.error_what not in line:
            line = "%s: %s" % (self.error_what, line)
        return line[:300]

    def describe(self):
        if self.killed:
            return "killed at the time limit (%.1f s) with %d solutions" % (self.seconds, len(self.solutions))
        if self.is_error:
            return "%s: %s" % (self.error_kind, self.first_error_line())
        text = self.status
        if self.solutions:
            if len(self.solutions) == 1:
                text += " " + show(self.solutions[0], 400)
            else:
                text += " %d solutions, the last %s" % (len(self.solutions), show(self.solutions[-1], 300))
        return text


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_minizinc(args, cwd, env, hard_limit):
    """Runs minizinc with args; returns an Outcome parsed from its JSON stream."""
    out = Outcome()
    start = time.monotonic()
    proc = subprocess.Popen(["minizinc"] + args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=hard_limit)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        stdout, stderr = proc.communicate()
        out.killed = True
    finally:
        kill_group(proc)  # a solver left behind by minizinc
    out.seconds = time.monotonic() - start
    out.stderr = stderr.decode("utf-8", "replace")
    status = "UNKNOWN"
    checker = None
    for line in stdout.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue  # not part of the stream (a solver writing to stdout on its own)
        kind = obj.get("type")
        if kind == "warning" or (kind == "error" and obj.get("what") == "warning"):
            continue
        if kind == "error":
            # minizinc-python raises at the first error object and drops what came before.
            out.error_kind = STREAM_ERRORS.get(obj.get("what"), "MiniZincError")
            if "message" in obj:
                out.error_message = obj["message"]
            elif "cycle" in obj:
                out.error_message = " includes ".join(obj["cycle"])
            else:
                out.error_message = "MiniZinc stopped with a non-zero exit code, but did not output an error message."
            out.error_what = obj.get("what")
            return out
        if kind == "solution":
            raw = dict(obj.get("output", {}).get("json", {}))
            if checker is not None:
                raw["_checker"] = checker
                checker = None
            if status == "UNKNOWN":
                status = "SATISFIED"
            out.solutions.append(Solution(raw))
        elif kind == "status":
            status = {"UNSAT_OR_UNBOUNDED": "UNBOUNDED"}.get(obj.get("status"), obj.get("status"))
        elif kind == "statistics":
            method = obj.get("statistics", {}).get("method")
            if method:
                out.method = method
        elif kind == "checker":
            output = obj.get("output", {})
            checker = output.get("raw", output.get("dzn"))
    out.status = status
    if out.killed:
        return out
    if proc.returncode != 0 or status == "ERROR":
        text = out.stderr
        kind = "MiniZincError"
        if "MiniZinc: evaluation error:" in text:
            kind = "AssertionError" if "Assertion failed:" in text else "EvaluationError"
        elif "MiniZinc: type error:" in text:
            kind = "TypeError"
        elif "Error: syntax error" in text:
            kind = "SyntaxError"
        out.error_kind = kind
        out.error_message = text.strip() or (
            "MiniZinc stopped with a non-zero exit code (%d), but did not output an error message." % proc.returncode)
    return out


# --------------------------------------------------------------------------------------------------------------
# The comparison of Test.passed / Result.check / Error.check.

def error_matches(expected, outcome):
    if not outcome.is_error:
        return False
    if expected.type is not UNDEFINED and expected.type not in ERROR_KINDS.get(outcome.error_kind, ()):
        return False
    if expected.message is not UNDEFINED:
        return expected.message == outcome.error_message
    if expected.regex is not UNDEFINED:
        return re.match(expected.regex, outcome.error_message, flags=re.M | re.S) is not None
    return True


def obtained_solution(outcome, multiple):
    """The harness's result.solution: the list of solutions when it asked for several, else the last one."""
    if multiple:
        return list(outcome.solutions)
    return outcome.solutions[-1] if outcome.solutions else None


def result_matches(expected, outcome, multiple, complete_set):
    """Result.check of the harness. Returns (matched, note, missing): missing lists the solutions of a
    !SolutionSet that none of ours matches when all solutions were asked for (complete_set); the harness only
    requires each of ours to be listed, the runner then also asks MiniZinc whether the missing ones are solutions."""
    if outcome.is_error or outcome.killed:
        return False, None, []
    if expected.status is not UNDEFINED and outcome.status != expected.status:
        return False, None, []
    required = expected.solution
    if required is UNDEFINED or required is None:
        return True, None, []
    got = obtained_solution(outcome, multiple)
    if isinstance(required, ExpectedSolutionSet):
        ours = got if isinstance(got, list) else ([got] if got is not None else [])
        unlisted = [o for o in ours if not any(solution_matches(item, o) for item in required.items)]
        if unlisted:
            return False, "%d of our solutions not listed, e.g. %s" % (len(unlisted), show(unlisted[0])), []
        if complete_set:
            if outcome.status not in ("ALL_SOLUTIONS", "OPTIMAL_SOLUTION"):
                return False, "all solutions were asked for and the search did not finish (%s)" % outcome.status, []
            missing = [item for item in required.items if not any(solution_matches(item, o) for o in ours)]
            return True, None, missing
        return True, None, []
    if isinstance(required, list):
        if not isinstance(got, list) or len(got) != len(required):
            return False, None, []
        return all(solution_matches(r, o) for r, o in zip(required, got)), None, []
    if isinstance(required, ExpectedSolution):
        if isinstance(got, list):
            return False, None, []
        return solution_matches(required, got), None, []
    return False, "runner: unsupported expected solution %s" % show(required), []


def same_solutions_any_order(required, outcome):
    """A plain list of expected solutions (ordered in the harness) against ours in any order."""
    ours = list(outcome.solutions)
    if len(ours) != len(required):
        return False
    left = list(required)
    for o in ours:
        for i, r in enumerate(left):
            if solution_matches(r, o):
                del left[i]
                break
        else:
            return False
    return True


# --------------------------------------------------------------------------------------------------------------
# Tests of the suite.

class Case:
    def __init__(self, suite, path, index, count, spec=None, load_error=None):
        self.suite = suite  # dict: name, options, strict
        self.path = path  # relative to the suite folder
        self.index = index
        self.count = count
        self.spec = spec
        self.load_error = load_error

    @property
    def id(self):
        return self.path if self.count == 1 else "%s#%d" % (self.path, self.index)

    def label(self, several_suites):
        return "%s:%s" % (self.suite["name"], self.id) if several_suites else self.id


def load_suites(spec_dir):
    with open(os.path.join(spec_dir, "suites.yml"), encoding="utf-8") as f:
        return yaml.load(f, Loader=SpecLoader)


def suite_matches(suite, path):
    includes = suite.get("includes", ["*"])
    excludes = suite.get("excludes", [])
    return (any(fnmatch.fnmatch(path, g) for g in includes)
            and not any(fnmatch.fnmatch(path, g) for g in excludes))


def collect(spec_dir, suites):
    files = []
    for top in sorted(os.listdir(spec_dir)):
        if not os.path.isdir(os.path.join(spec_dir, top)):
            continue
        for dirpath, dirnames, filenames in os.walk(os.path.join(spec_dir, top)):
            dirnames.sort()
            for fn in sorted(filenames):
                if fn.endswith(".mzn"):
                    files.append(os.path.relpath(os.path.join(dirpath, fn), spec_dir))
    cases = []
    for suite in suites:
        for path in files:
            if not suite_matches(suite, path):
                continue
            with open(os.path.join(spec_dir, path), encoding="utf-8") as f:
                text = f.read()
            header = re.match(r"\/\*\*\*\n(.*?)\n\*\*\*\/", text, flags=re.S)
            if header is None:
                continue  # the harness: "no tests specified" (checkers .mzc.mzn, included files)
            try:
                docs = list(yaml.load_all(header.group(1), Loader=SpecLoader))
            except (yaml.YAMLError, UnknownTag, ValueError) as e:
                cases.append(Case(suite, path, 0, 1, load_error="runner: cannot read the header: %s" % e))
                continue
            for i, doc in enumerate(docs):
                if not isinstance(doc, SpecTest):
                    cases.append(Case(suite, path, i, len(docs),
                                      load_error="runner: document is not a !Test: %s" % show(doc)))
                else:
                    cases.append(Case(suite, path, i, len(docs), spec=doc))
    return cases


def read_skips():
    skips = {}
    if not os.path.exists(SKIPS_FILE):
        return skips
    with open(SKIPS_FILE, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            skips[parts[0]] = parts[1] if len(parts) > 1 else "listed in skips.txt"
    return skips


def skip_category(case):
    """Why the suite itself says we cannot run a test (None when we can): flattener-only, or no CP solver."""
    spec = case.spec
    if spec.type != "solve":
        return "flattener-only test (type: %s)" % spec.type
    solvers = spec.solvers if isinstance(spec.solvers, list) else [spec.solvers]
    if not any(s in CP_SOLVERS for s in solvers):
        return "no CP solver among its solvers %s (MIP-only)" % show(solvers) if solvers else \
            "solvers: [] (the suite runs it on no solver)"
    return None


# --------------------------------------------------------------------------------------------------------------
# Running one test.

NOT_FIXABLE = object()


def expected_to_json(value):
    """An expected value of a test as MiniZinc JSON data (strings are enum values)."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, Approx):
        return value.value
    if isinstance(value, str):
        return {"e": value}
    if isinstance(value, IntSet):
        items = [[lo, hi] for lo, hi in value.ranges]
        for o in value.others:
            o = o.value if isinstance(o, Frozen) else o
            items.append({"e": o} if isinstance(o, str) else o)
        return {"set": items}
    if isinstance(value, list):
        out = [expected_to_json(v) for v in value]
        return NOT_FIXABLE if any(o is NOT_FIXABLE for o in out) else out
    if isinstance(value, dict):
        return value
    return NOT_FIXABLE


def mzn_literal(value):
    """A decoded value as a MiniZinc literal, None when there is none."""
    if isinstance(value, Approx):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return value if re.match(r"^[A-Za-z][A-Za-z0-9_]*$", value) else "'%s'" % value
    if isinstance(value, IntSet):
        parts = ["%d..%d" % r for r in value.ranges]
        for o in value.others:
            lit = mzn_literal(o.value if isinstance(o, Frozen) else o)
            if lit is None:
                return None
            parts.append("{%s}" % lit)
        return " union ".join(parts) if parts else "{}"
    if isinstance(value, dict) and set(value) == {"c", "e"}:
        inner = mzn_literal(value["e"])
        return None if inner is None else "%s(%s)" % (value["c"], inner)
    return None


def fixing_constraints(values):
    """Constraints fixing variables to values (arrays element by element, through array1d)."""
    lines = []

    def flat(v):
        if isinstance(v, list):
            for x in v:
                yield from flat(x)
        else:
            yield v

    for name, value in values.items():
        ident = name if re.match(r"^[A-Za-z][A-Za-z0-9_]*$", name) else "'%s'" % name
        if isinstance(value, list):
            for k, item in enumerate(flat(value), 1):
                if item is None:
                    lines.append("constraint absent(array1d(%s)[%d]);" % (ident, k))
                else:
                    lit = mzn_literal(item)
                    if lit is not None:
                        lines.append("constraint array1d(%s)[%d] = %s;" % (ident, k, lit))
        elif value is None:
            lines.append("constraint absent(%s);" % ident)
        else:
            lit = mzn_literal(value)
            if lit is not None:
                lines.append("constraint %s = %s;" % (ident, lit))
    return "\n".join(lines) + "\n"


class Runner:
    def __init__(self, args, spec_dir, solver_args, env, workdir):
        self.args = args
        self.spec_dir = spec_dir
        self.solver_args = solver_args
        self.env = env
        self.workdir = workdir
        self.limit = args.timeout

    def option_flags(self, options):
        """The command-line flags minizinc-python makes of solve()'s keyword arguments."""
        flags = []
        multiple = False
        all_solutions = False
        has_limit = False
        for key, value in options.items():
            if key == "all_solutions":
                if value:
                    flags.append("--all-solutions")
                    multiple = all_solutions = True
            elif key == "intermediate_solutions":
                multiple = multiple or bool(value)
            elif key == "nr_solutions":
                if value is not None:
                    flags += ["--num-solutions", str(value)]
                    multiple = True
            elif key == "timeout":
                if value is not None:
                    flags += ["--time-limit", str(int(float(value) * 1000))]
                    has_limit = True
            elif key == "processes":
                if value is not None:
                    flags += ["--parallel", str(value)]
            elif key == "random_seed":
                if value is not None:
                    flags += ["--random-seed", str(value)]
            elif key == "free_search":
                if value:
                    flags.append("--free-search")
            elif key == "optimisation_level":
                if value is not None:
                    flags += ["-O", str(value)]
            else:
                flag = key if key.startswith("-") else "--" + key
                if flag in ("--time-limit", "-t"):
                    has_limit = True
                if isinstance(value, bool):
                    if value:
                        flags.append(flag)
                else:
                    flags += [flag, str(value)]
        return flags, multiple, all_solutions, has_limit

    def files(self, case):
        model = os.path.join(self.spec_dir, case.path)
        folder = os.path.dirname(model)
        return [model] + [os.path.join(folder, f) for f in case.spec.extra_files]

    def satisfiable(self, case, flags, data, values, tag):
        """Whether MiniZinc (Gecode) finds the model satisfiable with some variables fixed: first as JSON data (as
        minizinc-python's check_solution does), then, if MiniZinc refuses that data (a variable defined in the
        model, an array of absent values), as constraints `x = value`. Returns the Outcome of the last attempt."""
        keep = []
        skip_next = False
        for flag in flags:
            if skip_next:
                skip_next = False
                continue
            if flag in ("--all-solutions", "--free-search"):
                continue
            if flag in ("--num-solutions", "--time-limit", "--parallel", "--random-seed"):
                skip_next = True
                continue
            keep.append(flag)
        json_path = os.path.join(self.workdir, "fixed-%s.json" % tag)
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(data, f)
        mzn_path = os.path.join(self.workdir, "fixed-%s.mzn" % tag)
        with open(mzn_path, "w", encoding="utf-8") as f:
            f.write(fixing_constraints(values))
        check = None
        for checker, extra in ((CHECKER, json_path), (CHECKER, mzn_path), (CHECKER_FALLBACK, json_path)):
            args = checker + HARNESS_FLAGS + keep + ["--time-limit", str(int(self.limit * 1000))] + \
                self.files(case) + [extra]
            check = run_minizinc(args, self.workdir, self.env, self.limit * 2 + 10)
            if not check.is_error:
                break
        return check

    def recheck(self, case, flags, solution, tag):
        """check_solution of minizinc-python: MiniZinc (Gecode) solves the model again with our solution fixed; its
        answer must have a solution, with our objective. Returns None when accepted, else why not."""
        data = {k: v for k, v in solution.raw.items() if not k.startswith("_")}
        values = {k: v for k, v in solution.values.items() if not k.startswith("_") and k != "objective"}
        check = self.satisfiable(case, flags, data, values, tag)
        if check.killed or check.is_error or check.status not in HAS_SOLUTION:
            return "MiniZinc with Gecode rejects our solution: %s" % check.describe()
        ours = solution.values.get("objective")
        if ours is not None:
            theirs = check.solutions[-1].values.get("objective") if check.solutions else None
            if theirs != ours:
                return "with our solution fixed Gecode's objective is %s, ours %s" % (theirs, ours)
        return None

    def optimality(self, case, flags, outcome, results):
        """Our answer is OPTIMAL_SOLUTION with a solution not listed (and valid): its objective must be as good as one
        the test lists (the suite lists one per solver when their value ranges give different optima), or, when the
        test lists none, as good as the optimum Gecode proves. Returns None when so, else why not."""
        ours = outcome.solutions[-1].values.get("objective")
        if ours is None or outcome.method not in ("minimize", "maximize"):
            return None
        better = (lambda a, b: a < b) if outcome.method == "minimize" else (lambda a, b: a > b)
        listed = [e.solution.inner["objective"] for e in results if "objective" in e.solution.inner]
        listed = [v for v in listed if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if listed:
            if all(better(v, ours) for v in listed):
                return "we claim the optimum %s, the test lists %s" % (ours, ", ".join(str(v) for v in listed))
            return None
        keep = [f for f in flags if f != "--all-solutions"]
        args = CHECKER + HARNESS_FLAGS + keep + ["--time-limit", str(int(self.limit * 1000))] + self.files(case)
        ref = run_minizinc(args, self.workdir, self.env, self.limit * 2 + 10)
        theirs = ref.solutions[-1].values.get("objective") if ref.solutions else None
        if not ref.is_error and theirs is not None and better(theirs, ours):
            return "we claim the optimum %s, Gecode finds %s" % (ours, theirs)
        return None

    def listed_solution_valid(self, case, flags, item, tag):
        """Whether a solution the test lists (a !Solution, perhaps of some variables only) is one: MiniZinc with
        Gecode finds the model satisfiable with it fixed."""
        data, values = {}, {}
        for k, v in item.inner.items():
            if k.startswith("_") or k == "objective":
                continue
            j = expected_to_json(v)
            if j is not NOT_FIXABLE:
                data[k] = j
                values[k] = v
        check = self.satisfiable(case, flags, data, values, tag)
        if check.is_error or check.killed:
            return None
        return check.status in HAS_SOLUTION

    def run(self, case):
        """Returns (verdict, text, category): verdict ok / FAIL / skip."""
        spec = case.spec
        options = dict(case.suite.get("options") or {})
        options.update(spec.options or {})
        flags, multiple, all_solutions, has_limit = self.option_flags(options)
        args = list(self.solver_args) + HARNESS_FLAGS + flags
        if not has_limit:
            args += ["--time-limit", str(int(self.limit * 1000))]
        args += self.files(case)
        outcome = run_minizinc(args, self.workdir, self.env, self.limit * 1.5 + 5)
        timing = " (%.1f s)" % outcome.seconds
        expected = spec.expected if isinstance(spec.expected, list) else [spec.expected]
        if not expected:
            return "FAIL", "runner: the test expects nothing" + timing, "runner limitation"
        notes = []
        for exp in expected:
            if isinstance(exp, ExpectedError):
                if error_matches(exp, outcome):
                    return "ok", "error as expected, %s: %s%s" % (outcome.error_kind, outcome.first_error_line()[:150],
                                                                  timing), None
            elif isinstance(exp, ExpectedResult):
                ok, note, missing = result_matches(exp, outcome, multiple, all_solutions)
                if ok and missing:
                    # Ours are all listed, some listed ones are not ours: each must be no solution at all.
                    for k, item in enumerate(missing[:MAX_LISTED_CHECKS]):
                        valid = self.listed_solution_valid(case, flags, item, "%d-%d" % (id(case), k))
                        if valid is None:
                            ok = False
                            notes.append("runner: %d listed solutions are not among ours, and MiniZinc could not "
                                         "check %s" % (len(missing), show(item)))
                            break
                        if valid:
                            ok = False
                            notes.append("%d listed solutions are not among ours (%d found), and MiniZinc with "
                                         "Gecode accepts %s" % (len(missing), len(outcome.solutions), show(item)))
                            break
                    else:
                        if len(missing) > MAX_LISTED_CHECKS:
                            ok = False
                            notes.append("runner: %d listed solutions are not among ours, too many to check"
                                         % len(missing))
                    if ok:
                        return "ok", "%s, %d solutions; %d more listed, none of them a solution for MiniZinc%s" % (
                            outcome.status, len(outcome.solutions), len(missing), timing), None
                if ok:
                    return "ok", outcome.status + timing, None
                if note:
                    notes.append(note)
            else:
                notes.append("runner: cannot compare with %s" % show(exp))
        # Not one of the expected answers. Before calling it wrong, the ways the suite itself accepts an answer.
        results = [e for e in expected if isinstance(e, ExpectedResult)]
        strict = self.args.strict and case.suite.get("strict", True) and not spec.check_against
        if (not strict and not outcome.is_error and not outcome.killed and outcome.solutions
                and outcome.status in HAS_SOLUTION):
            status_ok = [e for e in results if e.status is UNDEFINED or e.status == outcome.status]
            # All solutions listed in order: the same solutions in another order.
            for e in status_ok:
                if isinstance(e.solution, list) and same_solutions_any_order(e.solution, outcome):
                    return "ok", "%s, the expected solutions in another order%s" % (outcome.status, timing), None
            # One solution expected (or an answer whose solution the test does not fix): MiniZinc accepts ours.
            singles = [e for e in status_ok if isinstance(e.solution, ExpectedSolution)]
            if singles and not (all_solutions and outcome.status == "ALL_SOLUTIONS"):
                why = self.recheck(case, flags, outcome.solutions[-1], "%d" % id(case))
                if why is None and outcome.status == "OPTIMAL_SOLUTION":
                    why = self.optimality(case, flags, outcome, singles)
                if why is None:
                    how = "check_against" if spec.check_against else "re-checked"
                    return "ok", "%s, another solution than listed, %s by MiniZinc with Gecode%s" % (
                        outcome.status, "accepted (%s)" % how, timing), None
                notes.append(why)
        # A failure: say which kind.
        want = " | ".join(show(e, 200) for e in expected)
        if outcome.killed or (not outcome.is_error and outcome.status in ("UNKNOWN", "SATISFIED")
                              and outcome.seconds >= self.limit - 0.5):
            category = "timeout"
        elif outcome.is_error and not any(isinstance(e, ExpectedError) for e in expected):
            category = "refused"
        else:
            category = "wrong answer"
        if any(n.startswith("runner:") for n in notes):
            category = "runner limitation"
        text = "got %s; " % outcome.describe()
        if notes:
            text += "; ".join(notes) + "; "
        text += "expected " + want
        return "FAIL", text + timing, category


# --------------------------------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description="MiniZinc's solver test suite (libminizinc tests/spec) on fzn-csp")
    parser.add_argument("tests", nargs="*", metavar="TEST",
                        help="only these tests: paths relative to the suite or globs (unit/globals/*, "
                             "*/pow_3.mzn, unit/general/foo.mzn#1)")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="build folder with share/minizinc/solvers/csp.msc (default: build/ of the project)")
    parser.add_argument("--suite", action="append", default=[],
                        help="run these suites of suites.yml instead (e.g. optimize-0); default: `default` "
                             "(unit/*) and examples/* once with default options")
    parser.add_argument("--timeout", type=float, default=float(os.environ.get("CSP_SPEC_TIMEOUT", "10")),
                        help="seconds per test (CSP_SPEC_TIMEOUT, default 10)")
    parser.add_argument("--jobs", "-j", type=int, default=int(os.environ.get("CSP_SPEC_JOBS", "2")),
                        help="tests at once (CSP_SPEC_JOBS, default 2)")
    parser.add_argument("--solver", default=os.environ.get("CSP_SPEC_SOLVER"),
                        help="minizinc arguments replacing `--solver csp` (CSP_SPEC_SOLVER)")
    parser.add_argument("--fzn-flags", default=os.environ.get("CSP_SPEC_FZN_FLAGS"),
                        help="flags for fzn-csp, passed as minizinc --fzn-flags (CSP_SPEC_FZN_FLAGS), e.g. "
                             "\"--inference learn\" to run the suite with learning")
    parser.add_argument("--strict", action="store_true",
                        help="as the suite's strict harness: an answer not listed fails unless the test has "
                             "check_against or its suite is non-strict")
    parser.add_argument("--no-skip", action="store_true", help="run the tests of skips.txt too")
    parser.add_argument("--list", action="store_true", help="list the selected tests and exit")
    args = parser.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quietly stop when piped into head

    start = time.monotonic()
    spec_dir = os.environ.get("CSP_MZN_SPEC") or os.path.join(ROOT, "..", "shared", "data", "minizinc-spec")
    spec_dir = os.path.abspath(spec_dir)
    if not os.path.isfile(os.path.join(spec_dir, "suites.yml")):
        print("skipped: no MiniZinc test suite at %s (set CSP_MZN_SPEC)" % spec_dir)
        return 77
    if shutil.which("minizinc") is None:
        print("skipped: minizinc is not installed (Debian packages minizinc and flatzinc)")
        return 77
    env = dict(os.environ)
    if args.solver:
        solver_args = shlex.split(args.solver)
    else:
        solvers_dir = os.path.join(os.path.abspath(args.build), "share", "minizinc", "solvers")
        if not os.path.isfile(os.path.join(solvers_dir, "csp.msc")):
            print("skipped: no solver configuration %s/csp.msc (build fzn-csp first)" % solvers_dir)
            return 77
        env["MZN_SOLVER_PATH"] = solvers_dir + (":" + env["MZN_SOLVER_PATH"] if env.get("MZN_SOLVER_PATH") else "")
        solver_args = ["--solver", "csp"]
    if args.fzn_flags:
        solver_args += ["--fzn-flags", args.fzn_flags]

    all_suites = load_suites(spec_dir)
    if args.suite:
        unknown = [s for s in args.suite if s not in all_suites]
        if unknown:
            print("error: no suite %s in suites.yml (%s)" % (", ".join(unknown), ", ".join(all_suites)),
                  file=sys.stderr)
            return 2
        suites = [dict(all_suites[s], name=s) for s in args.suite]
    else:
        suites = [dict(all_suites["default"], name="default"),
                  # examples/* once, as the optimize-N suites run them (non-strict) but without their -O0.
                  {"name": "examples", "includes": ["examples/*"], "strict": False, "options": {}},
                  # sudoku/* is in no suite of suites.yml, so MiniZinc's harness never runs it; we do: its
                  # 16x16 puzzles written as 0/1 linear equations are what csp/flatzinc/detail/implied.hpp is for.
                  {"name": "sudoku", "includes": ["sudoku/*"], "strict": False, "options": {}}]
    several = bool(args.suite) and len(suites) > 1

    cases = collect(spec_dir, suites)
    if args.tests:
        def wanted(case):
            return any(fnmatch.fnmatch(case.id, p) or fnmatch.fnmatch(case.path, p) or case.id == p
                       or fnmatch.fnmatch(case.path, "*/" + p) for p in args.tests)
        cases = [c for c in cases if wanted(c)]
        if not cases:
            print("error: no test matches %s" % " ".join(args.tests), file=sys.stderr)
            return 2
    skips = read_skips()
    if args.list:
        for c in cases:
            reason = skips.get(c.id)
            print("%s%s" % (c.label(several), "  [skip: %s]" % reason if reason else ""))
        return 0
    known = {c.id for c in collect(spec_dir, suites)} if args.tests else {c.id for c in cases}
    stale = sorted(set(skips) - known)
    if stale:
        print("warning: %d entries of skips.txt are not tests of these suites (%s%s)"
              % (len(stale), ", ".join(stale[:3]), ", ..." if len(stale) > 3 else ""))

    workdir = tempfile.mkdtemp(prefix="csp-mzn-spec-")
    # The suite's paths are relative to libminizinc's tests/ folder (param-file: ./spec/unit/...).
    os.symlink(spec_dir, os.path.join(workdir, "spec"))
    runner = Runner(args, spec_dir, solver_args, env, workdir)

    def one(case):
        if case.load_error:
            return "FAIL", case.load_error, "runner limitation"
        auto = skip_category(case)
        if case.id in skips and not args.no_skip:
            return "skip", skips[case.id], None
        if auto is not None and not args.no_skip:
            return "FAIL", "%s, but not in skips.txt" % auto, "runner limitation"
        try:
            return runner.run(case)
        except Exception as e:  # a runner bug must show as a failure, never pass
            return "FAIL", "runner: %s: %s" % (type(e).__name__, e), "runner limitation"

    results = []
    try:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(one, c) for c in cases]
            for case, fut in zip(cases, futures):
                verdict, text, category = fut.result()
                results.append((case, verdict, text, category))
                if verdict == "FAIL":
                    print("FAIL  %s  [%s] %s" % (case.label(several), category, text), flush=True)
                else:
                    print("%-4s  %s  %s" % (verdict, case.label(several), text), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    passed = sum(1 for r in results if r[1] == "ok")
    failed = [r for r in results if r[1] == "FAIL"]
    skipped = sum(1 for r in results if r[1] == "skip")
    if failed:
        print("failed:")
        for case, _, text, category in failed:
            print("  %s  [%s]" % (case.label(several), category))
    print("total time: %.0f s (%d at once, %g s a test)" % (time.monotonic() - start, args.jobs, args.timeout))
    print("%d passed, %d failed, %d skipped" % (passed, len(failed), skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
