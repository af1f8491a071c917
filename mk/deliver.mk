# SPDX-License-Identifier: GPL-2.0-or-later
# kbug report, the email channel, the outbox and the config (issue 5).
# Unit tests (tests/unit/test-{config,outbox,email}.c) are picked up by the
# Makefile; the end-to-end tests (tests/t5xxx-*.sh, found by mk/tests.mk)
# start tests/servers/smtp_server.py (aiosmtpd) on 127.0.0.1 and drive
# ./kbug report / kbug outbox.
DEB_PKGS += python3-aiosmtpd git-email tmux mutt
