"""`make search-eval`: how often search finds what the shopper meant.

Runs every query of bench/search_eval.json through the search selector, in this process,
against the configured database (DATABASE_URL; the default SQLite file otherwise), and
prints the share of queries whose wanted product is the first result (top-1) or among
the first three (top-3), by kind of query, and the latency of the search call and of the
suggestions for the query's prefixes (p50, p95). A result counts when its name is the
wanted product or another edition of its template (`Allen Solly Heritage Striped Slim
Fit Cotton Shirt` for `Allen Solly Slim Fit Cotton Shirt`, `JBL Tune 510BT Nova` for
`JBL Tune 510BT`), as the demo catalogue names them (demo.catalogue.is_edition_of).

It reads only: load the catalogue first (`manage.py seed_demo` or `--products 100000`).
The whole-answer cache plays no part (the selector is called directly).
"""

import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")
os.environ.setdefault("DEBUG", "true")  # settings want a SECRET_KEY otherwise

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from catalog import selectors  # noqa: E402
from catalog.models import Product  # noqa: E402
from demo.catalogue import is_edition_of  # noqa: E402


def is_wanted(name: str, expect: str) -> bool:
    return is_edition_of(name, expect)


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def prefixes(query: str) -> list[str]:
    """What the box holds while the query is typed: from 2 characters, every third."""
    return [query[:n] for n in range(2, len(query) + 1, 3)] + [query]


def main() -> int:
    data = json.loads((ROOT / "bench" / "search_eval.json").read_text())
    queries = data["queries"]
    count = Product.objects.count()
    if not count:
        print("No products: load the demo catalogue first (manage.py seed_demo).")
        return 1
    for row in queries[:10]:  # warm the connection and the plans
        selectors.product_search(keyword=row["query"])
    top1, top3, timings, misses = 0, 0, [], []
    by_kind = defaultdict(lambda: [0, 0])
    for row in queries:
        started = time.perf_counter()
        names = [p.name for p in selectors.product_search(keyword=row["query"]).products]
        timings.append((time.perf_counter() - started) * 1000)
        first = bool(names) and is_wanted(names[0], row["expect"])
        three = any(is_wanted(name, row["expect"]) for name in names[:3])
        top1 += first
        top3 += three
        by_kind[row["kind"]][0] += 1
        by_kind[row["kind"]][1] += three
        if not three:
            misses.append((row["query"], row["expect"], names[:3]))
    suggest_timings = []
    for row in queries:
        for text in prefixes(row["query"]):
            started = time.perf_counter()
            selectors.product_suggest(text=text)
            suggest_timings.append((time.perf_counter() - started) * 1000)

    total = len(queries)
    print(f"search-eval on {connection.vendor} ({connection.settings_dict['NAME']}): ")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"  {count} products, {total} queries; machine load average {load}")
    print(f"  top-1 {100 * top1 / total:5.1f}%   top-3 {100 * top3 / total:5.1f}%")
    print(
        f"  search       p50 {statistics.median(timings):6.1f} ms   "
        f"p95 {percentile(timings, 0.95):6.1f} ms"
    )
    print(
        f"  suggestions  p50 {statistics.median(suggest_timings):6.1f} ms   "
        f"p95 {percentile(suggest_timings, 0.95):6.1f} ms   ({len(suggest_timings)} prefixes)"
    )
    print("  top-3 by kind: " + ", ".join(f"{k} {h}/{n}" for k, (n, h) in sorted(by_kind.items())))
    for query, expect, names in misses:
        print(f"  miss: {query!r} wants {expect!r}, got {names}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
