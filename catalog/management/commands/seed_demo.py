"""`manage.py seed_demo [--products N] [--reset] [--if-empty]`: the demo catalogue.

Idempotent: products are numbered, their names derive from the number, and inserts that
meet an existing name or slug are skipped, so a second run adds nothing. Photos come
from a pool of images drawn once (one per product up to the pool size, so neighbouring
products never share a picture); large catalogues reuse the pool.
"""

import math
import sys
import time
from datetime import timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from catalog.demo import CATEGORIES, TEMPLATES, demo_product, draw_photo
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.renditions import ensure_renditions
from catalog.services import catalogue_statistics_refresh
from catalog.variants import give_single_variants

BATCH = 2000
POOL_ROUNDS = 3  # photos drawn per template at most: 3 x 55 images for any N
PHOTO_DIR = "products/demo"


class Command(BaseCommand):
    help = "Load a believable demo catalogue (tech gadgets, electronics, clothing; rupees)."

    def add_arguments(self, parser):
        parser.add_argument("--products", type=int, default=60, help="how many (default 60)")
        parser.add_argument(
            "--reset", action="store_true", help="delete every product and category first"
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing when products already exist"
        )

    def handle(self, *args, products: int, reset: bool, if_empty: bool, **options):
        if products < 0:
            raise CommandError("--products must be 0 or more.")
        if if_empty and not reset and Product.objects.exists():
            self.stdout.write("The catalogue already has products; nothing seeded.")
            return
        started = time.monotonic()
        if reset:
            self._reset()
        categories = self._categories()
        photos = self._photo_pool(products)
        before = Product.objects.count()
        self._insert(products, categories, photos)
        # Bulk inserts send no save signals: one real save tells whatever listens for
        # catalogue writes (the public read cache) that the catalogue changed.
        next(iter(categories.values())).save(update_fields=["name"])
        # Fresh statistics (PostgreSQL): without VACUUM's visibility map, deep product-list
        # pages went from an index-only scan to a sort of the table, 20.8 instead of 6.8
        # ms on average at 100k.
        catalogue_statistics_refresh()
        total = Product.objects.count()
        elapsed = time.monotonic() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo catalogue ready: {total - before} products added, {total} in all, "
                f"{len(categories)} categories, {len(photos)} photos, in {elapsed:.1f} s."
            )
        )

    def _reset(self):
        files = set(Product.objects.exclude(photo="").values_list("photo", flat=True))
        files |= set(ProductPhoto.objects.values_list("image", flat=True))
        with transaction.atomic():
            # One DELETE statement a table, not a row-by-row delete with a signal per
            # product (100000 of them); the files are removed below, listeners hear it
            # once, below.
            for parts in (Variant.objects.all(), ProductPhoto.objects.all()):
                parts._raw_delete(parts.db)
            products = Product.objects.all()
            deleted = products._raw_delete(products.db)
            Category.objects.all().delete()
        # Uploaded photos go with their products; the demo pool is kept for the next seed.
        for name in files:
            if not name.startswith(f"{PHOTO_DIR}/"):
                default_storage.delete(name)
        self.stdout.write(f"Reset: {deleted} products deleted.")

    def _categories(self) -> dict[str, Category]:
        found = {}
        for name, slug in CATEGORIES:
            category = (
                Category.objects.filter(slug=slug).first()
                or Category.objects.with_name(name).first()
                or Category.objects.create(name=name, slug=slug)
            )
            found[slug] = category
        return found

    def _photo_pool(self, count: int) -> list[str]:
        size = min(
            count, len(TEMPLATES) * max(1, min(POOL_ROUNDS, math.ceil(count / len(TEMPLATES))))
        )
        names = []
        for index in range(size):
            product = demo_product(index)
            label = slugify(f"{product.template.brand} {product.template.line}")[:50]
            name = f"{PHOTO_DIR}/{index:04d}-{label}.jpg"
            if not default_storage.exists(name):
                name = default_storage.save(name, ContentFile(draw_photo(product)))
            ensure_renditions(name)  # bulk inserts send no post_save: WebP widths made here
            names.append(name)
        return names

    def _insert(self, count: int, categories: dict[str, Category], photos: list[str]):
        now = timezone.now()
        with transaction.atomic():
            for start in range(0, count, BATCH):
                rows = []
                for index in range(start, min(count, start + BATCH)):
                    item = demo_product(index)
                    rows.append(
                        Product(
                            name=item.name,
                            slug=slugify(item.name),
                            description=item.description,
                            price=item.price,
                            quantity=item.quantity,
                            shipping=item.shipping,
                            category=categories[item.template.category],
                            photo=photos[index % len(photos)],
                            created_at=now - timedelta(minutes=7 * index),
                        )
                    )
                Product.objects.bulk_create(rows, batch_size=BATCH, ignore_conflicts=True)
                self._progress(min(count, start + BATCH), count)
            give_single_variants()
        if count:
            self.stdout.write("")

    def _progress(self, done: int, total: int):
        width = 30
        filled = width * done // total
        bar = "#" * filled + "." * (width - filled)
        self.stdout.write(
            f"\r  products [{bar}] {100 * done // total:3d}% ({done}/{total})", ending=""
        )
        if hasattr(self.stdout, "flush"):
            self.stdout.flush()
        elif sys.stdout:
            sys.stdout.flush()
