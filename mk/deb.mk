# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package (debian/): `make deb` builds build/deb/kbug_VERSION_ARCH.deb
# with dpkg-buildpackage -us -uc -b and runs lintian on it. It builds in a
# copy of the checkout (build/deb/src/kbug-VERSION): dpkg-buildpackage
# leaves its products in the parent directory and starts with
# `debian/rules clean` (`make clean`), which must touch neither the
# checkout's build/ nor what lies beside it. tests/t0004-deb.sh installs
# the package, uses it and purges it.

# The tools, for this target only (not in DEB_PKGS): dpkg-buildpackage
# (dpkg-dev), dh (debhelper), lintian, and fakeroot for the binary target.
# The package's Build-Depends come from debian/control (apt-get build-dep).
DEB_TOOLS := dpkg-dev debhelper lintian fakeroot
DEB_ARCH = $(shell dpkg --print-architecture)
DEB_FILE = build/deb/kbug_$(VERSION)_$(DEB_ARCH).deb
DEB_STAGE := build/deb/src/kbug-$(VERSION)
# what the package is made from: a change here rebuilds it
DEB_INPUTS := $(wildcard Makefile mk/*.mk collector/*.[ch] collector/*/*.[ch] \
	collector/*/*.sh probes/*.[ch] templates/* templates/*/* data/* docs/kbug.1 \
	kernel/source.sh contrib/* debian/* debian/*/*)

deb: $(DEB_FILE)

deb-deps:
	@$(MAKE) --no-print-directory deps DEB_PKGS='$(DEB_TOOLS)'
	@dpkg-checkbuilddeps 2>/dev/null || { \
		if [ "$$(id -u)" != 0 ]; then dpkg-checkbuilddeps; exit 1; fi; \
		DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q ./; }

$(DEB_FILE): $(DEB_INPUTS) | deb-deps
	rm -rf build/deb && mkdir -p $(DEB_STAGE)
	git ls-files -z -c -o --exclude-standard | \
		tar --null -T - --ignore-failed-read -cf - | tar -xf - -C $(DEB_STAGE)
	cd $(DEB_STAGE) && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		DEB_BUILD_OPTIONS="parallel=2 $(DEB_BUILD_OPTIONS)" \
		dpkg-buildpackage -us -uc -b
	mv build/deb/src/*.deb build/deb/src/*.changes build/deb/src/*.buildinfo build/deb/
	rm -rf build/deb/src
	@# on the .changes: the .deb, the .buildinfo and the upload as a whole;
	@# I: tags shown too; exit 2 on an E: tag (--fail-on error), 1 on its own failure
	@rc=0; lintian --display-info --fail-on error build/deb/kbug_$(VERSION)_$(DEB_ARCH).changes \
		>build/deb/lintian.tmp 2>&1 || rc=$$?; \
	grep -v '^running with root privileges' build/deb/lintian.tmp >build/deb/lintian.txt; \
	rm -f build/deb/lintian.tmp; echo "lintian (exit $$rc):"; cat build/deb/lintian.txt; \
	if [ $$rc != 0 ]; then mv build/deb/lintian.txt build/deb/lintian-failed.txt; \
		echo "make deb: lintian failed or found an error (exit $$rc): build/deb/lintian-failed.txt" >&2; exit 1; fi

.PHONY: deb deb-deps

# tests/t0004-deb.sh: `man -w kbug` on the installed page
DEB_PKGS += man-db
