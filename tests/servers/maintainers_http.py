#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""git.kernel.org's MAINTAINERS URLs as kbug maintainers --update sees them,
for its tests: stdlib http.server on 127.0.0.1 only.

    maintainers_http.py MAINTAINERS --port-file F --log F --tags v6.12.5,v6.1.115

GET /MODE/MAINTAINERS?h=TAG serves the file when TAG is one of --tags, and
404 (an HTML page, as cgit gives) for any other tag. MODE picks a fault:

    plain      the file as it is
    gzip       the file gzip'd (Content-Type application/gzip)
    html       HTTP 200 with an HTML error page
    truncated  the first 40% of the file, with a Content-Length to match
    cut        Content-Length of the whole file, 40% of it, then a close
    tiny       only the last section (THE REST): a valid but tiny file
    slow       waits 5 s before answering
    redirect   302 to /plain/MAINTAINERS with the same query
    loop       302 to itself, forever
    big        17 MiB of text

Each request is appended to --log as "PATH?QUERY" (the tests count them).
It writes its port to --port-file once listening, and serves until killed.
"""

import argparse
import gzip
import http.server
import os
import sys
import time
import urllib.parse


def make_handler(text, tags, log):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):
            pass

        def send(self, status, body, ctype="text/plain; charset=utf-8", length=None):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body) if length is None else length))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()
            self.close_connection = True

        def do_GET(self):
            with open(log, "a") as f:
                f.write(self.path + "\n")
            url = urllib.parse.urlsplit(self.path)
            parts = url.path.strip("/").split("/")
            tag = urllib.parse.parse_qs(url.query).get("h", [""])[0]
            mode = parts[0] if len(parts) == 2 and parts[1] == "MAINTAINERS" else ""
            if mode == "redirect":
                self.send_response(302)
                self.send_header("Location", "/plain/MAINTAINERS?" + url.query)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if mode == "loop":
                self.send_response(302)
                self.send_header("Location", self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if not mode or tag not in tags:
                page = b"<!DOCTYPE html>\n<html><body>Invalid branch: %s</body></html>\n"
                self.send(404, page % tag.encode(), "text/html")
                return
            part = text[: len(text) * 2 // 5]
            try:
                if mode == "plain":
                    self.send(200, text)
                elif mode == "gzip":
                    self.send(200, gzip.compress(text), "application/gzip")
                elif mode == "html":
                    self.send(200, b"<html><head><title>500</title></head>\n"
                              b"<body>Internal error</body></html>\n", "text/html")
                elif mode == "truncated":
                    self.send(200, part)
                elif mode == "cut":
                    self.send(200, part, length=len(text))
                elif mode == "tiny":
                    self.send(200, text[text.index(b"\nTHE REST\n") + 1:])
                elif mode == "slow":
                    time.sleep(5)
                    self.send(200, text)
                elif mode == "big":
                    self.send(200, b"x" * (17 << 20))
                else:
                    self.send(404, b"no such mode\n")
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("maintainers")
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--tags", required=True)
    a = ap.parse_args()
    with open(a.maintainers, "rb") as f:
        text = f.read()
    handler = make_handler(text, set(a.tags.split(",")), a.log)
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    srv.daemon_threads = True
    with open(a.port_file + ".tmp", "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(a.port_file + ".tmp", a.port_file)
    srv.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
