#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Redaction on its corpus (tests/redact/README.md): every class of seeded
# identifier found whole on both halves, nothing else replaced, and every
# line to keep left as it is. The scorer is built with the build under test.
. "$(dirname "$0")/lib.sh"
score=${KBUG_BUILD:-$SRC_DIR/build}/tests/redact/redact-score
require "$score"

test_expect_success 'every class at 100% recall and precision, kept lines unchanged' '
	"$score" -v --check "$SRC_DIR/tests/redact/corpus.txt" >table &&
	grep -q "^all  *dev " table && grep -q "^all  *check " table
'

test_expect_success 'a value left in place fails the check' '
	printf "@src test\nmac\tlink «mac:52:54:00:12:34:56» «ssid:not-found»\n" >miss.txt &&
	test_expect_code 1 "$score" --check miss.txt
'

test_expect_success 'a changed line to keep fails the check' '
	printf "@src test\nkeep-test\tlink 52:54:00:12:34:56 up\n" >keep.txt &&
	test_expect_code 1 "$score" --check keep.txt
'

test_expect_success 'a malformed case is an error, not a pass' '
	printf "@src test\nmac\tlink «nokind:52:54:00:12:34:56»\n" >bad.txt &&
	test_expect_code 1 "$score" --check bad.txt 2>err &&
	grep -q "cannot read this case" err
'
test_done
