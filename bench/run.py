"""The benchmark behind `make bench`.

What it does, in order:

1. Prepares the configured database (`DATABASE_URL`, meant to be the local PostgreSQL):
   creates it when missing, migrates, and loads `seed_demo --products N` unless N
   products are already there; collects the static files.
2. A query pass: every call once through Django's test client in this process, against
   the same database, with `CaptureQueriesContext` counting the SQL of a warm request.
3. Starts gunicorn with production settings (DEBUG off, a freshly generated SECRET_KEY,
   gunicorn.conf.py) on 127.0.0.1, and drives each call with wrk (a separate process) at
   a fixed concurrency for a fixed time, after a short warm-up.
4. The ceiling is `/healthz` (no database, no cache) measured in the same run, before the
   first call and after every call; each call's throughput is reported as a share of the
   mean of the two ceilings around it (robust to a machine whose speed drifts). A run
   whose connections left a gunicorn worker idle (wrk's 16 all taken by the other one, a
   matter of chance: `connection_spread`) is run again, up to three times in all; the
   tables show the connections each worker held in every try.
5. Writes bench/results/latest.json and latest.md and prints the table.

Settings (environment or flags): BENCH_DURATION (5 s a call), BENCH_WARMUP (1 s),
BENCH_CONNECTIONS (16), BENCH_THREADS (wrk threads, 1), BENCH_PRODUCTS (100000),
BENCH_PORT (8110), BENCH_DEEP_PAGE (1000), BENCH_COMMON_WORD / BENCH_RARE_WORD (picked
from the catalogue when unset), BENCH_ONLY (comma-separated call names; "search alone,
cold" is one name).

Mixed traffic (bench/mix.py): after the single-URL table, thousands of distinct
reads drawn uniformly and with a Zipf law (BENCH_ZIPF_S, 1.1), then each kind of call
alone over its own distinct requests, then each kind alone cold (up to mix.COLD_SIZE
distinct requests walked in order: none sent twice in a run), every run starting from an
empty response cache and compared with the ceilings around it; the RSS of each worker
after the runs.
Selling (bench/sell.py): the Zipf mix again while buyers place orders at 2/s and at 10/s and
an admin edits a product every BENCH_EDIT_SECONDS (5); reported beside the Zipf mix alone.
BENCH_MIX: "on" (default), "off" (single URLs only) or "only" (mixed runs only).
BENCH_WORKERS (2): gunicorn workers (WEB_CONCURRENCY) for the whole run.

--serve-root PATH (bench/ab.py, `make bench-ab`): migrate, seed_demo, collectstatic and
gunicorn run from that checkout of the shop, maybe another build's (its cwd, manage.py,
settings and gunicorn.conf.py; this tree's Python environment), while the calls, the
mixes and the selling are still built and sent by this tree's bench. What this process
reads from the database keeps to what every build's schema has (products' and
categories' own columns, users); the query pass (this tree's views through the test
client) is left out, each run empties the response cache by clearing the shared cache
(every build keeps its catalogue version there) instead of this tree's bump_version, and
the planner statistics are refreshed for the catalogue tables that build has.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import re
import runpy
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
LUA = ROOT / "bench" / "wrk_report.lua"
MIX_LUA = ROOT / "bench" / "wrk_mix.lua"
PY = sys.executable
# The checkout whose manage.py and gunicorn serve the run (--serve-root; this one by default).
SERVE_ROOT = ROOT
SERVE_ROOT_GIVEN = False

# Orders a second in the selling runs, and the share of the Zipf mix's throughput each
# must keep (at 2/s: 80%; at 10/s: 60%).
SELL = (2.0, 10.0)
SELL_TARGET = {2.0: 0.80, 10.0: 0.60}

# Share of the ceiling each kind of call must keep.
TARGET_SHARE = {"read": 0.50, "search": 0.30}
MAX_QUERIES = 3


@dataclass
class Call:
    name: str
    path: str
    kind: str = "read"  # "ceiling", "read" or "search"
    method: str = "GET"
    body: str = ""
    if_none_match: str = ""
    expect: int = 200
    note: str = ""
    # Filled in by the query pass and the load run.
    queries: int | None = None
    queries_cold: int | None = None
    status: int | None = None
    response_bytes: int | None = None
    cold_ms: float | None = None
    warm_ms: float | None = None
    load: dict = field(default_factory=dict)
    # Mixed runs: their own wrk script and its settings; `before` runs ahead of each one.
    script: Path | None = None
    wrk_env: dict = field(default_factory=dict)
    before: object = None
    target_share: float | None = None
    target_p99_ms: float | None = None
    # Orders a second placed by buyers (and an admin edit every few seconds) during the
    # run (bench/sell.py); None: nobody buys.
    selling: float | None = None


def log(message: str) -> None:
    print(f"[bench] {message}", flush=True)


def parse_args() -> argparse.Namespace:
    e = os.environ.get
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--duration", type=int, default=int(e("BENCH_DURATION", "5")))
    p.add_argument("--warmup", type=int, default=int(e("BENCH_WARMUP", "1")))
    p.add_argument("--connections", type=int, default=int(e("BENCH_CONNECTIONS", "16")))
    p.add_argument("--threads", type=int, default=int(e("BENCH_THREADS", "1")))
    p.add_argument("--products", type=int, default=int(e("BENCH_PRODUCTS", "100000")))
    p.add_argument("--port", type=int, default=int(e("BENCH_PORT", "8110")))
    p.add_argument("--deep-page", type=int, default=int(e("BENCH_DEEP_PAGE", "1000")))
    p.add_argument("--common-word", default=e("BENCH_COMMON_WORD", ""))
    p.add_argument("--rare-word", default=e("BENCH_RARE_WORD", ""))
    p.add_argument(
        "--unpaged-category",
        action="store_true",
        default=e("BENCH_UNPAGED_CATEGORY", "") not in ("", "0"),
        help="also load product-category/{slug} without a page (every product of it)",
    )
    p.add_argument(
        "--only", default=e("BENCH_ONLY", ""), help="comma-separated call names (either table)"
    )
    p.add_argument("--mix", choices=("on", "off", "only"), default=e("BENCH_MIX", "on"))
    p.add_argument("--zipf-s", type=float, default=float(e("BENCH_ZIPF_S", "1.1")))
    p.add_argument("--workers", type=int, default=int(e("BENCH_WORKERS", "2")))
    p.add_argument(
        "--serve-root",
        default="",
        help="serve from this checkout of the shop (bench/ab.py); the load is this tree's",
    )
    p.add_argument("--label", default=e("BENCH_LABEL", ""), help="free text stored in results")
    p.add_argument(
        "--output", default=e("BENCH_OUTPUT", "latest"), help="results file stem in bench/results"
    )
    return p.parse_args()


# --- 1. the database ---------------------------------------------------------------------
def ensure_database(url: str) -> None:
    """Create the PostgreSQL database named in the URL when it does not exist yet."""
    parts = urllib.parse.urlparse(url)
    if not parts.scheme.startswith("postgres"):
        log(f"DATABASE_URL is not PostgreSQL ({parts.scheme}); the targets are for PostgreSQL.")
        return
    import psycopg

    name = parts.path.lstrip("/")
    admin_url = urllib.parse.urlunparse(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            log(f"creating database {name}")
            conn.execute(f'CREATE DATABASE "{name}"')


def manage(*args: str, env: dict) -> None:
    subprocess.run([PY, "manage.py", *args], cwd=SERVE_ROOT, env=env, check=True)


def serving_elsewhere() -> bool:
    """--serve-root given: the server may run another build's code and schema. Also when
    it names this checkout (bench/ab.py's "this build"), so that every build of a
    comparison is measured the same way."""
    return SERVE_ROOT_GIVEN


def gunicorn_conf() -> Path | None:
    conf = SERVE_ROOT / "gunicorn.conf.py"
    return conf if conf.exists() else None


def statistics_refresh() -> None:
    """Fresh planner statistics and visibility map after a bulk load. This tree's
    catalogue_statistics_refresh names this tree's tables; another build gets the same
    VACUUM (ANALYZE) of those of them its schema has."""
    if not serving_elsewhere():
        from catalog.services import catalogue_statistics_refresh

        catalogue_statistics_refresh()
        return
    from django.db import connection

    from catalog.services.batch import CATALOGUE_TABLES

    if connection.vendor != "postgresql":
        return
    present = set(connection.introspection.table_names())
    tables = [t for t in CATALOGUE_TABLES if t in present]
    if tables:
        with connection.cursor() as cursor:
            cursor.execute(f"VACUUM (ANALYZE) {', '.join(tables)}")


def empty_response_cache() -> None:
    """Before each mixed run with --serve-root: clear the shared cache (Redis: FLUSHDB of
    the bench's database), where every build keeps its catalogue version, so the run
    starts from an empty response cache whichever build answers."""
    from django.core.cache import cache

    cache.clear()


# --- 2. targets and the query pass --------------------------------------------------------
WORD = re.compile(r"[A-Za-z]{4,}")


def pick_words(product_model, common: str, rare: str) -> tuple[str, str, dict]:
    """A word found in many products and one found in very few, from the catalogue."""
    from django.db.models import Q

    def matches(word: str) -> int:
        return product_model.objects.filter(
            Q(name__icontains=word) | Q(description__icontains=word)
        ).count()

    names = list(product_model.objects.order_by("id").values_list("name", flat=True)[:3000])
    counts = Counter(w.lower() for name in names for w in set(WORD.findall(name)))
    if not common and counts:
        common = counts.most_common(1)[0][0]
    if not rare and counts:
        candidates = [w for w, n in sorted(counts.items(), key=lambda kv: (kv[1], kv[0]))][:25]
        scored = [(matches(w), w) for w in candidates]
        scored = [s for s in scored if s[0] > 0]
        rare = min(scored)[1] if scored else ""
        if not scored or min(scored)[0] > 20:
            # A catalogue made from templates has no rare word: a whole product name
            # (what a shopper pastes) matches one product or a handful.
            total = product_model.objects.count()
            rare = product_model.objects.order_by("id").values_list("name", flat=True)[total // 3]
    info = {"common": {"word": common, "matches": matches(common) if common else 0}}
    info["rare"] = {"word": rare, "matches": matches(rare) if rare else 0}
    return common or "phone", rare or "zzzz", info


def build_calls(args: argparse.Namespace) -> tuple[list[Call], dict]:
    """The calls measured, with ids, slugs and words taken from the seeded catalogue."""
    from catalog.models import Category, Product

    total = Product.objects.count()
    if total == 0:
        raise SystemExit("no products in the database: seeding failed?")
    # Only columns every build's schema has (--serve-root may point at an older one).
    with_photo = Product.objects.exclude(photo="").exclude(photo__isnull=True)
    product_id = (
        with_photo.order_by("id").values_list("id", flat=True).first()
        or Product.objects.order_by("id").values_list("id", flat=True).first()
    )
    # A product from the middle of the catalogue for the detail and related calls.
    middle = Product.objects.order_by("id").values("pk", "slug", "category_id")[total // 2]
    category = Category.objects.values("pk", "slug").get(pk=middle["category_id"])
    category_size = Product.objects.filter(category_id=category["pk"]).count()
    common, rare, words = pick_words(Product, args.common_word, args.rare_word)
    filters_body = json.dumps({"checked": [str(category["pk"])], "radio": [200, 349], "page": 1})
    p = "/api/v1/product"
    calls = [
        Call("healthz", "/healthz", kind="ceiling", note="ceiling: no database, no cache"),
        Call("product-list page 1", f"{p}/product-list/1"),
        Call(
            f"product-list page {args.deep_page}",
            f"{p}/product-list/{args.deep_page}",
            note=f"offset {(args.deep_page - 1) * 6}",
        ),
        Call("product-count", f"{p}/product-count"),
        Call("get-category", "/api/v1/category/get-category"),
        Call("get-product/{slug}", f"{p}/get-product/{middle['slug']}"),
        Call("related-product", f"{p}/related-product/{middle['pk']}/{middle['category_id']}"),
        Call(
            "product-category/{slug}?page=1",
            f"{p}/product-category/{category['slug']}?page=1",
            note="a page of the category and its total",
        ),
        Call(
            "product-category/{slug} (unpaged)",
            f"{p}/product-category/{category['slug']}",
            note=f"every product of the category ({category_size:,}), as the original call",
        ),
        Call(
            "product-filters",
            f"{p}/product-filters",
            method="POST",
            body=filters_body,
            note="one category, band 200-349, page 1",
        ),
        Call(
            "search (common word)",
            f"{p}/search/{urllib.parse.quote(common)}",
            kind="search",
            note=f"'{common}': {words['common']['matches']} matching products",
        ),
        Call(
            "search (rare word)",
            f"{p}/search/{urllib.parse.quote(rare)}",
            kind="search",
            note=f"'{rare}': {words['rare']['matches']} matching products",
        ),
        Call("product-photo", f"{p}/product-photo/{product_id}"),
        Call(
            "product-photo If-None-Match",
            f"{p}/product-photo/{product_id}",
            expect=304,
            note="conditional GET, answered 304",
        ),
    ]
    meta = {"products": total, "categories": Category.objects.count(), "search_words": words}
    return calls, meta


def query_pass(calls: list[Call]) -> None:
    """SQL per request through the test client, same database, same cache as the server.

    Each call runs twice: the first may fill caches (counted as `queries_cold`), the
    second is what a server in steady state does (`queries`)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="127.0.0.1")
    # The server's one-line-per-request log belongs to the server; not in this output.
    logging.disable(logging.INFO)
    for call in calls:
        if call.kind == "ceiling":
            call.queries = call.queries_cold = 0
        headers = {"If-None-Match": call.if_none_match} if call.if_none_match else {}

        def send(call=call, headers=headers):
            if call.method == "POST":
                return client.post(
                    call.path, call.body, content_type="application/json", headers=headers
                )
            return client.get(call.path, headers=headers)

        started = time.perf_counter()
        with CaptureQueriesContext(connection) as cold:
            send()
        middle = time.perf_counter()
        with CaptureQueriesContext(connection) as warm:
            response = send()
        call.cold_ms = round((middle - started) * 1000, 1)
        call.warm_ms = round((time.perf_counter() - middle) * 1000, 1)
        call.queries_cold, call.queries = len(cold), len(warm)
        call.status = response.status_code
        body = b"".join(response) if response.streaming else response.content
        call.response_bytes = len(body)
        if response.status_code != call.expect:
            log(f"WARNING {call.name}: {response.status_code} (expected {call.expect})")
        if call.expect == 200 and "product-photo" in call.name:
            etag = response.headers.get("ETag", "")
            for other in calls:
                if other.expect == 304 and other.path == call.path:
                    other.if_none_match = etag


def etags_over_http(calls: list[Call], base: str) -> None:
    """The conditional GETs' ETags from the server itself (without the query pass, which
    otherwise reads them)."""
    for call in calls:
        if call.expect == 304 and not call.if_none_match:
            try:
                with urllib.request.urlopen(base + call.path, timeout=30) as r:
                    call.if_none_match = r.headers.get("ETag", "")
            except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
                log(f"WARNING {call.name}: no ETag ({error})")


# --- 3. the server and the load ------------------------------------------------------------
def start_server(env: dict, port: int) -> subprocess.Popen:
    gunicorn = Path(PY).parent / "gunicorn"
    RESULTS.mkdir(parents=True, exist_ok=True)
    # The server logs a line per request (production behaviour, kept): to a file, not here.
    with open(RESULTS / f"server-{port}.log.tmp", "w") as server_log:
        proc = subprocess.Popen(
            [str(gunicorn), "shop.wsgi", *(["-c", str(conf)] if (conf := gunicorn_conf()) else [])],
            cwd=SERVE_ROOT,
            env=env,
            stdout=server_log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/healthz"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return proc
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    stop_server(proc)
    raise SystemExit("gunicorn did not answer /healthz within 30 s")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def wrk(call: Call, base: str, seconds: float, args: argparse.Namespace) -> dict:
    env = {
        **os.environ,
        "WRK_METHOD": call.method,
        "WRK_BODY": call.body,
        "WRK_IF_NONE_MATCH": call.if_none_match,
        **call.wrk_env,
    }
    cmd = [
        "wrk",
        f"-t{args.threads}",
        f"-c{args.connections}",
        f"-d{max(1, round(seconds))}s",  # wrk takes whole seconds
        "--timeout",
        "10s",
        "-s",
        str(call.script or LUA),
        base + call.path,
    ]
    with subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True) as proc:
        spread = wrk_connections_spread(proc, args, within=seconds / 2)
        out = proc.communicate()[0]
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, cmd, out)
    line = next(x for x in out.splitlines() if x.startswith("BENCH_JSON "))
    raw = json.loads(line.removeprefix("BENCH_JSON "))
    seconds_run = raw["duration_us"] / 1e6
    errors = sum(v for k, v in raw.items() if k.startswith("errors_"))
    return {
        "rps": round(raw["requests"] / seconds_run, 1),
        "requests": raw["requests"],
        "p50_ms": raw["p50_us"] / 1000,
        "p95_ms": raw["p95_us"] / 1000,
        "p99_ms": raw["p99_us"] / 1000,
        "mean_ms": round(raw["mean_us"] / 1000, 3),
        "max_ms": raw["max_us"] / 1000,
        "errors": errors,
        "errors_detail": {k: v for k, v in raw.items() if k.startswith("errors_")},
        "kb_per_s": round(raw["bytes"] / seconds_run / 1024, 1),
        "spread": spread,
    }


def worker_pids(master_pid: int) -> list[int]:
    """The gunicorn workers: the master's children."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master_pid:
                pids.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return pids


def connection_spread(port: int, master_pid: int | None) -> list[int]:
    """How many of wrk's connections each worker holds, most first ([] without `ss`).

    Workers take connections as they come: wrk opens its 16 at once and keeps them, so
    now and then one worker takes (nearly) all and the other idles for the whole run,
    halving what a CPU-bound call can do (healthz: 1,170 req/s with 16/0, 2,700-2,900
    with 13/3 to 3/13, on the same server a second apart). Behind nginx, which opens a
    connection per request (deploy/), the race is run again on every request."""
    if master_pid is None or shutil.which("ss") is None:
        return []
    out = subprocess.run(
        ["ss", "-Htnp", "state", "established", f"( sport = :{port} )"],
        capture_output=True,
        text=True,
    ).stdout
    held = Counter(int(pid) for pid in re.findall(r"pid=(\d+)", out))
    return sorted((held.get(pid, 0) for pid in worker_pids(master_pid)), reverse=True)


def wrk_connections_spread(proc: subprocess.Popen, args: argparse.Namespace, within: float):
    """The spread once all of wrk's connections are open (polled; the last reading if
    they are not all open within `within` seconds, or wrk has ended)."""
    deadline = time.monotonic() + within
    master = getattr(args, "server_pid", None)
    while True:
        spread = connection_spread(args.port, master)
        if master is None or shutil.which("ss") is None or sum(spread) >= args.connections:
            return spread
        if proc.poll() is not None or time.monotonic() >= deadline:
            return spread
        time.sleep(0.05)  # a polling interval, not a wait for the run


def left_idle(spread: list[int], connections: int) -> bool:
    """A worker held fewer than one connection per thread of a fair eighth: it idled for
    want of work (16/0 and 15/1 with 16 connections and 2 workers)."""
    return len(spread) > 1 and spread[-1] < max(1, connections // (len(spread) * 4))


def wait_until_idle(base: str, limit: float = 120) -> None:
    """Requests still running from the previous call (wrk stops sending, the server does
    not stop working) must not eat into the next call's time."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=limit) as r:
                r.read()
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
            continue
        if time.monotonic() - started < 0.05:
            return
        time.sleep(0.2)


MEASURE_TRIES = 3


def load_all(calls: list[Call], base: str, args: argparse.Namespace) -> dict:
    """Ceiling, call, ceiling, call, ..., ceiling: each call is compared with the mean of
    the ceilings measured just before and just after it, so a machine whose speed drifts
    during the run (other work, thermal limits) does not skew the shares."""
    ceiling = calls[0]

    def measure(call: Call) -> dict:
        # A run whose connections left a worker idle measured the dice, not the server
        # (connection_spread): it is run again, up to MEASURE_TRIES times in all; every
        # try's spread is kept in the results.
        spreads = []
        master = getattr(args, "server_pid", None)
        for _ in range(MEASURE_TRIES):
            wait_until_idle(base)
            workers = set(worker_pids(master)) if master else set()
            if call.before is not None:
                call.before()
            seller = None
            if call.selling is not None:
                from sell import Seller

                seller = Seller(base, args.people, call.selling)
                seller.start()
            try:
                if args.warmup > 0:
                    wrk(call, base, args.warmup, args)
                result = wrk(call, base, args.duration, args)
            finally:
                if seller is not None:
                    seller.stop()
            if seller is not None:
                result["selling"] = seller.summary()
            # Workers replaced during the call (a restart, a crash): their figures are not
            # the steady state's, and the tables say so.
            result["worker_restarts"] = len(set(worker_pids(master)) - workers) if master else 0
            spreads.append(result["spread"])
            if not left_idle(result["spread"], args.connections):
                break
        result["spreads"] = spreads
        return result

    samples = [measure(ceiling)]
    log(f"ceiling {samples[-1]['rps']:.0f} req/s")
    for call in calls[1:]:
        call.load = measure(call)
        samples.append(measure(ceiling))
        call.load["ceiling_rps"] = round((samples[-2]["rps"] + samples[-1]["rps"]) / 2, 1)
        share = call.load["rps"] / call.load["ceiling_rps"] if call.load["ceiling_rps"] else 0
        log(
            f"{call.name}: {call.load['rps']:.0f} req/s ({share:.0%} of "
            f"{call.load['ceiling_rps']:.0f}), p99 {call.load['p99_ms']:.1f} ms, "
            f"connections per worker {spread_text(call.load)}"
        )
    rates = sorted(s["rps"] for s in samples)
    # The ceiling row shows the median sample; its own share is 100% by definition.
    ceiling.load = dict(sorted(samples, key=lambda s: s["rps"])[len(samples) // 2])
    ceiling.load["ceiling_rps"] = ceiling.load["rps"]
    return {
        "samples": [s["rps"] for s in samples],
        "sample_spreads": [spread_text(s) for s in samples],
        "min": rates[0],
        "max": rates[-1],
    }


def spread_text(load: dict) -> str:
    """Connections per worker of each try, e.g. `16/0 -> 9/7` (a retried run)."""
    tries = load.get("spreads") or []
    return " -> ".join("/".join(str(n) for n in spread) or "?" for spread in tries) or "?"


def mixed_calls(args: argparse.Namespace) -> list[Call]:
    """The mixed runs: every kind together (uniform, Zipf), then each kind alone."""
    from mix import COLD_SIZE, build_mix, write_mix

    from catalog.cache import bump_version

    log("building the mixed traffic (distinct requests from the catalogue)")
    files = write_mix(build_mix(), ROOT / "var" / "bench")
    # Each kind alone again, walking COLD_SIZE distinct requests in order: the figure
    # without the response cache's help (the runs above repeat a few hundred requests).
    kinds = [kind for kind in files if kind != "mix"]
    cold = write_mix(build_mix(wanted=dict.fromkeys(kinds, COLD_SIZE)), ROOT / "var" / "cold")
    zipf = f"Zipf mix (s = {args.zipf_s:g})"
    runs = [
        ("uniform mix", files["mix"], "uniform", 0.15, None),
        (zipf, files["mix"], "zipf", 0.30, None),
        # The same Zipf mix while buyers place orders and an admin edits a product every
        # few seconds: a sale must not empty the cache (compared with the run above).
        *[(f"{zipf} while selling {rate:g}/s", files["mix"], "zipf", None, rate) for rate in SELL],
        *[(f"{kind} alone", files[kind], "uniform", 0.10, None) for kind in kinds],
        *[(f"{kind} alone, cold", cold[kind], "sequence", 0.10, None) for kind in kinds],
    ]
    calls = []
    for name, (path, count), dist, share, rate in runs:
        calls.append(
            Call(
                name,
                "/healthz",  # the script sends its own requests; this names the server
                kind="mix",
                script=MIX_LUA,
                wrk_env={
                    "WRK_MIX_FILE": str(path),
                    "WRK_MIX_DIST": dist,
                    "WRK_ZIPF_S": str(args.zipf_s),
                    "WRK_MIX_COUNT": str(count),
                },
                # Each run starts from an empty response cache.
                before=empty_response_cache if serving_elsewhere() else bump_version,
                target_share=share,
                target_p99_ms=150,
                selling=rate,
            )
        )
    return calls


def worker_rss_mb(master_pid: int) -> list[float]:
    """Resident memory of each gunicorn worker (children of the master), in MB."""
    sizes = []
    for pid in worker_pids(master_pid):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        kb = next(int(x.split()[1]) for x in status.splitlines() if x.startswith("VmRSS:"))
        sizes.append(kb / 1024)
    return sorted(sizes)


# --- 4. the report -------------------------------------------------------------------------
def machine_info(meta: dict) -> dict:
    import django
    import gunicorn
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SHOW server_version")
            db_version = f"PostgreSQL {cursor.fetchone()[0]}"
        else:
            db_version = f"{connection.vendor} {connection.Database.sqlite_version}"
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    wrk_version = subprocess.run(["wrk", "--version"], capture_output=True, text=True).stdout
    conf = runpy.run_path(str(gunicorn_conf())) if gunicorn_conf() else {}
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": os.cpu_count(),
        "cpu": cpu,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "django": django.get_version(),
        "database": db_version,
        "gunicorn": gunicorn.__version__,
        "gunicorn_workers": conf.get("workers"),
        "gunicorn_worker_class": conf.get("worker_class", "sync"),
        "gunicorn_threads": conf.get("threads", 1),
        "gunicorn_max_requests": conf.get("max_requests", 0),
        "cache": _cache_backend(),
        "wrk": wrk_version.split("Copyright")[0].strip(),
        **meta,
    }


def _cache_backend() -> str:
    from django.conf import settings

    return settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]


def verdict(call: Call, share: float) -> str:
    problems = []
    if call.kind in TARGET_SHARE and share < TARGET_SHARE[call.kind]:
        problems.append(f"<{TARGET_SHARE[call.kind]:.0%}")
    if call.target_share is not None and share < call.target_share:
        problems.append(f"<{call.target_share:.0%}")
    if call.target_p99_ms is not None and call.load.get("p99_ms", 0) > call.target_p99_ms:
        problems.append(f"p99 > {call.target_p99_ms:.0f} ms")
    if call.load.get("errors"):
        problems.append("errors")
    if call.load.get("worker_restarts"):
        problems.append(f"{call.load['worker_restarts']} worker(s) replaced during the run")
    if call.queries is not None and call.queries > MAX_QUERIES:
        problems.append(f">{MAX_QUERIES} SQL")
    if call.status is not None and call.status != call.expect:
        problems.append(f"status {call.status}")
    return "ok" if not problems else "MISS " + ", ".join(problems)


def table(calls: list[Call]) -> list[dict]:
    rows = []
    for call in calls:
        ceiling = call.load["ceiling_rps"]
        share = call.load["rps"] / ceiling if ceiling else 0.0
        rows.append(
            {
                "call": call.name,
                "method": call.method,
                "path": call.path,
                "kind": call.kind,
                "status": call.status,
                "rps": call.load["rps"],
                "ceiling_rps": ceiling,
                "share": round(share, 3),
                "p50_ms": call.load["p50_ms"],
                "p95_ms": call.load["p95_ms"],
                "p99_ms": call.load["p99_ms"],
                "errors": call.load["errors"],
                "queries": call.queries,
                "queries_cold": call.queries_cold,
                "response_bytes": call.response_bytes,
                "single_request_ms": {"cold": call.cold_ms, "warm": call.warm_ms},
                "target": verdict(call, share) if call.kind != "ceiling" else "",
                "note": call.note,
                "distinct": int(call.wrk_env.get("WRK_MIX_COUNT", 0)) or None,
                "load": call.load,
            }
        )
    _selling_verdicts(rows)
    return rows


def _selling_verdicts(rows: list[dict]) -> None:
    """A run while selling is judged against the same mix without sales in this run: it
    keeps SELL_TARGET of its throughput, with p99 <= 150 ms."""
    by_name = {r["call"]: r for r in rows}
    for r in rows:
        selling = r["load"].get("selling")
        if not selling:
            continue
        alone = by_name.get(r["call"].split(" while selling")[0])
        kept = r["rps"] / alone["rps"] if alone and alone["rps"] else 0.0
        r["kept"] = round(kept, 3)
        wanted = SELL_TARGET.get(selling["rate"], 0.0)
        problems = [f"kept < {wanted:.0%}"] if kept < wanted else []
        if r["p99_ms"] > 150:
            problems.append("p99 > 150 ms")
        if r["errors"]:
            problems.append("errors")
        failed = selling["checkouts"]["sent"] - selling["checkouts"]["ok"]
        if failed:
            problems.append(f"{failed} checkout(s) not placed")
        r["target"] = "ok" if not problems else "MISS " + ", ".join(problems)


def markdown(rows: list[dict], machine: dict, run: dict) -> str:
    head = (
        "| Call | req/s | ceiling req/s | share | p50 ms | p95 ms | p99 ms | errors "
        "| SQL/req (cold) | target |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    )
    lines = [head]
    mixed = [r for r in rows if r["kind"] == "mix"]
    rows = [r for r in rows if r["kind"] != "mix"]
    for r in rows:
        sql = "-" if r["queries"] is None else f"{r['queries']} ({r['queries_cold']})"
        lines.append(
            f"| {r['call']} | {r['rps']:,.0f} | {r['ceiling_rps']:,.0f} | {r['share']:.0%} "
            f"| {r['p50_ms']:.1f} "
            f"| {r['p95_ms']:.1f} | {r['p99_ms']:.1f} | {r['errors']} | {sql} | {r['target']} |"
        )
    m = machine
    words = m["search_words"]
    return "\n".join(
        [
            "# Benchmark: every read call against the server's own ceiling",
            "",
            f"- Date: {m['date']}{' (' + run['label'] + ')' if run['label'] else ''}",
            f"- Machine: {m['cores']} cores ({m['cpu']}), {m['platform']}; "
            "wrk runs on the same machine",
            f"- Versions: Python {m['python']}, Django {m['django']}, {m['database']}, "
            f"gunicorn {m['gunicorn']} ({m['gunicorn_workers']} {m['gunicorn_worker_class']} "
            f"workers x {m['gunicorn_threads']} threads, max_requests "
            f"{m.get('gunicorn_max_requests') or 'off'}), {m['wrk']}; cache {m['cache']}",
            *(
                [
                    f"- Served from `{run['serve_root']}` (its manage.py, settings and "
                    "gunicorn.conf.py, this tree's Python environment); calls, mixes and "
                    "selling from this tree's bench; no query pass"
                ]
                if run.get("serve_root")
                else []
            ),
            f"- Data: {m['products']:,} products in {m['categories']} categories",
            f"- Load: wrk, {run['connections']} connections, {run['threads']} thread(s), "
            f"{run['duration']:g} s a call after {run['warmup']:g} s warm-up; machine load "
            "average at the end (1, 5, 15 min): "
            + ", ".join(f"{x:.1f}" for x in run.get("load_average", ())),
            f"- Ceiling (/healthz): measured before the first call and after every call, "
            f"{run['ceiling']['min']:,.0f} to {run['ceiling']['max']:,.0f} req/s; each call's "
            "share is against the mean of the ceilings just before and after it",
            f"- Search words: common '{words['common']['word']}' "
            f"({words['common']['matches']:,} products), rare '{words['rare']['word']}' "
            f"({words['rare']['matches']} products)",
            *(
                [
                    f"- Not under load: `{m['unpaged_category']['path']}` "
                    f"({m['unpaged_category']['note']}): "
                    f"{m['unpaged_category']['bytes'] / 1e6:.1f} MB, "
                    f"{m['unpaged_category']['cold_ms']:,.0f} ms uncached, "
                    f"{m['unpaged_category']['warm_ms']:,.0f} ms cached, one request "
                    "(BENCH_UNPAGED_CATEGORY=1 loads it)"
                ]
                if "unpaged_category" in m
                else []
            ),
            "- Targets: reads >= 50% of the ceiling, search >= 30%, no errors, <= 3 SQL "
            "queries per request (warm; cold = first request after a restart or a write)",
            "",
            *lines,
            "",
            *mixed_markdown(mixed, run),
        ]
    )


def mixed_markdown(rows: list[dict], run: dict) -> list[str]:
    if not rows:
        return []
    lines = [
        "## Mixed traffic: distinct reads (bench/mix.py)",
        "",
        "Each run starts from an empty response cache (the catalogue version is replaced "
        "before it); the same ceiling samples as above, before and after each run. "
        f"Zipf: request i of the shuffled list has weight 1/i^{run.get('zipf_s', 1.1)}. "
        "A kind alone draws from its few hundred requests, so after the first pass most of "
        'its answers come from the response cache; "alone, cold" walks many more distinct '
        "requests of the kind (the column says how many) in order, each sent once in a run. "
        "Targets: uniform mix >= 15% of the ceiling, Zipf mix >= 30%, each kind "
        "alone >= 10%, p99 <= 150 ms. Connections per worker: how wrk's connections "
        "were spread over the gunicorn workers in each try (a try that left a worker idle "
        "is run again).",
        "",
        "| Traffic | distinct requests | req/s | ceiling req/s | share | p50 ms | p95 ms "
        "| p99 ms | errors | connections per worker | target |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['call']} | {r['distinct']:,} | {r['rps']:,.0f} | {r['ceiling_rps']:,.0f} "
            f"| {r['share']:.1%} | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} | {r['p99_ms']:.1f} "
            f"| {r['errors']} | {spread_text(r['load'])} | {r['target']} |"
        )
    selling = [r for r in rows if r["load"].get("selling")]
    if selling:
        lines += [
            "",
            "### While selling",
            "",
            "The Zipf mix again while buyers place orders at a steady rate (bench/sell.py: "
            "one checkout every 1/rate s, one or two products each) and an admin edits a "
            "product's description every 5 s through the update call. Kept: the read "
            "throughput against the Zipf mix without sales in this run. Targets: 2/s keeps "
            ">= 80%, 10/s >= 60%, p99 <= 150 ms.",
            "",
            "| Traffic | reads req/s | kept | p99 ms | checkouts sent (placed) | checkout p50 "
            "/ p99 ms | edits sent (saved) | target |",
            "|---|---:|---:|---:|---:|---:|---:|---|",
        ]
        for r in selling:
            sale = r["load"]["selling"]
            c, e = sale["checkouts"], sale["edits"]
            lines.append(
                f"| {r['call']} | {r['rps']:,.0f} | {r.get('kept', 0):.0%} "
                f"| {r['p99_ms']:.1f} | {c['sent']} ({c['ok']}) "
                f"| {c['p50_ms']} / {c['p99_ms']} | {e['sent']} ({e['ok']}) | {r['target']} |"
            )
    rss = run.get("worker_rss_mb")
    if rss:
        lines += [
            "",
            "Worker RSS after the mixed runs: "
            + ", ".join(f"{mb:.0f} MB" for mb in rss)
            + " (target <= 150 MB a worker)",
        ]
    return [*lines, ""]


def main() -> None:
    global SERVE_ROOT, SERVE_ROOT_GIVEN
    args = parse_args()
    if args.serve_root:
        SERVE_ROOT, SERVE_ROOT_GIVEN = Path(args.serve_root).resolve(), True
        if not (SERVE_ROOT / "manage.py").exists():
            raise SystemExit(f"--serve-root {args.serve_root}: no manage.py there")
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        raise SystemExit(
            "DATABASE_URL is not set. The benchmark seeds 100k products into it, so it never "
            "guesses: run `make bench` (defaults to the local PostgreSQL database `bench`) or "
            "set DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench yourself."
        )
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")

    env = {
        **os.environ,
        "WEB_CONCURRENCY": str(args.workers),
        # No replacement after a number of requests (gunicorn.conf.py: 100,000) unless asked
        # for: the ceiling samples alone send hundreds of thousands, so workers were replaced
        # inside a measured run (wrk's keep-alive connections closed: read errors; a fresh
        # worker's empty local cache: count alone's p99 392 ms), and the RSS reported after
        # the mixed runs would be a fresh worker's. Replacements are counted per run.
        "GUNICORN_MAX_REQUESTS": os.environ.get("GUNICORN_MAX_REQUESTS", "0"),
        # wrk is one client address sending thousands of searches a second: the per-client
        # limits against abuse would answer most of them 429 (docs/security.md).
        "SEARCH_THROTTLE_RATE": os.environ.get("SEARCH_THROTTLE_RATE", "100000000/min"),
        "SUGGEST_THROTTLE_RATE": os.environ.get("SUGGEST_THROTTLE_RATE", "100000000/min"),
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": url,
        "HOST": "127.0.0.1",
        "PORT": str(args.port),
        "DJANGO_SETTINGS_MODULE": "shop.settings",
    }
    if serving_elsewhere() and not env.get("REDIS_URL"):
        # Django's file cache under one absolute folder for the server and this process,
        # so that clearing it here empties the server's (a relative one follows each
        # checkout).
        env["CACHE_DIR"] = str(ROOT / (os.environ.get("CACHE_DIR") or "var/cache"))
    os.environ.update(env)
    ensure_database(url)
    log("migrating")
    manage("migrate", "--noinput", "--verbosity", "0", env=env)

    sys.path.insert(0, str(ROOT))
    # The server sends the mails of the orders placed during the runs (its worker thread,
    # as under `make serve`); this process, which only measures, runs none.
    os.environ["TASKS_IN_PROCESS"] = "false"
    import django

    django.setup()
    from catalog.models import Product

    have = Product.objects.count()
    if have < args.products:
        log(f"seeding {args.products:,} products ({have:,} there)")
        manage("seed_demo", "--products", str(args.products), env=env)
    else:
        log(f"{have:,} products already there, not seeding")
    # Fresh planner statistics and visibility map after a bulk load, as autovacuum would
    # have them in a shop that has been running for a while (also on a catalogue seeded
    # by an earlier run).
    statistics_refresh()
    log("collecting static files")
    manage("collectstatic", "--noinput", "--verbosity", "0", env=env)

    calls, meta = build_calls(args)
    unpaged = next(c for c in calls if c.name.endswith("(unpaged)"))
    if not args.unpaged_category:
        # Thousands of products in one answer take seconds each: under load they would
        # tie up every worker for minutes. Timed once in the query pass instead.
        calls.remove(unpaged)
    if args.mix != "off":
        calls = [*([calls[0]] if args.mix == "only" else calls), *mixed_calls(args)]
    if args.only:
        # Names from either table: "product-count", "search alone", "uniform mix", and
        # "search alone, cold" (its comma is not a separator: a lone "cold" joins the name
        # before it).
        names: list[str] = []
        for piece in (n.strip() for n in args.only.split(",")):
            if piece == "cold" and names:
                names[-1] += ", cold"
            else:
                names.append(piece)
        wanted = set(names)
        calls = [c for c in calls if c.kind == "ceiling" or c.name in wanted]
    single = [c for c in calls if c.kind != "mix"]
    if serving_elsewhere():
        # This tree's views would answer, not the served build's: no SQL counts.
        log("no query pass (--serve-root: the server may run another checkout's code)")
    else:
        log("query pass (test client, same database)")
        query_pass(single if args.unpaged_category else [*single, unpaged])
    if not args.unpaged_category and not serving_elsewhere():
        meta["unpaged_category"] = {
            "path": unpaged.path,
            "note": unpaged.note,
            "status": unpaged.status,
            "bytes": unpaged.response_bytes,
            "queries": unpaged.queries,
            "cold_ms": unpaged.cold_ms,
            "warm_ms": unpaged.warm_ms,
        }
    if any(c.selling is not None for c in calls):
        from sell import prepare

        log("preparing buyers and an admin for the runs while selling")
        args.people = prepare()
    machine = machine_info(meta)
    from django.db import connections

    connections.close_all()

    log(f"starting gunicorn on 127.0.0.1:{args.port}")
    server = start_server(env, args.port)
    args.server_pid = server.pid
    try:
        if serving_elsewhere():
            etags_over_http(single, f"http://127.0.0.1:{args.port}")
        ceiling = load_all(calls, f"http://127.0.0.1:{args.port}", args)
        worker_rss = worker_rss_mb(server.pid)
        log(f"worker RSS: {', '.join(f'{mb:.0f} MB' for mb in worker_rss)}")
    finally:
        stop_server(server)

    rows = table(calls)
    run = {
        "duration": args.duration,
        "warmup": args.warmup,
        "connections": args.connections,
        "threads": args.threads,
        "label": args.label,
        "serve_root": os.path.relpath(SERVE_ROOT, ROOT) if serving_elsewhere() else None,
        # What the buyers of the selling runs bought (bench/sell.py): variants or products.
        "sells": getattr(args, "people", {}).get("sells"),
        "ceiling": ceiling,
        "workers": args.workers,
        "zipf_s": args.zipf_s,
        "worker_rss_mb": worker_rss,
        "load_average": os.getloadavg(),
    }
    md = markdown(rows, machine, run)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{args.output}.json").write_text(
        json.dumps({"machine": machine, "run": run, "calls": rows}, indent=2) + "\n"
    )
    (RESULTS / f"{args.output}.md").write_text(md)
    print()
    print(md)


if __name__ == "__main__":
    main()
