"""`manage.py import_products FILE.csv [--images DIR] [--dry-run]`: products from CSV.

One row per product (`name,slug,description,price,quantity,category,shipping,photo`) or
one row per variant, as export_products writes (catalog/csv_io/;
docs/operations.md, "CSV import and export"). All or nothing: any bad row is printed as
`line N: ...` and the command exits non-zero with nothing written.
"""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import IntegrityError

from catalog.csv_io import ImportFailed, apply_import, plan_import
from catalog.models import Product
from catalog.services import catalogue_statistics_refresh
from shop.api.exceptions import Conflict

# The progress bar shows from this many rows, or photos to store.
LONG_RUN = {"checking": 1000, "matching": 1000, "writing": 1000, "photos": 20}


class Command(BaseCommand):
    help = "Create or update products from a CSV file (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the CSV file (UTF-8, with or without BOM)")
        parser.add_argument("--images", help="folder holding the files named in `photo`")
        parser.add_argument(
            "--dry-run", action="store_true", help="check and report, write nothing"
        )

    def handle(self, *args, file: str, images: str | None, dry_run: bool, **options):
        started = time.monotonic()
        folder = Path(images) if images else None
        if folder is not None and not folder.is_dir():
            raise CommandError(f"--images {images} is not a folder.")
        self._bar_shown = False
        try:
            with open(file, "rb") as handle:
                plan = plan_import(handle, images=folder, progress=self._progress)
        except FileNotFoundError:
            raise CommandError(f"{file}: no such file.") from None
        except ImportFailed as failed:
            self._end_bar()
            for error in failed.errors:
                self.stderr.write(error)
            raise CommandError(
                f"{len(failed.errors)} problem(s) found; nothing was imported."
            ) from None
        self._end_bar()
        summary = (
            f"{plan.created} created, {plan.updated} updated, {plan.unchanged} unchanged"
            f" ({len(plan.new_categories)} new categories)"
        )
        if dry_run:
            self.stdout.write(f"Dry run, nothing written: {summary}.")
            return
        if plan.created or plan.updated:
            before = Product.objects.count()
            try:
                apply_import(plan, progress=self._progress)
            except (IntegrityError, Conflict) as exc:
                # A write elsewhere took a name, slug or SKU between the check and the write.
                self._end_bar()
                raise CommandError(
                    f"The database refused the import ({exc}); nothing was imported. Run it again."
                ) from None
            except OSError as exc:
                self._end_bar()
                raise CommandError(
                    f"Storing a photo failed ({exc}); nothing was imported."
                ) from None
            self._end_bar()
            # A large import: fresh planner statistics now, not when autovacuum comes by.
            catalogue_statistics_refresh(changed=plan.created + plan.updated, before=before)
        elapsed = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"Imported: {summary} in {elapsed:.1f} s."))

    def _progress(self, stage: str, done: int, total: int):
        if total < LONG_RUN.get(stage, 1000):
            return
        width = 30
        filled = width * done // total
        bar = "#" * filled + "." * (width - filled)
        self.stderr.write(
            f"\r  {stage:8} [{bar}] {100 * done // total:3d}% ({done}/{total})", ending=""
        )
        self.stderr.flush()
        self._bar_shown = True

    def _end_bar(self):
        if self._bar_shown:
            self.stderr.write("")
            self._bar_shown = False
