#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# The modules probe through libkmod's indexes: a --sysroot tree whose
# /lib/modules/RELEASE is made here by depmod(8) from stand-in .ko files
# (ELF objects with a .modinfo), with only the binary indexes left, so
# that every path comes from libkmod, compressed modules included.
. "$(dirname "$0")/lib.sh"

DEPMOD=$(command -v depmod || echo /usr/sbin/depmod)
require "$DEPMOD" gcc xz

R=6.1.0-kbugtest
ROOT=$TRASH/root
MODS=$ROOT/lib/modules/$R
mkdir -p "$ROOT/proc/sys/kernel" "$MODS"
echo "$R" >"$ROOT/proc/sys/kernel/osrelease"

# stand_in NAME DIR [COMPRESS]: an object file depmod takes for module NAME
stand_in() {
	mkdir -p "$MODS/$2"
	cat >"$TRASH/$1.c" <<-C
	__attribute__((section(".modinfo"), used)) static const char a[] = "license=GPL";
	__attribute__((section(".modinfo"), used)) static const char b[] = "depends=";
	__attribute__((section(".modinfo"), used)) static const char c[] = "name=$1";
	__attribute__((section(".gnu.linkonce.this_module"), used)) static char m[1024];
	C
	gcc -c -o "$MODS/$2/$1.ko" "$TRASH/$1.c" || return 1
	if [ -n "${3-}" ]; then xz "$MODS/$2/$1.ko" || return 1; fi
}
stand_in e1000 kernel/drivers/net/ethernet/intel/e1000 xz &&
stand_in snd-hda-intel kernel/sound/pci/hda &&
stand_in vboxdrv updates/dkms &&
printf 'kernel/drivers/acpi/button.ko\n' >"$MODS/modules.builtin" &&
"$DEPMOD" -b "$ROOT" "$R" 2>/dev/null &&
rm "$MODS/modules.dep" &&	# libkmod reads modules.dep.bin; the text is gone
printf '%s\n' "e1000 159744 0 - Live 0xffffffffc0100000" \
	"snd_hda_intel 61440 3 - Live 0xffffffffc0200000" \
	"vboxdrv 696320 0 - Live 0xffffffffc0300000 (OE)" \
	"button 24576 0 - Live 0xffffffffc0400000" >"$ROOT/proc/modules"

test_expect_success 'depmod made binary indexes only' '
	test -s "$MODS/modules.dep.bin" && test ! -e "$MODS/modules.dep"
'

test_expect_success 'paths and source directories come from libkmod' '
	"$KBUG" --sysroot "$ROOT" collect --no-redact --probe modules --json >m.json &&
	"$PYTHON" - "$R" <<-PY
	import json, sys
	r = sys.argv[1]
	d = json.load(open("m.json"))
	assert d["errors"] == [], d["errors"]
	m = {x["name"]: x for x in d["modules"]}
	assert list(m) == ["e1000", "snd_hda_intel", "vboxdrv", "button"], list(m)
	e = m["e1000"]
	assert e["path"] == "/lib/modules/%s/kernel/drivers/net/ethernet/intel/e1000/e1000.ko.xz" % r, e
	assert e["source_dir"] == "drivers/net/ethernet/intel/e1000/", e
	# snd_hda_intel: the file is snd-hda-intel.ko, the module name has underscores
	assert m["snd_hda_intel"]["source_dir"] == "sound/pci/hda/", m["snd_hda_intel"]
	v = m["vboxdrv"]
	assert v["path"].endswith("/updates/dkms/vboxdrv.ko") and v["source_dir"] is None, v
	assert v["out_of_tree"] and v["unsigned"] and not v["proprietary"], v
	# button is built in: no file of its own
	assert m["button"]["path"] is None, m["button"]
	assert d["modules_builtin"] == {"count": 1, "names": ["button"]}, d["modules_builtin"]
	PY
'

test_expect_success 'an absolute /lib/modules/R link resolves inside the root (issue 18)' '
	rm -rf root2 && mkdir -p root2/usr/lib/modules root2/lib/modules &&
	cp -r "$ROOT/proc" root2/ && cp -r "$MODS" root2/usr/lib/modules/ &&
	ln -s /usr/lib/modules/$R root2/lib/modules/$R &&
	"$KBUG" --sysroot "$TRASH/root2" collect --no-redact --probe modules --json >m2.json &&
	"$PYTHON" - "$R" <<-PY
	import json, sys
	r = sys.argv[1]
	d = json.load(open("m2.json"))
	assert d["errors"] == [], d["errors"]
	e = {x["name"]: x for x in d["modules"]}["e1000"]
	assert e["path"] == "/usr/lib/modules/%s/kernel/drivers/net/ethernet/intel/e1000/e1000.ko.xz" % r, e
	assert e["source_dir"] == "drivers/net/ethernet/intel/e1000/", e
	PY
'

test_done
