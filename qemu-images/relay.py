#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""relay.py PORT: the far end of one guestfwd connection.

QEMU's user-mode network runs `guestfwd=tcp:10.0.2.100:PORT-cmd:relay.py
PORT` once per connection the guest opens, with the connection on stdin
and stdout. This copies bytes both ways between it and 127.0.0.1:PORT (a
test server on the host's loopback; no other address is ever dialled)
until either side closes, or nothing moves for 60 seconds. (The other
guestfwd form, `-tcp:127.0.0.1:PORT`, is a single chardev connection made
when QEMU starts, so it serves one guest connection, not one each.)
Nothing is written to stderr: QEMU gives the command the connection there
too.
"""

import os
import select
import socket
import sys


def main():
    port = int(sys.argv[1])
    if not 0 < port < 65536:
        return 2
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
    except OSError:
        return 1
    s.setblocking(False)
    guest_in, guest_out = 0, 1
    open_in = True
    while True:
        rl = [s] + ([guest_in] if open_in else [])
        r, _, _ = select.select(rl, [], [], 60)
        if not r:
            return 0
        if guest_in in r:
            data = os.read(guest_in, 65536)
            if not data:
                open_in = False
                try:
                    s.shutdown(socket.SHUT_WR)
                except OSError:
                    return 0
            else:
                s.setblocking(True)
                s.sendall(data)
                s.setblocking(False)
        if s in r:
            try:
                data = s.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                return 0
            if not data:
                return 0
            while data:
                n = os.write(guest_out, data)
                data = data[n:]


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError):
        sys.exit(1)
