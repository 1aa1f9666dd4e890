"""Clients signed in as an admin or a shopper, and image bytes made by Pillow."""

import io

import pytest
from PIL import Image
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import AdminFactory, UserFactory


def _client(user=None) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(user)}")
    return client


@pytest.fixture
def admin_api(db):
    return _client(AdminFactory())


@pytest.fixture
def shopper_api(db):
    return _client(UserFactory())


@pytest.fixture
def anon_api(db):
    return _client()


def image_bytes(fmt: str = "JPEG", size=(40, 30), color=(10, 120, 200)) -> bytes:
    buffer = io.BytesIO()
    mode = "P" if fmt == "GIF" else "RGB"
    image = Image.new("RGB", size, color)
    if mode == "P":
        image = image.convert("P")
    image.save(buffer, format=fmt)
    return buffer.getvalue()
