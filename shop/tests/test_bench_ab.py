"""bench/ab.py's summary (`make bench-ab`): medians, spreads and the side-by-side table from
run results shaped as bench/run.py writes them. Figures are made up; nothing is timed."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def _ab():
    spec = importlib.util.spec_from_file_location("bench_ab", ROOT / "bench" / "ab.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


ab = _ab()


def _row(name, rps, *, kind="mix", share=0.5, p99=20.0, errors=0, selling=None, kept=None):
    row = {
        "call": name,
        "kind": kind,
        "rps": rps,
        "share": share,
        "p99_ms": p99,
        "errors": errors,
        "load": {"selling": selling} if selling else {},
    }
    if kept is not None:
        row["kept"] = kept
    return row


def _sale(ok, sent):
    return {"rate": 2.0, "checkouts": {"ok": ok, "sent": sent}, "edits": {"ok": 1, "sent": 1}}


def _run(zipf, search_cold, *, kept=0.9, placed=(7, 7), rss=(100.0, 120.0), errors=0):
    return {
        "run": {"worker_rss_mb": list(rss)},
        "calls": [
            _row("healthz", 3000.0, kind="ceiling", share=1.0),
            _row("Zipf mix", zipf, share=zipf / 3000),
            _row(
                "Zipf mix while selling 2/s",
                zipf * kept,
                selling=_sale(*placed),
                kept=kept,
            ),
            _row("search alone, cold", search_cold, p99=80.0, errors=errors),
        ],
    }


def test_a_build_s_runs_give_median_spread_and_sums():
    rows = ab.summarise(
        [
            _run(1000.0, 300.0, kept=0.8, placed=(7, 7), rss=(100, 130)),
            _run(1200.0, 360.0, kept=0.9, placed=(6, 7), rss=(100, 110), errors=3),
        ]
    )
    assert rows["Zipf mix"] == {
        "runs": 2,
        "rps": 1100.0,
        "min": 1000.0,
        "max": 1200.0,
        "share": (1000 / 3000 + 1200 / 3000) / 2,
        "p99_ms": 20.0,
        "errors": 0,
    }
    selling = rows["Zipf mix while selling 2/s"]
    assert selling["kept"] == pytest.approx(0.85)
    assert (selling["checkouts_ok"], selling["checkouts_sent"]) == (13, 14)
    assert rows["search alone, cold"]["errors"] == 3
    assert next(iter(rows)) == "healthz (ceiling)"
    # The largest worker of each run, then their median.
    assert rows[ab.RSS_ROW] == {"runs": 2, "rss": 120.0, "min": 110, "max": 130}


def test_the_change_is_this_build_against_the_other_in_percent():
    assert ab.change(110.0, 100.0) == "+10%"
    assert ab.change(75.0, 100.0) == "-25%"
    assert ab.change(100.2, 100.0) == "±0%"
    assert ab.change(None, 100.0) == "-"
    assert ab.change(100.0, 0.0) == "-"


def test_the_table_puts_builds_side_by_side():
    this = ab.summarise([_run(1100.0, 330.0), _run(1300.0, 350.0)])
    other = ab.summarise([_run(1000.0, 300.0, kept=0.5, placed=(5, 7)), _run(1000.0, 300.0)])
    lines = ab.comparison_tables(["A", "B"], [this, other])
    head, rule, *rest = lines
    assert head == (
        "| Traffic | A req/s | A share | A p99 ms | B req/s | B share | B p99 ms | A vs B |"
    )
    assert rule == "|---|---:|---:|---:|---:|---:|---:|---:|"
    zipf = next(line for line in rest if line.startswith("| Zipf mix |"))
    assert (
        zipf
        == "| Zipf mix | 1,200 (1,100-1,300) | 40% | 20 | 1,000 (1,000-1,000) | 33% | 20 | +20% |"
    )
    # In the main table, then in the selling one: kept (median) and checkouts placed.
    *_, selling = [line for line in rest if line.startswith("| Zipf mix while selling")]
    assert selling == "| Zipf mix while selling 2/s | 90% | 14 of 14 | 70% | 12 of 14 |"
    assert rest[-1].startswith("Largest worker's RSS after the runs (median): A 120 MB")


def test_a_build_without_a_row_shows_a_dash_and_no_change():
    this = ab.summarise([_run(1000.0, 300.0)])
    other = ab.summarise([{"run": {}, "calls": [_row("Zipf mix", 800.0)]}])
    lines = ab.comparison_tables(["A", "B"], [this, other])
    cold = next(line for line in lines if line.startswith("| search alone, cold |"))
    assert cold == "| search alone, cold | 300 | 50% | 80 | - | - | - | - |"
    zipf = next(line for line in lines if line.startswith("| Zipf mix |"))
    assert zipf.endswith("| 800 | 50% | 20 | +25% |")  # one run: no spread shown
    assert any(line.startswith("Largest worker's RSS") and "B -" in line for line in lines)
