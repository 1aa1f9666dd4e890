"""Browser journeys: Playwright drives the system Chromium against pytest-django's live
server (the real app, the built bundle, a real test database).

Chromium comes from Debian (`CHROMIUM` or /usr/bin/chromium); Playwright never downloads
a browser. Where none exists the journeys are skipped with a loud line, never silently.
"""

import os
import shutil
import threading
from pathlib import Path

import pytest
from django.db import connection
from django.test.testcases import LiveServerThread, TransactionTestCase
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the
# tests themselves (creating fixtures) are still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_collection_modifyitems(config, items):
    # A missing bundle is our own set-up step left out: fail, never skip (`make test-e2e`
    # builds it first).
    if not (ROOT / "static" / "dist" / "manifest.json").exists():
        raise pytest.UsageError("The React bundle is not built: run `make build` first.")
    # No Chromium on the machine is the one reason to skip, loudly: a warning in
    # pytest's summary, a banner in the output and the reason on every test.
    if Path(CHROMIUM).exists():
        return
    reason = (
        f"BROWSER TESTS SKIPPED: no Chromium at {CHROMIUM} "
        "(apt-get install chromium, or set CHROMIUM)"
    )
    config.issue_config_time_warning(pytest.PytestWarning(reason), stacklevel=2)
    print(f"\n{'!' * 78}\n{reason}\n{'!' * 78}")
    for item in items:
        item.add_marker(pytest.mark.skip(reason=reason))


# On SQLite the live server's request threads and the test share one in-memory database
# connection, which Django warns must never run two queries at once; a screen that sends
# several calls together (the admin dashboard does) could leave the connection
# stuck between threads and the run waiting forever. So on SQLite the live server answers
# one request at a time, body and all (connections still arrive in parallel). Requests at
# the same moment are tested against a real gunicorn (shop.tests.live_gunicorn).
# The flush that empties the database after each test takes the same turn: a call the
# closing page still sends (the cart's save on leaving) must not run inside the flush.
_create_server = LiveServerThread._create_server
_fixture_teardown = TransactionTestCase._fixture_teardown
_one_at_a_time = threading.Lock()


def _one_request_at_a_time(self, connections_override=None):
    server = _create_server(self, connections_override)
    if connection.vendor != "sqlite":
        return server
    set_app, lock = server.set_app, _one_at_a_time

    def set_serialised_app(app):
        def serialised(environ, start_response):
            with lock:
                result = app(environ, start_response)
                try:
                    return [b"".join(result)]
                finally:
                    if hasattr(result, "close"):
                        result.close()

        set_app(serialised)

    server.set_app = set_serialised_app
    return server


def _flush_in_turn(self):
    if connection.vendor != "sqlite":
        return _fixture_teardown(self)
    with _one_at_a_time:
        return _fixture_teardown(self)


LiveServerThread._create_server = _one_request_at_a_time
TransactionTestCase._fixture_teardown = _flush_in_turn


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_FLAGS,
    }


@pytest.fixture(autouse=True)
def _e2e_db(transactional_db, settings):
    """The live server shares the test database; static files come from the finders
    (plain storage: webpack already hashed the names)."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server.url


@pytest.fixture
def page(page, base_url):
    """The page, failing the test on any uncaught JavaScript error."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(10_000)
    # Assertions wait as long as actions: an error toast lives 4 s plus 1 s to leave
    # (spec section 8), exactly Playwright's default 5 s, so a busy machine missed it.
    expect.set_options(timeout=10_000)
    yield page
    assert not errors, f"JavaScript errors on the page: {errors}"
