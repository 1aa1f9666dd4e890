"""Mixed traffic for `make bench`: thousands of distinct reads, as shoppers send
them, instead of one URL repeated.

`build_mix()` draws the distinct requests from the seeded catalogue (fixed random seed, so
two runs on the same catalogue send the same requests):

- product   get-product/{slug} of products spread over the whole catalogue
- related   related-product/{id}/{category} of the same kind of spread
- list      product-list/{page} over the whole range of pages
- filters   product-filters: no, one or two categories x each price band, pages over the
            whole range of each combination's answer
- category  product-category/{slug}?page=N over the whole range of each category
- search    real words of product names, the same with a typo, two-word queries
- count     product-count, get-category and get-product?page=N (a page of 12 and the total)

Each kind is written to a file of its own and all of them, shuffled, to `mix.txt`; the wrk
script `wrk_mix.lua` draws from a file uniformly or with a Zipf law (line i has weight
1 / i^s), or walks it in order. The shuffle decides which requests are the popular ones.
"""

from __future__ import annotations

import json
import random
import re
import urllib.parse
from itertools import combinations
from pathlib import Path

KIND_SIZES = {
    "product": 1000,
    "related": 600,
    "list": 1000,
    "filters": 1000,
    "category": 600,
    "search": 900,
    "count": 200,
}
# The "alone, cold" runs: enough distinct requests of each kind that a run of a few
# seconds sends each at most once (the runs above repeat theirs, so after the first pass
# most of their answers come from the response cache).
COLD_SIZE = 20_000
WORD = re.compile(r"[A-Za-z]{3,}")
BANDS = [(0, 199), (200, 349), (350, 599), (600, 799), (800, 999), (1000, None)]


def _typo(word: str, rng: random.Random) -> str:
    """One slip of the finger: a letter dropped, doubled or two swapped."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.choice(("drop", "double", "swap"))
    if kind == "drop":
        return word[:i] + word[i + 1 :]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]


def build_mix(
    seed: int = 17, wanted: dict[str, int] | None = None
) -> dict[str, list[tuple[str, str, str]]]:
    """kind -> distinct (method, path, body) requests: `wanted` of each (KIND_SIZES), or as
    many as the catalogue holds when fewer (a list of 100k products has 16,667 pages)."""
    wanted = wanted or KIND_SIZES
    from django.conf import settings

    from catalog.models import Category, Product

    rng = random.Random(seed)
    p = "/api/v1/product"
    per_page = settings.PRODUCTS_PER_PAGE
    total = Product.objects.count()
    ids = list(Product.objects.order_by("id").values_list("id", "slug", "category_id"))
    categories = list(Category.objects.order_by("id").values_list("id", "slug"))
    sizes = {
        c: Product.objects.filter(category_id=c).count() for c, _ in categories
    }  # per category
    mix: dict[str, set] = {kind: set() for kind in wanted}

    def fill(kind: str, make) -> None:
        tries = 0
        while len(mix[kind]) < wanted[kind] and tries < wanted[kind] * 20:
            tries += 1
            mix[kind].add(make())

    def a_product():
        return ids[rng.randrange(len(ids))]

    fill("product", lambda: ("GET", f"{p}/get-product/{a_product()[1]}", ""))

    def a_related():
        pk, _, category_id = a_product()
        return ("GET", f"{p}/related-product/{pk}/{category_id}", "")

    fill("related", a_related)
    pages = max(1, -(-total // per_page))
    fill("list", lambda: ("GET", f"{p}/product-list/{rng.randint(1, pages)}", ""))

    combos = [[]] + [[c] for c, _ in categories] + [list(x) for x in combinations(sizes, 2)]
    counts = {}
    for combo in combos:
        for band in BANDS:
            qs = Product.objects.all()
            if combo:
                qs = qs.filter(category_id__in=combo)
            qs = qs.filter(price__gte=band[0])
            if band[1] is not None:
                qs = qs.filter(price__lte=band[1])
            counts[(tuple(combo), band)] = qs.count()
    live = [key for key, n in counts.items() if n]

    def a_filter():
        combo, band = rng.choice(live)
        last = max(1, -(-counts[(combo, band)] // per_page))
        body = {
            "checked": [str(c) for c in combo],
            "radio": list(band),
            "page": rng.randint(1, last),
        }
        return ("POST", f"{p}/product-filters", json.dumps(body, separators=(",", ":")))

    fill("filters", a_filter)

    def a_category_page():
        cid, slug = rng.choice(categories)
        last = max(1, -(-sizes[cid] // per_page))
        return ("GET", f"{p}/product-category/{slug}?page={rng.randint(1, last)}", "")

    fill("category", a_category_page)

    names = Product.objects.order_by("id").values_list("name", flat=True)
    words = sorted({w.lower() for name in names[: min(total, 20000)] for w in WORD.findall(name)})

    def a_search():
        roll = rng.random()
        word = rng.choice(words)
        if roll < 0.45:
            query = word
        elif roll < 0.75 and len(word) > 3:
            query = _typo(word, rng)
        else:
            query = f"{word} {rng.choice(words)}"
        return ("GET", f"{p}/search/{urllib.parse.quote(query)}", "")

    fill("search", a_search)

    mix["count"].add(("GET", f"{p}/product-count", ""))
    mix["count"].add(("GET", "/api/v1/category/get-category", ""))
    latest_pages = max(1, -(-total // 12))
    fill("count", lambda: ("GET", f"{p}/get-product?page={rng.randint(1, latest_pages)}", ""))

    out = {}
    for kind, requests in mix.items():
        listed = sorted(requests)
        rng.shuffle(listed)
        out[kind] = listed
    return out


def write_mix(mix: dict[str, list[tuple[str, str, str]]], folder: Path, seed: int = 17) -> dict:
    """One file per kind plus `mix.txt` (all kinds, shuffled); returns kind -> (file, n)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    everything = [r for kind in mix for r in mix[kind]]
    random.Random(seed).shuffle(everything)
    for name, requests in [("mix", everything), *mix.items()]:
        path = folder / f"{name}.txt"
        path.write_text("".join("\t".join(r).rstrip("\t") + "\n" for r in requests))
        files[name] = (path, len(requests))
    return files
