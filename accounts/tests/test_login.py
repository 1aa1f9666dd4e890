"""POST /api/v1/auth/login: user and token on success, one message for every failure."""

import pytest
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import LOGIN, USER_AUTH, assert_error, raw

pytestmark = pytest.mark.django_db


def test_login_answers_the_user_and_a_token(api, shopper):
    response = api.post(LOGIN, {"email": shopper.email, "password": PASSWORD})

    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert body["message"] == "Logged in successfully."
    user = body["user"]
    assert {"_id", "name", "email", "phone", "address", "role"} <= set(user)
    assert user["_id"] == str(shopper.pk)
    assert (user["name"], user["email"], user["phone"], user["address"], user["role"]) == (
        shopper.name,
        shopper.email,
        shopper.phone,
        shopper.address,
        0,
    )
    assert AccessToken(body["token"])["user_id"] == str(shopper.pk)


def test_login_token_lives_seven_days_by_default(api, shopper):
    token = AccessToken(
        api.post(LOGIN, {"email": shopper.email, "password": PASSWORD}).json()["token"]
    )

    assert token["exp"] - token["iat"] == 7 * 24 * 3600


def test_login_answers_role_1_for_an_admin(api, shop_admin):
    response = api.post(LOGIN, {"email": shop_admin.email, "password": PASSWORD})

    assert response.json()["user"]["role"] == 1


def test_login_ignores_the_case_and_spaces_around_the_email(api):
    UserFactory(email="ravi.kumar@example.com")

    response = api.post(LOGIN, {"email": "  Ravi.KUMAR@Example.com ", "password": PASSWORD})

    assert response.status_code == 200


def test_login_token_opens_the_signed_in_check(api, shopper):
    token = api.post(LOGIN, {"email": shopper.email, "password": PASSWORD}).json()["token"]

    assert api.get(USER_AUTH, **raw(token)).json() == {"success": True, "ok": True}


def test_login_with_a_wrong_password_says_invalid_email_or_password(api, shopper):
    response = api.post(LOGIN, {"email": shopper.email, "password": "Wrong-Pass-2026!"})

    body = assert_error(response, 401, "Invalid email or password")
    assert "token" not in body


def test_login_with_an_unknown_email_says_the_same(api, shopper):
    response = api.post(LOGIN, {"email": "nobody@example.com", "password": PASSWORD})

    assert_error(response, 401, "Invalid email or password")


def test_login_of_a_deactivated_user_says_the_same(api):
    user = UserFactory(is_active=False)

    response = api.post(LOGIN, {"email": user.email, "password": PASSWORD})

    assert_error(response, 401, "Invalid email or password")


def test_login_password_is_case_and_space_sensitive(api, shopper):
    assert (
        api.post(LOGIN, {"email": shopper.email, "password": PASSWORD.upper()}).status_code == 401
    )
    assert api.post(LOGIN, {"email": shopper.email, "password": f" {PASSWORD}"}).status_code == 401


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"password": PASSWORD}, "Email is required."),
        ({"email": "", "password": PASSWORD}, "Email is required."),
        ({"email": "  ", "password": PASSWORD}, "Email is required."),
        ({"email": "ravi@example.com"}, "Password is required."),
        ({"email": "ravi@example.com", "password": ""}, "Password is required."),
        ({"email": "ravi@example.com", "password": None}, "Password is required."),
        ({"email": "not-an-email", "password": PASSWORD}, "Enter a valid email address."),
        ({"email": ["ravi@example.com"], "password": PASSWORD}, "Enter a valid email address."),
        (
            {"email": "ravi@example.com", "password": "x" * 129},
            "Password must be at most 128 characters.",
        ),
    ],
)
def test_login_refuses_missing_blank_or_malformed_fields(api, shopper, data, message):
    response = api.post(LOGIN, data)

    body = assert_error(response, 400, message)
    assert "token" not in body


def test_login_refuses_malformed_json(api):
    response = api.post(LOGIN, "{'email': 1}", content_type="application/json")

    assert_error(response, 400)


def test_login_refuses_a_form_encoded_body(api, shopper):
    response = api.post(
        LOGIN,
        f"email={shopper.email}&password={PASSWORD}",
        content_type="application/x-www-form-urlencoded",
    )

    assert_error(response, 415)


def test_login_is_not_blocked_by_a_stale_token_in_the_header(api, shopper):
    response = api.post(
        LOGIN,
        {"email": shopper.email, "password": PASSWORD},
        HTTP_AUTHORIZATION="Bearer expired.old.token",
    )

    assert response.status_code == 200


def test_login_with_get_is_method_not_allowed(api):
    assert_error(api.get(LOGIN), 405)
