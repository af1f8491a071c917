#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The steps of `make collect-bench-guest`, run inside the QEMU test guest
# by /init: kbug collect and the shell equivalent of Debian's kernel bug
# script, with Debian's own lspci, lsusb, lsmod, dmesg, cat and dash
# (/opt/debian/bin), side by side under tests/bench/runbench.c. /test/env
# gives RUNS (and PROBES: time each probe alone too). Prints KBUG-BENCH
# lines for the host.
# shellcheck source=/dev/null
. /test/env

# Wait (bounded) for the USB keyboard and stick: lsusb -v has them to show.
i=0
while [ "$i" -lt 100 ]; do
	n=0
	for d in /sys/bus/usb/devices/[0-9]*-[0-9]*; do
		case $d in *:*) ;; *) [ -e "$d/idVendor" ] && n=$((n + 1)) ;; esac
	done
	[ "$n" -ge 2 ] && break
	sleep 0.1
	i=$((i + 1))
done
echo "KBUG-BENCH-USB $n"
n=0
for d in /sys/bus/pci/devices/*; do
	[ -e "$d" ] && n=$((n + 1))
done
echo "KBUG-BENCH-PCI $n"
echo "KBUG-BENCH-MODULES $(grep -c . /proc/modules)"

PATH=/opt/debian/bin:$PATH
export PATH
/test/runbench "${RUNS:-20}" \
	kbug /usr/bin/kbug collect -q -o /dev/null -- \
	script /opt/debian/bin/dash -c 'lspci -vvnn; lsusb -v; lsmod; dmesg; cat /proc/cmdline'
# BENCH_PROBES=1: each probe alone too, and kbug's start (--version)
if [ -n "${PROBES:-}" ]; then
	set -- ver /usr/bin/kbug --version
	for p in kernel distro dmi pci usb modules config dmesg; do
		set -- "$@" -- "probe-$p" /usr/bin/kbug collect -q -o /dev/null --probe "$p"
	done
	/test/runbench "${RUNS:-20}" "$@"
fi
echo "KBUG-BENCH-DONE"
