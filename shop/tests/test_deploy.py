"""Production settings: Django's deployment checklist passes under the documented
production environment (what `make check-deploy` runs); HTTPS-only behaviour is switched on
by HTTPS=true, not by DEBUG being off, so plain HTTP on 127.0.0.1 keeps working."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k3Y-" + "".join(chr(65 + (i * 7) % 26) + str(i % 10) for i in range(30))
PRODUCTION = {
    "DEBUG": "false",
    "HTTPS": "true",
    "SECRET_KEY": STRONG_KEY,
    "ALLOWED_HOSTS": "shop.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://shop.example.com",
}


def _run(args, **env):
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SECRET_KEY", "DEBUG", "HTTPS", "ALLOWED_HOSTS", "SECURE_HSTS_SECONDS")
    }
    clean.update(env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True, check=False
    )


def _check_deploy(**env):
    return _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **env)


def test_the_deployment_checklist_passes_under_the_production_environment():
    result = _check_deploy(**PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_checklist_fails_without_https_and_with_a_weak_key():
    # Proof the check is real: the same command flags what production must not have.
    result = _check_deploy(**{**PRODUCTION, "HTTPS": "false", "SECRET_KEY": "short-key"})
    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W009", "security.W012"):
        assert warning in result.stderr, result.stderr


SETTINGS_PROBE = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps({name: getattr(settings, name, None) for name in (
    "DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_CONTENT_TYPE_NOSNIFF",
    "X_FRAME_OPTIONS", "SECURE_REFERRER_POLICY", "PASSWORD_HASHERS", "CORS_ALLOWED_ORIGINS",
    "CORS_ALLOW_ALL_ORIGINS")}))
"""


def _settings(**env):
    """The settings Django ends up with under this environment (in a fresh process)."""
    probe = _run(["-c", SETTINGS_PROBE], DJANGO_SETTINGS_MODULE="shop.settings", **env)
    assert probe.returncode == 0, probe.stderr
    return json.loads(probe.stdout.strip().splitlines()[-1])


def test_https_settings_follow_https_not_debug():
    local = _settings(DEBUG="false", SECRET_KEY=STRONG_KEY)
    assert local["DEBUG"] is False
    assert not local["SECURE_SSL_REDIRECT"]
    assert not local["SESSION_COOKIE_SECURE"] and not local["CSRF_COOKIE_SECURE"]
    assert local["SECURE_HSTS_SECONDS"] == 0

    production = _settings(**PRODUCTION)
    assert production["SECURE_SSL_REDIRECT"] is True
    assert production["SESSION_COOKIE_SECURE"] and production["CSRF_COOKIE_SECURE"]
    assert production["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert production["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    for values in (local, production):
        assert values["SECURE_CONTENT_TYPE_NOSNIFF"] is True
        assert values["X_FRAME_OPTIONS"] == "DENY"
        assert values["SECURE_REFERRER_POLICY"] == "same-origin"
        assert values["PASSWORD_HASHERS"][0].endswith("Argon2PasswordHasher")
        assert values["CORS_ALLOW_ALL_ORIGINS"] in (None, False)
        assert values["CORS_ALLOWED_ORIGINS"] == []


def test_with_https_on_plain_http_is_redirected_and_https_answers_carry_hsts(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31_536_000

    insecure = client.get("/healthz")
    assert insecure.status_code == 301
    assert insecure["Location"] == "https://testserver/healthz"
    secure = client.get("/healthz", secure=True)
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"].startswith("max-age=31536000")


@pytest.mark.parametrize("method", ["post", "put"])
def test_with_debug_off_and_https_off_writes_over_plain_http_are_not_redirected(client, method):
    # A POST/PUT redirected to https would lose its body: on a local run it must not happen.
    response = getattr(client, method)("/api/v1/auth/login", {}, content_type="application/json")
    assert response.status_code not in (301, 302, 307, 308)


def test_cors_answers_only_configured_origins(client, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://partner.example.com"]
    allowed = client.get("/api/v1/category/get-category", HTTP_ORIGIN="https://partner.example.com")
    assert allowed["Access-Control-Allow-Origin"] == "https://partner.example.com"
    other = client.get("/api/v1/category/get-category", HTTP_ORIGIN="https://evil.example.com")
    assert "Access-Control-Allow-Origin" not in other
