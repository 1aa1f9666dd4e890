"""Login and forgot-password are throttled per e-mail and per client address (limits in
settings); past a limit every attempt, right or wrong, answers 429 with Retry-After."""

import pytest
from django.core.cache import cache

from accounts import throttles
from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import FORGOT, LOGIN, assert_error

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch, settings):
    """The throttles' clock, moved by hand (no sleeping in tests). The counters are in the
    database here (Redis keeps its own clock; tested in shop/tests/test_throttle_store.py)."""
    settings.THROTTLE_REDIS_URL = ""

    class Clock:
        now = 1_800_000_000.0

        def __call__(self):
            return self.now

    fake = Clock()
    monkeypatch.setattr(throttles._RateThrottle, "timer", fake)
    return fake


def login(api, email, password="Wrong-Pass-0000", address="203.0.113.7", **extra):
    return api.post(LOGIN, {"email": email, "password": password}, REMOTE_ADDR=address, **extra)


def forgot(api, email, answer="wrong", address="203.0.113.7"):
    data = {"email": email, "answer": answer, "newPassword": "Fresh-Lotus-2029"}
    return api.post(FORGOT, data, REMOTE_ADDR=address)


def assert_throttled(response) -> int:
    assert_error(response, 429, "Too many attempts. Please wait a minute and try again.")
    wait = int(response["Retry-After"])
    assert 1 <= wait <= 60
    return wait


def test_login_allows_10_attempts_a_minute_per_email_then_429_even_with_the_right_password(
    api, shopper, clock
):
    for _ in range(10):
        assert login(api, shopper.email).status_code == 401

    assert_throttled(login(api, shopper.email, PASSWORD))


def test_login_email_counter_ignores_case_and_spaces(api, shopper, clock):
    spellings = [shopper.email, shopper.email.upper(), f"  {shopper.email} ", shopper.email.title()]
    for attempt in range(10):
        login(api, spellings[attempt % len(spellings)])

    assert_throttled(login(api, f" {shopper.email.upper()}", PASSWORD))


def test_login_email_limit_spans_client_addresses(api, shopper, clock):
    for attempt in range(10):
        login(api, shopper.email, address=f"198.51.100.{attempt}")

    assert_throttled(login(api, shopper.email, PASSWORD, address="192.0.2.200"))


def test_login_email_limit_leaves_other_emails_alone(api, shopper, clock):
    other = UserFactory()
    for _ in range(10):
        login(api, shopper.email)

    assert login(api, other.email, PASSWORD).status_code == 200


def test_login_allows_60_attempts_a_minute_per_address(api, clock):
    for attempt in range(60):
        assert login(api, f"guess{attempt}@example.com").status_code == 401

    assert_throttled(login(api, "guess-final@example.com"))
    assert login(api, "guess-final@example.com", address="198.51.100.99").status_code == 401


def test_login_address_limit_ignores_a_spoofed_forwarded_for_header(api, clock):
    for attempt in range(60):
        login(api, f"guess{attempt}@example.com", HTTP_X_FORWARDED_FOR=f"10.0.0.{attempt}")

    assert_throttled(login(api, "guess-final@example.com", HTTP_X_FORWARDED_FOR="10.9.9.9"))


def test_login_counts_malformed_attempts_too(api, shopper, clock):
    for _ in range(60):
        api.post(LOGIN, {"email": "", "password": ""}, REMOTE_ADDR="203.0.113.7")

    assert_throttled(login(api, shopper.email, PASSWORD))


def test_login_is_allowed_again_once_the_minute_has_passed(api, shopper, clock):
    for _ in range(10):
        login(api, shopper.email)
    wait = assert_throttled(login(api, shopper.email, PASSWORD))

    clock.now += wait - 1
    assert_throttled(login(api, shopper.email, PASSWORD))
    clock.now += 1.5
    assert login(api, shopper.email, PASSWORD).status_code == 200


def test_retry_after_counts_down_to_when_the_oldest_attempt_expires(api, shopper, clock):
    login(api, shopper.email)
    clock.now += 20
    for _ in range(9):
        login(api, shopper.email)

    assert assert_throttled(login(api, shopper.email)) == 40


def test_login_limits_come_from_settings(api, shopper, clock, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login_email": "2/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}

    login(api, shopper.email)
    login(api, shopper.email)

    assert_throttled(login(api, shopper.email, PASSWORD))


def test_throttle_counters_survive_clearing_the_cache(api, shopper, clock):
    for _ in range(10):
        login(api, shopper.email)
    assert_throttled(login(api, shopper.email, PASSWORD))

    cache.clear()

    assert_throttled(login(api, shopper.email, PASSWORD))


def test_forgot_password_allows_5_attempts_a_minute_per_email_then_429_even_with_the_right_answer(
    api, shopper, clock
):
    for _ in range(5):
        assert forgot(api, shopper.email).status_code == 400

    assert_throttled(forgot(api, shopper.email.upper(), answer="cricket"))
    shopper.refresh_from_db()
    assert shopper.check_password(PASSWORD)


def test_forgot_password_allows_20_attempts_a_minute_per_address(api, shopper, clock):
    for attempt in range(20):
        assert forgot(api, f"guess{attempt}@example.com").status_code == 400

    assert_throttled(forgot(api, shopper.email, answer="cricket"))
    assert forgot(api, shopper.email, answer="cricket", address="198.51.100.5").status_code == 200


def test_login_and_forgot_password_count_separately(api, shopper, clock):
    for _ in range(5):
        forgot(api, shopper.email)

    assert login(api, shopper.email, PASSWORD).status_code == 200


def test_other_calls_are_not_throttled(api, shopper, clock):
    for _ in range(70):
        api.get("/api/v1/auth/user-auth", REMOTE_ADDR="203.0.113.7")

    assert login(api, shopper.email, PASSWORD).status_code == 200
