# SPDX-License-Identifier: GPL-2.0-or-later
# Bugzilla delivery: the REST client (collector/deliver/bugzilla*.c), the
# `kbug bugzilla` command, the section map data/bugzilla-kernel-org.map, and
# the Bugzilla 5 REST test server they are tested against
# (tests/servers/bugzilla_server.py: Python stdlib http.server + sqlite3).
# tests/fuzz/fuzz-bugzilla.c is built and run by the generic fuzz rules
# (mk/core.mk); tests/unit/test-bugzilla.c by the Makefile's unit rules;
# the suites tests/t6xxx-*.sh are found by mk/tests.mk. python3-bugzilla:
# a real client (python-bugzilla, REST) that t6007 drives the server with.
DEB_PKGS += python3 python3-bugzilla
