#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug route from the outside: where MAINTAINERS comes from (file, sysfs,
# tree, cache, built in), the three output formats, module/device queries
# and the errors. Fake roots come in through --sysroot.
. "$(dirname "$0")/lib.sh"

require tree perl
TREE=$(kernel_tree)
REL=$(uname -r)
export HOME=$TRASH/home XDG_CACHE_HOME=$TRASH/cache
mkdir -p "$HOME" "$XDG_CACHE_HOME"
E1000=drivers/net/ethernet/intel/e1000/e1000_main.c

mini() {
	printf 'HEADER\n\nTHIS SECTION\nM:\tMini Maint <mini@example.org>\nL:\tmini@lists.example.org\n'
	printf 'S:\tMaintained\nB:\tmailto:bugs@example.org\nF:\tdrivers/\n\n'
	printf 'THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n'
	printf 'L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\nF:\t*\nF:\t*/\n'
}

test_expect_success 'get-maintainer format is get_maintainer.pl, byte for byte' '
	(cd "$TREE" && perl scripts/get_maintainer.pl --no-git --no-git-fallback -f kernel/fork.c) >want &&
	"$KBUG" route --format=get-maintainer --maintainers "$TREE/MAINTAINERS" kernel/fork.c >got &&
	test_cmp want got
'

test_expect_success '--bug adds the B: lines as get_maintainer.pl --bug does' '
	(cd "$TREE" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --bug \
		-f fs/f2fs/super.c) >want &&
	"$KBUG" route --format=get-maintainer --bug --maintainers "$TREE/MAINTAINERS" \
		fs/f2fs/super.c >got &&
	test_cmp want got &&
	grep -q "^https://bugzilla.kernel.org/enter_bug.cgi?product=File%20System&component=f2fs$" got
'

test_expect_success 'several paths are merged as get_maintainer.pl merges them' '
	set -- kernel/fork.c drivers/net/ethernet/intel/e1000/e1000_main.c mm/slub.c \
		Documentation/devicetree/bindings/net/snps,dwmac.yaml &&
	(cd "$TREE" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --bug \
		-f "$1" -f "$2" -f "$3" -f "$4") >want &&
	"$KBUG" route --format=get-maintainer --bug --maintainers "$TREE/MAINTAINERS" "$@" >got &&
	test_cmp want got
'

test_expect_success '--json: ranked sections, why, lists, bugzilla destination' '
	"$KBUG" route --json --maintainers "$TREE/MAINTAINERS" fs/f2fs/super.c >out &&
	$PYTHON -c "
import json, sys
o = json.load(open(\"out\"))
assert o[\"source\"][\"kind\"] == \"file\", o[\"source\"]
assert o[\"source\"][\"version\"] == \"6.12.118\", o[\"source\"]
r = o[\"routes\"][0]
assert r[\"path\"] == \"fs/f2fs/super.c\"
assert r[\"sections\"][0][\"name\"].startswith(\"F2FS FILE SYSTEM\"), r[\"sections\"][0]
assert r[\"sections\"][0][\"why\"] == \"F: fs/f2fs/\", r[\"sections\"][0][\"why\"]
assert r[\"sections\"][-1][\"name\"] == \"THE REST\"
assert r[\"lists\"][-1] == {\"address\": \"linux-kernel@vger.kernel.org\", \"role\": \"open list\"}
d = r[\"destination\"]
assert d[\"kind\"] == \"bugzilla\" and d[\"url\"] == \"https://bugzilla.kernel.org\", d
assert d[\"product\"] == \"File System\" and d[\"component\"] == \"f2fs\", d
assert all(m[\"role\"].split(\":\")[0] in (\"maintainer\", \"supporter\", \"odd fixer\") for m in r[\"maintainers\"])
"
'

test_expect_success 'table: sections in rank order with status and destination' '
	"$KBUG" route --maintainers "$TREE/MAINTAINERS" $E1000 >out &&
	grep -q "^  1\. INTEL ETHERNET DRIVERS \[Supported\]" out &&
	grep -q "^  2\. NETWORKING DRIVERS \[Maintained\]" out &&
	grep -q "^  3\. THE REST" out &&
	grep -q "email to .* maintainers and reviewers, cc 3 lists" out
'

test_expect_success 'no MAINTAINERS anywhere: the built-in copy, and its version' '
	mkdir -p empty &&
	"$KBUG" --sysroot empty route --json $E1000 >out &&
	grep -q "\"kind\": \"embedded\"" out &&
	grep -q "\"version\": \"6.12.118" out &&
	grep -q "Tony Nguyen" out
'

test_expect_success 'the built-in copy is older than a newer running kernel, and says so' '
	mkdir -p empty &&
	"$KBUG" --sysroot empty route $E1000 >out 2>err &&
	if [ "$(printf "%s\n" "$REL" 6.12.118 | sort -V | tail -n 1)" != 6.12.118 ]; then
		grep -q "older than the running kernel $REL" err
	fi
'

test_expect_success '/sys/kernel/maintainers.gz comes first' '
	mkdir -p root/sys/kernel && mini | gzip > root/sys/kernel/maintainers.gz &&
	"$KBUG" --sysroot root route --json drivers/x.c >out &&
	grep -q "\"kind\": \"sysfs\"" out &&
	grep -q "\"version\": \"$REL\"" out &&
	grep -q "mini@example.org" out &&
	grep -q "\"kind\": \"mailto\"" out
'

test_expect_success 'then the running release tree in /lib/modules/R/build' '
	b=root2/lib/modules/$REL/build && mkdir -p $b &&
	for d in Documentation arch include drivers fs init ipc kernel lib scripts; do mkdir -p $b/$d; done &&
	for f in COPYING CREDITS Kbuild README; do echo x > $b/$f; done &&
	printf "VERSION = 9\nPATCHLEVEL = 8\nSUBLEVEL = 7\n" > $b/Makefile &&
	mini > $b/MAINTAINERS && echo x > $b/drivers/x.c &&
	"$KBUG" --sysroot root2 route --json drivers/x.c >out &&
	grep -q "\"kind\": \"tree\"" out &&
	grep -q "\"version\": \"9.8.7\"" out &&
	grep -q "\"older_than_running\": false" out
'

test_expect_success 'then a cached copy under $XDG_CACHE_HOME/kbug' '
	mkdir -p empty "$XDG_CACHE_HOME/kbug" && mini > "$XDG_CACHE_HOME/kbug/MAINTAINERS" &&
	echo 6.1.0 > "$XDG_CACHE_HOME/kbug/MAINTAINERS.version" &&
	"$KBUG" --sysroot empty route --json drivers/x.c >out &&
	rm -r "$XDG_CACHE_HOME/kbug" &&
	grep -q "\"kind\": \"cache\"" out &&
	grep -q "\"version\": \"6.1.0\"" out
'

test_expect_success 'a gzip --maintainers file works too' '
	mini | gzip > m.gz &&
	"$KBUG" route --format=get-maintainer --maintainers m.gz drivers/y.c >out &&
	printf "%s\n" "Mini Maint <mini@example.org> (maintainer:THIS SECTION)" \
		"mini@lists.example.org (open list:THIS SECTION)" \
		"linux-kernel@vger.kernel.org (open list)" >want &&
	test_cmp want out
'

test_expect_success 'malformed MAINTAINERS: warnings with line numbers, still routes' '
	printf "S1\nM:\tA <a@b.c>\nZ:\tbad letter\nstray words\nN:\t(unclosed\nF:\t*\n" > bad &&
	"$KBUG" route --format=get-maintainer --maintainers bad foo.c >out 2>err &&
	grep -q "line 3: unknown entry type" err &&
	grep -q "line 4: stray line" err &&
	grep -q "line 5: invalid N: regex" err
'

test_expect_success 'errors: missing file, path not in the tree, usage' '
	test_expect_code 1 "$KBUG" route --maintainers nonexistent x.c 2>err &&
	grep -q "cannot read MAINTAINERS file .nonexistent." err &&
	test_expect_code 1 "$KBUG" route --format=get-maintainer --maintainers "$TREE/MAINTAINERS" \
		no/such/file.c >out 2>err &&
	test ! -s out && grep -q "not found" err &&
	test_expect_code 2 "$KBUG" route 2>err &&
	test_expect_code 2 "$KBUG" route --format=xml x.c 2>err &&
	test_expect_code 2 "$KBUG" route --bug x.c 2>err
'

test_expect_success '--module and --device route through the module source directory' '
	r=modroot && mkdir -p $r/proc/sys/kernel $r/lib/modules/$REL $r/sys/module/e1000 \
		$r/sys/bus/pci/drivers/e1000 $r/sys/bus/pci/devices/0000:00:02.0 &&
	echo "$REL" > $r/proc/sys/kernel/osrelease &&
	echo kernel/drivers/net/ethernet/intel/e1000/e1000.ko > $r/lib/modules/$REL/modules.builtin &&
	ln -s ../../../bus/pci/drivers/e1000 $r/sys/bus/pci/devices/0000:00:02.0/driver &&
	ln -s ../../../../module/e1000 $r/sys/bus/pci/drivers/e1000/module &&
	"$KBUG" --sysroot $r route --json --module e1000 >out &&
	grep -q "\"path\": \"drivers/net/ethernet/intel/e1000/\"" out &&
	grep -q "\"module\": \"e1000\"" out &&
	grep -q "INTEL ETHERNET DRIVERS" out &&
	"$KBUG" --sysroot $r route --json --device 0000:00:02.0 >out &&
	grep -q "\"driver\": \"e1000\"" out &&
	grep -q "\"device\": \"0000:00:02.0\"" out &&
	grep -q "anthony.l.nguyen@intel.com" out
'

test_expect_success '--module and --device report what they cannot find' '
	mkdir -p empty &&
	test_expect_code 1 "$KBUG" --sysroot empty route --module no_such_module 2>err &&
	grep -q "no_such_module" err &&
	test_expect_code 1 "$KBUG" --sysroot empty route --device 0000:99:99.9 2>err &&
	grep -q "0000:99:99.9" err
'

test_expect_success 'catastrophic N: regexes: bounded, each reported once at its line' '
	{ printf "THE REST\nM:\tA <a@b.c>\nF:\t*\nF:\t*/\n" &&
	  for i in $(seq 200); do
		printf "\nBAD%d\nM:\tC <c%d@d.e>\nN:\t(a+)+\$\n" $i $i
	  done; } >costly &&
	p=drivers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/x.c &&
	timeout 10 "$KBUG" route --maintainers costly $p $p $p >out 2>err &&
	grep -q "^kbug: warning: .costly. line 8: N: regex .(a+)+\$. is too costly" err &&
	test "$(grep -c "too costly" err)" = 200 &&
	grep -q "THE REST" out
'

test_expect_success 'a FIFO or a directory as --maintainers: refused at once, not waited on' '
	mkfifo fifo &&
	test_expect_code 1 timeout 10 "$KBUG" route --maintainers fifo x.c 2>err &&
	grep -q "cannot read MAINTAINERS file .fifo.: not a regular file" err &&
	mkdir adir &&
	test_expect_code 1 timeout 10 "$KBUG" route --maintainers adir x.c 2>err &&
	grep -q "cannot read MAINTAINERS file .adir.: not a regular file" err
'

test_done
