"""How much of the read cache an edit of a product makes stale (catalog.cache,
`catalog_changed`): a change of its description, stock or shipping only replaces its own
stamps (and, for a description, the text version search answers are kept under); a
change of its name, price or category replaces the catalogue version, as any other write
does. Measured by the SQL the next reads cost."""

import pytest

from catalog.cache import catalog_version, local
from catalog.tests.admin_forms import change_page
from catalog.tests.factories import CategoryFactory, ProductFactory

BASE = "/api/v1/product"


@pytest.fixture
def shop(db, settings):
    settings.CATALOG_CACHE_SECONDS = 300
    local.clear()
    category = CategoryFactory(name="Kitchen")
    kettle = ProductFactory(name="Steel Kettle", description="Boils water.", category=category)
    older = [ProductFactory(name=f"Mug {n}", category=category) for n in range(8)]
    return kettle, older


def edit(admin_api, product, **fields):
    response = admin_api.put(f"{BASE}/update-product/{product.pk}", fields, format="multipart")
    assert response.status_code == 200, response.content
    return response


def test_a_description_edit_refreshes_what_shows_the_product_and_search_only(
    admin_api, anon_api, shop, settings, django_assert_num_queries
):
    settings.SEARCH_TEXT_DELAY_SECONDS = 0  # searches at once (the delay: below)
    kettle, older = shop
    untouched = [f"{BASE}/product-list/1", f"{BASE}/product-count", "/api/v1/category/get-category"]
    untouched.append(f"{BASE}/get-product/{older[0].slug}")
    # The kettle is the oldest: on page 2 of the list, not on page 1.
    for path in [*untouched, f"{BASE}/product-list/2", f"{BASE}/search/whistles"]:
        assert anon_api.get(path).status_code == 200
    version = catalog_version()

    edit(admin_api, kettle, description="Boils water and whistles.")

    assert catalog_version() == version
    for path in untouched:
        with django_assert_num_queries(0):
            assert anon_api.get(path).status_code == 200
    listed = anon_api.get(f"{BASE}/product-list/2").json()["products"]
    assert {p["slug"]: p["description"] for p in listed}[kettle.slug].endswith("whistles.")
    assert [p["slug"] for p in anon_api.get(f"{BASE}/search/whistles").json()] == [kettle.slug]


@pytest.fixture
def clock(monkeypatch):
    """The cache's clock, moved by hand (nanoseconds)."""
    from catalog.cache import versions

    now = [versions.time.time_ns()]
    monkeypatch.setattr(versions, "_now_ns", lambda: now[0])
    return now


def search(anon_api, word):
    return [p["slug"] for p in anon_api.get(f"{BASE}/search/{word}").json()]


def test_a_search_the_edit_makes_the_product_match_follows_within_the_delay(
    shared_cache, admin_api, anon_api, shop, settings, clock, django_assert_num_queries
):
    settings.SEARCH_TEXT_DELAY_SECONDS = 30
    kettle, _ = shop
    assert search(anon_api, "whistles") == [] and search(anon_api, "water") == [kettle.slug]

    edit(admin_api, kettle, description="Boils water and whistles.")
    clock[0] += 29 * 10**9
    edit(admin_api, kettle, description="Boils water and whistles loudly.")

    # What shows the kettle is fresh at once (its stamps), search answers that show it too.
    shown = anon_api.get(f"{BASE}/get-product/{kettle.slug}").json()["product"]
    assert shown["description"].endswith("loudly.")
    assert anon_api.get(f"{BASE}/search/water").json()[0]["description"].endswith("loudly.")
    # A search it did not show waits for the delay, counted from the first edit waiting.
    with django_assert_num_queries(0):
        assert search(anon_api, "whistles") == []
    clock[0] += 1 * 10**9
    assert search(anon_api, "whistles") == [kettle.slug]
    assert search(anon_api, "loudly") == [kettle.slug]
    # The second edit was searched with the first: nothing waits any more.
    clock[0] += 60 * 10**9
    with django_assert_num_queries(0):
        assert search(anon_api, "whistles") == [kettle.slug]


@pytest.mark.parametrize(
    "change", [{"price": "1234"}, {"name": "Copper Kettle"}, {"category": "new"}]
)
def test_a_name_price_or_category_edit_replaces_the_catalogue_version(
    admin_api, anon_api, shop, change
):
    kettle, _ = shop
    if change.get("category") == "new":
        change = {"category": str(CategoryFactory(name="Tea").pk)}
    version = catalog_version()
    edit(admin_api, kettle, **change)
    assert catalog_version() != version


def test_a_stock_edit_in_the_django_admin_keeps_the_catalogue_version(
    db, shop, staff_client, anon_api, django_assert_num_queries
):
    kettle, _ = shop
    path = f"{BASE}/product-list/1"  # the kettle, the oldest, is not on it
    data = change_page(staff_client, kettle, **{"variants-0-quantity": "99"})
    anon_api.get(path)
    version = catalog_version()
    response = staff_client.post(f"/admin/catalog/product/{kettle.pk}/change/", data)
    assert response.status_code == 302
    assert catalog_version() == version
    with django_assert_num_queries(0):
        anon_api.get(path)
    detail = anon_api.get(f"{BASE}/get-product/{kettle.slug}").json()["product"]
    assert detail["quantity"] == 99


def test_readers_at_the_moment_the_delay_ends_replace_the_text_version_once(
    shared_cache, admin_api, shop, settings, clock, monkeypatch
):
    import threading

    from catalog.cache import keys, versions

    settings.SEARCH_TEXT_DELAY_SECONDS = 30
    kettle, _ = shop
    before = versions._start()[1]
    edit(admin_api, kettle, description="Boils water and whistles.")
    clock[0] += 30 * 10**9
    replaced = []
    original = type(shared_cache).set

    def counting_set(self, key, value, *args, **kwargs):
        if key == keys._text_key():
            replaced.append(value)
        return original(self, key, value, *args, **kwargs)

    # On the class: each thread has its own instance of the cache backend.
    monkeypatch.setattr(type(shared_cache), "set", counting_set)
    start = threading.Barrier(8)
    seen = []

    def read():
        start.wait(10)
        seen.append(versions._start()[1])

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)

    assert len(replaced) == 1 and replaced[0] != before
    assert len(seen) == 8 and set(seen) <= {before, replaced[0]}
    assert versions._start()[1] == replaced[0]
