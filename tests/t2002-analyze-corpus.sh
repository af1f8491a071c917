#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The syzkaller corpus score (tests/corpus/), in the build under test
# (normal or ASan): build/tests/analyze/corpus-score prints the TAP.
src=$(cd "$(dirname "$0")/.." && pwd)
build=${KBUG_BUILD:-$src/build}
# the score program lives in build/tests/: point it at the tree index
export KBUG_INDEX=${KBUG_INDEX-$src/data/linux-6.12.index.gz}
exec "$build/tests/analyze/corpus-score" -v "$src/tests/corpus/syzkaller"
