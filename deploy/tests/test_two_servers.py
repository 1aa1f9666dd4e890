"""The production recipe of deploy/, started whole on this machine: PostgreSQL (a database
made and dropped here), Redis, an S3 emulator (moto's server), two gunicorn servers with
separate, empty MEDIA_ROOTs, and nginx in front (the site rendered by deploy/nginx_site.py),
all on loopback ports. `make test-deploy` runs it (CI too).

Environment: TWO_SERVERS_DATABASE (default `twoservers`), TWO_SERVERS_PG
(postgres://postgres@127.0.0.1:5432), TWO_SERVERS_REDIS_URL (redis://127.0.0.1:6379/10,
flushed before and after), TWO_SERVERS_PORT (first of five ports, default 2080), NGINX
(default `nginx` on the PATH or /usr/sbin/nginx).
"""

import contextlib
import getpass
import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest
import redis
import requests
from PIL import Image

from deploy.nginx_site import render
from shop.tests.s3server import (
    ACCESS_KEY,
    REGION,
    SECRET_KEY,
    bucket_keys,
    moto_server,
    s3_client,
    wait_for_port,
)
from shop.tests.smtp import smtp_server

ROOT = Path(__file__).resolve().parents[2]
DATABASE = os.environ.get("TWO_SERVERS_DATABASE", "twoservers")
PG = os.environ.get("TWO_SERVERS_PG", "postgres://postgres@127.0.0.1:5432").rstrip("/")
REDIS_URL = os.environ.get("TWO_SERVERS_REDIS_URL", "redis://127.0.0.1:6379/10")
FIRST_PORT = int(os.environ.get("TWO_SERVERS_PORT", "2080"))
NGINX_PORT, PORT_A, PORT_B, S3_PORT, SMTP_PORT = range(FIRST_PORT, FIRST_PORT + 5)
BUCKET = "shop-media"
MAX_PHOTO_BYTES = 300_000
ADMIN = {"email": "admin@example.com", "password": "a-long-admin-passphrase"}
TIMEOUT = 10  # seconds for any single HTTP call


def _nginx() -> str:
    found = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        pytest.fail(f"nginx is needed (apt-get install nginx); not found at {found}")
    return found


def _admin_sql(sql: str) -> None:
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def _jpeg(size=(640, 480), color=(30, 140, 90)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="JPEG", quality=90)
    return out.getvalue()


class Stack:
    """What the fixture started: URLs, processes and the folders to look into."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.nginx = f"http://127.0.0.1:{NGINX_PORT}"
        self.a = f"http://127.0.0.1:{PORT_A}"
        self.b = f"http://127.0.0.1:{PORT_B}"
        self.media_a = tmp / "media-a"
        self.media_b = tmp / "media-b"
        self.processes: dict[str, subprocess.Popen] = {}
        self.env: dict[str, str] = {}
        self.s3 = None
        self.inbox = None

    def start_gunicorn(self, name: str, port: int, media: Path) -> None:
        media.mkdir()
        log = open(self.tmp / f"gunicorn-{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "shop.wsgi", "-c", "deploy/gunicorn.conf.py"],
            cwd=ROOT,
            env={**self.env, "PORT": str(port), "MEDIA_ROOT": str(media)},
            stdout=log,
            stderr=log,
            start_new_session=True,  # its own process group: killed whole, master and workers
        )

    def start_worker(self) -> None:
        """The task queue's worker, as deploy/systemd/shopsphere-tasks.service runs it."""
        log = open(self.tmp / "tasks.log", "wb")  # noqa: SIM115 (closed with the process)
        self.processes["tasks"] = subprocess.Popen(
            [sys.executable, "manage.py", "run_tasks", "--no-reload", "--interval", "0.2"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )

    def kill(self, name: str) -> None:
        process = self.processes.pop(name, None)
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def manage(self, *args: str, **env: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("two-servers")
    s = Stack(tmp)
    nginx = _nginx()
    cache = redis.Redis.from_url(REDIS_URL)
    cache.flushdb()
    _admin_sql(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
    _admin_sql(f'CREATE DATABASE "{DATABASE}"')
    with moto_server(S3_PORT) as endpoint, smtp_server(SMTP_PORT) as inbox:
        s.inbox = inbox
        try:
            s.s3 = s3_client(endpoint)
            s.s3.create_bucket(Bucket=BUCKET)
            s.env = {
                **{k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "DJANGO_"))},
                "DEBUG": "false",
                "SECRET_KEY": "two-servers-test-key-" + "x" * 40,
                "ALLOWED_HOSTS": "127.0.0.1,localhost",
                "DATABASE_URL": f"{PG}/{DATABASE}",
                "REDIS_URL": REDIS_URL,
                "AWS_STORAGE_BUCKET_NAME": BUCKET,
                "AWS_S3_ENDPOINT_URL": endpoint,
                "AWS_ACCESS_KEY_ID": ACCESS_KEY,
                "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
                "AWS_S3_REGION_NAME": REGION,
                "MAX_PHOTO_BYTES": str(MAX_PHOTO_BYTES),
                "NUM_PROXIES": "1",
                "THROTTLE_LOGIN_EMAIL": "3/min",
                "WEB_CONCURRENCY": "2",
                "HOST": "127.0.0.1",
                "LOG_LEVEL": "WARNING",
                "TASKS_IN_PROCESS": "false",
                "EMAIL_URL": f"smtp://127.0.0.1:{SMTP_PORT}",
            }
            # Migrations on deploy: once, before the servers start.
            subprocess.run(
                ["bash", "deploy/migrate.sh"], cwd=ROOT, env=s.env, check=True, timeout=180
            )
            s.manage(
                "createsuperuser",
                "--noinput",
                DJANGO_SUPERUSER_EMAIL=ADMIN["email"],
                DJANGO_SUPERUSER_PASSWORD=ADMIN["password"],
                DJANGO_SUPERUSER_NAME="Shop Admin",
            )
            s.start_gunicorn("a", PORT_A, s.media_a)
            s.start_gunicorn("b", PORT_B, s.media_b)
            s.start_worker()

            static = tmp / "staticfiles"
            (static / "img").mkdir(parents=True)
            shutil.copy(ROOT / "static/img/placeholder.png", static / "img/placeholder.png")
            (static / "app.0123abcd9876.js").write_text("console.log(1);\n")
            prefix = tmp / "nginx"
            prefix.mkdir()
            (prefix / "site.conf").write_text(
                render(
                    apps=[f"127.0.0.1:{PORT_A}", f"127.0.0.1:{PORT_B}"],
                    static_root=str(static),
                    listen=f"127.0.0.1:{NGINX_PORT}",
                    max_photo_bytes=MAX_PHOTO_BYTES,
                )
            )
            (prefix / "nginx.conf").write_text(
                # Workers run as the test's user, so they can read its temporary folders.
                (f"user {getpass.getuser()};\n" if os.geteuid() == 0 else "")
                + f"daemon off;\npid {prefix}/nginx.pid;\nerror_log {prefix}/error.log warn;\n"
                "worker_processes 1;\nevents { worker_connections 512; }\nhttp {\n"
                f"  include /etc/nginx/mime.types;\n  access_log {prefix}/access.log;\n"
                f"  client_body_temp_path {prefix}/body;\n  proxy_temp_path {prefix}/proxy;\n"
                f"  fastcgi_temp_path {prefix}/fastcgi;\n  uwsgi_temp_path {prefix}/uwsgi;\n"
                f"  scgi_temp_path {prefix}/scgi;\n  include {prefix}/site.conf;\n}}\n"
            )
            s.processes["nginx"] = subprocess.Popen(
                [nginx, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", "nginx.conf"],
                stdout=subprocess.DEVNULL,
                stderr=open(prefix / "stderr.log", "wb"),  # noqa: SIM115
            )
            for name, port in (("a", PORT_A), ("b", PORT_B), ("nginx", NGINX_PORT)):
                wait_for_port(port, timeout=60, process=s.processes[name])
            for url in (s.a, s.b, s.nginx):
                _wait_healthy(url)
            yield s
        finally:
            for name in list(s.processes):
                if name == "nginx":
                    process = s.processes.pop(name)
                    process.terminate()
                    process.wait(timeout=10)
                else:
                    s.kill(name)
            _admin_sql(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
            _admin_sql(f'DROP DATABASE IF EXISTS "{DATABASE}_restored" WITH (FORCE)')
            cache.flushdb()


def _wait_healthy(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url}/healthz never answered 200")


def _login(url: str) -> str:
    response = requests.post(f"{url}/api/v1/auth/login", json=ADMIN, timeout=TIMEOUT)
    assert response.status_code == 200, response.text
    return response.json()["token"]


@pytest.fixture(scope="module")
def token(stack):
    return _login(stack.a)


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


# The tests run in this order (pytest's file order; `-p no:randomly` in `make test-deploy`):
# the last ones stop servers.


def test_a_token_from_one_server_works_on_the_other(stack, token):
    for url in (stack.b, stack.a, stack.nginx):
        response = requests.get(f"{url}/api/v1/auth/admin-auth", headers=_auth(token), timeout=10)
        assert response.status_code == 200 and response.json()["ok"] is True


def test_a_category_created_on_one_is_read_on_the_other_at_once(stack, token):
    listed = requests.get(f"{stack.b}/api/v1/category/get-category", timeout=TIMEOUT)
    assert listed.status_code == 200  # B has now cached the list in the shared cache
    created = requests.post(
        f"{stack.a}/api/v1/category/create-category",
        json={"name": "Made on A"},
        headers=_auth(token),
        timeout=TIMEOUT,
    )
    assert created.status_code == 201, created.text
    names = [
        c["name"]
        for c in requests.get(f"{stack.b}/api/v1/category/get-category", timeout=10).json()[
            "category"
        ]
    ]
    assert "Made on A" in names


def test_a_photo_uploaded_on_one_is_served_by_the_other_from_the_bucket(stack, token):
    category = requests.post(
        f"{stack.a}/api/v1/category/create-category",
        json={"name": "Photos"},
        headers=_auth(token),
        timeout=TIMEOUT,
    ).json()["category"]
    response = requests.post(
        f"{stack.a}/api/v1/product/create-product",
        data={
            "name": "Camera made on A",
            "description": "Uploaded through server A.",
            "price": "4999",
            "quantity": "3",
            "category": category["_id"],
            "shipping": "1",
        },
        files={"photo": ("camera.jpg", _jpeg(), "image/jpeg")},
        headers=_auth(token),
        timeout=TIMEOUT,
    )
    assert response.status_code == 201, response.text
    product_id = response.json()["products"]["_id"]
    keys = bucket_keys(stack.s3, BUCKET)
    photos = [k for k in keys if k.startswith("products/camera-made-on-a-")]
    assert len(photos) == 4  # the photo and its three WebP renditions
    original = next(k for k in photos if k.endswith(".jpg"))
    in_bucket = stack.s3.get_object(Bucket=BUCKET, Key=original)["Body"].read()

    served = requests.get(f"{stack.b}/api/v1/product/product-photo/{product_id}", timeout=10)
    assert served.status_code == 200
    assert served.headers["Content-Type"] == "image/jpeg"
    assert served.content == in_bucket
    small = requests.get(f"{stack.b}/api/v1/product/product-photo/{product_id}?w=200", timeout=10)
    assert small.headers["Content-Type"] == "image/webp"
    through_nginx = requests.get(
        f"{stack.nginx}/api/v1/product/product-photo/{product_id}", timeout=10
    )
    assert through_nginx.content == in_bucket
    # Neither server wrote anything to its own disk.
    assert list(stack.media_a.iterdir()) == [] and list(stack.media_b.iterdir()) == []


def test_a_sale_on_one_is_seen_on_the_other_and_mailed_by_the_worker(stack, token):
    category = requests.post(
        f"{stack.a}/api/v1/category/create-category",
        json={"name": "Sold"},
        headers=_auth(token),
        timeout=TIMEOUT,
    ).json()["category"]
    product = requests.post(
        f"{stack.a}/api/v1/product/create-product",
        data={
            "name": "Speaker sold on A",
            "description": "Five in stock.",
            "price": "1999",
            "quantity": "5",
            "category": category["_id"],
        },
        headers=_auth(token),
        timeout=TIMEOUT,
    ).json()["products"]
    detail = f"{stack.b}/api/v1/product/get-product/{product['slug']}"
    assert requests.get(detail, timeout=TIMEOUT).json()["product"]["quantity"] == 5  # cached
    order = requests.post(
        f"{stack.a}/api/v1/orders/checkout",
        json={
            "cart": [{"_id": product["_id"], "quantity": 2}],
            "address": "1 MG Road, Bengaluru 560001",
        },
        headers=_auth(token),
        timeout=TIMEOUT,
    )
    assert order.status_code == 201, order.text
    assert requests.get(detail, timeout=TIMEOUT).json()["product"]["quantity"] == 3
    subject = f"ShopSphere: your order {order.json()['order']['_id']} is placed"
    deadline = time.monotonic() + 60
    while subject not in stack.inbox.subjects:
        assert time.monotonic() < deadline, "the worker sent no mail"
        time.sleep(0.1)


def test_a_login_throttled_on_one_counts_on_the_other(stack):
    body = {"email": "shopper@example.com", "password": "not-the-password"}
    statuses = []
    for url in (stack.a, stack.b, stack.a, stack.b):
        statuses.append(requests.post(f"{url}/api/v1/auth/login", json=body, timeout=10))
    assert [r.status_code for r in statuses[:3]] == [401, 401, 401]
    assert statuses[3].status_code == 429  # 3/min per e-mail, counted across both servers
    assert statuses[3].headers["Retry-After"]
    assert statuses[3].json()["success"] is False


def test_nginx_serves_static_files_with_caching(stack):
    plain = requests.get(f"{stack.nginx}/static/img/placeholder.png", timeout=TIMEOUT)
    assert plain.status_code == 200 and plain.headers["Content-Type"] == "image/png"
    assert plain.headers["Cache-Control"] == "public, max-age=3600"
    hashed = requests.get(f"{stack.nginx}/static/app.0123abcd9876.js", timeout=TIMEOUT)
    assert hashed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert hashed.headers["X-Content-Type-Options"] == "nosniff"


def _raw(port: int, data: bytes, *, timeout: float = 5.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(data)
        chunks = []
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def _head_and_body(raw: bytes) -> tuple[str, str]:
    head, _, body = raw.partition(b"\r\n\r\n")
    return head.decode("latin-1"), body.decode("utf-8")


def test_nginx_answers_its_own_refusals_under_api_in_json(stack):
    long_address = b"GET /api/v1/product/search/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    head, body = _head_and_body(_raw(NGINX_PORT, long_address))
    assert head.startswith("HTTP/1.1 414") and "application/json" in head
    assert body.strip() == '{"success": false, "message": "The address is too long."}'

    big_header = b"GET /api/v1/category/get-category HTTP/1.1\r\nHost: x\r\nX-Big: "
    head, body = _head_and_body(_raw(NGINX_PORT, big_header + b"b" * 5000 + b"\r\n\r\n"))
    assert head.startswith("HTTP/1.1 431") and "application/json" in head
    assert '"success": false' in body

    bad = b"GET /api/v1/category/get-category HTTP/1.1 extra\r\nHost: x\r\n\r\n"
    head, body = _head_and_body(_raw(NGINX_PORT, bad))
    assert head.startswith("HTTP/1.1 400") and "application/json" in head
    assert body.strip() == '{"success": false, "message": "Bad request."}'

    # Over MAX_PHOTO_BYTES + 1 MB of form: nginx's 413, in JSON, without reaching the app.
    too_big = requests.post(
        f"{stack.nginx}/api/v1/product/create-product",
        data=b"x" * (MAX_PHOTO_BYTES + 1024 * 1024 + 10),
        headers={"Content-Type": "application/octet-stream"},
        timeout=TIMEOUT,
    )
    assert too_big.status_code == 413
    assert too_big.json() == {"success": False, "message": "Request is too large."}
    # A photo over MAX_PHOTO_BYTES but within the body limit reaches the app: its own 413.
    token = _login(stack.nginx)
    category = requests.post(
        f"{stack.nginx}/api/v1/category/create-category",
        json={"name": "Big photos"},
        headers=_auth(token),
        timeout=TIMEOUT,
    ).json()["category"]["_id"]
    over_cap = requests.post(
        f"{stack.nginx}/api/v1/product/create-product",
        data={
            "name": "Too big",
            "description": "d",
            "price": "1",
            "quantity": "1",
            "category": category,
        },
        files={"photo": ("big.jpg", b"\xff\xd8" + b"0" * MAX_PHOTO_BYTES, "image/jpeg")},
        headers=_auth(token),
        timeout=TIMEOUT,
    )
    assert over_cap.status_code == 413
    assert over_cap.json()["message"].startswith("Photo is too large")
    # Many small headers pass nginx; gunicorn (deploy/gunicorn.conf.py) takes them too, so
    # its own HTML 431 (over 100 fields by default) is never what a client sees.
    many = "".join(f"X-Extra-{n}: {n}\r\n" for n in range(150)).encode()
    head, body = _head_and_body(
        _raw(
            NGINX_PORT,
            b"GET /api/v1/category/get-category HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + many
            + b"Connection: close\r\n\r\n",
        )
    )
    assert head.startswith("HTTP/1.1 200") and '"success":true' in body.replace(" ", "")
    # Outside /api/ the status is the same, the page nginx's own.
    page = big_header.replace(b"/api/v1/category/get-category", b"/cart")
    head, body = _head_and_body(_raw(NGINX_PORT, page + b"b" * 5000 + b"\r\n\r\n"))
    assert head.startswith("HTTP/1.1 431") and "application/json" not in head


def test_slow_clients_do_not_stall_the_servers_behind_nginx(stack):
    # More stalled bodies than both servers have workers (2 each): 14 of 100 bytes sent.
    stalled = []
    try:
        for _ in range(6):
            conn = socket.create_connection(("127.0.0.1", NGINX_PORT), timeout=5)
            conn.sendall(
                b"POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                b'{"email": "a@b'
            )
            stalled.append(conn)
        time.sleep(1.0)  # were they passed on, every worker would now be waiting on them
        for url in (stack.a, stack.b, stack.nginx, stack.nginx, stack.nginx):
            started = time.monotonic()
            response = requests.get(f"{url}/healthz", timeout=3)
            assert response.status_code == 200
            assert time.monotonic() - started < 2.0
        listed = requests.get(f"{stack.nginx}/api/v1/category/get-category", timeout=3)
        assert listed.status_code == 200
    finally:
        for conn in stalled:
            conn.close()


def test_a_server_killed_mid_run_loses_no_request_nginx_could_retry(stack, token):
    answers: list[int] = []
    failures: list[str] = []
    stop = threading.Event()
    paths = [
        "/api/v1/category/get-category",
        "/api/v1/product/product-count",
        "/api/v1/product/product-list/1",
        "/healthz",
    ]

    def browse(offset: int) -> None:
        n = offset
        while not stop.is_set():
            path = paths[n % len(paths)]
            n += 1
            try:
                response = requests.get(f"{stack.nginx}{path}", timeout=TIMEOUT)
                answers.append(response.status_code)
            except requests.RequestException as exc:
                failures.append(f"{path}: {exc}")

    threads = [threading.Thread(target=browse, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1.5)
        before_kill = len(answers)
        stack.kill("a")  # SIGKILL: master and workers, mid-request
        time.sleep(2.0)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=TIMEOUT + 5)
    assert before_kill > 0 and len(answers) > before_kill
    assert failures == []
    assert set(answers) == {200}, sorted(set(answers))
    # Requests did meet the dead server, and nginx passed them to the other one.
    log = (stack.tmp / "nginx" / "error.log").read_text()
    assert f'upstream: "http://127.0.0.1:{PORT_A}' in log

    # Writes after the kill reach B (a refused connection is retried, nothing was sent).
    for n in range(4):
        created = requests.post(
            f"{stack.nginx}/api/v1/category/create-category",
            json={"name": f"After the kill {n}"},
            headers=_auth(token),
            timeout=TIMEOUT,
        )
        assert created.status_code == 201, created.text


def test_backup_and_restore_with_pg_dump(stack):
    dump = stack.tmp / "shop.dump"
    env = {**stack.env, "DATABASE_URL": f"{PG}/{DATABASE}"}
    subprocess.run(["bash", "deploy/backup.sh", str(dump)], cwd=ROOT, env=env, check=True)
    restored = f"{DATABASE}_restored"
    _admin_sql(f'CREATE DATABASE "{restored}"')
    env["DATABASE_URL"] = f"{PG}/{restored}"
    subprocess.run(["bash", "deploy/restore.sh", str(dump)], cwd=ROOT, env=env, check=True)
    query = "SELECT name FROM catalog_category ORDER BY name"
    with psycopg.connect(f"{PG}/{DATABASE}") as live, psycopg.connect(f"{PG}/{restored}") as copy:
        expected = live.execute(query).fetchall()
        assert copy.execute(query).fetchall() == expected
    assert ("Made on A",) in expected


def test_with_every_server_down_nginx_answers_a_json_503(stack):
    stack.kill("b")
    response = requests.get(f"{stack.nginx}/api/v1/category/get-category", timeout=TIMEOUT)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert response.json() == {
        "success": False,
        "message": "The shop is briefly unavailable. Please try again in a moment.",
    }
