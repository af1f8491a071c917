#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: once
# The tests' own convention (tests/README.md): make finds every suite.
# A file under tests/ that looks like a suite (named like one, or a shell
# script that sources lib.sh and ends with test_done, or a program that
# prints a TAP plan) must be a registered tests/tNNNN-NAME.sh, or be run by
# one; the registered ones are executable, numbered once each, and none
# reads the shared directory beside the checkout.
# shellcheck disable=SC2016 # test bodies are strings that lib.sh evaluates
. "$(dirname "$0")/lib.sh"
require make

env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory -C "$SRC_DIR" \
	print-suites > "$TRASH/registered" 2> "$TRASH/make.err" ||
	{ cat "$TRASH/make.err" >&2; echo "make print-suites failed" > "$TRASH/registered"; }
export REGISTERED=$TRASH/registered

# looks_like FILE: whether FILE looks like a test suite or a TAP program.
looks_like() {
	local f=$1 b
	b=$(basename "$f")
	case $b in
	lib.sh | lib-*.sh | run.sh) return 1 ;;
	t[0-9]* | t-* | test-* | test_* | check-* | check_*)
		case $b in *.sh | *.bash | *.pl | *.py | *.c) return 0 ;; esac ;;
	esac
	case $b in
	*.sh | *.bash)
		grep -q 'lib\.sh' "$f" && grep -q '^test_done' "$f" && return 0 ;;
	esac
	case $b in
	*.sh | *.bash | *.pl | *.py | *.c)
		grep -qE '(["'\'']|\\n)1\.\.[0-9$%]' "$f" && return 0 ;;
	esac
	return 1
}

# unregistered DIR LIST: the files under DIR (a tests/ directory) that look
# like suites and that neither LIST ("SET PATH" lines, paths from DIR's
# parent) registers nor a registered suite runs (names); one a line.
unregistered() {
	local dir=$1 list=$2 top f rel b runners
	top=$(dirname "$dir")
	runners=$(awk '$1 != "unit" {print $2}' "$list" | sort -u | grep -v 't7003-suites\.sh$')
	find "$dir" -type f ! -path '*/corpus/*' ! -path '*/fixtures/*' | sort |
	while IFS= read -r f; do
		rel=${f#"$top"/}
		looks_like "$f" || continue
		awk -v p="$rel" '$2 == p {found = 1} END {exit !found}' "$list" && continue
		b=$(basename "$rel")
		b=${b%.c}
		# shellcheck disable=SC2086 # the registered suites, one word each
		[ -n "$runners" ] && (cd "$top" && grep -qF "$b" $runners) && continue
		echo "$rel"
	done
}

test_expect_success 'make lists every tests/tNNNN-NAME.sh, each once, and nothing else' '
	(cd "$SRC_DIR" && ls tests/t[0-9][0-9][0-9][0-9]-*.sh) | sort > want &&
	awk "\$1 == \"both\" || \$1 == \"once\" {print \$2}" "$REGISTERED" | sort > got &&
	test_cmp want got &&
	test -z "$(uniq -d got)"
'

test_expect_success 'no file under tests/ looks like a suite that nothing runs' '
	unregistered "$SRC_DIR/tests" "$REGISTERED" > stray &&
	{ test ! -s stray || { echo "not run by make check:"; cat stray; false; }; }
'

test_expect_success 'a stray suite is caught: a t2 script, one in a subdirectory, a lib.sh user' '
	mkdir -p fake/tests/e2e fake/tests/analyze &&
	echo "both tests/t0001-a.sh" > list &&
	printf "#!/bin/bash\necho ok 1\n" > fake/tests/t0001-a.sh &&
	printf "#!/bin/bash\necho \"1..\$n\"\n" > fake/tests/t2001-b.sh &&
	cp fake/tests/t0001-a.sh fake/tests/e2e/t0003-c.sh &&
	printf ". ../lib.sh\ntest_done\n" > fake/tests/analyze/cli.sh &&
	printf "print(\"1..%%d\" %% n)\n" > fake/tests/analyze/score.py &&
	printf "# helper\necho hi\n" > fake/tests/helper.sh &&
	unregistered "$TRASH/fake/tests" list > stray &&
	printf "%s\n" tests/analyze/cli.sh tests/analyze/score.py tests/e2e/t0003-c.sh \
		tests/t2001-b.sh > want &&
	test_cmp want stray
'

test_expect_success 'every registered suite is executable, starts with #!, has a number of its own' '
	cd "$SRC_DIR" &&
	for s in $(awk "\$1 != \"unit\" {print \$2}" "$REGISTERED" | sort -u); do
		test -x "$s" || { echo "$s is not executable"; exit 1; }
		head -c 2 "$s" | grep -q "^#!" || { echo "$s has no #! line"; exit 1; }
	done &&
	ls tests/t[0-9][0-9][0-9][0-9]-*.sh | sed "s|tests/t\([0-9]*\)-.*|\1|" | sort | uniq -d > dup &&
	{ test ! -s dup || { echo "numbers used twice:"; cat dup; false; }; }
'

test_expect_success 'the heavy suites run once, not in check-quick; once and heavy are marked' '
	cd "$SRC_DIR" &&
	for s in tests/t[0-9][0-9][0-9][0-9]-*.sh; do
		if grep -q "^# kbug-test: heavy$" "$s"; then
			grep -qx "once $s" "$REGISTERED" && ! grep -qx "quick $s" "$REGISTERED" ||
				{ echo "$s is heavy but not run once outside check-quick"; exit 1; }
		elif grep -q "^# kbug-test: once$" "$s"; then
			grep -qx "once $s" "$REGISTERED" && grep -qx "quick $s" "$REGISTERED" ||
				{ echo "$s is once but not so registered"; exit 1; }
		else
			grep -qx "both $s" "$REGISTERED" && grep -qx "quick $s" "$REGISTERED" ||
				{ echo "$s is not run in both builds and check-quick"; exit 1; }
		fi
	done &&
	for s in t4001 t4002 t7001 t7002 t3003; do
		grep -q "^# kbug-test: heavy$" tests/$s-*.sh || { echo "$s is not marked heavy"; exit 1; }
	done
'

test_expect_success 'every unit test is a tests/unit/test-*.c that make builds' '
	cd "$SRC_DIR" &&
	for c in $(grep -l "cmocka_run_group_tests\|^int main" tests/unit/*.c); do
		grep -qx "unit $c" "$REGISTERED" || { echo "$c is not built as a unit test"; exit 1; }
	done
'

test_expect_success 'no test reads the shared directory beside the checkout' '
	cd "$SRC_DIR" &&
	grep -rnE "\.\./shared|KBUG_SHARED|SHARED_DIR" tests mk Makefile --exclude=t7003-suites.sh --exclude="*.md" \
		--exclude-dir=corpus > hits || true &&
	{ test ! -s hits || { cat hits; false; }; }
'

# a suite of lib.sh's own, in $TRASH/lib-suite.sh
lib_suite() {
	{
		printf '#!/bin/bash\n. "%s/lib.sh"\n' "$TESTS_DIR"
		cat
		printf 'test_done\n'
	} > "$TRASH/lib-suite.sh" && chmod +x "$TRASH/lib-suite.sh"
}

test_expect_success 'lib.sh: require skips the suite, but under CI=true fails it' '
	printf "require sh no-such-command-kbug %s/none\ntest_expect_success x true\n" "$TRASH" |
		lib_suite &&
	env -u CI "$TRASH/lib-suite.sh" > out &&
	grep -qx "ok 1 - lib-suite.sh # SKIP needs the command no-such-command-kbug, $TRASH/none" out &&
	grep -qx "1..1" out &&
	test_expect_code 1 env CI=true "$TRASH/lib-suite.sh" > out &&
	grep -q "^not ok 1 - lib-suite.sh (a prerequisite is missing, and CI=true: needs" out &&
	printf "test_skip one \"no foo\"\ntest_skip_env two \"not root\"\n" | lib_suite &&
	env -u CI "$TRASH/lib-suite.sh" > out && grep -qx "ok 1 - one # SKIP no foo" out &&
	test_expect_code 1 env CI=true "$TRASH/lib-suite.sh" > out &&
	grep -q "^not ok 1 - one" out && grep -qx "ok 2 - two # SKIP not root" out
'

test_expect_success 'lib.sh: -v shows what a passing test printed, -x its commands' '
	printf "test_expect_success x \"echo said-this\"\n" | lib_suite &&
	"$TRASH/lib-suite.sh" > out && ! grep -q said-this out &&
	"$TRASH/lib-suite.sh" -v > out && grep -qx "#   said-this" out &&
	"$TRASH/lib-suite.sh" -x > out && grep -q "^#   +* echo said-this" out &&
	test_expect_code 2 "$TRASH/lib-suite.sh" --bogus 2> err && grep -q "usage:" err
'

test_expect_success 'lib.sh: a server that never listens fails within the bound, and is stopped' '
	printf "import time\ntime.sleep(60)\n" > "$TRASH/mute.py" &&
	printf "%s\n" "s=\$(date +%s)" \
		"server_start mute \"\$TRASH/../mute.py\" 2>\"\$TRASH/../err\" && exit 1" \
		"[ \$((\$(date +%s) - s)) -le 4 ] || exit 1" \
		"! kill -0 \$(tail -n 1 \"\$TRASH/servers.pids\") 2>/dev/null || exit 1" | lib_suite &&
	mkdir -p "$TRASH/tmp" &&
	KBUG_TEST_SERVER_WAIT=1 TMPDIR=$TRASH/tmp "$TRASH/lib-suite.sh" > out &&
	grep -q "did not listen within 1s" "$TRASH/tmp/err"
'

test_done
