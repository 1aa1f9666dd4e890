"""The Redis cache backend (shop/cache.py) against the real Redis: Django's behaviour, with
one redis.Redis per connection pool instead of one per call."""

import os
import threading
import uuid

import pytest
from django.core.cache import caches

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "redis_test": {
            "BACKEND": "shop.cache.RedisCache",
            "LOCATION": REDIS_URL,
            # Apart from every other run's keys, so parallel workers never meet.
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        },
    }
    cache = caches["redis_test"]
    yield cache
    cache.delete_many([f"k{n}" for n in range(10)] + ["counter", "added"])


def test_it_stores_reads_counts_and_forgets_like_djangos_backend(redis_cache):
    redis_cache.set("k1", {"price": "1499.00", "names": ["₹", "कुर्ता"]}, timeout=60)
    redis_cache.set_many({"k2": 2, "k3": b"\x00bytes"}, timeout=60)
    assert redis_cache.get("k1") == {"price": "1499.00", "names": ["₹", "कुर्ता"]}
    assert redis_cache.get_many(["k1", "k2", "k3", "k4"]) == {
        "k1": {"price": "1499.00", "names": ["₹", "कुर्ता"]},
        "k2": 2,
        "k3": b"\x00bytes",
    }
    assert redis_cache.add("added", 1) is True
    assert redis_cache.add("added", 2) is False
    redis_cache.set("counter", 5)
    assert redis_cache.incr("counter", 3) == 8
    redis_cache.delete("k2")
    assert redis_cache.get("k2", "gone") == "gone"
    redis_cache.set("k5", "short", timeout=0)  # Django: a timeout of 0 stores nothing
    assert redis_cache.get("k5") is None


def test_one_client_serves_every_call_of_a_cache_object(redis_cache):
    client = redis_cache._cache
    first = client.get_client("k1")
    redis_cache.set("k1", 1)
    redis_cache.get("k1")
    assert client.get_client("k1") is first
    assert client.get_client("k1", write=True) is first  # one server: one pool


def test_threads_each_get_their_own_cache_object_and_all_see_every_write(redis_cache):
    """Django's cache handler gives each thread its own backend object; with the reused
    client, eight threads writing and reading at once still each see every write."""
    clients, errors = [], []
    barrier = threading.Barrier(8)

    def work(n):
        try:
            cache = caches["redis_test"]
            barrier.wait(timeout=10)
            for round_ in range(50):
                cache.set(f"k{n}", round_)
                cache.incr("counter") if cache.add("counter", 1) is False else None
            clients.append(cache._cache.get_client())
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len({id(client) for client in clients}) == 8
    assert caches["redis_test"].get_many([f"k{n}" for n in range(8)]) == {
        f"k{n}": 49 for n in range(8)
    }
    assert caches["redis_test"].get("counter") == 8 * 50
