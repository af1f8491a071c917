# SPDX-License-Identifier: GPL-2.0-or-later
# The foundation's own tests: the CLI front end, and checkpatch over the sources.
CHECK_SUITES += $(sort $(wildcard tests/e2e/t0*.sh))
CHECK_SUITES_ONCE += tests/checkpatch-sources.sh
DEB_PKGS += xz-utils linux-source-6.12 groff-base

# Every tests/fuzz/fuzz-NAME.c is built by the generic rule in the Makefile;
# `make fuzz` builds them and tests/fuzz/run.sh runs each for a bounded time.
FUZZ_TARGETS += $(patsubst tests/fuzz/%.c,build-fuzz/%,$(sort $(wildcard tests/fuzz/fuzz-*.c)))
CHECK_PREREQS += fuzz
CHECK_SUITES_ONCE += tests/fuzz/check-fuzz.sh
