#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: once
# The Bugzilla test server itself against the Bugzilla 5 REST
# documentation (tests/servers/test-bugzilla-server.py, TAP). It does not
# run kbug: once is enough.
exec /usr/bin/python3 "$(dirname "$0")/servers/test-bugzilla-server.py"
