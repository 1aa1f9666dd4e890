"""Search latency in process: SEARCHES searches (default 200) over the varied queries of
bench/search_eval.json, through the search selector, ROUNDS times (default 3), on the
configured database (DATABASE_URL). Prints, for each round, the wall-clock p50/p95 of a
search and the mean CPU of this process a search (the Python side: parsing, planning,
ranking, reading rows; on SQLite the database's work too), which a busy machine
disturbs less than the wall clock. Reads only; the whole-answer cache plays no part.

    DATABASE_URL=... .venv/bin/python bench/search_eval_latency.py
"""

import json
import os
import statistics
import sys
import time
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


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    searches = int(os.environ.get("SEARCHES", "200"))
    rounds = int(os.environ.get("ROUNDS", "3"))
    queries = [
        row["query"]
        for row in json.loads((ROOT / "bench" / "search_eval.json").read_text())["queries"]
    ]
    queries = [queries[i % len(queries)] for i in range(searches)]
    count = Product.objects.count()
    if not count:
        print("No products: load the demo catalogue first (manage.py seed_demo).")
        return 1
    for query in queries:  # warm the connection, the plans and the held values
        selectors.product_search(keyword=query)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"search latency on {connection.vendor}: {count} products, {searches} searches")
    print(f"  machine load average {load}")
    for number in range(1, rounds + 1):
        wall, cpu = [], []
        for query in queries:
            started, used = time.perf_counter(), time.process_time()
            selectors.product_search(keyword=query)
            cpu.append((time.process_time() - used) * 1000)
            wall.append((time.perf_counter() - started) * 1000)
        print(
            f"  round {number}: p50 {statistics.median(wall):6.2f} ms   "
            f"p95 {percentile(wall, 0.95):6.2f} ms   CPU {statistics.mean(cpu):5.2f} ms a search"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
