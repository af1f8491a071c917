#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# kbug collect as an ordinary user: /dev/kmsg and klogctl refused under
# dmesg_restrict, the journal tried next, every refusal an error in the
# report, the other probes as for root, exit 0.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || test_skip_all_env 'needs root to drop to nobody'
require setpriv
chmod 0777 "$TRASH"
as_nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
}

test_expect_success 'as nobody: exit 0, the log from a source that answered or errors why not' '
	as_nobody "$KBUG" collect --json >user.json &&
	"$PYTHON" - <<-PY
	import json
	d = json.load(open("user.json"))
	dm = d["dmesg"]
	errs = [e["message"] for e in d["errors"] if e["probe"] == "dmesg"]
	restricted = open("/proc/sys/kernel/dmesg_restrict").read().strip() == "1"
	if dm.get("source"):
	    assert dm["count"] > 0, dm
	    if restricted:
	        assert dm["source"] == "journal", dm["source"]
	else:
	    assert restricted, "an unrestricted kernel log could not be read: %s" % errs
	    assert any("/dev/kmsg" in e for e in errs), errs
	    assert any("klogctl" in e for e in errs), errs
	    assert any("journal" in e for e in errs), errs
	    assert dm["count"] == 0 and "dmesg.txt" not in [a["name"] for a in d["attachments"]]
	PY
'

test_expect_success 'as nobody: the other sections are those root sees' '
	"$KBUG" collect --json --no-redact --probe kernel,pci,distro >root.json &&
	as_nobody "$KBUG" collect --json --no-redact --probe kernel,pci,distro >user2.json &&
	"$PYTHON" - <<-PY
	import json
	r, u = json.load(open("root.json")), json.load(open("user2.json"))
	assert [p["slot"] for p in r["pci"]] == [p["slot"] for p in u["pci"]]
	assert [p["driver"] for p in r["pci"]] == [p["driver"] for p in u["pci"]]
	for k in ("release", "tainted", "cmdline", "origin"):
	    assert r["kernel"][k] == u["kernel"][k], k
	assert r["distro"] == u["distro"]
	assert u["errors"] == [], u["errors"]
	PY
'

test_done
