#!/usr/bin/python3
# Drops the time columns (puzzles_per_s, us_p50, us_p99) of `sudoku bench --format csv`.
import csv,sys
r=csv.reader(sys.stdin); w=csv.writer(sys.stdout)
h=next(r); drop={i for i,c in enumerate(h) if c in('puzzles_per_s','us_p50','us_p99')}
for row in [h]+list(r): w.writerow([c for i,c in enumerate(row) if i not in drop])
