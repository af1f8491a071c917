#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016,SC2034 # test bodies are strings that lib.sh evaluates
# Without /dev/kmsg (hidden in a private mount namespace by a tmpfs on
# /dev), the log comes from klogctl(2): the same records as /dev/kmsg's.
. "$(dirname "$0")/lib.sh"

require unshare
[ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null ||
	test_skip_all_env 'needs root and a mount namespace (unshare -m)'

test_expect_success 'no /dev/kmsg: klogctl gives the records /dev/kmsg gives' '
	"$KBUG" collect --json --no-redact --probe dmesg >kmsg.json &&
	unshare -m sh -c "mount -t tmpfs none /dev && exec \"\$0\" collect --json --no-redact --probe dmesg" \
		"$KBUG" >klog.json &&
	"$PYTHON" - <<-PY
	import json
	k, l = json.load(open("kmsg.json")), json.load(open("klog.json"))
	assert k["dmesg"]["source"] == "kmsg" and l["dmesg"]["source"] == "klogctl", l["dmesg"].get("source")
	assert l["errors"] == [], l["errors"]
	texts = [r["text"] for r in l["dmesg"]["records"]]
	assert all("seq" not in r for r in l["dmesg"]["records"])
	# every /dev/kmsg record, line by line, in order (the log may have grown since)
	want = [line for r in k["dmesg"]["records"] for line in r["text"].split("\n")]
	assert texts[:len(want)] == want, [(a, b) for a, b in zip(texts, want) if a != b][:3]
	for a, b in zip(k["dmesg"]["records"], l["dmesg"]["records"]):
	    if "\n" in a["text"]:
	        break  # klogctl prints a multi-line record as several lines
	    assert a["level"] == b["level"] and a["ts_usec"] == b["ts_usec"], (a, b)
	PY
'

test_done
