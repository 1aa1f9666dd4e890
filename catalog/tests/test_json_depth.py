"""The JSON text fields of create-product and update-product (`options`, `variants`,
`gallery`) nested deeper than the parser follows: the field's 400, nothing saved, never
a RecursionError's 500 (shop/api/jsontext.py)."""

import pytest

from catalog.models import Product, ProductPhoto, Variant
from catalog.tests.factories import CategoryFactory, ProductFactory
from catalog.tests.test_products_write import BASE, create, form
from shop.api import jsontext

pytestmark = pytest.mark.django_db

FIELDS = {"options": "Options", "variants": "Variants", "gallery": "Gallery"}


def nested_lists(depth: int) -> str:
    return "[" * depth + "]" * depth


def nested_objects(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


DEEP = {
    "lists just past the limit": nested_lists(jsontext.MAX_DEPTH + 1),
    "lists past Python's recursion limit": nested_lists(5_000),
    "100,000 lists": nested_lists(100_000),
    "objects past Python's recursion limit": nested_objects(5_000),
    "an unclosed 50,000": "[" * 50_000,
}


def _rows():
    return (Product.objects.count(), Variant.objects.count(), ProductPhoto.objects.count())


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
@pytest.mark.parametrize("field", FIELDS)
def test_create_product_with_a_deeply_nested_field_is_its_400(admin_api, field, text):
    category = CategoryFactory(name="Clothing")
    before = _rows()
    response = create(admin_api, form(category, **{field: text}))
    assert response.status_code == 400, response.content[:200]
    body = response.json()
    assert body["success"] is False
    assert body["errors"][field] == [f"{FIELDS[field]} must be JSON text."]
    assert _rows() == before


@pytest.mark.parametrize("field", FIELDS)
def test_update_product_with_a_deeply_nested_field_is_its_400(admin_api, field):
    product = ProductFactory(name="Plain Mug", quantity=4)
    response = admin_api.put(
        f"{BASE}/update-product/{product.pk}",
        form(product.category, name="Plain Mug", **{field: nested_lists(5_000)}),
        format="multipart",
    )
    assert response.status_code == 400, response.content[:200]
    assert response.json()["errors"][field] == [f"{FIELDS[field]} must be JSON text."]
    product.refresh_from_db()
    assert product.quantity == 4


@pytest.mark.parametrize("field", FIELDS)
def test_nesting_within_the_limit_is_parsed_and_refused_for_its_shape(admin_api, field):
    """Parsed (not "not JSON"), then refused by the field's own checks."""
    category = CategoryFactory(name="Clothing")
    response = create(admin_api, form(category, **{field: nested_lists(200)}))
    assert response.status_code == 400
    assert response.json()["errors"][field] != [f"{FIELDS[field]} must be JSON text."]


def test_the_parser_reads_json_and_refuses_what_is_not():
    assert jsontext.loads('[{"name": "Size", "values": ["S", "M"]}]') == [
        {"name": "Size", "values": ["S", "M"]}
    ]
    assert jsontext.loads(nested_lists(jsontext.MAX_DEPTH)) is not None
    for text in [nested_lists(jsontext.MAX_DEPTH + 1), "[NaN]", '"\\ud800"', "[1,", ""]:
        with pytest.raises(ValueError):
            jsontext.loads(text)
