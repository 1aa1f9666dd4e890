"""`make lighthouse`: Lighthouse's mobile audit of three pages, and the weight of
the first visit to `/`.

1. Prepares the configured database like the benchmark (creates, migrates, loads the demo
   catalogue when empty) and collects the static files of the current build.
2. Starts gunicorn with production settings (DEBUG off, a generated SECRET_KEY) on
   127.0.0.1 (LIGHTHOUSE_PORT, 8111).
3. Runs Lighthouse 12.8.2 from npm (`npx --yes lighthouse@12.8.2`, the newest that runs
   on Node 20) with the system Chromium (CHROME_PATH, default /usr/bin/chromium) on `/`,
   a product page and the search page, with its default mobile settings (Moto G Power
   screen, simulated slow 4G, 4x CPU slowdown), LIGHTHOUSE_RUNS times (default 3) per
   page, and keeps the median run; every report stays in var/lighthouse/.
4. From the report of `/`: every script and stylesheet of the first visit, sized as the
   server sends them gzipped (`Accept-Encoding: gzip`) and as Chromium got them (brotli).
5. Writes bench/results/lighthouse.json and lighthouse.md and prints the table.

Targets: performance, accessibility and best practices >= 95, SEO >= 90; first visit to
`/` <= 110 KB of JavaScript and <= 30 KB of CSS gzipped.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import RESULTS, ROOT, ensure_database, log, manage, start_server, stop_server

LIGHTHOUSE = os.environ.get("LIGHTHOUSE_PACKAGE", "lighthouse@12.8.2")
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run --disable-quic"
)
TARGETS = {"performance": 95, "accessibility": 95, "best-practices": 95, "seo": 90}
BUDGET_KB = {"js": 110, "css": 30}
RUNS = max(1, int(os.environ.get("LIGHTHOUSE_RUNS", "3")))
ATTEMPTS = 3
REPORTS = ROOT / "var" / "lighthouse"


def pages(search_word: str) -> list[tuple[str, str]]:
    from catalog.models import Product

    product = Product.objects.exclude(photo="").order_by("id").first() or (
        Product.objects.order_by("id").first()
    )
    return [
        ("home", "/"),
        ("product", f"/product/{product.slug}"),
        ("category", f"/category/{product.category.slug}"),
        ("search", f"/search?q={urllib.parse.quote(search_word)}"),
    ]


def lighthouse(url: str, out: Path) -> dict:
    cmd = [
        "npx",
        "--yes",
        LIGHTHOUSE,
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--only-categories=performance,accessibility,best-practices,seo",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    # Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART and the like);
    # that run says nothing about the page, so it is taken again, up to ATTEMPTS times.
    for attempt in range(1, ATTEMPTS + 1):
        done = subprocess.run(cmd, cwd=ROOT, env={**os.environ, "CHROME_PATH": CHROME})
        if done.returncode == 0:
            return json.loads(out.read_text())
        log(f"lighthouse failed on {url} (attempt {attempt} of {ATTEMPTS})")
    raise SystemExit(f"Lighthouse failed {ATTEMPTS} times on {url}")


def median_run(name: str, url: str) -> tuple[dict, list[int]]:
    """Lighthouse's scores move from run to run; like its own guidance, report the median
    of LIGHTHOUSE_RUNS runs (by performance score). Every report stays in var/lighthouse/."""
    reports = []
    for run in range(1, RUNS + 1):
        log(f"lighthouse {url} (run {run} of {RUNS})")
        reports.append(lighthouse(url, REPORTS / f"{name}-{run}.json"))
    reports.sort(key=lambda r: r["categories"]["performance"]["score"])
    runs = [round(r["categories"]["performance"]["score"] * 100) for r in reports]
    return reports[(len(reports) - 1) // 2], runs


def gzip_size(url: str) -> int:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return len(response.read())


def first_visit_weight(report: dict) -> dict:
    """Scripts and stylesheets of the first visit, from Lighthouse's network log."""
    items = report["audits"]["network-requests"]["details"]["items"]
    weight = {"js": [], "css": []}
    for item in items:
        kind = {"Script": "js", "Stylesheet": "css"}.get(item.get("resourceType"))
        if not kind:
            continue
        weight[kind].append(
            {
                "url": urllib.parse.urlparse(item["url"]).path,
                "transfer_bytes": item.get("transferSize", 0),
                "resource_bytes": item.get("resourceSize", 0),
                "gzip_bytes": gzip_size(item["url"]),
            }
        )
    summary = {}
    for kind, files in weight.items():
        summary[kind] = {
            "files": files,
            "gzip_kb": round(sum(f["gzip_bytes"] for f in files) / 1024, 1),
            "transfer_kb": round(sum(f["transfer_bytes"] for f in files) / 1024, 1),
            "raw_kb": round(sum(f["resource_bytes"] for f in files) / 1024, 1),
        }
    return summary


def markdown(results: list[dict], weight: dict, meta: dict) -> str:
    lines = [
        "# Lighthouse (mobile) and first-visit weight",
        "",
        f"- Date: {meta['date']}; Lighthouse {meta['lighthouse']}, {meta['chrome']}",
        "- Mobile settings (Lighthouse defaults: simulated slow 4G, 4x CPU slowdown); "
        f"production settings, gunicorn on 127.0.0.1; the median of {RUNS} runs per page",
        "- Targets: performance, accessibility, best practices >= 95; SEO >= 90",
        "",
        "| Page | Path | Performance | (all runs) | Accessibility | Best practices | SEO |"
        " LCP s | TBT ms | CLS |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        s = r["scores"]
        lines.append(
            f"| {r['page']} | `{r['path']}` | {s['performance']} "
            f"| {', '.join(map(str, r['performance_runs']))} | {s['accessibility']} "
            f"| {s['best-practices']} | {s['seo']} | {r['lcp_s']:.1f} | {r['tbt_ms']:.0f} "
            f"| {r['cls']:.3f} |"
        )
    lines += [
        "",
        "First visit to `/` (scripts and stylesheets; budget 110 KB JS, 30 KB CSS gzipped):",
        "",
        "| Kind | files | gzip KB | as sent to Chromium (br) KB | uncompressed KB | budget |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for kind in ("js", "css"):
        w = weight[kind]
        ok = "ok" if w["gzip_kb"] <= BUDGET_KB[kind] else f"MISS (> {BUDGET_KB[kind]} KB)"
        lines.append(
            f"| {kind.upper()} | {len(w['files'])} | {w['gzip_kb']} | {w['transfer_kb']} "
            f"| {w['raw_kb']} | {ok} |"
        )
    failed = [
        f"{r['page']}: {item['id']} ({item['title']})"
        for r in results
        for item in r["failed_audits"]
    ]
    if failed:
        lines += ["", "Audits that lost points:", "", *[f"- {f}" for f in failed]]
    return "\n".join(lines) + "\n"


def main() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        raise SystemExit("DATABASE_URL is not set (make lighthouse sets the local PostgreSQL).")
    port = int(os.environ.get("LIGHTHOUSE_PORT", "8111"))
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "DJANGO_SETTINGS_MODULE": "shop.settings",
    }
    os.environ.update(env)
    ensure_database(url)
    manage("migrate", "--noinput", "--verbosity", "0", env=env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from catalog.models import Product

    if not Product.objects.exists():
        log("empty catalogue: loading the demo catalogue")
        manage("seed_demo", env=env)
    manage("collectstatic", "--noinput", "--verbosity", "0", env=env)
    targets = pages(os.environ.get("LIGHTHOUSE_SEARCH_WORD", "shirt"))
    from django.db import connections

    connections.close_all()

    server = start_server(env, port)
    results, weight, version = [], None, ""
    try:
        REPORTS.mkdir(parents=True, exist_ok=True)
        for name, path in targets:
            report, runs = median_run(name, f"http://127.0.0.1:{port}{path}")
            version = report.get("lighthouseVersion", "")
            chrome = report.get("environment", {}).get("hostUserAgent", "")
            cats = report["categories"]
            audits = report["audits"]
            failed = [
                {"id": a["id"], "title": a["title"], "score": a["score"]}
                for cat in cats.values()
                for ref in cat["auditRefs"]
                if ref.get("weight", 0) > 0
                for a in [audits[ref["id"]]]
                if a.get("score") is not None and a["score"] < 0.9
            ]
            results.append(
                {
                    "page": name,
                    "path": path,
                    "scores": {k: round(v["score"] * 100) for k, v in cats.items()},
                    "performance_runs": runs,
                    "lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
                    "tbt_ms": audits["total-blocking-time"]["numericValue"],
                    "cls": audits["cumulative-layout-shift"]["numericValue"],
                    "failed_audits": failed,
                }
            )
            if name == "home":
                weight = first_visit_weight(report)
    finally:
        stop_server(server)

    chrome_version = chrome.split("Chrome/")[-1].split(" ")[0] if chrome else "?"
    meta = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "lighthouse": version,
        "chrome": f"Chromium {chrome_version}",
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "lighthouse.json").write_text(
        json.dumps({"meta": meta, "pages": results, "first_visit": weight}, indent=2) + "\n"
    )
    md = markdown(results, weight, meta)
    (RESULTS / "lighthouse.md").write_text(md)
    print()
    print(md)
    misses = [
        f"{r['page']} {k} {v} < {TARGETS[k]}"
        for r in results
        for k, v in r["scores"].items()
        if v < TARGETS[k]
    ]
    misses += [
        f"{k.upper()} {weight[k]['gzip_kb']} KB > {BUDGET_KB[k]} KB"
        for k in BUDGET_KB
        if weight[k]["gzip_kb"] > BUDGET_KB[k]
    ]
    if misses:
        log("below target: " + "; ".join(misses))


if __name__ == "__main__":
    main()
