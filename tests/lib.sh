# SPDX-License-Identifier: GPL-2.0-or-later
# A small TAP test library for shell tests, after git's t/test-lib.sh
# (the conventions are in tests/README.md):
#   #!/bin/bash
#   . "$(dirname "$0")/lib.sh"
#   require tmux py:aiosmtpd tree   # else skipped; under CI=true a failure
#   test_expect_success 'what it checks' '
#       "$KBUG" collect --json >out && grep -q schema out
#   '
#   test_done
# Each body runs in its own subshell inside a fresh $TRASH directory.
# Every suite takes -v (show each test's output, passed or not) and -x
# (that, and trace the bodies' commands); KBUG_TEST_VERBOSE=1 is -v for a whole run.
set -u
: "${KBUG:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/kbug}"
case $KBUG in /*) ;; *) KBUG=$PWD/$KBUG ;; esac
TESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC_DIR=$(dirname "$TESTS_DIR")
# the test data (tests/corpus/README.md): in the repository, nothing beside it
CORPUS_DIR=$TESTS_DIR/corpus
PYTHON=/usr/bin/python3
export KBUG TESTS_DIR SRC_DIR CORPUS_DIR PYTHON
test_verbose=${KBUG_TEST_VERBOSE:-0}
test_trace=0
for _arg in "$@"; do
	case $_arg in
	-v | --verbose) test_verbose=1 ;;
	-x | --trace) test_trace=1 test_verbose=1 ;;
	*)
		echo "usage: $0 [-v] [-x]  (-v: show each test's output, -x: and trace its commands)" >&2
		exit 2
		;;
	esac
done
unset _arg
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/kbug-test.XXXXXX")
trap 'test_cleanup' EXIT
test_count=0
test_failed=0
_cleanups=()

test_cleanup() {
	local c
	for c in "${_cleanups[@]+"${_cleanups[@]}"}"; do eval "$c" || true; done
	server_stop_all
	rm -rf "$TRASH"
}

# Register a command run at exit.
test_at_exit() {
	_cleanups+=("$1")
}

test_expect_success() {
	local desc=$1 body=$2 out rc
	test_count=$((test_count + 1))
	out=$(cd "$TRASH" && (set -e; [ "$test_trace" = 0 ] || set -x; eval "$body") 2>&1)
	rc=$?
	if [ $rc = 0 ]; then
		echo "ok $test_count - $desc"
		[ "$test_verbose" = 0 ] || [ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/#   /'
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $desc"
		if [ "$test_verbose" = 0 ]; then
			printf '%s\n' "$out" | tail -n 30 | sed 's/^/#   /'
		else
			printf '%s\n' "$out" | sed 's/^/#   /'
		fi
	fi
}

# test_skip DESC REASON: DESC cannot run here for want of a prerequisite
# (a command, a package, a file): a skip, but under CI=true a failure, so
# that CI never passes by testing less.
test_skip() {
	test_count=$((test_count + 1))
	if [ "${CI:-}" = true ]; then
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1 (a prerequisite is missing, and CI=true: $2)"
	else
		echo "ok $test_count - $1 # SKIP $2"
	fi
}

# test_skip_env DESC REASON: DESC does not apply to this machine, which
# lacks nothing that can be installed (not root, no mount namespaces, a
# host name that does not resolve to loopback): a skip, even under CI=true.
test_skip_env() {
	test_count=$((test_count + 1))
	echo "ok $test_count - $1 # SKIP $2"
}

# kernel_tree: the path of the pristine kernel tree (kernel/source.sh
# unpacks it, from the package linux-source-6.12); found once per suite
# when first called outside $(...).
kernel_tree() {
	if [ -z "${KBUG_TEST_TREE:-}" ]; then
		KBUG_TEST_TREE=$("$SRC_DIR/kernel/source.sh" 2>/dev/null) || KBUG_TEST_TREE=
		[ -n "$KBUG_TEST_TREE" ] || return 1
		export KBUG_TEST_TREE
	fi
	echo "$KBUG_TEST_TREE"
}

# _missing WHAT...: those of WHAT that are not there, one a line. Each is
# a command, a readable file (a path with a /), py:MODULE (a module
# Debian's python3 imports) or "tree" (the kernel tree with its MAINTAINERS).
_missing() {
	local w
	for w in "$@"; do
		case $w in
		tree)
			kernel_tree >/dev/null && [ -r "$KBUG_TEST_TREE/MAINTAINERS" ] ||
				echo "the kernel tree (kernel/source.sh, package linux-source-6.12)"
			;;
		py:*)
			"$PYTHON" -c "import ${w#py:}" 2>/dev/null ||
				echo "the python3 module ${w#py:} (package python3-${w#py:})"
			;;
		*/*) [ -r "$w" ] || echo "$w" ;;
		*) command -v "$w" >/dev/null 2>&1 || echo "the command $w" ;;
		esac
	done
}

# have WHAT...: whether every one of WHAT (as for require) is there.
have() {
	[ -z "$(_missing "$@")" ]
}

# require WHAT...: the suite's prerequisites (see _missing). With one
# missing, the whole suite is one skip naming what is missing, or under
# CI=true one failure, and ends here. Call it before the first test.
require() {
	local missing
	kernel_tree_first "$@"
	missing=$(_missing "$@" | paste -sd, - | sed 's/,/, /g')
	[ -n "$missing" ] || return 0
	test_skip "$(basename "$0")" "needs $missing"
	test_done
	exit
}

# (kernel_tree in this shell, so that later $(kernel_tree) calls reuse it)
kernel_tree_first() {
	local w
	for w in "$@"; do
		[ "$w" != tree ] || { kernel_tree >/dev/null || true; }
	done
}

# test_skip_all_env REASON: the whole suite does not apply here (see
# test_skip_env); it ends here.
test_skip_all_env() {
	test_skip_env "$(basename "$0")" "$1"
	test_done
	exit
}

# server_start NAME SCRIPT [ARGS...]: start the test server
# tests/servers/SCRIPT (python3, on 127.0.0.1; SCRIPT may be a path of its
# own) with ARGS and --port-file,
# and wait at most $KBUG_TEST_SERVER_WAIT seconds (10) for its port, then
# in SERVER_PORT (its pid in SERVER_PID). Its output goes to $TRASH/NAME.log.
# It stops with server_stop NAME, when the suite exits, or after
# $KBUG_TEST_SERVER_LIFETIME seconds (900) whatever happens. Returns 1,
# saying why, when the server does not listen in time.
server_start() {
	local name=$1 script=$2 pid i wait=${KBUG_TEST_SERVER_WAIT:-10}
	shift 2
	server_stop "$name"
	rm -f "$TRASH/$name.port"
	case $script in */*) ;; *) script=$TESTS_DIR/servers/$script ;; esac
	timeout "${KBUG_TEST_SERVER_LIFETIME:-900}" "$PYTHON" "$script" "$@" \
		--port-file "$TRASH/$name.port" > "$TRASH/$name.log" 2>&1 &
	pid=$!
	echo "$pid" > "$TRASH/$name.pid"
	# test bodies run in subshells: the servers to stop at exit are in a file
	echo "$pid" >> "$TRASH/servers.pids"
	for ((i = 0; i < wait * 10; i++)); do
		[ -s "$TRASH/$name.port" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if [ ! -s "$TRASH/$name.port" ]; then
		echo "the test server $name ($(basename "$script")) did not listen within ${wait}s:" >&2
		tail -n 20 "$TRASH/$name.log" | sed 's/^/    /' >&2
		server_stop "$name"
		return 1
	fi
	SERVER_PORT=$(cat "$TRASH/$name.port")
	SERVER_PID=$pid
	[ "$test_verbose" = 0 ] || echo "# server $name ($(basename "$script")) on 127.0.0.1:$SERVER_PORT"
	export SERVER_PORT SERVER_PID
}

# server_stop NAME: stop the server server_start NAME started, if it runs,
# and wait for it when this shell started it.
server_stop() {
	local pid
	[ -f "$TRASH/$1.pid" ] || return 0
	pid=$(cat "$TRASH/$1.pid")
	rm -f "$TRASH/$1.pid"
	# the server's status is no test's: timeout(1) passes SIGTERM on to its
	# process group, and a server killed in its exit path makes wait 143,
	# which a test body's set -e took for a failure (t6009 under load)
	kill "$pid" 2>/dev/null && { wait "$pid" 2>/dev/null || true; }
	[ "$test_verbose" = 0 ] || sed "s/^/#   $1: /" "$TRASH/$1.log" 2>/dev/null
	return 0
}

# (at exit: every server still running, started here or in a test body)
server_stop_all() {
	local pid
	[ -f "$TRASH/servers.pids" ] || return 0
	while read -r pid; do
		kill "$pid" 2>/dev/null
	done < "$TRASH/servers.pids"
	rm -f "$TRASH/servers.pids"
}

# free_port: a port on 127.0.0.1 nothing listens on (bound, then released).
free_port() {
	"$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
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
