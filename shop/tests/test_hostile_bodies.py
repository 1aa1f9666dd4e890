"""Bodies no client of ours sends: JSON nested deeper than Python's parser can follow, a
body over Django's `DATA_UPLOAD_MAX_MEMORY_SIZE`, forms with more fields or files than
Django's limits. Every call that reads a body answers
in the contract's error shape (400 and 413), never a 500, and changes nothing.

The login and forgot-password throttles read the body before the view does, so those
calls are here too.
"""

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import User
from accounts.tests.factories import AdminFactory
from catalog.models import Category, Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BODY_CALLS = [
    ("post", "/api/v1/auth/register"),
    ("post", "/api/v1/auth/login"),
    ("post", "/api/v1/auth/forgot-password"),
    ("put", "/api/v1/auth/profile"),
    ("post", "/api/v1/category/create-category"),
    ("put", "/api/v1/category/update-category/{category}"),
    ("post", "/api/v1/product/product-filters"),
    ("post", "/api/v1/product/create-product"),
    ("put", "/api/v1/product/update-product/{product}"),
]


@pytest.fixture
def world():
    admin = AdminFactory(email="admin@example.com", name="Admin")
    category = CategoryFactory(name="Phones")
    product = ProductFactory(name="Pixel Phone", category=category)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(admin)}")
    return client, admin, category, product


def _snapshot():
    return (
        list(User.objects.values_list("pk", "name", "password", "updated_at")),
        list(Category.objects.values_list("pk", "name", "slug")),
        list(Product.objects.values_list("pk", "name", "price", "updated_at")),
    )


def _send(world, method, path, body: bytes):
    client, _, category, product = world
    url = path.format(category=category.pk, product=product.pk)
    return getattr(client, method)(url, data=body, content_type="application/json")


@pytest.mark.parametrize("method, path", BODY_CALLS)
def test_json_nested_too_deeply_is_400_and_changes_nothing(world, method, path):
    before = _snapshot()
    body = b"[" * 100_000 + b"]" * 100_000
    response = _send(world, method, path, body)
    assert response.status_code == 400, response.content
    assert response.json() == {
        "success": False,
        "message": "JSON parse error - the document is nested too deeply.",
    }
    assert _snapshot() == before


@pytest.mark.parametrize("method, path", BODY_CALLS)
def test_a_body_over_the_upload_limit_is_413_and_changes_nothing(world, method, path):
    before = _snapshot()
    body = b'{"name": "' + b"a" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE + b'"}'
    response = _send(world, method, path, body)
    assert response.status_code == 413, response.content
    body = response.json()
    assert body["success"] is False
    assert "too large" in body["message"]
    assert _snapshot() == before


MULTIPART_CALLS = [
    ("post", "/api/v1/product/create-product"),
    ("put", "/api/v1/product/update-product/{product}"),
    ("post", "/api/v1/product/product-filters"),
]


@pytest.mark.parametrize("method, path", MULTIPART_CALLS)
def test_a_form_with_too_many_files_is_400_and_changes_nothing(world, method, path):
    client, _, category, product = world
    before = _snapshot()
    files = {
        f"file{i}": SimpleUploadedFile(f"f{i}.bin", b"x")
        for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1)
    }
    url = path.format(category=category.pk, product=product.pk)
    response = getattr(client, method)(url, data={"name": "Zed", **files}, format="multipart")
    assert response.status_code == 400, response.content
    assert response.json() == {"success": False, "message": "Too many files."}
    assert _snapshot() == before


@pytest.mark.parametrize("method, path", MULTIPART_CALLS)
def test_a_form_with_too_many_fields_is_400_and_changes_nothing(world, method, path):
    client, _, category, product = world
    before = _snapshot()
    fields = {f"f{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    url = path.format(category=category.pk, product=product.pk)
    response = getattr(client, method)(url, data=fields, format="multipart")
    assert response.status_code == 400, response.content
    assert response.json()["message"] == "Too many form fields."
    assert _snapshot() == before
