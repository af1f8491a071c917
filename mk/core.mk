# SPDX-License-Identifier: GPL-2.0-or-later
# The foundation: the CLI front end, checkpatch over the sources, fuzzing.
# Their suites (tests/t0xxx, t7001-checkpatch, t7002-fuzz) are found by mk/tests.mk.
DEB_PKGS += xz-utils linux-source-6.12 groff-base

# Every tests/fuzz/fuzz-NAME.c is built by the generic rule in the Makefile;
# `make fuzz` builds them and tests/fuzz/run.sh runs each for a bounded time.
FUZZ_TARGETS += $(patsubst tests/fuzz/%.c,build-fuzz/%,$(sort $(wildcard tests/fuzz/fuzz-*.c)))
CHECK_PREREQS += fuzz
