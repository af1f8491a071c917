#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: heavy
# The kernel patch series (kernel/patches/, TAP): git am, checkpatch
# --strict, builds with CONFIG_IKMAINTAINERS=y and =m, boots under QEMU.
# The same as `make patches-check`; builds are cached in $KBUG_CACHE.
exec "$(dirname "$0")/../kernel/patches-check.sh"
