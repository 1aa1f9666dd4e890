"""A copy of the project's source in a folder of its own, as a fresh clone has it (no
.env, no database, no bundle), for tests that run `make` or `manage.py` as an operator
would without touching the checkout they run from."""

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
# What a clone holds that manage.py and the Makefile's set-up targets need (no frontend,
# docs or tooling).
SOURCE = [
    "manage.py",
    "Makefile",
    "shop",
    "accounts",
    "catalog",
    "orders",
    "payments",
    "promotions",
    "returns",
    "reports",
    "wishlist",
    "reviews",
    "demo",
    "templates",
    "requirements.txt",
    "requirements-dev.txt",
    # What `make -n run` names as the bundle's inputs.
    "package.json",
    "package-lock.json",
    "webpack.config.js",
    "babel.config.json",
]


def copy_clone(folder: Path) -> Path:
    """The source copied into `folder` (made), without any .env, database or cache."""
    folder.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.sqlite3", ".env")
    for name in SOURCE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=skip)
        else:
            shutil.copy2(source, folder / name)
    assert not (folder / ".env").exists()
    return folder
