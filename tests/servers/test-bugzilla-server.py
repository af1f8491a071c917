#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The Bugzilla test server against the Bugzilla 5 REST documentation: paths,
reply shapes, error codes and HTTP statuses, the database, the faults. TAP."""

import base64
import http.client
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bugzilla_server as bz  # noqa: E402

n = 0
failed = 0


def ok(cond, desc, detail=""):
    global n, failed
    n += 1
    if cond:
        print("ok %d - %s" % (n, desc))
    else:
        failed += 1
        print("not ok %d - %s" % (n, desc))
        if detail:
            for line in str(detail).splitlines()[:20]:
                print("#   " + line)


class Server:
    def __init__(self, *args):
        self.dir = tempfile.mkdtemp(prefix="bzsrv.")
        self.db = os.path.join(self.dir, "bz.db")
        self.proc = subprocess.Popen(
            ["/usr/bin/python3", os.path.join(HERE, "bugzilla_server.py"),
             self.db] + list(args), stdout=subprocess.PIPE)
        self.port = int(self.proc.stdout.readline())

    def req(self, method, path, body=None, key=None, headers=None,
            timeout=10):
        c = http.client.HTTPConnection("127.0.0.1", self.port,
                                       timeout=timeout)
        h = {"Accept": "application/json"}
        if body is not None:
            h["Content-Type"] = "application/json"
            body = json.dumps(body)
        if key:
            h["X-BUGZILLA-API-KEY"] = key
        h.update(headers or {})
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        try:
            obj = json.loads(data)
        except ValueError:
            obj = None
        return r.status, obj, data

    def sql(self, q, args=()):
        db = sqlite3.connect(self.db)
        try:
            return db.execute(q, args).fetchall()
        finally:
            db.close()

    def stop(self):
        self.proc.terminate()
        self.proc.wait()
        subprocess.call(["rm", "-rf", self.dir])


def envelope(obj, code):
    return (isinstance(obj, dict) and obj.get("error") is True
            and obj.get("code") == code and isinstance(obj.get("message"), str)
            and obj.get("documentation", "").startswith("https://"))


K = bz.KEY_REPORTER
BUG = {"product": "ACPI", "component": "Power-Sleep-Wake", "version": "2.5",
       "summary": "WARNING in acpi_suspend_enter", "description": "the log",
       "op_sys": "Linux", "platform": "x86-64", "severity": "high",
       "cf_kernel_version": "6.12.118", "cf_regression": "No"}

s = Server()
try:
    st, o, _ = s.req("GET", "/rest/version")
    ok(st == 200 and o == {"version": "5.0.6"}, "GET /rest/version")
    st, o, _ = s.req("GET", "/rest.cgi/version")
    ok(st == 200 and o.get("version"), "the /rest.cgi/ prefix answers too")
    st, o, _ = s.req("GET", "/rest/whoami", key=K)
    ok(st == 200 and o["name"] == "reporter@example.com"
       and isinstance(o["id"], int) and "real_name" in o,
       "GET /rest/whoami with the header key")
    st, o, _ = s.req("GET", "/rest/whoami")
    ok(st == 401 and envelope(o, 410), "whoami without a key: 410, HTTP 401")
    st, o, _ = s.req("GET", "/rest/whoami", key="wrong")
    ok(st == 400 and envelope(o, 306), "a bad key: 306, HTTP 400")
    st, o, _ = s.req("GET", "/rest/whoami", key=bz.KEY_REVOKED)
    ok(st == 400 and envelope(o, 306), "a revoked key: 306")
    st, o, _ = s.req("GET", "/rest/whoami?api_key=" + K, key="wrong")
    ok(st == 200 and o["name"] == "reporter@example.com",
       "an api_key parameter takes precedence over the header, as documented")
    st, o, _ = s.req("GET", "/rest/valid_login?login=reporter@example.com",
                     key=K)
    ok(st == 200 and o == {"result": True}, "valid_login: true for the owner")
    st, o, _ = s.req("GET", "/rest/valid_login?login=other@example.com", key=K)
    ok(st == 200 and o == {"result": False}, "valid_login: false for another")
    st, o, _ = s.req("GET", "/rest/valid_login", key=K)
    ok(st == 400 and envelope(o, 50), "valid_login without login: 50")
    st, o, _ = s.req("GET", "/rest/nosuch")
    ok(st == 404 and envelope(o, 32614), "an unknown resource: 32614, 404")

    st, o, _ = s.req("GET", "/rest/product?names=ACPI&names=File%20System")
    names = [p["name"] for p in o["products"]]
    acpi = o["products"][0]
    comps = [c["name"] for c in acpi["components"]]
    ok(st == 200 and names == ["ACPI", "File System"]
       and "Power-Sleep-Wake" in comps and "Other" in comps
       and all("is_active" in c for c in acpi["components"])
       and [v["name"] for v in acpi["versions"]] == ["2.5", "unspecified"],
       "GET /rest/product?names=: components and versions", o)
    st, o, _ = s.req("GET", "/rest/product?names=NoSuchProduct")
    ok(st == 200 and o == {"products": []},
       "an unknown product is silently left out")
    st, o, _ = s.req("GET", "/rest/product/Drivers")
    ok(st == 200 and "PCI" in [c["name"] for c in
                               o["products"][0]["components"]],
       "GET /rest/product/NAME")

    st, o, _ = s.req("GET", "/rest/field/bug")
    f = {x["name"]: x for x in o["fields"]}
    ok(st == 200 and f["cf_kernel_version"]["is_custom"]
       and f["cf_kernel_version"]["type"] == 1
       and [v["name"] for v in f["cf_regression"]["values"]] == ["No", "Yes"]
       and "Linux" in [v["name"] for v in f["op_sys"]["values"]]
       and "x86-64" in [v["name"] for v in f["rep_platform"]["values"]]
       and "high" in [v["name"] for v in f["bug_severity"]["values"]]
       and not f["op_sys"]["is_custom"],
       "GET /rest/field/bug: custom fields and legal values")
    st, o, _ = s.req("GET", "/rest/field/bug?names=bug_severity")
    ok(st == 200 and len(o["fields"]) == 1, "field/bug?names=")
    st, o, _ = s.req("GET", "/rest/field/bug/cf_nosuch")
    ok(st == 404 and envelope(o, 51), "an unknown field: 51, 404")

    st, o, _ = s.req("POST", "/rest/bug", BUG)
    ok(st == 401 and envelope(o, 410), "filing needs a login: 410")
    st, o, _ = s.req("POST", "/rest/bug", BUG, key=K)
    ok(st == 200 and isinstance(o.get("id"), int), "POST /rest/bug", o)
    bid = o["id"]
    row = s.sql("SELECT product, component, version, summary, op_sys, "
                "platform, severity, creator, custom FROM bugs WHERE id = ?",
                (bid,))[0]
    ok(row[:8] == ("ACPI", "Power-Sleep-Wake", "2.5", BUG["summary"], "Linux",
                   "x86-64", "high", "reporter@example.com")
       and json.loads(row[8]) == {"cf_kernel_version": "6.12.118",
                                  "cf_regression": "No"},
       "the bug landed in the database with its fields", row)
    ok(s.sql("SELECT text FROM comments WHERE bug_id = ? AND count = 0",
             (bid,)) == [("the log",)], "the description is comment 0")

    def bad(change, code, status, desc):
        b = dict(BUG)
        for k, v in change.items():
            if v is None:
                b.pop(k, None)
            else:
                b[k] = v
        before = s.sql("SELECT COUNT(*) FROM bugs")[0][0]
        st, o, _ = s.req("POST", "/rest/bug", b, key=K)
        after = s.sql("SELECT COUNT(*) FROM bugs")[0][0]
        ok(st == status and envelope(o, code) and before == after,
           "%s: %d, HTTP %d, nothing filed" % (desc, code, status), o)

    bad({"product": None}, 106, 401, "no product")
    bad({"product": "Nope"}, 106, 401, "unknown product")
    bad({"product": "Retired"}, 106, 401, "a closed product")
    bad({"component": None}, 105, 400, "no component")
    bad({"component": "f2fs"}, 105, 400, "a component of another product")
    bad({"version": None}, 50, 400, "no version")
    bad({"version": "6.12"}, 51, 404, "a version the product lacks")
    bad({"summary": "  "}, 107, 400, "an empty summary")
    bad({"op_sys": "Windows"}, 51, 404, "an illegal op_sys")
    bad({"platform": "x86_64"}, 51, 404, "an illegal platform")
    bad({"severity": "critical"}, 51, 404, "an illegal severity")
    bad({"cf_regression": "Maybe"}, 51, 404, "an illegal custom select value")
    bad({"cf_nosuch": "x"}, 104, 400, "a custom field that does not exist")
    bad({"cc": ["nobody@nowhere"]}, 504, 401, "an unknown cc")
    st, o, _ = s.req("POST", "/rest/bug", BUG, key=K,
                     headers={"Content-Type": "application/json"})
    c = http.client.HTTPConnection("127.0.0.1", s.port, timeout=5)
    c.request("POST", "/rest/bug", body="{not json",
              headers={"X-BUGZILLA-API-KEY": K})
    r = c.getresponse()
    o = json.loads(r.read())
    ok(r.status == 400 and envelope(o, 32000), "a body that is not JSON")

    st, o, _ = s.req("GET", "/rest/bug?product=ACPI&summary=acpi_SUSPEND")
    ok(st == 200 and [b["id"] for b in o["bugs"]] == [bid, bid + 1]
       and o["bugs"][0]["summary"] == BUG["summary"]
       and o["bugs"][0]["is_open"] is True,
       "search: summary is a case-insensitive substring, product exact", o)
    st, o, _ = s.req("GET", "/rest/bug?product=ACP&summary=acpi_suspend")
    ok(st == 200 and o["bugs"] == [], "search: product is not a substring")
    st, o, _ = s.req("GET", "/rest/bug?summary=suspend%20WARNING")
    ok(st == 200 and o["bugs"] == [], "search: a summary is not split")
    st, o, _ = s.req("GET", "/rest/bug?summary=nomatch&summary=ext4:")
    ok(st == 200 and [b["id"] for b in o["bugs"]] == [3],
       "search: repeated summary matches any")
    st, o, _ = s.req("GET", "/rest/bug?id=1,3")
    ok(st == 200 and [b["id"] for b in o["bugs"]] == [1, 3], "search by id")
    st, o, _ = s.req("GET", "/rest/bug?quicksearch=xhci%20WARNING")
    ok(st == 200 and o["bugs"] == [], "quicksearch: open bugs only")
    st, o, _ = s.req("GET", "/rest/bug?quicksearch=ALL%20xhci%20WARNING")
    ok(st == 200 and [b["id"] for b in o["bugs"]] == [2],
       "quicksearch ALL: words anywhere in the summary")
    st, o, _ = s.req("GET", "/rest/bug?component=power-sleep-wake&"
                     "include_fields=id,summary")
    ok(st == 200 and o["bugs"][0] == {"id": bid, "summary": BUG["summary"]},
       "include_fields")
    st, o, _ = s.req("GET", "/rest/bug/%d" % bid)
    ok(st == 200 and o["bugs"][0]["id"] == bid and o["faults"] == []
       and o["bugs"][0]["cf_kernel_version"] == "6.12.118",
       "GET /rest/bug/ID")
    st, o, _ = s.req("GET", "/rest/bug/99999")
    ok(st == 404 and envelope(o, 101), "a bug that does not exist: 101, 404")
    st, o, _ = s.req("GET", "/rest/bug/abc")
    ok(st == 400 and envelope(o, 100), "a bad bug id: 100, 400")

    st, o, _ = s.req("POST", "/rest/bug/%d/comment" % bid,
                     {"comment": "me too"}, key=K)
    ok(st == 201 and isinstance(o.get("id"), int), "POST comment: 201")
    st, o, _ = s.req("POST", "/rest/bug/%d/comment" % bid, {"comment": " "},
                     key=K)
    ok(st == 400 and envelope(o, 50), "an empty comment: 50")
    st, o, _ = s.req("POST", "/rest/bug/99999/comment", {"comment": "x"},
                     key=K)
    ok(st == 404 and envelope(o, 101), "a comment on no bug: 101")
    st, o, _ = s.req("GET", "/rest/bug/%d/comment" % bid)
    cs = o["bugs"][str(bid)]["comments"]
    ok(st == 200 and [c["count"] for c in cs] == [0, 1]
       and cs[1]["text"] == "me too" and o["comments"] == {},
       "GET comments: keyed by bug id, counted from 0")

    blob = bytes(range(256)) * 40 + b"\n\x00end"
    att = {"ids": [bid], "data": base64.b64encode(blob).decode(),
           "file_name": "dmesg.txt", "summary": "kernel log",
           "content_type": "text/plain", "comment": "the log"}
    st, o, _ = s.req("POST", "/rest/bug/%d/attachment" % bid, att, key=K)
    ok(st == 201 and len(o.get("ids", [])) == 1, "POST attachment: 201", o)
    aid = o["ids"][0]
    ok(s.sql("SELECT data FROM attachments WHERE id = ?", (aid,))[0][0]
       == blob, "the attachment is stored decoded, byte for byte")
    st, o, _ = s.req("GET", "/rest/bug/%d/attachment" % bid)
    a = o["bugs"][str(bid)][0]
    ok(st == 200 and base64.b64decode(a["data"]) == blob
       and a["size"] == len(blob) and a["file_name"] == "dmesg.txt",
       "GET attachments: base64 data and size")
    st, o, _ = s.req("GET", "/rest/bug/attachment/%d" % aid)
    ok(st == 200 and str(aid) in o["attachments"], "GET one attachment")
    for change, code, desc in (({"data": ""}, 606, "empty data"),
                               ({"data": "!!!"}, 32000, "data not base64"),
                               ({"file_name": ""}, 603, "no file name"),
                               ({"summary": None}, 604, "no summary"),
                               ({"content_type": "text"}, 601,
                                "an invalid MIME type")):
        b = dict(att)
        b.update(change)
        b = {k: v for k, v in b.items() if v is not None}
        st, o, _ = s.req("POST", "/rest/bug/%d/attachment" % bid, b, key=K)
        ok(st == 400 and envelope(o, code), "attachment with %s: %d"
           % (desc, code), o)

    # Bug.update
    st, o, _ = s.req("PUT", "/rest/bug/%d" % bid, {"status": "NEEDINFO"})
    ok(st == 401 and envelope(o, 410), "update needs a login: 410")
    st, o, _ = s.req("PUT", "/rest/bug/%d" % bid,
                     {"ids": [1], "status": "RESOLVED", "resolution": "FIXED",
                      "comment": {"body": "done"},
                      "cc": {"add": ["other@example.com"]}}, key=K)
    got = {b["id"]: b for b in o.get("bugs", [])}
    ok(st == 200 and set(got) == {1, bid}
       and got[bid]["changes"]["status"] == {"added": "RESOLVED",
                                             "removed": "NEW"}
       and got[bid]["changes"]["cc"] == {"added": "other@example.com",
                                         "removed": ""}
       and "comment" not in got[bid]["changes"]
       and got[bid]["last_change_time"] and got[bid]["alias"] == [],
       "PUT /rest/bug/ID: path and ids combined, changes listed", o)
    ok(s.sql("SELECT status, resolution FROM bugs WHERE id = ?", (bid,))
       == [("RESOLVED", "FIXED")] and s.sql(
           "SELECT text FROM comments WHERE bug_id = ? ORDER BY count DESC "
           "LIMIT 1", (bid,)) == [("done",)], "the update landed")
    st, o, _ = s.req("PUT", "/rest/bug/%d" % bid, {"status": "REOPENED"},
                     key=K)
    ok(st == 200 and o["bugs"][0]["changes"]["resolution"]
       == {"added": "", "removed": "FIXED"},
       "reopening clears the resolution")
    for body, code, desc in (({"status": "CLOSED"}, 121,
                              "closing without a resolution"),
                             ({"resolution": "FIXED"}, 122,
                              "a resolution on an open bug"),
                             ({"status": "LIMBO"}, 51, "an unknown status"),
                             ({"cc": {"add": ["x@nowhere"]}}, 504,
                              "an unknown cc")):
        st, o, _ = s.req("PUT", "/rest/bug/%d" % bid, body, key=K)
        ok(st == bz.STATUS_MAP.get(code, 400) and envelope(o, code)
           and s.sql("SELECT status FROM bugs WHERE id = ?", (bid,))
           == [("REOPENED",)], "update with %s: %d" % (desc, code), o)

    # User.get
    st, o, _ = s.req("GET", "/rest/user?names=other@example.com")
    ok(st == 200 and o == {"users": [{"id": 2, "name": "other@example.com",
                                      "real_name": "Otto Other"}]},
       "GET /rest/user logged out: id, name, real_name only", o)
    st, o, _ = s.req("GET", "/rest/user/reporter@example.com", key=K)
    u = o["users"][0]
    ok(st == 200 and u["email"] == "reporter@example.com"
       and u["can_login"] is True and "saved_searches" in u,
       "GET /rest/user/NAME for oneself: email and more")
    st, o, _ = s.req("GET", "/rest/user?ids=2&match=rita", key=K)
    ok(st == 200 and [x["id"] for x in o["users"]] == [2, 1],
       "ids and match together")
    st, o, _ = s.req("GET", "/rest/user?match=otto")
    ok(st == 401 and envelope(o, 505), "match logged out: 505")
    st, o, _ = s.req("GET", "/rest/user?names=ghost@example.com")
    ok(st == 404 and envelope(o, 51), "an unknown login: 51")
    st, o, _ = s.req("GET", "/rest/user", key=K)
    ok(st == 400 and envelope(o, 50), "no names, ids or match: 50")

    # faults
    def fault(**kw):
        st, _, _ = s.req("POST", "/__admin/fault", kw)
        return st == 200

    fault(kind="500", path="^/version$")
    st, o, raw = s.req("GET", "/rest/version")
    st2, o2, _ = s.req("GET", "/rest/version")
    ok(st == 500 and o is None and b"Internal Server Error" in raw
       and st2 == 200, "fault 500: HTML, once")
    fault(kind="badjson", path="^/version$", times=2)
    r = [s.req("GET", "/rest/version")[1] for _ in range(3)]
    ok(r[0] is None and r[1] is None and r[2] == {"version": "5.0.6"},
       "fault badjson: not JSON, twice")
    fault(kind="slow", seconds=1.5, path="^/version$")
    t = time.time()
    st, o, _ = s.req("GET", "/rest/version")
    ok(st == 200 and time.time() - t >= 1.4, "fault slow: answers late")
    fault(kind="drop", method="POST", path="^/bug$")
    nb = s.sql("SELECT COUNT(*) FROM bugs")[0][0]
    try:
        s.req("POST", "/rest/bug", BUG, key=K)
        dropped = False
    except (http.client.HTTPException, OSError):
        dropped = True
    ok(dropped and s.sql("SELECT COUNT(*) FROM bugs")[0][0] == nb,
       "fault drop: no reply, nothing filed")
    fault(kind="lost", method="POST", path="^/bug$")
    try:
        s.req("POST", "/rest/bug", BUG, key=K)
        dropped = False
    except (http.client.HTTPException, OSError):
        dropped = True
    ok(dropped and s.sql("SELECT COUNT(*) FROM bugs")[0][0] == nb + 1,
       "fault lost: the bug is filed but no reply comes")
    fault(kind="error", code=32000, status=503, path="^/whoami$")
    st, o, _ = s.req("GET", "/rest/whoami", key=K)
    ok(st == 503 and envelope(o, 32000), "fault error: a chosen envelope")
    fault(kind="500", times=0, path="^/version$")
    r = [s.req("GET", "/rest/version")[0] for _ in range(3)]
    s.req("POST", "/__admin/reset", {})
    ok(r == [500, 500, 500] and s.req("GET", "/rest/version")[0] == 200,
       "times 0: every time until reset")
    s.req("GET", "/rest/whoami", key=K)
    st, o, _ = s.req("GET", "/__admin/requests")
    ok(st == 200 and o["requests"][-1]["path"] == "/rest/whoami"
       and o["requests"][-1]["headers"].get("X-BUGZILLA-API-KEY") == K,
       "the request log records what came in")
finally:
    s.stop()

s = Server("--no-whoami", "--no-custom-fields", "--bz-version", "5.0.4")
try:
    st, o, _ = s.req("GET", "/rest/whoami", key=K)
    ok(st == 404 and envelope(o, 32614), "--no-whoami: like Bugzilla 5.0")
    st, o, _ = s.req("GET", "/rest/field/bug")
    ok(not [f for f in o["fields"] if f["is_custom"]],
       "--no-custom-fields: none")
    b = dict(BUG)
    st, o, _ = s.req("POST", "/rest/bug", b, key=K)
    ok(st == 400 and envelope(o, 104), "and filing one is refused")
    for k in ("cf_kernel_version", "cf_regression"):
        b.pop(k)
    st, o, _ = s.req("POST", "/rest/bug", b, key=K)
    ok(st == 200 and o["id"] == 4, "without them it files")
finally:
    s.stop()

print("1..%d" % n)
sys.exit(1 if failed else 0)
