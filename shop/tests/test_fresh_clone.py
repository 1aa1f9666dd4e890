"""The operator's commands of the README and docs on a fresh clone: `make run` writes a
development `.env` (DEBUG on, a generated SECRET_KEY) when there is none, after which
`manage.py seed_demo`, `import_pincodes`, `createsuperuser`... work as written; without a
`.env` (production) and without SECRET_KEY, Django still refuses to start.

Each test copies the project's source (no .env, no database, no .venv) to a folder of its
own and runs `make` and `manage.py` there as subprocesses, with the environment a fresh
clone has: none of the test run's DEBUG, SECRET_KEY or DATABASE_URL."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from shop.tests.clones import ROOT, copy_clone

NOT_SET = ("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL", "THROTTLE_REDIS_URL", "ENV_FILE")
REFUSED = "SECRET_KEY must be set when DEBUG is off"


@pytest.fixture
def clone(tmp_path):
    return copy_clone(tmp_path / "shopsphere")


def _environment() -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "PYTEST")) and k not in NOT_SET
    }
    env.update(LOG_LEVEL="WARNING", TASKS_IN_PROCESS="false")
    return env


def _run(folder: Path, *command: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        command,
        cwd=folder,
        env={**_environment(), **extra},
        capture_output=True,
        text=True,
        timeout=300,
    )


def manage(folder: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return _run(folder, sys.executable, "manage.py", *args, **extra)


def make(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(folder, "make", "--no-print-directory", f"PYTHON={sys.executable}", *args)


def test_without_a_env_and_a_secret_key_django_refuses_to_start(clone):
    checked = manage(clone, "check")
    assert checked.returncode != 0
    assert REFUSED in checked.stderr
    # With the key set (production), it starts, DEBUG off.
    assert manage(clone, "check", SECRET_KEY="x" * 50).returncode == 0


def test_make_run_writes_a_development_env_first_and_leaves_one_alone(clone):
    planned = make(clone, "-n", "run")
    assert planned.returncode == 0, planned.stderr
    assert '"DEBUG=true"' in planned.stdout
    # The .env step comes before the install, the build and the migration.
    assert planned.stdout.index('"DEBUG=true"') < planned.stdout.index("migrate")

    written = make(clone, ".env")
    assert written.returncode == 0, written.stderr
    env_file = clone / ".env"
    lines = env_file.read_text().splitlines()
    assert "DEBUG=true" in lines
    (key,) = [line.removeprefix("SECRET_KEY=") for line in lines if line.startswith("SECRET_KEY=")]
    assert len(key) >= 50 and "insecure" not in key
    assert stat.S_IMODE(env_file.stat().st_mode) == 0o600  # a secret: the owner's alone

    env_file.write_text("DEBUG=true\nSECRET_KEY=the-operators-own-key-kept-as-it-is-0123456789\n")
    again = make(clone, ".env")
    assert again.returncode == 0
    assert "the-operators-own-key" in env_file.read_text()
    assert ".env" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_readme_commands_work_as_written_after_make_run(clone, tmp_path):
    assert make(clone, ".env").returncode == 0
    pins = tmp_path / "served.csv"
    pins.write_text("pincode,cod\n400001,1\n560001,0\n")
    commands = [
        ("migrate", "--noinput"),
        ("seed_demo", "--products", "12"),
        ("seed_demo", "--if-empty"),
        ("import_pincodes", str(pins)),
        ("createsuperuser", "--noinput"),
        ("export_products", str(tmp_path / "products.csv")),
        ("check",),
    ]
    superuser = {
        "DJANGO_SUPERUSER_EMAIL": "owner@example.com",
        "DJANGO_SUPERUSER_NAME": "Shop Owner",
        "DJANGO_SUPERUSER_PASSWORD": "Monsoon-Garden-Lotus-42",
    }
    for command in commands:
        done = manage(clone, *command, **superuser)
        assert done.returncode == 0, (command, done.stderr[-2000:])
        assert REFUSED not in done.stderr
    assert (clone / "db.sqlite3").exists()
    assert "Shop Owner" not in (tmp_path / "products.csv").read_text()
    assert (tmp_path / "products.csv").read_text().count("\n") > 12
