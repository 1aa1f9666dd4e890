"""The demo catalogue carries real GST details: each category's HSN heading and rate
(apparel and footwear with the Rs 2,500 rule), products' own headings and origins."""

import io
from decimal import Decimal

import pytest
from django.core.management import call_command

from catalog.models import Category, Product
from catalog.tax import GST_RATES, gst_rate, valid_hsn
from demo.catalogue import CATEGORY_TAX, TEMPLATES, demo_product

pytestmark = pytest.mark.django_db


def seed(count=len(TEMPLATES)):
    call_command("seed_demo", "--products", str(count), stdout=io.StringIO())


def test_every_demo_category_has_a_heading_and_a_rate(api):
    seed()
    for category in Category.objects.all():
        tax = CATEGORY_TAX[category.slug]
        assert valid_hsn(category.hsn) and category.gst_rate in GST_RATES
        assert (category.hsn, category.gst_rate) == (tax["hsn"], tax["gst_rate"])
    for slug in ("clothing", "footwear"):
        rule = Category.objects.get(slug=slug)
        assert (rule.gst_rate, rule.gst_threshold, rule.gst_rate_above) == (
            5,
            Decimal("2500.00"),
            18,
        )
    for product in Product.objects.select_related("category"):
        item = api.get(f"/api/v1/product/get-product/{product.slug}").json()["product"]
        assert valid_hsn(item["hsn"]), item["name"]
        assert item["gstRate"] == gst_rate(product, product.category, product.price)
        assert item["countryOfOrigin"]


def test_products_take_their_own_heading_and_the_brand_origin():
    seed()
    oxfords = Product.objects.get(name__contains="Formal Leather Oxfords")
    assert (oxfords.hsn, oxfords.category.hsn) == ("6403", "6404")
    assert Product.objects.get(name__contains="Smash v2 Sneakers").hsn is None  # the category's
    jeans = Product.objects.get(name__contains="511 Slim Jeans")
    assert jeans.hsn == "6203" and jeans.country_of_origin is None
    assert Product.objects.get(name__contains="WH-1000XM5").country_of_origin == "Malaysia"
    assert Product.objects.get(name__contains="IdeaPad").country_of_origin == "China"


def test_the_apparel_rule_gives_5_or_18_by_price(api):
    seed(len(TEMPLATES) * 3)
    rates = set()
    for product in Product.objects.filter(category__slug__in=["clothing", "footwear"]):
        item = api.get(f"/api/v1/product/get-product/{product.slug}").json()["product"]
        # Rs 2,625 is Rs 2,500 of sale value at 5%: the most a piece may cost at 5%.
        assert item["gstRate"] == (5 if product.price <= Decimal("2625") else 18), item["name"]
        rates.add(item["gstRate"])
    assert rates == {5, 18}


def test_an_earlier_seed_category_gets_the_defaults_and_an_operator_rule_is_kept():
    Category.objects.create(name="Clothing", slug="clothing")  # an earlier seed's
    Category.objects.create(name="Audio", slug="audio", hsn="8519", gst_rate=5)
    seed(1)
    clothing = Category.objects.get(slug="clothing")
    assert (clothing.hsn, clothing.gst_rate, clothing.gst_rate_above) == ("6109", 5, 18)
    audio = Category.objects.get(slug="audio")
    assert (audio.hsn, audio.gst_rate) == ("8519", 5)


def test_demo_products_are_the_same_every_run():
    assert demo_product(7).hsn == demo_product(7).hsn
    assert [demo_product(i).country_of_origin for i in range(len(TEMPLATES))] == [
        demo_product(i + len(TEMPLATES)).country_of_origin for i in range(len(TEMPLATES))
    ]
