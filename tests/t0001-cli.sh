#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The command-line front end: dispatch, help, global options, usage errors.
. "$(dirname "$0")/lib.sh"

test_expect_success 'kbug --version prints the version' '
	"$KBUG" --version >out &&
	grep -Eq "^kbug [0-9]+\.[0-9]+" out
'

test_expect_success 'kbug with no command prints usage to stderr and exits 2' '
	test_expect_code 2 "$KBUG" 2>err &&
	grep -q "^usage: kbug" err
'

test_expect_success 'kbug help lists every command with its summary' '
	"$KBUG" help >out &&
	grep -q "^commands:" out &&
	for c in $(awk "/^commands:/ {on = 1; next} /^$/ {on = 0} on {print \$1}" out); do
		"$KBUG" help "$c" >h && grep -q "^kbug $c: " h || exit 1
	done
'

test_expect_success 'an unknown command is a one-line error and exit 2' '
	test_expect_code 2 "$KBUG" frobnicate 2>err &&
	test "$(wc -l <err)" = 1 &&
	grep -q "'"'"'frobnicate'"'"' is not a kbug command" err
'

test_expect_success 'an unknown global option is a one-line error and exit 2' '
	test_expect_code 2 "$KBUG" --frobnicate 2>err &&
	test "$(wc -l <err)" = 1
'

test_expect_success 'help for an unknown command exits 2' '
	test_expect_code 2 "$KBUG" help frobnicate 2>err
'

test_expect_success '-o FILE writes the output to the file' '
	"$KBUG" -o help.txt help &&
	grep -q "^commands:" help.txt
'

test_expect_success '-o to an unwritable place fails with a message naming it' '
	test_expect_code 1 "$KBUG" -o /nonexistent/dir/x help 2>err &&
	grep -q "/nonexistent/dir/x" err
'

test_expect_success '-o without a value is a usage error' '
	test_expect_code 2 "$KBUG" help -o 2>err
'

# The option tables (collector/util/options.h): every option takes
# --opt=value and --opt value, the global ones stand anywhere.
test_expect_success 'every option takes --opt=value as well as --opt value' '
	: >empty.cfg &&
	KBUG_CONFIG=$PWD/empty.cfg "$KBUG" outbox --outbox=$PWD/ob >out &&
	grep -q "nothing waits in $PWD/ob" out &&
	KBUG_CONFIG=$PWD/empty.cfg test_expect_code 1 "$KBUG" bugzilla whoami --timeout=5 2>err &&
	grep -q "no Bugzilla URL" err &&
	test_expect_code 2 "$KBUG" bugzilla whoami --timeout=0 2>err &&
	grep -q "^kbug bugzilla: --timeout takes a number of seconds from 1 to 3600, not .0." err
'

test_expect_success 'global options before and after the command, up to --' '
	"$KBUG" --json probes >before.json &&
	"$KBUG" probes --json >after.json &&
	test_cmp before.json after.json &&
	grep -q "\"name\"" after.json &&
	"$KBUG" probes -o probes.txt &&
	grep -q "^kernel" probes.txt &&
	test_expect_code 2 "$KBUG" probes -- --json 2>err &&
	grep -q "unknown argument .--json." err
'

test_expect_success 'a value of a command option is never taken for a global option' '
	test_expect_code 1 "$KBUG" analyze --report -q 2>err &&
	grep -q -- "-q" err
'

test_expect_success 'unknown options and missing values after the command: one line, exit 2' '
	while IFS="|" read -r args says; do
		test_expect_code 2 "$KBUG" $args 2>err &&
		test "$(wc -l <err)" = 1 && grep -q "^$says (see .kbug help" err ||
		{ echo "with: $args"; cat err; exit 1; }
	done <<-\EOF
	report --frobnicate|kbug report: unknown option .--frobnicate.
	report --log|kbug report: option .--log. needs a value
	report -yz|kbug report: unknown option .-z.
	route --bug=1 x|kbug route: option .--bug. takes no value
	collect --boot 1|kbug collect: --boot takes a number from -1000 to 0, not .1.
	probes -o|kbug probes: option .-o. needs a value
	EOF
'

test_expect_success 'kbug CMD --help is kbug help CMD, options listed from the table' '
	"$KBUG" help report >help.txt &&
	"$KBUG" report --help >dash.txt &&
	test_cmp help.txt dash.txt &&
	grep -q "^  -n, --dry-run " help.txt &&
	grep -q "^  --outbox DIR " help.txt
'

test_expect_success 'a mistyped command or option: did you mean' '
	test_expect_code 2 "$KBUG" repot 2>err &&
	grep -q "'"'"'repot'"'"' is not a kbug command; did you mean '"'"'report'"'"'?" err &&
	test_expect_code 2 "$KBUG" help reprot 2>err &&
	grep -q "did you mean '"'"'report'"'"'?" err &&
	test_expect_code 2 "$KBUG" report --dryrun 2>err &&
	grep -q "unknown option '"'"'--dryrun'"'"'; did you mean '"'"'--dry-run'"'"'?" err &&
	test_expect_code 2 "$KBUG" collect --probes=pci 2>err &&
	grep -q "did you mean '"'"'--probe'"'"'?" err &&
	test_expect_code 2 "$KBUG" xyzzy 2>err &&
	! grep -q "did you mean" err
'

test_done
