"""Checkout with variants: a cart line is a variant; its stock and the product's sum move
together; every line that cannot be sold is a clear error that takes nothing."""

from decimal import Decimal

import pytest

from catalog.models import Product, Variant
from catalog.tests.factories import ProductFactory
from orders.models import Order, OrderLine

CHECKOUT = "/api/v1/orders/checkout"


@pytest.fixture
def tee(db):
    return ProductFactory(
        name="Cotton Tee",
        price=Decimal("499"),
        options=[
            {"name": "Size", "values": ["S", "M"]},
            {"name": "Colour", "values": ["Black", "Blue"]},
        ],
        variants=[
            {"options": {"Size": "S", "Colour": "Black"}, "quantity": 1},
            {"options": {"Size": "M", "Colour": "Black"}, "quantity": 6, "price": Decimal("549")},
            {"options": {"Size": "M", "Colour": "Blue"}, "quantity": 0},
        ],
    )


def variant(product, **choice):
    return next(v for v in product.variants.all() if v.options == choice)


def stock():
    return (
        sorted(Product.objects.values_list("pk", "quantity")),
        sorted(Variant.objects.values_list("pk", "quantity")),
        Order.objects.count(),
        OrderLine.objects.count(),
    )


def test_a_line_names_its_variant_and_the_order_line_copies_it(buyer_api, tee):
    medium = variant(tee, Size="M", Colour="Black")
    cart = [{"_id": str(tee.pk), "variant": str(medium.pk), "quantity": 2}]

    response = buyer_api.post(CHECKOUT, {"cart": cart})

    assert response.status_code == 201, response.json()
    (line,) = response.json()["order"]["products"]
    assert line["variant"] == str(medium.pk)
    assert line["sku"] == medium.sku
    assert line["options"] == {"Size": "M", "Colour": "Black"}
    assert line["price"] == 549  # the variant's own price
    assert response.json()["order"]["total"] == 1098
    medium.refresh_from_db()
    tee.refresh_from_db()
    assert (medium.quantity, tee.quantity) == (4, 5)


def test_the_same_variant_twice_is_one_line_and_two_sizes_are_two(buyer_api, tee):
    small, medium = variant(tee, Size="S", Colour="Black"), variant(tee, Size="M", Colour="Black")
    cart = [
        {"_id": tee.pk, "variant": medium.pk, "quantity": 1},
        {"_id": tee.pk, "variant": small.pk, "quantity": 1},
        {"_id": tee.pk, "variant": medium.pk, "quantity": 2},
    ]

    response = buyer_api.post(CHECKOUT, {"cart": cart})

    assert response.status_code == 201, response.json()
    lines = response.json()["order"]["products"]
    assert [(line["variant"], line["quantity"]) for line in lines] == [
        (str(medium.pk), 3),
        (str(small.pk), 1),
    ]
    tee.refresh_from_db()
    assert tee.quantity == 3


def test_a_product_with_several_variants_needs_a_choice(buyer_api, tee):
    before = stock()
    response = buyer_api.post(CHECKOUT, {"cart": [{"_id": tee.pk, "quantity": 1}]})
    assert response.status_code == 400
    assert response.json()["errors"]["cart"] == ["Please choose Size and Colour for Cotton Tee."]
    assert stock() == before


def test_a_variant_of_another_product_or_one_removed_is_a_clear_400(buyer_api, tee):
    other = ProductFactory(name="Mug")
    stranger = other.variants.get()
    gone = variant(tee, Size="S", Colour="Black")
    gone_pk = gone.pk
    gone.delete()
    before = stock()

    for wrong in (stranger.pk, gone_pk):
        response = buyer_api.post(
            CHECKOUT, {"cart": [{"_id": tee.pk, "variant": wrong, "quantity": 1}]}
        )
        assert response.status_code == 400
        assert response.json()["errors"]["cart"] == [
            "Cotton Tee: the option chosen is no longer available. Please choose again."
        ]
    assert stock() == before


def test_a_short_variant_is_409_naming_its_values_even_when_the_product_has_stock(buyer_api, tee):
    small = variant(tee, Size="S", Colour="Black")
    before = stock()

    response = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": tee.pk, "variant": small.pk, "quantity": 2}]}
    )

    assert response.status_code == 409
    assert response.json()["message"] == "Not enough stock: Cotton Tee (S, Black) (1 left)."
    assert stock() == before


def test_ten_of_a_product_is_the_cap_across_its_variants(buyer_api, tee):
    Variant.objects.filter(product=tee).update(quantity=20)
    Product.objects.filter(pk=tee.pk).update(quantity=60)
    small, medium = variant(tee, Size="S", Colour="Black"), variant(tee, Size="M", Colour="Black")
    before = stock()
    cart = [
        {"_id": tee.pk, "variant": small.pk, "quantity": 6},
        {"_id": tee.pk, "variant": medium.pk, "quantity": 5},
    ]

    response = buyer_api.post(CHECKOUT, {"cart": cart})

    assert response.status_code == 400
    assert "at most 10 of one product per order (11 asked)" in response.json()["errors"]["cart"][0]
    assert stock() == before


def test_cancelling_returns_the_stock_to_the_variant_and_the_product(buyer_api, tee):
    medium = variant(tee, Size="M", Colour="Black")
    cart = [{"_id": tee.pk, "variant": medium.pk, "quantity": 2}]
    order = buyer_api.post(CHECKOUT, {"cart": cart}).json()["order"]

    response = buyer_api.post(f"/api/v1/orders/{order['_id']}/cancel")

    assert response.status_code == 200, response.json()
    medium.refresh_from_db()
    tee.refresh_from_db()
    assert (medium.quantity, tee.quantity) == (6, 7)


def test_a_retry_names_the_same_variants_or_is_another_checkout(buyer_api, tee):
    small, medium = variant(tee, Size="S", Colour="Black"), variant(tee, Size="M", Colour="Black")
    headers = {"HTTP_IDEMPOTENCY_KEY": "tap-1"}
    first = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": tee.pk, "variant": medium.pk, "quantity": 1}]}, **headers
    )
    again = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": tee.pk, "variant": medium.pk, "quantity": 1}]}, **headers
    )
    other = buyer_api.post(
        CHECKOUT, {"cart": [{"_id": tee.pk, "variant": small.pk, "quantity": 1}]}, **headers
    )

    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 422)
    assert again.json()["order"]["_id"] == first.json()["order"]["_id"]
    assert Order.objects.count() == 1
