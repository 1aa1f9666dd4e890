"""What the cached catalogue answers are keyed by and the two
cache layers: a key covers everything that changes the answer, only JSON
answers to JSON requests are stored, every key names the database it reflects, and the
file cache is kept out of the per-request path."""

import json
from decimal import Decimal

import pytest
from django.core.cache import cache, caches
from django.db import connection

from catalog.cache import LocalLayer, local, namespace, version_key
from catalog.cache.versions import bump_version
from catalog.models import Product
from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"
FILTERS = f"{BASE}/product-filters"


@pytest.fixture(autouse=True)
def _cache_on(settings):
    settings.CATALOG_CACHE_SECONDS = 300


@pytest.fixture
def two_categories():
    phones = CategoryFactory(name="Phones")
    shirts = CategoryFactory(name="Shirts")
    phone = ProductFactory(category=phones, price=Decimal("250"))
    ProductFactory.create_batch(3, category=shirts, price=Decimal("250"))
    return phones, phone


def test_a_form_post_with_the_json_bytes_does_not_poison_the_json_answer(anon_api, two_categories):
    phones, phone = two_categories
    body = json.dumps({"checked": [str(phones.pk)], "radio": [200, 349], "page": 1})
    # Same bytes, sent as a form: parsed as one odd field, so no category is checked.
    form = anon_api.post(FILTERS, body, content_type="application/x-www-form-urlencoded")
    assert form.status_code == 200
    assert len(form.json()["products"]) == 4

    answer = anon_api.post(FILTERS, body, content_type="application/json")
    assert answer.status_code == 200
    assert [p["_id"] for p in answer.json()["products"]] == [str(phone.pk)]
    assert answer.json()["total"] == 1


def test_a_json_answer_is_not_served_to_a_form_post(anon_api, two_categories):
    phones, _ = two_categories
    body = json.dumps({"checked": [str(phones.pk)], "radio": [200, 349], "page": 1})
    assert (
        len(anon_api.post(FILTERS, body, content_type="application/json").json()["products"]) == 1
    )
    form = anon_api.post(FILTERS, body, content_type="application/x-www-form-urlencoded")
    assert len(form.json()["products"]) == 4


def test_only_json_posts_are_stored(anon_api, two_categories, django_assert_num_queries):
    phones, _ = two_categories
    body = json.dumps({"checked": [str(phones.pk)], "radio": [200, 349], "page": 1})
    anon_api.post(FILTERS, body, content_type="text/plain")
    anon_api.post(FILTERS, body, content_type="application/x-www-form-urlencoded")
    # Neither filled an entry: the JSON request is answered from the database ...
    with django_assert_num_queries(2 + PARTS):
        anon_api.post(FILTERS, body, content_type="application/json")
    # ... and then from the cache.
    with django_assert_num_queries(0):
        again = anon_api.post(FILTERS, body, content_type="application/json")
    assert again.json()["total"] == 1


def test_an_error_answer_to_a_json_post_is_not_stored(anon_api, two_categories):
    bad = json.dumps({"checked": [], "radio": [200, 349], "page": 0})
    assert anon_api.post(FILTERS, bad, content_type="application/json").status_code == 400
    assert anon_api.post(FILTERS, bad, content_type="application/json").status_code == 400


def test_the_page_size_is_part_of_the_key(anon_api, settings):
    ProductFactory.create_batch(5)
    settings.PRODUCTS_PER_PAGE = 2
    assert len(anon_api.get(f"{BASE}/product-list/1").json()["products"]) == 2
    settings.PRODUCTS_PER_PAGE = 4
    assert len(anon_api.get(f"{BASE}/product-list/1").json()["products"]) == 4
    band = {"checked": [], "radio": [0, 999], "page": 1}
    assert len(anon_api.post(FILTERS, band).json()["products"]) == 4
    settings.PRODUCTS_PER_PAGE = 3
    assert len(anon_api.post(FILTERS, band).json()["products"]) == 3


def test_every_key_names_the_database(anon_api, monkeypatch, django_assert_num_queries):
    """A second database sharing the cache (a fresh PostgreSQL after the README's switch,
    a test server beside a dev server) must not be answered from the first one's
    entries, nor share its version."""
    CategoryFactory(name="Phones")
    path = "/api/v1/category/get-category"
    anon_api.get(path)
    with django_assert_num_queries(0):
        anon_api.get(path)
    first_namespace, first_version_key = namespace(), version_key()
    cache.set("catalog:probe", 1)  # the shared cache itself stays as it is

    monkeypatch.setitem(connection.settings_dict, "NAME", "another-database")
    assert namespace() != first_namespace
    assert version_key() != first_version_key
    with django_assert_num_queries(1):
        anon_api.get(path)
    assert cache.get("catalog:probe") == 1


def test_a_write_in_one_database_leaves_the_others_version(anon_api, monkeypatch):
    ProductFactory()
    anon_api.get(f"{BASE}/product-count")
    mine = cache.get(version_key())
    monkeypatch.setitem(connection.settings_dict, "NAME", "another-database")
    other_key = version_key()
    anon_api.get(f"{BASE}/product-count")
    other = cache.get(other_key)
    monkeypatch.undo()
    ProductFactory()
    assert cache.get(version_key()) != mine
    assert cache.get(other_key) == other


def test_with_the_file_cache_answers_stay_out_of_the_folder(
    anon_api, settings, tmp_path, django_assert_num_queries
):
    """Django's file cache lists its folder on every set: with it, answers live in the
    process's local layer and the folder holds only the versions and the stamped mark. A
    hit costs no SQL while nothing was sold; after a sale, a hit that shows products reads
    their `updated_at` (their stock stamps, one query by primary key) once."""
    folder = tmp_path / "cache"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(folder),
        }
    }
    products = ProductFactory.create_batch(3)
    paths = [f"{BASE}/get-product/{p.slug}" for p in products] + [
        f"{BASE}/product-list/{n}" for n in range(1, 20)
    ]
    for path in paths:
        assert anon_api.get(path).status_code == 200
    assert len(list(folder.glob("*.djcache"))) == 3  # two versions and the stamped mark
    with django_assert_num_queries(0):
        again = anon_api.get(paths[0])
    assert again.json()["product"]["slug"] == products[0].slug
    from catalog.cache import stock_changed

    stock_changed([products[1].pk])  # a sale of another product: its stamp moved
    with django_assert_num_queries(1):  # the stamps of the product shown, once
        assert anon_api.get(paths[0]).status_code == 200
    with django_assert_num_queries(0):
        assert anon_api.get(paths[0]).status_code == 200
    assert anon_api.get(f"{BASE}/product-count").status_code == 200
    with django_assert_num_queries(0):  # an answer that shows no product: no stamp to read
        assert anon_api.get(f"{BASE}/product-count").status_code == 200

    products[0].name = "Renamed On Disk"
    products[0].save()
    assert anon_api.get(paths[0]).json()["product"]["name"] == "Renamed On Disk"
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def test_an_answer_too_large_for_the_local_layer_goes_to_the_file_cache(
    anon_api, settings, tmp_path, monkeypatch, django_assert_num_queries
):
    folder = tmp_path / "cache"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(folder),
        }
    }
    monkeypatch.setattr(local, "max_bytes", 8 * 1024)  # an answer over 1 KB is too large
    category = CategoryFactory(name="Clothing")
    ProductFactory.create_batch(8, category=category)
    path = f"{BASE}/product-category/{category.slug}"
    first = anon_api.get(path)
    assert len(first.content) > 1024
    assert len(list(folder.glob("*.djcache"))) == 4  # the versions, the mark, this answer
    with django_assert_num_queries(0):
        again = anon_api.get(path)
    assert again.content == first.content
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def shared_reads(monkeypatch):
    """Starts recording the keys read from the shared cache; returns the list."""

    def start() -> list[str]:
        reads = []
        backend = caches["default"]
        original = backend.get

        def counting_get(key, *args, **kwargs):
            reads.append(key)
            return original(key, *args, **kwargs)

        monkeypatch.setattr(backend, "get", counting_get)
        return reads

    return start


def test_a_local_hit_costs_no_shared_cache_read_of_the_answer(anon_api, shared_reads):
    ProductFactory()
    path = f"{BASE}/product-count"
    anon_api.get(path)
    reads = shared_reads()
    assert anon_api.get(path).json()["total"] == 1
    # The versions and the marks: one get_many, one round trip to Redis.
    prefix = version_key().rsplit(":", 1)[0]
    assert reads == [
        version_key(),
        f"{prefix}:text-version",
        f"{prefix}:stamped",
        f"{prefix}:text-edited",
        f"{prefix}:sales-version",
        f"{prefix}:rating-version",
    ]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", f"{BASE}/product-list/2", None),
        ("get", f"{BASE}/get-product?page=2", None),
        ("post", FILTERS, {"checked": [], "radio": [0, 999], "page": 2}),
        ("get", f"{BASE}/search/shirt", None),
    ],
)
def test_an_answer_not_cached_yet_reads_the_version_once(
    anon_api, shared_reads, two_categories, method, path, body
):
    """A miss computes cached values too (the count, the catalogue's size): they share the
    version the answer started with instead of reading it again, each read a file open
    or a Redis round trip."""
    reads = shared_reads()
    response = getattr(anon_api, method)(path, body, format="json")
    assert response.status_code == 200, response.content
    assert reads.count(version_key()) == 1, reads


def test_a_cached_search_counts_what_it_holds_against_the_local_byte_bound(anon_api):
    """Search answers are values (body and correction), not whole responses: kept as
    Python lists they were counted 64 bytes each, and 900 of them grew a worker by about
    110 MB past a 32 MB bound."""
    local.clear()
    for n in range(20):
        ProductFactory(name=f"Walnut Desk Lamp {n}", description="walnut " * 300)
    found = anon_api.get(f"{BASE}/search/walnut")
    assert len(found.json()) == 20
    assert local._bytes >= len(found.content)  # at least the 20 descriptions it holds
    again = anon_api.get(f"{BASE}/search/walnut")
    assert again.content == found.content
    assert again["Content-Type"] == "application/json"


def test_the_local_byte_bound_holds_for_search_answers(anon_api, monkeypatch):
    monkeypatch.setattr(local, "max_bytes", 64 * 1024)
    local.clear()
    for n in range(12):
        ProductFactory(name=f"Walnut Desk Lamp {n}", description="walnut oak " * 200)
    for word in ("walnut", "desk", "lamp", "oak", "walnut desk", "desk lamp", "lamp oak"):
        assert len(anon_api.get(f"{BASE}/search/{word}").json()) == 12
    assert local._bytes <= 64 * 1024
    assert len(local) < 7  # the oldest answers made room


# --- the local layer on its own -------------------------------------------------------------


def test_local_layer_is_bounded_by_entries_least_recently_used_first():
    layer = LocalLayer(max_entries=3, max_bytes=10_000)
    for key in "abc":
        layer.set("v1", key, key.upper(), 10, 60)
    assert layer.get("v1", "a") == "A"  # a is now the most recent
    layer.set("v1", "d", "D", 10, 60)
    assert len(layer) == 3
    assert layer.get("v1", "b") is None
    assert [layer.get("v1", k) for k in "acd"] == ["A", "C", "D"]


def test_local_layer_is_bounded_by_bytes():
    layer = LocalLayer(max_entries=100, max_bytes=800)
    for n in range(10):
        layer.set("v1", str(n), n, 100, 60)
    assert len(layer) == 8
    assert layer.get("v1", "0") is None and layer.get("v1", "9") == 9
    layer.set("v1", "big", "x", 101, 60)  # more than an eighth of the bound: not kept
    assert layer.get("v1", "big") is None


def test_local_layer_forgets_everything_on_a_new_version_and_after_its_time():
    layer = LocalLayer(max_entries=10, max_bytes=10_000)
    layer.set("v1", "a", "A", 10, 60)
    assert layer.get("v2", "a") is None
    assert len(layer) == 0
    layer.set("v2", "b", "B", 10, -1)  # already expired
    assert layer.get("v2", "b") is None


def test_the_process_layer_is_bounded_by_the_settings_defaults():
    assert local.max_entries == 2000
    assert local.max_bytes == 32 * 1024 * 1024


def test_a_held_value_lives_no_longer_than_a_cached_answer(settings, monkeypatch):
    # values.held_value: rebuilt on a new version, and after CATALOG_CACHE_SECONDS even
    # without one (a change made by raw SQL replaces no version).
    from catalog.cache import values, versions

    clock = [1000.0]
    monkeypatch.setattr(values.time, "monotonic", lambda: clock[0])
    builds = []

    def build():
        builds.append(1)
        return len(builds)

    assert values.held_value("test-value", build) == 1
    clock[0] += 299
    assert values.held_value("test-value", build) == 1
    versions.bump_version()
    assert values.held_value("test-value", build) == 2
    clock[0] += 300
    assert values.held_value("test-value", build) == 3
    settings.CATALOG_CACHE_SECONDS = 0
    assert values.held_value("test-value", build) is None


@pytest.fixture
def shared_round_trips(monkeypatch):
    """Records each get_many and get of the shared cache (one round trip to Redis each)."""
    trips = []
    backend = caches["default"]
    get = backend.get

    def counting_get(key, *args, **kwargs):
        trips.append([key])
        return get(key, *args, **kwargs)

    def counting_get_many(keys, *args, **kwargs):
        trips.append(list(keys))
        found = {}
        for key in keys:  # locmem's own get_many calls get: not a trip of its own
            value = get(key, *args, **kwargs)
            if value is not None:
                found[key] = value
        return found

    monkeypatch.setattr(backend, "get", counting_get)
    monkeypatch.setattr(backend, "get_many", counting_get_many)
    return trips


def test_an_answer_another_server_stored_is_read_with_the_versions(
    anon_api, shared_round_trips, django_assert_num_queries
):
    """Not in this process's local layer (another server computed it): the answer is read
    in the start's round trip, under the versions the last read started from."""
    product = ProductFactory()
    path = f"{BASE}/get-product/{product.slug}"
    first = anon_api.get(path)
    local.clear()  # as on a server that never answered it
    shared_round_trips.clear()
    with django_assert_num_queries(0):
        again = anon_api.get(path)
    assert again.content == first.content
    assert len(shared_round_trips) == 1, shared_round_trips
    assert version_key() in shared_round_trips[0]
    # The versions, the marks, the sales and rating versions, and the answer.
    assert len(shared_round_trips[0]) == 7


def test_an_answer_read_with_an_old_version_is_not_served(anon_api, shared_round_trips):
    """The versions moved since this process's last read (a write on another server): what
    was read with the start under the old ones is not used; the answer is the new one."""
    product = ProductFactory(name="Brass Lamp")
    path = f"{BASE}/get-product/{product.slug}"
    assert anon_api.get(path).json()["product"]["name"] == "Brass Lamp"
    Product.objects.filter(pk=product.pk).update(name="Copper Lamp")
    bump_version()  # what the write's server does
    local.clear()  # the old answer is read with the start, under the old versions
    assert anon_api.get(path).json()["product"]["name"] == "Copper Lamp"
