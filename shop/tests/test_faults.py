"""Storage failing in the middle of a photo upload (the disk fills up after part of the
file is written): a clear error, no product row without its photo, the old photo kept on
a replacement, and no half-written file left in media storage."""

import errno
import io
import os

import pytest
from django.core.files.storage import default_storage
from django.core.files.storage import filesystem as filesystem_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import AdminFactory
from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db
NOT_STORED = "The photo could not be stored. Please try again."


class _FullDiskFile:
    """A file that takes the first bytes, then fails like a full disk."""

    def __init__(self, real):
        self.real = real

    def write(self, data):
        self.real.write(data[:100])
        self.real.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self):
        self.real.close()


class _FullDiskOs:
    """The `os` module as the file-system storage sees it, on a disk that is full."""

    def __getattr__(self, name):
        return getattr(os, name)

    def fdopen(self, fd, *args, **kwargs):
        return _FullDiskFile(os.fdopen(fd, *args, **kwargs))


@pytest.fixture
def full_disk(monkeypatch):
    monkeypatch.setattr(filesystem_storage, "os", _FullDiskOs())


@pytest.fixture
def admin_api(api):
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(AdminFactory())}")
    return api


def _upload():
    buffer = io.BytesIO()
    Image.new("RGB", (300, 200), (30, 160, 90)).save(buffer, "JPEG")
    return SimpleUploadedFile("new.jpg", buffer.getvalue(), content_type="image/jpeg")


def _media_files(settings):
    root = settings.MEDIA_ROOT
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_a_full_disk_during_create_leaves_no_product_and_no_partial_file(
    admin_api, full_disk, settings
):
    category = CategoryFactory(name="Phones")
    response = admin_api.post(
        "/api/v1/product/create-product",
        {
            "name": "Pixel Phone",
            "description": "A phone.",
            "price": "100",
            "quantity": "1",
            "category": str(category.pk),
            "photo": _upload(),
        },
        format="multipart",
    )

    assert response.status_code == 503
    assert response.json() == {"success": False, "message": NOT_STORED}
    assert not Product.objects.exists()
    assert _media_files(settings) == []


def test_a_full_disk_during_a_photo_replacement_keeps_the_product_and_its_old_photo(
    admin_api, settings, monkeypatch
):
    product = ProductFactory(name="Pixel Phone", with_photo=True, price="499.00")
    old_name = product.photo.name
    with default_storage.open(old_name, "rb") as handle:
        old_bytes = handle.read()
    before_files = _media_files(settings)
    monkeypatch.setattr(filesystem_storage, "os", _FullDiskOs())

    response = admin_api.put(
        f"/api/v1/product/update-product/{product.pk}",
        {"price": "1.00", "photo": _upload()},
        format="multipart",
    )

    assert response.status_code == 503
    assert response.json()["message"] == NOT_STORED
    product.refresh_from_db()
    assert product.photo.name == old_name  # the row still names its photo
    assert str(product.price) == "499.00"  # and nothing else of the request was saved
    assert _media_files(settings) == before_files  # no partial file beside it
    monkeypatch.undo()
    served = admin_api.get(f"/api/v1/product/product-photo/{product.pk}")
    assert served.status_code == 200
    assert served.content == old_bytes
