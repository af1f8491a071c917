#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Make the test guest's initramfs (a gzip-compressed newc cpio):
#   build-initramfs.sh KERNEL_DIR OUT.cpio.gz [STEPS [EXTRA_DIR]]
# KERNEL_DIR is what qemu-images/build-kernel.sh printed; its modules go in.
# The archive holds busybox-static, kbug ($KBUG, default the repository's
# ./kbug) with every shared library it links or dlopen()s (libcurl,
# libsystemd, libdw, libpci, libudev, libkmod and what those link) and
# the dynamic loader, pci.ids,
# usb.ids, the udev hwdb, kbug's templates/ and data/ (in
# /usr/local/share/kbug, as `make install` has them), a minimal /etc, and
# /init (qemu-images/init.sh),
# which runs STEPS (copied to /steps.sh) and powers off. EXTRA_DIR's files
# are copied to /test/. No source tree goes in. KBUG_INITRAMFS_TOOLS adds
# Debian commands (with their libraries) in /opt/debian/bin.
set -eu
KB_REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel/lib.sh
. "$KB_REPO/kernel/lib.sh"

[ $# -ge 2 ] || kb_die "usage: $0 KERNEL_DIR OUT.cpio.gz [STEPS [EXTRA_DIR]]"
kdir=$1 out=$2 steps=${3:-} extra=${4:-}
kbug=${KBUG:-$KB_REPO/kbug}
[ -x "$kbug" ] || kb_die "no kbug binary at $kbug (make kbug)"
[ -f "$kdir/.done" ] || kb_die "$kdir is not a finished guest kernel build"

root=$(mktemp -d "${TMPDIR:-/tmp}/kbug-initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/sbin" "$root/usr/bin" "$root/usr/sbin" \
	"$root/etc" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" \
	"$root/run" "$root/root" "$root/var/tmp" "$root/test" \
	"$root/lib/x86_64-linux-gnu" "$root/lib64" "$root/usr/share/misc" \
	"$root/etc/udev" "$root/lib/modules"
chmod 1777 "$root/tmp" "$root/var/tmp"

# busybox and its applets, as symbolic links.
cp /bin/busybox "$root/bin/busybox"
/bin/busybox --list-full | while read -r applet; do
	[ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done

# kbug and the libraries: what it links, and what it dlopen()s.
install -m 0755 "$kbug" "$root/usr/bin/kbug"
libpath() {
	ldconfig -p | awk -v l="$1" '$1 == l && /x86-64/ { print $NF; exit }'
}
{
	echo "$kbug"
	for l in libcurl.so.4 libsystemd.so.0 libdw.so.1 libpci.so.3 libudev.so.1 libkmod.so.2 \
		libz.so.1 libpcre2-8.so.0; do
		p=$(libpath "$l")
		[ -n "$p" ] || kb_die "$l not found by ldconfig -p (make deps)"
		echo "$p"
	done
} > "$root/.objs"
# Debian's own commands named in $KBUG_INITRAMFS_TOOLS ("lspci lsusb"),
# in /opt/debian/bin under the names they are called by (lsmod is kmod):
# the collect bench runs Debian's kernel bug script with them.
mkdir -p "$root/opt/debian/bin"
: > "$root/.tools"
for tool in ${KBUG_INITRAMFS_TOOLS:-}; do
	p=$(PATH=/usr/sbin:/usr/bin:/sbin:/bin command -v "$tool") ||
		kb_die "no '$tool' here for the initramfs (make deps)"
	cp -L "$p" "$root/opt/debian/bin/$tool"
	echo "$p" >> "$root/.tools"
done
{
	while read -r o; do
		[ "$o" = "$kbug" ] || echo "$o"
		ldd "$o" | awk '/=> \// { print $3 } /^[ \t]*\/[^ ]*ld-linux/ { print $1 }'
	done < "$root/.objs"
	while read -r o; do
		ldd "$o" | awk '/=> \// { print $3 } /^[ \t]*\/[^ ]*ld-linux/ { print $1 }'
	done < "$root/.tools"
} | sort -u > "$root/.libs"
while read -r l; do
	case $l in
	*/ld-linux-x86-64.so.2) cp -L "$l" "$root/lib64/ld-linux-x86-64.so.2" ;;
	*) cp -L "$l" "$root/lib/x86_64-linux-gnu/" ;;
	esac
done < "$root/.libs"
rm -f "$root/.objs" "$root/.libs" "$root/.tools"
printf '/lib/x86_64-linux-gnu\n' > "$root/etc/ld.so.conf"
ldconfig -r "$root"

# kbug's own data files (templates/, data/), where `make install` puts
# them; from the tree the binary was built in, else this repository.
datasrc=$(cd "$(dirname "$kbug")" && pwd)
[ -d "$datasrc/templates" ] || datasrc=$KB_REPO
mkdir -p "$root/usr/local/share/kbug"
for d in templates data; do
	[ ! -d "$datasrc/$d" ] || cp -R "$datasrc/$d" "$root/usr/local/share/kbug/"
done

# Identification data kbug reads.
cp -L /usr/share/misc/pci.ids "$root/usr/share/misc/pci.ids"
for u in /usr/share/misc/usb.ids /var/lib/usbutils/usb.ids; do
	if [ -f "$u" ]; then
		cp -L "$u" "$root/usr/share/misc/usb.ids"
		break
	fi
done
mkdir -p "$root/var/lib/usbutils"
ln -s /usr/share/misc/usb.ids "$root/var/lib/usbutils/usb.ids"
hwdb=
for h in /etc/udev/hwdb.bin /usr/lib/udev/hwdb.bin /lib/udev/hwdb.bin; do
	[ -f "$h" ] && hwdb=$h && break
done
if [ -z "$hwdb" ]; then
	# No hwdb here (no udev package): compile one from Debian's udev
	# package, downloaded and unpacked, never installed. Cached.
	hwdb=$KBUG_CACHE/hwdb/hwdb.bin
	if [ ! -f "$hwdb" ]; then
		t=$KBUG_CACHE/hwdb/tmp
		rm -rf "$t"
		mkdir -p "$t"
		(cd "$t" && { timeout 300 apt-get download -q udev >&2 ||
			{ timeout 300 apt-get update -q && timeout 300 apt-get download -q udev; }; } >&2 &&
			dpkg-deb -x udev_*.deb x &&
			timeout 120 x/bin/systemd-hwdb update --root=x --usr) >&2 ||
			kb_die "could not make a udev hwdb"
		b=$(find "$t/x" -name hwdb.bin | head -n 1)
		[ -n "$b" ] || kb_die "systemd-hwdb made no hwdb.bin"
		mv "$b" "$hwdb"
		rm -rf "$t"
	fi
fi
cp "$hwdb" "$root/etc/udev/hwdb.bin"

# The kernel's modules (modules_install + depmod, done by build-kernel.sh).
cp -a "$kdir/modules/lib/modules/." "$root/lib/modules/"
find "$root/lib/modules" -name build -type l -exec rm -f {} +
find "$root/lib/modules" -name source -type l -exec rm -f {} +

# A minimal /etc.
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' \
	> "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
cat > "$root/etc/os-release" <<'EOF'
PRETTY_NAME="kbug test guest"
NAME="kbug-guest"
ID=kbug-guest
VERSION_ID="1"
EOF
printf 'kbug-guest\n' > "$root/etc/hostname"
printf '127.0.0.1 localhost\n10.0.2.100 testhost\n' > "$root/etc/hosts"
printf 'passwd: files\ngroup: files\nhosts: files\n' > "$root/etc/nsswitch.conf"
: > "$root/etc/fstab"

install -m 0755 "$KB_REPO/qemu-images/init.sh" "$root/init"
if [ -n "$steps" ]; then
	install -m 0755 "$steps" "$root/steps.sh"
fi
if [ -n "$extra" ]; then
	cp -a "$extra/." "$root/test/"
fi

mkdir -p "$(dirname "$out")"
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc --owner=0:0 | gzip -n -4) > "$out.tmp"
mv "$out.tmp" "$out"
kb_log "initramfs $out: $(du -k "$out" | cut -f1) KiB"
