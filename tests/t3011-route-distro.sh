#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Where kbug route sends a report by who built the kernel: the matrix of
# distribution x origin (its own kernel, a vanilla one) -> destination
# over the --sysroot roots of tests/fixtures/distro/, what collect finds
# out about the kernel (distro.kernel), --upstream, and the routes.d
# rules (file and line shown, untrusted or malformed files refused).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

require "$T5_LOG" "$T5_MAINT_NEED"
FIX=$TESTS_DIR/fixtures/distro
: > "$TRASH/cfg"
export KBUG_CONFIG=$TRASH/cfg XDG_CONFIG_HOME=$TRASH/nothing

root() {
	local r=$TRASH/root-$1${2:+-$2}
	rm -rf "$r" && cp -r "$FIX/$1" "$r"
	[ -z "${2:-}" ] || { cp -r "$FIX/vanilla/." "$r/" && rm -f "$r/proc/version_signature"; }
	echo "$r"
}

# route ROOT [options]: kbug route --json for the fixed log below ROOT
route() {
	local r=$1
	shift
	"$KBUG" --sysroot "$r" route --log "$T5_LOG" --maintainers "$T5_MAINT" --format=json "$@"
}

# dest FILE: "goes kind where" from a route's JSON
dest() {
	"$PYTHON" - "$1" <<'PY'
import json, sys
rt = json.load(open(sys.argv[1]))
d, i = rt.get("destination") or {}, rt.get("distribution") or {}
where = d.get("address") or d.get("url") or ",".join(d.get("to") or []) or "-"
if i.get("goes") == "upstream":
    where = "-"    # MAINTAINERS' people, as ever
extra = "/".join(x for x in (d.get("product"), d.get("component"), d.get("version"))
                 if x and d.get("kind") == "bugzilla")
print(i.get("goes", "?"), d.get("kind", "?"), where + ((" " + extra) if extra else ""))
PY
}

test_expect_success 'collect: who built the kernel, on each system' '
	for d in debian12 ubuntu2404 fedora41 arch tumbleweed; do
		"$KBUG" --sysroot "$(root $d)" collect --json --probe=kernel --probe=distro \
			2>/dev/null > $d.json || return 1
	done &&
	"$PYTHON" - <<-\PY
	import json
	want = {
	    "debian12": ("debian", "dpkg", "linux-image-6.1.0-27-amd64", "6.1.115-1"),
	    "ubuntu2404": ("ubuntu", "dpkg", "linux-image-6.8.0-51-generic", "6.8.0-51.52"),
	    "fedora41": ("fedora", "rpm", "kernel-core", "6.12.15-200.fc41"),
	    "arch": ("arch", "pacman", "linux", "6.15.2.arch1-1"),
	    "tumbleweed": ("opensuse", "rpm", "kernel-default", "6.7.9-1"),
	}
	for name, (maker, mgr, pkg, ver) in want.items():
	    k = json.load(open(name + ".json"))["distro"]["kernel"]
	    p = k["package"]
	    got = (k.get("maker"), p["manager"], p["name"], p.get("version"))
	    assert got == (maker, mgr, pkg, ver), (name, got)
	    assert k["distribution_kernel"] is True, name
	    # rpm databases are not read: the package is marked inferred
	    assert p.get("inferred", False) == (mgr == "rpm"), (name, p)
	k = json.load(open("debian12.json"))["distro"]["kernel"]
	assert k["debian_version"] == "6.1.115-1", k
	k = json.load(open("ubuntu2404.json"))["distro"]["kernel"]
	assert k["version_signature"] == "Ubuntu 6.8.0-51.52-generic 6.8.12", k
	PY
'

test_expect_success 'the matrix: distribution x origin -> destination' '
	for d in debian12 ubuntu2404 fedora41 arch tumbleweed; do
		route "$(root $d)" > r.json 2>/dev/null && echo "$d distro $(dest r.json)" &&
		route "$(root $d vanilla)" > r.json 2>/dev/null && echo "$d vanilla $(dest r.json)" ||
		return 1
	done > matrix &&
	sed "s/^/# /" matrix &&
	cat > want <<-\EOF &&
	debian12 distro distribution debbts submit@bugs.debian.org
	debian12 vanilla upstream email -
	ubuntu2404 distro distribution issue-tracker https://bugs.launchpad.net/ubuntu/+source/linux/+filebug
	ubuntu2404 vanilla upstream email -
	fedora41 distro distribution bugzilla https://bugzilla.redhat.com Fedora/kernel/41
	fedora41 vanilla upstream email -
	arch distro distribution issue-tracker https://gitlab.archlinux.org/archlinux/packaging/packages/linux/-/issues
	arch vanilla upstream email -
	tumbleweed distro distribution bugzilla https://bugzilla.opensuse.org openSUSE Tumbleweed/Kernel/Current
	tumbleweed vanilla upstream email -
	EOF
	test_cmp want matrix
'

test_expect_success 'the route says which and why; the upstream destination is kept' '
	route "$(root debian12)" > r.json &&
	"$PYTHON" - r.json <<-\PY
	import json, sys
	rt = json.load(open(sys.argv[1]))
	i = rt["distribution"]
	assert i["id"] == "debian" and i["kernel"] == "distribution", i
	assert i["tracker"] == "submit@bugs.debian.org", i
	assert "reporting-issues.rst" in i["reason"], i
	d = rt["destination"]
	assert (d["package"], d["version"], d["severity"]) == ("src:linux", "6.1.115-1", "normal"), d
	assert rt["upstream_destination"]["kind"] == "email", rt["upstream_destination"]
	PY
'

test_expect_success '--upstream: a distribution kernel routed upstream, and why' '
	route "$(root fedora41)" --upstream > r.json &&
	test "$(dest r.json)" = "upstream email -" &&
	grep -q "\"reason\": \"--upstream" r.json
'

test_expect_success '[distro] bugs overrides the tracker, keeping a Bugzilla'"'"'s product' '
	printf "[distro]\nbugs = https://bugzilla.example.org\n" > "$TRASH/cfg" &&
	route "$(root fedora41)" > r.json &&
	test "$(dest r.json)" = "distribution bugzilla https://bugzilla.example.org Fedora/kernel/41" &&
	printf "[distro]\nbugs = https://bugs.example.org/new\n" > "$TRASH/cfg" &&
	route "$(root debian12)" > r.json &&
	test "$(dest r.json)" = "distribution web https://bugs.example.org/new" &&
	: > "$TRASH/cfg"
'

test_expect_success 'routes.d: the first matching rule of the files in name order, its file and line' '
	R=$(root debian12) && mkdir -p "$R/etc/kbug/routes.d" &&
	cat > "$R/etc/kbug/routes.d/10-gpu.conf" <<-\EOF &&
	# graphics bugs go to the distribution'"'"'s graphics team
	section "DRM DRIVERS" -> bugzilla https://bugzilla.example.org product="Graphics Stack" component=kernel
	EOF
	cat > "$R/etc/kbug/routes.d/20-misc.conf" <<-\EOF &&

	module nosuchmod* -> mail nobody@example.org
	section "LINUX KERNEL DUMP TEST MODULE (LKDTM)" -> url https://gitlab.example.org/kernel/lkdtm/-/issues
	origin distribution -> mail debian-kernel@example.org
	EOF
	route "$R" > r.json &&
	test "$(dest r.json)" = "rule issue-tracker https://gitlab.example.org/kernel/lkdtm/-/issues" &&
	grep -q "\"file\": \"/etc/kbug/routes.d/20-misc.conf\"" r.json &&
	grep -q "\"line\": 3" r.json &&
	"$KBUG" --sysroot "$R" route --log "$T5_LOG" --maintainers "$T5_MAINT" > table 2>&1 &&
	grep -q "^Rule:     /etc/kbug/routes.d/20-misc.conf:3: section LINUX KERNEL DUMP TEST MODULE (LKDTM) -> url" table
'

test_expect_success 'routes.d: an origin rule; --upstream passes it by' '
	R=$(root debian12) && mkdir -p "$R/etc/kbug/routes.d" &&
	echo "origin debian -> mail debian-kernel@example.org" > "$R/etc/kbug/routes.d/50.conf" &&
	route "$R" > r.json &&
	test "$(dest r.json)" = "rule email debian-kernel@example.org" &&
	route "$R" --upstream > r.json &&
	test "$(dest r.json)" = "upstream email -"
'

test_expect_success 'routes.d: a file others can write is refused, the rest still apply' '
	R=$(root debian12) && mkdir -p "$R/etc/kbug/routes.d" &&
	echo "origin distribution -> mail evil@example.org" > "$R/etc/kbug/routes.d/10-open.conf" &&
	chmod 666 "$R/etc/kbug/routes.d/10-open.conf" &&
	echo "path drivers/misc/* -> mail misc@example.org" > "$R/etc/kbug/routes.d/20-ok.conf" &&
	route "$R" > r.json 2> err &&
	grep -q "refusing routing rules ./etc/kbug/routes.d/10-open.conf.: group or others can write" err &&
	test "$(dest r.json)" = "rule email misc@example.org"
'

test_expect_success 'routes.d: a malformed rule names its file and line, the file is skipped' '
	R=$(root ubuntu2404) && mkdir -p "$R/etc/kbug/routes.d" &&
	printf "# ok\npath drivers/* => mail x@example.org\n" > "$R/etc/kbug/routes.d/bad.conf" &&
	printf "path drivers/* -> mail nomail\n" > "$R/etc/kbug/routes.d/bad2.conf" &&
	printf "module x -> bugzilla ftp://x product=a\n" > "$R/etc/kbug/routes.d/bad3.conf" &&
	route "$R" > r.json 2> err &&
	grep -q "/etc/kbug/routes.d/bad.conf:2: not a rule" err &&
	grep -q "/etc/kbug/routes.d/bad2.conf:1: .nomail. is not a mail address" err &&
	grep -q "/etc/kbug/routes.d/bad3.conf:1: .ftp://x. is not an http(s) URL" err &&
	test "$(dest r.json)" = "distribution issue-tracker https://bugs.launchpad.net/ubuntu/+source/linux/+filebug"
'

test_done
