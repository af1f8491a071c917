#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The syzkaller corpus score, in the build under test (normal or ASan).
src=$(cd "$(dirname "$0")/../.." && pwd)
shared=${KBUG_SHARED:-$src/../shared}
build=${KBUG_BUILD:-$src/build}
if [ ! -d "$shared/corpus/syzkaller" ]; then
	echo "ok 1 - corpus # SKIP no corpus at $shared/corpus/syzkaller"
	echo "1..1"
	exit 0
fi
exec "$build/tests/analyze/corpus-score" -v "$shared/corpus/syzkaller"
