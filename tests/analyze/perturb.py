#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the real corpus's dev logs again as users paste them: wrapped by a
mail client or a terminal, indented (blanks, a tab) as a markdown code block, quoted, with dmesg -T's or
the journal's prefixes. kbug should place each log as well as the original.

    tests/analyze/perturb.py OUTDIR [TRANSFORM...]
    tests/analyze/real-score.py --kbug ./kbug --cases OUTDIR/TRANSFORM

Only dev logs (the split the rules are tuned on). Each case keeps its
header; its body is transformed line by line.
"""

import os
import re
import sys

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus", "real", "cases")
STAMP = re.compile(r"^\[\s*\d+\.\d+\] ")


def word_wrap(lines, width):
    out = []
    for line in lines:
        while len(line) > width:
            k = line.rfind(" ", 0, width)
            if k <= 0:
                k = width
            out.append(line[:k].rstrip(" "))
            line = line[k:].lstrip(" ")
        out.append(line)
    return out


def hard_wrap(lines, width):
    """A terminal's wrap: every WIDTH characters, mid-word."""
    out = []
    for line in lines:
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
        out.append(line)
    return out


def stamped(lines):
    """Most lines carry printk's stamp (a dmesg, not a journal already)."""
    return sum(1 for x in lines if STAMP.match(x)) * 2 >= max(1, len(lines))


TRANSFORMS = {
    "wordwrap72": lambda L: word_wrap(L, 72),
    "hardwrap80": lambda L: hard_wrap(L, 80),
    "indent4": lambda L: ["    " + x for x in L],
    "tab": lambda L: ["\t" + x for x in L],
    "quote": lambda L: ["> " + x for x in L],
    "dmesg-T": lambda L: [STAMP.sub("[Sun Dec  6 08:13:00 2026] ", x) for x in L],
    "journal": lambda L: (["Dec 06 08:13:00 myhost kernel: " + STAMP.sub("", x) for x in L]
                          if stamped(L) else L),
    "syslog": lambda L: (["Dec  6 08:13:00 myhost kernel: " + x for x in L]
                         if stamped(L) else L),
    "crlf": lambda L: [x + "\r" for x in L],
    "nostamp": lambda L: [STAMP.sub("", x) for x in L],
}


def main():
    if len(sys.argv) < 2 or any(t not in TRANSFORMS for t in sys.argv[2:]):
        sys.exit("usage: perturb.py OUTDIR [%s]..." % "|".join(TRANSFORMS))
    out, names = sys.argv[1], sys.argv[2:] or list(TRANSFORMS)
    for name in names:
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        n = 0
        for f in sorted(os.listdir(CASES)):
            if not f.endswith(".log"):
                continue
            with open(os.path.join(CASES, f), encoding="utf-8", errors="replace") as fh:
                hdr, _, body = fh.read().partition("\n\n")
            if "\nSPLIT: dev\n" not in "\n" + hdr + "\n":
                continue
            lines = body.split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            with open(os.path.join(d, f), "w", encoding="utf-8") as fh:
                fh.write(hdr + "\n\n" + "\n".join(TRANSFORMS[name](lines)) + "\n")
            n += 1
        print("%s: %d dev logs" % (d, n))


main()
