# SPDX-License-Identifier: GPL-2.0-or-later
# The foundation's own tests: the CLI front end, and checkpatch over the sources.
CHECK_SUITES += $(sort $(wildcard tests/e2e/t0*.sh))
CHECK_SUITES_ONCE += tests/checkpatch-sources.sh
DEB_PKGS += xz-utils linux-source-6.12
