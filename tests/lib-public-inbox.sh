# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the mail side of the triage loop: a real public-inbox
# (Debian's public-inbox 1.9) in $TRASH, served by public-inbox-httpd on
# 127.0.0.1 (tests/servers/public_inbox_httpd.py) with the URL forms of
# lore.kernel.org: $PI_URL/MSGID/raw, $PI_URL/MSGID/t.mbox.gz.
# Sourced after tests/lib.sh; call pi_require before the first test.

PI_LIST=test@example.org

# pi_require [WHAT...]: public-inbox's programs (and WHAT, as lib.sh's require).
pi_require() {
	require public-inbox-init public-inbox-mda public-inbox-httpd "$@"
}

# pi_setup: an empty v2 inbox "test" for $PI_LIST, no spam check; sets
# PI_CONFIG (exported: public-inbox reads it), PI_DIR.
pi_setup() {
	PI_DIR=$TRASH/inbox
	PI_CONFIG=$TRASH/pi-config
	export PI_CONFIG PI_DIR
	public-inbox-init -V2 test "$PI_DIR" http://127.0.0.1/test "$PI_LIST" >"$TRASH/pi-init.log" 2>&1 || {
		cat "$TRASH/pi-init.log" >&2
		return 1
	}
	git config -f "$PI_CONFIG" publicinboxmda.spamcheck none
}

# pi_import FILE...: deliver each message (a mail, or a one-message mbox
# such as kbug's drafts) into the inbox, as the list's mail server does.
pi_import() {
	local f
	for f in "$@"; do
		ORIGINAL_RECIPIENT=$PI_LIST public-inbox-mda --no-precheck <"$f" || {
			echo "public-inbox-mda refused $f" >&2
			return 1
		}
	done
}

# pi_serve: public-inbox-httpd on 127.0.0.1; sets PI_URL (the inbox's URL).
pi_serve() {
	server_start pi public_inbox_httpd.py --config "$PI_CONFIG" || return 1
	PI_URL=http://127.0.0.1:$SERVER_PORT/test
	export PI_URL
}

# pi_thread MSGID: the Message-IDs of MSGID's thread as the inbox serves it, one a line.
pi_thread() {
	"$PYTHON" - "$PI_URL/$1/t.mbox.gz" <<'PY'
import gzip, re, sys, urllib.request
data = gzip.decompress(urllib.request.urlopen(sys.argv[1], timeout=10).read())
for m in re.finditer(rb"^Message-ID:\s*<([^>]*)>", data, re.M | re.I):
    print(m.group(1).decode())
PY
}
