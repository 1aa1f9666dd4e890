"""POST /api/v1/auth/forgot-password: the e-mail and the security answer (trimmed, any
case) buy a new password that passes the validators; earlier tokens die."""

import pytest

from accounts.models import User
from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.helpers import FORGOT, LOGIN, PROFILE, USER_AUTH, assert_error, raw

pytestmark = pytest.mark.django_db

NEW = "Monsoon-Garden-42"


def reset(api, user, **changes):
    data = {"email": user.email, "answer": "cricket", "newPassword": NEW}
    data.update(changes)
    return api.post(FORGOT, {key: value for key, value in data.items() if value is not ...})


def password_unchanged(user) -> bool:
    user.refresh_from_db()
    return user.check_password(PASSWORD) and not user.check_password(NEW)


def test_forgot_password_sets_the_new_password(api, shopper):
    response = reset(api, shopper)

    assert response.status_code == 200
    assert response.json() == {
        "success": True,
        "message": "Your password has been reset. Please log in.",
    }
    assert api.post(LOGIN, {"email": shopper.email, "password": NEW}).status_code == 200
    assert api.post(LOGIN, {"email": shopper.email, "password": PASSWORD}).status_code == 401


@pytest.mark.parametrize("answer", ["cricket", "Cricket", "  CRICKET  ", "\tcRiCkEt\n"])
def test_forgot_password_compares_the_answer_trimmed_and_case_insensitively(api, shopper, answer):
    assert reset(api, shopper, answer=answer).status_code == 200


def test_forgot_password_matches_the_email_in_any_case(api):
    user = UserFactory(email="meera.iyer@example.com")

    assert reset(api, user, email=" Meera.IYER@example.com ").status_code == 200


def test_forgot_password_kills_tokens_issued_before_the_reset(api, shopper, login):
    token = login(shopper)
    assert api.get(USER_AUTH, **raw(token)).status_code == 200

    assert reset(api, shopper).status_code == 200

    assert_error(api.get(USER_AUTH, **raw(token)), 401)
    assert_error(api.put(PROFILE, {"name": "Hijacked"}, **raw(token)), 401)
    shopper.refresh_from_db()
    assert shopper.name != "Hijacked"
    assert api.get(USER_AUTH, **raw(login(shopper, NEW))).status_code == 200


def test_forgot_password_with_a_wrong_answer_says_wrong_email_or_answer(api, shopper):
    assert_error(reset(api, shopper, answer="football"), 400, "Wrong email or answer")
    assert password_unchanged(shopper)


def test_forgot_password_with_an_unknown_email_says_the_same(api, shopper):
    response = api.post(
        FORGOT, {"email": "nobody@example.com", "answer": "cricket", "newPassword": NEW}
    )

    assert_error(response, 400, "Wrong email or answer")


def test_forgot_password_for_a_deactivated_user_says_the_same(api):
    user = UserFactory(is_active=False)

    assert_error(reset(api, user), 400, "Wrong email or answer")
    assert password_unchanged(user)


def test_forgot_password_for_a_user_without_an_answer_says_the_same(api):
    user = User.objects.create_user("no.answer@example.com", PASSWORD, name="No Answer")

    response = api.post(FORGOT, {"email": user.email, "answer": "", "newPassword": NEW})
    assert_error(response, 400, "Answer is required.")
    response = api.post(FORGOT, {"email": user.email, "answer": "anything", "newPassword": NEW})
    assert_error(response, 400, "Wrong email or answer")


@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("Ab1!", "This password is too short."),
        ("qwerty123", "This password is too common."),
        ("20261122991", "This password is entirely numeric."),
    ],
)
def test_forgot_password_refuses_a_weak_new_password_with_the_validator_message(
    api, shopper, password, expected
):
    body = assert_error(reset(api, shopper, newPassword=password), 400)

    assert expected in body["message"]
    assert list(body["errors"]) == ["newPassword"]
    assert password_unchanged(shopper)


def test_forgot_password_refuses_a_new_password_like_the_email(api):
    user = UserFactory(email="harpreet.gill@example.com")

    body = assert_error(reset(api, user, newPassword="harpreet.gill"), 400)
    assert "too similar to the email address" in body["message"]


def test_forgot_password_does_not_say_whether_the_password_is_weak_to_a_wrong_answer(api, shopper):
    assert_error(
        reset(api, shopper, answer="football", newPassword="123"), 400, "Wrong email or answer"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("email", ..., "Email is required."),
        ("email", "   ", "Email is required."),
        ("email", "not-an-email", "Enter a valid email address."),
        ("answer", ..., "Answer is required."),
        ("answer", " \u200b ", "Answer is required."),
        ("answer", "c" * 101, "Answer must be at most 100 characters."),
        ("newPassword", ..., "New password is required."),
        ("newPassword", "", "New password is required."),
        ("newPassword", "x" * 129, "New password must be at most 128 characters."),
    ],
)
def test_forgot_password_refuses_missing_blank_or_malformed_fields(
    api, shopper, field, value, message
):
    body = assert_error(reset(api, shopper, **{field: value}), 400)

    assert message in body["message"]
    assert list(body["errors"]) == [field]
    assert password_unchanged(shopper)


def test_forgot_password_refuses_malformed_json(api, shopper):
    response = api.post(FORGOT, '{"email": ', content_type="application/json")

    assert_error(response, 400)
    assert password_unchanged(shopper)


def test_forgot_password_refuses_a_body_that_is_not_json(api, shopper):
    response = api.post(
        FORGOT,
        f"email={shopper.email}&answer=cricket&newPassword={NEW}",
        content_type="application/x-www-form-urlencoded",
    )

    assert_error(response, 415)
    assert password_unchanged(shopper)


def test_forgot_password_accepts_a_devanagari_answer(api):
    user = UserFactory(answer="कबड्डी")

    assert reset(api, user, answer=" कबड्डी ").status_code == 200
