#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot the test guest once, under a hard time limit:
#   boot.sh KERNEL_DIR INITRAMFS CONSOLE_LOG [PORT...]
# qemu-system-x86_64 with TCG (never KVM), the serial console on stdio
# (also written to CONSOLE_LOG) and a fixed device set:
#   00:03.0 qemu-xhci with usb-kbd and usb-storage (a small raw image)
#   00:04.0 e1000 on a restricted user-mode netdev whose only way out is a
#           guestfwd per PORT: 10.0.2.100:PORT -> 127.0.0.1:PORT (the test
#           servers on the host's loopback; nothing else is reachable),
#           through qemu-images/relay.py, one per connection
#   00:05.0 virtio-net-pci on a restricted user-mode netdev with no way out
# Exits with QEMU's status: 0 when the guest powered off, 124 on timeout.
# On failure the console log is printed.
set -u
[ $# -ge 3 ] || { echo "usage: $0 KERNEL_DIR INITRAMFS CONSOLE_LOG [PORT...]" >&2; exit 2; }
kdir=$1 initrd=$2 log=$3
shift 3

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kbug-boot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The USB stick: 8 MiB of zeros, raw.
dd if=/dev/zero of="$tmp/stick.img" bs=1M count=8 status=none

relay=$(cd "$(dirname "$0")" && pwd)/relay.py
case $relay in *,* | *" "*) echo "boot.sh: no commas or blanks in $relay, please" >&2; exit 2 ;; esac
fwd=
for port in "$@"; do
	case $port in
	*[!0-9]* | "") echo "boot.sh: bad port '$port'" >&2; exit 2 ;;
	esac
	# One relay per guest connection, to 127.0.0.1 only (see relay.py).
	fwd="$fwd,guestfwd=tcp:10.0.2.100:$port-cmd:/usr/bin/python3 $relay $port"
done

start=$(date +%s.%N)
timeout -k 5 "${KBUG_BOOT_TIMEOUT:-120}" qemu-system-x86_64 \
	-accel tcg -machine pc -cpu qemu64 -m 512M -smp 1 \
	-nodefaults -no-user-config -nographic -serial stdio -monitor none \
	-no-reboot \
	-kernel "$kdir/bzImage" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 printk.time=1 ${KBUG_APPEND:-}" \
	-device qemu-xhci,id=xhci,addr=03.0 \
	-device usb-kbd,bus=xhci.0 \
	-drive if=none,id=stick,format=raw,file="$tmp/stick.img" \
	-device usb-storage,bus=xhci.0,drive=stick \
	-netdev "user,id=n0,restrict=on$fwd" \
	-device e1000,netdev=n0,addr=04.0,autonegotiation=off \
	-netdev user,id=n1,restrict=on \
	-device virtio-net-pci,netdev=n1,addr=05.0 \
	< /dev/null > "$log" 2>&1
rc=$?
end=$(date +%s.%N)
echo "boot.sh: qemu exited $rc after $(echo "$end - $start" | bc)s" >> "$log"
if [ "$rc" != 0 ] || ! grep -q '^KBUG-POWEROFF' "$log"; then
	echo "boot.sh: the guest did not power off cleanly (status $rc); console:" >&2
	cat "$log" >&2
	[ "$rc" != 0 ] || rc=1
fi
exit "$rc"
