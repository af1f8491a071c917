#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Make data/linux-6.12.index.gz, kbug's index of a kernel tree.

    kernel/index.py TREE VERSION OUT [OLDTREE OLDVERSION]

TREE is an unpacked linux-source tree (kernel/source.sh prints it), VERSION
the Debian version of the package it came from. OLDTREE, an older
linux-source tree (6.1, kernel/source.sh 6.1), adds the functions it
defines and TREE does not, with their files there, and the modules it
builds and TREE does not, with their directories: users post logs of
older kernels, whose traces name functions and modules removed or
renamed since. The index (format in
docs/function-index.md) holds every source file of the kernel proper (not
tools/, samples/, Documentation/), every C function definition that
Universal Ctags finds in them, every object the Kbuild Makefiles may
build as a module, with its directory and source files, and every device
driver's name (what dev_printk() prints first) with the files that
register it, and the constant text of every message the tree logs with the
files that log it. It is written
gzip-compressed, deterministic (no time stamp), so that a rebuild from the
same tree gives the same bytes.
"""
import gzip
import os
import re
import subprocess
import sys

# userspace programs, examples and documentation: never in a kernel trace
SKIP_TOP = {"tools", "samples", "Documentation", ".git"}
SOURCE_EXT = (".c", ".h", ".S", ".rs")
CTAGS = ["ctags", "--languages=C", "--kinds-C=f", "--sort=no", "-x",
         "--_xformat=%N %n %{end} %F", "-L", "-", "-f", "-"]

# Kbuild (Documentation/kbuild/makefiles.rst): "obj-$(CONFIG_X) += a.o b.o"
# lists objects that are modules when X=m; "a-y := x.o y.o", "a-objs" and
# "a-$(CONFIG_Y) += z.o" list the parts of a composite object a.o.
# make accepts $(VAR) and ${VAR} alike, and any expression there: obj-${CONFIG_USB4},
# obj-$(CONFIG_NVRAM:m=y), obj-$(subst m,y,$(CONFIG_IPV6)) (one level of nesting
# covers the tree). Such an expression may give m: counted (a superset is what
# "may build as a module" needs).
MAKE_VAR = r"\$(?:\((?:[^()]|\([^()]*\))*\)|\{(?:[^{}]|\{[^{}]*\})*\})"
RE_OBJ = re.compile(r"^obj-(" + MAKE_VAR + r"|m)\s*[:+]?=(.*)$")
RE_PART = re.compile(r"^([A-Za-z0-9_-]+)-(y|objs|" + MAKE_VAR + r")\s*[:+]?=(.*)$")


def source_files(tree):
    out = []
    for top in sorted(os.listdir(tree)):
        if top in SKIP_TOP or not os.path.isdir(os.path.join(tree, top)):
            continue
        for dirpath, dirnames, files in os.walk(os.path.join(tree, top)):
            dirnames.sort()
            rel = os.path.relpath(dirpath, tree)
            for f in files:
                if f.endswith(SOURCE_EXT):
                    out.append(rel + "/" + f)
    return sorted(set(out))


def makefile_lines(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    text = text.replace("\\\n", " ")
    for line in text.split("\n"):
        line = line.split("#", 1)[0].strip()
        if line:
            yield line


def modules(tree, fileset):
    """name -> list of (dir, [source files])"""
    mods = {}
    for dirpath, dirnames, files in os.walk(tree):
        dirnames.sort()
        rel = os.path.relpath(dirpath, tree)
        if rel.split("/")[0] in SKIP_TOP or rel == ".":
            continue
        for mk in ("Makefile", "Kbuild"):
            if mk not in files:
                continue
            names, parts = [], {}
            for line in makefile_lines(os.path.join(dirpath, mk)):
                m = RE_OBJ.match(line)
                if m:
                    names += [t[:-2] for t in m.group(2).split()
                              if t.endswith(".o") and "$" not in t and "/" not in t]
                    continue
                m = RE_PART.match(line)
                if m and m.group(1) not in ("obj", "lib", "subdir", "always", "targets"):
                    parts.setdefault(m.group(1), []).extend(
                        t[:-2] for t in m.group(3).split() if t.endswith(".o") and "$" not in t)
            for n in names:
                srcs = []
                for o in parts.get(n, [n]):
                    p = os.path.normpath(rel + "/" + o)
                    for ext in (".c", ".S", ".rs"):
                        if p + ext in fileset:
                            srcs.append(p + ext)
                            break
                key = n.replace("-", "_")
                mods.setdefault(key, [])
                if (rel, srcs) not in mods[key]:
                    mods[key].append((rel, srcs))
    return mods


# A function-like macro invoked at column 0 without a semicolon, alone on its
# line (ACPICA's "ACPI_EXPORT_SYMBOL(acpi_enable_gpe)" after each function,
# aspm.c's "ASPM_ATTR(l1_aspm, L1)"), reads to ctags as the head of a K&R
# definition, and it loses the function that follows. Such macros are named
# to ctags as "-I NAME+" (skip the name and its argument list), except ones
# whose invocation line is ever followed by a body ("{" at column 0): those
# define a function themselves (SYSCALL_DEFINE3(...) {...}).
RE_MACRO_LINE = re.compile(r"^([A-Z_][A-Z0-9_]*)\s*\(.*\)\s*$")


def bare_macros(tree, files):
    bare, bodies = set(), set()
    for f in files:
        with open(os.path.join(tree, f), encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
        for i, line in enumerate(lines):
            m = RE_MACRO_LINE.match(line)
            if not m or line.count("(") != line.count(")"):
                continue
            nxt = next((x for x in lines[i + 1:i + 4] if x.strip()), "")
            (bodies if nxt.startswith("{") else bare).add(m.group(1))
    return sorted(bare - bodies)


# include/linux/syscalls.h: SYSCALL_DEFINEn(NAME, ...) { BODY } defines the
# body as __do_sys_NAME (inlined into __se_sys_NAME and the architecture's
# entry wrapper, __x64_sys_NAME, __arm64_sys_NAME...), COMPAT_SYSCALL_DEFINEn
# as __do_compat_sys_NAME; ctags reads the macro's name as the function's.
RE_SYSCALL = re.compile(r"^(COMPAT_)?SYSCALL_DEFINE\d$")
RE_SYSCALL_NAME = re.compile(r"SYSCALL_DEFINE\d\(\s*(\w+)")


def syscall_name(tree, path, start, cache):
    if path not in cache:
        with open(os.path.join(tree, path), encoding="utf-8", errors="replace") as fh:
            cache.clear()
            cache[path] = fh.read().split("\n")
    lines = cache[path]
    i = int(start) - 1
    m = RE_SYSCALL_NAME.search(lines[i]) if 0 <= i < len(lines) else None
    if not m:
        return None
    return ("__do_compat_sys_" if "COMPAT_" in lines[i] else "__do_sys_") + m.group(1)


# Assembly (.S) defines functions with include/linux/linkage.h's macros
# (SYM_FUNC_START(name), SYM_CODE_START_LOCAL(name), SYM_FUNC_ALIAS(alias,
# name)...), the older ENTRY(name)/WEAK(name), powerpc's _GLOBAL(name), or a
# bare "name:" that ENDPROC(name) or SYM_FUNC_END(name) closes (arm's
# ret_fast_syscall). A trace names them as it names C functions.
RE_ASM_DEF = re.compile(r"^\s*(?:SYM_(?:FUNC|TYPED_FUNC|CODE|INNER_LABEL)[A-Z_]*|ENTRY|ENTRY_CFI|"
                        r"WEAK|_GLOBAL|_GLOBAL_TOC|GLOBAL|FUNC_START|ENDPROC|ENDPIPROC)"
                        r"\(\s*(\w+)", re.M)


def asm_functions(tree, files, defs):
    for f in files:
        if not f.endswith(".S"):
            continue
        with open(os.path.join(tree, f), encoding="utf-8", errors="replace") as fh:
            for name in RE_ASM_DEF.findall(fh.read()):
                defs.setdefault(name, set()).add(f)


def functions(tree, files):
    c = [f for f in files if f.endswith((".c", ".h"))]
    ignore = ",".join(n + "+" for n in bare_macros(tree, c))
    out = subprocess.run(CTAGS + ["-I", ignore], cwd=tree, input="\n".join(c) + "\n",
                         capture_output=True, text=True, errors="replace", check=True).stdout
    defs, full, cache = {}, {}, {}
    for line in out.splitlines():
        f = line.split(" ", 3)
        if len(f) != 4 or not f[0] or not f[3]:
            continue
        name, start, end, path = f
        if RE_SYSCALL.match(name):
            name = syscall_name(tree, path, start, cache)
            if not name:
                continue
        defs.setdefault(name, set()).add(path)
        # a definition on one line is a configuration's empty stub
        # ("static inline void setup_nr_cpu_ids(void) { }" for !SMP)
        if start != end:
            full.setdefault(name, set()).add(path)
    # a stub is never where a trace was: its name's full definitions are
    for name, paths in full.items():
        defs[name] &= paths
    asm_functions(tree, files, defs)
    return defs


# EXPORT_SYMBOL(name) and its _GPL/_NS forms, ACPICA's ACPI_EXPORT_SYMBOL(name):
# a function other modules call, a subsystem's API
RE_EXPORT = re.compile(r"(?:\b|\bACPI_)EXPORT_SYMBOL\w*\(\s*(\w+)")


def exported(tree, files):
    names = set()
    for f in files:
        with open(os.path.join(tree, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        if "EXPORT_SYMBOL" in text:
            names.update(RE_EXPORT.findall(text))
    return names


# A device driver's name is what dev_driver_string() returns, the first word
# of every dev_printk() line ("i2c_designware 1f00080000.i2c: ..."): the
# .name of the struct device_driver that a bus's driver structure holds
# (struct pci_driver's own .name, struct platform_driver's .driver.name).
# Its first ".name =" inside a "struct *_driver NAME = {" initializer, a
# string, a macro defined to one ("#define DRV_NAME \"x\"") or a "static
# const char x[] = \"...\"" in the file or a header beside it.
# KBUILD_MODNAME is the module's name, which the modules part already holds.
# ASoC's DAI and component drivers have names too, never a device's
RE_DRV_STRUCT = re.compile(r"\bstruct\s+(?!snd_soc_dai_driver\b|snd_soc_component_driver\b)"
                           r"\w+_driver\s+\w+\s*(?:__\w+\s*)*=\s*\{")
RE_DRV_NAME = re.compile(r"\.name\s*=\s*(\"(?:[^\"\\]|\\.)*\"|[A-Za-z_]\w*)")
RE_STR_DEFINE = re.compile(r"^#\s*define\s+(\w+)\s+\"([^\"]*)\"\s*$", re.M)
RE_STR_ARRAY = re.compile(r"\bchar\s+(\w+)\s*\[\s*\]\s*=\s*\"([^\"]*)\"\s*;")
RE_DRV_OK = re.compile(r"^[A-Za-z0-9_.-]+$")


def initializer(text, i):
    depth = 0
    for j in range(i, min(len(text), i + 20000)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if not depth:
                return text[i:j]
    return text[i:i + 20000]


def string_names(tree, path, text):
    names = {}
    d = os.path.dirname(os.path.join(tree, path))
    for h in sorted(os.listdir(d)):
        if h.endswith(".h"):
            with open(os.path.join(d, h), encoding="utf-8", errors="replace") as fh:
                names.update(RE_STR_DEFINE.findall(fh.read()))
    names.update(RE_STR_ARRAY.findall(text))
    names.update(RE_STR_DEFINE.findall(text))
    return names


def drivers(tree, files):
    """driver name -> set of source files"""
    out = {}
    for f in files:
        if not f.endswith(".c"):
            continue
        with open(os.path.join(tree, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        if "_driver" not in text:
            continue
        strings = None
        for m in RE_DRV_STRUCT.finditer(text):
            n = RE_DRV_NAME.search(initializer(text, m.end() - 1))
            if not n:
                continue
            name = n.group(1)
            if name.startswith('"'):
                name = name[1:-1]
            else:
                if strings is None:
                    strings = string_names(tree, f, text)
                name = strings.get(name, "")
            if RE_DRV_OK.match(name):
                out.setdefault(name, set()).add(f)
    return out


# The messages the kernel logs: printk()'s format strings. A failure
# without a trace names its driver at most ("iwlwifi 0000:00:14.3: ..."),
# and a driver has many files; the format's constant text names the one.
# A logging call is printk() and its kin, a name ending in a level
# (dev_err(), pr_warn_ratelimited(), netdev_info(), DRM_ERROR(), IWL_ERR(),
# b43err(), ext4_error(), dev_err_probe(), WARN()), or a driver's own
# logger (ql_log(), ext4_msg()). Debug calls are left out (not printed
# unless asked for) unless a level argument says error or warning before
# the format (mwifiex_dbg(adapter, ERROR, ...)); so are the *printf() that
# fill a buffer (snprintf, seq_printf): their text never reaches the log.
RE_LOG_CALL = re.compile(
    r"\b(\w*(?:err|error|warn|warning|info|notice|crit|alert|emerg|fatal|cont)"
    r"(?:_once|_ratelimited|_ratelimit|_probe)?|\w*(?:printk|_log|_msg)\w*|WARN(?:_ONCE)?|panic)"
    r"\s*\(", re.I)
RE_DBG_LEVEL = re.compile(r"\b(?:ERROR|ERR|WARN|WARNING|FATAL|CRIT)\b")
RE_C_STR = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
RE_MACRO_WORD = re.compile(r"\s+|[A-Z_][A-Z0-9_]*\b")
# a printf conversion (with the kernel's %p extensions: %pM, %pOF, %pe)
RE_CONV = re.compile(r"%[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|z|t|j|L)?"
                     r"(?:p[A-Za-z0-9]*|[a-zA-Z%])")
C_ESC = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'"}
MSG_MIN = 14		# shorter constant text says too little ("failed: %d")


def call_format(text, i):
    """The format of the call whose arguments start at i: its first string
    literal, adjacent literals joined, a macro between them a conversion
    (DRV_NAME, KERN_ERR)."""
    q = text.find('"', i, i + 400)
    semi = text.find(";", i, i + 400)
    if q < 0 or 0 <= semi < q:
        return None
    parts, j = [], q
    while j < i + 2000:
        m = RE_C_STR.match(text, j)
        if m:
            parts.append(m.group(1))
            j = m.end()
            continue
        m = RE_MACRO_WORD.match(text, j)
        if not m:
            break
        if m.group(0).strip():
            parts.append("%s")
        j = m.end()
    return "".join(parts)


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n in "01234567":
                k = i + 1
                while k < len(s) and k < i + 4 and s[k] in "01234567":
                    k += 1
                out.append(chr(int(s[i + 1:k], 8)))
                i = k
                continue
            out.append(C_ESC.get(n, "\x00"))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


# A call's level, most severe first: "e" for KERN_ERR and worse (dev_err(),
# pr_crit(), DRM_ERROR(), WARN(), panic()), "w" for KERN_WARNING, "i" for
# the rest (info, notice, a bare printk() or a driver's logger whose level
# argument says neither).
RE_ERR_NAME = re.compile(r"err|crit|alert|emerg|fatal|^warn(?:_once)?$|^panic$")
RE_WARN_NAME = re.compile(r"warn")
RE_ERR_ARG = re.compile(r"\bKERN_(?:ERR|CRIT|ALERT|EMERG)\b|\b(?:ERR|ERROR|FATAL|CRIT)\b|_err\b|"
                        r"\berr_level\b")
RE_WARN_ARG = re.compile(r"\bKERN_WARNING\b|\bWARN(?:ING)?\b|_warn\b")
LEVELS = "ewi"


def call_level(name, text, start, fmt_at):
    """the level of the call named name whose arguments start at start
    (its format at fmt_at)"""
    if RE_ERR_NAME.search(name):
        return "e"
    if RE_WARN_NAME.search(name):
        return "w"
    args = text[start:fmt_at] + text[fmt_at:fmt_at + 12]
    if RE_ERR_ARG.search(args):
        return "e"
    if RE_WARN_ARG.search(args):
        return "w"
    return "i"


def messages(tree, files):
    """constant text of a logged format (MSG_MIN+ printable characters
    between conversions, line breaks and tabs) -> (set of source files,
    the most severe level of the calls that log it)"""
    out = {}
    for f in files:
        if not f.endswith((".c", ".h")):
            continue
        with open(os.path.join(tree, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for m in RE_LOG_CALL.finditer(text):
            name = m.group(1).lower()
            fmt = call_format(text, m.end())
            if not fmt or "KERN_DEBUG" in text[m.end():m.end() + 40]:
                continue
            if "dbg" in name or "debug" in name:
                q = text.find('"', m.end())
                if not RE_DBG_LEVEL.search(text, m.end(), q):
                    continue
            level = call_level(name, text, m.end(), text.find('"', m.end()))
            for seg in re.split(r"[\n\t\r]", RE_CONV.sub("\n", unescape(fmt))):
                seg = seg.strip(" ")
                if len(seg) >= MSG_MIN and all(" " <= c <= "~" for c in seg):
                    ent = out.setdefault(seg, [set(), "i"])
                    ent[0].add(f)
                    if LEVELS.index(level) < LEVELS.index(ent[1]):
                        ent[1] = level
    return out


def main():
    if len(sys.argv) not in (4, 6):
        sys.exit("usage: kernel/index.py TREE VERSION OUT [OLDTREE OLDVERSION]")
    tree, version, outpath = sys.argv[1:4]
    ver = subprocess.run(["ctags", "--version"], capture_output=True, text=True,
                         check=True).stdout.splitlines()[0].split(",")[0]
    files = source_files(tree)
    fid = {f: i for i, f in enumerate(files)}
    defs = functions(tree, files)
    exports = exported(tree, files)
    mods = modules(tree, fid)
    drvs = drivers(tree, files)
    msgs = messages(tree, files)
    old, old_mods, old_version = {}, {}, ""
    if len(sys.argv) == 6:
        old_tree, old_version = sys.argv[4:]
        old_files = source_files(old_tree)
        old = functions(old_tree, old_files)
        old = {n: p for n, p in old.items() if n not in defs and p}
        old_mods = {n: sorted(set(d for d, _ in v))
                    for n, v in modules(old_tree, set(old_files)).items() if n not in mods}
    lines = ["# kbug-index 6 linux-source-6.12 %s (kernel/index.py, %s --languages=C "
             "--kinds-C=f)%s" % (version, ver, " older linux-source-%s %s" % (
                 ".".join(old_version.split(".")[:2]), old_version) if old else "")]
    lines += ["F " + f for f in files]
    for name in sorted(defs):
        ids = sorted(fid[p] for p in defs[name] if p in fid)
        if ids:
            lines.append("f %s %s%s" % (name, ",".join(map(str, ids)),
                                        " x" if name in exports else ""))
    for name in sorted(mods):
        for d, srcs in mods[name]:
            lines.append("m %s %s %s" % (name, d, ",".join(str(fid[s]) for s in srcs) or "-"))
    for name in sorted(drvs):
        lines.append("d %s %s" % (name, ",".join(str(fid[p]) for p in sorted(drvs[name]))))
    for text in sorted(msgs, key=lambda t: t.encode()):
        srcs, level = msgs[text]
        lines.append("M %s %s %s" % (",".join(str(fid[p]) for p in sorted(srcs, key=fid.get)),
                                     level, text))
    for name in sorted(old):
        lines.append("o %s %s" % (name, " ".join(sorted(old[name]))))
    for name in sorted(old_mods):
        for d in old_mods[name]:
            lines.append("O %s %s" % (name, d))
    data = ("\n".join(lines) + "\n").encode()
    tmp = outpath + ".tmp"
    with open(tmp, "wb") as fh:
        fh.write(gzip.compress(data, 9, mtime=0))
    os.replace(tmp, outpath)
    print("%s: %d files, %d functions (%d exported), %d modules, %d drivers, %d messages, "
          "%d older functions, %d older modules, %d bytes" % (
              outpath, len(files), len(defs), len(exports & set(defs)), len(mods), len(drvs),
              len(msgs), len(old), len(old_mods), os.path.getsize(outpath)))


if __name__ == "__main__":
    main()
