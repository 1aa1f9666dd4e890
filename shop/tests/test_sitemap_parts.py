"""Sitemap parts hold at most SITEMAP_URLS_PER_FILE addresses (10,000 by default), each
part is built once per catalogue version, and a crawler that sends back the ETag gets 304."""

import xml.etree.ElementTree as ET

import pytest

from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
BASE = "http://testserver"


def _locs(response, tag: str) -> list[str]:
    assert response.status_code == 200
    return [loc.text for loc in ET.fromstring(response.content).findall(f"sm:{tag}/sm:loc", NS)]


def test_with_the_default_a_part_holds_at_most_10000_addresses(client):
    category = CategoryFactory(name="Bulk")
    Product.objects.bulk_create(
        Product(
            name=f"Item {n}",
            slug=f"item-{n}",
            description="x",
            price=1,
            quantity=1,
            category=category,
        )
        for n in range(10_001)
    )

    parts = _locs(client.get("/sitemap.xml"), "sitemap")

    assert f"{BASE}/sitemap-products.xml" in parts
    assert f"{BASE}/sitemap-products.xml?p=2" in parts
    assert len(_locs(client.get("/sitemap-products.xml"), "url")) == 10_000
    assert _locs(client.get("/sitemap-products.xml?p=2"), "url") == [f"{BASE}/product/item-10000"]


def test_a_small_shop_is_one_file(client):
    ProductFactory.create_batch(3)
    root = ET.fromstring(client.get("/sitemap.xml").content)
    assert root.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"


@pytest.mark.parametrize("path", ["/sitemap.xml", "/sitemap-products.xml?p=2"])
def test_a_second_request_for_a_part_makes_no_query(
    client, settings, django_assert_num_queries, path
):
    settings.SITEMAP_URLS_PER_FILE = 5
    ProductFactory.create_batch(7)
    first = client.get(path)
    assert first.status_code == 200

    with django_assert_num_queries(0):
        second = client.get(path)

    assert second.status_code == 200
    assert second.content == first.content
    assert second["Content-Type"] == first["Content-Type"]
    assert second["ETag"] == first["ETag"]


def test_a_matching_etag_is_304_without_a_query_and_a_change_makes_a_new_one(
    client, settings, django_assert_num_queries
):
    settings.SITEMAP_URLS_PER_FILE = 5
    products = ProductFactory.create_batch(7)
    etag = client.get("/sitemap-products.xml")["ETag"]
    assert etag

    with django_assert_num_queries(0):
        again = client.get("/sitemap-products.xml", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""

    products[0].name = "Renamed Thing"
    products[0].slug = "renamed-thing"
    products[0].save()
    changed = client.get("/sitemap-products.xml", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert f"{BASE}/product/renamed-thing" in _locs(changed, "url")


def test_an_unknown_part_or_page_is_still_404(client):
    ProductFactory()
    assert client.get("/sitemap-nothing.xml").status_code == 404
    assert client.get("/sitemap-products.xml?p=9").status_code == 404
