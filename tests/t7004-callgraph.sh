#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: once
# The file-level call graph from nm on the build's objects
# (tests/callgraph.py; also `make callgraph`): the graph and any cycle
# between directories go to the log; a directory cycle fails the suite
# (CALLGRAPH_STRICT=0 only reports it) (issue 17, item 4).
src=$(cd "$(dirname "$0")/.." && pwd)
exec /usr/bin/python3 "$src/tests/callgraph.py" --tap "${KBUG_BUILD:-$src/build}"
