"""Animated photos count every frame against the pixel cap before anything is decoded;
comments in JPEG and GIF do not survive being written again (the colour profile does)."""

import io
import struct

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageCms

from catalog.models import Product
from catalog.tests.factories import CategoryFactory
from catalog.tests.test_photos import create, served_picture, stored_files

pytestmark = pytest.mark.django_db


@pytest.fixture
def category():
    return CategoryFactory(name="Electronics")


def animated_gif(side: int, frames: int) -> bytes:
    """A GIF whose screen is side x side with `frames` frames of one pixel each: a few
    hundred bytes that decode to frames x side x side pixels."""
    out = [b"GIF89a", struct.pack("<HHBBB", side, side, 0x80, 0, 0), b"\x00\x00\x00\xff\xff\xff"]
    out.append(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop forever
    for n in range(frames):
        out.append(b"!\xf9\x04\x00\x0a\x00\x00\x00")  # 0.1 s a frame
        out.append(b"," + struct.pack("<HHHHB", n % side, 0, 1, 1, 0))
        out.append(b"\x02\x02\x44\x01\x00")  # LZW: clear, pixel 0, end
    out.append(b";")
    return b"".join(out)


def test_a_gif_of_25_frames_of_4000x4000_is_413_before_decoding(admin_api, category, settings):
    data = animated_gif(4000, 25)
    with Image.open(io.BytesIO(data)) as image:
        assert (image.size, image.n_frames) == ((4000, 4000), 25)
    assert len(data) < 1000

    response = create(admin_api, category, SimpleUploadedFile("bomb.gif", data))

    assert response.status_code == 413
    assert response.json() == {
        "success": False,
        "message": "Photo is too large: at most 40 megapixels are accepted (all frames together).",
    }
    assert Product.objects.count() == 0
    assert stored_files(settings) == []


def test_frames_times_pixels_is_capped_by_the_setting(admin_api, category, settings):
    settings.MAX_PHOTO_PIXELS = 100 * 100 * 10

    too_many = create(admin_api, category, SimpleUploadedFile("a.gif", animated_gif(100, 11)))
    fits = create(admin_api, category, SimpleUploadedFile("b.gif", animated_gif(100, 10)), "Fits")

    assert too_many.status_code == 413
    assert fits.status_code == 201


def test_an_animated_webp_counts_its_frames_too(admin_api, category, settings):
    settings.MAX_PHOTO_PIXELS = 50 * 50 * 3
    frames = [Image.new("RGB", (50, 50), colour) for colour in ("red", "green", "blue", "white")]
    photo = io.BytesIO()
    frames[0].save(photo, "WEBP", save_all=True, append_images=frames[1:], duration=100)

    response = create(admin_api, category, SimpleUploadedFile("a.webp", photo.getvalue()))

    assert response.status_code == 413


def test_a_jpeg_comment_is_dropped_and_its_colour_profile_kept(admin_api, anon_api, category):
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    photo = io.BytesIO()
    Image.new("RGB", (40, 30), (10, 120, 200)).save(
        photo, "JPEG", icc_profile=profile, comment=b"secret-jpeg-note"
    )
    assert b"secret-jpeg-note" in photo.getvalue()

    upload = SimpleUploadedFile("p.jpg", photo.getvalue())
    assert create(admin_api, category, upload).status_code == 201

    content, picture = served_picture(anon_api)
    assert b"secret-jpeg-note" not in content
    assert "comment" not in picture.info
    assert picture.info.get("icc_profile") == profile


@pytest.mark.parametrize("frames", [1, 3])
def test_a_gif_comment_is_dropped(admin_api, anon_api, category, frames):
    images = [Image.new("RGB", (20, 20), colour) for colour in ("red", "green", "blue")[:frames]]
    photo = io.BytesIO()
    images[0].save(
        photo, "GIF", save_all=True, append_images=images[1:], comment=b"secret-gif-note"
    )
    assert b"secret-gif-note" in photo.getvalue()

    upload = SimpleUploadedFile("p.gif", photo.getvalue())
    assert create(admin_api, category, upload).status_code == 201

    content, picture = served_picture(anon_api)
    assert b"secret-gif-note" not in content
    assert getattr(picture, "n_frames", 1) == frames
