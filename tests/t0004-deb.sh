#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package: `make deb` builds it, lintian finds no error in it,
# apt-get installs it, and the installed kbug works from /usr (its templates
# and data under /usr/share/kbug, the manual page, the completion, /etc/kbug,
# the reportbug hook); apt-get purge removes it all. Needs root: it installs
# a package on this machine (CI's machine is disposable), and purges it at
# exit.
# kbug-test: heavy
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || test_skip_all_env "not root: installing a package needs root"
# a kbug installed before is somebody's: this suite would replace and purge it
if dpkg-query -W -f '${Status}\n' kbug 2>/dev/null | grep -q ' installed$'; then
	test_skip_all_env "the package kbug is installed here already; this suite would purge it"
fi
require apt-get dpkg-deb

version=$(sed -n 's/^VERSION := //p' "$SRC_DIR/Makefile")
arch=$(dpkg --print-architecture)
deb=$SRC_DIR/build/deb/kbug_${version}_$arch.deb
changes=$SRC_DIR/build/deb/kbug_${version}_$arch.changes
hook=/usr/share/kbug/reportbug-hook
export deb changes hook

test_expect_success 'make deb builds the package (dpkg-buildpackage -us -uc -b)' '
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$SRC_DIR" --no-print-directory deb \
		>make-deb.log 2>&1 || { tail -n 40 make-deb.log; exit 1; }
	test -s "$deb" && test -s "$changes"
'

# make deb ran lintian on the .changes (the .deb in it) and kept its
# output only when it found no error
test_expect_success 'lintian reports no error on the .deb and the .changes' '
	lintian=$SRC_DIR/build/deb/lintian.txt
	test -f "$lintian" && test ! "$lintian" -ot "$deb"
	cat "$lintian"
	! grep "^E: " "$lintian"
'

test_expect_success 'the package holds the program, its data, docs, /etc/kbug and the hook' '
	dpkg-deb -c "$deb" | awk "{ print \$6 }" >files
	for f in ./usr/bin/kbug ./usr/share/kbug/templates/email.txt \
		./usr/share/kbug/data/bugzilla-kernel-org.map ./usr/share/man/man1/kbug.1.gz \
		./usr/share/bash-completion/completions/kbug ./usr/share/zsh/vendor-completions/_kbug \
		./etc/kbug/config ./etc/kbug/probes.d/ ./etc/kbug/routes.d/ \
		./usr/share/kbug/probes.d/ ./usr/share/kbug/probes.d/crash-settings \
		./usr/share/kbug/probes.d/crash-settings.conf ./usr/share/kbug/reportbug-hook \
		./usr/share/doc/kbug/copyright; do
		grep -qxF "$f" files || { echo "missing: $f"; exit 1; }
	done
	dpkg-deb -I "$deb" conffiles >conffiles
	grep -qx /etc/kbug/config conffiles
'

test_expect_success 'apt-get installs it' '
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >install.log 2>&1 ||
		{ cat install.log; exit 1; }
	dpkg-query -W -f "\${Status}\n" kbug | grep -qx "install ok installed"
'
# whatever happens from here on, the machine is left without it
test_at_exit 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -q kbug >/dev/null 2>&1'

test_expect_success 'the installed kbug runs report --dry-run --yes' '
	cd / && env -u KBUG_DATADIR HOME="$TRASH" /usr/bin/kbug report --dry-run --yes \
		>"$TRASH/report.out" 2>"$TRASH/report.err"
	# the review goes to stderr; with no crash in the log nothing is drafted
	grep -q "^Collected: kernel " "$TRASH/report.err"
'

test_expect_success 'it finds its templates under /usr/share/kbug' '
	test ! -e /usr/templates && test ! -e /usr/bin/templates
	cd / && env -u KBUG_DATADIR HOME="$TRASH" /usr/bin/kbug report --dry-run --yes \
		--log "$CORPUS_DIR/qemu-lkdtm-warning.log" >"$TRASH/lkdtm.out"
	grep -q "^Subject: WARNING in lkdtm_WARNING" "$TRASH/lkdtm.out"
	# a sentence of templates/email.txt
	grep -q "the reporter gave no description" "$TRASH/lkdtm.out"
'

# dpkg drops the manual pages when a path-exclude (minimal and Docker
# images: /etc/dpkg/dpkg.cfg.d/excludes) names /usr/share/man
man_excluded=$(grep -ls "^path-exclude[= ]*/usr/share/man" /etc/dpkg/dpkg.cfg.d/* 2>/dev/null | head -n 1)
if [ -n "$man_excluded" ]; then
	test_skip_env 'man -w kbug finds the installed manual page' \
		"$man_excluded excludes /usr/share/man: dpkg installs no manual page on this machine"
elif ! have man; then
	test_skip 'man -w kbug finds the installed manual page' "needs man (the package man-db)"
else
	test_expect_success 'man -w kbug finds the installed manual page' '
		test "$(man -w kbug)" = /usr/share/man/man1/kbug.1.gz
	'
fi

test_expect_success 'the completion and /etc/kbug are installed' '
	bash -c ". /usr/share/bash-completion/completions/kbug && complete -p kbug" | grep -q _kbug
	grep -q "^#compdef kbug" /usr/share/zsh/vendor-completions/_kbug
	test -f /etc/kbug/config && test -d /etc/kbug/probes.d && test -d /etc/kbug/routes.d
	test -d /usr/share/kbug/probes.d
	# the shipped drop-in probe runs, from the package directory
	env -u KBUG_DATADIR -u KBUG_PROBES_DIRS /usr/bin/kbug probes >probes.txt
	grep -A2 "^crash-settings " probes.txt | grep -q "from /usr/share/kbug/probes.d$"
	env -u KBUG_DATADIR -u KBUG_PROBES_DIRS /usr/bin/kbug collect --json | grep -q "\"panic_on_oops\""
	# the example config sets nothing: every line is a comment (or empty)
	! grep -v "^#" /etc/kbug/config | grep -q .
'

test_expect_success 'the reportbug hook writes a redacted collect report to fd 3' '
	"$hook" 3>hook.out </dev/null >hook.stdout
	head -n 1 hook.out | grep -q "^-- kbug collect (kbug .*; redacted) --$"
	grep -q "^Kernel$" hook.out
	grep -q "^  release: *$(uname -r)$" hook.out
	# nothing of the report on stdout, which reportbug shows, not sends
	! grep -q "^Kernel$" hook.stdout
'

test_expect_success 'the hook works as a kernel package links it, under reportbug'"'"'s handler' '
	mkdir -p bug/linux-image-test
	ln -s "$hook" bug/linux-image-test/script
	# /usr/share/reportbug/handle_bugscript runs "$1 3>|$2"
	bash -c "\$1 3>|\$2" handler "$PWD/bug/linux-image-test/script" "$PWD/handler.out" \
		</dev/null >/dev/null
	grep -q "^Kernel$" handler.out
'

test_expect_success 'the hook without fd 3 says so and exits 2' '
	test_expect_code 2 "$hook" 3>&- 2>err </dev/null
	grep -q "file descriptor 3 is not open" err
'

test_expect_success 'apt-get purge removes the program, its data and /etc/kbug' '
	DEBIAN_FRONTEND=noninteractive apt-get purge -y -q kbug >purge.log 2>&1 ||
		{ cat purge.log; exit 1; }
	test ! -e /usr/bin/kbug
	test ! -e /usr/share/kbug
	test ! -e /etc/kbug
	! dpkg-query -W -f "\${Status}\n" kbug 2>/dev/null | grep -q " installed$"
'

test_done
