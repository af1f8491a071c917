# SPDX-License-Identifier: GPL-2.0-or-later
# A small TAP test library for shell tests, after git's t/test-lib.sh:
#   . "$(dirname "$0")/../lib.sh"
#   test_expect_success 'what it checks' '
#       "$KBUG" collect --json >out && grep -q schema out
#   '
#   test_done
# Each body runs in its own subshell inside a fresh $TRASH directory.
set -u
: "${KBUG:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/kbug}"
case $KBUG in /*) ;; *) KBUG=$PWD/$KBUG ;; esac
TESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC_DIR=$(dirname "$TESTS_DIR")
SHARED_DIR=${KBUG_SHARED:-$SRC_DIR/../shared}
PYTHON=/usr/bin/python3
export KBUG TESTS_DIR SRC_DIR SHARED_DIR PYTHON
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/kbug-test.XXXXXX")
trap 'test_cleanup' EXIT
test_count=0
test_failed=0
_cleanups=()

test_cleanup() {
	local c
	for c in "${_cleanups[@]+"${_cleanups[@]}"}"; do eval "$c" || true; done
	rm -rf "$TRASH"
}

# Register a command run at exit (servers to stop).
test_at_exit() {
	_cleanups+=("$1")
}

test_expect_success() {
	local desc=$1 body=$2 out
	test_count=$((test_count + 1))
	out=$(cd "$TRASH" && (set -e; eval "$body") 2>&1)
	if [ $? = 0 ]; then
		echo "ok $test_count - $desc"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $desc"
		printf '%s\n' "$out" | tail -n 30 | sed 's/^/#   /'
	fi
}

test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count - $1 # SKIP $2"
}

# test_cmp EXPECTED ACTUAL: diff on mismatch.
test_cmp() {
	diff -u "$1" "$2"
}

# Expect a command to fail with a given exit code: test_expect_code 2 cmd...
test_expect_code() {
	local want=$1 rc
	shift
	"$@" && rc=0 || rc=$?
	if [ "$rc" != "$want" ]; then
		echo "expected exit $want, got $rc from: $*" >&2
		return 1
	fi
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" = 0 ]
}
