"""Request ids, one structured log line per request, errors with tracebacks, no secrets in
logs, and the browser security headers on every response."""

import json
import logging

import pytest
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import UserFactory
from shop.middleware import JsonFormatter, RequestIdFilter

SECRETS = ["Sup3r-Secret-Pass!", "tok.en.value-123", "query-secret-xyz", "cricket-answer"]


@pytest.fixture
def log_lines(caplog):
    """Every record of the request, rendered by the production formatter."""
    caplog.set_level(logging.INFO)
    caplog.handler.addFilter(RequestIdFilter())  # as the console handler in settings does
    formatter = JsonFormatter()

    def lines():
        return [json.loads(formatter.format(record)) for record in caplog.records]

    return lines


def _request_lines(lines):
    return [line for line in lines if line["logger"] == "shop.request"]


def test_each_request_gets_an_id_echoed_in_the_response_and_in_one_log_line(client, log_lines):
    response = client.get("/healthz")

    request_id = response["X-Request-ID"]
    assert len(request_id) == 32
    (line,) = _request_lines(log_lines())
    assert line["request_id"] == request_id
    assert line["method"] == "GET"
    assert line["path"] == "/healthz"
    assert line["status"] == 200
    assert isinstance(line["duration_ms"], float)
    assert line["user_id"] is None
    assert line["level"] == "INFO"


def test_two_requests_get_different_ids(client):
    assert client.get("/healthz")["X-Request-ID"] != client.get("/healthz")["X-Request-ID"]


def test_a_sane_incoming_request_id_is_kept(client, log_lines):
    response = client.get("/healthz", HTTP_X_REQUEST_ID="lb-7f3a.42")
    assert response["X-Request-ID"] == "lb-7f3a.42"
    assert _request_lines(log_lines())[0]["request_id"] == "lb-7f3a.42"


@pytest.mark.parametrize("forged", ["x" * 129, "abc\ninjected log line", "a b", "<script>"])
def test_an_unsafe_incoming_request_id_is_replaced(client, forged):
    response = client.get("/healthz", HTTP_X_REQUEST_ID=forged)
    assert response["X-Request-ID"] != forged
    assert len(response["X-Request-ID"]) == 32


@pytest.mark.django_db
@pytest.mark.urls("shop.tests.urls_for_tests")
def test_the_log_line_names_the_user_signed_in_by_token(api, log_lines):
    user = UserFactory()
    api.credentials(HTTP_AUTHORIZATION=str(AccessToken.for_user(user)))

    response = api.get("/api/v1/test/whoami")

    assert response.status_code == 200
    assert _request_lines(log_lines())[0]["user_id"] == user.pk


@pytest.mark.django_db
def test_logs_never_hold_passwords_tokens_answers_or_query_strings(api, log_lines):
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {SECRETS[1]}")
    api.post(
        f"/api/v1/auth/login?token={SECRETS[2]}",
        {"email": "someone@example.com", "password": SECRETS[0], "answer": SECRETS[3]},
        format="json",
    )
    api.post(
        f"/api/v1/auth/forgot-password?key={SECRETS[2]}",
        {"email": "someone@example.com", "answer": SECRETS[3], "newPassword": SECRETS[0]},
        format="json",
    )
    lines = log_lines()
    assert len(_request_lines(lines)) == 2
    text = "\n".join(json.dumps(line) for line in lines)
    for secret in SECRETS:
        assert secret not in text
    assert "Authorization" not in text
    assert all("?" not in line["path"] for line in _request_lines(lines))


@pytest.mark.urls("shop.tests.urls_for_tests")
def test_an_api_error_is_logged_with_its_traceback_and_request_id(client, log_lines):
    response = client.get("/api/v1/test/explodes", HTTP_X_REQUEST_ID="trace-me-1")

    assert response.status_code == 500
    assert response.json() == {
        "success": False,
        "message": "Something went wrong on our side. Please try again.",
    }
    lines = log_lines()
    errors = [line for line in lines if "traceback" in line]
    assert errors, lines
    assert "RuntimeError: kaboom in an API view" in errors[0]["traceback"]
    assert errors[0]["request_id"] == "trace-me-1"
    (line,) = _request_lines(lines)
    assert (line["status"], line["level"]) == (500, "ERROR")


@pytest.mark.urls("shop.tests.urls_for_tests")
def test_an_error_outside_the_api_is_logged_with_its_traceback_too(client, log_lines):
    client.raise_request_exception = False
    response = client.get("/test/explodes")

    assert response.status_code == 500
    errors = [line for line in log_lines() if "traceback" in line]
    assert "RuntimeError: kaboom in a plain view" in errors[0]["traceback"]
    assert errors[0]["request_id"] == response["X-Request-ID"]


def test_a_log_line_outside_a_request_has_no_request_id():
    record = logging.LogRecord("shop", logging.INFO, __file__, 1, "hello", None, None)
    RequestIdFilter().filter(record)
    assert json.loads(JsonFormatter().format(record))["request_id"] == "-"


@pytest.mark.django_db  # / carries catalogue data
@pytest.mark.parametrize("path", ["/", "/healthz", "/api/v1/no/such/thing"])
def test_every_response_carries_the_security_headers(client, path):
    response = client.get(path)

    csp = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no eval
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "camera=()" in response["Permissions-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_plain_http_with_debug_off_is_served_without_redirect_or_hsts(client, settings):
    assert settings.DEBUG is False
    response = client.get("/healthz")
    assert response.status_code == 200
    assert "Strict-Transport-Security" not in response


@pytest.mark.django_db
def test_an_unreachable_database_answers_a_clean_503_to_retry(api, monkeypatch, log_lines):
    """What clients see while PostgreSQL restarts (`make soak` does it for real)."""
    from django.db import OperationalError
    from django.db.backends.base.base import BaseDatabaseWrapper

    def refused(self, *args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refused)
    response = api.get("/api/v1/category/get-category")

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json() == {
        "success": False,
        "message": "The shop is briefly unavailable. Please try again in a moment.",
    }
    errors = [line for line in log_lines() if "traceback" in line]
    assert "OperationalError: connection refused" in errors[0]["traceback"]


@pytest.mark.django_db
def test_readyz_answers_503_when_the_database_is_unreachable(client, monkeypatch):
    from django.db import OperationalError
    from django.db.backends.base.base import BaseDatabaseWrapper

    def refused(self, *args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refused)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["success"] is False
    assert client.get("/healthz").status_code == 200  # the process itself is alive
