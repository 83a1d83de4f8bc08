#!/usr/bin/env python3
"""Top-level module dependencies of crates/sim/src (every `crate::X` use outside comments,
test modules included) and the cycles between them. Exit 1 when there is a cycle."""
import os, re, sys, itertools

root = os.path.join(os.path.dirname(__file__), '..', 'crates', 'sim', 'src')
deps = {}
for dirpath, _, files in os.walk(root):
    for fn in files:
        if not fn.endswith('.rs'):
            continue
        rel = os.path.relpath(os.path.join(dirpath, fn), root)
        top = rel.split(os.sep)[0].removesuffix('.rs')
        if top == 'lib':
            continue
        for line in open(os.path.join(dirpath, fn)):
            code = line.split('//')[0]
            for m in re.finditer(r'\bcrate::(\w+)', code):
                if m.group(1) != top:
                    deps.setdefault(top, set()).add(m.group(1))
        deps.setdefault(top, set())
for k in sorted(deps):
    print(f"{k:8} -> {', '.join(sorted(deps[k])) or '-'}")
# cycles: strongly connected components
index, low, stack, on, sccs = {}, {}, [], set(), []
counter = itertools.count()
def strong(v):
    index[v] = low[v] = next(counter); stack.append(v); on.add(v)
    for w in deps.get(v, ()):
        if w not in deps: continue
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(sorted(comp))
for v in sorted(deps):
    if v not in index: strong(v)
if sccs:
    print("cycles:", sccs); sys.exit(1)
print("no cycles")
