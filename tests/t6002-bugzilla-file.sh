#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Filing a saved report into the Bugzilla test server: the product and
# component (B: URI, map, options, never a guess), legal field values only,
# custom fields only where they exist, the attachments byte for byte, the
# duplicate found by title and commented on instead.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"

bz_setup
file() {
	"$KBUG" bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" --outbox "$OB" "$@"
}
last_bug() {
	bz_sql "SELECT MAX(id) FROM bugs"
}

test_expect_success 'a report is filed: filed: URL last on stdout' '
	bz_report r1.json &&
	file --report r1.json >out 2>err &&
	id=$(last_bug) && test "$id" = 4 &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=4"
'

test_expect_success 'with the product and component of the map, and the right fields' '
	test "$(bz_sql "SELECT product, component, version, summary, op_sys, platform, severity, status, creator FROM bugs WHERE id = 4")" = \
		"ACPI|Other|unspecified|BUG: kernel NULL pointer dereference in acpi_ec_read|Linux|x86-64|high|NEW|reporter@example.com"
'

test_expect_success 'the custom kernel-version field is filled, the regression flag is not claimed' '
	test "$(bz_sql "SELECT custom FROM bugs WHERE id = 4")" = "{\"cf_kernel_version\": \"6.12.118\"}"
'

test_expect_success 'the description is the rendered report with the kbug marker' '
	bz_sql "SELECT text FROM comments WHERE bug_id = 4 AND count = 0" >desc &&
	grep -q "The laptop oopses when the lid opens." desc &&
	grep -q "^kbug-report-id: [0-9]\{8\}-[0-9]\{6\}-[0-9a-f]\{8\}$" desc
'

test_expect_success 'every attachment arrived decoded, byte for byte, once' '
	bz_check_attachments 4 r1.json &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = 4")" = 4
'

test_expect_success 'the outbox item moved to sent/ with the bug id, and holds no key' '
	ls "$OB/sent" >ids && test "$(wc -l <ids)" = 1 &&
	"$PYTHON" -c "import json,sys; s=json.load(open(sys.argv[1])); sys.exit(not (s[\"bug_id\"]==\"4\" and s[\"url\"]==sys.argv[2] and s[\"state\"]==\"sent\"))" \
		"$OB/sent/$(cat ids)/state.json" "$BZ_URL/show_bug.cgi?id=4" &&
	! grep -rq "$BZ_KEY" "$OB"
'

test_expect_success 'a duplicate by title is shown and, without --yes or a terminal, nothing is filed' '
	test_expect_code 3 file --report r1.json >out 2>err &&
	grep -q "possible duplicate: $BZ_URL/show_bug.cgi?id=4 \[NEW\] BUG: kernel NULL pointer" err &&
	grep -q "rerun with --yes to add the report to it, or --new" err &&
	test "$(last_bug)" = 4
'

test_expect_success 'with --yes: commented on the duplicate, attachments there, no new bug' '
	n0=$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = 4") &&
	file --report r1.json --yes >out 2>err &&
	test "$(last_bug)" = 4 &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=4" &&
	bz_sql "SELECT text FROM comments WHERE bug_id = 4 AND count > 0 AND attachment_id IS NULL" >c &&
	grep -q "kbug found this bug matching a new report" c &&
	grep -q "^kbug-report-id: " c &&
	test "$(bz_sql "SELECT COUNT(*) FROM attachments WHERE bug_id = 4")" = $((n0 + 4))
'

test_expect_success 'the queued duplicate item is retried with --yes through kbug outbox' '
	id=$(ls "$OB" | grep -v sent) && test -n "$id" &&
	"$KBUG" outbox --outbox "$OB" --retry "$id" --yes --bugzilla-url "$BZ_URL" \
		--api-key-file "$TRASH/key" >out 2>err &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=4" &&
	test "$(last_bug)" = 4
'

test_expect_success 'with --new: a new bug even though a duplicate exists' '
	file --report r1.json --new >out 2>err &&
	test "$(last_bug)" = 5 &&
	test "$(tail -n 1 out)" = "filed: $BZ_URL/show_bug.cgi?id=5"
'

test_expect_success 'a closed bug with the same title is no duplicate' '
	bz_report r2.json "title=xhci_hcd: WARNING in xhci_ring_ep_doorbell" kind=WARNING section="USB XHCI DRIVER" product=Drivers component=USB &&
	file --report r2.json >out 2>err &&
	test "$(last_bug)" = 6 &&
	test "$(bz_sql "SELECT product, component, severity FROM bugs WHERE id = 6")" = "Drivers|USB|normal"
'

test_expect_success 'product and component from the B: URI query' '
	bz_report r3.json "title=f2fs: inconsistent node block" section="F2FS FILE SYSTEM" \
		"b_entry=https://bugzilla.kernel.org/enter_bug.cgi?product=File%20System&component=f2fs" &&
	file --report r3.json >out 2>err &&
	test "$(bz_sql "SELECT product, component FROM bugs WHERE id = 7")" = "File System|f2fs"
'

test_expect_success 'the buglist.cgi form, component first, + for spaces' '
	bz_report r4.json "title=KASAN: slab-use-after-free in foo" section=KASAN \
		"b_entry=https://bugzilla.kernel.org/buglist.cgi?component=Sanitizers&product=Memory+Management" &&
	file --report r4.json >out 2>err &&
	test "$(bz_sql "SELECT product, component FROM bugs WHERE id = 8")" = "Memory Management|Sanitizers"
'

test_expect_success '--product and --component win over the route' '
	bz_report r5.json "title=PCI: AER flood on 00:1c.0" section="PCI SUBSYSTEM" &&
	file --report r5.json --product Drivers --component Other >out 2>err &&
	test "$(bz_sql "SELECT product, component FROM bugs WHERE id = 9")" = "Drivers|Other"
'

test_expect_success 'a section the map does not know: a clear failure, nothing queued or filed' '
	bz_report r6.json "title=foo: bar" section="SOME UNMAPPED SECTION" &&
	test_expect_code 1 file --report r6.json </dev/null >out 2>err &&
	grep -q "no Bugzilla product and component for MAINTAINERS section .SOME UNMAPPED SECTION.: give --product and --component" err &&
	test "$(last_bug)" = 9
'

test_expect_success 'on a terminal, an unmapped section asks for product and component' '
	n=$(last_bug) &&
	bz_pty "Bugzilla product: =Drivers" "Bugzilla component: =PCI" -- \
		"$KBUG" bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" \
		--outbox "$OB" --report r6.json &&
	grep -q "the MAINTAINERS section \"SOME UNMAPPED SECTION\" names no Bugzilla product and component" pty.out &&
	test "$(last_bug)" = $((n + 1)) &&
	test "$(bz_sql "SELECT product, component FROM bugs WHERE id = $((n + 1))")" = "Drivers|PCI"
'

test_expect_success 'on a terminal, a duplicate is offered: [c] comments on it' '
	n=$(last_bug) &&
	bz_pty "or stop [q]? =c" -- \
		"$KBUG" bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" \
		--outbox "$OB" --report r6.json --product Drivers --component PCI &&
	grep -q "possible duplicate: $BZ_URL/show_bug.cgi?id=$n" pty.out &&
	test "$(last_bug)" = $n &&
	grep -q "filed: $BZ_URL/show_bug.cgi?id=$n" pty.out
'

test_expect_success 'on a terminal, [q] stops and keeps the report' '
	n=$(last_bug) &&
	test_expect_code 3 bz_pty "or stop [q]? =q" -- \
		"$KBUG" bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" \
		--outbox "$OB" --report r6.json --product Drivers --component PCI &&
	test "$(last_bug)" = $n
'

test_expect_success 'a map file in the config overrides the shipped map' '
	cat >map <<-\EOF &&
	@url https://bugzilla.kernel.org
	SOME UNMAPPED SECTION | Other | Other
	PCI SUBSYSTEM | Drivers | Other
	EOF
	printf "[bugzilla]\nmap-file = %s/map\n" "$TRASH" >cfg &&
	KBUG_CONFIG=$TRASH/cfg file --report r6.json >out 2>err &&
	test "$(bz_sql "SELECT product, component FROM bugs WHERE id = $(last_bug)")" = "Other|Other"
'

test_expect_success 'an unknown component: the components listed, exit 3, nothing filed' '
	n=$(last_bug) &&
	bz_report r7.json "title=acpi: something else" product=ACPI component=Nonexistent &&
	test_expect_code 3 file --report r7.json >out 2>err &&
	grep -q "unknown component .Nonexistent. in product .ACPI. at $BZ_URL; its components: ACPICA-Core, BIOS" err &&
	test "$(last_bug)" = "$n"
'

test_expect_success 'an unknown product: exit 3 and a message' '
	bz_report r8.json "title=x: y" product=Nonexistent component=Other &&
	test_expect_code 3 file --report r8.json >out 2>err &&
	grep -q "unknown product .Nonexistent." err
'

test_expect_success 'a regression sets the server'"'"'s regression flag' '
	bz_report r9.json "title=ACPI: battery gone after 6.12" regression=6.11 &&
	file --report r9.json >out 2>err &&
	id=$(last_bug) &&
	test "$(bz_sql "SELECT custom FROM bugs WHERE id = $id")" = "{\"cf_kernel_version\": \"6.12.118\", \"cf_regression\": \"Yes\"}"
'

test_expect_success '--dry-run: the JSON it would POST, nothing filed or queued' '
	n=$(last_bug) && ls -R "$OB" >before &&
	bz_report r10.json "title=ACPI: dry run" &&
	file --report r10.json --dry-run >out 2>err &&
	"$PYTHON" - out <<-\PY &&
	import json, sys
	b = json.load(open(sys.argv[1]))
	assert b["product"] == "ACPI" and b["component"] == "Other", b
	assert b["version"] == "unspecified" and b["op_sys"] == "Linux", b
	assert b["platform"] == "x86-64" and b["cf_kernel_version"] == "6.12.118", b
	assert "kbug-report-id: " in b["description"], b
	PY
	test "$(last_bug)" = "$n" &&
	ls -R "$OB" >after && test_cmp before after
'

bz_start plain --no-custom-fields
test_expect_success 'a Bugzilla without custom fields gets none' '
	bz_report r11.json "title=ACPI: no custom fields" regression=6.11 &&
	file --report r11.json >out 2>err &&
	test "$(bz_sql "SELECT product, custom FROM bugs WHERE id = 4")" = "ACPI|{}"
'

test_expect_success 'the API key is in no log, even at -vv' '
	bz_report r12.json "title=ACPI: verbose" &&
	"$KBUG" -vv bugzilla file --bugzilla-url "$BZ_URL" --api-key-file "$TRASH/key" \
		--outbox "$OB" --report r12.json >out 2>err &&
	grep -q "bugzilla: POST /bug" err &&
	! grep -q "$BZ_KEY" err out &&
	! grep -rq "$BZ_KEY" "$OB"
'

bz_start strict --mandatory cf_tree
test_expect_success 'a mandatory custom field kbug cannot fill: a clear message, exit 3' '
	bz_report r13.json "title=ACPI: mandatory field" &&
	test_expect_code 3 file --report r13.json >out 2>err &&
	grep -q "this Bugzilla requires the field .Tree. (cf_tree) on new bugs and kbug cannot fill it: set it in the config as \[bugzilla-fields\] cf_tree = VALUE" err &&
	test "$(bz_sql "SELECT COUNT(*) FROM bugs")" = 3
'

test_expect_success 'set in [bugzilla-fields], the retry files it' '
	printf "[bugzilla-fields]\ncf_tree = Debian\n" >cfg2 &&
	id=$(ls "$OB" | grep -v sent | tail -n 1) &&
	KBUG_CONFIG=$TRASH/cfg2 "$KBUG" outbox --outbox "$OB" --retry "$id" --bugzilla-url "$BZ_URL" \
		--api-key-file "$TRASH/key" >out 2>err &&
	test "$(bz_sql "SELECT custom FROM bugs WHERE id = 4")" = "{\"cf_kernel_version\": \"6.12.118\", \"cf_tree\": \"Debian\"}"
'

test_expect_success 'the server enforces it too: missing required field, code 32000' '
	printf "[bugzilla-fields]\ncf_tree = \n" >cfg3 &&
	bz_report r14.json "title=ACPI: mandatory field empty" &&
	KBUG_CONFIG=$TRASH/cfg3 test_expect_code 3 file --report r14.json >out 2>err &&
	grep -q "rejected by the server (Bugzilla error 32000, HTTP 400): A value must be set for the .Tree. field." err
'

test_done
