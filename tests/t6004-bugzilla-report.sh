#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The whole pipeline into the Bugzilla test server: kbug report --log FILE
# --to bugzilla routes through MAINTAINERS (ACPI: a bare B: bugzilla.kernel.org,
# so the shipped map names the product), files, uploads, prints filed: URL;
# kbug outbox --retry finishes what a lost reply left unknown, once.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

require tree
MAINT=$(kernel_tree)/MAINTAINERS
bz_setup

cat >"$TRASH/dmesg.txt" <<'LOG'
[    0.000000] Linux version 6.12.118-amd64 (debian-kernel@lists.debian.org) (x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.12.118-1 (2025-01-01)
[   12.345678] BUG: kernel NULL pointer dereference, address: 0000000000000008
[   12.345679] #PF: supervisor read access in kernel mode
[   12.345680] #PF: error_code(0x0000) - not-present page
[   12.345681] PGD 0 P4D 0
[   12.345682] Oops: 0000 [#1] PREEMPT SMP NOPTI
[   12.345683] CPU: 2 PID: 123 Comm: kworker/2:1 Not tainted 6.12.118-amd64 #1 Debian 6.12.118-1
[   12.345684] Hardware name: LENOVO 20XW/20XW, BIOS N32ET75W 01/01/2024
[   12.345685] RIP: 0010:acpi_ec_read+0x1a/0x90
[   12.345686] Code: 00 00 00 00
[   12.345688] Call Trace:
[   12.345689]  <TASK>
[   12.345690]  acpi_ec_space_handler+0x10c/0x2b0
[   12.345691]  acpi_ev_address_space_dispatch+0x160/0x3a0
[   12.345693]  process_one_work+0x17b/0x330
[   12.345694]  worker_thread+0x2ce/0x3f0
[   12.345695]  kthread+0xcf/0x100
[   12.345696]  ret_from_fork+0x31/0x50
[   12.345697]  </TASK>
[   12.345698] ---[ end trace 0000000000000000 ]---
LOG

report() {
	"$KBUG" report --log "$TRASH/dmesg.txt" --file drivers/acpi/ec.c --maintainers "$MAINT" \
		--to bugzilla --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --yes \
		--outbox "$OB" --timeout 5 "$@"
}

test_expect_success 'kbug report --to bugzilla files into ACPI/Other and prints filed: URL last' '
	report >out 2>err &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=4" &&
	test "$(bz_sql "SELECT product, component, version, op_sys, creator FROM bugs WHERE id = 4")" = \
		"ACPI|Other|unspecified|Linux|reporter@example.com" &&
	test "$(bz_sql "SELECT custom FROM bugs WHERE id = 4")" = "{\"cf_kernel_version\": \"6.12.118-amd64\"}"
'

test_expect_success 'the summary is the report title, the description holds the oops' '
	summ=$(bz_sql "SELECT summary FROM bugs WHERE id = 4") && test -n "$summ" &&
	bz_sql "SELECT text FROM comments WHERE bug_id = 4 AND count = 0" >desc &&
	grep -q "RIP: 0010:acpi_ec_read+0x1a/0x90" desc &&
	grep -q "^kbug-report-id: " desc
'

test_expect_success 'the kernel log arrived byte for byte, with the JSON report' '
	"$PYTHON" - "$BZ_DB" "$TRASH/dmesg.txt" <<-\PY
	import json, sqlite3, sys
	db = sqlite3.connect(sys.argv[1])
	got = dict(db.execute("SELECT file_name, data FROM attachments WHERE bug_id = 4"))
	assert got["dmesg.txt"] == open(sys.argv[2], "rb").read(), "dmesg.txt differs"
	rep = json.loads(got["kbug-report.json"])
	assert rep["route"]["destination"]["kind"] == "bugzilla", rep["route"]["destination"]
	assert "ACPI" in rep["route"]["destination"]["section"]
	PY
'

test_expect_success 'the same oops again: the duplicate gets a comment, no new bug' '
	report >out 2>err &&
	grep -q "possible duplicate: $BZ_URL/show_bug.cgi?id=4" err &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=4" &&
	test "$(bz_sql "SELECT MAX(id) FROM bugs")" = 4 &&
	test "$(bz_sql "SELECT COUNT(*) FROM comments WHERE bug_id = 4 AND text LIKE '"'"'kbug found this bug%'"'"'")" = 1
'

test_expect_success '--product/--component and --new-bug: a new bug where told' '
	report --product Drivers --component PCI --new-bug >out 2>err &&
	test "$(bz_sql "SELECT product, component FROM bugs WHERE id = 5")" = "Drivers|PCI"
'

test_expect_success 'a lost reply: exit 3, then kbug outbox --retry files nothing twice' '
	bz_fault "{\"kind\": \"lost\", \"method\": \"POST\", \"path\": \"^/bug$\"}" &&
	{ test_expect_code 3 report --summary "ACPI EC: lost reply" >out 2>err || { cat out err; false; }; } &&
	grep -q "the outcome is unknown" err &&
	test "$(bz_sql "SELECT COUNT(*) FROM bugs WHERE summary = '"'"'ACPI EC: lost reply'"'"'")" = 1 &&
	{ "$KBUG" outbox --outbox "$OB" --retry --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" >out 2>err || { cat out err; false; }; } &&
	bug=$(bz_sql "SELECT id FROM bugs WHERE summary = '"'"'ACPI EC: lost reply'"'"'") &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=$bug" &&
	test "$(bz_sql "SELECT COUNT(*) FROM bugs WHERE summary = '"'"'ACPI EC: lost reply'"'"'")" = 1 &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = $bug")" = \
		"$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = 5")"
'

test_expect_success '--dry-run prints the request it would POST and files nothing' '
	n=$(bz_sql "SELECT COUNT(*) FROM bugs") &&
	report --dry-run >out 2>err &&
	grep -q "\"product\":\"ACPI\"" out && grep -q "\"component\":\"Other\"" out &&
	test "$(bz_sql "SELECT COUNT(*) FROM bugs")" = "$n"
'

test_expect_success 'the API key is nowhere in the outbox' '
	! grep -rq "$BZ_KEY" "$OB"
'

test_done
