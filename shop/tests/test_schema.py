"""The OpenAPI description at /api/schema/ and the docs at /api/docs/: every contract call,
its real shapes, the error shape and the token header; valid with no generator warnings."""

import re
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

# The calls of the HTTP contract (docs/api.md), written out so a missing or renamed route fails.
CONTRACT_CALLS = {
    ("post", "/api/v1/auth/register"),
    ("post", "/api/v1/auth/login"),
    ("post", "/api/v1/auth/forgot-password"),
    ("get", "/api/v1/auth/user-auth"),
    ("get", "/api/v1/auth/admin-auth"),
    ("put", "/api/v1/auth/profile"),
    ("get", "/api/v1/auth/users"),
    ("get", "/api/v1/category/get-category"),
    ("get", "/api/v1/category/single-category/{}"),
    ("post", "/api/v1/category/create-category"),
    ("put", "/api/v1/category/update-category/{}"),
    ("delete", "/api/v1/category/delete-category/{}"),
    ("get", "/api/v1/product/product-list/{}"),
    ("get", "/api/v1/product/product-count"),
    ("post", "/api/v1/product/product-filters"),
    ("get", "/api/v1/product/search/{}"),
    ("get", "/api/v1/product/suggest"),
    ("get", "/api/v1/product/get-product"),
    ("get", "/api/v1/product/get-product/{}"),
    ("get", "/api/v1/product/related-product/{}/{}"),
    ("get", "/api/v1/product/product-category/{}"),
    ("get", "/api/v1/product/product-photo/{}"),
    ("get", "/api/v1/product/product-photo/{}/{}"),  # a gallery photo
    ("post", "/api/v1/product/option-facets"),  # the option values a filter can take
    ("post", "/api/v1/product/create-product"),
    ("put", "/api/v1/product/update-product/{}"),
    ("delete", "/api/v1/product/delete-product/{}"),
    ("post", "/api/v1/orders/checkout"),
    ("get", "/api/v1/auth/orders"),
    ("get", "/api/v1/orders/{}"),
    ("post", "/api/v1/orders/{}/cancel"),
    ("get", "/api/v1/orders/{}/invoice"),  # the tax invoice's PDF
    ("get", "/api/v1/orders/{}/credit-note"),  # the credit note's PDF
    ("get", "/api/v1/auth/all-orders"),
    ("put", "/api/v1/auth/order-status/{}"),
    ("post", "/api/v1/auth/password-reset"),
    ("post", "/api/v1/auth/password-reset/confirm"),
    ("get", "/api/v1/admin/dashboard"),  # the owner's dashboard
    ("get", "/api/v1/admin/products"),  # the owner's products table
    ("get", "/api/v1/auth/addresses"),  # selling in India: delivery addresses
    ("post", "/api/v1/auth/addresses"),
    ("put", "/api/v1/auth/addresses/{}"),
    ("delete", "/api/v1/auth/addresses/{}"),
    ("get", "/api/v1/delivery/{}"),  # where the shop delivers
    ("get", "/api/v1/shop-info"),  # the seller's details (selling in India)
    ("post", "/api/v1/orders/{}/razorpay/verify"),  # paying online
    ("post", "/api/v1/orders/{}/pay-on-delivery"),  # cash on delivery instead of online
    ("post", "/api/v1/payments/razorpay/webhook"),  # Razorpay's webhook (no token)
    ("get", "/api/v1/auth/cart"),  # the account's cart, on every device
    ("put", "/api/v1/auth/cart"),
    ("post", "/api/v1/auth/cart/merge"),
    ("get", "/api/v1/coupons"),  # promotions: coupons and sales (the admin's)
    ("post", "/api/v1/coupons"),
    ("put", "/api/v1/coupons/{}"),
    ("delete", "/api/v1/coupons/{}"),
    ("post", "/api/v1/coupons/check"),  # what a code takes off a cart
    ("get", "/api/v1/sales"),
    ("post", "/api/v1/sales"),
    ("put", "/api/v1/sales/{}"),
    ("delete", "/api/v1/sales/{}"),
    ("post", "/api/v1/orders/{}/returns"),  # returns and exchanges
    ("get", "/api/v1/orders/{}/returns"),
    ("get", "/api/v1/returns"),
    ("put", "/api/v1/returns/{}/status"),
    ("get", "/api/v1/couriers"),  # shipments: the couriers with tracking pages (the admin's)
    ("get", "/api/v1/admin/categories"),  # the owner's settings: categories' tax defaults
    ("get", "/api/v1/admin/shop-settings"),  # the shop's details, delivery and COD cap
    ("put", "/api/v1/admin/shop-settings"),
    ("get", "/api/v1/admin/served-pincodes"),  # the served PIN codes
    ("post", "/api/v1/admin/served-pincodes"),
    ("delete", "/api/v1/admin/served-pincodes"),
    ("get", "/api/v1/reports/gstr1"),  # GST returns: GSTR-1 (JSON or a ZIP of CSV)
    ("get", "/api/v1/reports/gstr1/summary"),
    ("get", "/api/v1/reports/sales-tax"),  # the sales and tax summary
    ("get", "/api/v1/reports/sales-over-time"),  # the dashboard: sales by day, top products
    ("get", "/api/v1/reports/to-act-on"),  # the dashboard: what needs the owner now
    ("get", "/api/v1/auth/wishlist"),  # the wishlist
    ("post", "/api/v1/auth/wishlist"),
    ("delete", "/api/v1/auth/wishlist/{}"),
    ("post", "/api/v1/product/{}/notify"),  # a back-in-stock mail (no token needed)
    ("get", "/api/v1/product/{}/reviews"),  # reviews (the list: anyone)
    ("post", "/api/v1/product/{}/reviews"),
    ("put", "/api/v1/reviews/{}"),
    ("delete", "/api/v1/reviews/{}"),
    ("post", "/api/v1/reviews/{}/helpful"),
    ("post", "/api/v1/reviews/{}/report"),
    ("put", "/api/v1/reviews/{}/status"),  # the moderators'
    ("get", "/api/v1/reviews"),
}
ADMIN_CALLS = {
    ("get", "/api/v1/auth/admin-auth"),
    ("get", "/api/v1/auth/users"),
    ("post", "/api/v1/category/create-category"),
    ("put", "/api/v1/category/update-category/{}"),
    ("delete", "/api/v1/category/delete-category/{}"),
    ("post", "/api/v1/product/create-product"),
    ("put", "/api/v1/product/update-product/{}"),
    ("delete", "/api/v1/product/delete-product/{}"),
    ("get", "/api/v1/auth/all-orders"),
    ("put", "/api/v1/auth/order-status/{}"),
    ("get", "/api/v1/admin/dashboard"),
    ("get", "/api/v1/admin/products"),
    ("get", "/api/v1/coupons"),
    ("post", "/api/v1/coupons"),
    ("put", "/api/v1/coupons/{}"),
    ("delete", "/api/v1/coupons/{}"),
    ("get", "/api/v1/sales"),
    ("post", "/api/v1/sales"),
    ("put", "/api/v1/sales/{}"),
    ("delete", "/api/v1/sales/{}"),
    ("get", "/api/v1/returns"),
    ("put", "/api/v1/returns/{}/status"),
    ("get", "/api/v1/couriers"),
    ("get", "/api/v1/admin/categories"),
    ("get", "/api/v1/admin/shop-settings"),
    ("put", "/api/v1/admin/shop-settings"),
    ("get", "/api/v1/admin/served-pincodes"),
    ("post", "/api/v1/admin/served-pincodes"),
    ("delete", "/api/v1/admin/served-pincodes"),
    ("get", "/api/v1/reports/gstr1"),
    ("get", "/api/v1/reports/gstr1/summary"),
    ("get", "/api/v1/reports/sales-tax"),
    ("get", "/api/v1/reports/sales-over-time"),
    ("get", "/api/v1/reports/to-act-on"),
    ("put", "/api/v1/reviews/{}/status"),
    ("get", "/api/v1/reviews"),
}
SIGNED_IN_CALLS = {
    ("get", "/api/v1/auth/user-auth"),
    ("put", "/api/v1/auth/profile"),
    ("post", "/api/v1/orders/checkout"),
    ("get", "/api/v1/auth/orders"),
    ("get", "/api/v1/orders/{}"),
    ("post", "/api/v1/orders/{}/cancel"),
    ("get", "/api/v1/auth/addresses"),
    ("post", "/api/v1/auth/addresses"),
    ("put", "/api/v1/auth/addresses/{}"),
    ("delete", "/api/v1/auth/addresses/{}"),
    ("get", "/api/v1/orders/{}/invoice"),
    ("get", "/api/v1/orders/{}/credit-note"),
    ("post", "/api/v1/orders/{}/razorpay/verify"),
    ("post", "/api/v1/orders/{}/pay-on-delivery"),
    ("get", "/api/v1/auth/cart"),
    ("put", "/api/v1/auth/cart"),
    ("post", "/api/v1/auth/cart/merge"),
    ("post", "/api/v1/coupons/check"),
    ("post", "/api/v1/orders/{}/returns"),
    ("get", "/api/v1/orders/{}/returns"),
    ("get", "/api/v1/auth/wishlist"),
    ("post", "/api/v1/auth/wishlist"),
    ("delete", "/api/v1/auth/wishlist/{}"),
    ("post", "/api/v1/product/{}/reviews"),
    ("put", "/api/v1/reviews/{}"),
    ("delete", "/api/v1/reviews/{}"),
    ("post", "/api/v1/reviews/{}/helpful"),
    ("post", "/api/v1/reviews/{}/report"),
}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from django.test import Client, override_settings

    # Outside any test's transaction: no throttle counter, which would outlive the test.
    with django_db_blocker.unblock(), override_settings(SCHEMA_THROTTLE_RATE=""):
        response = Client().get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield (method, re.sub(r"\{[^}]+\}", "{}", path)), operation


def test_the_schema_lists_exactly_the_contract_calls(schema):
    assert schema["openapi"].startswith("3.")
    assert {key for key, _ in _operations(schema)} == CONTRACT_CALLS


def test_every_call_has_a_summary_a_success_answer_and_error_answers_in_the_error_shape(schema):
    for key, operation in _operations(schema):
        assert operation.get("summary"), key
        codes = set(operation["responses"])
        assert codes & {"200", "201"}, key
        for code in codes - {"200", "201", "304"}:
            body = operation["responses"][code]["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/Error"}, (key, code)


def test_the_error_shape_is_success_false_and_a_message(schema):
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["success", "message"]
    assert error["properties"]["success"]["enum"] == [False]
    assert error["properties"]["errors"]["additionalProperties"]["items"]["type"] == "string"


def test_the_token_header_is_described_and_required_exactly_where_the_contract_says(schema):
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert (scheme["type"], scheme["in"], scheme["name"]) == ("apiKey", "header", "Authorization")
    assert "Bearer" in scheme["description"]
    for key, operation in _operations(schema):
        needs_token = key in ADMIN_CALLS | SIGNED_IN_CALLS
        assert (operation.get("security") == [{"tokenAuth": []}]) is needs_token, key
        codes = set(operation["responses"])
        assert ("401" in codes) is (needs_token or key == ("post", "/api/v1/auth/login")), key
        assert ("403" in codes) is (key in ADMIN_CALLS), key


def test_request_bodies_are_the_contract_fields(schema):
    ops = dict(_operations(schema))

    def body(key, media="application/json"):
        return ops[key]["requestBody"]["content"][media]["schema"]

    register = body(("post", "/api/v1/auth/register"))
    assert set(register["required"]) == {"name", "email", "password", "phone", "address", "answer"}
    assert set(body(("post", "/api/v1/auth/forgot-password"))["required"]) == {
        "email",
        "answer",
        "newPassword",
    }
    product = body(("post", "/api/v1/product/create-product"), "multipart/form-data")
    assert set(product["required"]) == {"name", "description", "price", "quantity", "category"}
    assert product["properties"]["photo"]["format"] == "binary"
    assert product["properties"]["shipping"]["enum"] == [0, 1]
    filters = body(("post", "/api/v1/product/product-filters"))
    assert set(filters["properties"]) == {"checked", "radio", "page", "sort", "options"}
    # The contract's variant fields, as JSON text and repeated files.
    assert {"options", "variants", "gallery"} <= set(product["properties"])
    assert product["properties"]["photos"]["items"]["format"] == "binary"
    assert filters["properties"]["sort"]["enum"] == ["newest", "price-asc", "price-desc", "rating"]


def test_response_shapes_follow_the_contract(schema):
    ops = dict(_operations(schema))
    components = schema["components"]["schemas"]
    product = components["Product"]
    assert set(product["required"]) == {
        "_id",
        "name",
        "slug",
        "description",
        "price",
        "quantity",
        "shipping",
        "category",
        "createdAt",
        "updatedAt",
        "options",
        "variants",
        "photos",
        # Promotions: the price without a sale, and the sale (null outside one).
        "regularPrice",
        "sale",
        # Reviews: the published reviews' average (one decimal, null without any) and count.
        "rating",
    }
    assert product["properties"]["price"]["type"] == "number"
    rating = product["properties"]["rating"]
    assert set(rating["required"]) == {"average", "count"}
    assert rating["properties"]["average"]["type"] == "number"
    assert rating["properties"]["average"]["nullable"] is True
    assert rating["properties"]["count"]["type"] == "integer"
    assert product["properties"]["category"] == {"$ref": "#/components/schemas/Category"}
    # The contract's variants section: the keys every client reads.
    assert {"options", "variants", "photos"} <= set(product["properties"])
    variant = components["Variant"]
    assert set(variant["required"]) == {
        "_id",
        "sku",
        "options",
        "price",
        "regularPrice",
        "quantity",
    }
    assert {"url", "alt", "option"} <= set(components["GalleryPhoto"]["required"])
    assert "password" not in components["User"]["properties"]
    search = ops[("get", "/api/v1/product/search/{}")]["responses"]["200"]
    assert search["content"]["application/json"]["schema"]["type"] == "array"  # a bare list
    login = ops[("post", "/api/v1/auth/login")]["responses"]["200"]
    assert "token" in login["content"]["application/json"]["schema"]["required"]
    photo = ops[("get", "/api/v1/product/product-photo/{}")]["responses"]
    assert "image/jpeg" in photo["200"]["content"] and "304" in photo


def test_the_schema_validates_with_no_generator_warnings(tmp_path):
    # --fail-on-warn turns any guess drf-spectacular had to make into a failure.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))
    assert yaml.safe_load((tmp_path / "s.yml").read_text())["paths"]


@pytest.mark.django_db
def test_the_schema_is_served_as_json_too_and_ignores_a_stale_token(client):
    response = client.get("/api/schema/?format=json", HTTP_AUTHORIZATION="Bearer not-a-token")
    assert response.status_code == 200
    assert response.json()["info"]["title"] == "ShopSphere API"


def test_the_docs_page_loads_swagger_ui_from_our_static_files_with_no_inline_script(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all('src="/' in attrs for attrs in scripts)  # no inline, no CDN
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    init = client.get("/api/docs/?script=")
    assert init.status_code == 200
    assert init["Content-Type"].startswith("application/javascript")
    assert b"/api/schema/" in init.content


def test_suggestions_are_described_with_their_query_and_shape(schema):
    operation = dict(_operations(schema))[("get", "/api/v1/product/suggest")]
    (q,) = [p for p in operation["parameters"] if p["in"] == "query"]
    assert (q["name"], q["schema"]["maxLength"]) == ("q", 200)
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]
    items = body["properties"]["suggestions"]
    assert items["maxItems"] == 8
    assert items["items"]["properties"]["type"]["enum"] == ["category", "product"]
    assert "400" in operation["responses"]


def test_order_answers_are_declared_by_the_output_serializers(schema):
    ops = dict(_operations(schema))
    components = schema["components"]["schemas"]
    order = components["OrderOutput"]
    assert set(order["required"]) >= {
        "_id",
        "products",
        "total",
        "status",
        "payment",
        "buyer",
        "address",
        "createdAt",
        "updatedAt",
    }
    assert order["properties"]["total"]["type"] == "number"
    line = components["OrderLineOutput"]
    assert set(line["required"]) >= {"_id", "name", "slug", "description", "price", "quantity"}
    checkout = ops[("post", "/api/v1/orders/checkout")]
    assert {"200", "201", "400", "401", "409", "429"} <= set(checkout["responses"])
    created = checkout["responses"]["201"]["content"]["application/json"]["schema"]
    assert created == {"$ref": "#/components/schemas/CheckoutAnswer"}
    assert {"502", "503"} <= set(checkout["responses"])  # the gateway failed (online)
    answer = components["CheckoutAnswer"]
    assert answer["properties"]["razorpay"] == {
        "$ref": "#/components/schemas/RazorpayCheckoutOutput"
    }
    assert {"keyId", "orderId", "amount", "currency"} <= set(
        components["RazorpayCheckoutOutput"]["required"]
    )
    payment = components["PaymentOutput"]
    assert set(payment["required"]) == {"method", "success"}
    assert {"paymentId", "refundStatus"} <= set(payment["properties"])
    verify = ops[("post", "/api/v1/orders/{}/razorpay/verify")]
    body = verify["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/RazorpayVerifyInput"}
    assert {"400", "404", "409"} <= set(verify["responses"])
    webhook = ops[("post", "/api/v1/payments/razorpay/webhook")]
    assert {"200", "400", "413"} <= set(webhook["responses"])
    mine = ops[("get", "/api/v1/auth/orders")]["responses"]["200"]
    assert mine["content"]["application/json"]["schema"]["type"] == "array"  # a bare list
    status = ops[("put", "/api/v1/auth/order-status/{}")]
    body = status["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/OrderStatusInput"}
    assert "409" in status["responses"]


def test_shapes_come_from_the_serializers_not_from_a_hand_written_table():
    from shop.api import schema as module

    assert set(module.COMPONENTS) == {"Error"}
    assert not hasattr(module, "OPERATIONS")
    source = Path(module.__file__).read_text(encoding="utf-8")
    for shape in ('"Product"', '"Category"', '"User"', '"price"', '"email"', '"token"'):
        assert shape not in source, shape


@pytest.mark.django_db
def test_what_the_output_serializers_render_has_exactly_the_keys_the_schema_lists(schema):
    from accounts.serializers import UserListItemOutput, UserOutput
    from accounts.tests.factories import UserFactory
    from catalog.serializers import CategoryOutput, ProductOutput
    from catalog.tests.factories import ProductFactory

    product = ProductFactory()
    user = UserFactory()
    components = schema["components"]["schemas"]
    for name, data in (
        ("Product", ProductOutput(product).data),
        ("Category", CategoryOutput(product.category).data),
        ("User", UserOutput(user).data),
        ("UserListItem", UserListItemOutput(user).data),
    ):
        assert list(data) == list(components[name]["properties"]), name
        assert set(components[name]["required"]) <= set(data), name


@pytest.mark.django_db
def test_the_one_step_renderings_equal_what_the_declared_fields_render():
    """ProductOutput and CategoryOutput render in one step for speed; the declared fields
    (what the schema reads) must give the same answer, value for value."""
    from rest_framework import serializers

    from catalog.serializers import CategoryOutput, ProductOutput
    from catalog.tests.factories import ProductFactory

    product = ProductFactory(price="1299.50")
    for serializer, instance in ((ProductOutput(), product), (CategoryOutput(), product.category)):
        by_fields = serializers.Serializer.to_representation(serializer, instance)
        assert serializer.to_representation(instance) == dict(by_fields)


@pytest.mark.parametrize(
    "path", ["/api/v1/auth/all-orders", "/api/v1/auth/users", "/api/v1/admin/products"]
)
def test_the_admin_lists_answer_a_bare_list_with_the_paging_headers(schema, path):
    answer = schema["paths"][path]["get"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"]["type"] == "array"
    assert set(answer["headers"]) == {"X-Total-Count", "X-Page-Size"}
    page = [p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == "page"]
    assert page and page[0]["in"] == "query"
