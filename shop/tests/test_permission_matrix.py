"""Every call that writes or that only some may make, as an anonymous visitor, a shopper
and an admin: the status the contract gives (401 no token, 403 not admin, success
otherwise), and a refused call changes nothing: no row, no field, no file.

The token travels raw in `Authorization`, as the original client sends it.
"""

import io
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import User
from accounts.tests.factories import AdminFactory, UserFactory
from catalog.models import Category, Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db
ROLES = ["anonymous", "shopper", "admin"]


@dataclass
class World:
    shopper: User
    admin: User
    category: Category  # has a product
    empty: Category  # has none
    product: Product


@pytest.fixture
def world():
    category = CategoryFactory(name="Phones")
    return World(
        shopper=UserFactory(email="shopper@example.com"),
        admin=AdminFactory(email="admin@example.com"),
        category=category,
        empty=CategoryFactory(name="Empty Shelf"),
        product=ProductFactory(name="Pixel Phone", category=category, with_photo=True),
    )


def _client(role, world):
    client = APIClient()
    user = {"shopper": world.shopper, "admin": world.admin}.get(role)
    if user:
        client.credentials(HTTP_AUTHORIZATION=str(AccessToken.for_user(user)))
    return client


def _jpeg():
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), (10, 120, 200)).save(buffer, "JPEG")
    return SimpleUploadedFile("new.jpg", buffer.getvalue(), content_type="image/jpeg")


def _product_form(world, **extra):
    return {
        "name": "Brand New Phone",
        "description": "Fresh stock.",
        "price": "999.50",
        "quantity": "3",
        "category": str(world.category.pk),
        "shipping": "1",
        **extra,
    }


# (method, path, body builder, format) for each call; who may make it; success status.
CALLS = {
    "create-category": (
        lambda w: ("post", "/api/v1/category/create-category", {"name": "Laptops"}, "json"),
        "admin",
        201,
    ),
    "update-category": (
        lambda w: (
            "put",
            f"/api/v1/category/update-category/{w.category.pk}",
            {"name": "Smart Phones"},
            "json",
        ),
        "admin",
        200,
    ),
    "delete-category": (
        lambda w: ("delete", f"/api/v1/category/delete-category/{w.empty.pk}", None, None),
        "admin",
        200,
    ),
    "create-product": (
        lambda w: (
            "post",
            "/api/v1/product/create-product",
            _product_form(w, photo=_jpeg()),
            "multipart",
        ),
        "admin",
        201,
    ),
    "update-product": (
        lambda w: (
            "put",
            f"/api/v1/product/update-product/{w.product.pk}",
            {"price": "1.00", "photo": _jpeg()},
            "multipart",
        ),
        "admin",
        200,
    ),
    "delete-product": (
        lambda w: ("delete", f"/api/v1/product/delete-product/{w.product.pk}", None, None),
        "admin",
        200,
    ),
    "users": (lambda w: ("get", "/api/v1/auth/users?page=1", None, None), "admin", 200),
    "admin-auth": (lambda w: ("get", "/api/v1/auth/admin-auth", None, None), "admin", 200),
    "user-auth": (lambda w: ("get", "/api/v1/auth/user-auth", None, None), "signed-in", 200),
    "profile": (
        lambda w: (
            "put",
            "/api/v1/auth/profile",
            {"name": "Renamed", "address": "2 New Road"},
            "json",
        ),
        "signed-in",
        200,
    ),
    "register": (
        lambda w: (
            "post",
            "/api/v1/auth/register",
            {
                "name": "New Shopper",
                "email": "new.shopper@example.com",
                "password": "Shop-Pass-2026!",
                "phone": "9876543210",
                "address": "1 Main Road",
                "answer": "cricket",
            },
            "json",
        ),
        "anyone",
        201,
    ),
    "login": (
        lambda w: (
            "post",
            "/api/v1/auth/login",
            {"email": "shopper@example.com", "password": "Shop-Pass-2026!"},
            "json",
        ),
        "anyone",
        200,
    ),
    "forgot-password": (
        lambda w: (
            "post",
            "/api/v1/auth/forgot-password",
            {"email": "shopper@example.com", "answer": "cricket", "newPassword": "An0ther-Pass!"},
            "json",
        ),
        "anyone",
        200,
    ),
}


def expected_status(who, role, success):
    if who == "anyone" or role == "admin" or (who == "signed-in" and role == "shopper"):
        return success
    return 401 if role == "anonymous" else 403


def snapshot(settings):
    """Everything a write could change: every row's fields and the stored files."""
    media = settings.MEDIA_ROOT
    return {
        "users": list(User.objects.order_by("pk").values()),
        "categories": list(Category.objects.order_by("pk").values()),
        "products": list(Product.objects.order_by("pk").values()),
        "files": sorted(str(p.relative_to(media)) for p in media.rglob("*") if p.is_file())
        if media.exists()
        else [],
    }


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("call", list(CALLS))
def test_each_call_answers_each_role_as_the_contract_says(call, role, world, settings):
    build, who, success = CALLS[call]
    method, path, body, fmt = build(world)
    expected = expected_status(who, role, success)
    before = snapshot(settings)

    kwargs = {"format": fmt} if fmt else {}
    response = getattr(_client(role, world), method)(path, body, **kwargs)

    assert response.status_code == expected, response.content
    body = response.json()
    if expected in (401, 403):
        assert body["success"] is False
        assert body["message"]
        assert snapshot(settings) == before, "a refused call changed data"
    elif isinstance(body, list):  # the admin lists' shape: a bare page and its total
        assert int(response["X-Total-Count"]) >= len(body)
    else:
        assert body.get("success", body.get("ok")) is True
        if method != "get" and call != "login":
            assert snapshot(settings) != before, "an accepted write changed nothing"


@pytest.mark.parametrize("role", ["anonymous", "shopper"])
@pytest.mark.parametrize("header", ["Bearer not-a-token", "not-a-token", "Bearer "])
def test_a_bad_token_is_refused_on_an_admin_write_and_changes_nothing(role, header, settings):
    category = CategoryFactory(name="Phones")
    before = snapshot(settings)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.put(
        f"/api/v1/category/update-category/{category.pk}", {"name": "Hacked"}, format="json"
    )
    assert response.status_code == 401
    assert response.json()["success"] is False
    assert snapshot(settings) == before


def test_a_demoted_admin_is_refused_at_once(world, settings):
    client = _client("admin", world)
    world.admin.role = 0
    world.admin.save(update_fields=["role"])
    before = snapshot(settings)
    response = client.post("/api/v1/category/create-category", {"name": "Sneaky"}, format="json")
    assert response.status_code == 403
    assert snapshot(settings) == before
