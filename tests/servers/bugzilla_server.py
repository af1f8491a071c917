#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A Bugzilla 5 REST server for kbug's tests: stdlib http.server and sqlite3.

It follows the Bugzilla project's WebService documentation
(docs/en/rst/api/core/v1/*.rst) and Bugzilla/WebService/Constants.pm for
paths (/rest/... and /rest.cgi/...), field names, reply shapes, the error
envelope {"error": true, "code": N, "message": ..., "documentation": ...},
error codes and the HTTP status each code maps to (REST_STATUS_CODE_MAP).
Everything it knows lives in one SQLite file that tests read to assert
what landed: products, components, versions, fields and their legal
values, users and API keys, bugs, comments and attachments (decoded,
stored as blobs). Served: version, whoami, valid_login, User.get
(/user), Product.get, the bug fields, Bug.search/get/create/update
(PUT /bug/ID), comments and attachments (get and add).

    bugzilla_server.py DB [--port N] [--port-file F] [--bz-version 5.0.6]
                          [--no-whoami] [--no-custom-fields]
                          [--max-attachment-kb N]

It listens on 127.0.0.1 only, prints the port on stdout (and writes it
to --port-file), and serves until killed. A fresh DB is seeded with
products and components like bugzilla.kernel.org's and these users:

    reporter@example.com  key KEY_REPORTER (below)
    other@example.com     key KEY_OTHER
    revoked@example.com   key KEY_REVOKED (revoked: code 306)

Fault injection, for tests only (not part of Bugzilla), under /__admin/:

    POST /__admin/fault  {"method": "POST", "path": "^/rest/bug$",
                          "kind": "500" | "slow" | "drop" | "badjson" |
                                  "lost" | "error",
                          "seconds": 3, "times": 1,
                          "code": 32000, "status": 500, "message": "..."}
        500      HTTP 500 with an HTML body, nothing done
        slow     sleep `seconds`, then answer normally
        drop     read the request, close the connection, nothing done
        badjson  HTTP 200 with a body that is not JSON, nothing done
        lost     do the request (the bug is filed), then close the
                 connection before any reply
        error    a Bugzilla error envelope with `code`/`status`/`message`
        `times` is how many matching requests it hits (default 1; 0 means
        every one until reset). `path` is a regular expression matched
        against the path without /rest or /rest.cgi and without the query.
    POST /__admin/reset     drop all faults and the request log
    GET  /__admin/requests  {"requests": [{"method", "path", "query",
                             "headers": {...}, "body_len"}]}: what came in
"""

import argparse
import base64
import binascii
import json
import os
import re
import socket
import sqlite3
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KEY_REPORTER = "kbugTESTkey0reporter0123456789abcdefghij"
KEY_OTHER = "kbugTESTkey0other000123456789abcdefghijk"
KEY_REVOKED = "kbugTESTkey0revoked0123456789abcdefghij0"
DOC_URL = "https://bugzilla.readthedocs.io/en/5.0/api/"

# Bugzilla/WebService/Constants.pm: REST_STATUS_CODE_MAP, default 400.
STATUS_MAP = {51: 404, 101: 404, 102: 401, 106: 401, 109: 401, 110: 401,
              113: 401, 115: 401, 120: 401, 300: 401, 301: 401, 302: 401,
              303: 401, 304: 401, 410: 401, 504: 401, 505: 401, 32614: 404}

# bugzilla.kernel.org-like products: name -> (description, components).
PRODUCTS = [
    ("ACPI", "ACPI subsystem", [
        "ACPICA-Core", "BIOS", "Config-Hotplug", "Config-Interrupts",
        "Config-Other", "Config-Processors", "Config-Tables", "EC", "Other",
        "Platform_x86", "Power-Battery", "Power-Fan", "Power-Off",
        "Power-Processor", "Power-Sleep-Wake", "Power-Thermal",
        "Power-Video"]),
    ("Drivers", "Device drivers", [
        "Bluetooth", "Console/Framebuffer", "Input Devices", "Network",
        "Network-Wireless", "Other", "PCI", "Platform_x86", "Sound(ALSA)",
        "USB", "Video(DRI - Intel)", "Video(DRI - non Intel)",
        "Video(Other)"]),
    ("Power Management", "Power management", [
        "cpufreq", "cpuidle", "Hibernation/Suspend", "Other",
        "Run-Time-PM", "Thermal"]),
    ("File System", "File systems", [
        "btrfs", "ext2", "ext3", "ext4", "f2fs", "gfs2", "NFS", "Other",
        "VFS", "XFS"]),
    ("Memory Management", "Memory management", [
        "Other", "Page Allocator", "Sanitizers", "Slab Allocator"]),
    ("Tools", "Tools in the kernel tree", [
        "Other", "perf", "pm-graph", "Sparse"]),
    ("Networking", "Networking", ["IPV4", "IPV6", "Netfilter/Iptables",
                                  "Other"]),
    ("Platform Specific/Hardware", "Architecture code", [
        "ARM", "i386", "Other", "PPC-64", "x86-64"]),
    ("Timers", "Timers", ["Other", "Realtime Clock"]),
    ("Other", "Everything else", ["Other"]),
    ("Retired", "Not taking new bugs", ["Other"]),
]
VERSIONS = ["2.5", "unspecified"]
SELECT_FIELDS = {
    # internal field name -> (display name, legal values)
    "op_sys": ("OS/Version", ["Linux", "All", "Other"]),
    "rep_platform": ("Hardware", ["All", "Intel", "AMD", "ARM", "IA-64",
                                  "PPC-64", "x86-64", "i386", "Other"]),
    "bug_severity": ("Severity", ["blocking", "high", "normal", "low",
                                  "enhancement"]),
    "priority": ("Priority", ["P1", "P2", "P3", "P4", "P5"]),
    "bug_status": ("Status", ["NEW", "ASSIGNED", "REOPENED", "NEEDINFO",
                              "RESOLVED", "VERIFIED", "CLOSED"]),
    "resolution": ("Resolution", ["", "FIXED", "INVALID", "WONTFIX",
                                  "DUPLICATE", "WORKSFORME", "OBSOLETE",
                                  "CODE_FIX", "PATCH_ALREADY_AVAILABLE"]),
}
CLOSED = {"RESOLVED", "VERIFIED", "CLOSED"}
# (name, display name, type, legal values): kernel.org's custom fields
CUSTOM_FIELDS = [
    ("cf_kernel_version", "Kernel Version", 1, []),
    ("cf_regression", "Regression", 2, ["No", "Yes"]),
    ("cf_tree", "Tree", 2, ["Mainline", "Fedora", "Ubuntu", "OpenSUSE",
                            "Debian", "Other"]),
]
# create-time parameter -> internal select field
CREATE_SELECTS = {"op_sys": "op_sys", "platform": "rep_platform",
                  "rep_platform": "rep_platform", "severity": "bug_severity",
                  "priority": "priority"}
DEFAULTS = {"op_sys": "Linux", "rep_platform": "All",
            "bug_severity": "normal", "priority": "P3"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, login TEXT UNIQUE,
    real_name TEXT, api_key TEXT UNIQUE, revoked INTEGER DEFAULT 0);
CREATE TABLE IF NOT EXISTS products (id INTEGER PRIMARY KEY, name TEXT UNIQUE,
    description TEXT, is_active INTEGER DEFAULT 1);
CREATE TABLE IF NOT EXISTS components (id INTEGER PRIMARY KEY,
    product_id INTEGER, name TEXT, description TEXT, is_active INTEGER DEFAULT 1,
    default_assignee TEXT);
CREATE TABLE IF NOT EXISTS versions (id INTEGER PRIMARY KEY,
    product_id INTEGER, name TEXT, is_active INTEGER DEFAULT 1);
CREATE TABLE IF NOT EXISTS fields (id INTEGER PRIMARY KEY, name TEXT UNIQUE,
    display_name TEXT, type INTEGER, is_custom INTEGER, is_mandatory INTEGER
    DEFAULT 0, is_on_bug_entry INTEGER DEFAULT 0);
CREATE TABLE IF NOT EXISTS field_values (id INTEGER PRIMARY KEY,
    field_id INTEGER, name TEXT, sortkey INTEGER);
CREATE TABLE IF NOT EXISTS bugs (id INTEGER PRIMARY KEY, product TEXT,
    component TEXT, version TEXT, summary TEXT, status TEXT, resolution TEXT,
    op_sys TEXT, platform TEXT, severity TEXT, priority TEXT, creator TEXT,
    assigned_to TEXT, creation_time TEXT, last_change_time TEXT,
    custom TEXT DEFAULT '{}');
CREATE TABLE IF NOT EXISTS bug_cc (bug_id INTEGER, login TEXT);
CREATE TABLE IF NOT EXISTS comments (id INTEGER PRIMARY KEY, bug_id INTEGER,
    count INTEGER, creator TEXT, text TEXT, is_private INTEGER DEFAULT 0,
    attachment_id INTEGER, creation_time TEXT);
CREATE TABLE IF NOT EXISTS attachments (id INTEGER PRIMARY KEY,
    bug_id INTEGER, file_name TEXT, summary TEXT, content_type TEXT,
    is_patch INTEGER DEFAULT 0, is_private INTEGER DEFAULT 0, creator TEXT,
    data BLOB, creation_time TEXT);
"""


class BzError(Exception):
    """A Bugzilla WebService error: code, message, HTTP status from the map."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = STATUS_MAP.get(code, 400)


def now():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Store:
    def __init__(self, path, custom_fields=True):
        self.lock = threading.RLock()
        self.db = sqlite3.connect(path, check_same_thread=False,
                                  isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)
        if not self.db.execute("SELECT 1 FROM products").fetchone():
            self.seed(custom_fields)

    def seed(self, custom_fields):
        q = self.db.execute
        q("BEGIN")
        for login, name, key, revoked in (
                ("reporter@example.com", "Rita Reporter", KEY_REPORTER, 0),
                ("other@example.com", "Otto Other", KEY_OTHER, 0),
                ("revoked@example.com", "Rob Revoked", KEY_REVOKED, 1),
                ("acpi_acpica-core@kernel-bugs.osdl.org", "acpi", None, 0),
                ("drivers_pci@kernel-bugs.osdl.org", "pci", None, 0)):
            q("INSERT INTO users (login, real_name, api_key, revoked) "
              "VALUES (?,?,?,?)", (login, name, key, revoked))
        for pname, desc, comps in PRODUCTS:
            pid = q("INSERT INTO products (name, description, is_active) "
                    "VALUES (?,?,?)", (pname, desc, pname != "Retired")
                    ).lastrowid
            for c in comps:
                owner = "%s_%s@kernel-bugs.osdl.org" % (
                    re.sub(r"\W+", "-", pname.lower()),
                    re.sub(r"\W+", "-", c.lower()))
                q("INSERT INTO components (product_id, name, description, "
                  "default_assignee) VALUES (?,?,?,?)",
                  (pid, c, "%s in %s" % (c, pname), owner))
            for v in VERSIONS:
                q("INSERT INTO versions (product_id, name) VALUES (?,?)",
                  (pid, v))
        std = [("product", "Product", 2), ("component", "Component", 2),
               ("version", "Version", 2), ("short_desc", "Summary", 1),
               ("longdesc", "Comment", 4), ("cc", "CC", 0)]
        for name, disp, typ in std:
            q("INSERT INTO fields (name, display_name, type, is_custom) "
              "VALUES (?,?,?,0)", (name, disp, typ))
        for name, (disp, values) in SELECT_FIELDS.items():
            fid = q("INSERT INTO fields (name, display_name, type, is_custom)"
                    " VALUES (?,?,2,0)", (name, disp)).lastrowid
            for i, v in enumerate(values):
                q("INSERT INTO field_values (field_id, name, sortkey) "
                  "VALUES (?,?,?)", (fid, v, (i + 1) * 100))
        if custom_fields:
            for name, disp, typ, values in CUSTOM_FIELDS:
                fid = q("INSERT INTO fields (name, display_name, type, "
                        "is_custom, is_on_bug_entry) VALUES (?,?,?,1,1)",
                        (name, disp, typ)).lastrowid
                for i, v in enumerate(values):
                    q("INSERT INTO field_values (field_id, name, sortkey) "
                      "VALUES (?,?,?)", (fid, v, (i + 1) * 100))
        # A few bugs that are already there, as on any real Bugzilla.
        t = "2024-01-15T10:00:00Z"
        for prod, comp, summ, status in (
                ("ACPI", "Power-Battery", "battery status not updated after "
                 "resume", "NEW"),
                ("Drivers", "USB", "xhci_hcd: WARNING in xhci_ring_ep_doorbell",
                 "RESOLVED"),
                ("File System", "ext4", "ext4: kernel BUG at fs/ext4/inode.c",
                 "NEW")):
            bid = q("INSERT INTO bugs (product, component, version, summary, "
                    "status, resolution, op_sys, platform, severity, priority,"
                    " creator, assigned_to, creation_time, last_change_time) "
                    "VALUES (?,?,'2.5',?,?,?,'Linux','All','normal','P3',"
                    "'other@example.com','nobody@kernel.org',?,?)",
                    (prod, comp, summ, status,
                     "FIXED" if status in CLOSED else "", t, t)).lastrowid
            q("INSERT INTO comments (bug_id, count, creator, text, "
              "creation_time) VALUES (?,0,'other@example.com',?,?)",
              (bid, "Seen on my machine.", t))
        q("COMMIT")

    def q(self, sql, args=()):
        return self.db.execute(sql, args)


class Faults:
    def __init__(self):
        self.lock = threading.Lock()
        self.rules = []
        self.log = []

    def add(self, rule):
        rule.setdefault("times", 1)
        rule["re"] = re.compile(rule.get("path", ".*"))
        with self.lock:
            self.rules.append(rule)

    def reset(self):
        with self.lock:
            self.rules = []
            self.log = []

    def take(self, method, path):
        with self.lock:
            for r in self.rules:
                if r.get("method") and r["method"] != method:
                    continue
                if not r["re"].search(path):
                    continue
                if r["times"] == 1:
                    self.rules.remove(r)
                elif r["times"] > 1:
                    r["times"] -= 1
                return r
        return None


def multi(qs, name):
    """A query parameter as a list: repeated, or comma-separated for ids."""
    vals = qs.get(name, [])
    return [v for v in vals if v != ""]


class Api:
    """The WebService methods, over a Store. Raise BzError on failure."""

    def __init__(self, store, opts):
        self.s = store
        self.o = opts

    # ---- authentication ---------------------------------------------------

    def login(self, headers, qs, body):
        """The logged-in user row or None; BzError 306 on a bad key."""
        key = None
        for src in (qs, body):
            for name in ("Bugzilla_api_key", "api_key"):
                v = src.get(name)
                if isinstance(v, list):
                    v = v[0] if v else None
                if v:
                    key = v
        if key is None:
            key = headers.get("X-BUGZILLA-API-KEY")
        if key is None:
            return None
        row = self.s.q("SELECT * FROM users WHERE api_key = ?",
                       (key,)).fetchone()
        if not row or row["revoked"]:
            raise BzError(306, "The API key you specified is invalid. Please "
                          "check that you typed it correctly.")
        return row

    def user_row(self, login, code=504):
        """The user named login, or BzError code (504 for a cc or an
        assignee, 51 for User.get: Bugzilla's error codes for each)."""
        r = self.s.q("SELECT * FROM users WHERE login = ?",
                     (login,)).fetchone()
        if not r:
            raise BzError(code, "There is no user named '%s'. Either you "
                          "mis-typed the name or that user has not yet "
                          "registered for a Bugzilla account." % login)
        return r

    @staticmethod
    def need_login(user):
        if user is None:
            raise BzError(410, "You must log in before using this part of "
                          "Bugzilla.")

    # ---- Bugzilla, User ---------------------------------------------------

    def version(self, user, qs, body):
        return 200, {"version": self.o.bz_version}

    def whoami(self, user, qs, body):
        self.need_login(user)
        return 200, {"id": user["id"], "name": user["login"],
                     "real_name": user["real_name"]}

    def valid_login(self, user, qs, body):
        login = (qs.get("login") or [None])[0]
        if not login:
            raise BzError(50, "The function User.valid_login requires a login"
                          " argument, and that argument was not set.")
        return 200, {"result": bool(user and user["login"] == login)}


    def user_obj(self, row, user):
        """User.get: logged out, id/name/real_name; logged in, also
        can_login and groups (the server has no groups); the owner also
        sees email, email_enabled, login_denied_text and saved searches."""
        o = {"id": row["id"], "name": row["login"],
             "real_name": row["real_name"] or ""}
        if user is not None:
            o["can_login"] = not row["revoked"]
            o["groups"] = []
        if user is not None and user["id"] == row["id"]:
            o.update({"email": row["login"], "email_enabled": True,
                      "login_denied_text": "", "saved_searches": [],
                      "saved_reports": []})
        return o

    def get_users(self, user, qs, body, id_or_name=None):
        names = multi(qs, "names") + multi(qs, "name")
        ids = multi(qs, "ids")
        match = multi(qs, "match")
        if id_or_name is not None:
            (ids if id_or_name.isdigit() else names).append(id_or_name)
        if not names and not ids and not match:
            raise BzError(50, "The function User.get requires a names, ids "
                          "or match argument, and that argument was not set.")
        if (ids or match) and user is None:
            raise BzError(505, "Logged-out users cannot use the \"ids\" or "
                          "\"match\" arguments to this function to access "
                          "any user accounts.")
        rows = []
        for n in names:
            rows.append(self.user_row(n, 51))
        for i in ids:
            if not i.isdigit() or int(i) <= 0:
                raise BzError(52, "Invalid parameter passed to User.get: "
                              "'%s' must be an integer greater than zero."
                              % i)
            r = self.s.q("SELECT * FROM users WHERE id = ?",
                         (int(i),)).fetchone()
            if not r:
                raise BzError(304, "You are not authorized to access the "
                              "user with the id '%s'." % i)
            rows.append(r)
        lim = (qs.get("limit") or ["0"])[0]
        if not lim.isdigit():
            raise BzError(52, "Invalid parameter passed to User.get: the "
                          "limit must be an integer greater than zero.")
        for m in match:
            # "user matching": the login or the real name contains it;
            # disabled accounts only when the login is the whole string.
            sql = ("SELECT * FROM users WHERE (instr(lower(login), lower(?))"
                   " > 0 OR instr(lower(real_name), lower(?)) > 0) AND "
                   "(revoked = 0 OR lower(login) = lower(?)) ORDER BY id")
            found = self.s.q(sql, (m, m, m)).fetchall()
            rows += found[:int(lim)] if int(lim) else found
        seen, out = set(), []
        for r in rows:
            if r["id"] not in seen:
                seen.add(r["id"])
                out.append(self.user_obj(r, user))
        return 200, {"users": self.filter_fields(out, qs)}

    # ---- Product, Field ---------------------------------------------------

    def product_obj(self, p):
        comps = self.s.q("SELECT * FROM components WHERE product_id = ? "
                         "ORDER BY name COLLATE NOCASE", (p["id"],)).fetchall()
        vers = self.s.q("SELECT * FROM versions WHERE product_id = ? "
                        "ORDER BY name", (p["id"],)).fetchall()
        return {
            "id": p["id"], "name": p["name"], "description": p["description"],
            "is_active": bool(p["is_active"]), "classification": "Unclassified",
            "default_milestone": "---", "has_unconfirmed": False,
            "components": [{
                "id": c["id"], "name": c["name"], "description":
                c["description"], "is_active": bool(c["is_active"]),
                "default_assigned_to": c["default_assignee"],
                "default_qa_contact": "", "sort_key": 0,
                "flag_types": {"bug": [], "attachment": []}} for c in comps],
            "versions": [{"id": v["id"], "name": v["name"], "sort_key": 0,
                          "is_active": bool(v["is_active"])} for v in vers],
            "milestones": [{"id": 1, "name": "---", "sort_key": 0,
                            "is_active": True}],
        }

    def product(self, user, qs, body, id_or_name=None):
        names = multi(qs, "names")
        ids = multi(qs, "ids")
        if id_or_name is not None:
            (ids if id_or_name.isdigit() else names).append(id_or_name)
        rows = []
        if not names and not ids:
            rows = self.s.q("SELECT * FROM products ORDER BY id").fetchall()
        for n in names:
            rows += self.s.q("SELECT * FROM products WHERE name = ? COLLATE "
                             "NOCASE", (n,)).fetchall()
        for i in ids:
            if i.isdigit():
                rows += self.s.q("SELECT * FROM products WHERE id = ?",
                                 (int(i),)).fetchall()
        seen, out = set(), []
        for r in rows:
            if r["id"] not in seen:
                seen.add(r["id"])
                out.append(self.product_obj(r))
        # Unknown or inaccessible products are silently left out.
        return 200, {"products": out}

    def product_ids(self, user, qs, body):
        rows = self.s.q("SELECT id FROM products ORDER BY id").fetchall()
        return 200, {"ids": [str(r["id"]) for r in rows]}

    def field_obj(self, f):
        values = []
        if f["name"] == "component":
            for c in self.s.q("SELECT c.name, p.name AS p FROM components c "
                              "JOIN products p ON p.id = c.product_id"):
                values.append({"name": c["name"], "sort_key": 0,
                               "sortkey": 0, "visibility_values": [c["p"]],
                               "is_active": True})
        elif f["name"] == "version":
            for v in self.s.q("SELECT v.name, p.name AS p FROM versions v "
                              "JOIN products p ON p.id = v.product_id"):
                values.append({"name": v["name"], "sort_key": 0,
                               "sortkey": 0, "visibility_values": [v["p"]],
                               "is_active": True})
        else:
            for v in self.s.q("SELECT * FROM field_values WHERE field_id = ? "
                              "ORDER BY sortkey", (f["id"],)):
                val = {"name": v["name"], "sort_key": v["sortkey"],
                       "sortkey": v["sortkey"], "visibility_values": []}
                if f["name"] == "bug_status":
                    val["is_open"] = v["name"] not in CLOSED
                values.append(val)
        return {"id": f["id"], "name": f["name"],
                "display_name": f["display_name"], "type": f["type"],
                "is_custom": bool(f["is_custom"]),
                "is_mandatory": bool(f["is_mandatory"]),
                "is_on_bug_entry": bool(f["is_on_bug_entry"]),
                "visibility_field": None, "visibility_values": [],
                "value_field": "product" if f["name"] in ("component",
                                                          "version") else None,
                "values": values}

    def fields(self, user, qs, body, id_or_name=None):
        names = multi(qs, "names")
        ids = multi(qs, "ids")
        if id_or_name is not None:
            (ids if id_or_name.isdigit() else names).append(id_or_name)
        if not names and not ids:
            rows = self.s.q("SELECT * FROM fields ORDER BY id").fetchall()
        else:
            rows = []
            for n in names:
                r = self.s.q("SELECT * FROM fields WHERE name = ?",
                             (n,)).fetchone()
                if not r:
                    raise BzError(51, "There is no field named '%s'." % n)
                rows.append(r)
            for i in ids:
                r = self.s.q("SELECT * FROM fields WHERE id = ?",
                             (int(i) if i.isdigit() else -1,)).fetchone()
                if not r:
                    raise BzError(51, "There is no field with the id '%s'."
                                  % i)
                rows.append(r)
        return 200, {"fields": [self.field_obj(r) for r in rows]}

    # ---- Bug --------------------------------------------------------------

    def custom_fields(self):
        return {r["name"]: r for r in self.s.q(
            "SELECT * FROM fields WHERE is_custom = 1")}

    def bug_obj(self, b):
        cc = [r["login"] for r in self.s.q(
            "SELECT login FROM bug_cc WHERE bug_id = ?", (b["id"],))]
        ncomments = self.s.q("SELECT COUNT(*) FROM comments WHERE bug_id = ?",
                             (b["id"],)).fetchone()[0]
        o = {
            "id": b["id"], "product": b["product"], "component": b["component"],
            "version": b["version"], "summary": b["summary"],
            "status": b["status"], "resolution": b["resolution"],
            "is_open": b["status"] not in CLOSED, "op_sys": b["op_sys"],
            "platform": b["platform"], "severity": b["severity"],
            "priority": b["priority"], "creator": b["creator"],
            "assigned_to": b["assigned_to"], "cc": cc,
            "creation_time": b["creation_time"],
            "last_change_time": b["last_change_time"], "alias": [],
            "blocks": [], "depends_on": [], "dupe_of": None, "duplicates": [],
            "keywords": [], "groups": [], "see_also": [], "flags": [],
            "classification": "Unclassified", "url": "", "whiteboard": "",
            "target_milestone": "---", "qa_contact": "", "is_confirmed": True,
            "is_cc_accessible": True, "is_creator_accessible": True,
            "deadline": None, "comment_count": ncomments,
        }
        custom = json.loads(b["custom"] or "{}")
        for name, f in self.custom_fields().items():
            o[name] = custom.get(name, "---" if f["type"] == 2 else "")
        return o

    @staticmethod
    def filter_fields(objs, qs):
        inc = [f for v in qs.get("include_fields", []) for f in v.split(",")
               if f]
        exc = [f for v in qs.get("exclude_fields", []) for f in v.split(",")
               if f]
        if inc and "_all" not in inc and "_default" not in inc:
            objs = [{k: v for k, v in o.items() if k in inc} for o in objs]
        if exc:
            objs = [{k: v for k, v in o.items() if k not in exc} for o in objs]
        return objs

    def find_bug(self, ident):
        if not re.fullmatch(r"[0-9]+", ident or ""):
            raise BzError(100, "'%s' is not a valid bug number nor an alias "
                          "to a bug." % ident)
        b = self.s.q("SELECT * FROM bugs WHERE id = ?",
                     (int(ident),)).fetchone()
        if not b:
            raise BzError(101, "Bug #%s does not exist." % ident)
        return b

    def get_bug(self, user, qs, body, ident):
        b = self.find_bug(ident)
        return 200, {"bugs": self.filter_fields([self.bug_obj(b)], qs),
                     "faults": []}

    def search(self, user, qs, body):
        where, args = [], []
        exact = {"product": "product", "component": "component",
                 "version": "version", "status": "status",
                 "resolution": "resolution", "creator": "creator",
                 "reporter": "creator", "op_sys": "op_sys",
                 "platform": "platform", "severity": "severity",
                 "priority": "priority", "assigned_to": "assigned_to"}
        # Bug.search maps the API's names to the database's
        # (Bugzilla::Bug::map_fields); the database's names work too.
        internal = {"bug_status": "status", "rep_platform": "platform",
                    "bug_severity": "severity", "short_desc": "summary"}
        qs = dict(qs)
        for db_name, api_name in internal.items():
            if db_name in qs:
                qs[api_name] = qs.get(api_name, []) + qs.pop(db_name)
        for param, col in exact.items():
            vals = qs.get(param, [])
            if vals:
                where.append("(" + " OR ".join(
                    "%s = ? COLLATE NOCASE" % col for _ in vals) + ")")
                args += vals
        ids = [i for v in qs.get("id", []) for i in v.split(",") if i]
        if ids:
            if not all(i.strip().isdigit() for i in ids):
                raise BzError(52, "Invalid bug id in the 'id' argument.")
            where.append("id IN (%s)" % ",".join("?" * len(ids)))
            args += [int(i) for i in ids]
        summ = multi(qs, "summary")
        if summ:
            # Bugzilla: substrings, not split on spaces; any of the values.
            where.append("(" + " OR ".join(
                "instr(lower(summary), lower(?)) > 0" for _ in summ) + ")")
            args += summ
        for qtext in qs.get("quicksearch", []):
            words = qtext.split()
            open_only = True
            if words and words[0].upper() in ("ALL", "OPEN"):
                open_only = words.pop(0).upper() == "OPEN"
            if open_only:
                where.append("status NOT IN (%s)" % ",".join(
                    "'%s'" % s for s in sorted(CLOSED)))
            if len(words) == 1 and words[0].isdigit():
                where.append("id = ?")
                args.append(int(words[0]))
                continue
            for w in words:
                where.append("instr(lower(summary), lower(?)) > 0")
                args.append(w.strip('"'))
        sql = "SELECT * FROM bugs"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id"
        limit = (qs.get("limit") or ["0"])[0]
        offset = (qs.get("offset") or ["0"])[0]
        if not limit.isdigit() or not offset.isdigit():
            raise BzError(52, "Invalid limit or offset: they must be "
                          "integers.")
        lim = int(limit) or 10000
        sql += " LIMIT %d OFFSET %d" % (min(lim, 10000), int(offset))
        rows = self.s.q(sql, args).fetchall()
        if (qs.get("count_only") or [""])[0] in ("1", "true"):
            return 200, {"bug_count": len(rows)}
        return 200, {"bugs": self.filter_fields(
            [self.bug_obj(b) for b in rows], qs)}

    def check_select(self, field, value, what):
        fid = self.s.q("SELECT id FROM fields WHERE name = ?",
                       (field,)).fetchone()
        ok = fid and self.s.q("SELECT 1 FROM field_values WHERE field_id = ? "
                              "AND name = ?", (fid[0], value)).fetchone()
        if not ok:
            raise BzError(51, "There is no %s named '%s'." % (what, value))

    def create_bug(self, user, qs, body):
        self.need_login(user)
        if not isinstance(body, dict):
            raise BzError(32000, "The request body must be a JSON object.")

        def text(name):
            v = body.get(name)
            if v is None:
                return ""
            if not isinstance(v, (str, int, float)):
                raise BzError(104, "The '%s' field must be a string." % name)
            return str(v).strip()

        pname = text("product")
        if not pname:
            raise BzError(106, "You must select/enter a product.")
        prod = self.s.q("SELECT * FROM products WHERE name = ?",
                        (pname,)).fetchone()
        if not prod or not prod["is_active"]:
            raise BzError(106, "Sorry, either the product '%s' does not exist "
                          "or you aren't authorized to enter a bug into it."
                          % pname)
        cname = text("component")
        if not cname:
            raise BzError(105, "You must select/enter a component.")
        comp = self.s.q("SELECT * FROM components WHERE product_id = ? AND "
                        "name = ?", (prod["id"], cname)).fetchone()
        if not comp or not comp["is_active"]:
            raise BzError(105, "There is no component named '%s' in the '%s' "
                          "product." % (cname, pname))
        version = text("version")
        if not version:
            raise BzError(50, "You must select/enter a version.")
        if not self.s.q("SELECT 1 FROM versions WHERE product_id = ? AND "
                        "name = ? AND is_active = 1",
                        (prod["id"], version)).fetchone():
            raise BzError(51, "There is no version named '%s' in the '%s' "
                          "product." % (version, pname))
        summary = text("summary")
        if not summary:
            raise BzError(107, "You must enter a summary for this bug.")
        if len(summary) > 255:
            raise BzError(104, "The text you entered in the Summary field is "
                          "too long (%d characters, above the maximum length "
                          "allowed of 255 characters)." % len(summary))
        vals = dict(DEFAULTS)
        names = {"op_sys": "Operating System", "rep_platform": "Hardware",
                 "bug_severity": "Severity", "priority": "Priority"}
        for param, field in CREATE_SELECTS.items():
            if param in body:
                v = text(param)
                self.check_select(field, v, names[field])
                vals[field] = v
        customs = self.custom_fields()
        custom = {}
        for k in body:
            if not k.startswith("cf_"):
                continue
            f = customs.get(k)
            if not f:
                raise BzError(104, "There is no field named '%s'." % k)
            v = text(k)
            if f["type"] == 2 and v in ("", "---"):
                continue            # unset: the field's default
            if f["type"] == 2:
                self.check_select(k, v, f["display_name"])
            elif len(v) > 255:
                raise BzError(104, "The text you entered in the %s field is "
                              "too long." % f["display_name"])
            custom[k] = v
        for name, f in customs.items():
            if f["is_mandatory"] and not custom.get(name):
                # Bugzilla::Bug::_check_field_is_mandatory: 'required_field'
                # is no WebService error, so it is the transient 32000.
                raise BzError(32000, "A value must be set for the '%s' field."
                              % f["display_name"])
        cc = body.get("cc") or []
        if isinstance(cc, str):
            cc = [cc]
        for login in cc:
            self.user_row(login)
        desc = body.get("description") or ""
        if not isinstance(desc, str):
            raise BzError(104, "The 'description' field must be a string.")
        if len(desc) > 65535:
            raise BzError(114, "The text you entered in the Description field"
                          " is too long.")
        t = now()
        self.s.q("BEGIN")
        bid = self.s.q(
            "INSERT INTO bugs (product, component, version, summary, status, "
            "resolution, op_sys, platform, severity, priority, creator, "
            "assigned_to, creation_time, last_change_time, custom) VALUES "
            "(?,?,?,?,'NEW','',?,?,?,?,?,?,?,?,?)",
            (prod["name"], comp["name"], version, summary, vals["op_sys"],
             vals["rep_platform"], vals["bug_severity"], vals["priority"],
             user["login"], comp["default_assignee"], t, t,
             json.dumps(custom))).lastrowid
        for login in cc:
            self.s.q("INSERT INTO bug_cc VALUES (?,?)", (bid, login))
        self.s.q("INSERT INTO comments (bug_id, count, creator, text, "
                 "creation_time) VALUES (?,0,?,?,?)",
                 (bid, user["login"], desc, t))
        self.s.q("COMMIT")
        # Bugzilla 5.0's REST resource for POST /bug says status_code where
        # the others say success_code, so a created bug answers 200, not 201.
        return 200, {"id": bid}


    # Bug.update: fields set directly (name in the request -> column,
    # select field checked against its legal values or None).
    UPDATE_TEXT = {"summary": ("summary", None),
                   "op_sys": ("op_sys", "op_sys"),
                   "platform": ("platform", "rep_platform"),
                   "severity": ("severity", "bug_severity"),
                   "priority": ("priority", "priority")}

    def update_bug(self, user, qs, body, ident):
        """PUT /rest/bug/ID: the bugs of the path and of `ids`, each changed
        in one transaction; `changes` lists what really changed (comments
        are not tracked there, as documented)."""
        self.need_login(user)
        if not isinstance(body, dict):
            raise BzError(32000, "The request body must be a JSON object.")
        extra = body.get("ids") or []
        if not isinstance(extra, list):
            extra = [extra]
        bugs = [self.find_bug(i) for i in dict.fromkeys(
            [ident] + [str(i) for i in extra])]
        comment = body.get("comment")
        if isinstance(comment, dict):
            comment = comment.get("body", comment.get("comment"))
        if comment is not None and not isinstance(comment, str):
            raise BzError(32000, "The comment must be a string.")
        if comment and len(comment) > 65535:
            raise BzError(114, "The text you entered in the Comment field is "
                          "too long.")
        cc = body.get("cc") or {}
        if not isinstance(cc, dict):
            raise BzError(32000, "The cc parameter must be an object with "
                          "add and remove.")
        for login in (cc.get("add") or []) + (cc.get("remove") or []):
            self.user_row(login)
        out = []
        t = now()
        self.s.q("BEGIN")
        for b in bugs:
            changes = {}

            def change(field, old, new):
                if (old or "") != (new or ""):
                    changes[field] = {"removed": old or "",
                                      "added": new or ""}

            status = b["status"]
            resolution = b["resolution"] or ""
            if "status" in body:
                status = str(body["status"])
                self.check_select("bug_status", status, "status")
            if "resolution" in body:
                resolution = str(body["resolution"] or "")
                if status not in CLOSED:
                    raise BzError(122, "You cannot set a resolution for open "
                                  "bugs.")
                if resolution:
                    self.check_select("resolution", resolution,
                                      "resolution")
            if status not in CLOSED:
                resolution = ""
            elif not resolution:
                raise BzError(121, "A valid resolution is required to mark "
                              "bugs as %s." % status)
            change("status", b["status"], status)
            change("resolution", b["resolution"], resolution)
            sets = {"status": status, "resolution": resolution}
            for param, (col, field) in self.UPDATE_TEXT.items():
                if param not in body:
                    continue
                v = str(body[param]).strip()
                if field:
                    self.check_select(field, v, param)
                elif not v:
                    raise BzError(107, "You must enter a summary for this "
                                  "bug.")
                change(param, b[col], v)
                sets[col] = v
            if "assigned_to" in body:
                v = str(body["assigned_to"])
                self.user_row(v)
                change("assigned_to", b["assigned_to"], v)
                sets["assigned_to"] = v
            custom = json.loads(b["custom"] or "{}")
            customs = self.custom_fields()
            for k in body:
                if not k.startswith("cf_"):
                    continue
                f = customs.get(k)
                if not f:
                    raise BzError(108, "There is no field named '%s'." % k)
                v = str(body[k])
                if f["type"] == 2:
                    self.check_select(k, v, f["display_name"])
                change(k, custom.get(k, ""), v)
                custom[k] = v
            sets["custom"] = json.dumps(custom)
            now_cc = [r["login"] for r in self.s.q(
                "SELECT login FROM bug_cc WHERE bug_id = ?", (b["id"],))]
            added = [x for x in dict.fromkeys(cc.get("add") or [])
                     if x not in now_cc]
            removed = [x for x in dict.fromkeys(cc.get("remove") or [])
                       if x in now_cc and x not in added]
            for login in added:
                self.s.q("INSERT INTO bug_cc VALUES (?,?)", (b["id"], login))
            for login in removed:
                self.s.q("DELETE FROM bug_cc WHERE bug_id = ? AND login = ?",
                         (b["id"], login))
            if added or removed:
                changes["cc"] = {"added": ", ".join(added),
                                 "removed": ", ".join(removed)}
            if changes:
                sets["last_change_time"] = t
            self.s.q("UPDATE bugs SET %s WHERE id = ?" % ", ".join(
                "%s = ?" % c for c in sets), list(sets.values()) + [b["id"]])
            if comment and comment.strip():
                self.add_comment_row(b["id"], user["login"], comment)
            last = self.s.q("SELECT last_change_time FROM bugs WHERE id = ?",
                            (b["id"],)).fetchone()[0]
            out.append({"id": b["id"], "alias": [], "changes": changes,
                        "last_change_time": last})
        self.s.q("COMMIT")
        return 200, {"bugs": out}

    # ---- Comment ----------------------------------------------------------

    def comment_obj(self, c):
        return {"id": c["id"], "bug_id": c["bug_id"], "count": c["count"],
                "text": c["text"], "creator": c["creator"],
                "time": c["creation_time"],
                "creation_time": c["creation_time"],
                "is_private": bool(c["is_private"]), "is_markdown": False,
                "attachment_id": c["attachment_id"], "tags": []}

    def get_comments(self, user, qs, body, ident):
        b = self.find_bug(ident)
        rows = self.s.q("SELECT * FROM comments WHERE bug_id = ? ORDER BY "
                        "count", (b["id"],)).fetchall()
        return 200, {"bugs": {str(b["id"]): {
            "comments": [self.comment_obj(c) for c in rows]}},
            "comments": {}}

    def get_comment(self, user, qs, body, cid):
        c = self.s.q("SELECT * FROM comments WHERE id = ?",
                     (int(cid) if cid.isdigit() else -1,)).fetchone()
        if not c:
            raise BzError(111, "There is no comment with the id '%s'." % cid)
        return 200, {"bugs": {}, "comments": {str(c["id"]):
                                              self.comment_obj(c)}}

    def add_comment_row(self, bug_id, login, text, attachment_id=None):
        n = self.s.q("SELECT COALESCE(MAX(count), -1) + 1 FROM comments "
                     "WHERE bug_id = ?", (bug_id,)).fetchone()[0]
        cid = self.s.q("INSERT INTO comments (bug_id, count, creator, text, "
                       "attachment_id, creation_time) VALUES (?,?,?,?,?,?)",
                       (bug_id, n, login, text, attachment_id,
                        now())).lastrowid
        self.s.q("UPDATE bugs SET last_change_time = ? WHERE id = ?",
                 (now(), bug_id))
        return cid

    def add_comment(self, user, qs, body, ident):
        self.need_login(user)
        b = self.find_bug(ident)
        text = body.get("comment") if isinstance(body, dict) else None
        if not isinstance(text, str) or not text.strip():
            raise BzError(50, "The function Bug.add_comment requires a "
                          "comment argument, and that argument was not set.")
        if len(text) > 65535:
            raise BzError(114, "The text you entered in the Comment field is "
                          "too long.")
        self.s.q("BEGIN")
        cid = self.add_comment_row(b["id"], user["login"], text)
        self.s.q("COMMIT")
        return 201, {"id": cid}

    # ---- Attachment -------------------------------------------------------

    @staticmethod
    def attachment_obj(a, with_data=True):
        o = {"id": a["id"], "bug_id": a["bug_id"], "file_name": a["file_name"],
             "summary": a["summary"], "content_type": a["content_type"],
             "is_patch": bool(a["is_patch"]),
             "is_private": bool(a["is_private"]), "is_obsolete": False,
             "creator": a["creator"], "creation_time": a["creation_time"],
             "last_change_time": a["creation_time"], "size": len(a["data"]),
             "flags": []}
        if with_data:
            o["data"] = base64.b64encode(a["data"]).decode()
        return o

    def get_attachments(self, user, qs, body, ident):
        b = self.find_bug(ident)
        rows = self.s.q("SELECT * FROM attachments WHERE bug_id = ? ORDER BY "
                        "id", (b["id"],)).fetchall()
        out = self.filter_fields([self.attachment_obj(a) for a in rows], qs)
        return 200, {"bugs": {str(b["id"]): out}, "attachments": {}}

    def get_attachment(self, user, qs, body, aid):
        a = self.s.q("SELECT * FROM attachments WHERE id = ?",
                     (int(aid) if aid.isdigit() else -1,)).fetchone()
        if not a:
            raise BzError(100, "Attachment #%s does not exist." % aid)
        return 200, {"bugs": {}, "attachments": {str(a["id"]):
                                                 self.attachment_obj(a)}}

    def add_attachment(self, user, qs, body, ident):
        self.need_login(user)
        if not isinstance(body, dict):
            raise BzError(32000, "The request body must be a JSON object.")
        ids = [ident] + [str(i) for i in (body.get("ids") or [])]
        bugs = []
        for i in dict.fromkeys(ids):
            bugs.append(self.find_bug(i))
        data = body.get("data")
        if not isinstance(data, str) or data == "":
            raise BzError(606, "The file you are trying to attach is empty, "
                          "does not exist, or you don't have permission to "
                          "read it.")
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise BzError(32000, "The 'data' argument is not valid base64.")
        if not raw:
            raise BzError(606, "The file you are trying to attach is empty.")
        if len(raw) > self.o.max_attachment_kb * 1024:
            raise BzError(600, "The file you are trying to attach is %d "
                          "kilobytes (KB) in size. Attachments cannot be more "
                          "than %d KB." % ((len(raw) + 1023) // 1024,
                                           self.o.max_attachment_kb))
        fname = body.get("file_name")
        if not isinstance(fname, str) or not fname.strip():
            raise BzError(603, "You did not specify a file to attach.")
        summary = body.get("summary")
        if not isinstance(summary, str) or not summary.strip():
            raise BzError(604, "You must enter a Description for the "
                          "attachment.")
        ctype = body.get("content_type") or ""
        is_patch = bool(body.get("is_patch"))
        if is_patch:
            ctype = "text/plain"
        if not isinstance(ctype, str) or not re.fullmatch(
                r"[\w.+-]+/[\w.+-]+(\s*;.*)?", ctype):
            raise BzError(601, "The MIME type you specified, '%s', is invalid"
                          "." % ctype)
        comment = body.get("comment") or ""
        created = []
        self.s.q("BEGIN")
        for b in bugs:
            aid = self.s.q("INSERT INTO attachments (bug_id, file_name, "
                           "summary, content_type, is_patch, is_private, "
                           "creator, data, creation_time) VALUES "
                           "(?,?,?,?,?,?,?,?,?)",
                           (b["id"], fname.strip(), summary.strip(), ctype,
                            int(is_patch), int(bool(body.get("is_private"))),
                            user["login"], raw, now())).lastrowid
            text = "Created attachment %d\n%s" % (aid, summary.strip())
            if comment:
                text += "\n\n" + comment
            self.add_comment_row(b["id"], user["login"], text, aid)
            created.append(aid)
        self.s.q("COMMIT")
        return 201, {"ids": created}


def routes(api, opts):
    """(method, regex over the path below /rest, handler) in Bugzilla's order."""
    r = [
        ("GET", r"/version", api.version),
        ("GET", r"/valid_login", api.valid_login),
        ("GET", r"/product", api.product),
        ("GET", r"/product/get", api.product),
        ("GET", r"/product/([^/]+)", api.product),
        ("GET", r"/product_(?:accessible|selectable|enterable)",
         api.product_ids),
        ("GET", r"/field/bug", api.fields),
        ("GET", r"/field/bug/([^/]+)", api.fields),
        ("GET", r"/bug", api.search),
        ("POST", r"/bug", api.create_bug),
        ("GET", r"/bug/comment/([^/]+)", api.get_comment),
        ("GET", r"/bug/attachment/([^/]+)", api.get_attachment),
        ("GET", r"/bug/([^/]+)", api.get_bug),
        ("PUT", r"/bug/([^/]+)", api.update_bug),
        ("GET", r"/bug/([^/]+)/comment", api.get_comments),
        ("POST", r"/bug/([^/]+)/comment", api.add_comment),
        ("GET", r"/bug/([^/]+)/attachment", api.get_attachments),
        ("POST", r"/bug/([^/]+)/attachment", api.add_attachment),
        ("GET", r"/user", api.get_users),
        ("GET", r"/user/([^/]+)", api.get_users),
    ]
    if opts.whoami:
        r.insert(1, ("GET", r"/whoami", api.whoami))
    return [(m, re.compile(p + r"$"), h) for m, p, h in r]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "Apache"
    sys_version = ""

    def log_message(self, fmt, *args):
        if self.server.opts.verbose:
            sys.stderr.write("bugzilla_server: " + fmt % args + "\n")

    def reply(self, status, obj=None, raw=None, ctype="application/json"):
        data = raw if raw is not None else json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, e):
        self.reply(e.status, {"error": True, "code": e.code,
                              "message": e.message, "documentation": DOC_URL})

    def drop(self):
        """Close the connection without a byte of reply."""
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    def do_DELETE(self):
        self.handle_any("DELETE")

    def admin(self, method, path, body):
        faults = self.server.faults
        if method == "POST" and path == "/__admin/fault":
            if not isinstance(body, dict) or body.get("kind") not in (
                    "500", "slow", "drop", "badjson", "lost", "error"):
                return self.reply(400, {"error": "bad fault"})
            faults.add(body)
            return self.reply(200, {"ok": True})
        if method == "POST" and path == "/__admin/reset":
            faults.reset()
            return self.reply(200, {"ok": True})
        if method == "GET" and path == "/__admin/requests":
            with faults.lock:
                return self.reply(200, {"requests": list(faults.log)})
        return self.reply(404, {"error": "no such admin call"})

    def handle_any(self, method):
        url = urllib.parse.urlsplit(self.path)
        path = url.path
        qs = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n > 0 else b""
        if path.startswith("/__admin/"):
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = None
            return self.admin(method, path, body)
        faults = self.server.faults
        with faults.lock:
            faults.log.append({"method": method, "path": path,
                               "query": url.query, "raw_path": self.path,
                               "headers": dict(self.headers.items()),
                               "body_len": len(raw)})
        m = re.match(r"^/rest(?:\.cgi)?(/.*)$", path)
        sub = m.group(1).rstrip("/") if m else None
        fault = faults.take(method, sub if sub else path)
        if fault:
            kind = fault["kind"]
            if kind == "slow":
                time.sleep(float(fault.get("seconds", 3)))
            elif kind == "500":
                return self.reply(500, raw=b"<html><head><title>500 Internal "
                                  b"Server Error</title></head><body><h1>"
                                  b"Internal Server Error</h1></body></html>",
                                  ctype="text/html")
            elif kind == "drop":
                return self.drop()
            elif kind == "badjson":
                return self.reply(200, raw=b"<!DOCTYPE html><html><body>"
                                  b"Please log in to the captive portal"
                                  b"</body></html>", ctype="text/html")
            elif kind == "error":
                e = BzError(int(fault.get("code", 32000)),
                            fault.get("message", "Injected failure."))
                e.status = int(fault.get("status", e.status))
                return self.error(e)
        if sub is None:
            return self.reply(404, raw=b"<html><body>Not Found</body></html>",
                              ctype="text/html")
        status, obj = self.dispatch(method, sub, qs, raw)
        if fault and fault["kind"] == "lost":
            return self.drop()
        self.reply(status, obj)

    def dispatch(self, method, sub, qs, raw):
        api = self.server.api
        body = {}
        try:
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError as e:
                    raise BzError(32000, "Could not parse the JSON in the "
                                  "request body: %s" % e)
            # Parameters in the query string override the body's.
            if isinstance(body, dict) and method != "GET":
                for k, v in qs.items():
                    if k not in ("api_key", "Bugzilla_api_key"):
                        body[k] = v[0] if len(v) == 1 else v
            for m, rx, handler in self.server.routes:
                mt = rx.match(sub or "/")
                if mt and m == method:
                    break
            else:
                raise BzError(32614, "A REST API resource was not found for "
                              "'%s %s'." % (method, sub))
            store = self.server.store
            with store.lock:
                try:
                    user = api.login(self.headers, qs,
                                     body if isinstance(body, dict) else {})
                    return handler(user, qs, body, *mt.groups())
                finally:
                    if store.db.in_transaction:
                        store.db.execute("ROLLBACK")
        except BzError as e:
            return e.status, {"error": True, "code": e.code,
                              "message": e.message, "documentation": DOC_URL}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--bz-version", default="5.0.6")
    ap.add_argument("--no-whoami", dest="whoami", action="store_false",
                    help="answer like Bugzilla 5.0.x before whoami (5.1)")
    ap.add_argument("--no-custom-fields", dest="custom", action="store_false")
    ap.add_argument("--max-attachment-kb", type=int, default=5120)
    ap.add_argument("--mandatory", action="append", default=[],
                    help="make this custom field mandatory on new bugs")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()

    store = Store(opts.db, custom_fields=opts.custom)
    for name in opts.mandatory:
        store.q("UPDATE fields SET is_mandatory = 1 WHERE name = ? AND "
                "is_custom = 1", (name,))
    srv = ThreadingHTTPServer(("127.0.0.1", opts.port), Handler)
    srv.daemon_threads = True
    srv.opts = opts
    srv.store = store
    srv.faults = Faults()
    srv.api = Api(store, opts)
    srv.routes = routes(srv.api, opts)
    port = srv.server_address[1]
    if opts.port_file:
        tmp = opts.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.rename(tmp, opts.port_file)
    print(port, flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
