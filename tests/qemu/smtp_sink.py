#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""An SMTP server for the QEMU test, on Debian's python3-aiosmtpd.

    smtp_sink.py OUTDIR --port-file PORT_FILE [--lifetime SECONDS]

Listens on 127.0.0.1 (a free port, written to PORT_FILE), accepts every
message and stores each as OUTDIR/N.json: {"mail_from", "rcpt_tos",
"data"} (data as received, decoded as UTF-8 with replacement). Stops by
itself after --lifetime seconds (default 600).
"""

import argparse
import asyncio
import json
import os
import sys

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, outdir):
        self.outdir = outdir
        self.n = 0

    async def handle_DATA(self, server, session, envelope):
        self.n += 1
        data = envelope.original_content or envelope.content
        if isinstance(data, bytes):
            data = data.decode("utf-8", "replace")
        rec = {"mail_from": envelope.mail_from,
               "rcpt_tos": list(envelope.rcpt_tos), "data": data}
        tmp = os.path.join(self.outdir, "%d.json.tmp" % self.n)
        with open(tmp, "w") as f:
            json.dump(rec, f)
        os.rename(tmp, os.path.join(self.outdir, "%d.json" % self.n))
        return "250 OK stored as %d" % self.n


async def main(args):
    os.makedirs(args.outdir, exist_ok=True)
    handler = Sink(args.outdir)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(handler, hostname="testhost", decode_data=False),
        "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    with open(args.port_file + ".tmp", "w") as f:
        f.write("%d\n" % port)
    os.rename(args.port_file + ".tmp", args.port_file)
    print(port, flush=True)
    await asyncio.sleep(args.lifetime)
    server.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--lifetime", type=float, default=600)
    try:
        asyncio.run(main(ap.parse_args()))
    except KeyboardInterrupt:
        sys.exit(0)
