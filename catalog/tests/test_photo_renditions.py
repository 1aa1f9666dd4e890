"""WebP renditions of product photos: made at upload at fixed widths, listed in
the product JSON as `photoWidths`, served by `product-photo/{id}?w=`, never resized while
a shopper waits, removed with their photo."""

import io

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from PIL import Image, ImageFilter

from catalog.media.renditions import (
    RENDITION_BUDGET_BYTES,
    RENDITION_WIDTHS,
    WEBP_QUALITY,
    rendition_name,
)
from catalog.models import Product
from catalog.tests.factories import CategoryFactory, ProductFactory, jpeg_bytes

pytestmark = pytest.mark.django_db

BASE = "/api/v1/product"


def upload(width=1200, height=900, fmt="JPEG", name="photo.jpg"):
    return SimpleUploadedFile(name, jpeg_bytes(width, height, fmt=fmt))


def create(admin_api, photo, name="Camera X100"):
    response = admin_api.post(
        f"{BASE}/create-product",
        {
            "name": name,
            "description": "A camera",
            "price": "25999",
            "quantity": "3",
            "category": str(CategoryFactory().pk),
            "photo": photo,
        },
        format="multipart",
    )
    assert response.status_code == 201, response.content
    return response.json()["products"]


def image_of(response) -> Image.Image:
    body = b"".join(response) if response.streaming else response.content
    image = Image.open(io.BytesIO(body))
    image.load()
    return image


def test_upload_makes_a_webp_rendition_per_width(admin_api, anon_api):
    product = create(admin_api, upload(1200, 900))
    assert product["photoWidths"] == [200, 400, 800]
    for width in RENDITION_WIDTHS:
        response = anon_api.get(f"{BASE}/product-photo/{product['_id']}?w={width}")
        assert response.status_code == 200
        assert response["Content-Type"] == "image/webp"
        image = image_of(response)
        assert image.format == "WEBP"
        assert image.size == (width, width * 3 // 4)


def test_the_photo_without_a_width_is_the_original(admin_api, anon_api):
    product = create(admin_api, upload(1200, 900))
    response = anon_api.get(f"{BASE}/product-photo/{product['_id']}")
    assert response["Content-Type"] == "image/jpeg"
    assert image_of(response).size == (1200, 900)


def test_a_phone_card_image_is_small(admin_api, anon_api):
    """A card on a phone loads the 400 or 800 rendition: far below the original."""
    photo = io.BytesIO()
    # A busy picture (noise) compresses badly: the worst case for the byte budget.
    Image.effect_noise((1600, 1200), 64).convert("RGB").save(photo, format="JPEG", quality=92)
    product = create(admin_api, SimpleUploadedFile("noisy.jpg", photo.getvalue()))
    sizes = {
        width: len(anon_api.get(f"{BASE}/product-photo/{product['_id']}?w={width}").content)
        for width in RENDITION_WIDTHS
    }
    assert sizes[200] < sizes[400] < sizes[800] < len(photo.getvalue())


def _jpeg(image: Image.Image) -> bytes:
    photo = io.BytesIO()
    image.save(photo, format="JPEG", quality=92)
    return photo.getvalue()


def _webp_size(image: Image.Image, width: int, quality: int) -> int:
    height = round(image.height * width / image.width)
    scaled = image.resize((width, height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    scaled.save(buffer, format="WEBP", quality=quality, method=4)
    return buffer.tell()


def _card_rendition(admin_api, anon_api, image: Image.Image) -> tuple[bytes, Image.Image]:
    """The 800 rendition served, and the stored photo it was made from."""
    product = create(admin_api, SimpleUploadedFile("photo.jpg", _jpeg(image)))
    response = anon_api.get(f"{BASE}/product-photo/{product['_id']}?w=800")
    assert response["Content-Type"] == "image/webp"
    with Product.objects.get(pk=product["_id"]).photo.open("rb") as handle:
        stored = Image.open(io.BytesIO(handle.read()))
        stored.load()
    return response.content, stored.convert("RGB")


def test_a_detailed_photo_is_encoded_again_to_fit_the_card_budget(admin_api, anon_api):
    """A phone's card loads the 800 rendition; a detailed photo over the budget at the
    usual quality is stored at a lower one that fits."""
    detailed = Image.effect_noise((1600, 1200), 90).convert("RGB")
    detailed = detailed.filter(ImageFilter.GaussianBlur(2.5))
    content, decoded = _card_rendition(admin_api, anon_api, detailed)
    assert _webp_size(decoded, 800, WEBP_QUALITY) > RENDITION_BUDGET_BYTES
    assert len(content) <= RENDITION_BUDGET_BYTES
    assert Image.open(io.BytesIO(content)).size == (800, 600)


def test_a_photo_within_the_budget_keeps_the_usual_quality(admin_api, anon_api):
    simple = Image.linear_gradient("L").resize((1600, 1200)).convert("RGB")
    content, decoded = _card_rendition(admin_api, anon_api, simple)
    assert len(content) == _webp_size(decoded, 800, WEBP_QUALITY)


def test_a_picture_that_cannot_fit_is_kept_at_the_lowest_quality(admin_api, anon_api):
    noise = Image.effect_noise((1600, 1200), 64).convert("RGB")
    content, decoded = _card_rendition(admin_api, anon_api, noise)
    assert RENDITION_BUDGET_BYTES < len(content) < _webp_size(decoded, 800, WEBP_QUALITY)


def test_a_small_photo_is_never_upscaled(admin_api, anon_api):
    product = create(admin_api, upload(150, 100))
    response = anon_api.get(f"{BASE}/product-photo/{product['_id']}?w=800")
    assert response["Content-Type"] == "image/webp"
    assert image_of(response).size == (150, 100)


def test_transparent_png_keeps_its_alpha(admin_api, anon_api):
    logo = Image.new("RGBA", (600, 600), (0, 0, 0, 0))
    logo.paste((20, 90, 200, 255), (150, 150, 450, 450))
    data = io.BytesIO()
    logo.save(data, format="PNG")
    product = create(admin_api, SimpleUploadedFile("logo.png", data.getvalue()))
    image = image_of(anon_api.get(f"{BASE}/product-photo/{product['_id']}?w=200"))
    assert image.mode == "RGBA"
    assert image.size == (200, 200)


@pytest.mark.parametrize("width", ["300", "0", "-200", "abc", "200.0", "", "٢٠٠"])
def test_a_width_outside_the_set_is_400(admin_api, anon_api, width):
    product = create(admin_api, upload(400, 300))
    response = anon_api.get(f"{BASE}/product-photo/{product['_id']}", {"w": width})
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert body["message"] == "Photo width must be one of 200, 400, 800."


def test_no_resizing_on_the_request_path(admin_api, anon_api):
    """A missing rendition is not made on demand: the original is served as it is."""
    product = create(admin_api, upload(1200, 900))
    name = Product.objects.get(pk=product["_id"]).photo.name
    default_storage.delete(rendition_name(name, 400))
    response = anon_api.get(f"{BASE}/product-photo/{product['_id']}?w=400")
    assert response["Content-Type"] == "image/jpeg"
    assert image_of(response).size == (1200, 900)
    assert not default_storage.exists(rendition_name(name, 400))


def test_each_width_has_its_own_etag_and_revalidates(
    admin_api, anon_api, django_assert_num_queries
):
    product = create(admin_api, upload(1200, 900))
    path = f"{BASE}/product-photo/{product['_id']}"
    tags = {anon_api.get(f"{path}?w={w}")["ETag"] for w in RENDITION_WIDTHS}
    tags.add(anon_api.get(path)["ETag"])
    assert len(tags) == 4
    etag = anon_api.get(f"{path}?w=200")["ETag"]
    # The file name comes from the read cache and no file is opened: no SQL at all.
    with django_assert_num_queries(0):
        response = anon_api.get(f"{path}?w=200", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag


def test_a_replaced_photo_is_served_at_once_despite_the_cache(admin_api, anon_api):
    product = create(admin_api, upload(1200, 900))
    path = f"{BASE}/product-photo/{product['_id']}"
    assert image_of(anon_api.get(path)).size == (1200, 900)
    response = admin_api.put(
        f"{BASE}/update-product/{product['_id']}",
        {"photo": upload(640, 480, name="new.jpg")},
        format="multipart",
    )
    assert response.status_code == 200
    assert image_of(anon_api.get(path)).size == (640, 480)
    assert admin_api.delete(f"{BASE}/delete-product/{product['_id']}").status_code == 200
    assert anon_api.get(path).status_code == 404


def test_a_product_without_a_photo_lists_no_widths_and_gets_the_placeholder(anon_api):
    product = ProductFactory()
    listed = anon_api.get(f"{BASE}/get-product/{product.slug}").json()["product"]
    assert listed["photoWidths"] == []
    response = anon_api.get(f"{BASE}/product-photo/{product.pk}?w=200")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"


def test_photos_saved_outside_the_api_get_renditions_too(anon_api):
    """The Django admin and factories save through the model: renditions follow."""
    product = ProductFactory(with_photo=True)
    listed = anon_api.get(f"{BASE}/get-product/{product.slug}").json()["product"]
    assert listed["photoWidths"] == [200, 400, 800]
    for width in RENDITION_WIDTHS:
        assert default_storage.exists(rendition_name(product.photo.name, width))


def test_a_replaced_photo_takes_its_renditions_with_it(
    admin_api, anon_api, django_capture_on_commit_callbacks
):
    product = create(admin_api, upload(1200, 900))
    old = Product.objects.get(pk=product["_id"]).photo.name
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_api.put(
            f"{BASE}/update-product/{product['_id']}",
            {"photo": upload(800, 800, name="new.jpg")},
            format="multipart",
        )
    assert response.status_code == 200
    new = Product.objects.get(pk=product["_id"]).photo.name
    for width in RENDITION_WIDTHS:
        assert not default_storage.exists(rendition_name(old, width))
        assert default_storage.exists(rendition_name(new, width))
    image = image_of(anon_api.get(f"{BASE}/product-photo/{product['_id']}?w=400"))
    assert image.size == (400, 400)


def test_a_deleted_product_takes_its_renditions_with_it(
    admin_api, django_capture_on_commit_callbacks
):
    product = create(admin_api, upload(1200, 900))
    name = Product.objects.get(pk=product["_id"]).photo.name
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_api.delete(f"{BASE}/delete-product/{product['_id']}").status_code == 200
    for width in RENDITION_WIDTHS:
        assert not default_storage.exists(rendition_name(name, width))


def test_the_demo_catalogue_photos_have_renditions(anon_api):
    call_command("seed_demo", products=2, stdout=io.StringIO())
    product = Product.objects.order_by("id").first()
    for width in RENDITION_WIDTHS:
        assert default_storage.exists(rendition_name(product.photo.name, width))
    response = anon_api.get(f"{BASE}/product-photo/{product.pk}?w=400")
    assert response["Content-Type"] == "image/webp"
    assert image_of(response).width <= 400


def test_the_renditions_command_fills_in_photos_stored_before_renditions(anon_api):
    product = ProductFactory(with_photo=True)
    name = product.photo.name
    for width in RENDITION_WIDTHS:
        default_storage.delete(rendition_name(name, width))
    out = io.StringIO()
    call_command("photo_renditions", stdout=out)
    assert "1 photos" in out.getvalue()
    for width in RENDITION_WIDTHS:
        assert default_storage.exists(rendition_name(name, width))
