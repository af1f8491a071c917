#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A server that only listens: it records what reaches it and answers 503,
for the tests that check a secret does NOT go somewhere (another
Bugzilla, a proxy): stdlib http.server on 127.0.0.1 only.

    record_http.py LOG --port-file F

Each request is appended to LOG as "METHOD TARGET" and then each header as
"NAME: VALUE" (a proxy sees the absolute URL as TARGET). It writes its
port to --port-file once listening, and serves until killed.
"""

import argparse
import http.server
import os


def make_handler(log):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):
            pass

        def answer(self):
            n = int(self.headers.get("Content-Length") or 0)
            if n:
                self.rfile.read(n)
            with open(log, "a") as f:
                f.write("%s %s\n" % (self.command, self.path))
                for k, v in self.headers.items():
                    f.write("%s: %s\n" % (k, v))
            body = b'{"error":true,"code":32000,"message":"recorder"}'
            self.send_response(503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = answer

        def do_CONNECT(self):
            with open(log, "a") as f:
                f.write("CONNECT %s\n" % self.path)
            self.send_response(403)
            self.send_header("Content-Length", "0")
            self.end_headers()

    return Handler


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--port-file", required=True)
    a = ap.parse_args()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(a.log))
    tmp = a.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(tmp, a.port_file)
    srv.serve_forever()


if __name__ == "__main__":
    main()
