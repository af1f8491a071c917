# SPDX-License-Identifier: GPL-2.0-or-later
# The collect stage (issue 2): the probes, `kbug collect`, `kbug probes`.
# Unit tests (tests/unit/test-probe-*.c) and fuzz targets
# (tests/fuzz/fuzz-probe-*.c) are picked up by the Makefile's generic rules.
# The suites tests/t1xxx-*.sh are found by mk/tests.mk.
DEB_PKGS += iproute2 hyperfine time systemd-journal-remote pciutils usbutils kmod dash

# make bench: kbug collect against the shell equivalent of Debian's
# kernel bug script, side by side (wall time and peak RSS, as ratios).
BENCH_TARGETS += collect-bench
.PHONY: collect-bench
collect-bench: kbug
	@tests/bench/collect-bench.sh ./kbug

# The same in the QEMU test guest (USB devices, a module, Debian's tools
# in the guest): tests/bench/collect-bench-guest.sh.
BENCH_TARGETS += collect-bench-guest
.PHONY: collect-bench-guest
collect-bench-guest: deps kbug
	@tests/bench/collect-bench-guest.sh ./kbug
