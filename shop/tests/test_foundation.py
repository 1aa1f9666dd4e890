"""The monolith's shell: the SPA page on every client route, JSON 404s under /api/,
health checks and settings that refuse to run insecurely."""

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db  # home carries catalogue data (catalog/pages.py, home_initial)
@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/", "SHOPSPHERE - shop now"),
        ("/dashboard/admin/products", "Dashboard - ShopSphere"),
        ("/cart", "Cart - ShopSphere"),
        # A guest's order page (its token after `#`, which no server sees).
        ("/order/42", "Order #42 - ShopSphere"),
    ],
)
def test_client_routes_serve_the_app_page(client, path, title):
    # Product and category pages come from the database: shop/tests/test_seo_pages.py.
    response = client.get(path)
    assert response.status_code == 200
    body = response.content.decode()
    assert f"<title>{title}</title>" in body
    assert '<div id="root">' in body
    assert "<script>" not in body  # no inline script (CSP-friendly)
    if path.startswith(("/order/", "/dashboard")):
        assert '<meta name="robots" content="noindex">' in body


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/order/abc", "/order/1/2", "/order/"])
def test_an_order_page_needs_a_number(client, path):
    response = client.get(path, follow=True)
    assert response.status_code == 404


@pytest.mark.django_db
def test_the_app_page_links_the_shops_icon(client):
    from django.contrib.staticfiles import finders

    body = client.get("/").content.decode()
    href = re.search(r'<link rel="icon" type="image/svg\+xml" href="([^"]+)">', body).group(1)
    assert href == "/static/img/favicon.svg"
    icon = Path(finders.find("img/favicon.svg")).read_text()
    assert icon.startswith("<svg") and "<script" not in icon


@pytest.mark.parametrize("method", ["get", "post", "put", "delete"])
def test_unknown_api_paths_answer_json_404_in_the_error_shape(client, method):
    response = getattr(client, method)("/api/v1/no/such/thing")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"success": False, "message": "No such API endpoint."}


@pytest.mark.parametrize("path", ["/api/v1/product/product-count", "/api/v1/no/such/thing"])
def test_a_host_not_allowed_is_a_json_400_under_api(client, settings, path):
    settings.ALLOWED_HOSTS = ["shop.example.com"]
    response = client.get(path, HTTP_HOST="evil.example.net")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"success": False, "message": "Bad request."}


def test_a_host_not_allowed_keeps_djangos_page_outside_api(client, settings):
    settings.ALLOWED_HOSTS = ["shop.example.com"]
    response = client.get("/cart", HTTP_HOST="evil.example.net")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")


def test_api_404_with_a_trailing_slash_is_json_too(client):
    response = client.get("/api/")
    assert response.status_code == 404
    assert response.json()["success"] is False


@pytest.mark.django_db
def test_healthz_answers_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


@pytest.mark.django_db
def test_readyz_checks_the_database(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"success": True, "status": "ready"}


def _import_settings(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", "import shop.settings"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )


def test_settings_refuse_to_start_with_debug_off_and_no_secret_key(tmp_path):
    result = _import_settings(DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_settings_start_with_debug_off_and_a_secret_key():
    result = _import_settings(DEBUG="false", SECRET_KEY="x" * 50)
    assert result.returncode == 0, result.stderr


def test_settings_read_the_env_file_that_env_file_names_and_none_when_it_is_empty(tmp_path):
    dotenv = tmp_path / "dev.env"
    dotenv.write_text("SECRET_KEY=" + "k" * 50 + "\n")
    assert _import_settings(DEBUG="false", ENV_FILE=str(dotenv)).returncode == 0
    refused = _import_settings(DEBUG="false", ENV_FILE="")
    assert refused.returncode != 0
    assert "SECRET_KEY must be set" in refused.stderr
    # The test run itself reads no .env: a developer's (DEBUG on) would change what it checks.
    assert os.environ["ENV_FILE"] == ""


@pytest.mark.parametrize("seconds", ["0", "601", "3600"])
def test_settings_refuse_a_reconcile_interval_past_ten_minutes(seconds):
    # The contract: the task worker asks the gateway again at least every 10 minutes.
    result = _import_settings(DEBUG="true", RECONCILE_INTERVAL_SECONDS=seconds)
    assert result.returncode != 0
    assert "RECONCILE_INTERVAL_SECONDS must be more than 0 and at most 600" in result.stderr
    assert _import_settings(DEBUG="true", RECONCILE_INTERVAL_SECONDS="600").returncode == 0


@pytest.mark.parametrize(
    "header",
    ["garbage", "Bearer garbage", "Bearer a.b.c", "Token x y z"],
)
@pytest.mark.django_db
def test_a_bad_token_answers_401_with_a_plain_sentence(client, header):
    response = client.get("/api/v1/auth/user-auth", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response.json() == {
        "success": False,
        "message": "Your session has expired. Please log in again.",
    }


def test_camel_case_field_names_read_as_words_in_messages():
    from rest_framework.exceptions import ValidationError

    from shop.api.exceptions import exception_handler

    response = exception_handler(ValidationError({"newPassword": ["This field is required."]}), {})
    assert response.status_code == 400
    assert response.data["message"] == "New password: This field is required."
    assert response.data["errors"] == {"newPassword": ["This field is required."]}


def test_the_documented_example_environment_starts_the_app():
    """A new operator's first step is `cp .env.example .env`: that must boot as documented
    (SQLite in the project, media in the project), not crash on an empty value."""
    example = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            example[key.strip()] = value.strip()
    assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"} <= example.keys()
    clean = {k: v for k, v in os.environ.items() if k not in example and k != "DATABASE_URL"}
    script = (
        "from django.conf import settings; import django; django.setup(); "
        "print(settings.DATABASES['default']['ENGINE']); print(settings.MEDIA_ROOT)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, **example, "DJANGO_SETTINGS_MODULE": "shop.settings"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    engine, media_root = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert media_root == str(ROOT / "media")


@pytest.mark.django_db
def test_the_checks_of_the_database_in_use_find_nothing():
    """`make run` migrates, which runs the checks of the database in use: a new user must
    not meet a warning there."""
    from django.core.management import call_command

    out = io.StringIO()
    call_command("check", databases=["default"], fail_level="WARNING", stdout=out)
    assert "no issues" in out.getvalue()
