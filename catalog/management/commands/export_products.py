"""`manage.py export_products FILE.csv [--images DIR]`: every product as CSV, in the
format import_products reads, so exporting then importing changes nothing."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalog.csv_io import export_rows


class Command(BaseCommand):
    help = "Write every product to a CSV file (the import_products columns)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the CSV file to write (UTF-8 with BOM)")
        parser.add_argument("--images", help="also copy each product's photo into this folder")

    def handle(self, *args, file: str, images: str | None, **options):
        folder = Path(images) if images else None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        try:
            with open(file, "w", encoding="utf-8", newline="") as handle:
                count = export_rows(handle, images=folder)
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror or exc}") from None
        self.stdout.write(self.style.SUCCESS(f"Exported {count} products to {file}."))
