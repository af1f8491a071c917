# SPDX-License-Identifier: GPL-2.0-or-later
# The route stage (issue 3): MAINTAINERS engine and `kbug route`.
# The embedded MAINTAINERS/.mailmap/directory list come from the Debian
# linux-source-6.12 tree (kernel/source.sh) into build/gen/route-data.c.

ROUTE_GEN := build/gen/route-data.c
LIB_SRCS += $(ROUTE_GEN)

$(ROUTE_GEN): collector/route/gen-embedded.sh mk/route.mk
	@collector/route/gen-embedded.sh build/gen

# .incbin is invisible to -MMD: the objects follow the blobs explicitly.
build/build/gen/route-data.o build-asan/build/gen/route-data.o \
build-fuzz/build/gen/route-data.o: $(ROUTE_GEN) build/gen/route-maintainers.raw \
	build/gen/route-mailmap.raw build/gen/route-dirs.raw

build/gen/route-maintainers.raw build/gen/route-mailmap.raw build/gen/route-dirs.raw: $(ROUTE_GEN)

# Tests: tests/unit/test-route.c is picked up by the Makefile; the suites
# tests/t3xxx-*.sh by mk/tests.mk, the differential test against the
# kernel's scripts/get_maintainer.pl (t3003, tests/route/gm-diff.pl) once,
# not under ASan; tests/fuzz/fuzz-route.c is built and run by the generic
# fuzz rules.
DEB_PKGS += perl

# make bench: 500 files through kbug (one process, a process per path)
# and get_maintainer.pl (a process per path).
BENCH_TARGETS += route-bench
route-bench: kbug
	KBUG=$(CURDIR)/kbug perl tests/route/bench.pl

.PHONY: route-bench
