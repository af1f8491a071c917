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

test_done
