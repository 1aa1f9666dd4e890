"""Register is throttled per client address; the Django admin's login per e-mail and per
address on the API login's own counters. Past a limit: 429 with Retry-After."""

import pytest

from accounts.models import User
from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import LOGIN, REGISTER, assert_error
from shop.throttling import CountedThrottle

pytestmark = pytest.mark.django_db

ADMIN_LOGIN = "/admin/login/"
THROTTLED = "Too many attempts. Please wait a minute and try again."


@pytest.fixture(autouse=True)
def clock(monkeypatch, settings):
    settings.THROTTLE_REDIS_URL = ""
    monkeypatch.setattr(CountedThrottle, "timer", staticmethod(lambda: 1_800_000_000.0))


def register(api, n, address="203.0.113.7"):
    data = {
        "name": "Ananya Rao",
        "email": f"ananya.{n}@example.com",
        "password": "Shop-Pass-2026!",
        "phone": "+91 98450 12345",
        "address": "12 MG Road",
        "answer": "Cricket",
    }
    return api.post(REGISTER, data, REMOTE_ADDR=address)


def admin_login(client, email, password="Wrong-Pass-0000", address="203.0.113.7"):
    data = {"username": email, "password": password, "next": "/admin/"}
    return client.post(ADMIN_LOGIN, data, REMOTE_ADDR=address)


def test_register_allows_30_a_minute_per_address_then_429(api):
    for n in range(30):
        assert register(api, n).status_code == 201

    response = register(api, 30)

    assert_error(response, 429, THROTTLED)
    assert 1 <= int(response["Retry-After"]) <= 60
    assert not User.objects.filter(email="ananya.30@example.com").exists()
    assert register(api, 31, address="198.51.100.4").status_code == 201


def test_register_limit_comes_from_settings(api, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "register_ip": "2/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    register(api, 1)
    register(api, 2)

    assert register(api, 3).status_code == 429


def test_admin_login_allows_10_wrong_passwords_per_email_then_429_even_when_right(client):
    boss = User.objects.create_superuser("boss@example.com", PASSWORD, name="Boss")
    for n in range(10):
        response = admin_login(client, boss.email, address=f"198.51.100.{n}")
        assert response.status_code == 200  # the form again, with its error

    response = admin_login(client, boss.email, PASSWORD, address="192.0.2.9")

    assert response.status_code == 429
    assert response["Content-Type"].startswith("text/html")
    assert 1 <= int(response["Retry-After"]) <= 60
    assert THROTTLED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_admin_login_allows_60_attempts_per_address(client):
    boss = User.objects.create_superuser("boss@example.com", PASSWORD, name="Boss")
    for n in range(60):
        admin_login(client, f"guess{n}@example.com")

    assert admin_login(client, boss.email, PASSWORD).status_code == 429
    assert admin_login(client, boss.email, PASSWORD, address="192.0.2.9").status_code == 302


def test_admin_and_api_logins_share_the_per_email_counter(api, client):
    shopper = UserFactory()
    for _ in range(5):
        api.post(LOGIN, {"email": shopper.email, "password": "Wrong-Pass-0000"})
    for _ in range(5):
        admin_login(client, shopper.email.upper())

    assert api.post(LOGIN, {"email": shopper.email, "password": PASSWORD}).status_code == 429


def test_the_admin_login_page_itself_is_not_counted(client):
    for _ in range(70):
        assert client.get(ADMIN_LOGIN).status_code == 200
