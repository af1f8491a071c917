# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the Bugzilla tests (t6xxx), sourced after tests/lib.sh: start
# the test server (tests/servers/bugzilla_server.py) on 127.0.0.1, inject
# faults, read its database, write reports and key files.

BZ_KEY=kbugTESTkey0reporter0123456789abcdefghij
BZ_KEY_OTHER=kbugTESTkey0other000123456789abcdefghijk

# bz_start NAME [server options]: start a server (lib.sh's server_start);
# sets BZ_URL, BZ_DB, BZ_PORT, BZ_PID.
bz_start() {
	local name=$1
	shift
	BZ_DB=$TRASH/$name.db
	BZ_NAME=$name
	server_start "$name" bugzilla_server.py "$BZ_DB" "$@" || return 1
	BZ_PID=$SERVER_PID
	BZ_PORT=$SERVER_PORT
	BZ_URL=http://127.0.0.1:$BZ_PORT
	export BZ_URL BZ_DB BZ_PID BZ_PORT BZ_NAME
}

# bz_stop: stop the last server started.
bz_stop() {
	server_stop "$BZ_NAME"
}

# bz_setup: how every t6xxx suite starts: an empty config, the data home
# in $TRASH, no key from the environment, the server "main" (BZ_URL...)
# and the reporter's key in $TRASH/key; OB names an outbox.
bz_setup() {
	: >"$TRASH/empty-config"
	export KBUG_CONFIG=$TRASH/empty-config XDG_DATA_HOME=$TRASH/data
	unset KBUG_BUGZILLA_API_KEY
	bz_start main
	bz_keyfile "$TRASH/key"
	# shellcheck disable=SC2034 # for the suites
	OB=$TRASH/outbox
}

# bz_admin PATH [JSON]: call the server's fault-injection endpoint.
bz_admin() {
	"$PYTHON" - "$BZ_URL$1" "${2-}" <<'PY'
import sys, urllib.request
data = sys.argv[2].encode() if sys.argv[2] else None
req = urllib.request.Request(sys.argv[1], data=data,
                             method="POST" if data is not None else "GET")
print(urllib.request.urlopen(req, timeout=10).read().decode())
PY
}

# bz_fault JSON: one fault, e.g. '{"kind":"lost","method":"POST","path":"^/bug$"}'
bz_fault() {
	bz_admin /__admin/fault "$1" >/dev/null
}

# bz_sql QUERY: rows of the server's database, '|'-separated.
bz_sql() {
	"$PYTHON" - "$BZ_DB" "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for row in db.execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
PY
}

# bz_keyfile FILE [KEY]: a key file with mode 0600.
bz_keyfile() {
	(umask 077 && printf '%s\n' "${2:-$BZ_KEY}" >"$1")
}

# bz_report OUT [key=value...]: write a kbug report (JSON) with attachments
# whose bytes exercise the encoding. Keys: title, section, b_entry,
# product, component, kind, regression (a last-good version).
bz_report() {
	"$PYTHON" - "$@" <<'PY'
import json, sys
out = sys.argv[1]
kv = dict(a.split("=", 1) for a in sys.argv[2:])
title = kv.get("title", "BUG: kernel NULL pointer dereference in acpi_ec_read")
dmesg = ("[    0.000000] Linux version 6.12.118 (debian@buildd) #1 SMP\n"
         "[   12.345678] BUG: kernel NULL pointer dereference, address: 0000000000000008\n"
         "[   12.345679] RIP: 0010:acpi_ec_read+0x1a/0x90\n"
         "[   12.345680] \tCall Trace: \u00e9t\u00e9 \u2603 caf\u00e9 \x01\x02\x7f\r\n"
         + "".join("[%6d.000000] filler line %d %s\n" % (i, i, "x" * (i % 97))
                   for i in range(3000)))
config = "CONFIG_ACPI=y\nCONFIG_ACPI_EC=y\n# CONFIG_FOO is not set\n" * 200
dest = {"kind": "bugzilla", "url": "https://bugzilla.kernel.org",
        "product": kv.get("product"), "component": kv.get("component"),
        "b_entry": kv.get("b_entry", "https://bugzilla.kernel.org"),
        "section": kv.get("section", "ACPI")}
rep = {
    "schema": "kbug-report/1",
    "created": "2026-12-03T07:00:00Z",
    "kbug_version": "0.1",
    "errors": [],
    "kernel": {"release": "6.12.118", "machine": "x86_64",
               "version": "#1 SMP PREEMPT_DYNAMIC Debian 6.12.118-1"},
    "pci": {"devices": [
        {"slot": "00:1f.0", "class_name": "ISA bridge",
         "vendor_name": "Intel Corporation", "device_name": "LPC Controller",
         "vendor_id": "8086", "device_id": "a30d", "driver": "lpc_ich"}]},
    "analysis": {"source": "dmesg", "reports": [{
        "title": title, "kind": kv.get("kind", "BUG"),
        "guilty_file": "drivers/acpi/ec.c", "guilty_function": "acpi_ec_read",
        "text": "BUG: kernel NULL pointer dereference\nRIP: acpi_ec_read+0x1a/0x90\n",
        "release": "6.12.118"}]},
    "route": {"path": "drivers/acpi/ec.c",
              "sections": [{"name": dest["section"], "status": "Supported",
                            "rank": 1, "why": "F: drivers/acpi/",
                            "entries": [{"type": "B", "value": dest["b_entry"]}]}],
              "maintainers": [{"name": "Rafael J. Wysocki",
                               "address": "rafael@kernel.org",
                               "role": "maintainer:" + dest["section"]}],
              "reviewers": [], "lists": [{"address": "linux-acpi@vger.kernel.org",
                                          "role": "open list"}],
              "destination": dest},
    "draft": {"title": title, "summary": None,
              "description": "The laptop oopses when the lid opens.",
              "regression": ({"last_good": kv["regression"]}
                             if "regression" in kv else None),
              "notes": [], "report_index": 0},
    "attachments": [
        {"name": "dmesg.txt", "content_type": "text/plain",
         "description": "kernel log", "text": dmesg},
        {"name": "config.txt", "content_type": "text/plain",
         "description": "kernel config", "text": config},
    ],
}
with open(out, "w") as f:
    json.dump(rep, f)
PY
}

# bz_check_attachments BUG REPORT: every attachment of REPORT is on BUG,
# byte for byte, once; plus devices.txt and kbug-report.json.
bz_check_attachments() {
	"$PYTHON" - "$BZ_DB" "$1" "$2" <<'PY'
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
bug = int(sys.argv[2])
rep = json.load(open(sys.argv[3]))
rows = db.execute("SELECT file_name, data, content_type FROM attachments "
                  "WHERE bug_id = ?", (bug,)).fetchall()
names = [r[0] for r in rows]
got = {r[0]: r[1] for r in rows}
bad = []
for a in rep["attachments"]:
    if got.get(a["name"]) != a["text"].encode():
        bad.append("%s differs or is missing" % a["name"])
for extra in ("devices.txt", "kbug-report.json"):
    if extra not in got:
        bad.append("%s missing" % extra)
if len(names) != len(set(names)):
    bad.append("an attachment is there twice: %s" % names)
if "kbug-report.json" in got:
    j = json.loads(got["kbug-report.json"])
    if j.get("schema") != "kbug-report/1":
        bad.append("kbug-report.json is not the report")
if "devices.txt" in got and b"00:1f.0 ISA bridge: Intel Corporation" not in got["devices.txt"]:
    bad.append("devices.txt is not lspci-like: %r" % got["devices.txt"][:200])
if bad:
    print("\n".join(bad), file=sys.stderr)
    sys.exit(1)
PY
}

# bz_pty 'PROMPT=ANSWER' ... -- CMD...: run CMD on a terminal, answering each
# PROMPT (a substring of what it prints) with ANSWER; its output in pty.out,
# its exit status as ours.
bz_pty() {
	"$PYTHON" - "$@" <<'PY'
import os, pty, sys, time
args = sys.argv[1:]
i = args.index("--")
answers = [a.split("=", 1) for a in args[:i]]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(args[i + 1], args[i + 1:])
out = b""
deadline = time.time() + 60
while time.time() < deadline:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    out += data
    if answers and answers[0][0].encode() in out.split(b"\n")[-1] + out[-200:]:
        os.write(fd, answers.pop(0)[1].encode() + b"\n")
_, status = os.waitpid(pid, 0)
open("pty.out", "wb").write(out)
sys.exit(os.waitstatus_to_exitcode(status))
PY
}
