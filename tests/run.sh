#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run test programs that speak TAP ("ok N - ...", "not ok N - ..."), one
# after another, each under a time limit, with its output in
# build/test-logs/. Prints the failures, then "N passed, N failed".
set -u
logs=${KBUG_BUILD:-build}/test-logs
mkdir -p "$logs"
limit=${KBUG_TEST_TIMEOUT:-1800}
pass=0 fail=0 skip=0 broken=()
export CMOCKA_MESSAGE_OUTPUT=TAP
# what kbug caches while the tests run (a fetched MAINTAINERS, say)
# stays in the build directory, not in the user's ~/.cache
XDG_CACHE_HOME=$(cd "$logs" && pwd)/xdg-cache
export XDG_CACHE_HOME
for t in "$@"; do
	name=$(echo "$t" | tr / _)
	log=$logs/$name.log
	start=$(date +%s)
	timeout -k 10 "$limit" "$t" > "$log" 2>&1 < /dev/null
	rc=$?
	p=$(grep -E '^ok [0-9]+' "$log" | grep -vc '# SKIP' || true)
	s=$(grep -E '^ok [0-9]+' "$log" | grep -c '# SKIP' || true)
	f=$(grep -cE '^not ok [0-9]+' "$log" || true)
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1
		echo "not ok - $t exited with status $rc" >> "$log"
	fi
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	printf '%-50s %4d ok %3d failed %3d skipped (%ds)\n' "$t" "$p" "$f" "$s" \
		$(($(date +%s) - start))
	if [ "$f" != 0 ]; then
		broken+=("$t")
		grep -E '^not ok' "$log" | head -n 20 | sed 's/^/    /'
	fi
done
for t in "${broken[@]}"; do
	echo "--- failed: $t (log: $logs/$(echo "$t" | tr / _).log)"
	tail -n 40 "$logs/$(echo "$t" | tr / _).log"
done
echo "${KBUG_SUITE_SET:-tests}: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
