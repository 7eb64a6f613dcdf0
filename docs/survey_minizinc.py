#!/usr/bin/env python3
"""A wider check than compare_minizinc.sh (issue 31): the smallest instances of every problem of a MiniZinc
benchmarks checkout (github.com/MiniZinc/minizinc-benchmarks; not shipped here), each run by ours, Gecode and
Chuffed with the same time limit, one TSV line per instance.

  [CHUFFED_SOLVERS=DIR] docs/survey_minizinc.py --benchmarks DIR [--build BUILD] [--per N] [--limit S] [--free]
                          [--solvers ours,gecode,chuffed] [--ours-flags FLAGS]
                          [--out FILE [--resume]] [--list] [PROBLEM...]
  docs/survey_minizinc.py --summary FILE

Instances: for each problem folder (or only the PROBLEMs named), the N smallest data files (default 1) with the
folder's shallowest model, or the N smallest models when it has no data, skipping those of
../shared/data/minizinc/INSTANCES.tsv (compare_minizinc.sh runs them). --list prints them and runs nothing.
Solvers, one after the other, each with -t S*1000 (--limit, default 60 s; the wall clock is cut at 2*S+30 s, the
solver's process group killed): ours (`minizinc --solver csp`, MZN_SOLVER_PATH=BUILD/share/minizinc/solvers;
default build), Gecode (`gecode-fixed` through ../shared/tools/gecode-minizinc, native globals; `gecode -G std`
when that folder is absent) and, when the environment variable CHUFFED_SOLVERS names a folder holding
chuffed.msc, Chuffed (org.chuffed.chuffed); otherwise its columns are - and stderr says so once. Model search
annotations as given; --free passes -f (free search) to every solver. --solvers runs only those named (the
others' columns are -), --ours-flags passes FLAGS to fzn-csp (--fzn-flags), to compare our search options.
Output (--out FILE, default stdout): a header line, then per instance: instance, kind (from the model's solve
item, or from a file it includes beside it), for ours, Gecode and Chuffed status, objective, wall seconds and
nodes, then agree, the model, the data and the first errors. Status: OPT (optimum proved), SAT (a solution;
solved on a satisfaction model), UNSAT, UNKNOWN (nothing within the limit), ERROR, - (not run). agree: NO when
two answers contradict (OPT against UNSAT or SAT against UNSAT, two different proved optima, a solution better
than a proved optimum), else yes when two solvers solved it alike, else -.
An existing FILE is refused unless --resume, which appends to it and skips the instances (model and data)
already in it, so a long survey can run in pieces. At the end, and with --summary FILE for an existing TSV
(nothing run), a summary: instances, solved per solver (OPT, UNSAT, or SAT on a satisfaction model), errors,
disagreements, and the instances solved by Gecode or Chuffed but not ours, and by ours but not Chuffed."""
import argparse, os, re, signal, subprocess, sys, time, glob
here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument('--benchmarks')
ap.add_argument('--build', default=os.path.join(here, '..', 'build'))
ap.add_argument('--per', type=int, default=1)
ap.add_argument('--limit', type=int, default=60)
ap.add_argument('--free', action='store_true')
ap.add_argument('--out', default='-')
ap.add_argument('--resume', action='store_true')
ap.add_argument('--list', action='store_true')
ap.add_argument('--summary', metavar='FILE')
ap.add_argument('--solvers', default='ours,gecode,chuffed')
ap.add_argument('--ours-flags', default='')
ap.add_argument('problems', nargs='*')
args = ap.parse_args()
NAMES = ('ours', 'Gecode', 'Chuffed')
HEAD = ['instance', 'kind'] + [n + c for n in NAMES for c in ('', ' objective', ' s', ' nodes')] + \
    ['agree', 'model', 'data', 'error']
def solved(st, k): return st in ('OPT', 'UNSAT') or (st == 'SAT' and k == 'sat')
def read_tsv(path):
    rows = [l.rstrip('\n').split('\t') for l in open(path)] if os.path.exists(path) else []
    return [r for r in rows if len(r) == len(HEAD) and r[0] != 'instance']
def summary(rows, f):
    print('instances: %d' % len(rows), file=f)
    st = lambda r, i: r[2 + 4 * i]
    for i, n in enumerate(NAMES):
        ran = [r for r in rows if st(r, i) != '-']
        print('%s: %s' % (n, 'not run' if not ran else 'solved %d of %d, errors %d' % (
            sum(solved(st(r, i), r[1]) for r in ran), len(ran), sum(st(r, i) == 'ERROR' for r in ran))), file=f)
    no = [r[0] for r in rows if r[14] == 'NO']
    print('disagreements: %d%s' % (len(no), (' (' + ', '.join(no) + ')') if no else ''), file=f)
    def only(a, b, say):
        if not any(st(r, a) != '-' and st(r, b) != '-' for r in rows): return
        x = [r[0] for r in rows if solved(st(r, a), r[1]) and st(r, b) != '-' and not solved(st(r, b), r[1])]
        print('%s: %d%s' % (say, len(x), (' (' + ', '.join(x) + ')') if x else ''), file=f)
    only(1, 0, 'solved by Gecode, not by ours')
    only(2, 0, 'solved by Chuffed, not by ours')
    only(0, 2, 'solved by ours, not by Chuffed')
    both = [r for r in rows if st(r, 0) != '-' and st(r, 2) != '-']
    if both:
        a, b = (sum(solved(st(r, i), r[1]) for r in both) for i in (0, 2))
        print('issue 31, at least as many solved as Chuffed: ours %d, Chuffed %d: %s'
              % (a, b, 'met' if a >= b else 'NOT met'), file=f)
if args.summary:
    summary(read_tsv(args.summary), sys.stdout)
    sys.exit(0)
if not args.benchmarks: ap.error('--benchmarks DIR is needed (or --summary FILE)')
if args.resume and args.out == '-': ap.error('--resume needs --out FILE')
if not args.resume and not args.list and args.out != '-' and os.path.exists(args.out) and os.path.getsize(args.out):
    ap.error(args.out + ' exists: --resume to continue it, or remove it')
root = os.path.abspath(args.benchmarks)
build = os.path.abspath(args.build)
lim = args.limit
shared = os.path.join(here, '..', '..', 'shared')
gecode_solvers = os.path.join(shared, 'tools', 'gecode-minizinc', 'solvers')
chosen = args.solvers.lower().split(',')
if set(chosen) - {'ours', 'gecode', 'chuffed'}: ap.error('--solvers: a list of ours, gecode, chuffed')
solvers = [None, None, None]  # by NAMES; None: not run (its columns are -)
if 'ours' in chosen:
    solvers[0] = (['--solver', 'csp'] + (['--fzn-flags', args.ours_flags] if args.ours_flags else []),
                  os.path.join(build, 'share', 'minizinc', 'solvers'))
if 'gecode' in chosen:
    solvers[1] = ((['--solver', 'gecode-fixed'], os.path.abspath(gecode_solvers)) if os.path.isdir(gecode_solvers)
                  else (['--solver', 'gecode', '-G', 'std'], None))
chuffed = os.environ.get('CHUFFED_SOLVERS', '')
if 'chuffed' not in chosen: pass
elif chuffed and os.path.isfile(os.path.join(chuffed, 'chuffed.msc')):
    solvers[2] = (['--solver', 'org.chuffed.chuffed'], os.path.abspath(chuffed))
elif not args.list:
    print('Chuffed skipped: ' + ('no chuffed.msc in CHUFFED_SOLVERS=' + chuffed if chuffed
                                 else 'CHUFFED_SOLVERS is unset'), file=sys.stderr)
known = set()
tsv = os.path.join(shared, 'data', 'minizinc', 'INSTANCES.tsv')
if os.path.exists(tsv):
    for line in open(tsv):
        c = line.split('\t')
        if len(c) > 3: known.add((c[2], c[3]))
done = set((r[15], r[16]) for r in read_tsv(args.out)) if args.resume else set()
def kind(m, seen=None):
    """min, max or sat, from the model's solve item, or from a file it includes beside it (bacp's is in
    curriculum.mzn.model): read as sat, a finished optimisation would count as solved at the time limit."""
    seen = seen if seen is not None else set()
    seen.add(os.path.abspath(m))
    t = re.sub(r'%.*', '', open(m, errors='ignore').read())
    if re.search(r'solve[^;]*minimi[sz]e', t): return 'min'
    if re.search(r'solve[^;]*maximi[sz]e', t): return 'max'
    for inc in re.findall(r'include\s*"([^"]+)"', t):
        f = os.path.join(os.path.dirname(m), inc)
        if os.path.isfile(f) and os.path.abspath(f) not in seen:
            k = kind(f, seen)
            if k != 'sat': return k
    return 'sat'
def run(solver, m, d, k):
    s, path = solver
    env = dict(os.environ, MZN_SOLVER_PATH=path) if path else os.environ
    cmd = ['minizinc'] + s + (['-f'] if args.free else []) + \
        ['-s', '-t', str(lim * 1000), '--output-mode', 'dzn', '--output-objective', m] + ([d] if d else [])
    t0 = time.time()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         errors='replace', start_new_session=True)
    cut = False
    try:
        o, e = p.communicate(timeout=lim * 2 + 30)
    except subprocess.TimeoutExpired:
        cut = True
        os.killpg(p.pid, signal.SIGKILL)
        o, e = p.communicate()
    finally:
        try: os.killpg(p.pid, signal.SIGKILL)  # a solver minizinc left behind, or on Ctrl-C
        except ProcessLookupError: pass
    t = time.time() - t0
    nodes = re.findall(r'%%%mzn-stat: nodes=(\d+)', o)
    obj = re.findall(r'_objective = (-?\d+)', o)
    if '=====UNSATISFIABLE' in o: st = 'UNSAT'
    elif '=====ERROR' in o or ('----------' not in o and '=====UNKNOWN' not in o and not cut and
                                (p.returncode != 0 or re.search('error', e, re.I))): st = 'ERROR'
    elif '==========' in o: st = 'OPT' if k != 'sat' else 'SAT'
    elif '----------' in o: st = 'SAT'
    else: st = 'UNKNOWN'
    err = 'killed at %d s' % (lim * 2 + 30) if cut else ''
    if st == 'ERROR':
        lines = [l for l in (e + o).splitlines() if re.search('error|not supported', l, re.I)]
        err = ' '.join((lines[0] if lines else e + o).split())[:200]
    return st, (obj[-1] if obj else '-'), '%.2f' % t, (nodes[-1] if nodes else '-'), err
def better(k, a, b): return (a < b) if k == 'min' else (a > b)
def compare(k, a, b):
    """yes, NO or - for two answers (status, objective) on a model of kind k."""
    if {a[0], b[0]} & {'ERROR', 'UNKNOWN', '-'}: return '-'
    if 'UNSAT' in (a[0], b[0]): return 'yes' if a[0] == b[0] else 'NO'
    if a[0] == b[0] == 'OPT': return 'yes' if a[1] == b[1] else 'NO'
    if k != 'sat' and '-' not in (a[1], b[1]) and \
            any(x[0] == 'OPT' and better(k, int(y[1]), int(x[1])) for x, y in ((a, b), (b, a))):
        return 'NO'  # a solution better than a proved optimum
    return 'yes' if k == 'sat' else '-'
insts = []
for prob in sorted(os.listdir(root)):
    pd = os.path.join(root, prob)
    if not os.path.isdir(pd) or prob.startswith('.') or (args.problems and prob not in args.problems): continue
    models = sorted(glob.glob(pd + '/**/*.mzn', recursive=True))
    datas = sorted(glob.glob(pd + '/**/*.dzn', recursive=True) + glob.glob(pd + '/**/*.json', recursive=True))
    if not models: continue
    if datas:
        m = min(models, key=lambda x: (x.count('/'), len(x)))
        cands = [(m, d) for d in sorted(datas, key=os.path.getsize)]
    else:
        cands = [(m, None) for m in sorted(models, key=os.path.getsize)]
    cands = [(m, d, (os.path.relpath(m, root), os.path.relpath(d, root) if d else '-')) for m, d in cands]
    for m, d, rel in [c for c in cands if c[2] not in known][:args.per]:
        if rel not in done: insts.append((prob + ':' + os.path.basename(d or m), kind(m), m, d, rel))
if args.list:
    for name, k, m, d, rel in insts: print('\t'.join([name, k, *rel]))
    sys.exit(0)
print('%d instances (%d done before), %d s each, %s%s' % (len(insts), len(done), lim,
      ', '.join(' '.join(s[0]) for s in solvers if s), ', free search (-f)' if args.free else ''), file=sys.stderr)
f = sys.stdout if args.out == '-' else open(args.out, 'a')
if f is sys.stdout or f.tell() == 0: print('\t'.join(HEAD), file=f, flush=True)
elif open(args.out).read()[-1:] != '\n': print(file=f)  # a line cut by a kill
rows = []
for i, (name, k, m, d, rel) in enumerate(insts):
    if f is not sys.stdout: print('[%d/%d] %s' % (i + 1, len(insts), name), file=sys.stderr, flush=True)
    res = [run(s, m, d, k) if s else ('-', '-', '-', '-', '') for s in solvers]
    pairs = [compare(k, a[:2], b[:2]) for j, a in enumerate(res) for b in res[j + 1:]]
    agree = 'NO' if 'NO' in pairs else 'yes' if 'yes' in pairs else '-'
    errs = '; '.join(n + ': ' + r[4] for n, r in zip(NAMES, res) if r[4])
    rows.append([name, k, *[c for r in res for c in r[:4]], agree, *rel, errs or '-'])
    print('\t'.join(rows[-1]), file=f, flush=True)
if f is not sys.stdout:
    f.close()
    rows = read_tsv(args.out)  # with the lines of earlier runs (--resume)
summary(rows, sys.stderr)
