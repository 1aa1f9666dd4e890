"""`seed_demo --orders N`: demo orders over every status, placed like real ones; a rerun
tops up to N and adds nothing more."""

import pytest
from django.core.management import call_command

from catalog.models import Product
from orders.models import Courier, Order, OrderLine

pytestmark = pytest.mark.django_db


def test_seed_demo_adds_demo_orders_and_a_rerun_adds_none(tmp_path, settings):
    call_command("seed_demo", products=12, orders=15)
    assert Order.objects.count() == 15
    statuses = set(Order.objects.values_list("status", flat=True))
    assert len(statuses) >= 3
    lines = list(OrderLine.objects.select_related("product", "variant"))
    for line in lines:
        # Each line is a variant, its price, SKU and options copied when it was placed.
        assert line.variant is not None
        assert line.variant.product_id == line.product_id
        assert line.price == line.variant.price
        assert (line.sku, line.options) == (line.variant.sku, line.variant.options)
        assert 1 <= line.quantity <= 2
    assert any(line.options for line in lines)  # sizes and colours are ordered too
    for product in Product.objects.prefetch_related("variants"):
        variants = list(product.variants.all())
        assert product.quantity == sum(v.quantity for v in variants) >= 0
    call_command("seed_demo", products=12, orders=15)
    assert Order.objects.count() == 15


def test_demo_orders_ship_with_a_demo_courier_and_link_to_its_tracking():
    from accounts.tests.factories import AdminFactory
    from orders.tests.conftest import client_for

    call_command("seed_demo", products=12, orders=18)

    assert list(Courier.objects.values_list("name", flat=True)) == ["Delhivery", "India Post"]
    shipped = Order.objects.exclude(shipped_at=None)
    assert shipped.exists()
    assert all(order.courier and order.tracking_number for order in shipped)
    answer = client_for(AdminFactory()).get("/api/v1/auth/all-orders").json()
    links = [o["shipment"]["trackingUrl"] for o in answer if o["shipment"]]
    assert links and all(link.startswith("https://www.") for link in links)


def test_seed_demo_without_orders_places_none():
    call_command("seed_demo", products=3)
    assert Product.objects.count() == 3
    assert Order.objects.count() == 0


def test_reset_keeps_the_demo_orders_lines_without_their_products():
    call_command("seed_demo", products=12, orders=4)
    before = list(OrderLine.objects.order_by("pk").values_list("name", "sku", "price"))
    call_command("seed_demo", "--reset", products=5)
    assert Product.objects.count() == 5
    assert Order.objects.count() == 4
    lines = OrderLine.objects.order_by("pk")
    assert list(lines.values_list("name", "sku", "price")) == before
    assert not lines.filter(product__isnull=False).exists()
    assert not lines.filter(variant__isnull=False).exists()
