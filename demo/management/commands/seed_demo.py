"""`manage.py seed_demo [--products N] [--reset] [--if-empty] [--orders N]`: the demo
catalogue (demo/catalogue.py), and with `--orders N` N demo orders (demo/orders.py).

Idempotent: products are numbered, their names, options, variants and photos derive from
the number, and inserts that meet an existing name or slug are skipped, so a second run
adds nothing. Each batch of 2,000 products is inserted, then the variants and gallery
rows of the products it added (a product that was already there keeps its own). Photos
come from a pool of images drawn once: one for each template and colour (or tint) it is
shown in, a few hundred whatever the number of products, so neighbouring products (other
templates) never share a picture.

Demo orders are placed after the catalogue, also when `--if-empty` found products; a
rerun tops them up to N. `--reset` keeps the orders, their lines unlinked from the
products it deletes.
"""

import sys
import time
from datetime import timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from catalog.media.renditions import ensure_renditions
from catalog.models import Category, Product, ProductPhoto, Variant
from catalog.services import catalogue_statistics_refresh
from demo.catalogue import (
    CATEGORIES,
    CATEGORY_TAX,
    POOL_ROUNDS,
    TEMPLATES,
    demo_product,
    draw_photo,
    tint_rgb,
)
from demo.orders import demo_orders_place, order_links_drop

BATCH = 2000
PHOTO_DIR = "products/demo"

PRODUCT_COLUMNS = (
    "name", "slug", "description", "price", "quantity", "shipping", "category_id", "photo",
    "options", "created_at", "updated_at", "hsn", "country_of_origin", "mrp",
)  # fmt: skip
VARIANT_COLUMNS = (
    "product_id", "sku", "options", "option_key", "price", "quantity", "position", "mrp",
)  # fmt: skip
PHOTO_COLUMNS = ("product_id", "image", "alt", '"option"', "position")


def _insert_rows(cursor, table: str, columns, rows: list[tuple], *, skip_taken=False) -> None:
    """`rows` inserted in few statements. PostgreSQL takes rows COPY'd in: a statement a
    row, or statements of many rows in text, took 4 to 6 times as long a row. With
    `skip_taken`, a row that meets a unique name or slug is skipped (ON CONFLICT DO
    NOTHING), in statements of a thousand rows. (Django's bulk_create spent more time
    building its statements, 90 rows at a time on SQLite, than SQLite spent on them.)"""
    if not rows:
        return
    names = ", ".join(columns)
    if connection.vendor == "postgresql" and not skip_taken:
        with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    json_value = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    one = "(" + ", ".join(json_value if c == "options" else "%s" for c in columns) + ")"
    conflict = " ON CONFLICT DO NOTHING" if skip_taken else ""
    for start in range(0, len(rows), 1000):
        chunk = rows[start : start + 1000]
        # Constant names and placeholders only; every value is a parameter.
        values = ", ".join([one] * len(chunk))
        statement = f"INSERT INTO {table} ({names}) VALUES {values}{conflict}"  # noqa: S608
        cursor.execute(statement, [value for row in chunk for value in row])


class Command(BaseCommand):
    help = (
        "Load a believable demo catalogue (tech gadgets, electronics, clothing; rupees)."
        " With --orders N, also N demo orders."
    )

    def add_arguments(self, parser):
        parser.add_argument("--products", type=int, default=60, help="how many (default 60)")
        parser.add_argument(
            "--reset", action="store_true", help="delete every product and category first"
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing when products already exist"
        )
        parser.add_argument("--orders", type=int, default=0, help="demo orders (default 0)")

    def handle(self, *args, orders: int = 0, **options):
        if orders < 0:
            raise CommandError("--orders must be 0 or more.")
        self._catalogue(**options)
        if orders:
            self._orders(orders)

    def _catalogue(self, *, products: int, reset: bool, if_empty: bool, **options):
        if products < 0:
            raise CommandError("--products must be 0 or more.")
        if if_empty and not reset and Product.objects.exists():
            self.stdout.write("The catalogue already has products; nothing seeded.")
            return
        started = time.monotonic()
        if reset:
            self._reset()
        categories = self._categories()
        pool = self._photo_pool(products)
        before = Product.objects.count()
        self._insert(products, categories, pool)
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
                f"{len(categories)} categories, {len(pool)} photos, in {elapsed:.1f} s."
            )
        )

    def _reset(self):
        files = set(Product.objects.exclude(photo="").values_list("photo", flat=True))
        files |= set(ProductPhoto.objects.values_list("image", flat=True))
        with transaction.atomic():
            order_links_drop()  # orders keep their lines, unlinked from the products
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
        """The demo's categories with their GST defaults; a category of an earlier seed
        without an HSN code takes them (the operator's own are left alone)."""
        found = {}
        for name, slug in CATEGORIES:
            tax = CATEGORY_TAX[slug]
            category = (
                Category.objects.filter(slug=slug).first()
                or Category.objects.with_name(name).first()
                or Category.objects.create(name=name, slug=slug, **tax)
            )
            if not category.hsn:
                for field, value in tax.items():
                    setattr(category, field, value)
                category.save(update_fields=list(tax))
            found[slug] = category
        return found

    def _photo_pool(self, count: int) -> dict[tuple[int, str], str]:
        """The pool's file for each (template, colour or tint) the first `count` products
        show, drawn when missing. Products repeat their templates' colours every
        POOL_ROUNDS rounds, so no more than that many are looked at."""
        wanted = {}
        for index in range(min(count, len(TEMPLATES) * POOL_ROUNDS)):
            item = demo_product(index)
            for photo in item.photos:
                wanted[(item.position, photo.tint)] = item.template
        pool = {}
        for (position, tint), template in sorted(wanted.items()):
            label = slugify(f"{template.brand} {template.line}")[:50]
            name = f"{PHOTO_DIR}/{position:02d}-{label}-{slugify(tint)}.jpg"
            if not default_storage.exists(name):
                name = default_storage.save(name, ContentFile(draw_photo(template, tint_rgb(tint))))
            ensure_renditions(name)  # bulk inserts send no post_save: WebP widths made here
            pool[(position, tint)] = name
        return pool

    def _insert(self, count: int, categories: dict[str, Category], pool: dict):
        now = timezone.now()
        ops = connection.ops
        with transaction.atomic(), connection.cursor() as cursor:
            for start in range(0, count, BATCH):
                items = [demo_product(index) for index in range(start, min(count, start + BATCH))]
                rows = [
                    (
                        item.name,
                        item.slug,
                        item.description,
                        item.price,
                        item.quantity,
                        item.shipping,
                        categories[item.template.category].pk,
                        pool[(item.position, item.photos[0].tint)],
                        item.options_json,
                        ops.adapt_datetimefield_value(now - timedelta(minutes=7 * item.index)),
                        ops.adapt_datetimefield_value(now),
                        item.hsn,
                        item.country_of_origin,
                        item.mrp,
                    )
                    for item in items
                ]
                # A product whose name or slug is taken is skipped.
                _insert_rows(cursor, "catalog_product", PRODUCT_COLUMNS, rows, skip_taken=True)
                self._parts(cursor, items, pool)
                self._progress(min(count, start + BATCH), count)
        if count:
            self.stdout.write("")

    def _parts(self, cursor, items, pool: dict) -> None:
        """The variants and gallery rows of the batch's products that have none yet: the
        ones just inserted. A product of another origin holding a demo name or slug is
        not the demo's and is left alone (it has its variants)."""
        by_slug = {item.slug: item for item in items}
        added = Product.objects.filter(slug__in=list(by_slug), variants__isnull=True)
        variants, photos = [], []
        for pk, slug, name in added.values_list("pk", "slug", "name"):
            item = by_slug[slug]
            if name != item.name:
                continue
            variants += [
                (
                    pk,
                    variant.sku,
                    variant.options_json,
                    variant.option_key,
                    variant.price,
                    variant.quantity,
                    position,
                    variant.mrp,
                )
                for position, variant in enumerate(item.variants)
            ]
            photos += [
                (pk, pool[(item.position, photo.tint)], photo.alt, photo.option, position)
                for position, photo in enumerate(item.photos)
            ]
        _insert_rows(cursor, "catalog_variant", VARIANT_COLUMNS, variants)
        _insert_rows(cursor, "catalog_productphoto", PHOTO_COLUMNS, photos)

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

    def _orders(self, wanted: int):
        placed = demo_orders_place(wanted)
        if placed is None:
            self.stdout.write("No products in stock: no demo orders placed.")
            return
        placed, total = placed
        self.stdout.write(
            self.style.SUCCESS(f"Demo orders: {placed} placed, {total} demo orders in all.")
        )
