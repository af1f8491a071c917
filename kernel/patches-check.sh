#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Check the patch series in kernel/patches/ the way a maintainer would
# before taking it, printing TAP:
#  - it applies with `git am` onto a fresh copy of the pristine tree;
#  - each patch passes scripts/checkpatch.pl --strict with no error,
#    warning or check;
#  - the tree builds with CONFIG_IKMAINTAINERS=y and =m (allnoconfig plus
#    a small fragment), and the data found in vmlinux, or in
#    kernel/kmaintainers.ko, decompresses to the tree's MAINTAINERS.
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

frag=$work/fragment-y.config
printf '%s\n' CONFIG_64BIT=y CONFIG_SYSFS=y CONFIG_MODULES=y \
	CONFIG_MODULE_UNLOAD=y CONFIG_IKMAINTAINERS=y > "$frag"
sed 's/^CONFIG_IKMAINTAINERS=y/CONFIG_IKMAINTAINERS=m/' "$frag" > "$work/fragment-m.config"

for mode in y m; do
	log=$work/build-$mode.log
	start=$(date +%s)
	if ! kb_configure "$tree" "$obj" "$work/fragment-$mode.config" > "$log" 2>&1; then
		not_ok "allnoconfig + CONFIG_IKMAINTAINERS=$mode configures" "$log"
		continue
	fi
	targets=vmlinux
	[ "$mode" = m ] && targets="vmlinux modules"
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
