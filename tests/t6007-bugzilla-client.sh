#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kbug-test: once
# A real client agrees with the Bugzilla test server: python-bugzilla
# (Debian's python3-bugzilla, REST backend) through products, components,
# create, get, attach, comments, query, update and user look-up; every
# answer is checked against what the server's database holds. It does not
# run kbug: once is enough.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-bugzilla.sh"
require py:bugzilla

bz_setup

# pybz SNIPPET: run SNIPPET with `bz` (logged in with the reporter's key),
# `anon` (no key), `db` (the server's database) and `bugzilla` in scope;
# an AssertionError fails the test with its message.
pybz() {
	"$PYTHON" - "$BZ_URL" "$BZ_KEY" "$BZ_DB" "$1" <<'PY'
import sqlite3, sys
import bugzilla
import requests
url, key, dbpath, snippet = sys.argv[1:5]
bz = bugzilla.Bugzilla(url + "/rest/", api_key=key, force_rest=True,
                       use_creds=False, configpaths=[], cookiefile=None,
                       tokenfile=None)
anon = bugzilla.Bugzilla(url + "/rest/", force_rest=True, use_creds=False,
                         configpaths=[], cookiefile=None, tokenfile=None)
db = sqlite3.connect(dbpath)
# python-bugzilla turns an HTTP status >= 400 into requests' HTTPError and
# drops the reply: keep the last reply of each client to read its envelope.
last = {}
for name, c in (("bz", bz), ("anon", anon)):
    c.get_requests_session().hooks["response"].append(
        lambda r, *a, _n=name, **k: last.__setitem__(_n, r))


def code(fn, who="bz"):
    """The Bugzilla error code fn() ends with (None: no error)."""
    try:
        fn()
    except bugzilla.BugzillaError as e:
        return e.code
    except requests.HTTPError:
        return last[who].json()["code"]
    return None


exec(compile(snippet, "snippet", "exec"))
PY
}

test_expect_success 'connect: the REST backend, the server version, logged in' '
	pybz "
assert bz.is_rest(), \"not the REST backend\"
assert bz.bz_ver_major == 5 and bz.bz_ver_minor == 0, (bz.bz_ver_major, bz.bz_ver_minor)
assert bz.logged_in, \"the key does not log in\"
# logged out, User.get with ids is 505, HTTP 401: python-bugzilla 3.2
# reads the code of an XML-RPC fault only, so over REST its logged_in
# raises instead of answering False.
assert code(lambda: anon.logged_in, \"anon\") == 505
"
'

test_expect_success 'products and components (Product.get, /product/get)' '
	pybz "
prods = bz.product_get(names=[\"ACPI\", \"Drivers\"])
assert [p[\"name\"] for p in prods] == [\"ACPI\", \"Drivers\"], prods
comps = bz.getcomponents(\"Drivers\")
assert \"PCI\" in comps and \"USB\" in comps and \"ext4\" not in comps, comps
det = bz.getcomponentsdetails(\"ACPI\")
assert det[\"EC\"][\"default_assigned_to\"] == \"acpi_ec@kernel-bugs.osdl.org\", det[\"EC\"]
"
'

test_expect_success 'bug fields: the legal values a client must send' '
	pybz "
f = bz.getbugfields()
for name in (\"bug_status\", \"op_sys\", \"cf_kernel_version\"):
    assert name in f, name
"
'

test_expect_success 'create: the bug is in the database with its fields' '
	pybz "
ci = bz.build_createbug(product=\"Drivers\", component=\"PCI\", version=\"2.5\",
    summary=\"pcieport: AER flood after resume\", description=\"first words\",
    op_sys=\"Linux\", platform=\"x86-64\", severity=\"high\",
    cc=[\"other@example.com\"])
ci[\"cf_kernel_version\"] = \"6.12.118\"
bug = bz.createbug(ci)
assert bug.id == 4, bug.id
row = db.execute(\"SELECT product, component, summary, severity, creator, custom FROM bugs WHERE id = 4\").fetchone()
assert row[:5] == (\"Drivers\", \"PCI\", \"pcieport: AER flood after resume\", \"high\", \"reporter@example.com\"), row
assert \"6.12.118\" in row[5], row
assert db.execute(\"SELECT login FROM bug_cc WHERE bug_id = 4\").fetchall() == [(\"other@example.com\",)]
"
'

test_expect_success 'get: one bug, with status fields; several bugs' '
	pybz "
b = bz.getbug(4)
assert b.summary == \"pcieport: AER flood after resume\", b.summary
assert b.status == \"NEW\" and b.resolution == \"\" and b.is_open, (b.status, b.resolution)
assert b.last_change_time and b.creator == \"reporter@example.com\"
assert b.cf_kernel_version == \"6.12.118\"
bs = bz.getbugs([2, 4])
assert [x.id for x in bs] == [2, 4] and bs[0].status == \"RESOLVED\" and bs[0].resolution == \"FIXED\"
"
'

test_expect_success 'a missing bug: no bug from a search, 101 from GET /rest/bug/ID' '
	pybz "
assert bz.getbugs([9999]) == [], \"a search found bug 9999\"
assert code(lambda: bz._backend._get(\"/bug/9999\")) == 101
assert code(lambda: bz._backend._get(\"/bug/x9\")) == 100
"
'

test_expect_success 'attach: the bytes land, a comment says so; read back' '
	printf "lspci -vvv output\n\0binary tail\377" >lspci.txt &&
	pybz "
aid = bz.attachfile(4, \"lspci.txt\", \"lspci -vvv\", file_name=\"lspci.txt\",
                    content_type=\"text/plain\", comment=\"as asked\")
data = open(\"lspci.txt\", \"rb\").read()
row = db.execute(\"SELECT bug_id, file_name, summary, data FROM attachments WHERE id = ?\", (aid,)).fetchone()
assert row == (4, \"lspci.txt\", \"lspci -vvv\", data), row
atts = bz.get_attachments(4, None)[\"bugs\"][\"4\"]
assert [a[\"id\"] for a in atts] == [aid] and atts[0][\"size\"] == len(data)
f = bz.openattachment(aid)
assert f.read() == data
"
'

test_expect_success 'comments: get them, add one, counted from 0' '
	pybz "
b = bz.getbug(4)
c = b.getcomments()
assert [x[\"count\"] for x in c] == [0, 1], c
assert c[0][\"text\"] == \"first words\" and c[1][\"text\"].startswith(\"Created attachment\")
b.addcomment(\"kbug-request: v1 probes=pci id=abc\")
c = b.getcomments()
assert c[-1][\"text\"] == \"kbug-request: v1 probes=pci id=abc\" and c[-1][\"count\"] == 2
assert c[-1][\"creator\"] == \"reporter@example.com\"
"
'

test_expect_success 'query: by product and component, by summary, by status' '
	pybz "
q = bz.build_query(product=\"Drivers\", component=\"PCI\")
assert [b.id for b in bz.query(q)] == [4]
q = bz.build_query(short_desc=\"aer flood\")
assert [b.id for b in bz.query(q)] == [4]
q = bz.build_query(status=\"RESOLVED\")
assert [b.id for b in bz.query(q)] == [2]
q = bz.build_query(product=\"Nope\")
assert bz.query(q) == []
"
'

test_expect_success 'update: status, resolution, comment and cc in one call' '
	pybz "
u = bz.build_update(status=\"RESOLVED\", resolution=\"CODE_FIX\",
                    comment=\"fixed by the patch\", cc_add=[\"drivers_pci@kernel-bugs.osdl.org\"],
                    cc_remove=[\"other@example.com\"])
r = bz.update_bugs([4], u)
ch = r[\"bugs\"][0][\"changes\"]
assert ch[\"status\"] == {\"added\": \"RESOLVED\", \"removed\": \"NEW\"}, ch
assert ch[\"resolution\"] == {\"added\": \"CODE_FIX\", \"removed\": \"\"}, ch
assert ch[\"cc\"] == {\"added\": \"drivers_pci@kernel-bugs.osdl.org\", \"removed\": \"other@example.com\"}, ch
assert \"comment\" not in ch
row = db.execute(\"SELECT status, resolution FROM bugs WHERE id = 4\").fetchone()
assert row == (\"RESOLVED\", \"CODE_FIX\"), row
assert db.execute(\"SELECT login FROM bug_cc WHERE bug_id = 4\").fetchall() == [(\"drivers_pci@kernel-bugs.osdl.org\",)]
assert bz.getbug(4).getcomments()[-1][\"text\"] == \"fixed by the patch\"
b = bz.getbug(4)
b.setstatus(\"REOPENED\")
b = bz.getbug(4)
assert b.status == \"REOPENED\" and b.resolution == \"\", (b.status, b.resolution)
"
'

test_expect_success 'update refusals: the documented codes, nothing changed' '
	pybz "
assert code(lambda: bz.update_bugs([4], bz.build_update(status=\"RESOLVED\"))) == 121
assert code(lambda: bz.update_bugs([4], bz.build_update(resolution=\"FIXED\"))) == 122
assert code(lambda: bz.update_bugs([4], bz.build_update(status=\"LIMBO\"))) == 51
assert code(lambda: bz.update_bugs([4], bz.build_update(cc_add=[\"nobody@nowhere\"]))) == 504
assert code(lambda: anon.update_bugs([4], anon.build_update(status=\"NEW\")), \"anon\") == 410
assert db.execute(\"SELECT status FROM bugs WHERE id = 4\").fetchone() == (\"REOPENED\",)
"
'

test_expect_success 'user look-up: by name, by match, logged out' '
	pybz "
u = bz.getuser(\"other@example.com\")
assert u.userid == 2 and u.real_name == \"Otto Other\" and u.can_login, vars(u)
me = bz.getuser(\"reporter@example.com\")
assert me.email == \"reporter@example.com\"
names = sorted(x.name for x in bz.searchusers(\"otto\"))
assert names == [\"other@example.com\"], names
assert [x.name for x in bz.searchusers(\"revoked\")] == []
assert [x.name for x in bz.searchusers(\"revoked@example.com\")] == [\"revoked@example.com\"]
a = anon.getuser(\"other@example.com\")
raw = last[\"anon\"].json()[\"users\"][0]
assert raw == {\"id\": 2, \"name\": \"other@example.com\", \"real_name\": \"Otto Other\"}, raw
assert a.userid == 2
assert code(lambda: anon.searchusers(\"otto\"), \"anon\") == 505
assert code(lambda: bz.getuser(\"ghost@example.com\")) == 51
"
'

test_done
