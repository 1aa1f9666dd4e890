"""Factories for catalog data (factory_boy). Browser tests use them too.

`ProductFactory(with_photo=True)` attaches a real small JPEG drawn by Pillow, stored in
media storage like an uploaded photo.
"""

import io
from decimal import Decimal

import factory
from django.core.files.base import ContentFile
from django.db import connection
from PIL import Image

from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.slugs import base_slug
from catalog.variants import derive, option_key

# Queries that add the variants and gallery to a list's answer (catalog.variants.
# attach_parts): none where the rows bring them (PostgreSQL's), two elsewhere; products
# read as models always take the two.
PARTS = 0 if connection.vendor == "postgresql" else 2
MODEL_PARTS = 2
# Related products: on PostgreSQL the product's row comes with its neighbours'; elsewhere
# its price is read first.
RELATED_QUERIES = 1 if connection.vendor == "postgresql" else 2


def jpeg_bytes(width: int = 64, height: int = 48, color=(200, 60, 40), fmt: str = "JPEG") -> bytes:
    """A real image file (JPEG by default) of the given size and colour."""
    buffer = io.BytesIO()
    mode = "RGBA" if fmt == "PNG" else "RGB"
    fill = (*color, 255) if mode == "RGBA" else color
    Image.new(mode, (width, height), fill).save(buffer, format=fmt)
    return buffer.getvalue()


class CategoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Category
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Category {n}")
    slug = factory.LazyAttribute(lambda o: base_slug(o.name, fallback="category", max_length=100))


class ProductFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Product
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Product {n}")
    slug = factory.LazyAttribute(lambda o: base_slug(o.name, fallback="product", max_length=200))
    description = factory.LazyAttribute(lambda o: f"{o.name}: a dependable everyday gadget.")
    price = Decimal("499.00")
    quantity = 10
    shipping = True
    category = factory.SubFactory(CategoryFactory)

    @factory.post_generation
    def with_photo(obj, create, extracted, **kwargs):
        """`ProductFactory(with_photo=True)`: a real JPEG, a colour of its own per product."""
        if not extracted:
            return
        shade = ((obj.pk or 1) * 47 % 256, (obj.pk or 1) * 91 % 256, 160)
        obj.photo.save(f"{obj.slug}.jpg", ContentFile(jpeg_bytes(color=shade)), save=create)
        if create:
            ProductPhoto.objects.create(product=obj, image=obj.photo.name, alt="", position=0)

    @factory.post_generation
    def variants(obj, create, extracted, **kwargs):
        """Every product is sold through variants: one of its price, MRP and stock by
        default; `ProductFactory(options=[...], variants=[{"options": {...}, "quantity": 3,
        "price"?: ..., "mrp"?: ...}])` gives those (SKUs generated), and the product's
        price, MRP and stock follow them."""
        if not create:
            return
        specs = extracted or [
            {"options": {}, "price": obj.price, "mrp": obj.mrp, "quantity": obj.quantity}
        ]
        made = []
        for n, spec in enumerate(specs):
            choice = spec.get("options", {})
            made.append(
                Variant.objects.create(
                    product=obj,
                    sku=spec.get("sku")
                    or (f"SS-{obj.pk}" if not extracted else f"SS-{obj.pk}-{n + 1}"),
                    options=choice,
                    option_key=option_key(choice),
                    price=spec.get("price", obj.price),
                    mrp=spec.get("mrp"),
                    quantity=spec["quantity"],
                    position=n,
                )
            )
        if extracted:
            derive(obj, made)
            Product.objects.filter(pk=obj.pk).update(
                price=obj.price, mrp=obj.mrp, quantity=obj.quantity
            )
