"""`manage.py photo_renditions`: make the WebP renditions of every stored product photo
that has none yet (photos stored before renditions existed). Safe to run again: photos
that have them are skipped."""

from django.core.management.base import BaseCommand

from catalog.media.renditions import ensure_renditions
from catalog.models import Product


class Command(BaseCommand):
    help = "Make missing WebP renditions (200/400/800 px) of product photos."

    def handle(self, *args, **options):
        names = (
            Product.objects.exclude(photo="")
            .order_by("photo")
            .values_list("photo", flat=True)
            .distinct()
            .iterator()
        )
        count = 0
        for name in names:
            ensure_renditions(name)
            count += 1
        self.stdout.write(self.style.SUCCESS(f"Renditions checked for {count} photos."))
