"""`/sitemap.xml`: home, the static pages, every category and every product with
the date it last changed, nothing private; an index of parts once it passes the limit."""

import xml.etree.ElementTree as ET

import pytest
from django.utils import timezone

from catalog.tests.factories import CategoryFactory, ProductFactory
from shop import sitemaps

pytestmark = pytest.mark.django_db

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def _urls(client, path="/sitemap.xml") -> dict[str, str | None]:
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    root = ET.fromstring(response.content)
    assert root.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"
    return {
        url.findtext("sm:loc", namespaces=NS): url.findtext("sm:lastmod", namespaces=NS)
        for url in root.findall("sm:url", NS)
    }


def test_the_sitemap_lists_every_product_category_and_public_page(client):
    audio, phones = CategoryFactory(name="Audio"), CategoryFactory(name="Phones")
    products = [*ProductFactory.create_batch(3, category=audio), ProductFactory(category=phones)]
    empty = CategoryFactory(name="Empty")
    urls = _urls(client)
    base = "http://testserver"
    expected = {f"{base}/product/{p.slug}" for p in products}
    expected |= {f"{base}/category/{c.slug}" for c in (audio, phones, empty)}
    expected |= {f"{base}{path}" for path in sitemaps.STATIC_PATHS}
    assert set(urls) == expected
    # The date in the shop's time zone (TIME_ZONE, Asia/Kolkata), as the sitemap writes
    # it: from 18:30 UTC that is already tomorrow's date.
    newest = max(p.updated_at for p in products[:3])
    assert urls[f"{base}/category/{audio.slug}"] == _shop_date(newest)
    for product in products:
        assert urls[f"{base}/product/{product.slug}"] == _shop_date(product.updated_at)


def _shop_date(moment) -> str:
    return timezone.localtime(moment).date().isoformat()


def test_the_dates_are_the_shops_own_even_when_utc_has_not_turned(client, settings):
    # 20:00 UTC on 25 November is 01:30 on the 26th in Kolkata; the sitemap says the 26th.
    from datetime import UTC, datetime

    from catalog.models import Product

    product = ProductFactory()
    Product.objects.filter(pk=product.pk).update(
        updated_at=datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
    )
    assert settings.TIME_ZONE == "Asia/Kolkata"
    assert _urls(client)[f"http://testserver/product/{product.slug}"] == "2026-11-26"


def test_nothing_private_is_in_the_sitemap(client):
    ProductFactory()
    for url in _urls(client):
        path = url.removeprefix("http://testserver")
        assert not path.startswith(("/dashboard", "/cart", "/api/", "/admin", "/login"))
        assert path != "/search"


def test_a_renamed_product_is_listed_at_its_new_address(client, api):
    from catalog import services

    product = ProductFactory(name="Old Name")
    services.product_update(product=product, name="New Name")
    urls = _urls(client)
    assert "http://testserver/product/new-name" in urls
    assert "http://testserver/product/old-name" not in urls


def test_past_the_limit_the_sitemap_is_an_index_of_parts(client, settings):
    settings.SITEMAP_URLS_PER_FILE = 5
    products = ProductFactory.create_batch(7)  # 7 products + 7 categories + 8 pages
    response = client.get("/sitemap.xml")
    root = ET.fromstring(response.content)
    assert root.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}sitemapindex"
    parts = [loc.text for loc in root.findall("sm:sitemap/sm:loc", NS)]
    assert "http://testserver/sitemap-products.xml" in parts
    assert "http://testserver/sitemap-products.xml?p=2" in parts
    listed = set()
    for part in parts:
        listed |= set(_urls(client, part.removeprefix("http://testserver")))
    assert {f"http://testserver/product/{p.slug}" for p in products} <= listed
    assert len(listed) == 7 + 7 + len(sitemaps.STATIC_PATHS)


def test_an_unknown_sitemap_part_is_a_404(client):
    assert client.get("/sitemap-nothing.xml").status_code == 404
