"""Fixtures shared by every app's tests (one root conftest, cookiecutter-django style)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import OperationalError, ProgrammingError, transaction
from rest_framework.test import APIClient

from catalog import prices
from catalog.tests import parts


@pytest.fixture(autouse=True)
def _isolated(settings, tmp_path):
    """Each test gets its own media folder and a local-memory cache (throttle counters and
    cached counts never leak between tests), and a fast password hasher."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Throttle counters in the test database (rolled back with each test), even when the
    # environment sets REDIS_URL; the Redis store has tests of its own.
    settings.THROTTLE_REDIS_URL = ""
    # Search and suggest count every request in that store; the tests that count a read's
    # queries measure the read itself. The throttles' own tests switch them on.
    settings.SEARCH_THROTTLE_RATE = ""
    settings.SUGGEST_THROTTLE_RATE = ""
    cache.clear()
    # Each test starts with an empty database, so with no sale: the process's schedule is
    # that, and a sale a test writes is loaded as in production (its signal).
    prices._held.reset(prices.NO_SALES)
    yield
    cache.clear()
    prices._held.reset(prices.NO_SALES)


@pytest.fixture(autouse=True)
def _parts_kept(request):
    """On PostgreSQL, after every test that wrote to the database, each product's kept
    variants and gallery still equal its rows: whatever write path the test took (the
    services, the admin, checkout, a cancel, raw SQL), the triggers kept up."""
    if "_django_db_helper" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("_django_db_helper")  # torn down after this check
    yield
    from django.db import connection

    if connection.vendor != "postgresql" or connection.needs_rollback:
        return
    import psycopg

    try:
        with transaction.atomic():
            differ = parts.differing()
    except OperationalError:
        return  # a test that made the database unreachable (its own fakes still in place)
    except ProgrammingError as error:
        if isinstance(
            error.__cause__, psycopg.errors.UndefinedColumn | psycopg.errors.UndefinedTable
        ):
            return  # a migration test left the schema before 0015
        raise
    assert not differ, f"products whose kept variants or gallery differ from their rows: {differ}"


@pytest.fixture
def api():
    """An API client that sends JSON by default."""
    client = APIClient()
    client.default_format = "json"
    return client


@pytest.fixture
def staff_client(client):
    """Django's test client logged in as a superuser (the Django admin's owner)."""
    user = get_user_model().objects.create_superuser(email="owner@example.com", password="x")
    client.force_login(user)
    return client


@pytest.fixture
def run_tasks():
    """Runs the task queue's jobs that are due (order mails), as a worker would; returns
    how many ran. The tests' web requests start no worker (TASKS_IN_PROCESS is off)."""
    from shop.tasks import run_ready_tasks

    return run_ready_tasks
