# SPDX-License-Identifier: GPL-2.0-or-later
# kbug: see README.md. `make`, `make check`, `make report`, `make bench`.

VERSION := 0.1
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=

CC ?= gcc
CLANG ?= clang
PKG_CONFIG ?= pkg-config
PYTHON := /usr/bin/python3
export KBUG_CACHE ?= /var/cache/kbug

# Linked libraries: the cheap ones every command needs. libcurl, libsystemd,
# libdw, libpci, libudev, libkmod and PCRE2 are dlopen()ed where used
# (collector/util/dl.h, util/http.h, probes/libs.h): their headers come
# from the -dev packages but they are not linked, so `kbug route` does not
# pay for libkmod's libcrypto, liblzma and libzstd at every start.
LIBS_LINKED := json-c zlib
LIBS_HEADERS := libcurl libsystemd libdw libpci libudev libkmod libpcre2-8

# Debian packages needed to build and test; fragments in mk/ add theirs.
DEB_PKGS := gcc make pkg-config libjson-c-dev libpci-dev libudev-dev libkmod-dev \
	zlib1g-dev libpcre2-dev libcurl4-openssl-dev libsystemd-dev libdw-dev \
	libcmocka-dev pci.ids usb.ids pciutils usbutils kmod clang libclang-rt-14-dev

BASE_CFLAGS := -std=gnu11 -g -Wall -Wextra -Werror -Wno-unused-parameter \
	-Wshadow -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes \
	-fno-strict-aliasing -D_GNU_SOURCE -DKBUG_VERSION='"$(VERSION)"' \
	-DKBUG_DATADIR='"$(DATADIR)/kbug"' -Icollector -I. -Ibuild/gen
OPT_CFLAGS ?= -O2
SAN_CFLAGS := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined

PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(LIBS_LINKED) $(LIBS_HEADERS) 2>/dev/null)
PKG_LIBS = $(shell $(PKG_CONFIG) --libs $(LIBS_LINKED) 2>/dev/null)
# a build ID, as Debian's packages carry, for debuggers and crash reports
# relro and now as Debian's hardening (dpkg-buildflags hardening=+all) links:
# every symbol bound at start, the GOT read-only after it; with no lazy
# binding no call goes through the resolver's trampoline, which saves and
# restores the whole vector state (AVX-512 here) at each first call
LDLIBS_ALL = -Wl,--build-id=sha1 -Wl,-z,relro -Wl,-z,now $(PKG_LIBS) -ldl -lm

# Every .c under collector/ and probes/ is part of the program; kbug.c
# holds main(). Adding a command, probe, scanner or channel is adding a file.
SRCS := $(sort $(wildcard collector/*.c collector/*/*.c probes/*.c))
MAIN_SRC := collector/kbug.c
LIB_SRCS := $(filter-out $(MAIN_SRC),$(SRCS))
CMD_SRCS := $(sort $(wildcard collector/cmd-*.c))
UNIT_SRCS := $(sort $(wildcard tests/unit/test-*.c))

# test programs (TAP): mk/tests.mk finds the suites tests/tNNNN-NAME.sh
CHECK_SUITES :=		# run by `make check` in both builds
CHECK_SUITES_ONCE :=	# run once, in the normal build (not under ASan)
CHECK_SUITES_QUICK :=	# run by `make check-quick`: no kernel, QEMU, fuzzing, checkpatch
CHECK_PREREQS :=	# what `make check` builds besides kbug and the unit tests
CHECK_QUICK_PREREQS :=	# what `make check-quick` builds besides them
BENCH_TARGETS :=
FUZZ_TARGETS :=

all: kbug

-include $(sort $(wildcard mk/*.mk))

# ---- build (normal: build/, sanitizers: build-asan/) ----------------------

define BUILD_template
$(1)/%.o: %.c build/gen/cmd-list.h | $(1)/dirs
	@mkdir -p $$(dir $$@)
	$$(or $(3),$$(CC)) $$(BASE_CFLAGS) $(2) $$(PKG_CFLAGS) $$(CFLAGS) -MMD -MP -c -o $$@ $$<

$(1)/libkbug.a: $$(LIB_SRCS:%.c=$(1)/%.o)
	@rm -f $$@
	$$(AR) rcs $$@ $$^

$(1)/kbug: $(1)/$(MAIN_SRC:.c=.o) $(1)/libkbug.a
	$$(CC) $(2) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS_ALL)

$(1)/tests/unit/%: $(1)/tests/unit/%.o $(1)/libkbug.a
	$$(CC) $(2) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS_ALL) -lcmocka -lz -lpcre2-8

$(1)/dirs:
	@mkdir -p $(1)
	@touch $$@

-include $$(shell find $(1) -name '*.d' 2>/dev/null)
endef

# util/path.c compiles DATADIR in (where an installed kbug finds its
# templates and data): a stamp that changes with it rebuilds that object, so
# `make install PREFIX=/usr` after a plain `make` installs a kbug that looks
# under /usr. Rewritten only when the value differs.
DATADIR_STAMP := build/gen/datadir.stamp
$(DATADIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@[ "$$(cat $@ 2>/dev/null)" = "$(DATADIR)/kbug" ] || echo "$(DATADIR)/kbug" > $@
build/collector/util/path.o build-asan/collector/util/path.o build-fuzz/collector/util/path.o: \
	$(DATADIR_STAMP)
FORCE:

$(eval $(call BUILD_template,build,$(OPT_CFLAGS)))
$(eval $(call BUILD_template,build-asan,$(SAN_CFLAGS)))
# libFuzzer: tests/fuzz/fuzz-NAME.c defines LLVMFuzzerTestOneInput against libkbug.a
FUZZ_CFLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
$(eval $(call BUILD_template,build-fuzz,$(FUZZ_CFLAGS),$(CLANG)))

build-fuzz/fuzz-%: tests/fuzz/fuzz-%.c build-fuzz/libkbug.a
	$(CLANG) $(BASE_CFLAGS) $(PKG_CFLAGS) -O1 -g -fsanitize=fuzzer,address,undefined \
		-o $@ $< build-fuzz/libkbug.a $(LDLIBS_ALL)

UNIT_TESTS := $(UNIT_SRCS:tests/unit/%.c=build/tests/unit/%)
UNIT_TESTS_ASAN := $(UNIT_SRCS:tests/unit/%.c=build-asan/tests/unit/%)

build/gen/cmd-list.h: $(CMD_SRCS) Makefile
	@mkdir -p build/gen
	@names=$$(for f in $(CMD_SRCS); do n=$${f#collector/cmd-}; echo $${n%.c} | tr - _; done); \
	for n in $$names; do echo "extern const struct kbug_cmd kbug_cmd_$$n;"; done > build/gen/cmd-decls.h; \
	for n in $$names; do echo "KBUG_CMD($$n)"; done > $@.tmp && mv $@.tmp $@

# cp then rename: a running ./kbug would make a plain cp fail ("Text file busy")
kbug: build/kbug
	cp $< $@.tmp && mv -f $@.tmp $@

asan: build-asan/kbug

# ---- set-up ---------------------------------------------------------------

# Install the Debian packages that are missing; instant when all are there.
deps:
	@missing=$$(for p in $(sort $(DEB_PKGS)); do \
		dpkg-query -W -f '$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		if [ "$$(id -u)" != 0 ]; then echo "make deps: run as root to install:" $$missing >&2; exit 1; fi; \
		find /var/lib/apt/lists -name '*Packages*' -newermt '-1 day' 2>/dev/null | grep -q . || apt-get update -q; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

report: deps kbug
	./kbug report --dry-run --yes

# ---- tests ----------------------------------------------------------------

# Everything the tests need built; `make -j2 check-build` uses both cores.
check-build: kbug build-asan/kbug $(UNIT_TESTS) $(UNIT_TESTS_ASAN) $(CHECK_PREREQS)

check: deps check-build
	@KBUG=$(CURDIR)/build-asan/kbug KBUG_BUILD=$(CURDIR)/build-asan KBUG_SUITE_SET=asan \
		tests/run.sh $(UNIT_TESTS_ASAN) $(CHECK_SUITES) > build/check-asan.summary; \
	a=$$?; tail -n 1 build/check-asan.summary; \
	KBUG=$(CURDIR)/kbug KBUG_BUILD=$(CURDIR)/build KBUG_SUITE_SET=normal \
		tests/run.sh $(UNIT_TESTS) $(CHECK_SUITES) $(CHECK_SUITES_ONCE); \
	n=$$?; test $$a = 0 -a $$n = 0

check-asan: deps build-asan/kbug $(UNIT_TESTS_ASAN)
	KBUG=$(CURDIR)/build-asan/kbug KBUG_BUILD=$(CURDIR)/build-asan KBUG_SUITE_SET=asan \
		tests/run.sh $(UNIT_TESTS_ASAN) $(CHECK_SUITES)

# The edit loop: the unit tests and the suites of the normal build, without
# the heavy ones (kernels, QEMU, fuzzing, checkpatch, gm-diff) or ASan.
check-quick: kbug $(UNIT_TESTS) $(CHECK_QUICK_PREREQS)
	@KBUG=$(CURDIR)/kbug KBUG_BUILD=$(CURDIR)/build KBUG_SUITE_SET=quick \
		tests/run.sh $(UNIT_TESTS) $(CHECK_SUITES_QUICK)

bench: deps kbug $(BENCH_TARGETS)

fuzz: $(FUZZ_TARGETS)

checkpatch:
	@tests/t7001-checkpatch.sh

# docs/kbug.1's option lists, from the option tables (`kbug help --man CMD`)
man: kbug
	docs/update-man.sh ./kbug docs/kbug.1 > docs/kbug.1.tmp && mv docs/kbug.1.tmp docs/kbug.1

# the shell completion, from the same tables (one recipe makes both: # the shell completion, from the same tables:)
build/completion/kbug build/completion/_kbug &: build/kbug
	@mkdir -p build/completion
	build/kbug help --completion bash > build/completion/kbug.tmp
	build/kbug help --completion zsh > build/completion/_kbug.tmp
	mv build/completion/kbug.tmp build/completion/kbug
	mv build/completion/_kbug.tmp build/completion/_kbug

# ---- install --------------------------------------------------------------

install: kbug build/completion/kbug build/completion/_kbug
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/kbug
	install -m 0755 kbug $(DESTDIR)$(BINDIR)/kbug
	install -D -m 0644 build/completion/kbug $(DESTDIR)$(DATADIR)/bash-completion/completions/kbug
	install -D -m 0644 build/completion/_kbug $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_kbug
	cp -R templates $(DESTDIR)$(DATADIR)/kbug/
	[ ! -d data ] || cp -R data $(DESTDIR)$(DATADIR)/kbug/
	[ ! -f docs/kbug.1 ] || install -D -m 0644 docs/kbug.1 $(DESTDIR)$(MANDIR)/man1/kbug.1
	install -m 0755 contrib/reportbug-hook $(DESTDIR)$(DATADIR)/kbug/reportbug-hook
	install -d $(DESTDIR)$(DATADIR)/kbug/probes.d
	# the shipped drop-in probes (docs/dropin-probes.md), each with its manifest
	install -m 0755 contrib/probes/crash-settings $(DESTDIR)$(DATADIR)/kbug/probes.d/
	install -m 0644 contrib/probes/crash-settings.conf $(DESTDIR)$(DATADIR)/kbug/probes.d/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/kbug $(DESTDIR)$(MANDIR)/man1/kbug.1
	rm -f $(DESTDIR)$(DATADIR)/bash-completion/completions/kbug
	rm -f $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_kbug
	rm -rf $(DESTDIR)$(DATADIR)/kbug

clean:
	rm -rf build build-asan build-fuzz kbug

.PHONY: FORCE all asan deps report check check-build check-asan check-quick bench fuzz checkpatch man install uninstall clean
.SECONDARY:
