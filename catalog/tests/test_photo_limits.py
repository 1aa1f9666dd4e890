"""Pictures too tall, too wide or too heavy to decode are refused before anything is
stored, and a write that fails half way leaves no file behind."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog.models import Product
from catalog.tests.admin_forms import add_page
from catalog.tests.factories import CategoryFactory
from catalog.tests.test_photos import create, stored_files

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def category():
    return CategoryFactory(name="Electronics")


def png(size, mode="L") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size).save(out, "PNG")
    return out.getvalue()


def all_media(settings) -> list[Path]:
    root = Path(settings.MEDIA_ROOT)
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


@pytest.mark.parametrize("size", [(100, 399_000), (399_000, 100)], ids=["tall", "wide"])
def test_the_issue_s_strip_under_the_pixel_cap_is_400_with_nothing_stored(
    admin_api, category, settings, size
):
    data = png(size)
    assert len(data) < 200_000 and size[0] * size[1] < settings.MAX_PHOTO_PIXELS

    response = create(admin_api, category, SimpleUploadedFile("strip.png", data))

    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert "10000 pixels" in body["message"] and "20 times" in body["message"]
    assert Product.objects.count() == 0
    assert all_media(settings) == []


@pytest.mark.parametrize(
    "size, accepted",
    [((10_000, 500), True), ((10_001, 600), False), ((200, 4_000), True), ((200, 4_001), False)],
)
def test_the_longest_side_and_the_aspect_ratio_have_their_limits(
    admin_api, category, settings, size, accepted
):
    response = create(admin_api, category, SimpleUploadedFile("p.png", png(size)))

    assert response.status_code == (201 if accepted else 400), response.content
    assert len(stored_files(settings)) == (4 if accepted else 0)  # photo + 3 renditions


def test_the_limits_are_settings(admin_api, category, settings):
    settings.MAX_PHOTO_SIDE = 300
    settings.MAX_PHOTO_ASPECT_RATIO = 2

    assert (
        create(admin_api, category, SimpleUploadedFile("a.png", png((301, 200)))).status_code == 400
    )
    assert (
        create(admin_api, category, SimpleUploadedFile("b.png", png((100, 201)))).status_code == 400
    )
    assert (
        create(admin_api, category, SimpleUploadedFile("c.png", png((100, 200)))).status_code == 201
    )


def test_a_failure_after_the_photo_is_written_removes_it_and_its_renditions(
    admin_api, category, settings
):
    # With the side limits lifted, WebP's own limit (16383 px) fails the renditions
    # after the original is already in storage: a real failure half way through.
    settings.MAX_PHOTO_SIDE = 1_000_000
    settings.MAX_PHOTO_ASPECT_RATIO = 1_000_000

    response = create(admin_api, category, SimpleUploadedFile("strip.png", png((100, 20_000))))

    assert response.status_code == 503
    assert response.json()["success"] is False
    assert Product.objects.count() == 0
    assert all_media(settings) == []


def admin_add_form(client, category) -> dict:
    return add_page(
        client,
        name="Tall",
        description="x",
        category=str(category.pk),
        **{"variants-0-price": "1", "variants-0-quantity": "1"},
    )


def test_the_admin_form_refuses_a_tall_photo_and_stores_nothing(staff_client, settings):
    form = admin_add_form(staff_client, CategoryFactory(name="Audio"))
    form["photos-0-image"] = SimpleUploadedFile("t.png", png((100, 399_000)))
    response = staff_client.post("/admin/catalog/product/add/", form)
    assert response.status_code == 200
    assert "10000 pixels" in response.content.decode()
    assert Product.objects.count() == 0
    assert all_media(settings) == []


def test_an_admin_save_that_fails_after_the_photo_is_written_removes_it(staff_client, settings):
    settings.MAX_PHOTO_SIDE = 1_000_000
    settings.MAX_PHOTO_ASPECT_RATIO = 1_000_000
    form = admin_add_form(staff_client, CategoryFactory(name="Audio"))
    form["photos-0-image"] = SimpleUploadedFile("t.png", png((100, 20_000)))

    with pytest.raises(ValueError, match="WebP"):
        staff_client.post("/admin/catalog/product/add/", form)

    assert Product.objects.count() == 0
    assert all_media(settings) == []


# --- decoding memory -------------------------------------------------------------------

MEASURE = """
import json, os, resource, sys, tempfile
import django
django.setup()
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
settings.MEDIA_ROOT = tempfile.mkdtemp()
data = open(sys.argv[1], "rb").read()
from catalog.services import _store_photo, photo_discard
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    stored = _store_photo(SimpleUploadedFile("p.png", data), slug="p")
    outcome = "stored"
    photo_discard(stored)
except Exception as exc:
    outcome = f"{type(exc).__name__}: {getattr(exc, 'detail', exc)}"
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"outcome": outcome, "grew_mb": (after - before) / 1024}))
"""


def upload_peak(path: Path) -> dict:
    """One photo through the whole write path (check, rewrite, store, renditions) in a
    fresh process: how far its peak resident memory grew (Linux reports KiB)."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "shop.settings", "DEBUG": "true"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_6300_square_rgba_bomb_is_refused_before_it_is_decoded(
    admin_api, category, settings, tmp_path
):
    bomb = tmp_path / "bomb.png"
    Image.new("RGBA", (6300, 6300)).save(bomb, "PNG")
    assert bomb.stat().st_size < 200_000  # 154 KB that decode to 159 MB

    response = create(admin_api, category, SimpleUploadedFile("bomb.png", bomb.read_bytes()))
    assert response.status_code == 413
    assert "memory" in response.json()["message"]
    assert all_media(settings) == []

    peak = upload_peak(bomb)
    assert peak["outcome"].startswith("PayloadTooLarge")
    assert peak["grew_mb"] < 50


@pytest.mark.parametrize(
    "mode, size, fmt",
    # The largest pictures the default budget (160 MiB) accepts: an RGBA picture counts
    # eight bytes a pixel (its premultiplied copy for scaling), an RGB one four.
    [("RGBA", (4500, 4500), "PNG"), ("RGB", (7000, 5700), "JPEG")],
    ids=["rgba-20mp", "rgb-40mp"],
)
def test_the_largest_accepted_pictures_stay_under_300_mb(tmp_path, mode, size, fmt):
    largest = tmp_path / f"largest.{fmt.lower()}"
    Image.new(mode, size, (200, 30, 30, 128)[: len(mode)]).save(largest, fmt)

    peak = upload_peak(largest)

    assert peak["outcome"] == "stored"
    assert peak["grew_mb"] < 300


# --- on S3 ------------------------------------------------------------------------------

from catalog.tests.test_s3_media import BUCKET, s3, s3_endpoint  # noqa: E402, F401
from shop.tests.s3server import bucket_keys  # noqa: E402


@pytest.mark.parametrize("size", [(100, 399_000), (399_000, 100)], ids=["tall", "wide"])
def test_on_s3_a_strip_is_400_and_the_bucket_stays_empty(s3, admin_api, category, size):  # noqa: F811
    response = create(admin_api, category, SimpleUploadedFile("strip.png", png(size)))

    assert response.status_code == 400
    assert bucket_keys(s3, BUCKET) == set()


def test_on_s3_a_failure_after_the_photo_is_written_empties_the_bucket(
    s3,  # noqa: F811
    admin_api,
    category,
    settings,
):
    settings.MAX_PHOTO_SIDE = 1_000_000
    settings.MAX_PHOTO_ASPECT_RATIO = 1_000_000

    response = create(admin_api, category, SimpleUploadedFile("strip.png", png((100, 20_000))))

    assert response.status_code == 503
    assert Product.objects.count() == 0
    assert bucket_keys(s3, BUCKET) == set()
