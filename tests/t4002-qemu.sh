#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: heavy
# make check-qemu (and, once, make check): kbug end to end in a QEMU guest
# running Debian's linux-source-6.12 with the CONFIG_IKMAINTAINERS series.
#  - the guest kernel is built (cached in $KBUG_CACHE/guest/KEY) and an
#    initramfs made with $KBUG and tests/qemu/guest-steps.sh;
#  - an SMTP server (tests/qemu/smtp_sink.py) and the Bugzilla test server
#    (tests/servers/bugzilla_server.py) listen on 127.0.0.1; the guest
#    reaches them, and nothing else, through guestfwd;
#  - the guest boots once (qemu-images/boot.sh, TCG, hard timeout), runs
#    the steps and powers off; the host then checks what it printed, what
#    reached the SMTP server and what landed in the Bugzilla database.
# TAP on stdout. Timings go to ${KBUG_BUILD:-build}/qemu-times.log; the
# console, the guest's dmesg, kbug's outputs, the mail and the Bugzilla
# database of the last run to build/qemu-console.log, qemu-dmesg.log and
# qemu-out/.
# shellcheck disable=SC2016 # test bodies are eval'ed by test_expect_success
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
Q=$SRC_DIR/qemu-images
H=$TESTS_DIR/qemu
W=$TRASH
build=${KBUG_BUILD:-$SRC_DIR/build}
case $build in /*) ;; *) build=$SRC_DIR/$build ;; esac
mkdir -p "$build"
times_log=$build/qemu-times.log
export KBUG_CACHE=${KBUG_CACHE:-/var/cache/kbug}
export Q H W
t_start=$(date +%s.%N)
secs() { echo "$(date +%s.%N) - $1" | bc | sed 's/^\./0./; s/\(\.[0-9]\)[0-9]*$/\1/'; }

# ---- the guest kernel --------------------------------------------------
t=$(date +%s.%N)
test_expect_success 'the guest kernel is built, or found in the cache' '
	"$Q/build-kernel.sh" > "$W/kdir" 2> "$W/build-kernel.err" ||
		{ cat "$W/build-kernel.err"; false; }
	kdir=$(cat "$W/kdir")
	test -f "$kdir/bzImage" && test -f "$kdir/.done"
	cat "$W/build-kernel.err"
'
kernel_s=$(secs "$t")
kdir=$(cat "$W/kdir" 2>/dev/null)
if grep -q 'building the guest kernel' "$W/build-kernel.err" 2>/dev/null; then
	kernel_how="built in ${kernel_s}s"
else
	kernel_how="cached"
fi
echo "# guest kernel: $kernel_how ($kdir)"

# ---- the test servers ---------------------------------------------------
mkdir -p "$W/smtp"
smtp_port=0 bz_port=0
test_expect_success 'the SMTP and Bugzilla test servers listen on 127.0.0.1' '
	server_start smtp "$H/smtp_sink.py" "$W/smtp" --lifetime 900 &&
	server_start bz bugzilla_server.py "$W/bugzilla.db"
'
smtp_port=$(cat "$TRASH/smtp.port" 2>/dev/null || echo 0)
bz_port=$(cat "$TRASH/bz.port" 2>/dev/null || echo 0)

# ---- the initramfs -------------------------------------------------------
mkdir -p "$W/extra"
{
	echo "SMTP_PORT=$smtp_port"
	echo "BZ_PORT=$bz_port"
	echo "MAINTAINERS_SHA256=$(cut -d' ' -f1 "$kdir/maintainers.sha256" 2>/dev/null)"
} > "$W/extra/env"
(umask 077 && /usr/bin/python3 -c '
import sys
sys.path.insert(0, sys.argv[1])
import bugzilla_server
print(bugzilla_server.KEY_REPORTER)' "$TESTS_DIR/servers" > "$W/extra/api-key" 2>/dev/null)
chmod 600 "$W/extra/api-key"
t=$(date +%s.%N)
test_expect_success 'the initramfs is made (busybox, kbug and its libraries, ids, hwdb, modules)' '
	KBUG=$KBUG "$Q/build-initramfs.sh" "$kdir" "$W/initramfs.cpio.gz" \
		"$H/guest-steps.sh" "$W/extra"
'
initramfs_s=$(secs "$t")

# ---- the boot ------------------------------------------------------------
t=$(date +%s.%N)
test_expect_success 'the guest boots, runs the steps and powers off within the time limit' '
	"$Q/boot.sh" "$kdir" "$W/initramfs.cpio.gz" "$W/console.log" \
		"$smtp_port" "$bz_port" 2> "$W/boot.err" || { tail -n 60 "$W/console.log"; false; }
'
boot_s=$(secs "$t")
/usr/bin/python3 "$H/check_guest.py" parse "$W/console.log" "$W/out" > "$W/parse.log" 2>&1 ||
	cat "$W/parse.log"
mkdir -p "$W/out"
touch "$W/out/results" "$W/out/times" "$W/out/rc"

# The checks made inside the guest.
while read -r verdict desc; do
	if [ "$verdict" = KBUG-OK ]; then
		test_expect_success "guest: $desc" 'true'
	else
		test_expect_success "guest: $desc" 'false'
	fi
done < "$W/out/results"
test_expect_success 'guest: all its checks ran (network, maintainers.gz, USB, taint)' '
	test "$(grep -c . "$W/out/results")" -ge 6
'

# Show a kbug command's output when a check on it fails.
show() {
	for f in "$W/out/$1.out" "$W/out/$1.err"; do
		[ -s "$f" ] && { echo "--- $f"; head -c 1200 "$f"; echo; }
	done
	grep "^$1 " "$W/out/rc" | sed 's/^/exit status: /'
	return 0
}
export -f show

test_expect_success 'kbug route drivers/misc/lkdtm/bugs.c uses /sys/kernel/maintainers.gz' '
	/usr/bin/python3 "$H/check_guest.py" route "$W/out/route.out" > chk 2>&1 ||
		{ show route; cat chk; false; }
'
test_expect_success 'kbug collect lists the emulated PCI and USB devices, e1000, the release' '
	/usr/bin/python3 "$H/check_guest.py" collect "$W/out/collect.out" \
		"$(cat "$kdir/release")" > chk 2>&1 || { show collect; cat chk; false; }
'
test_expect_success 'kbug report --to auto mails the WARNING to the LKDTM maintainers' '
	/usr/bin/python3 "$H/check_guest.py" mail "$W/smtp" "$kdir/MAINTAINERS" > chk 2>&1 ||
		{ show report-email; cat chk; false; }
'
test_expect_success 'kbug report --driver button files a bug with attachments into Bugzilla' '
	/usr/bin/python3 "$H/check_guest.py" bugzilla "$W/bugzilla.db" \
		"$W/out/report-bugzilla.out" > chk 2>&1 ||
		{ show report-bugzilla; tail -n 5 "$TRASH/bz.log"; cat chk; false; }
'
test_expect_success 'kbug reports the taint after the WARNING as W' '
	/usr/bin/python3 "$H/check_guest.py" taint "$W/out/taint.out" > chk 2>&1 ||
		{ show taint; cat chk; false; }
'
test_expect_success 'the guest set up its network on the e1000 with no warning' '
	! grep -E "^KBUG-WARN" "$W/console.log"
	grep -q "^KBUG-NET " "$W/console.log"
'

# ---- figures ---------------------------------------------------------------
tm() { awk -v l="$1" '$1 == l { print $2 }' "$W/out/times"; }
total_s=$(secs "$t_start")
line="$(date -u +%FT%TZ) check-qemu total ${total_s}s; kernel $kernel_how; initramfs ${initramfs_s}s;"
line="$line qemu ${boot_s}s; in the guest, seconds since boot: /init $(tm init), network $(tm net),"
line="$line WARNING $(tm warning), mail delivered $(tm delivered-email),"
line="$line bug filed $(tm delivered-bugzilla), power-off $(tm end)"
echo "# $line"
echo "$line" >> "$times_log"

if [ "$test_failed" != 0 ] && [ -f "$W/console.log" ]; then
	echo "# --- guest console (last 80 lines; full log kept in $build/qemu-console.log)"
	tr -d '\r' < "$W/console.log" | sed '/^KBUG-BEGIN/,/^KBUG-END/d' | tail -n 80 | sed 's/^/# /'
fi
[ -f "$W/console.log" ] && cp "$W/console.log" "$build/qemu-console.log"
[ -f "$W/out/dmesg" ] && cp "$W/out/dmesg" "$build/qemu-dmesg.log"
# What the guest's kbug printed, and what reached the servers, for a look.
rm -rf "$build/qemu-out"
mkdir -p "$build/qemu-out"
cp -a "$W/out/." "$W/smtp" "$build/qemu-out/" 2>/dev/null
cp "$W/bugzilla.db" "$build/qemu-out/" 2>/dev/null
test_done
