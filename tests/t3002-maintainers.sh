#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug maintainers: which MAINTAINERS kbug routes with, and --update, which
# fetches the running kernel's into $XDG_CACHE_HOME/kbug/ from a stand-in
# for git.kernel.org on 127.0.0.1 (tests/servers/maintainers_http.py) that
# serves the kernel tree's MAINTAINERS, or an HTML page, a truncated file,
# a slow answer... The running release comes from --sysroot fixtures.
. "$(dirname "$0")/lib.sh"

require tree
TREE=$(kernel_tree)
REL=$(uname -r)
export HOME=$TRASH/home XDG_CACHE_HOME=$TRASH/cache KBUG_CONFIG=$TRASH/config
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
mkdir -p "$HOME" "$TRASH/empty"
: > "$KBUG_CONFIG"
CACHE=$XDG_CACHE_HOME/kbug
LOG=$TRASH/server.log
E1000=drivers/net/ethernet/intel/e1000/e1000_main.c
STABLE=https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git/plain/MAINTAINERS
MAINLINE=https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/plain/MAINTAINERS

: > "$LOG"
server_start http maintainers_http.py "$TREE/MAINTAINERS" --log "$LOG" \
	--tags v6.12.5,v6.12.6,v6.1.115 || exit 1
PORT=$SERVER_PORT
BASE=http://127.0.0.1:$PORT

# --update with the fake roots' sources (sysfs, /lib/modules, /usr/src) out of the way
update() {
	"$KBUG" --sysroot "$TRASH/empty" maintainers --update "$@"
}

# the cached copy as it is now, to check that a failed update leaves it so
keep() {
	cp "$CACHE/MAINTAINERS" "$TRASH/kept" && cp "$CACHE/MAINTAINERS.version" "$TRASH/kept.version"
}

unchanged() {
	cmp "$TRASH/kept" "$CACHE/MAINTAINERS" &&
	cmp "$TRASH/kept.version" "$CACHE/MAINTAINERS.version" &&
	no_temporaries
}

no_temporaries() {
	test -z "$(find "$CACHE" -maxdepth 1 -name '.MAINTAINERS*')"
}

requests() {
	wc -l < "$LOG"
}

# root NAME RELEASE [/proc/version text]: a fixture root for the version derivation
root() {
	mkdir -p "$1/proc/sys/kernel" && echo "$2" > "$1/proc/sys/kernel/osrelease" &&
	if [ $# -gt 2 ]; then echo "$3" > "$1/proc/version"; fi
}

test_expect_success 'kbug help lists maintainers; its help names --update' '
	"$KBUG" help >out &&
	grep -q "^  maintainers " out &&
	"$KBUG" help maintainers >h &&
	grep -q "^kbug maintainers: " h &&
	grep -q -- "--update" h && grep -q -- "--timeout S" h && grep -q "%v" h
'

test_expect_success 'without a cached copy: the built-in copy, why, and what --update fetches' '
	root r 6.18.44-fc-v1147 &&
	"$KBUG" --sysroot r maintainers --json >out &&
	$PYTHON - "$STABLE" <<-\EOF &&
	import json, sys
	o = json.load(open("out"))
	assert o["kind"] == "embedded", o
	assert o["version"].startswith("6.12."), o
	assert "built into kbug" in o["why"], o
	assert o["cache"]["present"] is False, o
	assert o["sections"] > 1000 and o["warnings"] == 0, o
	u = o["update"]
	assert u["version"] == "6.18.44", u
	assert u["url"] == sys.argv[1] + "?h=v6.18.44", u
	assert u["from"] == "the release '"'"'6.18.44-fc-v1147'"'"'", u
	EOF
	"$KBUG" --sysroot r maintainers >out &&
	grep -q "^source: *embedded " out &&
	! grep -q "^snapshots:" out &&
	grep -q "^cached copy: .*: none" out &&
	if [ "$(printf "%s\n" "$REL" 6.12.118 | sort -V | tail -n 1)" != 6.12.118 ]; then
		grep -q "older than the running kernel $REL" out &&
		grep -q "run .kbug maintainers --update." out
	fi
'

test_expect_success '--update stores the copy and its version, in a new 0700 directory' '
	test ! -e "$XDG_CACHE_HOME" &&
	update --version 6.12.5 --url "$BASE/plain/MAINTAINERS?h=v%v" >out 2>err &&
	cmp "$TREE/MAINTAINERS" "$CACHE/MAINTAINERS" &&
	test "$(cat "$CACHE/MAINTAINERS.version")" = 6.12.5 &&
	test "$(stat -c %a "$XDG_CACHE_HOME")" = 700 &&
	test "$(stat -c %a "$CACHE")" = 700 &&
	test "$(requests)" = 1 &&
	grep -qx "/plain/MAINTAINERS?h=v6.12.5" "$LOG" &&
	grep -q "version 6.12.5, from --version" err &&
	grep -q "^stored MAINTAINERS 6.12.5 in $CACHE/MAINTAINERS" out &&
	grep -q "^kbug route uses it" out &&
	no_temporaries
'

test_expect_success 'kbug route then reads the cached copy, and routes as --maintainers does' '
	"$KBUG" --sysroot "$TRASH/empty" route --json $E1000 >got &&
	"$KBUG" route --json --maintainers "$CACHE/MAINTAINERS" $E1000 >want &&
	$PYTHON - "$CACHE/MAINTAINERS" <<-\EOF &&
	import json, sys
	got, want = json.load(open("got")), json.load(open("want"))
	s = got["source"]
	assert s["kind"] == "cache" and s["path"] == sys.argv[1], s
	assert s["version"] == "6.12.5", s
	assert got["routes"] == want["routes"], (got["routes"], want["routes"])
	assert got["routes"][0]["sections"][0]["name"] == "INTEL ETHERNET DRIVERS"
	EOF
	"$KBUG" --sysroot "$TRASH/empty" route --format=get-maintainer --bug $E1000 >got &&
	"$KBUG" route --format=get-maintainer --bug --maintainers "$CACHE/MAINTAINERS" $E1000 >want &&
	test_cmp want got &&
	"$KBUG" --sysroot "$TRASH/empty" maintainers >out &&
	grep -q "^source: *cache $CACHE/MAINTAINERS$" out &&
	grep -q "^cached copy: $CACHE/MAINTAINERS, version 6.12.5 (in use)" out
'

test_expect_success 'an unknown tag: exit 1, the URL and status named, the old copy kept' '
	keep && n=$(requests) &&
	test_expect_code 1 update --version 6.99.1 --url "$BASE/plain/MAINTAINERS?h=v%v" 2>err &&
	grep -qF "cannot download MAINTAINERS from '"'"'$BASE/plain/MAINTAINERS?h=v6.99.1'"'"'" err &&
	grep -q "HTTP status 404" err &&
	test "$(requests)" = $((n + 1)) &&
	unchanged
'

test_expect_success 'an HTML page, a truncated file, a cut connection, a tiny file: refused' '
	keep &&
	for mode in html truncated cut tiny; do
		test_expect_code 1 update --version 6.12.5 \
			--url "$BASE/$mode/MAINTAINERS?h=v%v" 2>err$mode &&
		grep -qF "$BASE/$mode/MAINTAINERS?h=v6.12.5" err$mode &&
		unchanged || exit 1
	done &&
	grep -q "HTML" errhtml &&
	grep -q "no THE REST" errtruncated &&
	grep -q "cut short" errcut &&
	grep -q "only 1 section " errtiny &&
	grep -q "the cached copy is unchanged" errhtml
'

test_expect_success '--timeout is honoured' '
	keep &&
	start=$(date +%s%N) &&
	test_expect_code 1 update --version 6.12.5 --timeout 1 \
		--url "$BASE/slow/MAINTAINERS?h=v%v" 2>err &&
	ms=$(( ($(date +%s%N) - start) / 1000000 )) &&
	test "$ms" -lt 4000 &&
	grep -qF "$BASE/slow/MAINTAINERS?h=v6.12.5" err &&
	grep -q "no complete answer within 1 s" err &&
	unchanged
'

test_expect_success 'a redirect is followed, a redirect loop and 17 MiB are refused' '
	keep &&
	test_expect_code 1 update --version 6.12.5 --url "$BASE/loop/MAINTAINERS?h=v%v" 2>err &&
	grep -q "more than 5 redirects" err &&
	test_expect_code 1 update --version 6.12.5 --url "$BASE/big/MAINTAINERS?h=v%v" 2>err &&
	grep -q "larger than 16 MiB" err &&
	unchanged &&
	update --version 6.12.6 --url "$BASE/redirect/MAINTAINERS?h=v%v" >out &&
	grep -qx "/plain/MAINTAINERS?h=v6.12.6" "$LOG" &&
	test "$(cat "$CACHE/MAINTAINERS.version")" = 6.12.6 &&
	cmp "$TREE/MAINTAINERS" "$CACHE/MAINTAINERS"
'

test_expect_success 'a gzip body is inflated and stored as text' '
	update --version 6.12.5 --url "$BASE/gzip/MAINTAINERS?h=v%v" >out &&
	cmp "$TREE/MAINTAINERS" "$CACHE/MAINTAINERS" &&
	test "$(cat "$CACHE/MAINTAINERS.version")" = 6.12.5
'

test_expect_success 'bad templates and options are one-line usage errors; nothing is fetched' '
	keep && n=$(requests) &&
	for u in "ftp://127.0.0.1/MAINTAINERS?h=v%v" "$BASE/MAINTAINERS?h=v6.12.5" \
		"$BASE/%v/MAINTAINERS?h=v%v" "$BASE/%s/MAINTAINERS?h=v%v" \
		"$BASE/a%20b/MAINTAINERS?h=v%v" "http:///MAINTAINERS?h=v%v" \
		"$BASE/a b/MAINTAINERS?h=v%v" "file:///etc/passwd?%v" "%v"; do
		test_expect_code 2 update --version 6.12.5 --url "$u" 2>err &&
		grep -qF -- "--url '"'"'$u'"'"'" err && test "$(wc -l <err)" = 1 || exit 1
	done &&
	for v in 6 6.x 6.12.5.1 "6.12; rm -rf /" 6.12-rc 6.12-rc1x ""; do
		test_expect_code 2 update --version "$v" --url "$BASE/plain/MAINTAINERS?h=v%v" 2>err &&
		test "$(wc -l <err)" = 1 || exit 1
	done &&
	test_expect_code 2 update --timeout 0 2>err &&
	test_expect_code 2 update --timeout 1x 2>err &&
	test_expect_code 2 update --version 2>err &&
	test_expect_code 2 "$KBUG" maintainers --url "$BASE/plain/MAINTAINERS?h=v%v" 2>err &&
	grep -q "go with --update" err &&
	test_expect_code 2 "$KBUG" maintainers --frobnicate 2>err &&
	test_expect_code 2 "$KBUG" maintainers extra 2>err &&
	test "$(requests)" = "$n" &&
	unchanged
'

test_expect_success 'the config names the template; a bad one there is an error' '
	keep && n=$(requests) &&
	printf "[route]\nmaintainers-url = %s\n" "$BASE/plain/MAINTAINERS?h=v%v" >cfg &&
	KBUG_CONFIG=$PWD/cfg update --version 6.1.115 >out &&
	grep -qx "/plain/MAINTAINERS?h=v6.1.115" "$LOG" &&
	test "$(cat "$CACHE/MAINTAINERS.version")" = 6.1.115 &&
	KBUG_CONFIG=$PWD/cfg "$KBUG" --sysroot "$TRASH/empty" maintainers --json >out &&
	grep -q "\"kind\": \"cache\"" out &&
	keep && n=$(requests) &&
	printf "[route]\nmaintainers-url = %s\n" "$BASE/plain/MAINTAINERS" >cfg &&
	KBUG_CONFIG=$PWD/cfg test_expect_code 1 update --version 6.12.5 2>err &&
	grep -q "\[route\] maintainers-url in the config: .$BASE/plain/MAINTAINERS. needs exactly one %v" err &&
	test "$(requests)" = "$n" &&
	unchanged
'

test_expect_success 'the version comes from the release, and /proc/version where it says more' '
	while IFS="|" read -r rel pv want url from; do
		rm -rf r && if [ -n "$pv" ]; then root r "$rel" "$pv"; else root r "$rel"; fi &&
		"$KBUG" --sysroot r maintainers --json >out </dev/null &&
		$PYTHON - "$want" "$url" "$from" <<-\EOF || { echo "release $rel"; exit 1; }
		import json, sys
		want, url, frm = sys.argv[1:]
		u = json.load(open("out"))["update"]
		if want == "-":
		    assert "cannot tell a kernel version" in u["error"], u
		    sys.exit(0)
		assert u["version"] == want, (u, want)
		assert u["url"] == url + "?h=v" + want, (u, url)
		assert frm in u["from"], (u, frm)
		assert ("/proc/version" in u["from"]) == frm.startswith(("Debian", "Ubuntu")), u
		EOF
	done <<-EOF
	6.18.44-fc-v1147||6.18.44|$STABLE|release
	6.13.0-rc3||6.13-rc3|$MAINLINE|6.13.0-rc3
	6.13-rc3||6.13-rc3|$MAINLINE|6.13-rc3
	6.12.0||6.12|$MAINLINE|6.12.0
	6.12||6.12|$MAINLINE|6.12
	6.11.4-301.fc41.x86_64||6.11.4|$STABLE|6.11.4-301
	6.12.0-0.rc3.31.fc42.x86_64||6.12-rc3|$MAINLINE|fc42
	6.1.0-27-amd64||6.1|$MAINLINE|6.1.0-27-amd64
	6.1.0-27-amd64|Linux version 6.1.0-27-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)|6.1.115|$STABLE|Debian 6.1.115-1
	6.12.12-amd64|Linux version 6.12.12-amd64 (debian-kernel@lists.debian.org) (x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.12.12-1~bpo12+1 (2025-02-23)|6.12.12|$STABLE|release
	6.1.0-27-amd64|Linux version 6.1.0-27-amd64 (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP Debian 6.2.3-1 (2024-11-01)|6.1|$MAINLINE|amd64
	6.8.0-45-generic|Linux version 6.8.0-45-generic (buildd@lcy02-amd64-115) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #45-Ubuntu SMP PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024 (Ubuntu 6.8.0-45.45-generic 6.8.12)|6.8.12|$STABLE|Ubuntu 6.8.0-45.45-generic 6.8.12
	6.1.0-27-amd64|Linux version 6.1.0-27-amd64 (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP|6.1|$MAINLINE|amd64
	garbage||-|-|-
	EOF
'

test_expect_success '--update fetches the derived version; an underivable one is an error' '
	root deb 6.1.0-27-amd64 "Linux version 6.1.0-27-amd64 (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)" &&
	"$KBUG" --sysroot deb maintainers --update --url "$BASE/plain/MAINTAINERS?h=v%v" >out 2>err &&
	grep -q "version 6.1.115, from the release .6.1.0-27-amd64. and /proc/version.s .Debian 6.1.115-1." err &&
	test "$(tail -n 1 "$LOG")" = "/plain/MAINTAINERS?h=v6.1.115" &&
	test "$(cat "$CACHE/MAINTAINERS.version")" = 6.1.115 &&
	keep && n=$(requests) &&
	root bad not-a-version &&
	test_expect_code 1 "$KBUG" --sysroot bad maintainers --update \
		--url "$BASE/plain/MAINTAINERS?h=v%v" 2>err &&
	grep -q "cannot tell a kernel version from the release .not-a-version.: give the version with --version" err &&
	test "$(requests)" = "$n" &&
	unchanged
'

test_expect_success 'a cache directory that cannot be made: exit 1, named, nothing left' '
	echo x >afile &&
	XDG_CACHE_HOME=$PWD/afile test_expect_code 1 update --version 6.12.5 \
		--url "$BASE/plain/MAINTAINERS?h=v%v" 2>err &&
	grep -q "cannot write .$PWD/afile/kbug.: Not a directory" err &&
	test "$(cat afile)" = x
'

test_expect_success 'with the built-in copy gone stale, kbug route still says so, and the cache fixes it' '
	rm -rf "$CACHE" &&
	"$KBUG" --sysroot "$TRASH/empty" route $E1000 >out 2>err &&
	grep -q "MAINTAINERS: embedded" out &&
	update --version 6.12.5 --url "$BASE/plain/MAINTAINERS?h=v%v" >/dev/null 2>&1 &&
	"$KBUG" --sysroot "$TRASH/empty" route $E1000 >out 2>err &&
	grep -q "MAINTAINERS: cache $CACHE/MAINTAINERS, 6.12.5" out
'

test_expect_success 'a MAINTAINERS with catastrophic N: regexes: refused by --update, line named' '
	rm -rf "$CACHE" && mkdir -p "$TRASH/costly" &&
	{ sed "/^THE REST\$/,\$d" "$TREE/MAINTAINERS" &&
	  for i in $(seq 200); do
		printf "BAD%d\nM:\tC <c%d@d.e>\nS:\tMaintained\nN:\t(a+)+\$\n\n" $i $i
	  done &&
	  sed -n "/^THE REST\$/,\$p" "$TREE/MAINTAINERS"; } >"$TRASH/costly/MAINTAINERS" &&
	line=$(grep -n "^N:	(a+)+\$" "$TRASH/costly/MAINTAINERS" | head -n 1 | cut -d: -f1) &&
	server_start costly maintainers_http.py "$TRASH/costly/MAINTAINERS" \
		--log "$TRASH/costly.log" --tags v6.12.5 &&
	test_expect_code 1 update --version 6.12.5 \
		--url "http://127.0.0.1:$SERVER_PORT/plain/MAINTAINERS?h=v%v" 2>err &&
	grep -q "200 N: regexes too costly to match (over 100000 steps on a path), the first at line $line" err &&
	test ! -e "$CACHE/MAINTAINERS"
'

test_done
