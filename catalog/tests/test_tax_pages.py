"""The server-rendered product page states what the E-Commerce Rules ask next to the
price: "Inclusive of all taxes", the country of origin and the seller, also in JSON-LD."""

from decimal import Decimal

import pytest

from catalog.tests.factories import PARTS, CategoryFactory, ProductFactory
from orders.models import ShopDetails
from shop.tests.test_seo_pages import fetch

pytestmark = pytest.mark.django_db


@pytest.fixture
def tee():
    apparel = CategoryFactory(name="Apparel", hsn="6109", gst_rate=5, country_of_origin="India")
    return ProductFactory(
        name="Linen Shirt", price=Decimal("1499.00"), category=apparel, country_of_origin="Nepal"
    )


def test_the_page_says_prices_include_tax_and_names_the_origin_and_seller(client, tee):
    page = fetch(client, "/product/linen-shirt")
    text = page.body_text
    assert "₹1,499 Inclusive of all taxes" in text
    assert "Country of origin Nepal" in text
    assert "Sold by ShopSphere Retail Private Limited" in text
    product = page.ld("Product")
    assert product["countryOfOrigin"] == {"@type": "Country", "name": "Nepal"}
    assert product["offers"]["seller"] == {
        "@type": "Organization",
        "name": "ShopSphere Retail Private Limited",
    }
    assert page.initial["product"]["countryOfOrigin"] == "Nepal"
    assert page.initial["product"]["gstRate"] == 5


def test_a_product_group_names_the_seller_on_every_offer(client):
    ProductFactory(
        name="Tee",
        options=[{"name": "Size", "values": ["S", "M"]}],
        variants=[
            {"options": {"Size": "S"}, "quantity": 1},
            {"options": {"Size": "M"}, "quantity": 1},
        ],
    )
    group = fetch(client, "/product/tee").ld("ProductGroup")
    assert group["countryOfOrigin"] == {"@type": "Country", "name": "India"}
    sellers = {member["offers"]["seller"]["name"] for member in group["hasVariant"]}
    assert sellers == {"ShopSphere Retail Private Limited"}


def test_a_new_seller_name_shows_at_once_without_a_catalogue_change(client, tee, settings):
    settings.CATALOG_CACHE_SECONDS = 300
    fetch(client, "/product/linen-shirt")
    details = ShopDetails.objects.get(pk=1)
    details.legal_name = "Acme Retail LLP"
    details.save()
    page = fetch(client, "/product/linen-shirt")
    assert "Sold by Acme Retail LLP" in page.body_text
    assert page.ld("Product")["offers"]["seller"]["name"] == "Acme Retail LLP"


def test_cold_caches_cost_the_product_query_and_the_shop_details_query_and_warm_none(
    client, tee, settings, django_assert_num_queries
):
    settings.CATALOG_CACHE_SECONDS = 300
    with django_assert_num_queries(2 + PARTS):
        cold = client.get("/product/linen-shirt")
    with django_assert_num_queries(0):
        warm = client.get("/product/linen-shirt")
    assert cold.content == warm.content
