#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016 # test bodies are strings that lib.sh evaluates
# What `kbug report` saves and sends names no home directory: the route
# section, added after the collected facts were redacted, is redacted
# too, since where MAINTAINERS came from (the cached copy that
# `kbug maintainers --update` writes, a --maintainers FILE) is often a
# path in the user's home. The report goes to an SMTP server on
# 127.0.0.1 and is checked as saved (outbox) and as received.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-smtp.sh"

t5_require
smtp_start mail
export KBUG_CONFIG=
H=$TRASH/home-of-grace
mkdir -p "$H/.cache/kbug"
cp "$T5_MAINT" "$H/.cache/kbug/MAINTAINERS"
echo 6.12 > "$H/.cache/kbug/MAINTAINERS.version"

# kbug report as the user whose home is $H, with the copy there
report() {
	env -u XDG_CACHE_HOME -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME="$H" \
		"$KBUG" report --log "$T5_LOG" --from "$T5_FROM" --yes \
		--smtp-url "smtp://127.0.0.1:$SMTP_PORT" "$@"
}

# in_report DIR PYTHON-EXPR: the expression on the saved report.json (r)
in_report() {
	$PYTHON - "$1/report.json" "$2" <<-\PY
	import json, sys
	r = json.load(open(sys.argv[1]))
	assert eval(sys.argv[2]), (sys.argv[2], r.get("route", {}).get("source"))
	PY
}

test_expect_success 'a --maintainers FILE in the home: redacted in the saved report' '
	report --maintainers "$H/.cache/kbug/MAINTAINERS" > out 2> err &&
	ob=$H/.local/share/kbug/outbox/sent && id=$(ls "$ob") && test -n "$id" &&
	test "$(count_msgs "$SMTP_DIR")" = 1 &&
	! grep -rqF "$H" "$ob/$id" "$SMTP_DIR" &&
	in_report "$ob/$id" "r[\"route\"][\"source\"][\"path\"].startswith(\"[home-\")" &&
	in_report "$ob/$id" "r[\"route\"][\"source\"][\"path\"].endswith(\"/.cache/kbug/MAINTAINERS\")" &&
	in_report "$ob/$id" "any(e[\"kind\"] == \"home\" and e[\"count\"] >= 1 for e in r[\"redactions\"])"
'

test_expect_success 'the cached copy in the home (kbug maintainers --update): redacted too' '
	rm -rf "$H/.local" &&
	report > out 2> err &&
	ob=$H/.local/share/kbug/outbox/sent && id=$(ls "$ob") && test -n "$id" &&
	! grep -rqF "$H" "$ob/$id" &&
	if in_report "$ob/$id" "r[\"route\"][\"source\"][\"kind\"] == \"cache\""; then
		in_report "$ob/$id" "r[\"route\"][\"source\"][\"path\"].startswith(\"[home-\")"
	else
		echo "# this machine has a MAINTAINERS before the cache (sysfs or a tree)"
	fi
'

test_expect_success '--no-redact keeps the path (so the check above can see it)' '
	rm -rf "$H/.local" &&
	report --maintainers "$H/.cache/kbug/MAINTAINERS" --no-redact > out 2> err &&
	ob=$H/.local/share/kbug/outbox/sent && id=$(ls "$ob") &&
	grep -qF "$H/.cache/kbug/MAINTAINERS" "$ob/$id/report.json"
'

test_done
