"""PUT /api/v1/auth/profile: blank or missing keeps the old value, the e-mail is ignored,
the role cannot be changed, a new password passes the validators and ends old tokens."""

import pytest

from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import LOGIN, PROFILE, USER_AUTH, assert_error, bearer, raw

pytestmark = pytest.mark.django_db


def snapshot(user) -> tuple:
    user.refresh_from_db()
    return (user.name, user.email, user.phone, user.address, user.role, user.password)


def test_profile_updates_name_phone_and_address(api, shopper, login):
    response = api.put(
        PROFILE,
        {"name": "Kavya Menon", "phone": "+91 90000 11111", "address": "4 Marine Drive, Kochi"},
        **raw(login(shopper)),
    )

    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert body["message"] == "Profile Updated Successfully"
    updated = body["updatedUser"]
    assert updated["_id"] == str(shopper.pk)
    assert (updated["name"], updated["phone"], updated["address"]) == (
        "Kavya Menon",
        "9000011111",
        "4 Marine Drive, Kochi",
    )
    assert updated["email"] == shopper.email
    assert updated["role"] == 0
    assert updated["updatedAt"].endswith("Z")
    assert "token" not in body
    shopper.refresh_from_db()
    assert (shopper.name, shopper.phone, shopper.address) == (
        "Kavya Menon",
        "9000011111",
        "4 Marine Drive, Kochi",
    )


def test_profile_accepts_what_the_original_client_sends(api, shopper, login):
    response = api.put(
        PROFILE,
        {
            "name": "Kavya Menon",
            "email": shopper.email,
            "password": "",
            "phone": shopper.phone,
            "address": shopper.address,
        },
        **bearer(login(shopper)),
    )

    assert response.status_code == 200
    assert response.json()["updatedUser"]["name"] == "Kavya Menon"
    assert UserFactory._meta.model.objects.get(pk=shopper.pk).check_password(PASSWORD)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"name": "", "phone": "", "address": "", "password": ""},
        {"name": "   ", "phone": "\t", "address": "\n\n", "password": "   "},
        {"name": None, "phone": None, "address": None, "password": None},
        {"name": "\u200b\u200b", "phone": "\ufeff"},
    ],
)
def test_profile_keeps_old_values_for_blank_or_missing_fields(api, shopper, login, data):
    token = login(shopper)
    before = snapshot(shopper)

    response = api.put(PROFILE, data, **raw(token))

    assert response.status_code == 200
    assert snapshot(shopper) == before
    assert api.get(USER_AUTH, **raw(token)).status_code == 200


@pytest.mark.parametrize("email", ["someone.else@example.com", "not-an-email", "", 42])
def test_profile_ignores_the_email(api, shopper, login, email):
    original = shopper.email

    response = api.put(PROFILE, {"email": email, "name": "Kavya Menon"}, **raw(login(shopper)))

    assert response.status_code == 200
    assert response.json()["updatedUser"]["email"] == original
    shopper.refresh_from_db()
    assert shopper.email == original
    assert shopper.name == "Kavya Menon"


def test_profile_ignores_an_email_that_belongs_to_another_user(api, shopper, login):
    other = UserFactory()

    response = api.put(PROFILE, {"email": other.email.upper()}, **raw(login(shopper)))

    assert response.status_code == 200
    shopper.refresh_from_db()
    assert shopper.email != other.email


def test_profile_refuses_a_shopper_who_tries_to_become_admin(api, shopper, login):
    before = snapshot(shopper)

    response = api.put(PROFILE, {"role": 1, "name": "Sneaky"}, **raw(login(shopper)))

    body = assert_error(response, 400, "Your role cannot be changed from your profile.")
    assert list(body["errors"]) == ["role"]
    assert snapshot(shopper) == before


def test_profile_refuses_an_admin_who_tries_to_drop_the_role(api, shop_admin, login):
    assert_error(api.put(PROFILE, {"role": 0}, **raw(login(shop_admin))), 400)
    shop_admin.refresh_from_db()
    assert shop_admin.role == 1


@pytest.mark.parametrize("role", ["admin", [1], {"role": 1}])
def test_profile_refuses_a_role_that_is_not_a_number(api, shopper, login, role):
    assert_error(api.put(PROFILE, {"role": role}, **raw(login(shopper))), 400)
    shopper.refresh_from_db()
    assert shopper.role == 0


def test_profile_accepts_the_current_role_sent_back(api, shopper, login):
    response = api.put(PROFILE, {"role": 0, "name": "Kavya Menon"}, **raw(login(shopper)))

    assert response.status_code == 200
    assert response.json()["updatedUser"]["role"] == 0


def test_profile_password_change_ends_old_tokens_and_answers_a_fresh_one(api, shopper, login):
    old_token = login(shopper)

    response = api.put(
        PROFILE, {"password": "Saffron-Kite-2027", "currentPassword": PASSWORD}, **raw(old_token)
    )

    assert response.status_code == 200
    new_token = response.json()["token"]
    assert_error(api.get(USER_AUTH, **raw(old_token)), 401)
    assert_error(api.put(PROFILE, {"name": "Hijacked"}, **raw(old_token)), 401)
    assert api.get(USER_AUTH, **raw(new_token)).status_code == 200
    assert (
        api.post(LOGIN, {"email": shopper.email, "password": "Saffron-Kite-2027"}).status_code
        == 200
    )
    assert api.post(LOGIN, {"email": shopper.email, "password": PASSWORD}).status_code == 401
    shopper.refresh_from_db()
    assert shopper.name != "Hijacked"


@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("short1!", "This password is too short."),
        ("iloveyou", "This password is too common."),
        ("12345678987", "This password is entirely numeric."),
    ],
)
def test_profile_refuses_a_weak_password_and_changes_nothing(
    api, shopper, login, password, expected
):
    token = login(shopper)
    before = snapshot(shopper)

    response = api.put(
        PROFILE,
        {"password": password, "currentPassword": PASSWORD, "name": "Kavya Menon"},
        **raw(token),
    )

    body = assert_error(response, 400)
    assert expected in body["message"]
    assert snapshot(shopper) == before
    assert api.get(USER_AUTH, **raw(token)).status_code == 200


def test_profile_refuses_a_password_like_the_users_own_name(api, login):
    user = UserFactory(name="Siddharth Venkataraman", email="sv@example.com")

    body = assert_error(
        api.put(
            PROFILE,
            {"password": "SiddharthVenkataraman", "currentPassword": PASSWORD},
            **raw(login(user)),
        ),
        400,
    )

    assert "too similar" in body["message"]


@pytest.mark.parametrize(
    ("field", "length", "message"),
    [
        ("name", 101, "Name must be at most 100 characters."),
        ("phone", 31, "Phone must be at most 30 characters."),
        ("address", 501, "Address must be at most 500 characters."),
        ("password", 129, "Password must be at most 128 characters."),
    ],
)
def test_profile_refuses_very_long_strings(api, shopper, login, field, length, message):
    before = snapshot(shopper)

    response = api.put(PROFILE, {field: "k" * length}, **raw(login(shopper)))

    assert_error(response, 400, message)
    assert snapshot(shopper) == before


def test_profile_keeps_devanagari_and_emoji(api, shopper, login):
    response = api.put(
        PROFILE, {"name": "कविता मेनन ✨", "address": "कोच्चि, केरल"}, **raw(login(shopper))
    )

    assert response.status_code == 200
    assert response.json()["updatedUser"]["name"] == "कविता मेनन ✨"
    shopper.refresh_from_db()
    assert shopper.address == "कोच्चि, केरल"


def test_profile_refuses_control_characters_in_the_name(api, shopper, login):
    before = snapshot(shopper)

    assert_error(api.put(PROFILE, {"name": "Kavya\x00"}, **raw(login(shopper))), 400)
    assert snapshot(shopper) == before


def test_profile_refuses_malformed_json(api, shopper, login):
    response = api.put(
        PROFILE, '{"name": "Kavya"', content_type="application/json", **raw(login(shopper))
    )

    assert_error(response, 400)


def test_profile_refuses_a_body_that_is_not_json(api, shopper, login):
    response = api.put(
        PROFILE,
        "name=Kavya",
        content_type="application/x-www-form-urlencoded",
        **raw(login(shopper)),
    )

    assert_error(response, 415)


def test_profile_without_a_token_is_401(api):
    assert_error(api.put(PROFILE, {"name": "Kavya"}), 401, "Please log in to continue.")


def test_profile_with_a_garbage_token_is_401(api, shopper):
    before = snapshot(shopper)

    assert_error(api.put(PROFILE, {"name": "Kavya"}, HTTP_AUTHORIZATION="Bearer junk"), 401)
    assert snapshot(shopper) == before


def test_profile_only_ever_changes_the_signed_in_user(api, shopper, login):
    other = UserFactory()
    before = snapshot(other)

    api.put(
        PROFILE,
        {"name": "Kavya Menon", "_id": str(other.pk), "id": other.pk},
        **raw(login(shopper)),
    )

    assert snapshot(other) == before


@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_profile_answers_405_to_other_methods(api, shopper, login, method):
    assert_error(getattr(api, method)(PROFILE, **raw(login(shopper))), 405)


def test_profile_refuses_a_phone_that_is_not_an_indian_mobile_and_changes_nothing(
    api, shopper, login
):
    before = snapshot(shopper)

    response = api.put(PROFILE, {"phone": "12345", "name": "Kavya"}, **raw(login(shopper)))

    body = assert_error(response, 400)
    assert "phone" in body["errors"]
    assert snapshot(shopper) == before


@pytest.mark.parametrize("current", [..., "", "Wrong-Pass-0000"])
def test_profile_password_change_needs_the_right_current_password(api, shopper, login, current):
    token = login(shopper)
    before = snapshot(shopper)
    data = {"password": "Saffron-Kite-2027", "name": "Kavya"}
    if current is not ...:
        data["currentPassword"] = current

    body = assert_error(api.put(PROFILE, data, **raw(token)), 400)

    assert "currentPassword" in body["errors"]
    assert snapshot(shopper) == before
    assert api.get(USER_AUTH, **raw(token)).status_code == 200


def test_profile_password_attempts_are_throttled_like_login(api, shopper, login, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login_email": "3/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    token = login(shopper)
    wrong = {"password": "Saffron-Kite-2027", "currentPassword": "Wrong-Pass-0000"}

    statuses = [api.put(PROFILE, wrong, **raw(token)).status_code for _ in range(3)]
    right = {"password": "Saffron-Kite-2027", "currentPassword": PASSWORD}
    throttled = api.put(PROFILE, right, **raw(token))

    assert statuses == [400, 400, 400]
    assert_error(throttled, 429)
    assert throttled["Retry-After"]
    # Updates without a new password are not counted.
    assert api.put(PROFILE, {"name": "Kavya"}, **raw(token)).status_code == 200
