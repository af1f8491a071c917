# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel side (issue 7): the CONFIG_IKMAINTAINERS patch series in
# kernel/patches/ and the end-to-end test in a QEMU guest running it.
# Kernel trees and builds live in $(KBUG_CACHE), never in the repository.
#   make patches-check   git am, checkpatch --strict, build =y and =m
#   make check-qemu      build (cached) and boot the guest, run the steps

DEB_PKGS += linux-source-6.12 qemu-system-x86 busybox-static bc bison flex \
	libssl-dev libelf-dev cpio xz-utils gzip python3-aiosmtpd python3-ply \
	python3-git libc-bin util-linux git

# make check runs both once: tests/t4001-patches-check.sh, tests/t4002-qemu.sh

patches-check: deps
	kernel/patches-check.sh

check-qemu: deps kbug
	KBUG=$(CURDIR)/kbug tests/t4002-qemu.sh

.PHONY: patches-check check-qemu
