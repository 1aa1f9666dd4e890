"""`make bench-ab REF=<commit> [REF2=<commit>]`: this build against one or two others, side
by side, under the same load.

For each build, this one (the working tree, HEAD and whatever is not committed yet) and
each ref:

1. A checkout: the working tree itself, or a git worktree of the ref under
   `var/ab/<short-sha>` (`git worktree add --detach`, reused when present) sharing this
   checkout's `.venv` and `node_modules` by symlink. Every build runs on THIS tree's
   Python environment, so dependency versions are this build's. Its frontend: this
   tree's `static/dist` by symlink when the ref finds its bundle the same way (the same
   `shop/templatetags/bundle.py`, `webpack.config.js` and `WEBPACK_MANIFEST`), else the
   ref's own webpack build with the shared node_modules.
2. A database of its own, `bench_ab_<short-sha>` on the server of BENCH_DATABASE_URL
   (created when missing), migrated by that build's `manage.py migrate` and seeded by its
   `seed_demo --products N` (BENCH_PRODUCTS) unless it holds N products already: bench/run.py
   does both, from that checkout (`--serve-root`).
3. The same load for every build: this tree's bench/run.py, mix.py, sell.py and wrk
   scripts, mixed traffic only (`--mix only`: uniform, Zipf, Zipf while selling 2/s and
   10/s, each kind alone, each kind alone cold, worker RSS). The shared cache (REDIS_URL,
   the bench's Redis database) is cleared before every run, so each starts from an empty
   response cache.

Runs alternate, A, B, (C,) A, B, (C,) ... for `--rounds` rounds (BENCH_AB_ROUNDS in the
Makefile, default 2), so a machine whose speed drifts touches every build alike. Then one
table: per run, each build's median req/s with the spread (min-max) over its runs, the
median share of the ceiling and p99, the selling runs' kept share and checkouts placed,
and this build's change against each ref. Written to bench/results/ab-<stamp>.md and
.json; each run's own results stay in var/ab/runs/<stamp>/.

`--small`: BENCH_PRODUCTS=2000, BENCH_DURATION=2 and one round unless set (a few
minutes). `--dry-run`: prepare the checkouts and print the plan, no database and no run.
Every other BENCH_* setting of bench/run.py (BENCH_DURATION, BENCH_WARMUP, BENCH_ONLY,
BENCH_WORKERS, ...) reaches each run unchanged.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import textwrap
import urllib.parse
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
AB = ROOT / "var" / "ab"
PY = sys.executable
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench"
# What decides how a page finds webpack's bundle: when a ref has these as this tree has
# them, this tree's static/dist serves it too.
BUNDLE_FILES = ("shop/templatetags/bundle.py", "webpack.config.js")
LETTERS = "ABCDEFGH"


def log(message: str) -> None:
    print(f"[bench-ab] {message}", flush=True)


@dataclass
class Build:
    letter: str
    label: str  # "this build (c7517ed)" or "8c81cc2"
    sha: str
    short: str
    root: Path
    database: str
    subject: str = ""
    frontend: str = ""
    url: str = ""  # its database


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def resolve(ref: str) -> tuple[str, str]:
    try:
        sha = git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    except subprocess.CalledProcessError:
        raise SystemExit(f"{ref}: not a commit of this repository") from None
    return sha, git("rev-parse", "--short=7", sha)


def database_url(base: str, name: str) -> str:
    return urllib.parse.urlunparse(urllib.parse.urlparse(base)._replace(path=f"/{name}"))


def relative_link(link: Path, target: Path) -> None:
    """A symlink at `link` to `target`, relative (the checkout may move as a whole); an
    existing file, folder or link there is left alone."""
    if link.exists() or link.is_symlink():
        return
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(os.path.relpath(target, link.parent))


def worktree(sha: str, short: str) -> Path:
    """The ref's checkout under var/ab/<short>, added when missing, reused when there."""
    path = AB / short
    if path.exists():
        try:
            top = git("rev-parse", "--show-toplevel", cwd=path)
            head = git("rev-parse", "HEAD", cwd=path)
        except subprocess.CalledProcessError:
            top, head = "", ""
        if Path(top).resolve() != path.resolve():
            raise SystemExit(
                f"{path.relative_to(ROOT)} exists but is not a git worktree: remove it, or "
                "`git worktree prune` if it was one"
            )
        if head != sha:
            raise SystemExit(
                f"{path.relative_to(ROOT)} is at {head[:7]}, not {short}: "
                f"`git worktree remove {path.relative_to(ROOT)}` and run again"
            )
        log(f"{short}: reusing the worktree {path.relative_to(ROOT)}")
    else:
        log(f"{short}: git worktree add --detach {path.relative_to(ROOT)} {short}")
        AB.mkdir(parents=True, exist_ok=True)
        git("worktree", "add", "--detach", str(path), sha)
    relative_link(path / ".venv", ROOT / ".venv")
    relative_link(path / "node_modules", ROOT / "node_modules")
    return path


def _manifest_setting(root: Path) -> list[str]:
    settings = root / "shop" / "settings.py"
    if not settings.exists():
        return []
    return [x.strip() for x in settings.read_text().splitlines() if "WEBPACK_MANIFEST =" in x]


def same_bundle_loading(root: Path) -> bool:
    for name in BUNDLE_FILES:
        mine, theirs = ROOT / name, root / name
        if not theirs.exists() or theirs.read_bytes() != mine.read_bytes():
            return False
    return _manifest_setting(root) == _manifest_setting(ROOT)


def frontend(root: Path, *, build: bool = True) -> str:
    """A built frontend for the checkout; says how it came (`build` false: what it would
    take, nothing built)."""
    dist = root / "static" / "dist"
    if root == ROOT:
        return "this tree's static/dist"
    if dist.is_symlink():
        return "this tree's static/dist (symlink: same bundle loading)"
    if (dist / "manifest.json").exists():
        return "its own webpack build"
    if same_bundle_loading(root):
        relative_link(dist, ROOT / "static" / "dist")
        return "this tree's static/dist (symlink: same bundle loading)"
    if not build:
        return "its own webpack build (not built yet: the bundle is loaded another way)"
    log(f"{root.relative_to(ROOT)}: building its frontend (npm run build, shared node_modules)")
    subprocess.run(["npm", "run", "--silent", "build"], cwd=root, check=True)
    return "its own webpack build"


def prepare_builds(refs: list[str], base_url: str, *, build: bool = True) -> list[Build]:
    head, head_short = resolve("HEAD")
    changed = bool(git("status", "--porcelain", "--untracked-files=no"))
    this = Build(
        letter="A",
        label=f"this build ({head_short}{' + uncommitted changes' if changed else ''})",
        sha=head,
        short=head_short,
        root=ROOT,
        database=f"bench_ab_{head_short}",
        subject=git("log", "-1", "--format=%s", head),
        frontend=frontend(ROOT),
    )
    builds = [this]
    seen = set()
    for ref in refs:
        sha, short = resolve(ref)
        if sha in seen:
            log(f"{ref}: given twice, measured once")
            continue
        seen.add(sha)
        if sha == head:
            # The same commit as the working tree: an A/A comparison (noise), or the
            # committed tree against uncommitted changes. Each still has its own database.
            this.database = f"bench_ab_{head_short}_wt"
        root = worktree(sha, short)
        builds.append(
            Build(
                letter=LETTERS[len(builds)],
                label=short,
                sha=sha,
                short=short,
                root=root,
                database=f"bench_ab_{short}",
                subject=git("log", "-1", "--format=%s", sha),
                frontend=frontend(root, build=build),
            )
        )
    if len(builds) < 2:
        raise SystemExit("no ref to compare with: make bench-ab REF=<commit> [REF2=<commit>]")
    for build in builds:
        build.url = database_url(base_url, build.database)
    return builds


def run_once(build: Build, round_no: int, folder: Path) -> dict | None:
    """One bench/run.py run against the build; its results, or None when it failed."""
    stem = folder / f"{build.short}{'-wt' if build.root == ROOT else ''}-r{round_no}"
    cmd = [
        PY,
        str(ROOT / "bench" / "run.py"),
        "--serve-root",
        str(build.root),
        "--mix",
        "only",
        "--label",
        f"bench-ab {build.letter} = {build.label}, round {round_no}",
        "--output",
        str(stem),
    ]
    env = {**os.environ, "DATABASE_URL": build.url}
    log(f"round {round_no}: {build.letter} = {build.label} (database {build.database})")
    done = subprocess.run(cmd, cwd=ROOT, env=env)
    if done.returncode:
        log(f"round {round_no}: {build.label} FAILED (exit {done.returncode}); see above")
        return None
    return json.loads(stem.with_suffix(".json").read_text())


# --- the summary (pure: tested in shop/tests/test_bench_ab.py) ------------------------------
RSS_ROW = "worker RSS, largest (MB)"


def _median(values: list[float]) -> float:
    return statistics.median(values)


def summarise(runs: list[dict]) -> dict:
    """One build's runs (bench/run.py result files) -> row name -> medians and spreads.

    A row: req/s median, min and max over the runs, median share of the ceiling, median
    p99, errors summed; a selling row also the median kept share and the checkouts placed
    and sent over all runs. The ceiling (healthz) row and the largest worker's RSS too."""
    rows: dict[str, dict] = {}
    collected: dict[str, list[dict]] = {}
    order: list[str] = []
    for run in runs:
        for row in run["calls"]:
            name = "healthz (ceiling)" if row["kind"] == "ceiling" else row["call"]
            if name not in collected:
                collected[name] = []
                order.append(name)
            collected[name].append(row)
    for name in order:
        found = collected[name]
        rps = [r["rps"] for r in found]
        out = {
            "runs": len(found),
            "rps": _median(rps),
            "min": min(rps),
            "max": max(rps),
            "share": _median([r["share"] for r in found]),
            "p99_ms": _median([r["p99_ms"] for r in found]),
            "errors": sum(r.get("errors", 0) for r in found),
        }
        sales = [r["load"]["selling"] for r in found if r.get("load", {}).get("selling")]
        if sales:
            out["kept"] = _median([r.get("kept", 0.0) for r in found])
            out["checkouts_ok"] = sum(s["checkouts"]["ok"] for s in sales)
            out["checkouts_sent"] = sum(s["checkouts"]["sent"] for s in sales)
        rows[name] = out
    rss = [max(run["run"]["worker_rss_mb"]) for run in runs if run["run"].get("worker_rss_mb")]
    if rss:
        rows[RSS_ROW] = {"runs": len(rss), "rss": _median(rss), "min": min(rss), "max": max(rss)}
    return rows


def change(this: float | None, other: float | None) -> str:
    """This build against another, in % of the other: `+12%`, `-3%`, `±0%`."""
    if not this or not other:
        return "-"
    pct = (this - other) / other * 100
    return "±0%" if round(pct) == 0 else f"{pct:+.0f}%"


def _rate(row: dict | None) -> str:
    if not row:
        return "-"
    text = f"{row['rps']:,.0f}"
    if row["runs"] > 1:
        text += f" ({row['min']:,.0f}-{row['max']:,.0f})"
    if row.get("errors"):
        text += f" **{row['errors']:,} err**"
    return text


def comparison_tables(letters: list[str], summaries: list[dict]) -> list[str]:
    """Markdown: the main table (per run: each build's req/s (min-max), share and p99, then
    this build's change against each other one), the selling table and worker RSS.
    `letters[0]` is this build."""
    names: list[str] = []
    for summary in summaries:
        names += [n for n in summary if n not in names and n != RSS_ROW]
    this, others = letters[0], letters[1:]
    head = ["Traffic"]
    for letter in letters:
        head += [f"{letter} req/s", f"{letter} share", f"{letter} p99 ms"]
    head += [f"{this} vs {other}" for other in others]
    lines = ["| " + " | ".join(head) + " |", "|---" + "|---:" * (len(head) - 1) + "|"]
    for name in names:
        cells = [name]
        for summary in summaries:
            row = summary.get(name)
            cells += [
                _rate(row),
                f"{row['share']:.0%}" if row else "-",
                f"{row['p99_ms']:.0f}" if row else "-",
            ]
        mine = summaries[0].get(name)
        for summary in summaries[1:]:
            theirs = summary.get(name)
            cells.append(change(mine and mine["rps"], theirs and theirs["rps"]))
        lines.append("| " + " | ".join(cells) + " |")

    selling = [n for n in names if any("kept" in s.get(n, {}) for s in summaries)]
    if selling:
        head = ["While selling"]
        for letter in letters:
            head += [f"{letter} kept", f"{letter} checkouts placed"]
        lines += ["", "| " + " | ".join(head) + " |", "|---" + "|---:" * (len(head) - 1) + "|"]
        for name in selling:
            cells = [name]
            for summary in summaries:
                row = summary.get(name) or {}
                if "kept" not in row:
                    cells += ["-", "-"]
                    continue
                cells += [
                    f"{row['kept']:.0%}",
                    f"{row['checkouts_ok']:,} of {row['checkouts_sent']:,}",
                ]
            lines.append("| " + " | ".join(cells) + " |")

    rss = [s.get(RSS_ROW) for s in summaries]
    if any(rss):
        parts = []
        for letter, row in zip(letters, rss, strict=True):
            if not row:
                parts.append(f"{letter} -")
                continue
            spread = f" ({row['min']:.0f}-{row['max']:.0f})" if row["runs"] > 1 else ""
            parts.append(f"{letter} {row['rss']:.0f} MB{spread}")
        mine = rss[0]
        vs = [
            f"{this} vs {letter} {change(mine and mine['rss'], row and row['rss'])}"
            for letter, row in zip(others, rss[1:], strict=True)
        ]
        lines += ["", f"Largest worker's RSS after the runs (median): {', '.join(parts)}; "]
        lines[-1] += ", ".join(vs) + "."
    return lines


def report(builds: list[Build], results: dict[str, list[dict]], args) -> str:
    letters = [b.letter for b in builds]
    summaries = [summarise(results[b.letter]) for b in builds]
    any_run = next((r for b in builds for r in results[b.letter]), None)
    m = any_run["machine"] if any_run else {}
    run = any_run["run"] if any_run else {}
    lines = [
        f"# Builds side by side ({' / '.join(letters)}): `make bench-ab`",
        "",
        f"- Date: {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}",
    ]
    if m:
        lines += [
            f"- Machine: {m['cores']} cores ({m['cpu']}), {m['platform']}; wrk runs on the "
            "same machine",
            f"- Versions: Python {m['python']}, Django {m['django']}, {m['database']}, "
            f"gunicorn {m['gunicorn']}, {m['wrk']}; cache {m['cache']}. One Python "
            "environment, this tree's `.venv`, for every build: dependency versions are "
            "this build's",
            f"- Load: this tree's bench (run.py, mix.py, sell.py, wrk scripts) for every "
            f"build, mixed traffic only; wrk {run['connections']} connections, "
            f"{run['threads']} thread(s), {run['duration']:g} s a run after "
            f"{run['warmup']:g} s warm-up, {run['workers']} gunicorn workers; the shared "
            "cache cleared before every run (an empty response cache)",
        ]
    lines += [
        f"- Rounds: {args.rounds}, alternating {', '.join(letters)}, ...; a cell is the "
        "median of the build's runs, (min-max) when more than one; share: of the /healthz "
        "ceiling measured around the run, on the same server; "
        + ", ".join(f"{letters[0]} vs {x}" for x in letters[1:])
        + ": this build's median req/s against the other's",
        "",
    ]
    for build in builds:
        runs = results[build.letter]
        bm = runs[0]["machine"] if runs else {}
        data = (
            f"{bm['products']:,} products in {bm['categories']} categories, "
            f"{bm['gunicorn_workers']} {bm['gunicorn_worker_class']} workers x "
            f"{bm['gunicorn_threads']} threads"
            if bm
            else "no run finished"
        )
        where = "the working tree" if build.root == ROOT else str(build.root.relative_to(ROOT))
        notes = []
        if any(r["run"].get("sells") == "products" for r in runs):
            notes.append("no variants: buyers' carts name products, not variants")
        failed = args.rounds - len(runs)
        if failed > 0:
            notes.append(f"{failed} of {args.rounds} runs failed")
        lines.append(
            f"- **{build.letter}** = {build.label}: "
            f"{textwrap.shorten(build.subject, 80, placeholder=' ...')}  \n"
            f"  `{where}`, database `{build.database}`, {data}; frontend: {build.frontend}"
            + (f"; {'; '.join(notes)}" if notes else "")
        )
    lines += ["", *comparison_tables(letters, summaries), ""]
    loads = [r["run"]["load_average"][0] for b in builds for r in results[b.letter]]
    if loads:
        lines.append(
            f"Machine load average (1 min) at the end of the runs: {min(loads):.1f} to "
            f"{max(loads):.1f} on {m.get('cores', '?')} cores (other work on the machine "
            "shows here)."
        )
    return "\n".join(lines) + "\n"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("refs", nargs="+", help="the commits to compare this build with (1 or 2)")
    p.add_argument("--rounds", type=int, default=None, help="rounds of runs (default 2)")
    p.add_argument(
        "--database-url",
        default=DEFAULT_DATABASE_URL,
        help="PostgreSQL server whose databases bench_ab_<short-sha> are used "
        "(the database name in it is replaced)",
    )
    p.add_argument(
        "--small",
        action="store_true",
        help="BENCH_PRODUCTS=2000, BENCH_DURATION=2, one round (unless set)",
    )
    p.add_argument("--dry-run", action="store_true", help="prepare the checkouts, print the plan")
    args = p.parse_args()
    refs = [r for r in args.refs if r]
    if not 1 <= len(refs) <= len(LETTERS) - 1:
        p.error("give one or two refs")
    args.refs = refs
    if args.small:
        os.environ.setdefault("BENCH_PRODUCTS", "2000")
        os.environ.setdefault("BENCH_DURATION", "2")
    if args.rounds is None:
        args.rounds = 1 if args.small else 2
    if args.rounds < 1:
        p.error("--rounds must be 1 or more")
    return args


def main() -> None:
    args = parse_args()
    builds = prepare_builds(args.refs, args.database_url, build=not args.dry_run)
    log("every build runs on this tree's .venv: dependency versions are this build's")
    for b in builds:
        where = "the working tree" if b.root == ROOT else b.root.relative_to(ROOT)
        log(f"{b.letter} = {b.label}: {where}, database {b.database}; frontend: {b.frontend}")
    if args.dry_run:
        order = ", ".join(b.letter for b in builds)
        log(f"dry run: would run {args.rounds} round(s) of {order}, bench/run.py --mix only")
        return
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    folder = AB / "runs" / stamp
    folder.mkdir(parents=True, exist_ok=True)
    results: dict[str, list[dict]] = {b.letter: [] for b in builds}
    files: dict[str, list[str]] = {b.letter: [] for b in builds}
    for round_no in range(1, args.rounds + 1):
        for build in builds:
            found = run_once(build, round_no, folder)
            if found is not None:
                results[build.letter].append(found)
                stem = f"{build.short}{'-wt' if build.root == ROOT else ''}-r{round_no}"
                files[build.letter].append(str((folder / stem).relative_to(ROOT)) + ".json")
    if not any(results.values()):
        raise SystemExit("no run finished: nothing to compare (see the runs' output above)")
    md = report(builds, results, args)
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"ab-{stamp}"
    out.with_suffix(".md").write_text(md)
    out.with_suffix(".json").write_text(
        json.dumps(
            {
                "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                "rounds": args.rounds,
                "machine": next((r["machine"] for b in builds for r in results[b.letter]), {}),
                "builds": [
                    {
                        "letter": b.letter,
                        "label": b.label,
                        "commit": b.sha,
                        "subject": b.subject,
                        "checkout": "." if b.root == ROOT else str(b.root.relative_to(ROOT)),
                        "database": b.database,
                        "frontend": b.frontend,
                        "runs": files[b.letter],
                        "summary": summarise(results[b.letter]),
                    }
                    for b in builds
                ],
            },
            indent=2,
        )
        + "\n"
    )
    print()
    print(md)
    log(f"written: {out.relative_to(ROOT)}.md and .json")
    if any(len(results[b.letter]) < args.rounds for b in builds):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
