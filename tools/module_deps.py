#!/usr/bin/env python3
"""Module and file dependencies of every crate under crates/ (each directory with a src/)
and the cycles between them. Exit 1 when there is a cycle.

For each crate it prints:
  - the top-level modules' dependencies (a file's edges to files of other top-level
    modules; the crate root, lib.rs or main.rs, is left out) and their cycles; for sim
    this is the list ARCHITECTURE.md's code map shows;
  - the file graph (one line per file) and its cycles.

The file graph follows the rules of crates/app/tests/architecture.rs, which fails the
build on a cycle (this script is its readable twin): a node is a .rs file under src/; an
edge goes from file F to the deepest module *file* a path written in F names
(`crate::squad::agent::Agent` -> squad/agent.rs, `crate::squad::Squad` -> squad/mod.rs,
`crate::Effects` -> lib.rs). `super`/`self` are relative to the module the path is
written in (inside an inline `mod tests { use super::*; }` that is F itself: no edge);
each branch of a `use a::{b::C, d}` group counts; a first segment that is a module in
scope (a child module, a `use` of a module, a glob import's module) is followed; `mod x;`
and `pub(in path)` are no edges; comments, strings and character literals are skipped;
test modules count like any other code; self-edges are dropped.

    python3 tools/module_deps.py            # every crate
    python3 tools/module_deps.py sim view   # some crates
    python3 tools/module_deps.py --why sim  # each file edge with the line that makes it
"""
import os, re, sys
from collections import deque

WORKSPACE = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

# ------------------------------------------------------------------ lexer

IDENT = 'I'
SEP = '::'


def is_ident_start(ch):
    return ch.isalpha() or ch == '_'


def is_ident_char(ch):
    return ch.isalnum() or ch == '_'


def skip_string(c, i):
    n = len(c)
    while i < n:
        if c[i] == '\\':
            i += 2
        elif c[i] == '"':
            return i + 1
        else:
            i += 1
    return n


def skip_raw_string(c, i, hashes):
    n = len(c)
    while i < n:
        if c[i] == '"' and c[i + 1:i + 1 + hashes] == '#' * hashes:
            return i + 1 + hashes
        i += 1
    return n


def skip_quote(c, i):
    a = c[i + 1] if i + 1 < len(c) else None
    b = c[i + 2] if i + 2 < len(c) else None
    if a == '\\':
        j = i + 3
        while j < len(c) and c[j] != "'":
            j += 1
        return j + 1
    if a is not None and b == "'":
        return i + 3
    return i + 1


def lex(c):
    """(kind, value, line) tokens: identifiers, `::` and punctuation, without comments,
    strings, characters, lifetimes and numbers."""
    n = len(c)
    out = []
    i = 0
    line = 1

    def advance(to):
        nonlocal i, line
        line += c.count('\n', i, to)
        i = to

    while i < n:
        ch = c[i]
        nxt = c[i + 1] if i + 1 < n else None
        if ch.isspace():
            advance(i + 1)
        elif ch == '/' and nxt == '/':
            j = c.find('\n', i)
            advance(n if j < 0 else j)
        elif ch == '/' and nxt == '*':
            depth = 0
            j = i
            while j < n:
                if c.startswith('/*', j):
                    depth += 1
                    j += 2
                elif c.startswith('*/', j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            advance(j)
        elif ch == '"':
            advance(skip_string(c, i + 1))
        elif ch == "'":
            advance(skip_quote(c, i))
        elif is_ident_start(ch):
            j = i
            while j < n and is_ident_char(c[j]):
                j += 1
            word = c[i:j]
            hashes = 0
            while j + hashes < n and c[j + hashes] == '#':
                hashes += 1
            after = c[j + hashes] if j + hashes < n else None
            if word in ('r', 'br', 'cr') and after == '"':
                advance(skip_raw_string(c, j + hashes + 1, hashes))
            elif word == 'r' and hashes == 1 and after is not None and is_ident_start(after):
                s = j + 1
                k = s
                while k < n and is_ident_char(c[k]):
                    k += 1
                out.append((IDENT, c[s:k], line))
                advance(k)
            elif word in ('b', 'c') and j < n and c[j] == '"':
                advance(skip_string(c, j + 1))
            elif word == 'b' and j < n and c[j] == "'":
                advance(skip_quote(c, j))
            else:
                out.append((IDENT, word, line))
                advance(j)
        elif ch.isdigit():
            j = i
            while j < n and is_ident_char(c[j]):
                j += 1
            advance(j)
        elif ch == ':' and nxt == ':':
            out.append((SEP, SEP, line))
            advance(i + 2)
        else:
            out.append(('P', ch, line))
            advance(i + 1)
    return out


# ------------------------------------------------------------------ parser

def ident(t, i):
    return t[i][1] if i < len(t) and t[i][0] == IDENT else None


def punct(t, i, ch):
    return i < len(t) and t[i][0] == 'P' and t[i][1] == ch


def sep(t, i):
    return i < len(t) and t[i][0] == SEP


def use_tree(t, i, prefix, out):
    """One use tree from i under prefix; leaves are (path, binding, glob)."""
    path = list(prefix)
    if sep(t, i):
        path.append('::')
        i += 1
    while True:
        name = ident(t, i)
        if name is not None:
            path.append(name)
            i += 1
            if sep(t, i):
                i += 1
                continue
            if len(path) > 1 and path[-1] == 'self':
                path.pop()
            binding = path[-1]
            if ident(t, i) == 'as':
                b = ident(t, i + 1)
                binding = b if b not in (None, '_') else None
                i += 2
            out.append((path, binding, False))
            return i
        if punct(t, i, '*'):
            out.append((path, None, True))
            return i + 1
        if punct(t, i, '{'):
            i += 1
            while i < len(t):
                if punct(t, i, '}'):
                    return i + 1
                if punct(t, i, ','):
                    i += 1
                    continue
                j = use_tree(t, i, path, out)
                i = i + 1 if j == i else j
            return i
        return i


def parse(text, module):
    """scopes: module path -> {'uses': [(name, path)], 'globs': [path]};
    paths: [(module path, segments, line)]."""
    t = lex(text)
    scopes = {module: {'uses': [], 'globs': []}}
    paths = []
    stack = [(module, 0)]
    depth = 0
    i = 0
    while i < len(t):
        cur = stack[-1][0]
        kind, val, line = t[i]
        if kind == 'P' and val == '{':
            depth += 1
            i += 1
        elif kind == 'P' and val == '}':
            depth = max(depth - 1, 0)
            if len(stack) > 1 and stack[-1][1] == depth:
                stack.pop()
            i += 1
        elif kind == IDENT and val == 'mod':
            name = ident(t, i + 1)
            if name is not None and punct(t, i + 2, '{'):
                inner = cur + (name,)
                scopes.setdefault(inner, {'uses': [], 'globs': []})
                stack.append((inner, depth))
                depth += 1
                i += 3
            else:
                i += 2  # `mod x;` declares a module: no edge
        elif kind == IDENT and val == 'use':
            leaves = []
            i = use_tree(t, i + 1, [], leaves)
            while i < len(t) and not punct(t, i, ';'):
                i += 1
            for path, binding, glob in leaves:
                if glob:
                    scopes[cur]['globs'].append(path)
                elif binding is not None:
                    scopes[cur]['uses'].append((binding, path))
                paths.append((cur, path, line))
        elif kind == IDENT and val == 'pub' and punct(t, i + 1, '(') and ident(t, i + 2) == 'in':
            while i < len(t) and not punct(t, i, ')'):
                i += 1
        elif kind == IDENT and (i == 0 or t[i - 1][0] != SEP):
            segs = [val]
            j = i
            while sep(t, j + 1) and ident(t, j + 2) is not None:
                segs.append(ident(t, j + 2))
                j += 2
            if len(segs) >= 2:
                paths.append((cur, segs, line))
            i = j + 1
        else:
            i += 1
    return scopes, paths


# ------------------------------------------------------------------ resolver

MAX_DEPTH = 16
BUSY = object()


def module_of(f, has_lib):
    if f == 'main.rs':
        return ('#main',)
    if f == 'lib.rs':
        parts = ()
    else:
        stem = f[:-3]
        if stem.endswith('/mod'):
            stem = stem[:-4]
        parts = tuple(stem.split('/'))
    if not has_lib and f != 'lib.rs':
        parts = ('#main',) + parts
    return parts


class Resolver:
    def __init__(self, lib_name, modules, scopes):
        self.lib_name = lib_name
        self.modules = modules
        self.scopes = scopes
        self.memo = {}
        self.went_round = False

    @staticmethod
    def root_of(m):
        return (m[0],) if m and m[0].startswith('#') else ()

    def parent(self, m):
        if m == self.root_of(m):
            return None
        return m[:-1]

    def lookup(self, scope, name, depth):
        if depth > MAX_DEPTH:
            return None
        key = (scope, name)
        known = self.memo.get(key)
        if known is BUSY:
            self.went_round = True
            return None
        if key in self.memo:
            return known
        outer = self.went_round
        self.went_round = False
        self.memo[key] = BUSY
        found = self.lookup_uncached(scope, name, depth)
        if self.went_round:
            del self.memo[key]
        else:
            self.memo[key] = found
        self.went_round = outer or self.went_round
        return found

    def lookup_uncached(self, scope, name, depth):
        if name == 'crate':
            return self.root_of(scope)
        if name == 'self':
            return scope
        if name == 'super':
            return self.parent(scope)
        child = scope + (name,)
        if child in self.modules:
            return child
        s = self.scopes.get(scope)
        if s:
            for b, target in s['uses']:
                if b == name:
                    m = self.resolve_module(scope, target, depth + 1)
                    if m is not None:
                        return m
            for g in s['globs']:
                m = self.resolve_module(scope, g, depth + 1)
                if m is not None and m != scope:
                    x = self.lookup(m, name, depth + 1)
                    if x is not None:
                        return x
        if name == self.lib_name and self.root_of(scope):
            return ()
        return None

    def step(self, m, seg, depth):
        if seg == 'super':
            return self.parent(m)
        if seg == 'self':
            return m
        if seg == 'crate':
            return None
        return self.lookup(m, seg, depth)

    def resolve_module(self, scope, segs, depth):
        if not segs:
            return None
        m = self.lookup(scope, segs[0], depth)
        for s in segs[1:]:
            if m is None:
                return None
            m = self.step(m, s, depth)
        return m

    def deepest(self, scope, segs):
        m = self.lookup(scope, segs[0], 0)
        if m is None:
            return None
        for s in segs[1:]:
            x = self.step(m, s, 0)
            if x is None:
                break
            m = x
        return m


def file_graph(sources, lib_name):
    """sources: file -> text. Returns (graph: file -> set of files, why: (f, g) -> (line, path))."""
    has_lib = 'lib.rs' in sources
    parsed = {f: parse(text, module_of(f, has_lib)) for f, text in sorted(sources.items())}
    modules, scopes = {}, {}
    for f, (sc, _) in parsed.items():
        modules[module_of(f, has_lib)] = f
        for m, s in sc.items():
            modules.setdefault(m, f)
            scopes[m] = s
    r = Resolver(lib_name, modules, scopes)
    graph, why = {}, {}
    for f, (_, paths) in parsed.items():
        out = graph.setdefault(f, set())
        for scope, segs, line in paths:
            m = r.deepest(scope, segs)
            if m is None:
                continue
            g = modules[m]
            if g != f:
                out.add(g)
                why.setdefault((f, g), (line, '::'.join(segs)))
    return graph, why


# ------------------------------------------------------------------ cycles

def components(g):
    """Strongly connected components with more than one node, each sorted, in order."""
    sys.setrecursionlimit(10000)
    index, low, stack, on, out = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in g:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            strong(v)
    return sorted(out)


def shortest_path(g, within, frm, to):
    prev = {}
    queue = deque([frm])
    seen = {frm}
    while queue:
        v = queue.popleft()
        if v == to:
            path = [to]
            while path[-1] != frm:
                path.append(prev[path[-1]])
            return path[::-1]
        for w in sorted(g.get(v, ())):
            if w in within and w not in seen:
                seen.add(w)
                prev[w] = v
                queue.append(w)
    return None


def cycles(g):
    """Per strongly connected component, the shortest cycle through each edge inside it
    that no cycle reported before went along; each as 'a -> b -> a' from its smallest node."""
    out = []
    for comp in components(g):
        within = set(comp)
        covered = set()
        for u in comp:
            for v in sorted(g.get(u, ())):
                if v not in within or (u, v) in covered:
                    continue
                cycle = [u] + shortest_path(g, within, v, u)
                covered.update(zip(cycle, cycle[1:]))
                cycle.pop()
                k = min(range(len(cycle)), key=lambda k: cycle[k])
                cycle = cycle[k:] + cycle[:k]
                cycle.append(cycle[0])
                out.append(' -> '.join(cycle))
    return out


# ------------------------------------------------------------------ the workspace

def package_name(crate_dir):
    section = None
    for raw in open(os.path.join(crate_dir, 'Cargo.toml')):
        line = raw.split('#')[0].strip()
        if line.startswith('['):
            section = line.strip('[]').strip()
        elif section == 'package' and line.startswith('name'):
            m = re.search(r'"([^"]*)"', line)
            if m:
                return m.group(1)
    return os.path.basename(crate_dir)


def crate_sources(crate_dir):
    src = os.path.join(crate_dir, 'src')
    out = {}
    for dirpath, dirnames, files in os.walk(src):
        dirnames.sort()
        for fn in sorted(files):
            if fn.endswith('.rs'):
                p = os.path.join(dirpath, fn)
                rel = os.path.relpath(p, src).replace(os.sep, '/')
                with open(p, encoding='utf-8') as fh:
                    out[rel] = fh.read()
    return out


def top_of(f):
    """The top-level module of a file, None for a crate root."""
    if f in ('lib.rs', 'main.rs'):
        return None
    return f.split('/')[0].removesuffix('.rs')


def main(argv):
    why_flag = '--why' in argv
    wanted = [a for a in argv if not a.startswith('--')]
    crates_dir = os.path.join(WORKSPACE, 'crates')
    names = sorted(d for d in os.listdir(crates_dir)
                   if os.path.isdir(os.path.join(crates_dir, d, 'src')))
    if wanted:
        unknown = [w for w in wanted if w not in names]
        if unknown:
            print(f"no such crate: {', '.join(unknown)} (crates: {', '.join(names)})")
            return 2
        names = [n for n in names if n in wanted]
    any_cycle = False
    for name in names:
        d = os.path.join(crates_dir, name)
        sources = crate_sources(d)
        graph, why = file_graph(sources, package_name(d).replace('-', '_'))
        print(f"== {name}: modules")
        deps = {}
        for f, to in graph.items():
            top = top_of(f)
            if top is None:
                continue
            deps.setdefault(top, set())
            for g in to:
                other = top_of(g)
                if other is not None and other != top:
                    deps[top].add(other)
        for k in sorted(deps):
            print(f"{k:8} -> {', '.join(sorted(deps[k])) or '-'}")
        mod_cycles = cycles(deps)
        if mod_cycles:
            any_cycle = True
            print("cycles:")
            for c in mod_cycles:
                print(f"  {c}")
        else:
            print("no cycles")
        edges = sum(len(v) for v in graph.values())
        print(f"== {name}: files ({len(graph)} files, {edges} edges)")
        width = max(len(f) for f in graph)
        for f in sorted(graph):
            if why_flag:
                print(f"{f}")
                for g in sorted(graph[f]):
                    line, path = why[(f, g)]
                    print(f"    -> {g:{width}}  {f}:{line}: {path}")
            else:
                print(f"{f:{width}} -> {', '.join(sorted(graph[f])) or '-'}")
        file_cycles = cycles(graph)
        if file_cycles:
            any_cycle = True
            print(f"cycles ({len(file_cycles)}, in {len(components(graph))} groups):")
            for c in file_cycles:
                print(f"  {c}")
        else:
            print("no cycles")
    return 1 if any_cycle else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
