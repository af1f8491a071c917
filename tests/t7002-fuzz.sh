#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: heavy
# make check: every built libFuzzer target, each for a bounded time.
cd "$(dirname "$0")/.." || exit 1
exec tests/fuzz/run.sh $(ls build-fuzz/fuzz-* 2>/dev/null | grep -v '\.o$')
