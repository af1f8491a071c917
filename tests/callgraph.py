#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The file-level call graph of kbug's C files (collector/, probes/), from
`nm` on a build's object files: a file calls another when it uses (U, or
w for a weak reference) a global symbol the other defines.

    callgraph.py [--tap] [--strict] [BUILD_DIR]     (default: build)

Prints, for each file, the files it calls; then the same between the
directories (collector/util, collector/route, collector/analyze,
collector/deliver, probes, collector top level); then every cycle between
directories, with the calls that close it; the cycles between files
(information); and the global symbols without the project's prefix
(information; the prefixes are PREFIXES below).

Exit status: 1 when a directory cycle is found (CALLGRAPH_STRICT=0 only
reports it), a file lies in a directory that is no layer, or a global
symbol has no project prefix (PREFIXES), else 0; 2 when there are no object files to read.
--tap prints the same as TAP comments after the tests (tests/t7004-callgraph.sh).
"""

import os
import subprocess
import sys

# Directories whose files are the nodes; the order is the one printed.
DIRS = ["collector", "collector/analyze", "collector/route", "collector/deliver", "probes",
        "collector/core", "collector/util"]

# Global names kbug may define without "kbug_": the short per-module
# prefixes, each with where it is used. A name outside these is listed.
PREFIXES = {
    "kbug_": "the project",
    "kb_": "analyze/ (the scanner's internal interface, analyze/internal.h)",
    "kj_": "util/json.h (the JSON helpers)",
    "gm_": "route/ (get_maintainer.pl's algorithm)",
    "pl_": "route/perlish.c (Perl's string semantics that get_maintainer.pl relies on)",
    "strbuf_": "util/strbuf.h (git's strbuf API, under git's names)",
    "main": "collector/kbug.c",
}


def objects(build):
    """(source path, object path) of every object under BUILD for DIRS
    whose source is still in the tree (a moved or deleted file's object
    stays in the build directory until `make clean`)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = []
    for top in ("collector", "probes"):
        for root, _, files in os.walk(os.path.join(build, top)):
            for f in files:
                if f.endswith(".o"):
                    obj = os.path.join(root, f)
                    src = os.path.relpath(obj, build)[:-2] + ".c"
                    if os.path.exists(os.path.join(here, src)):
                        out.append((src, obj))
    return sorted(out)


def directory(src):
    d = os.path.dirname(src)
    return d if d in DIRS else None


def symbols(obj):
    """(defined globals, used symbols) of one object, from nm -P."""
    res = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True)
    defined, used = set(), set()
    for line in res.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind in ("U", "w", "v"):
            used.add(name)
        elif kind in ("T", "D", "B", "R", "C", "V", "W", "G", "S", "i"):
            defined.add(name)
    return defined, used


def sccs(nodes, edges):
    """Tarjan's strongly connected components with more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
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

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(out)


def cycle_in(comp, edges):
    """One shortest cycle through the first node of a component."""
    start = comp[0]
    members = set(comp)
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(edges.get(v, ())):
            if w not in members:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return comp


def simple_cycles(nodes, edges):
    """Every elementary cycle (few nodes: the directories), each once,
    starting at its smallest node in the order of NODES."""
    order = {n: i for i, n in enumerate(nodes)}
    out = []

    def walk(start, v, path):
        for w in sorted(edges.get(v, ()), key=order.get):
            if w == start:
                out.append(path + [start])
            elif order[w] > order[start] and w not in path:
                walk(start, w, path + [w])

    for n in nodes:
        walk(n, n, [n])
    return sorted(out, key=lambda c: (len(c), [order[n] for n in c]))


def main(argv):
    tap = "--tap" in argv
    strict = "--strict" in argv or os.environ.get("CALLGRAPH_STRICT", "1") != "0"
    args = [a for a in argv if not a.startswith("--")]
    build = args[0] if args else "build"
    objs = [(s, o) for s, o in objects(build) if directory(s)]
    unknown = sorted({os.path.dirname(s) for s, o in objects(build) if not directory(s)})
    if not objs:
        print("callgraph: no object files for collector/ and probes/ under %s/ "
              "(make kbug first)" % build, file=sys.stderr)
        return 2
    definer, uses, defs = {}, {}, {}
    for src, obj in objs:
        d, u = symbols(obj)
        defs[src], uses[src] = d, u
        for name in d:
            definer.setdefault(name, src)
    calls = {src: set() for src, _ in objs}
    why = {}
    for src in calls:
        for name in uses[src]:
            other = definer.get(name)
            if other and other != src:
                calls[src].add(other)
                why.setdefault((src, other), []).append(name)
    dcalls = {d: set() for d in DIRS}
    dwhy = {}
    for src, callees in calls.items():
        for other in callees:
            a, b = directory(src), directory(other)
            if a != b:
                dcalls[a].add(b)
                dwhy.setdefault((a, b), []).append((src, other))

    lines = []
    lines.append("file-level call graph (%d files, from nm on %s/):" % (len(calls), build))
    for src in sorted(calls):
        lines.append("  %s: %s" % (src, " ".join(sorted(calls[src])) or "-"))
    lines.append("directory-level call graph:")
    for d in DIRS:
        lines.append("  %s: %s" % (d or ".", " ".join(sorted(dcalls[d])) or "-"))

    dcycles = simple_cycles(DIRS, dcalls)
    lines.append("directory cycles: %d" % len(dcycles))
    for cyc in dcycles:
        lines.append("  " + " -> ".join(cyc))
    shown = set()
    if dcycles:
        lines.append("the calls that make them:")
    for cyc in dcycles:
        for a, b in zip(cyc, cyc[1:]):
            if (a, b) in shown:
                continue
            shown.add((a, b))
            lines.append("  %s -> %s:" % (a, b))
            for src, other in sorted(dwhy[(a, b)]):
                names = sorted(why[(src, other)])
                lines.append("    %s -> %s (%s)" % (src, other, ", ".join(names[:4]) +
                                                    (", ..." if len(names) > 4 else "")))
    fcycles = sccs(list(calls), calls)
    lines.append("file cycles (information): %d" % len(fcycles))
    for comp in fcycles:
        lines.append("  " + " -> ".join(cycle_in(comp, calls)) +
                     ("   (component of %d files)" % len(comp) if len(comp) > 2 else ""))
    bare = []
    for src in sorted(defs):
        for name in sorted(defs[src]):
            if not any(name.startswith(p) for p in PREFIXES):
                bare.append("%s: %s" % (src, name))
    lines.append("globals without a project prefix (prefixes %s): %d" %
                 (" ".join(sorted(PREFIXES)), len(bare)))
    lines.extend("  " + b for b in bare)

    if unknown:
        lines.append("directories that are no layer in DIRS (tests/callgraph.py): "
                     + " ".join(unknown))
    failing = (strict and dcycles) or unknown or bare
    if tap:
        print("ok 1 - the call graph of %d files, from nm on %s/" % (len(calls), build))
        desc = "no cycle between directories"
        if unknown:
            print("not ok 2 - every directory is a layer: %s is not" % " ".join(unknown))
        elif not dcycles:
            print("ok 2 - " + desc)
        elif strict:
            print("not ok 2 - %s: %d found" % (desc, len(dcycles)))
        else:
            print("ok 2 - %s: %d found, reported only (CALLGRAPH_STRICT=0)"
                  % (desc, len(dcycles)))
        if bare:
            print("not ok 3 - every global has the project's prefix: %d without" % len(bare))
        else:
            print("ok 3 - every global has the project's prefix")
        for line in lines:
            print("# " + line)
        print("1..3")
    else:
        print("\n".join(lines))
        if dcycles and not strict:
            print("(directory cycles are reported only: CALLGRAPH_STRICT=0)")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
