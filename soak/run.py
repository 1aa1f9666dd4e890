"""`make soak`: 100 concurrent clients for 60 s against gunicorn with production settings
on PostgreSQL, mixing browsing, searching, logging in and admin writes; then a check that
nothing acknowledged was lost. Optionally with a fault in the middle of the run:

    make soak                                  # no fault
    SOAK_FAULT=kill-worker make soak           # SIGKILL one gunicorn worker at 20 s
    SOAK_FAULT=pg-restart make soak            # stop PostgreSQL at 20 s, start it 5 s later

Settings: SOAK_DATABASE_URL (PostgreSQL, default .../soak; the database is created when
missing and emptied first), SOAK_CLIENTS (100), SOAK_SECONDS (60), SOAK_PORT (8107),
SOAK_PG_CLUSTER ("15 main": what `pg_ctlcluster` stops and starts; needs root on the
database host), SOAK_PG_DOWN (5 s). Exit status 0 only when the run met its bar:

- no fault: zero 5xx, zero transport errors, zero lost writes;
- pg-restart: while PostgreSQL is down every answer is a clean JSON error (no hang, no
  dropped connection), every request that starts 5 s after its return succeeds, and zero
  lost writes;
- kill-worker: the master replaces the worker; failures only among requests in flight on
  the killed worker (at most its thread count); zero 5xx, zero lost writes.

All clients share 127.0.0.1, so the per-address login throttle is raised for the run (the
per-email one stays); each virtual shopper has an account of its own.
"""

import io
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import requests
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CLIENTS = int(os.environ.get("SOAK_CLIENTS", "100"))
SECONDS = float(os.environ.get("SOAK_SECONDS", "60"))
PORT = int(os.environ.get("SOAK_PORT", "8107"))
FAULT = os.environ.get("SOAK_FAULT", "")
FAULT_AT = float(os.environ.get("SOAK_FAULT_AT", "20"))
PG_DOWN = float(os.environ.get("SOAK_PG_DOWN", "5"))
PG_CLUSTER = os.environ.get("SOAK_PG_CLUSTER", "15 main").split()
DATABASE_URL = os.environ.get("SOAK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/soak")
BASE = f"http://127.0.0.1:{PORT}"
API = f"{BASE}/api/v1"
PASSWORD = "Soak-Pass-2026!"
SHOPPERS = 200
SEARCH_WORDS = ["phone", "shirt", "laptop", "cable", "watch", "head", "kurta", "pro", "usb", "x"]
TIMEOUT = 35  # beyond gunicorn's 30 s worker timeout: a hang shows as a timeout here


@dataclass
class Record:
    started: float
    ended: float
    action: str
    status: int | None  # None: no HTTP answer (connection dropped, timeout)
    error: str = ""
    clean: bool = True  # a failure answered in the API's JSON error shape


@dataclass
class Shared:
    records: list = field(default_factory=list)
    products: list = field(default_factory=list)  # (id, slug) seen in listings
    created_products: list = field(default_factory=list)  # acknowledged: (id, slug, photo)
    created_categories: list = field(default_factory=list)
    categories: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def photo_bytes(seed: int) -> bytes:
    rng = random.Random(seed)
    image = Image.new("RGB", (320, 240), (rng.randrange(256), rng.randrange(256), 90))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=85)
    return buffer.getvalue()


class Client(threading.Thread):
    def __init__(self, number, shared, admin_token, stop_at, t0):
        super().__init__(daemon=True)
        self.number = number
        self.shared = shared
        self.admin_token = admin_token
        self.stop_at = stop_at
        self.t0 = t0
        self.rng = random.Random(number)
        self.http = requests.Session()
        self.token = None

    # one request, recorded
    def call(self, action, method, url, **kwargs):
        started = time.monotonic() - self.t0
        try:
            response = self.http.request(method, url, timeout=TIMEOUT, **kwargs)
        except requests.RequestException as exc:
            ended = time.monotonic() - self.t0
            record = Record(started, ended, action, None, type(exc).__name__, clean=False)
            with self.shared.lock:
                self.shared.records.append(record)
            return None
        ended = time.monotonic() - self.t0
        clean = True
        if response.status_code >= 400 and response.status_code != 304:
            try:
                body = response.json()
                clean = body.get("success") is False and bool(body.get("message"))
            except ValueError:
                clean = False
        with self.shared.lock:
            self.shared.records.append(
                Record(started, ended, action, response.status_code, clean=clean)
            )
        return response

    def run(self):
        actions = [
            (self.browse, 45),
            (self.search, 20),
            (self.login, 10),
            (self.filters, 8),
            (self.create_product, 6),
            (self.update_product, 6),
            (self.create_category, 2),
            (self.admin_list, 3),
        ]
        functions, weights = zip(*actions, strict=True)
        while time.monotonic() < self.stop_at:
            self.rng.choices(functions, weights)[0]()
            time.sleep(self.rng.uniform(0, 0.05))  # a little think time

    # --- shopper actions --------------------------------------------------------------
    def browse(self):
        choice = self.rng.random()
        if choice < 0.3:
            response = self.call(
                "list", "GET", f"{API}/product/product-list/{self.rng.randint(1, 12)}"
            )
            if response is not None and response.status_code == 200:
                found = [(p["_id"], p["slug"]) for p in response.json()["products"]]
                with self.shared.lock:
                    self.shared.products.extend(found)
                    del self.shared.products[:-500]
        elif choice < 0.45:
            self.call("categories", "GET", f"{API}/category/get-category")
        elif choice < 0.55:
            self.call("count", "GET", f"{API}/product/product-count")
        elif choice < 0.8 and self.shared.products:
            product_id, slug = self.rng.choice(self.shared.products)
            self.call("product", "GET", f"{API}/product/get-product/{slug}")
            self.call("photo", "GET", f"{API}/product/product-photo/{product_id}")
        else:
            self.call("latest", "GET", f"{API}/product/get-product")

    def search(self):
        word = self.rng.choice(SEARCH_WORDS)
        self.call("search", "GET", f"{API}/product/search/{word}")

    def filters(self):
        ids = list(self.shared.categories[:3])
        body = {"checked": ids[: self.rng.randint(0, len(ids))], "radio": [0, 999], "page": 1}
        self.call("filters", "POST", f"{API}/product/product-filters", json=body)

    def login(self):
        email = f"soak-shopper-{self.rng.randrange(SHOPPERS)}@example.com"
        response = self.call(
            "login", "POST", f"{API}/auth/login", json={"email": email, "password": PASSWORD}
        )
        if response is not None and response.status_code == 200:
            self.token = response.json()["token"]
            self.call(
                "user-auth", "GET", f"{API}/auth/user-auth", headers={"Authorization": self.token}
            )

    # --- admin writes -----------------------------------------------------------------
    def admin(self):
        return {"Authorization": f"Bearer {self.admin_token}"}

    def create_product(self):
        if not self.shared.categories:
            return
        name = f"Soak {self.number}-{secrets.token_hex(4)}"
        form = {
            "name": name,
            "description": "Made by the soak test.",
            "price": f"{self.rng.randint(1, 2000)}.{self.rng.randint(0, 99):02d}",
            "quantity": str(self.rng.randint(0, 50)),
            "category": self.rng.choice(self.shared.categories),
            "shipping": "1",
        }
        files = {"photo": (f"{name}.jpg", photo_bytes(self.rng.randrange(10**6)), "image/jpeg")}
        response = self.call(
            "create-product",
            "POST",
            f"{API}/product/create-product",
            data=form,
            files=files,
            headers=self.admin(),
        )
        if response is not None and response.status_code == 201:
            product = response.json()["products"]
            with self.shared.lock:
                self.shared.created_products.append((product["_id"], product["slug"], True))

    def update_product(self):
        with self.shared.lock:
            pool = self.shared.created_products[-50:] or [
                (pid, slug, None) for pid, slug in self.shared.products[-50:]
            ]
        if not pool:
            return
        product_id, _, _ = self.rng.choice(pool)
        form = {"price": f"{self.rng.randint(1, 2000)}", "quantity": str(self.rng.randint(0, 50))}
        self.call(
            "update-product",
            "PUT",
            f"{API}/product/update-product/{product_id}",
            data=form,
            files={},
            headers=self.admin(),
        )

    def create_category(self):
        name = f"Soak category {self.number}-{secrets.token_hex(3)}"
        response = self.call(
            "create-category",
            "POST",
            f"{API}/category/create-category",
            json={"name": name},
            headers=self.admin(),
        )
        if response is not None and response.status_code == 201:
            category = response.json()["category"]
            with self.shared.lock:
                self.shared.created_categories.append((category["_id"], name))

    def admin_list(self):
        self.call("users", "GET", f"{API}/auth/users?page=1", headers=self.admin())


# --- set-up -----------------------------------------------------------------------------


def database_url_for(name: str) -> str:
    parts = urlsplit(DATABASE_URL)
    return urlunsplit(parts._replace(path=f"/{name}"))


def recreate_database():
    import psycopg

    name = urlsplit(DATABASE_URL).path.lstrip("/")
    with psycopg.connect(database_url_for("postgres"), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def environment(work: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DEBUG="false",
        HTTPS="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=DATABASE_URL,
        MEDIA_ROOT=str(work / "media"),
        CACHE_DIR=str(work / "cache"),
        PORT=str(PORT),
        THROTTLE_LOGIN_IP="1000000/min",
        SEARCH_THROTTLE_RATE="1000000/min",
        SUGGEST_THROTTLE_RATE="1000000/min",
        LOG_LEVEL="INFO",
    )
    return env


SETUP_USERS = f"""
from accounts.models import User
from rest_framework_simplejwt.tokens import AccessToken
from django.contrib.auth.hashers import make_password
hashed = make_password({PASSWORD!r})
User.objects.bulk_create([
    User(email=f"soak-shopper-{{n}}@example.com", name=f"Soak shopper {{n}}", password=hashed,
         phone="9999999999", address="1 Soak Street") for n in range({SHOPPERS})
])
admin = User.objects.create_user(email="soak-admin@example.com", password={PASSWORD!r},
                                 name="Soak admin", role=1)
print(AccessToken.for_user(admin))
"""

VERIFY = """
import json, sys
from django.core.files.storage import default_storage
from catalog.models import Category, Product
wanted = json.load(sys.stdin)
ids = [int(i) for i, _, _ in wanted["products"]]
found = {p.pk: p for p in Product.objects.filter(pk__in=ids)}
missing = [i for i in ids if i not in found]
no_photo = [i for i, _, photo in wanted["products"]
            if photo and int(i) in found and not found[int(i)].photo.name]
photo_file_missing = [p.pk for p in Product.objects.exclude(photo="")
                      if not default_storage.exists(p.photo.name)]
category_ids = [int(i) for i, _ in wanted["categories"]]
categories_missing = len(category_ids) - Category.objects.filter(pk__in=category_ids).count()
print(json.dumps({"products_checked": len(ids), "products_missing": missing,
  "products_without_photo": no_photo, "photo_files_missing": photo_file_missing,
  "categories_checked": len(category_ids), "categories_missing": categories_missing,
  "products_in_db": Product.objects.count()}))
"""


def manage(env, *args, stdin=None):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        input=stdin,
    ).stdout


def workers_of(master_pid: int) -> list[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master_pid)], capture_output=True, text=True
    )
    return [int(pid) for pid in out.stdout.split()]


def wait_ready(timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{BASE}/readyz", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not become ready")


def pg_ctl(action):
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", *PG_CLUSTER, action], check=True)


def pg_ready() -> bool:
    host, port = urlsplit(DATABASE_URL).hostname, str(urlsplit(DATABASE_URL).port or 5432)
    return (
        subprocess.run(["pg_isready", "-h", host, "-p", port], capture_output=True).returncode == 0
    )


# --- faults -----------------------------------------------------------------------------


def inject(fault, master_pid, t0, events):
    time.sleep(max(0.0, FAULT_AT - (time.monotonic() - t0)))
    if fault == "kill-worker":
        before = workers_of(master_pid)
        victim = random.choice(before)
        os.kill(victim, signal.SIGKILL)
        events["killed_at"] = time.monotonic() - t0
        events["workers_before"] = len(before)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            now = workers_of(master_pid)
            if victim not in now and len(now) == len(before):
                events["replaced_after_s"] = round(time.monotonic() - t0 - events["killed_at"], 2)
                break
            time.sleep(0.05)
        events["workers_after"] = len(workers_of(master_pid))
    elif fault == "pg-restart":
        events["pg_stop_at"] = time.monotonic() - t0
        pg_ctl("stop")
        events["pg_stopped_at"] = time.monotonic() - t0
        time.sleep(PG_DOWN)
        events["pg_start_at"] = time.monotonic() - t0
        pg_ctl("start")
        deadline = time.monotonic() + 60
        while not pg_ready() and time.monotonic() < deadline:
            time.sleep(0.05)
        events["pg_back_at"] = time.monotonic() - t0


# --- report -----------------------------------------------------------------------------


def percentile(values, share):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))]


def report(shared, events, verify, elapsed):
    records = shared.records
    statuses = Counter(r.status if r.status is not None else r.error for r in records)
    latencies = [(r.ended - r.started) * 1000 for r in records if r.status is not None]
    by_action = Counter(r.action for r in records)
    summary = {
        "fault": FAULT or "none",
        "clients": CLIENTS,
        "seconds": round(elapsed, 1),
        "requests": len(records),
        "requests_per_second": round(len(records) / elapsed, 1),
        "statuses": {str(k): v for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0]))},
        "by_action": dict(by_action.most_common()),
        "latency_ms": {
            "p50": round(percentile(latencies, 0.5), 1),
            "p95": round(percentile(latencies, 0.95), 1),
            "p99": round(percentile(latencies, 0.99), 1),
            "max": round(max(latencies, default=0), 1),
            "mean": round(statistics.fmean(latencies), 1) if latencies else 0,
        },
        "server_errors_5xx": sum(1 for r in records if r.status and r.status >= 500),
        "transport_errors": sum(1 for r in records if r.status is None),
        "unclean_failures": sum(1 for r in records if not r.clean),
        "acknowledged_creates": {
            "products": len(shared.created_products),
            "categories": len(shared.created_categories),
        },
        "verify": verify,
        "events": events,
    }
    lost = (
        len(verify["products_missing"])
        + len(verify["products_without_photo"])
        + len(verify["photo_files_missing"])
        + verify["categories_missing"]
    )
    summary["lost_writes"] = lost
    ok = lost == 0
    if FAULT == "pg-restart":
        down_from, back = events.get("pg_stop_at", 0), events.get("pg_back_at", 0)
        during = [r for r in records if r.ended >= down_from and r.started <= back]
        after = [r for r in records if r.started >= back + 5]
        failed_after = [r for r in after if r.status is None or r.status >= 500]
        last_failure = max(
            (
                r.ended
                for r in records
                if (r.status is None or r.status >= 500) and r.started >= back
            ),
            default=None,
        )
        summary["pg"] = {
            "down_seconds": round(back - down_from, 2),
            "requests_while_down": len(during),
            "failed_while_down": sum(1 for r in during if r.status is None or r.status >= 500),
            "unclean_while_down": sum(1 for r in during if not r.clean),
            "max_latency_while_down_ms": round(
                max(((r.ended - r.started) * 1000 for r in during), default=0), 1
            ),
            "requests_from_5s_after_return": len(after),
            "failed_from_5s_after_return": len(failed_after),
            "last_failure_after_return_s": round(last_failure - back, 2) if last_failure else None,
        }
        ok = ok and not failed_after and summary["unclean_failures"] == 0
        ok = ok and all(r.status is not None for r in during)
    elif FAULT == "kill-worker":
        ok = ok and summary["server_errors_5xx"] == 0
        ok = ok and summary["transport_errors"] <= int(os.environ.get("GUNICORN_THREADS", "1"))
        ok = ok and events.get("workers_after") == events.get("workers_before")
    else:
        ok = ok and summary["server_errors_5xx"] == 0 and summary["transport_errors"] == 0
    summary["passed"] = ok
    return summary


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="soak-"))
    env = environment(work)
    print(f"soak: {CLIENTS} clients, {SECONDS:.0f} s, fault={FAULT or 'none'}, db={DATABASE_URL}")
    recreate_database()
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "seed_demo", "--if-empty")
    admin_token = manage(env, "shell", "-c", SETUP_USERS).split()[-1]

    log = open(work / "server.log", "w")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "shop.wsgi", "-c", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    shared = Shared()
    events = {}
    try:
        wait_ready()
        categories = requests.get(f"{API}/category/get-category", timeout=10).json()["category"]
        shared.categories = [c["_id"] for c in categories]
        t0 = time.monotonic()
        stop_at = t0 + SECONDS
        clients = [Client(n, shared, admin_token, stop_at, t0) for n in range(CLIENTS)]
        for client in clients:
            client.start()
        fault = None
        if FAULT:
            fault = threading.Thread(target=inject, args=(FAULT, server.pid, t0, events))
            fault.start()
        for client in clients:
            client.join()
        if fault:
            fault.join()
        elapsed = time.monotonic() - t0
        wanted = {"products": shared.created_products, "categories": shared.created_categories}
        out = manage(env, "shell", "-v", "0", "-c", VERIFY, stdin=json.dumps(wanted))
        verify = json.loads(out.strip().splitlines()[-1])
    finally:
        if FAULT == "pg-restart" and not pg_ready():
            pg_ctl("start")
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    summary = report(shared, events, verify, elapsed)
    summary["server_log_5xx_lines"] = sum(
        1 for line in (work / "server.log").open() if '"status": 5' in line
    )
    summary["server_log"] = str(work / "server.log")
    text = json.dumps(summary, indent=2)
    print(text)
    out = ROOT / "var" / "soak"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"soak-{FAULT or 'none'}-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(text)
    print("PASSED" if summary["passed"] else "FAILED")
    return 0 if summary["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
