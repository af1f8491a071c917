#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Score kbug analyze on the real users' logs in tests/corpus/real/cases/.

Each case is a header block (URL:, SPLIT:, SOURCE:, CAUSE:, DIR:, FILE:, FUNC:,
MODULE:, TITLE:, EVIDENCE:), one blank line, then the log as the user posted it
(tests/corpus/real/README.md). For every case this runs
`kbug analyze --json --no-text` on the log part, takes the first report, and
counts: recognized (a report at all), dir right (guilty file or directory within
DIR; for DIR out-of-tree: out_of_tree and guilty_module == MODULE), file right
(guilty_file == FILE, where FILE is given), title right (title == TITLE, where
TITLE is given). Figures are printed per split (dev, check), per CAUSE and for
all cases.

A case whose ID (file name) is not sha256(URL)[:12], whose SPLIT is not the one
the URL's hash decides, or whose header is malformed is an error: the exit
status is 1. --floor SPLIT.METRIC=N (a count) or =N% (a percentage) makes a
figure below N an error too (METRIC: recognized, dir, file, title).

Exit: 0 all well; 1 a malformed case, a wrong split, a floor not met or kbug
failing on a case; 2 bad usage.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
import sys

CAUSES = ("helper-frame", "path", "no-fileline", "partial", "driver-failure",
          "out-of-tree", "new-kind", "plain")
KEYS = ("URL", "SPLIT", "SOURCE", "CAUSE", "DIR", "FILE", "FUNC", "MODULE",
        "TITLE", "EVIDENCE")
REQUIRED = ("URL", "SPLIT", "SOURCE", "CAUSE", "DIR", "EVIDENCE")
METRICS = ("recognized", "dir", "file", "title")
# the most a header may hold before its blank line: a bound on a file with none
MAX_HEADER_LINES = 40
KBUG_TIMEOUT = 120


def url_id(url):
    return hashlib.sha256(url.encode("utf-8")).hexdigest()[:12]


def url_split(url):
    h = int(hashlib.sha256(url.encode("utf-8")).hexdigest()[:8], 16)
    return "check" if h % 3 == 0 else "dev"


def parse_case(path):
    """Return (header dict, log bytes, [errors])."""
    errs = []
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return {}, b"", ["cannot read: %s" % e.strerror]
    sep = data.find(b"\n\n")
    if sep < 0:
        return {}, b"", ["no blank line after the header"]
    try:
        head = data[:sep].decode("utf-8")
    except UnicodeDecodeError:
        return {}, b"", ["the header is not UTF-8"]
    log = data[sep + 2:]
    lines = head.split("\n")
    if len(lines) > MAX_HEADER_LINES:
        errs.append("header longer than %d lines" % MAX_HEADER_LINES)
    hdr = {}
    for n, line in enumerate(lines, 1):
        m = re.match(r"^([A-Z]+): (\S.*)$", line)
        if not m:
            errs.append("header line %d is not 'KEY: value': %r" % (n, line[:60]))
            continue
        k, v = m.group(1), m.group(2).rstrip()
        if k not in KEYS:
            errs.append("header line %d: unknown key %s" % (n, k))
        elif k in hdr:
            errs.append("header line %d: %s given twice" % (n, k))
        else:
            hdr[k] = v
    for k in REQUIRED:
        if k not in hdr:
            errs.append("no %s: line" % k)
    if not log.strip():
        errs.append("no log after the header")
    url = hdr.get("URL")
    if url is not None:
        if not re.match(r"^https?://\S+$", url):
            errs.append("URL is not an http(s) address: %r" % url)
        want = url_id(url)
        got = os.path.basename(path)
        if got != want + ".log":
            errs.append("file name %s, but sha256(URL) names it %s.log" % (got, want))
        if "SPLIT" in hdr and hdr["SPLIT"] != url_split(url):
            errs.append("SPLIT %s, but the URL's hash says %s" % (hdr["SPLIT"], url_split(url)))
    if hdr.get("SPLIT", "dev") not in ("dev", "check"):
        errs.append("SPLIT is neither dev nor check: %r" % hdr["SPLIT"])
    causes = hdr.get("CAUSE", "").split()
    if "CAUSE" in hdr and not causes:
        errs.append("CAUSE is empty")
    for c in causes:
        if c not in CAUSES:
            errs.append("unknown CAUSE %r" % c)
    if len(set(causes)) != len(causes):
        errs.append("a CAUSE repeated")
    d = hdr.get("DIR")
    if d is not None:
        if d == "out-of-tree":
            if "MODULE" not in hdr:
                errs.append("DIR out-of-tree needs a MODULE: line")
        elif not d.endswith("/") or d.startswith("/") or ".." in d.split("/"):
            errs.append("DIR must be a tree-relative directory ending in /: %r" % d)
    f = hdr.get("FILE")
    if f is not None:
        if f.startswith("/") or f.endswith("/") or ".." in f.split("/"):
            errs.append("FILE must be a tree-relative file: %r" % f)
        elif d and d != "out-of-tree" and not f.startswith(d):
            errs.append("FILE %s is not within DIR %s" % (f, d))
    return hdr, log, errs


def check_tree(hdr, tree):
    """Errors for a DIR/FILE that linux (the tree at TREE) does not hold."""
    errs = []
    d = hdr.get("DIR")
    if d and d != "out-of-tree" and not os.path.isdir(os.path.join(tree, d)):
        errs.append("DIR %s is not a directory of %s" % (d, tree))
    f = hdr.get("FILE")
    if f and not os.path.isfile(os.path.join(tree, f)):
        errs.append("FILE %s is not a file of %s" % (f, tree))
    return errs


def module_name(m):
    # the kernel treats - and _ in a module's name as the same character
    return m.replace("-", "_") if isinstance(m, str) else m


def within(path, d):
    if not isinstance(path, str) or not path:
        return False
    path = path.rstrip("/") + ("/" if path.endswith("/") else "")
    return path.startswith(d) or path + "/" == d


def pick_sent(reps):
    """kbug report's choice (analyze/pick.c): the first report that names a
    guilty file or module and is not corrupted, else the first that names
    one, else the first; an OOM kill only when no other report names one."""
    named = [r for r in reps if r.get("guilty_file") or r.get("guilty_module")]
    if any(r.get("kind") != "OOM" for r in named):
        named = [r for r in named if r.get("kind") != "OOM"]
    clean = [r for r in named if not r.get("corrupted")]
    return (clean or named or reps)[0]


def run_kbug(kbug, log, pick="sent"):
    """The report of kbug analyze on LOG that kbug report sends (or the first), {} for none; raises on failure."""
    p = subprocess.run([kbug, "analyze", "--json", "--no-text", "-"], input=log,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=KBUG_TIMEOUT, check=False)
    if p.returncode != 0:
        raise RuntimeError("kbug analyze exited %d: %s" %
                           (p.returncode, p.stderr.decode("utf-8", "replace").strip()[:200]))
    out = json.loads(p.stdout.decode("utf-8"))
    reps = out.get("reports") or []
    if not reps:
        return {}
    return pick_sent(reps) if pick == "sent" else reps[0]


FRAME_FILE = re.compile(rb"(\+0x[0-9a-f]+/0x[0-9a-f]+(?: \[\w+\])?) +\S+\.[chS]:\d+(?::\d+)?")


def strip_files(log):
    """LOG (bytes) as an unsymbolized kernel prints it: frames without file:line."""
    out = []
    for line in log.split(b"\n"):
        if line.rstrip().endswith(b"[inline]"):
            continue
        out.append(FRAME_FILE.sub(rb"\1", line))
    return b"\n".join(out)


def score(hdr, rep):
    r = {"recognized": bool(rep)}
    d = hdr["DIR"]
    if d == "out-of-tree":
        r["dir"] = bool(rep) and rep.get("out_of_tree") is True and \
            module_name(rep.get("guilty_module")) == module_name(hdr.get("MODULE"))
    else:
        got = rep.get("guilty_file") or rep.get("guilty_dir") or rep.get("guilty_directory")
        r["dir"] = within(got, d)
    if "FILE" in hdr:
        r["file"] = rep.get("guilty_file") == hdr["FILE"]
    if "TITLE" in hdr:
        r["title"] = rep.get("title") == hdr["TITLE"]
    return r


def empty_row():
    return {"cases": 0, "recognized": 0, "dir": 0, "file": 0, "file_n": 0,
            "title": 0, "title_n": 0}


def add(row, r):
    row["cases"] += 1
    row["recognized"] += r["recognized"]
    row["dir"] += r["dir"]
    if "file" in r:
        row["file_n"] += 1
        row["file"] += r["file"]
    if "title" in r:
        row["title_n"] += 1
        row["title"] += r["title"]


def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "    - "


def print_table(table, out):
    out.write("%-6s %-15s %5s  %-14s %-14s %-20s %-20s\n" %
              ("split", "cause", "cases", "recognized", "dir right",
               "file right/FILE", "title right/TITLE"))
    for split in ("dev", "check", "all"):
        if split not in table:
            continue
        rows = table[split]
        for cause in ["all"] + [c for c in CAUSES if c in rows]:
            if cause not in rows:
                continue
            w = rows[cause]
            n = w["cases"]
            out.write("%-6s %-15s %5d  %4d %-9s %4d %-9s %4d/%-4d %-10s %4d/%-4d %s\n" % (
                split, cause, n, w["recognized"], pct(w["recognized"], n),
                w["dir"], pct(w["dir"], n), w["file"], w["file_n"],
                pct(w["file"], w["file_n"]), w["title"], w["title_n"],
                pct(w["title"], w["title_n"])))


def check_floor(spec, table):
    m = re.match(r"^(dev|check|all)\.(recognized|dir|file|title)=([0-9.]+)(%?)$", spec)
    if not m:
        raise ValueError("bad --floor %r (SPLIT.METRIC=N or =N%%)" % spec)
    split, metric, val, is_pct = m.group(1), m.group(2), float(m.group(3)), m.group(4)
    w = table.get(split, {}).get("all", empty_row())
    got = w[metric]
    n = w[metric + "_n"] if metric in ("file", "title") else w["cases"]
    if is_pct:
        have = 100.0 * got / n if n else 0.0
        ok = have + 1e-9 >= val
        msg = "%s.%s is %.1f%% (%d/%d), below the floor %g%%" % (split, metric, have, got, n, val)
    else:
        ok = got >= val
        msg = "%s.%s is %d (of %d), below the floor %g" % (split, metric, got, n, val)
    return None if ok else msg


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="score kbug analyze on tests/corpus/real")
    ap.add_argument("--kbug", default=os.environ.get("KBUG") or "./kbug",
                    help="the kbug to run (default $KBUG or ./kbug)")
    ap.add_argument("--split", choices=("dev", "check", "all"), default="all")
    ap.add_argument("--cases", default=os.path.join(here, "..", "corpus", "real", "cases"),
                    help="the directory of case files")
    ap.add_argument("--tree", help="a linux 6.12 tree: every DIR and FILE must be in it")
    ap.add_argument("--lint", action="store_true",
                    help="only check the case files (no kbug run)")
    ap.add_argument("--floor", action="append", default=[],
                    help="SPLIT.METRIC=N or =N%%: fail below it (repeatable)")
    ap.add_argument("--strip-files", action="store_true",
                    help="first strip file:line from the frames and drop [inline] ones, as "
                    "a distribution kernel prints them (a robustness variant)")
    ap.add_argument("--pick", choices=("sent", "first"), default="sent",
                    help="score the report kbug report sends (default), or the log's first")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="kbug processes at once (default: the CPUs)")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    a = ap.parse_args()

    try:
        names = sorted(n for n in os.listdir(a.cases) if not n.startswith("."))
    except OSError as e:
        sys.stderr.write("real-score: %s: %s\n" % (a.cases, e.strerror))
        return 2
    errors = []
    cases = []
    for n in names:
        path = os.path.join(a.cases, n)
        if not n.endswith(".log") or not re.match(r"^[0-9a-f]{12}\.log$", n):
            errors.append("%s: not named ID.log (ID: 12 hex digits)" % n)
            continue
        hdr, log, errs = parse_case(path)
        if a.tree and not errs:
            errs = check_tree(hdr, a.tree)
        errors.extend("%s: %s" % (n, e) for e in errs)
        if errs:
            continue
        if a.split != "all" and hdr["SPLIT"] != a.split:
            continue
        cases.append((n[:-4], hdr, log))

    table = {}
    results = []
    if not a.lint:
        def one(case):
            log = case[2]
            try:
                return run_kbug(a.kbug, strip_files(log) if a.strip_files else log, a.pick)
            except (OSError, RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
                return e
        # kbug runs in child processes, so threads overlap them; map keeps
        # the cases' order
        with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            reps = list(pool.map(one, cases))
        for (cid, hdr, log), rep in zip(cases, reps):
            if isinstance(rep, Exception):
                errors.append("%s: %s" % (cid, rep))
                continue
            r = score(hdr, rep)
            causes = hdr["CAUSE"].split()
            for split in (hdr["SPLIT"], "all"):
                rows = table.setdefault(split, {})
                add(rows.setdefault("all", empty_row()), r)
                for c in causes:
                    add(rows.setdefault(c, empty_row()), r)
            res = {"id": cid, "split": hdr["SPLIT"], "causes": causes,
                   "source": hdr.get("SOURCE"), "url": hdr["URL"],
                   "expected": {"dir": hdr["DIR"], "file": hdr.get("FILE"),
                                "title": hdr.get("TITLE"), "module": hdr.get("MODULE")},
                   "got": {"title": rep.get("title"), "file": rep.get("guilty_file"),
                           "module": rep.get("guilty_module"),
                           "out_of_tree": rep.get("out_of_tree"),
                           "blame_source": rep.get("blame_source"),
                           "confidence": rep.get("confidence")},
                   "score": r}
            results.append(res)
    floor_fail = []
    for spec in a.floor:
        try:
            msg = check_floor(spec, table)
        except ValueError as e:
            sys.stderr.write("real-score: %s\n" % e)
            return 2
        if msg:
            floor_fail.append(msg)

    if a.json:
        json.dump({"kbug": a.kbug, "split": a.split, "cases": len(cases),
                   "table": table, "results": results,
                   "errors": errors, "floors_failed": floor_fail},
                  sys.stdout, indent=1, sort_keys=True)
        sys.stdout.write("\n")
    else:
        if a.verbose:
            for res in results:
                s = res["score"]
                def mark(k, s=s):
                    return "-" if k not in s else ("ok" if s[k] else "NO")
                e, g = res["expected"], res["got"]
                sys.stdout.write(
                    "%s %-5s %-28s rec=%s dir=%s file=%s title=%s | want %s %s %s | got %s %s %s\n" % (
                        res["id"], res["split"], ",".join(res["causes"]),
                        "ok" if s["recognized"] else "NO", mark("dir"), mark("file"),
                        mark("title"),
                        e["dir"] + (" " + e["module"] if e["module"] else ""),
                        e["file"] or "-", repr(e["title"]) if e["title"] else "-",
                        g["file"] or ("oot:" + str(g["module"]) if g["out_of_tree"] else "-"),
                        g["blame_source"] or "-", repr(g["title"])))
        if not a.lint:
            print_table(table, sys.stdout)
        else:
            sys.stdout.write("%d case files checked\n" % (len(cases)))
    for e in errors:
        sys.stderr.write("real-score: error: %s\n" % e)
    for m in floor_fail:
        sys.stderr.write("real-score: floor: %s\n" % m)
    return 1 if errors or floor_fail else 0


if __name__ == "__main__":
    sys.exit(main())
