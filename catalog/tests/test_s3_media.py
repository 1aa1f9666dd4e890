"""Media on S3-compatible storage (django-storages) against a real S3 emulator: moto's
server on a loopback port. Photos, renditions, the product-photo call, replacing and
deleting a photo and the CSV import work as with local files, and nothing lands in
MEDIA_ROOT."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from PIL import Image

from catalog.media.renditions import RENDITION_WIDTHS, rendition_name
from catalog.models import Product
from catalog.tests.conftest import image_bytes
from catalog.tests.factories import CategoryFactory
from shop.tests.s3server import bucket_keys, media_in_bucket, moto_server

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
BUCKET = "shop-media"
BASE = "/api/v1/product"


def _port() -> int:
    # Ports: one per xdist worker so parallel runs never collide.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    return 2040 + int(worker or 0)


@pytest.fixture(scope="module")
def s3_endpoint():
    with moto_server(_port()) as endpoint:
        yield endpoint


@pytest.fixture
def s3(settings, s3_endpoint):
    """The settings AWS_STORAGE_BUCKET_NAME switches on, against a fresh bucket."""
    with media_in_bucket(settings, s3_endpoint, BUCKET) as client:
        yield client


def _photo(**kwargs):
    return SimpleUploadedFile("p.jpg", image_bytes("JPEG", **kwargs), content_type="image/jpeg")


def _form(category, **extra):
    return {
        "name": "Boat Rockerz 450",
        "description": "Wireless headphones.",
        "price": "1499",
        "quantity": "5",
        "category": str(category.pk),
        **extra,
    }


def test_the_bucket_setting_switches_media_to_s3_and_keeps_uploads_in_memory():
    probe = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.STORAGES['default']['BACKEND'], s.FILE_UPLOAD_MAX_MEMORY_SIZE,"
        " s.DATA_UPLOAD_MAX_MEMORY_SIZE, getattr(s, 'AWS_S3_ENDPOINT_URL', None)]))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(DJANGO_SETTINGS_MODULE="shop.settings", DEBUG="true")
    local = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert '"shop.storage.MediaStorage"' in local.stdout
    env.update(AWS_STORAGE_BUCKET_NAME="b", AWS_S3_ENDPOINT_URL="http://127.0.0.1:9")
    s3 = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    backend, in_memory, body_cap, endpoint = __import__("json").loads(s3.stdout)
    assert backend == "storages.backends.s3.S3Storage"
    assert in_memory == body_cap  # no upload is spooled to a temporary file on disk
    assert endpoint == "http://127.0.0.1:9"


def test_photo_upload_renditions_and_photo_call_on_s3(
    s3, admin_api, anon_api, settings, django_capture_on_commit_callbacks
):
    category = CategoryFactory(name="Audio")
    response = admin_api.post(
        f"{BASE}/create-product", _form(category, photo=_photo(size=(900, 600))), format="multipart"
    )
    assert response.status_code == 201, response.content
    product = Product.objects.get()
    name = product.photo.name
    keys = bucket_keys(s3, BUCKET)
    assert keys == {name, *(rendition_name(name, w) for w in RENDITION_WIDTHS)}
    stored = s3.get_object(Bucket=BUCKET, Key=name)["Body"].read()

    photo = anon_api.get(f"{BASE}/product-photo/{product.pk}")
    assert photo.status_code == 200
    assert photo["Content-Type"] == "image/jpeg"
    assert photo.content == stored
    etag = photo["ETag"]
    assert (
        anon_api.get(f"{BASE}/product-photo/{product.pk}", HTTP_IF_NONE_MATCH=etag).status_code
        == 304
    )
    small = anon_api.get(f"{BASE}/product-photo/{product.pk}?w=400")
    assert small["Content-Type"] == "image/webp"
    with Image.open(io.BytesIO(small.content)) as image:
        assert image.size == (400, 267)

    # Replacing the photo removes the old object (after the commit), deleting the product
    # removes the new one: the bucket ends empty.
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.put(
            f"{BASE}/update-product/{product.pk}",
            {"photo": _photo(color=(1, 2, 3))},
            format="multipart",
        )
    assert response.status_code == 200
    product.refresh_from_db()
    assert product.photo.name != name
    assert name not in bucket_keys(s3, BUCKET)
    assert product.photo.name in bucket_keys(s3, BUCKET)
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_api.delete(f"{BASE}/delete-product/{product.pk}").status_code == 200
    assert bucket_keys(s3, BUCKET) == set()
    assert not Path(settings.MEDIA_ROOT).exists()  # nothing was written to the local disk


def test_csv_import_and_export_with_photos_on_s3(s3, settings, tmp_path):
    images = tmp_path / "images"
    images.mkdir()
    (images / "mug.png").write_bytes(image_bytes("PNG", size=(300, 300)))
    csv_file = tmp_path / "p.csv"
    csv_file.write_text(
        "name,slug,description,price,quantity,category,shipping,photo\n"
        "Chai mug,,Stoneware,249,40,Kitchen,1,mug.png\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    call_command("import_products", str(csv_file), "--images", str(images), stdout=out)
    assert "1 created" in out.getvalue()
    name = Product.objects.get().photo.name
    assert name.endswith(".png") and default_storage.exists(name)
    assert name in bucket_keys(s3, BUCKET)
    assert rendition_name(name, 200) in bucket_keys(s3, BUCKET)

    exported = tmp_path / "e.csv"
    copies = tmp_path / "copies"
    call_command("export_products", str(exported), "--images", str(copies), stdout=io.StringIO())
    assert (copies / Path(name).name).read_bytes() == s3.get_object(Bucket=BUCKET, Key=name)[
        "Body"
    ].read()
    out = io.StringIO()
    call_command("import_products", str(exported), "--images", str(copies), stdout=out)
    assert "0 created, 0 updated, 1 unchanged" in out.getvalue()
    assert not Path(settings.MEDIA_ROOT).exists()


def test_a_missing_rendition_or_photo_in_the_bucket_falls_back_like_local_files(
    s3, admin_api, anon_api
):
    category = CategoryFactory(name="Audio")
    response = admin_api.post(
        f"{BASE}/create-product", _form(category, photo=_photo()), format="multipart"
    )
    product = Product.objects.get(pk=response.json()["products"]["_id"])
    name = product.photo.name
    s3.delete_object(Bucket=BUCKET, Key=rendition_name(name, 200))
    original = anon_api.get(f"{BASE}/product-photo/{product.pk}?w=200")
    assert original.status_code == 200 and original["Content-Type"] == "image/jpeg"
    s3.delete_object(Bucket=BUCKET, Key=name)
    placeholder = anon_api.get(f"{BASE}/product-photo/{product.pk}")
    assert placeholder.status_code == 200 and placeholder["Content-Type"] == "image/png"
