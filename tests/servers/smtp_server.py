#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A test SMTP server for kbug's delivery tests (Debian's python3-aiosmtpd).

Listens on 127.0.0.1 only, on --port or a free port (written to --port-file
once it accepts connections), and saves every accepted message in --dir as
N.eml with N.json beside it: {"mail_from", "rcpt_tos", "peer", "size"}.

Fault modes, applied to the first --fault-count transactions (default: all)
and then no more, so that one retry after the fault succeeds:
  --fail-stage STAGE --fail-code CODE   reply CODE (421, 451, 550, 554...) at
                                        STAGE: ehlo, mail, rcpt or data
  --drop-stage STAGE                    close the connection at STAGE (mail,
                                        rcpt, data: the message was received
                                        in full, no reply; saved as dropped-N.eml)
  --slow-stage STAGE --slow SECONDS     wait before the reply at STAGE
  --refuse-after N                      accept N messages, then reply 421 and
                                        close at every later MAIL FROM
--auth-user U --auth-password-file F   require AUTH (PLAIN/LOGIN) as U
--tls-cert F --tls-key F --tls MODE   starttls (offered), require-starttls
                                      (MAIL refused before it), implicit (smtps)
Stops by itself after --lifetime seconds (default 300), or on SIGTERM.
"""
import argparse
import asyncio
import json
import os
import signal
import socket
import ssl
import sys
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Handler:
    def __init__(self, args):
        self.args = args
        self.accepted = 0
        self.transactions = 0
        self.lock = threading.Lock()

    def _faulty(self):
        a = self.args
        return a.fault_count < 0 or self.transactions < a.fault_count

    async def _stage(self, server, stage):
        """None to go on, or a reply string; closes the connection to drop."""
        a = self.args
        if not self._faulty():
            return None
        slow = a.slow_stage == stage and a.slow > 0
        fail = a.fail_stage == stage
        drop = a.drop_stage == stage and stage != "data"
        if not (slow or fail or drop):
            return None
        self._count()
        if slow:
            await asyncio.sleep(a.slow)
        if fail:
            return "%d kbug test server: fault at %s" % (a.fail_code, stage)
        if drop:
            server.transport.abort()
            return "421 dropped"
        return None

    def _count(self):
        with self.lock:
            self.transactions += 1

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        r = await self._stage(server, "ehlo")
        if r:
            return [r]
        session.host_name = hostname
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        a = self.args
        if a.refuse_after >= 0 and self.accepted >= a.refuse_after:
            # the reply goes out first; close() flushes it, then hangs up
            asyncio.get_event_loop().call_soon(server.transport.close)
            return "421 kbug test server: no more messages"
        r = await self._stage(server, "mail")
        if r:
            return r
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        r = await self._stage(server, "rcpt")
        if r:
            return r
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        a = self.args
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        if self._faulty() and a.drop_stage == "data":
            self._count()
            self._save(envelope, data, session, "dropped-")
            server.transport.abort()
            return "421 dropped"
        r = await self._stage(server, "data")
        if r:
            return r
        self._count()
        self._save(envelope, data, session, "")
        with self.lock:
            self.accepted += 1
        return "250 OK: queued as kbug-test-%d" % self.accepted

    def _save(self, envelope, data, session, prefix):
        with self.lock:
            n = 1
            while os.path.exists(os.path.join(self.args.dir, "%s%d.eml" % (prefix, n))):
                n += 1
            base = os.path.join(self.args.dir, "%s%d" % (prefix, n))
            meta = {"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos,
                    "auth": getattr(session, "auth_data", None),
                    "tls": session.ssl is not None,
                    "peer": list(session.peer) if session.peer else None,
                    "size": len(data)}
            with open(base + ".json.tmp", "w") as f:
                json.dump(meta, f)
            with open(base + ".eml.tmp", "wb") as f:
                f.write(data)
            os.rename(base + ".json.tmp", base + ".json")
            os.rename(base + ".eml.tmp", base + ".eml")


class Authenticator:
    """AUTH PLAIN/LOGIN against one user and password (plain text allowed: loopback only)."""

    def __init__(self, user, password):
        self.user = user.encode()
        self.password = password.encode()
        self.failures = 0

    def __call__(self, server, session, envelope, mechanism, auth_data):
        if isinstance(auth_data, LoginPassword) and auth_data.login == self.user and \
                auth_data.password == self.password:
            return AuthResult(success=True, auth_data=self.user.decode())
        self.failures += 1
        return AuthResult(success=False, handled=False)


class QuietController(Controller):
    def __init__(self, handler, authenticator=None, starttls=None, require_tls=False, **kw):
        self.authenticator = authenticator
        self.starttls = starttls
        self.require_tls = require_tls
        super().__init__(handler, **kw)

    def factory(self):
        kw = {}
        if self.authenticator:
            kw = dict(authenticator=self.authenticator, auth_required=True,
                      auth_require_tls=False)
        if self.starttls:
            kw.update(tls_context=self.starttls, require_starttls=self.require_tls)
        return SMTP(self.handler, decode_data=False, enable_SMTPUTF8=True,
                    data_size_limit=64 << 20, hostname="kbug-test", **kw)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dir", required=True)
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--port-file")
    p.add_argument("--fail-stage", choices=["ehlo", "mail", "rcpt", "data"])
    p.add_argument("--fail-code", type=int, default=451)
    p.add_argument("--drop-stage", choices=["mail", "rcpt", "data"])
    p.add_argument("--slow-stage", choices=["ehlo", "mail", "rcpt", "data"])
    p.add_argument("--slow", type=float, default=0)
    p.add_argument("--refuse-after", type=int, default=-1)
    p.add_argument("--fault-count", type=int, default=-1)
    p.add_argument("--lifetime", type=float, default=300)
    p.add_argument("--auth-user")
    p.add_argument("--auth-password-file")
    p.add_argument("--tls", choices=["starttls", "require-starttls", "implicit"])
    p.add_argument("--tls-cert")
    p.add_argument("--tls-key")
    args = p.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    port = args.port or free_port()
    auth = None
    if args.auth_user:
        with open(args.auth_password_file) as f:
            auth = Authenticator(args.auth_user, f.read().strip())
    ctx = None
    if args.tls:
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(args.tls_cert, args.tls_key)
    ctl = QuietController(Handler(args), authenticator=auth, hostname="127.0.0.1",
                          port=port, ready_timeout=10,
                          starttls=ctx if args.tls in ("starttls", "require-starttls") else None,
                          require_tls=args.tls == "require-starttls",
                          ssl_context=ctx if args.tls == "implicit" else None)
    ctl.start()
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as f:
            f.write("%d\n" % port)
        os.rename(args.port_file + ".tmp", args.port_file)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    deadline = time.monotonic() + args.lifetime
    while not stop.is_set() and time.monotonic() < deadline:
        stop.wait(0.2)
    ctl.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
