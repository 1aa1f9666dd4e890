"""Django's Redis cache backend, with one `redis.Redis` per connection pool.

Django's `RedisCacheClient.get_client()` builds a new `redis.Redis` for every cache call;
its constructor fills a table of about 170 reply callbacks each time, which was a sixth
of a cached answer's time in process. A `redis.Redis` is safe to share (it takes a
connection from its pool for each command), and Django already gives each thread its
own cache object, so one client per pool is kept and reused. Everything else is
Django's backend unchanged."""

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}  # id(pool) -> redis.Redis; the pools live as long as this

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
