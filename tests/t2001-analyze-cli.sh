#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug analyze from the command line: files, stdin, --json, --report replay, errors.
. "$(dirname "$0")/lib.sh"

LKDTM=$CORPUS_DIR/qemu-lkdtm-warning.log

test_expect_success 'the lkdtm WARNING of a QEMU guest' '
	"$KBUG" analyze "$LKDTM" >out &&
	grep -q "^WARNING in lkdtm_WARNING  \[drivers/misc/lkdtm/bugs.c\]  lines 243-280$" out
'
test_expect_success 'stdin and --json' '
	"$KBUG" analyze --json - <"$LKDTM" >out.json &&
	$PYTHON -c "import json,sys; r=json.load(open(\"out.json\"))[\"reports\"][0]
assert r[\"title\"] == \"WARNING in lkdtm_WARNING\", r[\"title\"]
assert r[\"guilty_file\"] == \"drivers/misc/lkdtm/bugs.c\"
assert r[\"modules\"] == [\"e1000\"] and r[\"release\"] == \"6.12.118\"
assert r[\"frames\"][0][\"function\"] == \"lkdtm_WARNING\""
'

test_expect_success 'a saved report: module-only frames blamed through its modules (no index)' '
	$PYTHON - <<-\PY &&
	import json
	log = "\n".join([
	    "[   5.100000] BUG: kernel NULL pointer dereference, address: 0000000000000008",
	    "[   5.100001] RIP: 0010:e1000_clean+0x1a/0x80 [e1000]",
	    "[   5.100002] Call Trace:",
	    "[   5.100003]  <IRQ>",
	    "[   5.100004]  __napi_poll+0x28/0x1b0",
	    "[   5.100005]  </IRQ>", ""])
	json.dump({"schema": "kbug-report/1",
	           "modules": [{"name": "e1000", "source_dir": "drivers/net/ethernet/intel/e1000"}],
	           "dmesg": {"text": log}}, open("report.json", "w"))
	PY
	KBUG_INDEX= "$KBUG" analyze --json --report report.json >out.json &&
	$PYTHON -c "import json; a=json.load(open(\"out.json\"))
r=a[\"reports\"][0]
assert a[\"source\"] == \"dmesg\"
assert r[\"guilty_file\"] == \"drivers/net/ethernet/intel/e1000/\", r
assert r[\"guilty_module\"] == \"e1000\" and r[\"guilty_function\"] == \"e1000_clean\""
'

test_expect_success 'a log without reports: exit 0, says so' '
	printf "[    0.000000] Linux version 6.12.118\n[    1.0] usb 1-1: new device\n" >quiet.log &&
	"$KBUG" analyze quiet.log >out &&
	grep -q "^no kernel reports found$" out
'

test_expect_success 'an unreadable log: exit 1, naming it' '
	test_expect_code 1 "$KBUG" analyze no-such.log 2>err &&
	grep -q "no-such.log" err &&
	mkdir adir &&
	test_expect_code 1 "$KBUG" analyze adir 2>err &&
	grep -q "adir" err
'

test_expect_success 'usage errors: exit 2' '
	test_expect_code 2 "$KBUG" analyze --no-such-option &&
	test_expect_code 2 "$KBUG" analyze a.log b.log &&
	test_expect_code 2 "$KBUG" analyze --report
'

test_expect_success 'a FIFO as --vmlinux: refused with a warning, not waited on' '
	mkfifo vmfifo &&
	printf "[    1.0] BUG: kernel NULL pointer dereference, address: 0000000000000000\n[    1.0] RIP: 0010:foo+0x1a/0x80\n" >fifo.log &&
	timeout 10 "$KBUG" analyze --vmlinux vmfifo fifo.log >out 2>err &&
	grep -q "NULL pointer dereference" out &&
	{ grep -q "cannot read .vmfifo.: not a regular file" err ||
	  grep -q "no file:line resolution" err; }
'

test_done
