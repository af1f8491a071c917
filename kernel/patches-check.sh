#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Check the patch series in kernel/patches/ the way a maintainer would
# before taking it, printing TAP:
#  - it applies with `git am` onto a fresh copy of the pristine tree;
#  - each patch passes scripts/checkpatch.pl --strict with no error,
#    warning or check;
#  - the tree builds with CONFIG_IKMAINTAINERS=y and =m (allnoconfig plus
#    a small fragment), and the data found in vmlinux, or in
#    kernel/kmaintainers.ko, decompresses to the tree's MAINTAINERS;
#  - each kernel boots under QEMU (TCG, serial console, busybox initramfs):
#    =y has /sys/kernel/maintainers.gz from the start, =m once `modprobe
#    kmaintainers` ran and no more after `rmmod`; the file reads back as
#    the tree's MAINTAINERS.
# The build is kept in $KBUG_CACHE/work/patches-check/, keyed by the
# series, so a second run only rebuilds what changed.
set -u
KB_REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel/lib.sh
. "$KB_REPO/kernel/lib.sh"

# One kernel build at a time on this machine.
if [ -z "${KB_LOCKED:-}" ]; then
	mkdir -p "$KBUG_CACHE"
	KB_LOCKED=1 exec flock -w "${KB_LOCK_WAIT:-3000}" "$KBUG_CACHE/.lock" "$0" "$@"
fi

work=$KBUG_CACHE/work/patches-check
mkdir -p "$work"
n=0
failed=0
ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}
not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	if [ -n "${2:-}" ] && [ -f "$2" ]; then
		tail -n "${3:-40}" "$2" | sed 's/^/#   /'
	fi
}
finish() {
	echo "1..$n"
	[ "$failed" = 0 ]
	exit
}

series=$(kb_series)
[ -n "$series" ] || { not_ok "kernel/patches/ holds a series"; finish; }
count=$(echo "$series" | wc -l)
# shellcheck disable=SC2086 # paths without blanks
key=$(kb_key $series "$KB_REPO/kernel/patches-check.sh" "$KB_REPO/kernel/lib.sh")
tree=$work/src-$key
obj=$work/obj-$key

# 1. git am onto a fresh copy.
am=$work/am
if kb_fresh_tree "$am" > "$work/am.log" 2>&1 &&
	kb_apply_series "$am" >> "$work/am.log" 2>&1 &&
	[ "$(git -C "$am" rev-list --count pristine..HEAD)" = "$count" ] &&
	[ -z "$(git -C "$am" status --porcelain --ignored=no --untracked-files=no)" ]; then
	ok "git am applies the $count patches onto a fresh linux-source-6.12 $(kb_version)"
else
	not_ok "git am applies the series onto a fresh linux-source-6.12" "$work/am.log"
	finish
fi

# 2. checkpatch --strict, from the patched tree, with Debian's python3
# (spdxcheck.py needs python3-ply and python3-git).
for p in $series; do
	log=$work/checkpatch-${p##*/}.log
	(cd "$am" && PATH=/usr/bin:$PATH timeout 300 ./scripts/checkpatch.pl --strict "$p") \
		> "$log" 2>&1
	rc=$?
	if [ "$rc" = 0 ] && grep -q '^total: 0 errors, 0 warnings, 0 checks' "$log" &&
		! grep -qE 'Traceback|^FAIL' "$log"; then
		ok "checkpatch --strict: ${p##*/}: $(grep '^total:' "$log")"
	else
		not_ok "checkpatch --strict: ${p##*/}" "$log"
	fi
done

# 3. Builds. Keep the tree of this key (mtimes matter to make); drop others.
for d in "$work"/src-* "$work"/obj-*; do
	[ -e "$d" ] || continue
	case $d in "$tree" | "$obj") ;; *) rm -rf "$d" ;; esac
done
if [ ! -f "$tree/.kbug-applied" ]; then
	rm -rf "$tree"
	mv "$am" "$tree" && touch "$tree/.kbug-applied"
else
	rm -rf "$am"
fi

# allnoconfig plus the option, and just enough to boot it under QEMU with
# a busybox initramfs on the serial console.
frag=$work/fragment-y.config
printf '%s\n' CONFIG_64BIT=y CONFIG_SYSFS=y CONFIG_PROC_FS=y CONFIG_MODULES=y \
	CONFIG_MODULE_UNLOAD=y CONFIG_PRINTK=y CONFIG_TTY=y CONFIG_SERIAL_8250=y \
	CONFIG_SERIAL_8250_CONSOLE=y CONFIG_BLK_DEV_INITRD=y CONFIG_RD_GZIP=y \
	CONFIG_BINFMT_ELF=y CONFIG_BINFMT_SCRIPT=y CONFIG_DEVTMPFS=y \
	CONFIG_IKMAINTAINERS=y > "$frag"
want_sha=$(sha256sum < "$tree/MAINTAINERS" | cut -d' ' -f1)

# The guest's /init: read the file (loading and unloading the module when
# it is one), print what it saw, reboot (QEMU runs with -no-reboot).
cat > "$work/init.sh" <<'EOF_INIT'
#!/bin/sh
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
f=/sys/kernel/maintainers.gz
show() { if [ -e $f ]; then echo "KB-$1 present $(stat -c '%a %s' $f) $(zcat $f | sha256sum | cut -d' ' -f1)"; else echo "KB-$1 absent"; fi; }
show BOOT
if [ -d /lib/modules ] && [ -n "$(ls /lib/modules)" ]; then
	modprobe kmaintainers && echo KB-MODPROBE ok
	show LOADED
	rmmod kmaintainers && echo KB-RMMOD ok
	show UNLOADED
fi
echo KB-END
reboot -f
EOF_INIT
sed 's/^CONFIG_IKMAINTAINERS=y/CONFIG_IKMAINTAINERS=m/' "$frag" > "$work/fragment-m.config"

for mode in y m; do
	log=$work/build-$mode.log
	start=$(date +%s)
	if ! kb_configure "$tree" "$obj" "$work/fragment-$mode.config" > "$log" 2>&1; then
		not_ok "allnoconfig + CONFIG_IKMAINTAINERS=$mode configures" "$log"
		continue
	fi
	targets=bzImage
	[ "$mode" = m ] && targets="bzImage modules"
	# shellcheck disable=SC2086 # two make targets
	if ! timeout 1800 make -C "$tree" O="$obj" -j2 $targets >> "$log" 2>&1; then
		not_ok "builds with CONFIG_IKMAINTAINERS=$mode" "$log"
		continue
	fi
	if grep -E '(warning|error):' "$log" | grep -q kmaintainers; then
		not_ok "builds with CONFIG_IKMAINTAINERS=$mode without warnings" "$log"
		continue
	fi
	ok "builds with CONFIG_IKMAINTAINERS=$mode ($(($(date +%s) - start))s)"
	if [ "$mode" = y ]; then
		holder=$obj/vmlinux
	else
		holder=$obj/kernel/kmaintainers.ko
	fi
	if kb_extract_marked "$holder" IKMNT_ST IKMNT_ED 2>> "$log" | zcat 2>> "$log" |
		cmp -s - "$tree/MAINTAINERS"; then
		ok "=$mode: ${holder#"$obj"/} carries the tree's MAINTAINERS, gzip-compressed"
	else
		not_ok "=$mode: ${holder#"$obj"/} carries the tree's MAINTAINERS" "$log" 10
	fi
	# Boot it.
	mods=
	if [ "$mode" = m ]; then
		rm -rf "$work/mods"
		mods=$work/mods
		make -s -C "$tree" O="$obj" INSTALL_MOD_PATH="$mods" DEPMOD=/sbin/depmod \
			modules_install >> "$log" 2>&1
	fi
	con=$work/boot-$mode.log
	if kb_mini_initramfs "$work/initramfs-$mode.cpio.gz" "$work/init.sh" "$mods" >> "$log" 2>&1 &&
		kb_boot_console "$obj/arch/x86/boot/bzImage" "$work/initramfs-$mode.cpio.gz" "$con"; then
		tr -d '\r' < "$con" > "$con.txt"
	else
		tr -d '\r' < "$con" > "$con.txt" 2>/dev/null
		echo "boot failed" >> "$con.txt"
	fi
	if [ "$mode" = y ]; then
		if grep -qx "KB-BOOT present 444 [0-9]* $want_sha" "$con.txt"; then
			ok "=y, booted: /sys/kernel/maintainers.gz is there, 0444, and decompresses to MAINTAINERS"
		else
			not_ok "=y, booted: /sys/kernel/maintainers.gz is there and decompresses to MAINTAINERS" "$con.txt" 15
		fi
	else
		if grep -qx "KB-BOOT absent" "$con.txt" && grep -qx "KB-MODPROBE ok" "$con.txt" &&
			grep -qx "KB-LOADED present 444 [0-9]* $want_sha" "$con.txt"; then
			ok "=m, booted: modprobe kmaintainers makes /sys/kernel/maintainers.gz appear, identical"
		else
			not_ok "=m, booted: modprobe kmaintainers makes /sys/kernel/maintainers.gz appear" "$con.txt" 15
		fi
		if grep -qx "KB-RMMOD ok" "$con.txt" && grep -qx "KB-UNLOADED absent" "$con.txt"; then
			ok "=m, booted: rmmod kmaintainers removes it"
		else
			not_ok "=m, booted: rmmod kmaintainers removes it" "$con.txt" 15
		fi
	fi
	if [ "$mode" = m ]; then
		if kb_extract_marked "$obj/vmlinux" IKMNT_ST IKMNT_ED > /dev/null 2>&1; then
			not_ok "=m: vmlinux does not carry the data"
		else
			ok "=m: vmlinux does not carry the data, the module does"
		fi
		desc=$(modinfo -F description "$holder" 2>/dev/null)
		if [ -n "$desc" ]; then
			ok "=m: kmaintainers.ko: $desc"
		else
			not_ok "=m: kmaintainers.ko has module information"
		fi
	fi
done
finish
