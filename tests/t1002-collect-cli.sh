#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# kbug collect's options and errors, and collect over the fixture roots
# (--sysroot): sections, errors of missing sources, --probe, --log.
. "$(dirname "$0")/lib.sh"
FIX=$TESTS_DIR/fixtures

check() {
	"$PYTHON" - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
PY
}

test_expect_success 'usage errors are one line and exit 2' '
	for args in "--frobnicate" "--probe nosuch" "--probe" "--probe=" "--probe=,," "--boot 1" "--boot x" \
		    "--timeout 0" "--timeout abc" "--max-output 12" "extra"; do
		# shellcheck disable=SC2086
		test_expect_code 2 "$KBUG" collect $args >out 2>err || exit 1
		test "$(wc -l <err)" = 1 || { cat err; exit 1; }
		test ! -s out || exit 1
	done &&
	! "$KBUG" collect --probe nosuch 2>err && grep -q "no probe '"'"'nosuch'"'"'" err
'

test_expect_success 'an unreadable --log is an error naming the file, exit 1' '
	test_expect_code 1 "$KBUG" collect --log "$TRASH/missing.log" 2>err &&
	grep -q "cannot read '"'"'$TRASH/missing.log'"'"'" err
'

test_expect_success '--list-probes and kbug probes list every probe in order' '
	"$KBUG" collect --list-probes >l &&
	test "$(grep -v "^ " l | cut -d" " -f1 | tr "\n" " ")" = "kernel distro dmi pci usb modules config dmesg gpu audio power firmware " &&
	"$KBUG" probes --json >p.json &&
	check p.json "assert [p[\"name\"] for p in d] == \"kernel distro dmi pci usb modules config dmesg gpu audio power firmware\".split(); assert all(p[\"reads\"] for p in d)"
'

test_expect_success '--probe runs only the named probes (repeatable, comma lists)' '
	"$KBUG" collect --json --probe kernel,distro --probe=dmi >o.json &&
	check o.json "
secs = set(d) - {\"schema\", \"generator\", \"created\", \"errors\", \"redactions\", \"attachments\", \"kbug\", \"hostname_redacted\"}
assert {\"kernel\", \"distro\", \"dmi\"} <= secs, secs
assert not secs & {\"pci\", \"usb\", \"modules\", \"dmesg\", \"config\"}, secs
"
'

test_expect_success 'a fixture laptop: every section, no errors' '
	"$KBUG" --sysroot "$FIX/laptop" collect --json --no-redact >f.json &&
	check f.json "
assert d[\"errors\"] == [], d[\"errors\"]
assert d[\"kernel\"][\"release\"] == \"6.12.118-1-amd64\"
assert d[\"kernel\"][\"tainted\"] [\"flags\"] == \"PWOE\"
assert d[\"kernel\"][\"origin\"][\"guess\"] == \"distribution\"
assert d[\"distro\"][\"id\"] == \"debian\"
assert d[\"dmi\"][\"product_version\"] == \"ThinkPad X1 Carbon Gen 10\"
assert [p[\"slot\"] for p in d[\"pci\"]] == [\"0000:00:02.0\", \"0000:00:14.0\", \"0000:00:1f.3\", \"0000:00:1f.6\", \"0000:02:00.0\"]
assert [(u[\"busnum\"], u[\"devnum\"]) for u in d[\"usb\"]] == [(1, 1), (1, 2), (1, 3), (1, 4)]
m = {m[\"name\"]: m for m in d[\"modules\"]}
assert m[\"e1000e\"][\"source_dir\"] == \"drivers/net/ethernet/intel/e1000e/\"
assert m[\"nvidia\"][\"out_of_tree\"] and m[\"nvidia\"][\"proprietary\"]
assert d[\"dmesg\"][\"count\"] == 8 and d[\"dmesg\"][\"source\"] == \"kmsg\"
assert d[\"config\"][\"source\"] == \"/boot/config-6.12.118-1-amd64\"
"
'

test_expect_success 'a fixture with most sources missing: errors per probe, exit 0' '
	"$KBUG" --sysroot "$FIX/minimal" collect --json >m.json &&
	check m.json "
errs = {}
for e in d[\"errors\"]:
    errs.setdefault(e[\"probe\"], []).append(e[\"message\"])
for p in (\"pci\", \"usb\", \"dmi\", \"modules\", \"config\"):
    assert p in errs, (p, errs)
assert \"kernel\" not in errs and \"distro\" not in errs
assert d[\"distro\"][\"source\"] == \"/usr/lib/os-release\"
assert d[\"dmesg\"][\"wrapped\"] is True and d[\"dmesg\"][\"first_seq\"] == 1500
assert d[\"kernel\"][\"origin\"][\"guess\"] == \"mainline\"
r = d[\"kernel\"][\"tainted\"][\"reasons\"]
assert [x[\"reason\"] for x in r] == [\"kernel issued warning\", \"bit 20\"], r
"
'

test_expect_success '--log FILE is the kernel log (source "file")' '
	printf "[    1.000000] hello\n[    2.000000] world\n" >my.log &&
	"$KBUG" collect --log my.log --probe dmesg -o r.json &&
	check r.json "
assert d[\"dmesg\"][\"source\"] == \"file\" and d[\"dmesg\"][\"count\"] == 2
assert d[\"dmesg\"][\"text\"].endswith(\"world\\n\")
assert [a[\"text\"] for a in d[\"attachments\"] if a[\"name\"] == \"dmesg.txt\"] == [d[\"dmesg\"][\"text\"]]
"
'

test_expect_success '--max-output bounds every section and attachment' '
	"$KBUG" --sysroot "$FIX/laptop" collect --max-output 4096 --no-redact -o b.json &&
	check b.json "
import json as j
for k in (\"kernel\", \"pci\", \"usb\", \"modules\", \"dmesg\"):
    assert len(j.dumps(d[k], separators=(\",\", \":\"))) <= 4096 + 64, k
for a in d[\"attachments\"]:
    assert a[\"size\"] <= 4096, a[\"name\"]
"
'

test_expect_success '--boot -1 on a tree without a journal is an error of the dmesg probe' '
	"$KBUG" --sysroot "$FIX/laptop" collect --boot -1 --probe dmesg --json >bt.json &&
	check bt.json "assert any(e[\"probe\"] == \"dmesg\" and \"boot -1\" in e[\"message\"] for e in d[\"errors\"]), d[\"errors\"]"
'

test_expect_success 'the saved report replays: kbug analyze --report reads its log' '
	"$KBUG" --sysroot "$FIX/laptop" collect --no-redact -o saved.json &&
	"$KBUG" analyze --json --report saved.json >a.json &&
	check a.json "
f = [r[\"guilty_file\"] for r in d[\"reports\"]]
assert f == [\"drivers/gpu/drm/i915/intel_display.c\"], f
"
'

test_expect_success '--log - reads the log from standard input' '
	"$KBUG" collect --log - --json --no-redact --probe dmesg \
		<"$CORPUS_DIR/qemu-lkdtm-warning.log" >stdin.json &&
	"$KBUG" collect --log "$CORPUS_DIR/qemu-lkdtm-warning.log" --json --no-redact \
		--probe dmesg >file.json &&
	"$PYTHON" -c "import json, sys; a, b = (json.load(open(f))[\"dmesg\"] for f in sys.argv[1:])
assert a[\"count\"] == b[\"count\"] > 100, (a[\"count\"], b[\"count\"])" stdin.json file.json &&
	test_expect_code 2 "$KBUG" report --log - --description - --yes </dev/null 2>err &&
	grep -q "cannot both read standard input" err
'

test_done
