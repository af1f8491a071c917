#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Host-side checks of `make check-qemu` (tests/t4002-qemu.sh).

    check_guest.py parse CONSOLE_LOG OUTDIR
        Split the guest's serial console: KBUG-BEGIN/END blocks (base64)
        become OUTDIR/NAME, KBUG-OK/KBUG-NOT-OK lines OUTDIR/results,
        KBUG-TIME lines OUTDIR/times, KBUG-RC lines OUTDIR/rc.
    check_guest.py route ROUTE_JSON
    check_guest.py collect COLLECT_JSON RELEASE
    check_guest.py mail SMTP_DIR MAINTAINERS
    check_guest.py bugzilla DB REPORT_OUT
    check_guest.py taint COLLECT_JSON
Each check prints what it found and exits 1 with the reason on failure.
"""

import base64
import gzip
import json
import os
import re
import sqlite3
import sys

# The devices boot.sh gives the guest: QEMU 7.2's pc machine with
# -nodefaults, then qemu-xhci at 03.0, e1000 at 04.0, virtio-net at 05.0.
# slot -> (vendor, device, driver or None)
PCI = {
    "0000:00:00.0": ("8086", "1237", None),        # i440FX host bridge
    "0000:00:01.0": ("8086", "7000", None),        # PIIX3 ISA bridge
    "0000:00:01.1": ("8086", "7010", None),        # PIIX3 IDE
    "0000:00:01.3": ("8086", "7113", None),        # PIIX4 ACPI
    "0000:00:03.0": ("1b36", "000d", "xhci_hcd"),  # qemu-xhci
    "0000:00:04.0": ("8086", "100e", "e1000"),     # e1000
    "0000:00:05.0": ("1af4", "1000", "virtio-pci"),  # virtio-net
}
# vendor:product -> interface driver (None for the root hubs' "hub")
USB = {
    ("1d6b", "0002"): "hub",          # xHCI USB 2 root hub
    ("1d6b", "0003"): "hub",          # xHCI USB 3 root hub
    ("0627", "0001"): "usbhid",       # usb-kbd
    ("46f4", "0001"): "usb-storage",  # usb-storage
}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: %s" % (path, e))


def norm_id(v):
    if v is None:
        return None
    v = str(v).lower()
    if v.startswith("0x"):
        v = v[2:]
    return v.rjust(4, "0")


def cmd_parse(console, outdir):
    os.makedirs(outdir, exist_ok=True)
    results, times, rcs = [], [], []
    block, buf = None, []
    with open(console, "rb") as f:
        lines = f.read().decode("utf-8", "replace").splitlines()
    for raw in lines:
        line = raw.rstrip("\r")
        if block is not None:
            if line == "KBUG-END " + block:
                data = base64.b64decode("".join(buf))
                if block == "dmesg":
                    data = gzip.decompress(data)
                with open(os.path.join(outdir, block), "wb") as out:
                    out.write(data)
                block, buf = None, []
            elif re.fullmatch(r"[A-Za-z0-9+/=]*", line):
                buf.append(line)
            continue
        m = re.match(r"KBUG-BEGIN (\S+)$", line)
        if m:
            block = m.group(1)
            continue
        if line.startswith("KBUG-OK ") or line.startswith("KBUG-NOT-OK "):
            results.append(line)
        elif line.startswith("KBUG-TIME "):
            times.append(line[len("KBUG-TIME "):])
        elif line.startswith("KBUG-RC "):
            rcs.append(line[len("KBUG-RC "):])
    for name, rows in (("results", results), ("times", times), ("rc", rcs)):
        with open(os.path.join(outdir, name), "w") as out:
            out.write("".join(r + "\n" for r in rows))


def cmd_route(path):
    j = load(path)
    route = j.get("route", j)
    src = route.get("source") or {}
    print("route source: %s" % json.dumps(src))
    if src.get("kind") != "sysfs" and "/sys/kernel/maintainers.gz" not in str(src):
        fail("kbug route did not use /sys/kernel/maintainers.gz")
    sections = list(route.get("sections") or [])
    for r in route.get("routes") or []:
        sections += r.get("sections") or []
    names = [s.get("name", "") for s in sections]
    if not any("LKDTM" in n for n in names):
        fail("no LKDTM section in %s" % names)


def cmd_collect(path, release):
    j = load(path)
    errors = []
    got = {}
    for d in j.get("pci") or []:
        got[d.get("slot")] = (norm_id(d.get("vendor_id")),
                              norm_id(d.get("device_id")), d.get("driver"))
    if set(got) != set(PCI):
        errors.append("PCI slots %s, wanted %s" % (sorted(got), sorted(PCI)))
    for slot, want in PCI.items():
        if slot in got and got[slot] != want:
            errors.append("PCI %s is %s, wanted %s" % (slot, got[slot], want))
    usb = {}
    for d in j.get("usb") or []:
        key = (norm_id(d.get("vendor_id")), norm_id(d.get("product_id")))
        usb[key] = d.get("drivers") or []
    if set(usb) != set(USB):
        errors.append("USB devices %s, wanted %s" % (sorted(usb), sorted(USB)))
    for key, drv in USB.items():
        if key in usb and drv not in usb[key]:
            errors.append("USB %s:%s drivers %s, wanted %s" % (key + (usb[key], drv)))
    mods = [m.get("name") for m in j.get("modules") or [] if isinstance(m, dict)]
    if "e1000" not in mods:
        errors.append("e1000 not among the loaded modules %s" % mods)
    rel = (j.get("kernel") or {}).get("release")
    if rel != release:
        errors.append("kernel release %r, wanted %r" % (rel, release))
    print("pci: %d, usb: %d, modules: %s, release: %s" % (len(got), len(usb), mods, rel))
    if errors:
        fail("; ".join(errors))


def section(maintainers, name_re):
    """The entries of the first MAINTAINERS section whose name matches."""
    with open(maintainers, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for block in text.split("\n\n"):
        lines = block.strip("\n").split("\n")
        if lines and re.search(name_re, lines[0]) and len(lines) > 1 and \
                re.match(r"^[A-Z]:\t", lines[1]):
            return lines[0], [(l[0], l[3:].strip()) for l in lines[1:]
                              if re.match(r"^[A-Z]:\t", l)]
    fail("no section matching %s in %s" % (name_re, maintainers))


def address(entry):
    m = re.search(r"<([^>]+)>", entry)
    return (m.group(1) if m else entry.split()[0]).lower()


def cmd_mail(smtp_dir, maintainers):
    msgs = sorted(f for f in os.listdir(smtp_dir) if f.endswith(".json"))
    if len(msgs) != 1:
        fail("%d messages reached the SMTP server, wanted 1" % len(msgs))
    m = load(os.path.join(smtp_dir, msgs[0]))
    rcpt = [r.lower() for r in m["rcpt_tos"]]
    name, entries = section(maintainers, r"\(LKDTM\)")
    want = [address(v) for t, v in entries if t in "MRL"]
    print("section %s: %s; recipients: %s" % (name, want, rcpt))
    missing = [a for a in want if a not in rcpt]
    if missing:
        fail("not sent to %s" % missing)
    head, _, body = m["data"].replace("\r\n", "\n").partition("\n\n")
    subj = re.search(r"^Subject: (.*(?:\n[ \t].*)*)", head, re.M | re.I)
    subj = re.sub(r"\n[ \t]+", " ", subj.group(1)) if subj else ""
    print("subject: %s" % subj)
    if "WARNING in lkdtm_WARNING" not in subj:
        fail("subject %r lacks 'WARNING in lkdtm_WARNING'" % subj)
    for want_text in ("drivers/misc/lkdtm/bugs.c", "lkdtm_WARNING",
                      "QEMU Standard PC"):
        if want_text not in m["data"]:
            fail("the mail does not mention %r" % want_text)


def cmd_bugzilla(db, report_out):
    out = open(report_out, errors="replace").read()
    m = re.search(r"^filed: (\S+/show_bug\.cgi\?id=(\d+))\s*$", out, re.M)
    if not m:
        fail("kbug did not print 'filed: URL/show_bug.cgi?id=N'")
    bug_id = int(m.group(2))
    c = sqlite3.connect(db)
    row = c.execute("SELECT product, component, summary, creator FROM bugs "
                    "WHERE id = ?", (bug_id,)).fetchone()
    if not row:
        fail("bug %d is not in the server's database" % bug_id)
    att = c.execute("SELECT file_name, length(data) FROM attachments "
                    "WHERE bug_id = ?", (bug_id,)).fetchall()
    comments = c.execute("SELECT count(*) FROM comments WHERE bug_id = ?",
                         (bug_id,)).fetchone()[0]
    print("bug %d: %s; attachments %s; comments %d" % (bug_id, row, att, comments))
    if row[0] != "ACPI":
        fail("filed into product %r, wanted ACPI" % row[0])
    if row[3] != "reporter@example.com":
        fail("filed by %r" % row[3])
    if not att:
        fail("no attachment landed")
    if not any("dmesg" in a[0] for a in att):
        fail("no dmesg attachment among %s" % att)
    # The report kbug attached says where its MAINTAINERS came from.
    rep = c.execute("SELECT data FROM attachments WHERE bug_id = ? AND "
                    "file_name LIKE '%.json'", (bug_id,)).fetchone()
    if not rep:
        fail("no JSON report among the attachments %s" % att)
    try:
        src = (json.loads(rep[0]).get("route") or {}).get("source") or {}
    except ValueError as e:
        fail("the attached JSON report does not parse: %s" % e)
    print("the attached report's route source: %s" % json.dumps(src))
    if src.get("kind") != "sysfs":
        fail("the attached report was not routed with /sys/kernel/maintainers.gz")


def cmd_taint(path):
    j = load(path)
    t = (j.get("kernel") or {}).get("tainted") or {}
    print("tainted: %s" % json.dumps(t))
    if "W" not in str(t.get("flags", "")):
        fail("taint flags %r lack W" % t.get("flags"))


def main():
    cmds = {"parse": cmd_parse, "route": cmd_route, "collect": cmd_collect,
            "mail": cmd_mail, "bugzilla": cmd_bugzilla, "taint": cmd_taint}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        sys.exit(__doc__)
    cmds[sys.argv[1]](*sys.argv[2:])


if __name__ == "__main__":
    main()
