"""`make admin`, the documented way to the first admin account, run as an owner would
right after `make run`: no SECRET_KEY and no DEBUG in the environment, a fresh database,
in a copy of the source (its `.env` written there, never in this checkout)."""

import os
import sqlite3
import subprocess

from shop.tests.clones import ROOT, copy_clone


def run_make_admin(tmp_path, **extra):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"SECRET_KEY", "DEBUG", "DATABASE_URL", "ENV_FILE"}
        and not key.startswith("DJANGO_")
    }
    database = tmp_path / "fresh.sqlite3"
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        CACHE_DIR=str(tmp_path / "cache"),
        MEDIA_ROOT=str(tmp_path / "media"),
        **extra,
    )
    clone = copy_clone(tmp_path / "shopsphere")
    # This checkout's packages, counted as up to date (`-o`): a test never reinstalls them.
    (clone / ".venv").symlink_to(ROOT / ".venv")
    answer = subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed-run", "admin"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return answer, database


def test_make_admin_creates_the_first_admin_on_a_fresh_clone(tmp_path):
    answer, database = run_make_admin(
        tmp_path,
        DJANGO_SUPERUSER_EMAIL="owner@example.com",
        DJANGO_SUPERUSER_NAME="Shop Owner",
        DJANGO_SUPERUSER_PASSWORD="a-long-owner-passphrase-42",
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    assert "SECRET_KEY must be set" not in answer.stderr
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT email, name, role, is_staff, is_superuser FROM accounts_user"
        ).fetchall()
    assert rows == [("owner@example.com", "Shop Owner", 1, 1, 1)]
