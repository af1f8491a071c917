#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make collect-bench-guest: the collect bench on the machine kbug is for,
# a QEMU guest with the hardware of a laptop (PCI: xhci, e1000,
# virtio-net, IDE; USB: a keyboard and a stick; e1000 as a module) running
# the test kernel (qemu-images/build-kernel.sh, cached). The guest runs
# kbug collect and Debian's lspci, lsusb, lsmod, dmesg and dash in turn
# (tests/bench/guest-bench-steps.sh, runbench.c) and prints the figures;
# this prints them as ratios. Under TCG every instruction is emulated:
# both sides are slower than on hardware, the ratio is the figure.
# BENCH_RUNS (20), BENCH_PROBES=1 (each probe alone too), KBUG_BENCH_KEEP=1
# (keep the console log), KBUG_BENCH_STEPS (other guest steps).
set -eu
KB_REPO=$(cd "$(dirname "$0")/../.." && pwd)
KBUG=${1:-$KB_REPO/kbug}
case $KBUG in /*) ;; *) KBUG=$PWD/$KBUG ;; esac
RUNS=${BENCH_RUNS:-20}
export KBUG_CACHE=${KBUG_CACHE:-/var/cache/kbug}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kbug-guest-bench.XXXXXX")
[ -n "${KBUG_BENCH_KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT

kdir=$("$KB_REPO/qemu-images/build-kernel.sh")
mkdir -p "$tmp/extra"
{
	echo "RUNS=$RUNS"
	[ -z "${BENCH_PROBES:-}" ] || echo "PROBES=1"
} > "$tmp/extra/env"
# static: the guest has only the libraries kbug and the tools need
gcc -O2 -Wall -Wextra -Werror -static -o "$tmp/extra/runbench" "$KB_REPO/tests/bench/runbench.c" -lm
KBUG=$KBUG KBUG_INITRAMFS_TOOLS="lspci lsusb lsmod dmesg cat dash" \
	"$KB_REPO/qemu-images/build-initramfs.sh" "$kdir" "$tmp/initramfs.cpio.gz" \
	"${KBUG_BENCH_STEPS:-$KB_REPO/tests/bench/guest-bench-steps.sh}" "$tmp/extra"
KBUG_BOOT_TIMEOUT=900 KBUG_APPEND="KBUG_STEPS_TIMEOUT=800" \
	"$KB_REPO/qemu-images/boot.sh" "$kdir" "$tmp/initramfs.cpio.gz" "$tmp/console.log" ||
	{ tail -n 40 "$tmp/console.log"; exit 1; }
tr -d '\r' < "$tmp/console.log" | grep -q '^KBUG-BENCH-DONE' ||
	{ echo "collect-bench-guest: the guest printed no figures" >&2; tail -n 40 "$tmp/console.log"; exit 1; }

tr -d '\r' < "$tmp/console.log" | /usr/bin/python3 -c '
import re, sys
r, hw = {}, {}
for line in sys.stdin:
    m = re.match(r"KBUG-BENCH (\S+) (.*)", line)
    if m:
        r[m.group(1)] = {k: float(v) for k, v in re.findall(r"(\w+)=([0-9.]+)", m.group(2))}
    m = re.match(r"KBUG-BENCH-(USB|PCI|MODULES) (\d+)", line)
    if m:
        hw[m.group(1)] = m.group(2)
k, s = r["kbug"], r["script"]
print("collect-bench-guest: in the QEMU guest (TCG; %s PCI devices, %s USB devices, %s module), %d runs each"
      % (hw.get("PCI"), hw.get("USB"), hw.get("MODULES"), k["runs"]))
print("  kbug collect -o /dev/null vs dash -c \"lspci -vvnn; lsusb -v; lsmod; dmesg; cat /proc/cmdline\" (Debian binaries)")
print("  wall time  kbug %8.2f ms +- %.2f   script %8.2f ms +- %.2f   -> kbug %.1fx faster"
      % (k["mean_us"] / 1e3, k["sd_us"] / 1e3, s["mean_us"] / 1e3, s["sd_us"] / 1e3, s["mean_us"] / k["mean_us"]))
print("  median     kbug %8.2f ms          script %8.2f ms          -> kbug %.1fx faster"
      % (k["median_us"] / 1e3, s["median_us"] / 1e3, s["median_us"] / k["median_us"]))
ck, cs = k["user_us"] + k["sys_us"], s["user_us"] + s["sys_us"]
print("  CPU time   kbug %8.2f ms          script %8.2f ms          -> kbug %.1fx less" % (ck / 1e3, cs / 1e3, cs / ck))
print("  peak RSS   kbug %8.1f MB          script %8.1f MB" % (k["maxrss_kb"] / 1024, s["maxrss_kb"] / 1024))
for name in sorted(n for n in r if n not in ("kbug", "script")):
    print("  %-14s %8.2f ms" % (name, r[name]["mean_us"] / 1e3))
if k["failed"]:
    print("  kbug failed %d runs" % k["failed"])
print("  (the < 50 ms budget is judged natively by collect-bench: under TCG a process"
      " start alone costs about 25 ms)")
'
