"""GET /api/v1/auth/user-auth and /admin-auth, and every kind of token: raw or Bearer,
missing, empty, garbage, expired, signed with another key, for a deleted, deactivated or
re-passworded user. Roles are read from the database on every call."""

import datetime
import os
import subprocess
import sys

import jwt
import pytest
from django.conf import settings
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import UserFactory
from accounts.tests.helpers import ADMIN_AUTH, USER_AUTH, assert_error, bearer, raw

pytestmark = pytest.mark.django_db


def claims(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


@pytest.mark.parametrize(
    "header", [raw, bearer, lambda token: {"HTTP_AUTHORIZATION": f"bearer {token}"}]
)
def test_user_auth_accepts_the_token_raw_or_as_bearer(api, shopper, login, header):
    response = api.get(USER_AUTH, **header(login(shopper)))

    assert response.status_code == 200
    assert response.json() == {"success": True, "ok": True}


def test_user_auth_without_a_token_is_401(api):
    assert_error(api.get(USER_AUTH), 401, "Please log in to continue.")


@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_authorization_header_counts_as_no_token(api, value):
    assert_error(api.get(USER_AUTH, HTTP_AUTHORIZATION=value), 401, "Please log in to continue.")


@pytest.mark.parametrize(
    "value",
    [
        "garbage",
        "Bearer",
        "Bearer not.a.jwt",
        "Bearer one two",
        "Basic dXNlcjpwYXNzd29yZA==",
        "eyJhbGciOiJIUzI1NiJ9.e30.",
        "null",
        "undefined",
    ],
)
def test_a_garbage_token_is_401(api, shopper, value):
    assert_error(api.get(USER_AUTH, HTTP_AUTHORIZATION=value), 401)


def test_an_expired_token_is_401(api, shopper):
    token = AccessToken.for_user(shopper)
    token.set_exp(from_time=datetime.datetime.now(datetime.UTC) - datetime.timedelta(days=8))

    assert_error(api.get(USER_AUTH, **raw(str(token))), 401)


def test_a_token_signed_with_another_key_is_401(api, shopper, login):
    forged = jwt.encode(
        claims(login(shopper)), "another-key-that-is-long-enough-for-hs256!", algorithm="HS256"
    )

    assert_error(api.get(USER_AUTH, **raw(forged)), 401)


def test_an_unsigned_token_is_401(api, shopper, login):
    unsigned = jwt.encode(claims(login(shopper)), key=None, algorithm="none")

    assert_error(api.get(USER_AUTH, **raw(unsigned)), 401)


def test_a_token_whose_user_id_was_edited_is_401(api, shopper, shop_admin, login):
    header, _, signature = login(shopper).split(".")
    edited = jwt.encode(
        {**claims(login(shopper)), "user_id": str(shop_admin.pk)}, "x" * 32, algorithm="HS256"
    ).split(".")[1]

    assert_error(api.get(ADMIN_AUTH, **raw(f"{header}.{edited}.{signature}")), 401)


def test_a_token_of_a_deleted_user_is_401(api, shopper, login):
    token = login(shopper)
    shopper.delete()

    assert_error(api.get(USER_AUTH, **raw(token)), 401)


def test_a_token_of_a_deactivated_user_is_401(api, shopper, login):
    token = login(shopper)
    shopper.is_active = False
    shopper.save()

    assert_error(api.get(USER_AUTH, **raw(token)), 401)


def test_a_token_dies_when_the_password_changes_anywhere(api, shopper, login):
    token = login(shopper)
    shopper.set_password("A-Brand-New-Pass-77")
    shopper.save()

    assert_error(api.get(USER_AUTH, **raw(token)), 401)


def test_a_token_made_with_the_signing_key_but_without_the_password_claim_is_401(api, shopper):
    token = AccessToken()
    token["user_id"] = str(shopper.pk)

    assert_error(api.get(USER_AUTH, **raw(str(token))), 401)


def test_the_token_lifetime_comes_from_the_jwt_days_setting():
    env = {**os.environ, "JWT_DAYS": "2", "DJANGO_SETTINGS_MODULE": "shop.settings"}
    script = (
        "import django; django.setup();"
        "from rest_framework_simplejwt.tokens import AccessToken;"
        "print(int(AccessToken.lifetime.total_seconds()))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(2 * 24 * 3600)


def test_admin_auth_says_ok_to_an_admin(api, shop_admin, login):
    response = api.get(ADMIN_AUTH, **raw(login(shop_admin)))

    assert response.status_code == 200
    assert response.json() == {"success": True, "ok": True}


def test_admin_auth_refuses_a_shopper_with_403(api, shopper, login):
    assert_error(api.get(ADMIN_AUTH, **raw(login(shopper))), 403, "Admin access only.")


def test_admin_auth_without_a_token_is_401(api):
    assert_error(api.get(ADMIN_AUTH), 401, "Please log in to continue.")


def test_admin_auth_reads_the_role_from_the_database_on_every_call(api, shop_admin, login):
    token = login(shop_admin)
    assert api.get(ADMIN_AUTH, **raw(token)).status_code == 200

    shop_admin.role = 0
    shop_admin.save()
    assert_error(api.get(ADMIN_AUTH, **raw(token)), 403)

    shop_admin.role = 1
    shop_admin.save()
    assert api.get(ADMIN_AUTH, **raw(token)).status_code == 200


def test_a_promoted_shopper_passes_admin_auth_with_the_same_token(api, login):
    user = UserFactory()
    token = login(user)
    user.role = 1
    user.save()

    assert api.get(ADMIN_AUTH, **raw(token)).status_code == 200


def test_the_token_is_signed_with_the_secret_key(shopper):
    token = str(AccessToken.for_user(shopper))

    decoded = jwt.decode(token, settings.SECRET_KEY, algorithms=["HS256"])
    assert decoded["user_id"] == str(shopper.pk)
