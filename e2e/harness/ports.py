"""Ports: a free one to try, and whether a given process is the one listening on a port.

A free port is only free when asked: another program (another engineer's test run, a client's outgoing connection
taking an ephemeral port) may take it before the server binds it. The launcher therefore retries with another port
when the server says the address is in use, and counts a server as ready only once the server's own process holds
the listening socket — an answer on the port could otherwise come from someone else's server.
"""

import os
import socket
from pathlib import Path


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on now (the kernel's choice)."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def _listening_inodes(port: int) -> set[str]:
    """Inodes of the TCP sockets listening on `port` (IPv4 and IPv6), from /proc/net."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(inode)
    return inodes


def listens(pid: int, port: int) -> bool:
    """Whether process `pid` holds a socket listening on `port`. True where /proc cannot tell (not Linux)."""
    if not Path("/proc/net/tcp").exists():
        return True
    inodes = _listening_inodes(port)
    if not inodes:
        return False
    try:
        descriptors = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for descriptor in descriptors:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{descriptor}")
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            return True
    return False
