# SPDX-License-Identifier: GPL-2.0-or-later
# Bugzilla delivery: the REST client (collector/deliver/bugzilla*.c), the
# `kbug bugzilla` command, and the Bugzilla 5 REST test server they are
# tested against (tests/servers/bugzilla_server.py, Python stdlib + sqlite3).
DEB_PKGS += python3 sqlite3
CHECK_SUITES_ONCE += tests/servers/test-bugzilla-server.py
CHECK_SUITES += $(sort $(wildcard tests/e2e/t6[0-9]*.sh))
