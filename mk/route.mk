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
build-fuzz/build/gen/route-data.o: $(ROUTE_GEN) build/gen/route-maintainers.gz \
	build/gen/route-mailmap.gz build/gen/route-dirs.gz

build/gen/route-maintainers.gz build/gen/route-mailmap.gz build/gen/route-dirs.gz: $(ROUTE_GEN)
