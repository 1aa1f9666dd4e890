"""Connections are spread over the workers (gunicorn.conf.py, `reuse_port`): with one
shared listening socket the workers race to accept, and a client that opens its
connections at once and keeps them (a proxy with keep-alive, a load balancer, wrk) most
often found one worker holding all of them while the other idled."""

import os
import socket
from collections import Counter
from pathlib import Path

import pytest

from shop.tests.live_gunicorn import gunicorn_server

pytestmark = pytest.mark.django_db(transaction=True)

CONNECTIONS = 16


def held_by_process(port: int) -> Counter:
    """Established server-side connections on `port`, counted by the process holding
    them (read from /proc: the kernel's TCP table, then every process's descriptors)."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, state, inode = fields[1], fields[3], fields[9]
        if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
            inodes.add(inode)
    held = Counter()
    for descriptor in Path("/proc").glob("[0-9]*/fd/*"):
        try:
            target = os.readlink(descriptor)
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            held[int(descriptor.parent.parent.name)] += 1
    return held


def keep_alive_client(port: int) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", port), timeout=5)
    client.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    return client


def test_connections_opened_at_once_are_spread_over_both_workers(tmp_path):
    with gunicorn_server(tmp_path, WEB_CONCURRENCY="2") as server:
        port = int(server.url.rsplit(":", 1)[1])
        clients = [keep_alive_client(port) for _ in range(CONNECTIONS)]
        try:
            for client in clients:
                assert client.recv(4096).startswith(b"HTTP/1.1 200")
            held = held_by_process(port)
        finally:
            for client in clients:
                client.close()
    # Every connection is held by a worker, and each worker holds some: by the kernel's
    # hash, both get 2 or more but for 34 spreads in 65,536 (0.05%).
    assert sum(held.values()) == CONNECTIONS
    assert len(held) == 2
    assert min(held.values()) >= 2
