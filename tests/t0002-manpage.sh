#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The manual page, docs/kbug.1: it formats without a warning, and it keeps up
# with the program. Every command `kbug help` lists has a subsection, every
# option `kbug help COMMAND` names is in that subsection, every global option
# is in GLOBAL OPTIONS, every [section] key of collector/core/settings.h is in
# CONFIGURATION, every variable the code reads is in ENVIRONMENT, every exit
# code of README.md is in EXIT STATUS. A new command, option or key without
# documentation fails here.
#
# The option lists of the page come from the option tables, and the page
# must be what docs/update-man.sh makes of it now.
#
# The checks read the page as a reader sees it: formatted by groff for a plain
# terminal (no bold or underline), hyphenation off and lines 4000 columns wide,
# so that no option is broken across lines. There, a section heading starts in
# column 0 and a subsection heading in column 3 (man(7)'s .SH and .SS).
. "$(dirname "$0")/lib.sh"

PAGE=$SRC_DIR/docs/kbug.1
export PAGE

render() {
	groff -man -Tascii -rLL=4000n -rHY=0 -P-cbou "$PAGE"
}

# section NAME <page.txt: the lines of the section NAME, up to the next one
section() {
	awk -v s="$1" '/^[^ ]/ {on = ($0 == s); next} on'
}

# subsection NAME <section text: the lines of the subsection NAME ("NAME" or
# "kbug NAME"), up to the next one
subsection() {
	awk -v s="$1" '/^   [^ ]/ {h = substr($0, 4); on = (h == s || h == "kbug " s); next} on'
}

# has WORD <text: WORD (an option such as --log or -o) occurs as a whole word,
# not as a part of --log-level or --no-log
has() {
	grep -Eq -- "(^|[^A-Za-z0-9_-])$1([^A-Za-z0-9_-]|\$)"
}

# long_options <help text: the --long-option words of a help text, each once.
# An option is "--" and a lower-case letter, then letters, digits and "-",
# not glued to a preceding word (so "x--y" is not one); "=VALUE" and
# punctuation after it are left off: "--format=F," gives --format.
long_options() {
	grep -oE -- '(^|[^A-Za-z0-9_-])--[a-z][a-z0-9-]*' | sed 's/^[^-]*//' | sort -u
}

test_expect_success 'groff formats the page without a warning' '
	command -v groff >/dev/null &&
	{ groff -man -ww -z "$PAGE" && groff -man -Tutf8 -ww -z "$PAGE"; } 2>err ||
		{ cat err >&2; exit 1; }
	cat err >&2 &&
	test ! -s err
'

if have man; then
	test_expect_success 'man --warnings formats it at 80 columns without a warning' '
		LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$PAGE" >/dev/null 2>err ||
			{ cat err >&2; exit 1; }
		cat err >&2 &&
		test ! -s err
	'
else
	test_skip 'man --warnings formats it at 80 columns without a warning' 'no man(1)'
fi

# The option lists are generated from the option tables (docs/update-man.sh,
# `make man`): the committed page must be what they give now.
test_expect_success 'the option lists are those of kbug help --man (make man)' '
	"$SRC_DIR/docs/update-man.sh" "$KBUG" "$PAGE" >regen &&
	diff -u "$PAGE" regen >regen.diff ||
		{ cat regen.diff >&2; echo "docs/kbug.1 is out of date: make man" >&2; exit 1; }
'

test_expect_success 'the page has the sections of a manual page' '
	render >page.txt &&
	for s in NAME SYNOPSIS DESCRIPTION "GLOBAL OPTIONS" COMMANDS CONFIGURATION \
		FILES ENVIRONMENT "EXIT STATUS" EXAMPLES "SEE ALSO"; do
		grep -qx "$s" page.txt || { echo "no section $s" >&2; exit 1; }
	done
'

# The commands: the first word of each line of the "commands:" block of
# `kbug help`, as t0001 reads them.
test_expect_success 'every command of kbug help has a subsection and a synopsis line' '
	render >page.txt &&
	"$KBUG" help >help.txt &&
	awk "/^commands:/ {on = 1; next} /^\$/ {on = 0} on {print \$1}" help.txt >cmds &&
	test "$(wc -l <cmds)" -ge 8 &&
	section COMMANDS <page.txt >commands.txt &&
	section SYNOPSIS <page.txt >synopsis.txt &&
	fail=0 &&
	while read -r c; do
		grep -Eqx "   (kbug )?$c" commands.txt ||
			{ echo "kbug $c: no subsection in COMMANDS" >&2; fail=1; }
		grep -Eq "^ +kbug $c( |\$)" synopsis.txt ||
			{ echo "kbug $c: no line in SYNOPSIS" >&2; fail=1; }
	done <cmds &&
	test $fail = 0
'

# The global options: every "-x" or "--xyz" word of the "global options:"
# block of `kbug help` that starts the line or follows a blank or a comma
# (so "machine-readable" gives none).
test_expect_success 'every global option of kbug help is in GLOBAL OPTIONS' '
	render >page.txt &&
	"$KBUG" help >help.txt &&
	awk "/^global options:/ {on = 1; next} /^\$/ {on = 0} on" help.txt |
		grep -oE -- "(^|[ ,])--?[a-z][a-z0-9-]*" | sed "s/^[ ,]*//" | sort -u >opts &&
	test "$(wc -l <opts)" -ge 5 &&
	section "GLOBAL OPTIONS" <page.txt >global.txt &&
	fail=0 &&
	while read -r o; do
		has "$o" <global.txt || { echo "global option $o is not in GLOBAL OPTIONS" >&2; fail=1; }
	done <opts &&
	test $fail = 0
'

# The options of each command: every --long-option word of `kbug help CMD`,
# usage lines, option lists and prose alike (long_options above), must occur
# in the subsection of CMD.
test_expect_success 'every option of kbug help CMD is in the subsection of CMD' '
	render >page.txt &&
	"$KBUG" help >help.txt &&
	awk "/^commands:/ {on = 1; next} /^\$/ {on = 0} on {print \$1}" help.txt >cmds &&
	test "$(wc -l <cmds)" -ge 8 &&
	section COMMANDS <page.txt >commands.txt &&
	fail=0 total=0 &&
	while read -r c; do
		"$KBUG" help "$c" >h || { echo "kbug help $c failed" >&2; exit 1; }
		long_options <h >opts
		subsection "$c" <commands.txt >sub.txt
		test -s sub.txt || { echo "kbug $c: no subsection" >&2; fail=1; continue; }
		while read -r o; do
			total=$((total + 1))
			has "$o" <sub.txt ||
				{ echo "kbug $c: $o is not in its subsection" >&2; fail=1; }
		done <opts
	done <cmds &&
	echo "$total options checked" &&
	test $total -ge 50 &&
	test $fail = 0
'

# The configuration keys: the header comment of collector/core/settings.h, from
# "kbug's configuration" to "Syntax:", has lines "[section] key = ..., key = ..."
# and continuation lines "key = ..."; every "key =" belongs to the last
# [section] named. Each needs a subsection "[section]" in CONFIGURATION whose
# entries include one that starts "key =".
test_expect_success 'every [section] key of collector/core/settings.h is in CONFIGURATION' '
	render >page.txt &&
	awk "/kbug.s configuration/ {on = 1} /^ \\* Syntax:/ {on = 0} !on {next}
	     {
		line = \$0
		if (match(line, /\\[[a-z-]+\\]/)) {
			sec = substr(line, RSTART + 1, RLENGTH - 2)
			line = substr(line, RSTART + RLENGTH)
		}
		while (sec != \"\" && match(line, /[a-z][a-z0-9-]* =/)) {
			print sec, substr(line, RSTART, RLENGTH - 2)
			line = substr(line, RSTART + RLENGTH)
		}
	     }" "$SRC_DIR/collector/core/settings.h" >keys &&
	cat keys &&
	test "$(wc -l <keys)" -ge 10 &&
	section CONFIGURATION <page.txt >config.txt &&
	fail=0 &&
	while read -r s k; do
		subsection "[$s]" <config.txt | grep -Eq "^ +$k( =|\$)" ||
			{ echo "[$s] $k is not in CONFIGURATION" >&2; fail=1; }
	done <keys &&
	test $fail = 0
'

# The environment: every getenv("NAME") under collector/ and probes/, except
# the tests' fault injections (KBUG_TEST_*), must be in ENVIRONMENT.
test_expect_success 'every variable the code reads is in ENVIRONMENT' '
	render >page.txt &&
	grep -rhoE "getenv\(\"[A-Za-z_][A-Za-z0-9_]*\"\)" "$SRC_DIR/collector" "$SRC_DIR/probes" |
		sed -E "s/getenv\(\"(.*)\"\)/\1/" | grep -v "^KBUG_TEST_" | sort -u >vars &&
	test "$(wc -l <vars)" -ge 5 &&
	section ENVIRONMENT <page.txt >env.txt &&
	fail=0 &&
	while read -r v; do
		grep -Eq "(^|[^A-Z0-9_])$v([^A-Z0-9_]|\$)" env.txt ||
			{ echo "\$$v is not in ENVIRONMENT" >&2; fail=1; }
	done <vars &&
	test $fail = 0
'

# The exit codes: README.md's "Exit codes:" paragraph, "0 done ...; 1 error; ...":
# every number that starts it or follows "; " is an entry of EXIT STATUS.
test_expect_success 'every exit code of README.md is in EXIT STATUS' '
	render >page.txt &&
	sed -n "/^Exit codes:/,/^\$/p" "$SRC_DIR/README.md" |
		grep -oE "(codes:|;) [0-9]+ " | grep -oE "[0-9]+" | sort -u >codes &&
	test "$(wc -l <codes)" -ge 4 &&
	section "EXIT STATUS" <page.txt >exit.txt &&
	while read -r n; do
		grep -Eq "^ +$n( |\$)" exit.txt || { echo "exit code $n is not in EXIT STATUS" >&2; exit 1; }
	done <codes
'

test_done
