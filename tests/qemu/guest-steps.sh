#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The steps of `make check-qemu`, run inside the guest by /init (busybox
# sh). /test/env gives SMTP_PORT, BZ_PORT and MAINTAINERS_SHA256 (computed
# on the host from the patched tree). Prints, for the host to read off the
# serial console:
#   KBUG-OK desc / KBUG-NOT-OK desc      checks made in the guest
#   KBUG-TIME label uptime               timings
#   KBUG-BEGIN name / base64 / KBUG-END name   outputs the host checks
# The host (tests/t4002-qemu.sh) asserts the rest: the collected
# devices, the mail that reached its SMTP server, the bug in its Bugzilla.
# shellcheck source=/dev/null
. /test/env
kbug=/usr/bin/kbug

ok() { echo "KBUG-OK $*"; }
not_ok() { echo "KBUG-NOT-OK $*"; }
t() { echo "KBUG-TIME $1 $(cut -d' ' -f1 /proc/uptime)"; }
dump() {	# dump NAME FILE: a file for the host, base64
	echo "KBUG-BEGIN $1"
	base64 "$2"
	echo "KBUG-END $1"
}
# run NAME CMD...: run a kbug command with a time limit, keep its output
# and exit status for the host.
run() {
	name=$1
	shift
	timeout 30 "$@" > "/tmp/$name.out" 2> "/tmp/$name.err"
	rc=$?
	echo "KBUG-RC $name $rc"
	dump "$name.out" "/tmp/$name.out"
	dump "$name.err" "/tmp/$name.err"
	return "$rc"
}

t steps

# Wait (bounded) for the two USB devices to be enumerated and their
# interfaces bound (usbhid, usb-storage).
usb_ready() {
	devs=0
	for d in /sys/bus/usb/devices/[0-9]*-[0-9]*; do
		case $d in *:*) ;; *) [ -e "$d/idVendor" ] && devs=$((devs + 1)) ;; esac
	done
	[ "$devs" -ge 2 ] || return 1
	for drv in usbhid usb-storage; do
		bound=
		for b in "/sys/bus/usb/drivers/$drv"/*:*; do
			[ -e "$b" ] && bound=1
		done
		[ -n "$bound" ] || return 1
	done
}
i=0
while [ "$i" -lt 100 ] && ! usb_ready; do
	sleep 0.1
	i=$((i + 1))
done
if usb_ready; then
	ok "the USB keyboard and stick are enumerated"
else
	not_ok "the USB keyboard and stick are enumerated"
fi
t usb

# 1. The MAINTAINERS file of the running kernel.
if [ -r /sys/kernel/maintainers.gz ]; then
	ok "/sys/kernel/maintainers.gz exists"
	got=$(zcat /sys/kernel/maintainers.gz | sha256sum | cut -d' ' -f1)
	if [ "$got" = "$MAINTAINERS_SHA256" ]; then
		ok "/sys/kernel/maintainers.gz decompresses to the tree's MAINTAINERS"
	else
		not_ok "/sys/kernel/maintainers.gz decompresses to the tree's MAINTAINERS (sha256 $got)"
	fi
else
	not_ok "/sys/kernel/maintainers.gz exists"
fi
run route "$kbug" route --json drivers/misc/lkdtm/bugs.c
t route

# 2. What kbug collects about this machine.
run collect "$kbug" collect --json
t collect

# The network: the test servers through guestfwd, and nothing else (late,
# so that the e1000's link comes up while the steps above run).
if printf 'QUIT\r\n' | nc -w 5 10.0.2.100 "$SMTP_PORT" | grep -q '^220 '; then
	ok "10.0.2.100:$SMTP_PORT reaches the host's SMTP test server"
else
	not_ok "10.0.2.100:$SMTP_PORT reaches the host's SMTP test server"
fi
t smtp-checked
if nc -w 1 10.0.2.100 9 < /dev/null > /dev/null 2>&1; then
	not_ok "a port with no guestfwd (10.0.2.100:9) is unreachable"
else
	ok "a port with no guestfwd (10.0.2.100:9) is unreachable"
fi
t net-checked

# 3. A WARNING, reported by mail to the maintainers MAINTAINERS names.
echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT
t warning
tainted=$(cat /proc/sys/kernel/tainted)
if [ $((tainted & 512)) != 0 ]; then
	ok "the kernel is tainted W after the WARNING ($tainted)"
else
	not_ok "the kernel is tainted W after the WARNING ($tainted)"
fi
run report-email "$kbug" report --to auto --yes \
	--smtp-url "smtp://10.0.2.100:$SMTP_PORT" --smtp-insecure \
	--from "kbug test guest <reporter@guest.example.org>"
t delivered-email

# 4. The ACPI button driver, whose section has a B: bugzilla entry.
run report-bugzilla "$kbug" report --driver button --to auto --yes \
	--bugzilla-url "http://10.0.2.100:$BZ_PORT" --insecure-http \
	--api-key-file /test/api-key
t delivered-bugzilla

# 5. The taint, as kbug reports it.
run taint "$kbug" collect --json
t finished
