"""GET/PUT /api/v1/auth/cart and POST /api/v1/auth/cart/merge: the signed-in shopper's
cart, kept on the server. Only its owner reaches it; every bad line is a 400 naming it
that stores nothing; a merge adds a guest cart once; checkout empties it."""

import pytest
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Cart
from accounts.tests.factories import UserFactory
from accounts.tests.helpers import assert_error, raw
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from orders.tests.conftest import razorpay  # noqa: F401 (the Razorpay stand-in fixture)

pytestmark = pytest.mark.django_db

CART = "/api/v1/auth/cart"
MERGE = "/api/v1/auth/cart/merge"
CHECKOUT = "/api/v1/orders/checkout"
QUANTITY = "Cart: Item 1: Quantity must be a whole number from 1 to 10."


@pytest.fixture
def token(shopper):
    return str(AccessToken.for_user(shopper))


@pytest.fixture
def phone(db):
    return ProductFactory(name="Pixel Phone", quantity=30)


@pytest.fixture
def tee(db):
    return ProductFactory(
        name="Cotton Tee",
        options=[{"name": "Size", "values": ["S", "M"]}],
        variants=[
            {"options": {"Size": "S"}, "quantity": 20},
            {"options": {"Size": "M"}, "quantity": 20},
        ],
    )


def variants(product):
    return [str(v.pk) for v in product.variants.order_by("position")]


def line(product, quantity=1, variant=None):
    entry = {"_id": str(product.pk), "quantity": quantity}
    if variant is not None:
        entry["variant"] = variant
    return entry


def stored(user):
    cart = Cart.objects.filter(user=user).first()
    return cart.lines if cart else None


def put(api, token, cart, **extra):
    return api.put(CART, {"cart": cart, **extra}, **raw(token))


def test_the_cart_needs_a_signed_in_shopper(api):
    for response in (api.get(CART), api.put(CART, {"cart": []}), api.post(MERGE, {"cart": []})):
        assert_error(response, 401)
    assert Cart.objects.count() == 0


def test_a_shopper_who_never_saved_a_cart_has_an_empty_one(api, token, django_assert_num_queries):
    # The token's user, the cart row (none: no catalogue query).
    with django_assert_num_queries(2):
        response = api.get(CART, **raw(token))
    assert response.json() == {"success": True, "cart": [], "version": 0, "updatedAt": None}


def test_a_saved_cart_is_answered_line_by_line_in_the_order_sent(
    api, shopper, token, phone, tee, django_assert_num_queries
):
    small, medium = variants(tee)
    sent = [line(tee, 2, medium), line(phone, 1), line(tee, 1, small), line(tee, 1, medium)]
    # The token's user, the catalogue, then in a transaction (a savepoint inside the
    # test's): the user's row locked, the cart row, its INSERT.
    with django_assert_num_queries(7):
        response = put(api, token, sent)
    assert response.status_code == 200, response.json()
    expected = [
        {"_id": str(tee.pk), "variant": medium, "quantity": 3, "slug": tee.slug},
        {"_id": str(phone.pk), "variant": variants(phone)[0], "quantity": 1, "slug": phone.slug},
        {"_id": str(tee.pk), "variant": small, "quantity": 1, "slug": tee.slug},
    ]
    body = response.json()
    assert body["cart"] == expected
    assert body["version"] == 1
    assert body["updatedAt"].endswith("Z")
    # The token's user, the cart row, the catalogue.
    with django_assert_num_queries(3):
        again = api.get(CART, **raw(token))
    assert again.json()["cart"] == expected
    assert stored(shopper)[0] == {"product": tee.pk, "variant": int(medium), "quantity": 3}


def test_a_second_save_replaces_the_cart(api, shopper, token, phone, django_assert_num_queries):
    put(api, token, [line(phone, 4)])
    # As the first save, with an UPDATE for the INSERT: the same count.
    with django_assert_num_queries(7):
        response = put(api, token, [line(phone, 2)], version=1)
    assert response.json()["cart"][0]["quantity"] == 2
    assert response.json()["version"] == 2
    assert put(api, token, []).json()["cart"] == []
    assert stored(shopper) == []


@pytest.mark.parametrize(
    "cart, message",
    [
        ("nope", "Cart must be a list of {_id, variant, quantity}."),
        ([{"quantity": 1}], "Cart: Item 1: Product id is required."),
        ([{"_id": "abc"}], "Cart: Item 1: Must be an id (a whole number as text or number)."),
        ([{"_id": "1", "quantity": 0}], QUANTITY),
        ([{"_id": "1", "quantity": 11}], QUANTITY),
        ([{"_id": "1", "quantity": 2.5}], QUANTITY),
        ([{"_id": "1", "quantity": True}], QUANTITY),
        ([{"_id": "1"}] * 51, "A cart holds at most 50 lines."),
    ],
)
def test_a_malformed_cart_is_a_400_that_stores_nothing(api, shopper, token, cart, message):
    put(api, token, [])
    assert_error(put(api, token, cart), 400, message)
    assert stored(shopper) == []


def test_lines_that_cannot_be_bought_are_400s_naming_them(api, shopper, token, phone, tee):
    put(api, token, [line(phone, 1)])
    small, _ = variants(tee)
    other = ProductFactory(name="Other")
    cases = [
        (
            [line(phone), {"_id": "999999", "quantity": 1}],
            "Cart: Product 999999 is no longer available.",
        ),
        ([line(tee, 1)], "Cart: Please choose an option for Cotton Tee."),
        (
            [line(tee, 1, variants(other)[0])],
            "Cart: Cotton Tee: the option chosen is no longer available. Please choose again.",
        ),
        (
            [line(tee, 6, small), line(tee, 5, variants(tee)[1])],
            "Cart: Cotton Tee: at most 10 of one product (11 asked).",
        ),
    ]
    for cart, message in cases:
        assert_error(put(api, token, cart), 400, message)
    kept = {"product": phone.pk, "variant": phone.variants.get().pk, "quantity": 1}
    assert stored(shopper) == [kept]


def test_a_save_over_a_newer_cart_is_a_409_that_stores_nothing(api, shopper, token, phone, tee):
    put(api, token, [line(phone, 1)])  # version 1
    put(api, token, [line(phone, 3)], version=1)  # another device: version 2
    assert_error(
        put(api, token, [line(phone, 9)], version=1),
        409,
        "Your cart was changed on another device. Please review it.",
    )
    assert stored(shopper)[0]["quantity"] == 3
    refused = put(api, token, [line(phone, 1)], version="x")
    assert_error(refused, 400, "Version must be a whole number.")


def test_nobody_reaches_another_shoppers_cart(api, shopper, token, phone):
    put(api, token, [line(phone, 2)])
    other = str(AccessToken.for_user(UserFactory()))
    assert api.get(CART, **raw(other)).json()["cart"] == []
    put(api, other, [line(phone, 7)])
    api.post(MERGE, {"cart": [line(phone, 1)]}, **raw(other))
    assert stored(shopper)[0]["quantity"] == 2
    assert api.get(CART, **raw(token)).json()["cart"][0]["quantity"] == 2


def test_products_and_variants_gone_since_are_left_out_of_the_answer(api, token, phone, tee):
    small, medium = variants(tee)
    put(api, token, [line(phone, 1), line(tee, 1, small), line(tee, 2, medium)])
    Product.objects.filter(pk=phone.pk).delete()
    tee.variants.filter(pk=small).delete()
    response = api.get(CART, **raw(token))
    assert response.status_code == 200
    assert response.json()["cart"] == [
        {"_id": str(tee.pk), "variant": medium, "quantity": 2, "slug": tee.slug}
    ]


def test_a_merge_adds_the_guest_cart_capped_at_ten_a_product(
    api, shopper, token, phone, tee, django_assert_num_queries
):
    small, medium = variants(tee)
    put(api, token, [line(phone, 7), line(tee, 1, small)])
    guest = [
        line(phone, 5),  # 7 + 5: capped at 10
        line(tee, 2, small),  # added to the line of the same variant
        line(tee, 1, medium),  # a new line
        {"_id": "999999", "quantity": 1},  # gone since: skipped
    ]
    # The token's user; in a transaction: the user's row locked, the cart row, the
    # catalogue, its UPDATE.
    with django_assert_num_queries(7):
        response = api.post(MERGE, {"cart": guest, "mergeKey": "sign-in-1"}, **raw(token))
    assert response.status_code == 200, response.json()
    assert [(c["_id"], c["variant"], c["quantity"]) for c in response.json()["cart"]] == [
        (str(phone.pk), variants(phone)[0], 10),
        (str(tee.pk), small, 3),
        (str(tee.pk), medium, 1),
    ]


def test_the_same_merge_key_merges_once(api, shopper, token, phone):
    guest = [line(phone, 2)]
    first = api.post(MERGE, {"cart": guest, "mergeKey": "k1"}, **raw(token)).json()
    again = api.post(MERGE, {"cart": guest, "mergeKey": "k1"}, **raw(token)).json()
    assert first["cart"][0]["quantity"] == again["cart"][0]["quantity"] == 2
    assert again["version"] == first["version"]
    other = api.post(MERGE, {"cart": guest, "mergeKey": "k2"}, **raw(token)).json()
    assert other["cart"][0]["quantity"] == 4


def test_a_merge_into_an_empty_account_is_the_guest_cart(api, shopper, token, phone, tee):
    small, _ = variants(tee)
    response = api.post(MERGE, {"cart": [line(tee, 2, small), line(phone, 1)]}, **raw(token))
    assert [(c["_id"], c["quantity"]) for c in response.json()["cart"]] == [
        (str(tee.pk), 2),
        (str(phone.pk), 1),
    ]
    assert_error(api.post(MERGE, {"cart": [{"_id": "x"}]}, **raw(token)), 400)
    assert_error(api.post(MERGE, {"cart": [], "mergeKey": "k" * 101}, **raw(token)), 400)
    assert len(stored(shopper)) == 2


def test_a_placed_order_empties_the_account_cart(api, shopper, token, phone):
    put(api, token, [line(phone, 2)])
    response = api.post(
        CHECKOUT,
        {"cart": [line(phone, 2)], "address": "12 MG Road, Bengaluru, Karnataka 560001"},
        HTTP_IDEMPOTENCY_KEY="cart-1",
        **raw(token),
    )
    assert response.status_code == 201, response.json()
    assert stored(shopper) == []
    body = api.get(CART, **raw(token)).json()
    assert body["cart"] == [] and body["version"] == 2


def test_a_refused_checkout_leaves_the_account_cart(api, shopper, token, phone):
    put(api, token, [line(phone, 2)])
    response = api.post(
        CHECKOUT,
        {"cart": [line(phone, 40)], "address": "12 MG Road, Bengaluru, Karnataka 560001"},
        **raw(token),
    )
    assert response.status_code == 400
    assert stored(shopper)[0]["quantity"] == 2


def test_an_order_paid_online_leaves_the_cart_until_the_device_empties_it(
    api,
    shopper,
    token,
    phone,
    razorpay,  # noqa: F811
):
    put(api, token, [line(phone, 2)])
    response = api.post(
        CHECKOUT,
        {
            "cart": [line(phone, 2)],
            "address": "12 MG Road, Bengaluru, Karnataka 560001",
            "payment": "razorpay",
        },
        **raw(token),
    )
    assert response.status_code == 201, response.json()
    assert response.json()["order"]["status"] == "Awaiting Payment"
    # The shopper may still switch to cash with the same cart.
    assert stored(shopper)[0]["quantity"] == 2
