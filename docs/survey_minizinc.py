#!/usr/bin/env python3
"""A wider check than compare_minizinc.sh: the smallest instances of every problem of a MiniZinc benchmarks
checkout (github.com/MiniZinc/minizinc-benchmarks; not shipped here), Gecode first, then ours on each instance Gecode
solves (or fails on), one TSV line per instance.

  docs/survey_minizinc.py --benchmarks DIR [--build BUILD] [--per N] [--gecode-limit S] [--limit S]
                          [--out FILE] [PROBLEM...]

Instances: for each problem folder, the N smallest data files (or models without data), skipping those of
../shared/data/minizinc/INSTANCES.tsv. Gecode runs through ../shared/tools/gecode-minizinc (native globals) with
--gecode-limit seconds (default 10); ours with --limit (default 20). Columns: instance, kind (from the model's
solve item; a solve item in an included file reads as sat), Gecode's status, objective, wall seconds, nodes, then
ours, then whether the answers agree (yes, NO, - when not both solved), the model, the data, and the first error.
Status: OPT (optimum proved), SAT (a solution: solved, on a satisfaction model), UNSAT, UNKNOWN, ERROR."""
import argparse, os, re, subprocess, sys, time, glob
here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument('--benchmarks', required=True)
ap.add_argument('--build', default=os.path.join(here, '..', 'build'))
ap.add_argument('--per', type=int, default=2)
ap.add_argument('--gecode-limit', type=int, default=10)
ap.add_argument('--limit', type=int, default=20)
ap.add_argument('--out', default='-')
ap.add_argument('problems', nargs='*')
args = ap.parse_args()
root = os.path.abspath(args.benchmarks)
build = os.path.abspath(args.build)
per, glim, olim, only = args.per, args.gecode_limit, args.limit, args.problems
shared = os.path.join(here, '..', '..', 'shared')
gecode_solvers = os.path.join(shared, 'tools', 'gecode-minizinc', 'solvers')
known = set()
tsv = os.path.join(shared, 'data', 'minizinc', 'INSTANCES.tsv')
if os.path.exists(tsv):
    for line in open(tsv):
        f = line.split('\t')
        if len(f) > 3: known.add((f[2], f[3]))
def kind(m):
    t = open(m, errors='ignore').read()
    t = re.sub(r'%.*', '', t)
    if re.search(r'solve[^;]*minimi[sz]e', t): return 'min'
    if re.search(r'solve[^;]*maximi[sz]e', t): return 'max'
    return 'sat'
def run(who, m, d, lim):
    if who == 'gecode':
        env = dict(os.environ, MZN_SOLVER_PATH=gecode_solvers); s = ['--solver', 'gecode-fixed']
    else:
        env = dict(os.environ, MZN_SOLVER_PATH=build + '/share/minizinc/solvers'); s = ['--solver', 'csp']
    cmd = ['minizinc'] + s + ['-s', '-t', str(lim * 1000), '--output-mode', 'dzn', '--output-objective', m] + ([d] if d else [])
    t0 = time.time()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=lim * 2 + 30)
        o, e = p.stdout, p.stderr
    except subprocess.TimeoutExpired as x:
        o, e = (x.stdout or b'').decode() if isinstance(x.stdout, bytes) else (x.stdout or ''), 'wall timeout'
    t = time.time() - t0
    nodes = re.findall(r'%%%mzn-stat: nodes=(\d+)', o)
    obj = re.findall(r'_objective = (-?\d+)', o)
    if '=====UNSATISFIABLE' in o: st = 'UNSAT'
    elif '=====ERROR' in o or ('----------' not in o and '=====UNKNOWN' not in o and e.strip() and 'wall timeout' not in e): st = 'ERROR'
    elif '==========' in o: st = 'OPT' if kind(m) != 'sat' else 'SAT'
    elif '----------' in o: st = 'SAT'
    else: st = 'UNKNOWN'
    err = ''
    if st == 'ERROR': err = ' '.join((e + o).split())[:200]
    return st, (obj[-1] if obj else '-'), '%.2f' % t, (nodes[-1] if nodes else '-'), err
def solved(st, k): return st in ('OPT', 'UNSAT') or (st == 'SAT' and k == 'sat')
rows = []
with (sys.stdout if args.out == '-' else open(args.out, 'a')) as f:
    for prob in sorted(os.listdir(root)):
        pd = os.path.join(root, prob)
        if not os.path.isdir(pd) or prob.startswith('.') or (only and prob not in only): continue
        models = sorted(glob.glob(pd + '/**/*.mzn', recursive=True))
        datas = sorted(glob.glob(pd + '/**/*.dzn', recursive=True) + glob.glob(pd + '/**/*.json', recursive=True))
        if not models: continue
        insts = []
        if datas:
            m = min(models, key=lambda x: (x.count('/'), len(x)))
            for d in sorted(datas, key=os.path.getsize):
                rel = (os.path.relpath(m, root), os.path.relpath(d, root))
                if rel in known: continue
                insts.append((m, d))
                if len(insts) >= per: break
        else:
            for m in sorted(models, key=os.path.getsize):
                if (os.path.relpath(m, root), '-') in known: continue
                insts.append((m, None))
                if len(insts) >= per: break
        for m, d in insts:
            k = kind(m)
            name = prob + ':' + os.path.basename(d or m)
            g = run('gecode', m, d, glim)
            if solved(g[0], k) or g[0] == 'ERROR':
                o = run('ours', m, d, olim)
            else:
                o = ('-', '-', '-', '-', '')
            agree = '-'
            if solved(g[0], k) and solved(o[0], k):
                agree = 'yes' if (g[0] == o[0] and (g[0] != 'OPT' or g[1] == o[1])) or (k == 'sat' and g[0] == o[0]) else 'NO'
            line = '\t'.join([name, k, *g[:4], *o[:4], agree, os.path.relpath(m, root), os.path.relpath(d, root) if d else '-', (g[4] + ' | ' + o[4]).strip(' |')])
            print(line, file=f, flush=True)
