#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run each libFuzzer target named on the command line for a bounded time
# ($KBUG_FUZZ_SECONDS, default 20) from its seed corpus, with a fixed
# libFuzzer seed ($KBUG_FUZZ_SEED, default 1; 0 picks one at random) so a
# make check run explores the same inputs every time; TAP output.
set -u
secs=${KBUG_FUZZ_SECONDS:-20}
src=$(cd "$(dirname "$0")/../.." && pwd)
n=0 fail=0
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t")
	seeds=$src/tests/fuzz/corpus/${name#fuzz-}
	work=$(mktemp -d)
	[ -d "$seeds" ] && cp -r "$seeds"/. "$work"/
	# a fixed seed runs a fixed number of inputs (time is only a safety net)
	runs=$(awk -v n="$name" '$1 == n {print "-runs=" $2}' "$src/tests/fuzz/runs.txt")
	limit=$((secs * 3))
	if [ "${KBUG_FUZZ_SEED:-1}" = 0 ] || [ -z "$runs" ]; then
		runs='' limit=$secs
	fi
	# shellcheck disable=SC2086 # $runs is one word or none
	if (cd "$work" && timeout -k 10 $((limit + 60)) "$src/$t" $runs \
		-max_total_time="$limit" -seed="${KBUG_FUZZ_SEED:-1}" \
		-rss_limit_mb=2048 -timeout=10 -print_final_stats=1 . > log 2>&1); then
		echo "ok $n - $name survived ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/log" | awk '{print $2}') runs)"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name"
		grep -E 'ERROR|SUMMARY|==[0-9]+==' "$work/log" | head -n 20 | sed 's/^/#   /'
		mkdir -p "$src/build-fuzz/crashes"
		cp "$work"/crash-* "$work"/timeout-* "$work"/leak-* "$src/build-fuzz/crashes/" 2>/dev/null
	fi
	rm -rf "$work"
done
echo "1..$n"
[ "$fail" = 0 ]
