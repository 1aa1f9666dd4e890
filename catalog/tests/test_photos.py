"""Photos: Pillow decides what is an image; caps on bytes and pixels; what is stored is
the picture written again (upright, no metadata, nothing hidden); product-photo answers
it with its real type, an ETag and caching headers."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageChops, ImageCms

from catalog.models import Product
from catalog.tests.conftest import image_bytes
from catalog.tests.factories import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


@pytest.fixture
def category():
    return CategoryFactory(name="Electronics")


def create(client, category, upload, name="Photo Test"):
    data = {
        "name": name,
        "description": "Testing photos.",
        "price": "100",
        "quantity": "1",
        "category": str(category.pk),
        "photo": upload,
    }
    return client.post(f"{BASE}/create-product", data, format="multipart")


def stored_files(settings):
    root = settings.MEDIA_ROOT / "products"
    return list(root.iterdir()) if root.exists() else []


@pytest.mark.parametrize(
    "fmt, client_name, ext, content_type",
    [
        ("JPEG", "p.jpg", "jpg", "image/jpeg"),
        ("PNG", "p.png", "png", "image/png"),
        ("WEBP", "p.webp", "webp", "image/webp"),
        ("GIF", "p.gif", "gif", "image/gif"),
        # The client's file name does not decide the type: Pillow does.
        ("PNG", "holiday.jpg", "png", "image/png"),
    ],
)
def test_each_accepted_format_is_stored_and_served_with_its_real_type(
    admin_api, anon_api, category, fmt, client_name, ext, content_type
):
    data = image_bytes(fmt)
    response = create(admin_api, category, SimpleUploadedFile(client_name, data))
    assert response.status_code == 201, response.content
    product = Product.objects.get()
    assert product.photo.name.endswith(f".{ext}")
    served = anon_api.get(f"{BASE}/product-photo/{product.pk}")
    assert served.status_code == 200
    assert served["Content-Type"] == content_type
    picture = Image.open(io.BytesIO(served.content))
    assert (picture.format, picture.size) == (fmt, (40, 30))


def served_picture(anon_api) -> tuple[bytes, Image.Image]:
    served = anon_api.get(f"{BASE}/product-photo/{Product.objects.get().pk}")
    assert served.status_code == 200
    picture = Image.open(io.BytesIO(served.content))
    picture.load()
    return served.content, picture


def test_a_camera_photo_is_stored_upright_without_its_exif_location(admin_api, anon_api, category):
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: the camera was turned; shown rotated 90 degrees
    exif[0x010F] = "PhoneMaker"
    exif[0x8825] = {2: (12.0, 58.0, 1.0), 4: (77.0, 35.0, 2.0)}  # GPS latitude, longitude
    photo = io.BytesIO()
    Image.new("RGB", (60, 40), (200, 30, 30)).save(photo, "JPEG", exif=exif)
    assert Image.open(io.BytesIO(photo.getvalue())).getexif()[0x0112] == 6

    assert (
        create(admin_api, category, SimpleUploadedFile("c.jpg", photo.getvalue())).status_code
        == 201
    )
    content, picture = served_picture(anon_api)
    assert picture.size == (40, 60)  # turned upright
    assert len(picture.getexif()) == 0
    assert b"PhoneMaker" not in content and b"Exif" not in content


def test_bytes_hidden_after_the_picture_are_not_stored(admin_api, anon_api, category):
    hidden = b"<script>alert(document.cookie)</script>"
    upload = SimpleUploadedFile("p.png", image_bytes("PNG") + hidden)
    assert create(admin_api, category, upload).status_code == 201
    content, picture = served_picture(anon_api)
    assert hidden not in content
    assert picture.format == "PNG"


def test_png_text_chunks_are_dropped_and_transparency_and_pixels_kept(
    admin_api, anon_api, category
):
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "secret-note")
    original = Image.new("RGBA", (30, 20), (0, 0, 0, 0))
    original.paste((10, 200, 30, 255), (5, 5, 25, 15))
    photo = io.BytesIO()
    original.save(photo, "PNG", pnginfo=info)

    assert (
        create(admin_api, category, SimpleUploadedFile("p.png", photo.getvalue())).status_code
        == 201
    )
    content, picture = served_picture(anon_api)
    assert b"secret-note" not in content
    assert picture.mode == "RGBA"
    assert ImageChops.difference(picture, original).getbbox() is None  # lossless: same pixels


def test_the_colour_profile_is_kept(admin_api, anon_api, category):
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    photo = io.BytesIO()
    Image.new("RGB", (40, 30), (10, 120, 200)).save(photo, "JPEG", icc_profile=profile)
    assert (
        create(admin_api, category, SimpleUploadedFile("p.jpg", photo.getvalue())).status_code
        == 201
    )
    _, picture = served_picture(anon_api)
    assert picture.info.get("icc_profile") == profile


def test_a_multi_picture_jpeg_from_a_phone_is_stored_as_its_first_picture(
    admin_api, anon_api, category
):
    first, second = Image.new("RGB", (40, 30), (200, 0, 0)), Image.new("RGB", (40, 30), "blue")
    photo = io.BytesIO()
    first.save(photo, "MPO", save_all=True, append_images=[second])
    assert Image.open(io.BytesIO(photo.getvalue())).format == "MPO"
    upload = SimpleUploadedFile("IMG_0001.JPG", photo.getvalue())
    assert create(admin_api, category, upload).status_code == 201
    assert Product.objects.get().photo.name.endswith(".jpg")
    _, picture = served_picture(anon_api)
    assert (picture.format, getattr(picture, "n_frames", 1)) == ("JPEG", 1)
    assert picture.getpixel((20, 15))[0] > 150  # the red first picture, not the blue one


def test_an_animated_gif_keeps_its_frames(admin_api, anon_api, category):
    colours = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
    frames = [Image.new("RGB", (20, 20), colour) for colour in colours]
    photo = io.BytesIO()
    frames[0].save(photo, "GIF", save_all=True, append_images=frames[1:], duration=120, loop=0)
    assert Image.open(io.BytesIO(photo.getvalue())).n_frames == 3
    assert (
        create(admin_api, category, SimpleUploadedFile("a.gif", photo.getvalue())).status_code
        == 201
    )
    _, picture = served_picture(anon_api)
    assert picture.n_frames == 3
    assert picture.info["duration"] == 120


def _assert_refused_as_not_an_image(response, settings):
    assert response.status_code == 400, response.content
    assert response.json()["message"] == "Photo must be an image"
    assert response.json()["success"] is False
    assert Product.objects.count() == 0
    assert stored_files(settings) == []


def test_a_text_file_named_png_is_not_an_image(admin_api, category, settings):
    upload = SimpleUploadedFile("evil.png", b"#!/bin/sh\necho hello\n", content_type="image/png")
    _assert_refused_as_not_an_image(create(admin_api, category, upload), settings)


def test_an_svg_is_not_accepted(admin_api, category, settings):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    upload = SimpleUploadedFile("logo.svg", svg, content_type="image/svg+xml")
    _assert_refused_as_not_an_image(create(admin_api, category, upload), settings)


def test_a_bmp_is_not_accepted(admin_api, category, settings):
    upload = SimpleUploadedFile("p.bmp", image_bytes("BMP"), content_type="image/bmp")
    _assert_refused_as_not_an_image(create(admin_api, category, upload), settings)


def test_an_empty_file_is_not_an_image(admin_api, category, settings):
    upload = SimpleUploadedFile("p.jpg", b"", content_type="image/jpeg")
    response = create(admin_api, category, upload)
    assert response.status_code == 400
    assert Product.objects.count() == 0


@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_a_truncated_image_is_refused(admin_api, category, settings, fmt):
    buffer = io.BytesIO()
    # Noise does not compress, so the cut removes real image data.
    Image.effect_noise((200, 200), 64).convert("RGB").save(buffer, format=fmt)
    data = buffer.getvalue()
    upload = SimpleUploadedFile(f"cut.{fmt.lower()}", data[: len(data) // 2])
    _assert_refused_as_not_an_image(create(admin_api, category, upload), settings)


# 9000 x 9000 = 81 megapixels in a file of a few kilobytes: over our cap (40 MP). 20000 x
# 20000 = 400 megapixels: over twice Pillow's own limit, so Pillow refuses it on opening.
@pytest.mark.parametrize("side", [9000, 20000])
def test_a_decompression_bomb_is_refused_before_decoding(admin_api, category, settings, side):
    buffer = io.BytesIO()
    Image.new("1", (side, side)).save(buffer, format="PNG", optimize=True)
    assert len(buffer.getvalue()) < 200_000
    upload = SimpleUploadedFile("bomb.png", buffer.getvalue(), content_type="image/png")
    response = create(admin_api, category, upload)
    assert response.status_code == 413
    assert "megapixels" in response.json()["message"]
    assert Product.objects.count() == 0
    assert stored_files(settings) == []


def test_the_pixel_cap_is_the_setting(admin_api, category, settings):
    settings.MAX_PHOTO_PIXELS = 100 * 100
    upload = SimpleUploadedFile("big.png", image_bytes("PNG", size=(101, 100)))
    assert create(admin_api, category, upload).status_code == 413
    upload = SimpleUploadedFile("ok.png", image_bytes("PNG", size=(100, 100)))
    assert create(admin_api, category, upload, name="Fits").status_code == 201


def test_a_photo_over_the_byte_cap_is_413(admin_api, category, settings):
    settings.MAX_PHOTO_BYTES = 10_000
    buffer = io.BytesIO()
    Image.effect_noise((200, 200), 64).convert("RGB").save(buffer, format="PNG")
    assert len(buffer.getvalue()) > 10_000
    upload = SimpleUploadedFile("large.png", buffer.getvalue())
    response = create(admin_api, category, upload)
    assert response.status_code == 413
    assert response.json()["success"] is False
    assert response.json()["message"].startswith("Photo is too large")
    assert Product.objects.count() == 0
    assert stored_files(settings) == []


def test_a_request_body_over_the_limit_is_413_in_our_shape(admin_api, category, settings):
    settings.MAX_PHOTO_BYTES = 1000  # the body limit is the photo cap plus 1 MB of fields
    padding = SimpleUploadedFile("big.jpg", b"\xff" * (1024 * 1024 + 5000))
    response = create(admin_api, category, padding)
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["success"] is False
    assert Product.objects.count() == 0


def test_too_many_form_fields_is_400_not_500(admin_api, category, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    data = {f"extra{i}": "x" for i in range(10)}
    response = admin_api.post(f"{BASE}/create-product", data, format="multipart")
    assert response.status_code == 400
    assert response.json()["success"] is False


def test_oversized_form_fields_are_413_not_500(admin_api, category, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    data = {"name": "x", "description": "y" * 5000}
    response = admin_api.post(f"{BASE}/create-product", data, format="multipart")
    assert response.status_code == 413
    assert response.json()["success"] is False


# --- product-photo --------------------------------------------------------------------


def test_photo_answer_has_etag_and_cache_control_and_304(anon_api, django_assert_num_queries):
    product = ProductFactory(with_photo=True)
    with django_assert_num_queries(1):
        first = anon_api.get(f"{BASE}/product-photo/{product.pk}")
    assert first.status_code == 200
    assert first["Content-Type"] == "image/jpeg"
    assert first["ETag"].startswith('"')
    assert "max-age=0" in first["Cache-Control"]
    Image.open(io.BytesIO(first.content)).verify()
    again = anon_api.get(f"{BASE}/product-photo/{product.pk}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    other = anon_api.get(f"{BASE}/product-photo/{product.pk}", HTTP_IF_NONE_MATCH='"stale"')
    assert other.status_code == 200


def test_the_versioned_url_from_product_json_is_cached_long(anon_api):
    product = ProductFactory(name="Cached", with_photo=True)
    url = anon_api.get(f"{BASE}/get-product/cached").json()["product"]["photo"]
    response = anon_api.get(url)
    assert response.status_code == 200
    assert "max-age=31536000" in response["Cache-Control"]
    assert str(product.pk) in url


def test_replacing_a_photo_changes_the_url_and_the_etag(admin_api, anon_api):
    product = ProductFactory(name="Changing", with_photo=True)
    before = anon_api.get(f"{BASE}/get-product/changing").json()["product"]["photo"]
    etag = anon_api.get(before)["ETag"]
    upload = SimpleUploadedFile("n.png", image_bytes("PNG", color=(1, 2, 3)))
    admin_api.put(f"{BASE}/update-product/{product.pk}", {"photo": upload}, format="multipart")
    after = anon_api.get(f"{BASE}/get-product/changing").json()["product"]["photo"]
    assert after != before
    assert anon_api.get(after)["ETag"] != etag


def test_a_product_without_photo_gets_the_placeholder(anon_api):
    product = ProductFactory()
    response = anon_api.get(f"{BASE}/product-photo/{product.pk}")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["ETag"]
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.size[0] > 100


def test_a_missing_photo_file_falls_back_to_the_placeholder(anon_api):
    product = ProductFactory()
    Product.objects.filter(pk=product.pk).update(photo="products/gone.jpg")
    response = anon_api.get(f"{BASE}/product-photo/{product.pk}")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert "max-age=0" in response["Cache-Control"]


@pytest.mark.parametrize("bad_id", ["999999", "abc", "0", "-1", "9" * 30])
def test_photo_of_unknown_product_is_404(anon_api, bad_id):
    response = anon_api.get(f"{BASE}/product-photo/{bad_id}")
    assert response.status_code == 404
    assert response.json() == {"success": False, "message": "Product not found"}


def test_product_json_never_contains_photo_bytes(anon_api):
    ProductFactory(name="Bytes", with_photo=True)
    body = anon_api.get(f"{BASE}/get-product/bytes").content
    assert b"\xff\xd8" not in body
    assert len(body) < 2000
