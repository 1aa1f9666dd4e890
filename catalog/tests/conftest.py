"""Clients signed in as an admin or a shopper, image bytes made by Pillow, and the
planner's statistics without leaks."""

import io
import os
import uuid

import pytest
from django.core.cache import caches
from django.db import connection
from PIL import Image
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import AdminFactory, UserFactory


def _client(user=None) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(user)}")
    return client


@pytest.fixture(params=["locmem", "redis"])
def shared_cache(request, settings):
    """The catalogue cache on Django's local memory, then on the real Redis through the
    project's backend (TEST_REDIS_URL), with the process's own layers emptied."""
    from catalog.cache import layers, sales_log, values

    if request.param == "redis":
        settings.CACHES = {
            "default": {
                "BACKEND": "shop.cache.RedisCache",
                "LOCATION": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"),
                "KEY_PREFIX": f"test-{uuid.uuid4().hex}",  # apart from parallel workers
            }
        }
    settings.CATALOG_CACHE_SECONDS = 300

    def empty():
        layers.local.clear()
        sales_log._sales_log.clear()
        values._held.clear()

    empty()
    yield caches["default"]  # (Redis keeps the prefix's keys until their timeouts)
    empty()
    # Back to local memory before the root fixture's teardown clears the cache: on Redis
    # that clear is a FLUSHDB, which would empty the other parallel workers' keys too
    # (their versions and marks recreated mid-test, their answers computed again).
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def admin_api(db):
    return _client(AdminFactory())


@pytest.fixture
def shopper_api(db):
    return _client(UserFactory())


@pytest.fixture
def anon_api(db):
    return _client()


def image_bytes(fmt: str = "JPEG", size=(40, 30), color=(10, 120, 200)) -> bytes:
    buffer = io.BytesIO()
    mode = "P" if fmt == "GIF" else "RGB"
    image = Image.new("RGB", size, color)
    if mode == "P":
        image = image.convert("P")
    image.save(buffer, format=fmt)
    return buffer.getvalue()


@pytest.fixture
def planner_statistics(db):
    """ANALYZE, to call once the test's rows are in. PostgreSQL writes ANALYZE's figures in
    place, outside the test's transaction: they would outlive its rollback and steer later
    tests (their plans, search's windows). So on the way out the catalogue's tables are
    emptied, still inside the transaction, and analyzed again: an empty catalogue is what
    the next test finds. (SQLite keeps its figures in a table, rolled back with the rest.)"""

    def analyze():
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("ANALYZE catalog_category, catalog_product")
            else:
                cursor.execute("ANALYZE")

    yield analyze
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            tables = ("variant", "productphoto", "productslughistory", "product")
            for table in tables:  # the rows that point at products first
                cursor.execute(f"DELETE FROM catalog_{table}")
            cursor.execute("DELETE FROM catalog_category")
            cursor.execute("ANALYZE catalog_category, catalog_product")
