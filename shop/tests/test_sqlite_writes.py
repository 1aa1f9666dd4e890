"""Parallel writes wait their turn on the default database instead of failing with
"database is locked": real gunicorn workers, each with its own connection to a real
database file (or PostgreSQL when the tests run on it)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from shop.tests.live_gunicorn import gunicorn_server

pytestmark = pytest.mark.django_db(transaction=True)

ADMIN_TOKEN = (
    "from accounts.models import User; "
    "from accounts.services import user_issue_token; "
    "print(user_issue_token(user=User.objects.create_user("
    "email='boss@example.com', password='Lotus-Blue-2027', name='Boss', role=1)))"
)


def in_parallel(count: int, call) -> list[int]:
    start = threading.Barrier(count)

    def run(n):
        start.wait(timeout=30)
        return call(n).status_code

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_20_parallel_registrations_and_30_parallel_category_creates_all_succeed(tmp_path):
    with gunicorn_server(tmp_path, WEB_CONCURRENCY="4", GUNICORN_THREADS="4") as server:
        token = server.manage("shell", "-c", ADMIN_TOKEN).split()[-1]

        registrations = in_parallel(
            20,
            lambda n: requests.post(
                f"{server.url}/api/v1/auth/register",
                json={
                    "name": f"Shopper {n}",
                    "email": f"shopper{n}@example.com",
                    "password": "Monsoon-Garden-42",
                    "phone": "9845012345",
                    "address": "12 MG Road",
                    "answer": "cricket",
                },
                timeout=120,
            ),
        )
        creates = in_parallel(
            30,
            lambda n: requests.post(
                f"{server.url}/api/v1/category/create-category",
                json={"name": f"Category {n}"},
                headers={"Authorization": token},
                timeout=120,
            ),
        )
        counted = server.manage(
            "shell",
            "-v",
            "0",
            "-c",
            "from accounts.models import User; from catalog.models import Category; "
            "print(User.objects.count(), Category.objects.count())",
        ).split()[-2:]

    assert registrations == [201] * 20
    assert creates == [201] * 30
    assert counted == ["21", "30"]
