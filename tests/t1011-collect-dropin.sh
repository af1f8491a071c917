#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# Issue 22: drop-in probes (docs/dropin-probes.md). Probes in a temporary
# $XDG_CONFIG_HOME/kbug/probes.d (or the directories $KBUG_PROBES_DIRS
# names): their facts and files land in the report, redacted; a slow, loud,
# failing or unsafe one is recorded in "errors" and the report goes on;
# when = module=X follows the suspect and the loaded modules.
. "$(dirname "$0")/lib.sh"
FIX=$TESTS_DIR/fixtures
export XDG_CONFIG_HOME=$TRASH/xdg KBUG_CONFIG= KBUG_PROBES_DIRS=
unset KBUG_PROBES_DIRS

# check FILE PYTHON-CODE: run code with `d` the parsed report, `err` its errors by probe
check() {
	"$PYTHON" -c "import json, sys
d = json.load(open(sys.argv[1]))
err = {}
for e in d[\"errors\"]:
    err.setdefault(e[\"probe\"], []).append(e[\"message\"])
exec(sys.argv[2])" "$1" "$2"
}

# probe DIR NAME MANIFEST-LINES SCRIPT: a probe NAME (mode 0755) and its manifest in DIR
probe() {
	mkdir -p "$1"
	printf '#!/bin/sh\n%s\n' "$4" >"$1/$2"
	chmod 0755 "$1/$2"
	printf '[probe]\n%s\n' "$3" >"$1/$2.conf"
}

# collect with the probes of DIR only (the laptop fixture as the machine)
dcollect() {
	local dir=$1
	shift
	KBUG_PROBES_DIRS=$dir "$KBUG" --sysroot "$FIX/laptop" collect "$@"
}

test_expect_success 'facts from the user directory land in the report, under dropin' '
	U=$XDG_CONFIG_HOME/kbug/probes.d &&
	probe "$U" hello "description = says hello
reads = nothing" "echo \"greeting: hello world\"
echo \"  count :  3  \"
echo \"# a comment\"
echo
echo \"release: \$KBUG_RELEASE\"" &&
	KBUG_DATADIR=$TRASH/none "$KBUG" --sysroot "$FIX/laptop" collect --json >out.json &&
	check out.json "
f = d[\"dropin\"][\"hello\"]
assert f == {\"greeting\": \"hello world\", \"count\": \"3\", \"release\": \"6.12.118-1-amd64\"}, f
assert \"dropin:hello\" not in err, err
"
'

test_expect_success 'kbug probes lists a drop-in with its directory and whether it runs' '
	KBUG_DATADIR=$TRASH/none "$KBUG" probes >list &&
	grep -A3 "^hello " list >h &&
	grep -q "says hello" h &&
	grep -q "from $XDG_CONFIG_HOME/kbug/probes.d$" h &&
	grep -q "reads nothing" h &&
	grep -q "runs (when = always, 5 s limit)" h &&
	KBUG_DATADIR=$TRASH/none "$KBUG" collect --list-probes | grep -A1 "^hello " | grep -q "from " &&
	KBUG_DATADIR=$TRASH/none "$KBUG" probes --json >list.json &&
	"$PYTHON" -c "import json, sys
p = {x[\"name\"]: x for x in json.load(open(sys.argv[1]))}
assert \"kernel\" in p, list(p)
h = p[\"hello\"]
assert (h[\"dir\"], h[\"runs\"], h[\"when\"], h[\"timeout\"]) == (sys.argv[2], True, \"always\", 5), h
" list.json "$XDG_CONFIG_HOME/kbug/probes.d"
'

test_expect_success 'a file it writes is attached, redacted (a MAC address is masked)' '
	probe d mac "" "echo \"mac: 00:1b:21:3a:4f:5c\"
echo \"wlan0 ether 00:1b:21:3a:4f:5c\" >\"\$KBUG_PROBE_OUTDIR/link.txt\"
ln -s /etc/passwd \"\$KBUG_PROBE_OUTDIR/passwd\"
mkfifo \"\$KBUG_PROBE_OUTDIR/fifo\"" &&
	dcollect d --output o.json &&
	! grep -qi "00:1b:21:3a:4f:5c" o.json &&
	check o.json "
a = {x[\"name\"]: x for x in d[\"attachments\"]}
t = a[\"dropin-mac-link.txt\"][\"text\"]
assert t.startswith(\"wlan0 ether [mac-\"), t
assert d[\"dropin\"][\"mac\"][\"mac\"].startswith(\"[mac-\"), d[\"dropin\"]
assert not [n for n in a if \"passwd\" in n or \"fifo\" in n], list(a)
assert any(\"2 entries\" in m and \"not regular files\" in m for m in err[\"dropin:mac\"]), err
" &&
	! ls "${TMPDIR:-/tmp}"/kbug-probe-* 2>/dev/null | grep -q .
'

test_expect_success 'a sleeping probe is killed at its limit and recorded, with its children' '
	probe d slow "timeout = 1" "echo \"before: sleep\"
sleep 30 &
exec sleep 30" &&
	start=$(date +%s) &&
	dcollect d --json >o.json &&
	test $(($(date +%s) - start)) -lt 10 &&
	check o.json "
assert d[\"dropin\"][\"slow\"] == {\"before\": \"sleep\"}, d[\"dropin\"]
assert err[\"dropin:slow\"] == [\"killed at its 1 s time limit; its output may be incomplete\"], err
" &&
	! pgrep -f "^sleep 30$" >/dev/null
'

test_expect_success 'a probe printing 10 MB is cut and stopped; the report stays small' '
	probe d loud "" "echo \"first: yes\"
yes \"filler: 0123456789abcdef0123456789abcdef\" | head -c 10000000
echo \"last: never\"" &&
	dcollect d --output o.json &&
	test $(stat -c %s o.json) -lt 4000000 &&
	check o.json "
f = d[\"dropin\"][\"loud\"]
assert f[\"first\"] == \"yes\" and \"last\" not in f, sorted(f)
assert err[\"dropin:loud\"] == [\"stopped: its output passed 262144 bytes; the rest is lost\"], err
"
'

test_expect_success 'a failing probe is recorded and the others run' '
	probe d afail "" "echo \"partial: 1\"
echo \"no such device\" >&2
exit 3" &&
	probe d zok "" "echo \"ok: yes\"" &&
	dcollect d --json >o.json &&
	check o.json "
assert d[\"dropin\"][\"afail\"] == {\"partial\": \"1\"}, d[\"dropin\"]
assert d[\"dropin\"][\"zok\"] == {\"ok\": \"yes\"}, d[\"dropin\"]
assert err[\"dropin:afail\"] == [\"exited with status 3: no such device\"], err
assert \"dropin:zok\" not in err, err
"
'

test_expect_success 'a group-writable probe, a link and a bad manifest are refused, not run' '
	probe g gw "" "touch $TRASH/ran-gw; echo \"ran: yes\"" &&
	chmod 0775 g/gw &&
	probe g ln "" "echo \"ran: yes\"" &&
	mv g/ln g/ln.real && ln -s ln.real g/ln &&
	probe g bad "colour = blue" "touch $TRASH/ran-bad" &&
	dcollect g --json >o.json 2>err &&
	test ! -e ran-gw && test ! -e ran-bad &&
	grep -q "probe manifest .*bad.conf.: unknown key .colour." err &&
	check o.json "
assert \"dropin\" not in d, d.get(\"dropin\")
assert err[\"dropin:gw\"] == [\"not run: \x27g/gw\x27 is writable by its group\"], err
assert \"a symbolic link\" in err[\"dropin:ln\"][0], err
assert \"is not valid\" in err[\"dropin:bad\"][0], err
" &&
	KBUG_PROBES_DIRS=g "$KBUG" probes 2>/dev/null | grep -A2 "^gw " | grep -q "not run: .*writable by its group"
'

test_expect_success 'a directory others can write refuses all its probes' '
	probe w any "" "touch $TRASH/ran-any" &&
	chmod 0777 w &&
	dcollect w --json >o.json &&
	test ! -e ran-any &&
	check o.json "assert \"writable by others\" in err[\"dropin:any\"][0], err"
'

test_expect_success 'a later directory replaces a probe of the same name' '
	probe pkg same "" "echo \"from: package\"" &&
	probe usr same "" "echo \"from: user\"" &&
	dcollect "$TRASH/pkg:$TRASH/usr" --json >o.json &&
	check o.json "assert d[\"dropin\"][\"same\"] == {\"from\": \"user\"}, d[\"dropin\"]"
'

test_expect_success 'when = module=X: not when X is neither loaded nor the suspect' '
	probe m gpu "when = module=i915" "echo \"suspect: \$KBUG_SUSPECT_MODULE\"" &&
	dcollect m --json >o.json &&
	check o.json "assert \"dropin\" not in d and not [e for e in err if e.startswith(\"dropin\")], d" &&
	KBUG_PROBES_DIRS=m "$KBUG" --sysroot "$FIX/laptop" probes | grep -A2 "^gpu " |
		grep -q "not run: does not apply (when = module=i915)"
'

test_expect_success 'when = module=X: runs when X is loaded' '
	cp -a "$FIX/laptop" root &&
	echo "i915 4059136 3 - Live 0xffffffffc1000000" >>root/proc/modules &&
	KBUG_PROBES_DIRS=m "$KBUG" --sysroot root collect --json >o.json &&
	check o.json "assert d[\"dropin\"][\"gpu\"] == {\"suspect\": \"\"}, d[\"dropin\"]"
'

test_expect_success 'when = module=X, path=P: kbug report runs it for the suspect, redacted' '
	probe m gpu "when = module=i915" "echo \"suspect: \$KBUG_SUSPECT_MODULE\"
echo \"suspect=\$KBUG_SUSPECT_MODULE\" >\"\$KBUG_PROBE_OUTDIR/s.txt\"
echo \"ether 00:1b:21:3a:4f:5c\" >>\"\$KBUG_PROBE_OUTDIR/s.txt\"" &&
	probe m net "when = module=kbug_no_such_module" "echo \"x: y\" >\"\$KBUG_PROBE_OUTDIR/n.txt\"" &&
	probe m gpath "when = kind=BUG path=drivers/gpu/" "echo \"x: y\" >\"\$KBUG_PROBE_OUTDIR/p.txt\"" &&
	KBUG_PROBES_DIRS=m "$KBUG" --sysroot "$FIX/laptop" report --module i915 --to email \
		--dry-run --yes --from "A <a@example.org>" >msg 2>err &&
	grep -A2 "^--- dropin-gpu-s.txt" msg | grep -q "^suspect=i915$" &&
	grep -A2 "^--- dropin-gpu-s.txt" msg | grep -q "^ether \[mac-" &&
	! grep -q "00:1b:21:3a:4f:5c" msg &&
	grep -A2 "^Facts from drop-in probes" msg | grep -q "^Drop-in probe gpu$" &&
	grep -q "^  suspect: *i915$" msg &&
	grep -q "^--- dropin-gpath-p.txt" msg &&
	! grep -q "dropin-net" msg
'

if test "$(id -u)" != 0; then
	test_skip_env 'a probe owned by another user is refused when kbug is root' 'not root'
else
test_expect_success 'a probe owned by another user is refused when kbug is root' '
	probe o other "" "touch $TRASH/ran-other" &&
	chown nobody o/other &&
	dcollect o --json >o.json &&
	test ! -e ran-other &&
	check o.json "assert \"belongs to uid\" in err[\"dropin:other\"][0], err" &&
	probe o2 mine "" "touch $TRASH/ran-mine" &&
	chown nobody o2 &&
	dcollect o2 --json >o.json &&
	test ! -e ran-mine &&
	check o.json "assert \"o2\x27 belongs to uid\" in err[\"dropin:mine\"][0], err"
'
fi

test_expect_success 'the shipped probe crash-settings reads the sysctls under --sysroot' '
	mkdir ship &&
	cp "$SRC_DIR/contrib/probes/crash-settings" "$SRC_DIR/contrib/probes/crash-settings.conf" ship/ &&
	chmod 0755 ship/crash-settings && chmod 0644 ship/crash-settings.conf &&
	cp -a "$FIX/laptop" root2 &&
	echo 1 >root2/proc/sys/kernel/panic_on_warn &&
	echo 120 >root2/proc/sys/kernel/hung_task_timeout_secs &&
	printf "4\t4\t1\t7\n" >root2/proc/sys/kernel/printk &&
	KBUG_PROBES_DIRS=ship "$KBUG" --sysroot root2 collect --json >o.json &&
	check o.json "
assert d[\"dropin\"][\"crash-settings\"] == {\"panic_on_warn\": \"1\", \"hung_task_timeout_secs\": \"120\",
                                          \"printk\": \"4\\t4\\t1\\t7\"}, d[\"dropin\"]
assert \"dropin:crash-settings\" not in err, err
" &&
	KBUG_PROBES_DIRS=ship "$KBUG" probes | grep -A3 "^crash-settings " | grep -q "runs (when = always, 2 s limit)"
'

test_expect_success 'kbug collect --probe NAME runs no drop-in' '
	dcollect d --probe kernel --json >o.json &&
	check o.json "assert \"dropin\" not in d, d"
'

test_done
