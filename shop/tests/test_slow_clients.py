"""Clients that send their body slowly do not stall the server: with two sockets that
sent 14 of 100 promised bytes, a real gunicorn (gunicorn.conf.py, two workers as in the
report) keeps answering /healthz, and no worker is killed."""

import socket
import time

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server

pytestmark = pytest.mark.django_db(transaction=True)


def slow_body(port: int) -> socket.socket:
    """A POST that promises 100 bytes and sends 14, then waits."""
    client = socket.create_connection(("127.0.0.1", port), timeout=5)
    client.sendall(
        b"POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        b'{"email": "a@b'
    )
    return client


def test_healthz_answers_while_two_clients_send_slow_bodies(tmp_path):
    with gunicorn_server(tmp_path, WEB_CONCURRENCY="2") as server:
        port = int(server.url.rsplit(":", 1)[1])
        stalled = [slow_body(port) for _ in range(2)]
        try:
            time.sleep(1)  # both reach a worker and sit there
            statuses = []
            for _ in range(10):  # bounded: at most 10 x 5 s even if the server hangs
                try:
                    statuses.append(requests.get(f"{server.url}/healthz", timeout=5).status_code)
                except requests.RequestException as error:
                    statuses.append(type(error).__name__)
            assert statuses == [200] * 10
        finally:
            for client in stalled:
                client.close()
        log = server.log.read_text()

    assert "WORKER TIMEOUT" not in log
