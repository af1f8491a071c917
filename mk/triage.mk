# SPDX-License-Identifier: GPL-2.0-or-later
# The triage loop's mail side (issue 21): kbug followup MESSAGE-ID and kbug
# request --reply-to read threads from a public-inbox (collector/deliver/
# public-inbox.c; the channel deliver/followup-mail.c). public-inbox (1.9 in
# Debian 12): the real archive t6009 imports a thread into (public-inbox-init,
# -mda) and serves on 127.0.0.1 (public-inbox-httpd), as lore.kernel.org
# serves its lists. tests/fuzz/fuzz-mbox.c is built and run by the generic
# fuzz rules (mk/core.mk).
DEB_PKGS += public-inbox
