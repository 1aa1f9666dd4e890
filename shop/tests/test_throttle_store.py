"""Throttle and lockout counters live where traffic cannot evict them (the database, or
Redis when configured) and are counted atomically, so neither flooding the cache nor
sending attempts in parallel lets more attempts through than the limit."""

import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.core.cache import cache

from accounts.tests.factories import PASSWORD, UserFactory
from shop.tests.live_gunicorn import gunicorn_server
from shop.throttling import CountedThrottle, counter_hit

LOGIN = "/api/v1/auth/login"
FORGOT = "/api/v1/auth/forgot-password"


@pytest.fixture
def file_cache(settings, tmp_path):
    """The file cache of production settings, with its real limits (300 entries, a third
    culled at random when full)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "cache"),
        }
    }
    settings.CATALOG_CACHE_SECONDS = 300
    settings.THROTTLE_REDIS_URL = ""
    return tmp_path / "cache"


@pytest.mark.django_db
def test_login_lockout_survives_flooding_the_file_cache_with_distinct_gets(
    api, file_cache, monkeypatch
):
    monkeypatch.setattr(CountedThrottle, "timer", staticmethod(lambda: 1_800_000_000.0))
    user = UserFactory()
    for _ in range(10):
        api.post(LOGIN, {"email": user.email, "password": "Wrong-Pass-0000"})
    assert api.post(LOGIN, {"email": user.email, "password": PASSWORD}).status_code == 429

    for page in range(1, 301):
        assert api.get(f"/api/v1/product/product-list/{page}").status_code == 200
    # Whatever fills the file cache (answers too large for the in-process layer go there),
    # it culls a third of its entries at random once full: fill it well past its limit.
    for n in range(1500):
        cache.set(f"flood:{n}", n)
    cached_files = list(file_cache.glob("*.djcache"))
    assert 150 <= len(cached_files) < 300  # the cache filled up and was culled

    response = api.post(LOGIN, {"email": user.email, "password": PASSWORD})
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60


@pytest.mark.django_db
def test_database_counter_counts_and_reopens_its_window():
    ident = f"test:{uuid.uuid4().hex}"
    assert [counter_hit(ident, period=60, now=1000.0).count for _ in range(3)] == [1, 2, 3]
    assert counter_hit(ident, period=60, now=1059.0).retry_after == 1.0
    assert counter_hit(ident, period=60, now=1060.0).count == 1  # a new window


@pytest.mark.django_db
def test_expired_counters_are_deleted_when_a_window_opens():
    from shop.models import ThrottleCounter

    counter_hit("test:old", period=60, now=1000.0)
    counter_hit("test:current", period=60, now=1050.0)
    counter_hit("test:new", period=60, now=1070.0)

    assert sorted(ThrottleCounter.objects.values_list("ident", flat=True)) == [
        "test:current",
        "test:new",
    ]


def test_redis_counter_is_atomic_under_parallel_hits(settings):
    settings.THROTTLE_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    ident = f"test:{uuid.uuid4().hex}"
    with ThreadPoolExecutor(max_workers=20) as pool:
        hits = list(pool.map(lambda _: counter_hit(ident, period=60), range(40)))

    assert sorted(hit.count for hit in hits) == list(range(1, 41))
    assert all(0 < hit.retry_after <= 60 for hit in hits)


@pytest.mark.django_db(transaction=True)
def test_40_parallel_wrong_answers_let_no_more_than_the_limit_through(tmp_path):
    """Real gunicorn workers on a real database (a SQLite file, or PostgreSQL when the
    tests run on it): 40 wrong security answers at once for one account; the limit is 5
    a minute per e-mail."""
    with gunicorn_server(tmp_path, WEB_CONCURRENCY="4", GUNICORN_THREADS="4") as server:
        server.manage(
            "shell",
            "-c",
            "from accounts.models import User; "
            "User.objects.create_user(email='target@example.com', password='Lotus-Blue-2027', "
            "name='Target', answer='cricket')",
        )
        start = threading.Barrier(40)

        def attempt(n):
            start.wait(timeout=30)
            return requests.post(
                f"{server.url}{FORGOT}",
                json={
                    "email": "target@example.com",
                    "answer": f"wrong-{n}",
                    "newPassword": "Fresh-Lotus-2029",
                },
                timeout=60,
            ).status_code

        with ThreadPoolExecutor(max_workers=40) as pool:
            statuses = list(pool.map(attempt, range(40)))

    assert statuses.count(400) == 5, statuses
    assert statuses.count(429) == 35, statuses
