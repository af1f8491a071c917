#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: heavy
# The differential test of `kbug route --format=get-maintainer` against the
# kernel's scripts/get_maintainer.pl (tests/route/gm-diff.pl, TAP): 2000
# random files and one under every F: pattern of the Debian tree.
exec perl "$(dirname "$0")/route/gm-diff.pl"
