#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print the path of an unpacked, pristine Debian linux-source-6.12 tree
# (kernel/source.sh 6.1: linux-source-6.1, the older tree the index
# lists gone functions from), installing the package and unpacking it
# under $KBUG_CACHE when needed.
# The tree lives outside the repository and is never modified: patched
# trees and builds are made from it elsewhere.
set -eu
cache=${KBUG_CACHE:-/var/cache/kbug}
series=${1:-6.12}
case $series in
6.12 | 6.1) ;;
*)
	echo "kernel/source.sh: no such series: $series (6.12 or 6.1)" >&2
	exit 2
	;;
esac
tarball=$(ls /usr/src/linux-source-$series.tar.* 2>/dev/null | head -n 1 || true)
if [ -z "$tarball" ]; then
	if ! dpkg -s linux-source-$series >/dev/null 2>&1; then
		apt-get update -q >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q linux-source-$series >&2
	fi
	tarball=$(ls /usr/src/linux-source-$series.tar.* | head -n 1)
fi
ver=$(dpkg-query -W -f '${Version}' linux-source-$series)
dir=$cache/src/linux-source-$ver
if [ ! -f "$dir/.kbug-unpacked" ]; then
	mkdir -p "$cache/src"
	rm -rf "$dir.tmp"
	mkdir -p "$dir.tmp"
	tar -xf "$tarball" -C "$dir.tmp" --strip-components=1
	touch "$dir.tmp/.kbug-unpacked"
	rm -rf "$dir"
	mv "$dir.tmp" "$dir"
fi
echo "$dir"
