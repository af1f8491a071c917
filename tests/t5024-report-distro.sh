#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Distribution routing end to end: a distribution's kernel is reported to
# that distribution's tracker (route/distro.c), a vanilla kernel on the
# same system upstream. The machines are --sysroot roots made from real
# os-release, /proc/version and uname strings (tests/fixtures/distro/,
# README.md there). What is sent is checked where it lands: the Debian
# BTS mail and its pseudo-header through the SMTP test server, the Fedora
# and openSUSE bugs through the Bugzilla test server, the Launchpad and
# GitLab new-bug URLs in the dry run.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"
. "$TESTS_DIR/lib-bugzilla.sh"
. "$TESTS_DIR/lib-mail.sh"

t5_require
FIX=$TESTS_DIR/fixtures/distro
export XDG_CONFIG_HOME=$TRASH/nothing XDG_DATA_HOME=$TRASH/data
unset KBUG_BUGZILLA_API_KEY

# root NAME [vanilla]: a copy of the fixture (with a self-built kernel)
root() {
	local r=$TRASH/root-$1${2:+-$2}
	rm -rf "$r" && cp -r "$FIX/$1" "$r"
	# a self-built kernel has no Ubuntu version_signature (an Ubuntu patch makes the file)
	[ -z "${2:-}" ] || { cp -r "$FIX/vanilla/." "$r/" && rm -f "$r/proc/version_signature"; }
	echo "$r"
}

# cfg LINES...: the config file (mode 600: it may name a key file)
cfg() {
	printf '%s\n' "$@" > "$TRASH/cfg" && chmod 600 "$TRASH/cfg"
	export KBUG_CONFIG=$TRASH/cfg
}

# rep ROOT [options]: kbug report with the fixed inputs below ROOT
rep() {
	local r=$1
	shift
	"$KBUG" --sysroot "$r" report --log "$T5_LOG" --maintainers "$T5_MAINT" \
		--from "$T5_FROM" --yes --timeout 5 "$@"
}

smtp_start mail
cfg ""

test_expect_success 'Debian 12: mail to submit@bugs.debian.org, reportbug'"'"'s pseudo-header first' '
	R=$(root debian12) &&
	rep "$R" --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob1" >out 2>err &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	grep -q "^Channel:  email (the distribution.s tracker)" err &&
	test "$(mail_header "$SMTP_DIR/1.eml" To)" = "submit@bugs.debian.org" &&
	test "$(mail_header "$SMTP_DIR/1.eml" Subject)" = "linux-image-6.1.0-27-amd64: WARNING in lkdtm_WARNING" &&
	$PYTHON -c "import json,sys; e=json.load(open(sys.argv[1])); assert e[\"rcpt_tos\"] == [\"submit@bugs.debian.org\"], e" "$SMTP_DIR/1.json" &&
	mail_text "$SMTP_DIR/1.eml" | head -n 4 > head &&
	printf "Package: src:linux\nVersion: 6.1.115-1\nSeverity: normal\n\n" > want &&
	test_cmp want head &&
	! grep -q "X-Debbugs-Cc" head
'

test_expect_success 'Debian 12, [distro] cc-upstream: X-Debbugs-Cc names the upstream lists' '
	R=$(root debian12) &&
	cfg "[distro]" "cc-upstream = yes" &&
	rep "$R" --dry-run >msg 2>err &&
	sed -n "/^Package: src:linux/,/^\$/p" msg > head &&
	grep -q "^X-Debbugs-Cc: .*linux-kernel@vger.kernel.org" head &&
	sed -n 4p head | grep -q "^X-Debbugs-Cc:" &&
	grep -q "^To: submit@bugs.debian.org" msg && ! grep -qi "^Cc:" msg &&
	cfg ""
'

test_expect_success 'Debian 12 with --upstream: the maintainers, no BTS, the note says why' '
	R=$(root debian12) &&
	rep "$R" --upstream --dry-run >msg 2>err &&
	! grep -q "bugs.debian.org" msg && ! grep -q "^Package: src:linux" msg &&
	grep -q "^To: .*kees@kernel.org" msg &&
	grep -q "^Note:     this is debian.s kernel, reported upstream because --upstream" err
'

test_expect_success '[distro] bugs = mailto: the BTS at another address (a local debbugs)' '
	R=$(root debian12) &&
	cfg "[distro]" "bugs = mailto:submit@bugs.example.org" &&
	rep "$R" --dry-run >msg 2>err &&
	grep -q "^To: submit@bugs.example.org" msg &&
	grep -q "^Package: src:linux" msg &&
	cfg ""
'

test_expect_success 'Ubuntu 24.04: Launchpad'"'"'s +filebug for linux, the files to attach listed' '
	R=$(root ubuntu2404) &&
	rep "$R" --dry-run >out 2>err &&
	grep -q "^Send to:  https://bugs.launchpad.net/ubuntu/+source/linux/+filebug" err &&
	grep -q "^File it at: https://bugs.launchpad.net/ubuntu/+source/linux/+filebug?field.title=WARNING%20in%20lkdtm_WARNING\$" out &&
	grep -q "^Attach: .*/attachment-dmesg.txt\$" out
'

test_expect_success 'Arch: a new issue in the linux package'"'"'s GitLab project, prefilled' '
	R=$(root arch) &&
	rep "$R" --dry-run >out 2>err &&
	grep -q "^File it at: https://gitlab.archlinux.org/archlinux/packaging/packages/linux/-/issues/new?issue%5Btitle%5D=WARNING%20in%20lkdtm_WARNING&issue%5Bdescription%5D=" out &&
	grep -q "^Attach: " out
'

TERM_TEST='in a terminal: the vanilla-kernel question, and "yes" sends it upstream'
if have tmux; then
. "$TESTS_DIR/lib-tmux.sh"
test_expect_success "$TERM_TEST" '
	R=$(root debian12) &&
	tmux_run q1 "\"$KBUG\" --sysroot \"$R\" report --log \"$T5_LOG\" --maintainers \"$T5_MAINT\" --from \"$T5_FROM\" --dry-run" &&
	wait_for q1 "reporting-issues.rst" &&
	wait_for q1 "Does the problem also happen with a vanilla kernel" &&
	grep -q "This kernel is debian.s (6.1.0-27-amd64)" q1.screen &&
	keys q1 y Enter &&
	wait_for q1 "reported upstream: you said the problem also happens with a vanilla kernel" &&
	tmux_run q2 "\"$KBUG\" --sysroot \"$R\" report --log \"$T5_LOG\" --maintainers \"$T5_MAINT\" --from \"$T5_FROM\" --dry-run" &&
	wait_for q2 "Does the problem also happen with a vanilla kernel" &&
	keys q2 Enter &&
	wait_for q2 "Send to:  submit@bugs.debian.org"
'
else
	test_skip "$TERM_TEST" "tmux"
fi

bz_start main
bz_keyfile "$TRASH/key"
# the distributions' products, as docs/distro-routing.md names them
$PYTHON - "$BZ_DB" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for prod, comp, vers in (("Fedora", "kernel", ["40", "41", "rawhide"]),
                         ("openSUSE Tumbleweed", "Kernel", ["Current"])):
    pid = db.execute("INSERT INTO products (name, description, is_active) VALUES (?,?,1)",
                     (prod, prod)).lastrowid
    db.execute("INSERT INTO components (product_id, name, description, default_assignee) "
               "VALUES (?,?,?,?)", (pid, comp, comp, "kernel-bugs@example.org"))
    for v in vers:
        db.execute("INSERT INTO versions (product_id, name) VALUES (?,?)", (pid, v))
db.commit()
PY

test_expect_success 'Fedora 41: a bug in Fedora/kernel, version 41 (the Bugzilla test server)' '
	R=$(root fedora41) &&
	cfg "[distro]" "bugs = $BZ_URL" "[bugzilla \"$BZ_URL\"]" "api-key-file = $TRASH/key" &&
	rep "$R" --outbox "$TRASH/ob2" >out 2>err &&
	grep -q "^Send to:  $BZ_URL, product Fedora, component kernel" err &&
	bz_sql "SELECT product, component, version FROM bugs" | grep -qx "Fedora|kernel|41"
'

test_expect_success 'openSUSE Tumbleweed: openSUSE Tumbleweed/Kernel, version Current' '
	R=$(root tumbleweed) &&
	cfg "[distro]" "bugs = $BZ_URL" "[bugzilla \"$BZ_URL\"]" "api-key-file = $TRASH/key" &&
	rep "$R" --outbox "$TRASH/ob3" >out 2>err &&
	bz_sql "SELECT product, component, version FROM bugs ORDER BY id" | tail -n 1 > got &&
	echo "openSUSE Tumbleweed|Kernel|Current" > want && test_cmp want got
'

test_expect_success 'no key for the distribution'"'"'s Bugzilla: filed by hand, never another key' '
	R=$(root tumbleweed) &&
	cfg "[bugzilla]" "url = $BZ_URL" "api-key-file = $TRASH/key" &&
	n=$(bz_sql "SELECT count(*) FROM bugs") &&
	{ rep "$R" --outbox "$TRASH/ob4" >out 2>err; test $? = 3; } &&
	grep -q "no Bugzilla API key for https://bugzilla.opensuse.org" err &&
	test "$(bz_sql "SELECT count(*) FROM bugs")" = "$n" &&
	grep -rl "\"channel\": *\"web\"" "$TRASH/ob4" | grep -q state.json &&
	! grep -rq "$BZ_KEY" "$TRASH/ob4"
'

test_expect_success 'a vanilla kernel on each system goes upstream, by mail to the maintainers' '
	cfg "" &&
	for d in debian12 ubuntu2404 fedora41 arch tumbleweed; do
		R=$(root $d vanilla) &&
		rep "$R" --dry-run >msg 2>err &&
		grep -q "^To: .*kees@kernel.org" msg &&
		! grep -q "^Send to:" err &&
		! grep -q "launchpad\|archlinux\|bugs.debian.org\|bugzilla.redhat\|opensuse" msg ||
		{ echo "$d: not upstream"; cat err; false; } || return 1
	done
'

test_expect_success 'a routes.d rule: its mail address alone, the rule'"'"'s file and line shown' '
	R=$(root fedora41) &&
	mkdir -p "$R/etc/kbug/routes.d" &&
	printf "# the lab triages its test drivers first\npath drivers/misc/lkdtm/* -> mail lab-kernel@example.com\n" \
		> "$R/etc/kbug/routes.d/50-lab.conf" &&
	rep "$R" --smtp-url smtp://127.0.0.1:$SMTP_PORT --outbox "$TRASH/ob5" >out 2>err &&
	grep -q "^Rule:     /etc/kbug/routes.d/50-lab.conf:2: path drivers/misc/lkdtm/\* -> mail lab-kernel@example.com" err &&
	n=$(count_msgs "$SMTP_DIR") &&
	$PYTHON -c "import json,sys; e=json.load(open(sys.argv[1])); assert e[\"rcpt_tos\"] == [\"lab-kernel@example.com\"], e" "$SMTP_DIR/$n.json"
'

test_done
