#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The real users' logs (tests/corpus/real/): every case file well formed, named
# by its URL's hash and in the split the hash gives, and kbug analyze scoring
# no lower than the floors below on each split (tests/analyze/real-score.py).
# kbug-test: once
. "$(dirname "$0")/lib.sh"

SCORE=$TESTS_DIR/analyze/real-score.py
CASES=$CORPUS_DIR/real/cases

# The floors: counts of cases (not percentages, so that adding cases never
# breaks them), a little under what the code scored on 2026-12-08, twenty-seventh
# session (3838 cases: 2578 dev, 1260 check; dev 2375 recognized, 1861 right
# directory, 898 files, 131 titles; check 1147, 844, 412, 64); raise them when it
# does better. STRIPPED: the same logs with their frames stripped of
# file:line, as a distribution kernel prints them (dev 1862, check 844).
FLOORS="
dev.recognized=2330 dev.dir=1820 dev.file=875 dev.title=127
check.recognized=1120 check.dir=820 check.file=400 check.title=61
"
STRIPPED="dev.dir=1820 check.dir=820"

# a case file for URL with SPLIT, in directory DIR, named by the URL's hash
mkcase() {
	local url=$1 split=$2 dir=$3 id
	id=$($PYTHON -c 'import hashlib,sys;print(hashlib.sha256(sys.argv[1].encode()).hexdigest()[:12])' "$url")
	mkdir -p "$dir"
	{
		printf 'URL: %s\nSPLIT: %s\nSOURCE: forum\nCAUSE: plain\n' "$url" "$split"
		printf 'DIR: drivers/misc/lkdtm/\nFILE: drivers/misc/lkdtm/bugs.c\n'
		printf 'TITLE: WARNING in lkdtm_WARNING\nEVIDENCE: the lkdtm WARNING\n\n'
		cat "$CORPUS_DIR/qemu-lkdtm-warning.log"
	} >"$dir/$id.log"
	echo "$dir/$id.log"
}

test_expect_success 'the scorer takes a good case and scores it' '
	f=$(mkcase https://example.org/t2003/1 check good) &&
	$PYTHON "$SCORE" --kbug "$KBUG" --cases good --json >out.json &&
	$PYTHON -c "import json; t=json.load(open(\"out.json\"))[\"table\"][\"check\"][\"all\"]
assert (t[\"cases\"], t[\"recognized\"], t[\"dir\"], t[\"file\"], t[\"title\"]) == (1, 1, 1, 1, 1), t"
'
test_expect_success 'the scorer fails on a wrong split, a wrong name, a bad header' '
	f=$(mkcase https://example.org/t2003/1 dev split) &&
	test_expect_code 1 $PYTHON "$SCORE" --lint --cases split 2>err &&
	grep -q "SPLIT dev, but the URL.s hash says check" err &&
	f=$(mkcase https://example.org/t2003/1 check name) &&
	mv "$f" name/000000000000.log &&
	test_expect_code 1 $PYTHON "$SCORE" --lint --cases name 2>err &&
	grep -q "sha256(URL) names it" err &&
	f=$(mkcase https://example.org/t2003/1 check bad) &&
	sed -i "s/^CAUSE: plain/CAUSE: plain misc/" "$f" &&
	test_expect_code 1 $PYTHON "$SCORE" --lint --cases bad 2>err &&
	grep -q "unknown CAUSE" err
'
test_expect_success 'the scorer fails below a floor' '
	f=$(mkcase https://example.org/t2003/1 check good) &&
	$PYTHON "$SCORE" --kbug "$KBUG" --cases good --floor check.dir=1 --floor check.dir=100% &&
	test_expect_code 1 $PYTHON "$SCORE" --kbug "$KBUG" --cases good --floor check.dir=2 2>err &&
	grep -q "below the floor" err
'
test_expect_success 'every case file is well formed and in its split' '
	$PYTHON "$SCORE" --lint --cases "$CASES"
'
if have tree; then
	test_expect_success 'every DIR and FILE is in linux 6.12' '
		$PYTHON "$SCORE" --lint --cases "$CASES" --tree "$(kernel_tree)"
	'
else
	test_skip 'every DIR and FILE is in linux 6.12' 'needs the kernel tree (kernel/source.sh)'
fi
test_expect_success 'kbug analyze scores no lower than the floors' '
	set -- $FLOORS &&
	floors= &&
	for f; do floors="$floors --floor $f"; done &&
	$PYTHON "$SCORE" --kbug "$KBUG" --cases "$CASES" $floors >table &&
	cat table
'
test_expect_success 'and as well with frames stripped of file:line' '
	set -- $STRIPPED &&
	floors= &&
	for f; do floors="$floors --floor $f"; done &&
	$PYTHON "$SCORE" --kbug "$KBUG" --cases "$CASES" --strip-files $floors >table &&
	cat table
'
test_done
