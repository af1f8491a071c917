#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench (collect): wall time and peak RSS of `kbug collect -o /dev/null`
# against the shell equivalent of Debian's kernel bug script
# (lspci -vvnn; lsusb -v; lsmod; dmesg; cat /proc/cmdline), run side by
# side with hyperfine (in rounds, BENCH_ROUNDS, default 10), RSS from
# /usr/bin/time -f %M; printed as ratios of the means and of the medians.
# Budget: under 50 ms (by mean and by median) and under 10 MB RSS; the
# script is printed beside it for scale. Wall time on a loaded
# machine mostly measures the run queue; the CPU time (user + system of the
# command and its children, from hyperfine) is printed beside it. The
# floor is what reading kbug's sources costs with no work on them.
set -eu
KBUG=${1:-./kbug}
case $KBUG in /*) ;; *) KBUG=$PWD/$KBUG ;; esac
RUNS=${BENCH_RUNS:-30}
SCRIPT='lspci -vvnn; lsusb -v; lsmod; dmesg; cat /proc/cmdline'
PYTHON=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kbug-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

for tool in hyperfine /usr/bin/time; do
	command -v "$tool" >/dev/null || { echo "collect-bench: '$tool' is missing (make deps)" >&2; exit 1; }
done

# the floor: the same sources read, nothing done with them (collect-floor.c)
gcc -O2 -Wall -Wextra -Werror -o "$tmp/collect-floor" "$(dirname "$0")/collect-floor.c" -lz

# -N: no shell around either command (hyperfine would subtract its own
# shell's start, a noisy estimate), output to /dev/null; the script is a
# script, so it runs in its shell, as Debian's does. hyperfine runs all of
# one command's runs before the next's, and this machine's speed drifts
# by a fifth within minutes: the runs are made in rounds, each round the
# three commands back to back, so that each sees the same moments.
ROUNDS=${BENCH_ROUNDS:-10}
per=$(( (RUNS + ROUNDS - 1) / ROUNDS ))
[ "$per" -ge 3 ] || per=3
for r in $(seq "$ROUNDS"); do
	hyperfine -N --style basic --warmup 3 --runs "$per" --ignore-failure \
		--export-json "$tmp/h$r.json" \
		-n kbug "$KBUG collect -q -o /dev/null" \
		-n script "sh -c '$SCRIPT'" \
		-n floor "$tmp/collect-floor" >"$tmp/hyperfine.out"
done

# peak RSS (KiB): the largest of 5 runs; for the script, of its largest process
rss() {
	local m max=0
	for _ in 1 2 3 4 5; do
		m=$(/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1)
		[ "$m" -gt "$max" ] && max=$m
	done
	echo "$max"
}
rss_kbug=$(rss "$KBUG" collect -q -o /dev/null)
rss_script=$(rss sh -c "$SCRIPT 2>/dev/null")

"$PYTHON" - "$rss_kbug" "$rss_script" "$tmp"/h*.json <<'PY'
import json, statistics, sys
rk, rs = int(sys.argv[1]), int(sys.argv[2])
h = {}
for path in sys.argv[3:]:
    for r in json.load(open(path))["results"]:
        e = h.setdefault(r["command"], {"times": [], "cpu": []})
        e["times"] += r["times"]
        e["cpu"] += [r["user"] + r["system"]] * len(r["times"])
for e in h.values():
    e["mean"] = statistics.mean(e["times"])
    e["median"] = statistics.median(e["times"])
    e["sd"] = statistics.pstdev(e["times"])
    e["cpu"] = statistics.mean(e["cpu"])
k, s, f = h["kbug"], h["script"], h["floor"]
ratio, ratio_med = s["mean"] / k["mean"], s["median"] / k["median"]
print("collect-bench: kbug collect -o /dev/null vs sh -c 'lspci -vvnn; lsusb -v; lsmod; dmesg; cat /proc/cmdline'")
print("  (%d runs each, in rounds with the three back to back)" % len(k["times"]))
print("  wall time  kbug %8.2f ms +- %.2f   script %8.2f ms +- %.2f   -> kbug %.1fx faster"
      % (k["mean"] * 1e3, k["sd"] * 1e3, s["mean"] * 1e3, s["sd"] * 1e3, ratio))
print("  median     kbug %8.2f ms          script %8.2f ms          -> kbug %.1fx faster"
      % (k["median"] * 1e3, s["median"] * 1e3, ratio_med))
print("  CPU time   kbug %8.2f ms          script %8.2f ms          -> kbug %.1fx less"
      % (k["cpu"] * 1e3, s["cpu"] * 1e3, s["cpu"] / k["cpu"]))
print("  peak RSS   kbug %8.1f MB          script %8.1f MB          -> ratio %.2f"
      % (rk / 1024, rs / 1024, rk / rs if rs else 0))
print("  floor      %8.2f ms (the same sources read, nothing done: tests/bench/collect-floor.c)"
      " -> the script is %.1fx the floor; kbug does %.2f ms of work on it"
      % (f["mean"] * 1e3, s["mean"] / f["mean"], (k["mean"] - f["mean"]) * 1e3))
# the budget on the less favourable of the mean and the median
ok = max(k["mean"], k["median"]) < 0.050 and rk < 10 * 1024
print("  budget (< 50 ms by mean and by median, < 10 MB RSS): %s"
      % ("met" if ok else "NOT met"))
PY
