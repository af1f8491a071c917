#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the kbug test guest (busybox sh): mount the pseudo file systems,
# load e1000, bring up the network behind QEMU's restricted user-mode
# netdev (10.0.2.15/24, gateway 10.0.2.2; the test servers answer at
# 10.0.2.100 through guestfwd), run /steps.sh, power off. Lines starting
# with "KBUG-" are for the host to read on the serial console.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C.UTF-8 TERM=dumb KBUG_DATADIR=/usr/local/share/kbug

uptime_s() {
	cut -d' ' -f1 /proc/uptime
}

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
mount -t tmpfs tmpfs /run
mount -t debugfs debugfs /sys/kernel/debug
hostname -F /etc/hostname
echo "KBUG-TIME init $(uptime_s)"
# Keep kernel messages off the console from here on: they stay in the
# log buffer, where kbug reads them, and the host gets it at the end.
echo 1 > /proc/sys/kernel/printk

modprobe e1000 || echo "KBUG-WARN modprobe e1000 failed"
ip link set lo up
dev=
i=0
while [ -z "$dev" ] && [ "$i" -lt 50 ]; do
	for n in /sys/class/net/*; do
		d=$(readlink "$n/device/driver" 2>/dev/null)
		[ "${d##*/}" = e1000 ] && dev=${n##*/}
	done
	[ -n "$dev" ] || sleep 0.1
	i=$((i + 1))
done
if [ -n "$dev" ]; then
	ip addr add 10.0.2.15/24 dev "$dev"
	ip link set "$dev" up
	ip route add default via 10.0.2.2 dev "$dev"
	echo "KBUG-NET $dev 10.0.2.15/24"
else
	echo "KBUG-WARN no e1000 interface"
fi
echo "KBUG-TIME net $(uptime_s)"

if [ -x /steps.sh ]; then
	cd /tmp && timeout "${KBUG_STEPS_TIMEOUT:-90}" /steps.sh < /dev/null 2>&1
	echo "KBUG-STEPS-EXIT $?"
fi
echo "KBUG-TIME end $(uptime_s)"
echo "KBUG-BEGIN dmesg"
dmesg | gzip -c | base64
echo "KBUG-END dmesg"
echo "KBUG-POWEROFF"
sync
poweroff -f
