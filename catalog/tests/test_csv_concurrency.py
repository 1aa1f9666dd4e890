"""`manage.py import_products` run twice at the same moment with the same file (an operator
who pressed Enter in two terminals, a cron job that overlapped): two real processes on a
SQLite file, or on PostgreSQL when the tests run on it. The file is applied once: each
product, variant and gallery photo (with its alt text and option) exists once, and an
import that lost the race says so and wrote nothing, never a traceback."""

import csv
import json
import subprocess
import sys

import pytest

from catalog.tests.factories import jpeg_bytes
from shop.tests.live_gunicorn import ROOT, gunicorn_server, together

pytestmark = pytest.mark.django_db(transaction=True)

HEADER = [
    "name",
    "slug",
    "description",
    "category",
    "shipping",
    "photos",
    "photo_alts",
    "photo_options",
    "option1_name",
    "option1_values",
    "sku",
    "option1_value",
    "price",
    "quantity",
]
KURTA = ["Kurta", "kurta", "Cotton", "Clothing", "1", "front.jpg|back.jpg", "Front|Back"]
MUG = ["Mug", "mug", "Stoneware", "Kitchen", "1", "mug.jpg", "A white mug"]
ROWS = [
    [*KURTA, "Blue|", "Colour", "Blue|White", "K-B", "Blue", "799", "2"],
    ["", "kurta", "", "", "", "", "", "", "", "", "K-W", "White", "799", "1"],
    [*MUG, "", "", "", "MUG-1", "", "249", "40"],
]
# Enough more rows that both processes are still checking the file when one of them
# starts writing, so the second writes what it checked before the first committed.
PLATES = 400
PLATE = ["Enamel", "Kitchen", "1", "", "", "", "", ""]
ROWS += [[f"Plate {n}", f"plate-{n}", *PLATE, f"PL-{n}", "", "99", "5"] for n in range(PLATES)]

STATE = """
import json
from catalog.models import Category, Product, ProductPhoto, Variant
print(json.dumps({
    "categories": sorted(Category.objects.values_list("name", flat=True)),
    "products": sorted(
        Product.objects.exclude(slug__startswith="plate-").values_list("slug", flat=True)
    ),
    "plates": Product.objects.filter(slug__startswith="plate-").count(),
    "skus": sorted(Variant.objects.exclude(sku__startswith="PL-").values_list("sku", flat=True)),
    "plate_skus": Variant.objects.filter(sku__startswith="PL-").count(),
    "photos": sorted(
        ProductPhoto.objects.values_list("product__slug", "alt", "option", "position")
    ),
}))
"""


def test_one_file_imported_twice_at_the_same_moment_is_applied_once(tmp_path):
    images = tmp_path / "images"
    images.mkdir()
    for name, color in (("front.jpg", (0, 0, 200)), ("back.jpg", (0, 200, 0))):
        (images / name).write_bytes(jpeg_bytes(color=color))
    (images / "mug.jpg").write_bytes(jpeg_bytes(color=(240, 240, 240)))
    path = tmp_path / "catalogue.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *ROWS])

    with gunicorn_server(tmp_path) as server:

        def run():
            return subprocess.run(
                [sys.executable, "manage.py", "import_products", str(path), "--images", images],
                cwd=ROOT,
                env=server.env,
                capture_output=True,
                text=True,
                timeout=120,
            )

        answers = together([run, run])

        done = [a for a in answers if a.returncode == 0]
        refused = [a for a in answers if a.returncode != 0]
        assert done, [a.stderr for a in answers]
        for answer in refused:
            assert "nothing was imported. Run it again." in answer.stderr, answer.stderr
            assert "Traceback" not in answer.stderr
        outputs = sorted(a.stdout for a in done)
        # The winner created them all; a second run that checked after it changed nothing.
        assert any(f"{PLATES + 2} created" in out for out in outputs), outputs
        state = json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])
    assert state == {
        "categories": ["Clothing", "Kitchen"],
        "products": ["kurta", "mug"],
        "plates": PLATES,
        "skus": ["K-B", "K-W", "MUG-1"],
        "plate_skus": PLATES,
        "photos": [
            ["kurta", "Back", "", 1],
            ["kurta", "Front", "Blue", 0],
            ["mug", "A white mug", "", 0],
        ],
    }
