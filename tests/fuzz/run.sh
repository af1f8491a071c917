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
	if (cd "$work" && timeout -k 10 $((secs + 60)) "$src/$t" -max_total_time="$secs" -seed="${KBUG_FUZZ_SEED:-1}" \
		-rss_limit_mb=2048 -timeout=10 -print_final_stats=1 . > log 2>&1); then
		echo "ok $n - $name survived ${secs}s ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/log" | awk '{print $2}') runs)"
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
