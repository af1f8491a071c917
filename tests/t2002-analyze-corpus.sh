#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The syzkaller corpus score (tests/corpus/), in the build under test
# (normal or ASan): build/tests/analyze/corpus-score prints the TAP. Test 5
# scores the guilty-file logs again as a distribution kernel prints them
# (frames without file:line: the tree index places them).
src=$(cd "$(dirname "$0")/.." && pwd)
build=${KBUG_BUILD:-$src/build}
# the score program lives in build/tests/: point it at the tree index
export KBUG_INDEX=${KBUG_INDEX-$src/data/linux-6.12.index.gz}
score=$build/tests/analyze/corpus-score
"$score" -v "$src/tests/corpus/syzkaller" | grep -v '^1\.\.'
rc=${PIPESTATUS[0]}
"$score" -v -d "$src/tests/corpus/syzkaller" | grep -v '^1\.\.' | sed 's/^ok 1 - /ok 5 - /;s/^not ok 1 - /not ok 5 - /'
rc2=${PIPESTATUS[0]}
echo "1..5"
[ "$rc" = 0 ] && [ "$rc2" = 0 ]
