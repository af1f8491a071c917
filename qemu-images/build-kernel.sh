#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the test guest's kernel: Debian's linux-source-6.12 with the series
# in kernel/patches/, allnoconfig plus qemu-images/guest.config. Prints the
# cache directory holding the result:
#   bzImage  release  config  System.map  maintainers.sha256  build-seconds
#   modules/lib/modules/RELEASE/...   (modules_install + depmod)
# The directory is $KBUG_CACHE/guest/KEY, KEY a hash of the source
# version, the patches, the fragment and this script: a second run with the
# same inputs prints it at once. Log: $KBUG_CACHE/guest/KEY.log.
set -u
KB_REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=kernel/lib.sh
. "$KB_REPO/kernel/lib.sh"
fragment=$KB_REPO/qemu-images/guest.config

# shellcheck disable=SC2046,SC2086 # paths without blanks
key=$(kb_key $(kb_series) "$fragment" "$KB_REPO/qemu-images/build-kernel.sh")
dir=$KBUG_CACHE/guest/$key
if [ -f "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi

# One kernel build at a time on this machine.
if [ -z "${KB_LOCKED:-}" ]; then
	mkdir -p "$KBUG_CACHE"
	KB_LOCKED=1 exec flock -w "${KB_LOCK_WAIT:-3000}" "$KBUG_CACHE/.lock" "$0" "$@"
fi
if [ -f "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi

log=$KBUG_CACHE/guest/$key.log
mkdir -p "$KBUG_CACHE/guest"
# Builds that did not finish (interrupted, failed) only take room.
for d in "$KBUG_CACHE"/guest/*/; do
	[ -f "$d/.done" ] || rm -rf "$d" "${d%/}.log"
done
kb_log "building the guest kernel into $dir (log: $log)"
start=$(date +%s)
rm -rf "$dir"
mkdir -p "$dir"
src=$dir/src
obj=$dir/obj
{
	kb_fresh_tree "$src" &&
	kb_apply_series "$src" &&
	kb_configure "$src" "$obj" "$fragment" &&
	timeout 2400 make -C "$src" O="$obj" LOCALVERSION= -j"${KB_JOBS:-2}" \
		bzImage modules &&
	make -s -C "$src" O="$obj" LOCALVERSION= INSTALL_MOD_PATH="$dir/modules" \
		DEPMOD=/sbin/depmod modules_install &&
	make -s -C "$src" O="$obj" LOCALVERSION= kernelrelease > "$dir/release"
} > "$log" 2>&1
rc=$?
if [ "$rc" != 0 ]; then
	tail -n 40 "$log" >&2
	kb_die "guest kernel build failed (log: $log)"
fi
cp "$obj/arch/x86/boot/bzImage" "$dir/bzImage"
cp "$obj/.config" "$dir/config"
cp "$obj/System.map" "$dir/System.map"
cp "$obj/vmlinux" "$dir/vmlinux"
cp "$src/MAINTAINERS" "$dir/MAINTAINERS"
(cd "$dir" && sha256sum MAINTAINERS > maintainers.sha256)
# The trees are not needed any more; the result is.
rm -rf "$src" "$obj"
echo $(($(date +%s) - start)) > "$dir/build-seconds"
touch "$dir/.done"
kb_log "built $(cat "$dir/release") in $(cat "$dir/build-seconds")s"
# Keep the two most recent results.
# shellcheck disable=SC2012 # names are hex keys
ls -1td "$KBUG_CACHE"/guest/*/ | tail -n +3 | while read -r old; do
	rm -rf "$old" "${old%/}.log"
done
echo "$dir"
