#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""public-inbox-httpd (Debian's public-inbox) on 127.0.0.1 for kbug's tests.

Binds a free port on 127.0.0.1 first, then hands the listening socket to
public-inbox-httpd the way systemd does (LISTEN_FDS=1, LISTEN_PID, the
socket as fd 3), so the port is known before the daemon starts and no
other process can take it in between. It writes the port to --port-file
and becomes public-inbox-httpd (exec: the same pid, which lib.sh stops).
PI_CONFIG (the inboxes) comes from the environment or --config.
"""
import argparse
import os
import socket
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", help="the public-inbox config (PI_CONFIG)")
    ap.add_argument("--port-file", required=True)
    a = ap.parse_args()
    if a.config:
        os.environ["PI_CONFIG"] = a.config
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    port = s.getsockname()[1]
    if s.fileno() != 3:
        os.dup2(s.fileno(), 3)
    os.set_inheritable(3, True)
    os.environ["LISTEN_FDS"] = "1"
    os.environ["LISTEN_PID"] = str(os.getpid())
    tmp = a.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % port)
    os.rename(tmp, a.port_file)
    sys.stdout.flush()
    os.execvp("public-inbox-httpd", ["public-inbox-httpd"])


if __name__ == "__main__":
    main()
