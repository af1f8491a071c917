#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# kbug collect --json on this machine, checked against /proc and /sys:
# the interface keys, the release, the taint, the PCI devices, the
# modules, USB and DMI where the machine has them, the kernel log.
. "$(dirname "$0")/lib.sh"

# check FILE PYTHON-CODE: run code with `d` the parsed report
check() {
	"$PYTHON" - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
PY
}

test_expect_success 'collect --json prints one report with the interface keys' '
	"$KBUG" collect --json >out.json &&
	check out.json "
assert d[\"schema\"] == \"kbug-report/1\", d[\"schema\"]
k = d[\"kernel\"]
for key in (\"release\", \"version\", \"machine\", \"cmdline\", \"tainted\", \"origin\"):
    assert key in k, key
assert isinstance(k[\"tainted\"][\"value\"], int)
assert isinstance(k[\"tainted\"][\"flags\"], str)
assert k[\"origin\"][\"guess\"] in (\"distribution\", \"mainline\", \"stable\", \"unknown\")
assert k[\"origin\"][\"evidence\"]
for key in (\"id\", \"version_id\", \"pretty_name\"):
    assert key in d[\"distro\"], key
assert isinstance(d[\"dmi\"], dict)
for p in d[\"pci\"]:
    for key in (\"slot\", \"class_id\", \"vendor_id\", \"device_id\", \"vendor_name\", \"device_name\", \"driver\", \"module\"):
        assert key in p, (key, p)
assert isinstance(d[\"usb\"], list) and isinstance(d[\"modules\"], list)
assert isinstance(d[\"dmesg\"][\"count\"], int) and (\"records\" in d[\"dmesg\"] or \"text\" in d[\"dmesg\"])
assert isinstance(d[\"redactions\"], list) and isinstance(d[\"errors\"], list)
for e in d[\"errors\"]:
    assert set(e) == {\"probe\", \"message\"}, e
"
'

test_expect_success 'kernel release, machine and taint are the running kernel'"'"'s' '
	"$KBUG" collect --json --no-redact --probe kernel >k.json &&
	check k.json "
import os
k = d[\"kernel\"]
assert k[\"release\"] == os.uname().release, k[\"release\"]
assert k[\"machine\"] == os.uname().machine
assert k[\"cmdline\"] == open(\"/proc/cmdline\").read().strip()
v = int(open(\"/proc/sys/kernel/tainted\").read())
t = k[\"tainted\"]
assert t[\"value\"] == v, (t, v)
letters = \"PFSRMBUDAWCIOELKXTN\"
want = \"\".join(letters[b] for b in range(len(letters)) if v >> b & 1)
assert t[\"flags\"] == want, (t[\"flags\"], want)
assert [r[\"bit\"] for r in t[\"reasons\"]] == [b for b in range(64) if v >> b & 1]
"
'

test_expect_success 'the PCI devices are those of /sys/bus/pci/devices, with their IDs' '
	"$KBUG" collect --json --no-redact --probe pci >p.json &&
	check p.json "
import os
base = \"/sys/bus/pci/devices\"
slots = sorted(os.listdir(base)) if os.path.isdir(base) else []
got = d[\"pci\"]
assert [p[\"slot\"] for p in got] == slots, ([p[\"slot\"] for p in got], slots)
rd = lambda s, f: open(os.path.join(base, s, f)).read().strip()
for p in got:
    s = p[\"slot\"]
    assert p[\"vendor_id\"] == rd(s, \"vendor\")[2:], p
    assert p[\"device_id\"] == rd(s, \"device\")[2:], p
    assert p[\"class_id\"] == rd(s, \"class\")[2:6], p
    assert p[\"subsystem_vendor_id\"] == rd(s, \"subsystem_vendor\")[2:], p
    drv = os.path.join(base, s, \"driver\")
    want = os.path.basename(os.readlink(drv)) if os.path.islink(drv) else None
    assert p[\"driver\"] == want, (p, want)
    mod = os.path.join(drv, \"module\")
    assert p[\"module\"] == (os.path.basename(os.readlink(mod)) if os.path.islink(mod) else None)
print(len(got), \"PCI devices\")
"
'

test_expect_success 'the modules are those of /proc/modules, or its absence is an error' '
	"$KBUG" collect --json --probe modules >m.json &&
	check m.json "
import os
names = [m[\"name\"] for m in d[\"modules\"]]
if os.path.exists(\"/proc/modules\"):
    want = [l.split()[0] for l in open(\"/proc/modules\")]
    assert names == want, (names, want)
    for m in d[\"modules\"]:
        assert \"source_dir\" in m and \"out_of_tree\" in m
else:
    assert names == []
    assert any(e[\"probe\"] == \"modules\" and \"/proc/modules\" in e[\"message\"] for e in d[\"errors\"]), d[\"errors\"]
"
'

test_expect_success 'USB devices and DMI are those of /sys where present, else errors' '
	"$KBUG" collect --json --no-redact --probe usb --probe dmi >u.json &&
	check u.json "
import os
base = \"/sys/bus/usb/devices\"
errs = {e[\"probe\"] for e in d[\"errors\"]}
if os.path.isdir(base):
    devs = sorted((int(open(os.path.join(base, n, \"busnum\")).read()), int(open(os.path.join(base, n, \"devnum\")).read()))
                  for n in os.listdir(base) if \":\" not in n)
    assert sorted((u[\"busnum\"], u[\"devnum\"]) for u in d[\"usb\"]) == devs
else:
    assert d[\"usb\"] == [] and \"usb\" in errs
dmi = \"/sys/class/dmi/id\"
if os.path.isdir(dmi):
    if os.path.exists(dmi + \"/sys_vendor\"):
        assert d[\"dmi\"][\"sys_vendor\"] == open(dmi + \"/sys_vendor\").read().strip()
else:
    assert d[\"dmi\"] == {} and \"dmi\" in errs
"
'

test_expect_success 'the kernel log is whole: every /dev/kmsg record, and dmesg.txt' '
	"$KBUG" collect --no-redact --probe dmesg -o full.json &&
	check full.json "
import os
dm = d[\"dmesg\"]
assert dm[\"source\"] in (\"kmsg\", \"klogctl\", \"journal\"), dm[\"source\"]
assert dm[\"count\"] > 0 and len(dm[\"records\"]) == dm[\"count\"]
if dm[\"source\"] == \"kmsg\":
    seqs = [r[\"seq\"] for r in dm[\"records\"]]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert dm[\"wrapped\"] == (seqs[0] > 0)
att = {a[\"name\"]: a for a in d[\"attachments\"]}
txt = att[\"dmesg.txt\"][\"text\"]
import re
stamped = [l for l in txt.split(chr(10)) if re.match(r\"\\[ *[0-9]+\\.[0-9]{6}\\] \", l)]
assert len(stamped) == dm[\"count\"], (len(stamped), dm[\"count\"])
assert txt.count(chr(10)) == dm[\"count\"] + sum(r[\"text\"].count(chr(10)) for r in dm[\"records\"])
first = dm[\"records\"][0]
assert first[\"text\"] in txt.split(chr(10))[0]
"
'

test_expect_success 'the kernel config is attached when the kernel has one' '
	"$KBUG" collect --probe config -o c.json &&
	check c.json "
import gzip, os
att = {a[\"name\"]: a for a in d[\"attachments\"]}
if os.path.exists(\"/proc/config.gz\"):
    want = gzip.open(\"/proc/config.gz\").read().decode()
    assert d[\"config\"][\"source\"] == \"/proc/config.gz\"
    assert d[\"config\"][\"size\"] == len(want.encode())
    assert \"CONFIG_\" in att[\"config.txt\"][\"text\"]
else:
    assert \"config.txt\" in att or any(e[\"probe\"] == \"config\" for e in d[\"errors\"])
"
'

test_expect_success '--json lists attachments without their text; -o keeps it' '
	"$KBUG" collect --json --probe dmesg >j.json &&
	check j.json "
for a in d[\"attachments\"]:
    assert \"text\" not in a and a[\"size\"] > 0, a
assert [a[\"name\"] for a in d[\"attachments\"]] == [\"dmesg.txt\"]
"
'

test_expect_success 'collect without --json prints the text rendering' '
	"$KBUG" collect --probe kernel --probe distro >out.txt &&
	grep -q "^Kernel$" out.txt &&
	grep -q "^  release: *$(uname -r)$" out.txt &&
	grep -q "^Distribution$" out.txt
'

test_done
