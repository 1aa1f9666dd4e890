"""A real gunicorn (gunicorn.conf.py, production settings) on a database of its own, for
the tests whose bug needs real processes, real threads and real database connections:
parallel writes on a SQLite file, atomic throttle counters, slow clients.

The database follows the test run's: a SQLite file in the test's folder, or, when the
tests run on PostgreSQL, a database named after the test database plus `_gunicorn`
(created, migrated, dropped). `TEST_SERVER_PORTS` (e.g. `8400-8499`) picks the port
range; by default the system gives a free port.
"""

import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import requests
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    wanted = os.environ.get("TEST_SERVER_PORTS", "")
    if wanted:
        first, last = (int(p) for p in wanted.split("-"))
        candidates = list(range(first, last + 1))
    else:
        candidates = [0]
    for port in candidates:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return probe.getsockname()[1]
    raise RuntimeError(f"no free port in {wanted}")


def _postgres_url(settings_dict: dict, name: str) -> str:
    user = quote(settings_dict.get("USER") or "postgres")
    password = settings_dict.get("PASSWORD")
    auth = f"{user}:{quote(password)}" if password else user
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{name}"


@contextmanager
def _database(folder: Path):
    settings_dict = connection.settings_dict
    if connection.vendor != "postgresql":
        yield f"sqlite:///{folder / 'live.sqlite3'}"
        return
    import psycopg

    name = f"{settings_dict['NAME']}_gunicorn"[:63]
    admin_url = _postgres_url(settings_dict, "postgres")
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _postgres_url(settings_dict, name)
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class LiveServer:
    def __init__(self, url: str, env: dict, log: Path):
        self.url = url
        self.env = env
        self.log = log

    def manage(self, *args: str, stdin: str | None = None) -> str:
        """Runs a management command against the server's database."""
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
            input=stdin,
            timeout=120,
        ).stdout


@contextmanager
def gunicorn_server(folder: Path, **environment: str):
    """Migrates a fresh database and serves it with gunicorn; yields a LiveServer.
    `environment` adds or overrides settings (e.g. WEB_CONCURRENCY="2")."""
    with _database(folder) as database_url:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
        env.pop("REDIS_URL", None)
        env.update(
            DEBUG="false",
            HTTPS="false",
            SECRET_KEY=secrets.token_urlsafe(50),
            DATABASE_URL=database_url,
            MEDIA_ROOT=str(folder / "media"),
            CACHE_DIR=str(folder / "cache"),
            HOST="127.0.0.1",
            PORT=str(port),
            THROTTLE_REDIS_URL="",
            LOG_LEVEL="WARNING",
            PYTHONUNBUFFERED="1",
        )
        env.update(environment)
        server = LiveServer(f"http://127.0.0.1:{port}", env, folder / "gunicorn.log")
        server.manage("migrate", "--noinput", "-v", "0")
        with open(server.log, "w") as log:
            process = subprocess.Popen(
                [str(BIN / "gunicorn"), "shop.wsgi", "-c", "gunicorn.conf.py"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            try:
                _wait_until_up(server.url, process)
                yield server
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=10)


def _wait_until_up(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("gunicorn exited while starting")
        try:
            if requests.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer /healthz in time")


def wait_for(condition, what: str, timeout: float = 120, every: float = 0.1) -> None:
    """Until `condition()` is true: what another process does (a worker's job, a server's
    log) sends this one no event to wait on. AssertionError naming `what` at `timeout`."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"Timed out waiting for {what}")
        time.sleep(every)


def admin_session(server, email: str, password: str) -> requests.Session:
    """A browser's session signed in to the live server's Django admin, through its login
    page (CSRF token and all)."""
    session = requests.Session()
    page = session.get(f"{server.url}/admin/login/", timeout=60)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]
    answer = session.post(
        f"{server.url}/admin/login/",
        data={
            "csrfmiddlewaretoken": token,
            "username": email,
            "password": password,
            "next": "/admin/",
        },
        allow_redirects=False,
        timeout=60,
    )
    assert answer.status_code == 302, answer.text
    return session


def together(calls) -> list:
    """Each call (a function sending one request) from its own thread, all released at
    the same moment by a barrier; their answers in the order given."""
    start = threading.Barrier(len(calls))

    def run(call):
        start.wait(timeout=60)
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))
