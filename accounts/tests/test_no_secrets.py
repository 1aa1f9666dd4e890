"""No response ever carries a password hash, the security answer or its hash."""

import base64
import json

import pytest

from accounts.models import User
from accounts.tests.factories import PASSWORD, AdminFactory
from accounts.tests.helpers import (
    ADMIN_AUTH,
    FORGOT,
    LOGIN,
    PROFILE,
    REGISTER,
    USER_AUTH,
    USERS,
    raw,
)

pytestmark = pytest.mark.django_db

USER_KEYS = {"_id", "name", "email", "phone", "address", "role", "createdAt", "updatedAt"}


def users_in(body):
    """Every user object in a body (register, login, profile, users list)."""
    if isinstance(body, dict):
        for key, value in body.items():
            if key in ("user", "updatedUser") and isinstance(value, dict):
                yield value
            if key == "users":
                yield from value


def test_no_response_of_a_whole_journey_carries_a_hash_or_the_answer(api):
    admin = AdminFactory(answer="hockey")
    admin_token = api.post(LOGIN, {"email": admin.email, "password": PASSWORD}).json()["token"]
    secret_answer = "Kabaddi Forever"
    responses = [
        api.post(
            REGISTER,
            {
                "name": "Rohan Das",
                "email": "rohan.das@example.com",
                "password": "Teal-Harbour-2026",
                "phone": "9000000001",
                "address": "Kolkata",
                "answer": secret_answer,
            },
        ),
        api.post(
            REGISTER, {"name": "Rohan Das", "email": "ROHAN.DAS@example.com", "password": "x"}
        ),
        api.post(LOGIN, {"email": "rohan.das@example.com", "password": "wrong-password-1"}),
        login := api.post(
            LOGIN, {"email": "rohan.das@example.com", "password": "Teal-Harbour-2026"}
        ),
    ]
    token = login.json()["token"]
    responses += [
        api.get(USER_AUTH, **raw(token)),
        api.get(ADMIN_AUTH, **raw(token)),
        api.put(
            PROFILE,
            {"name": "Rohan D", "password": "123", "currentPassword": "Teal-Harbour-2026"},
            **raw(token),
        ),
        api.put(PROFILE, {"name": "Rohan D", "role": 1}, **raw(token)),
        profile := api.put(
            PROFILE,
            {
                "name": "Rohan D",
                "password": "Amber-Delta-2027",
                "currentPassword": "Teal-Harbour-2026",
            },
            **raw(token),
        ),
        api.post(
            FORGOT,
            {"email": "rohan.das@example.com", "answer": "wrong", "newPassword": "Quiet-Fern-2028"},
        ),
        api.post(
            FORGOT,
            {
                "email": "rohan.das@example.com",
                "answer": secret_answer,
                "newPassword": "Quiet-Fern-2028",
            },
        ),
        api.get(USERS, **raw(admin_token)),
        api.get(USERS, **raw(token)),
    ]
    assert profile.status_code == 200

    secrets = []
    for user in User.objects.all():
        secrets += [
            user.password,
            user.answer_hash,
            user.password.split("$")[-1],
            user.answer_hash.split("$")[-1],
        ]
    secrets += [secret_answer, secret_answer.lower(), "hockey", "cricket"]
    for response in responses:
        text = response.content.decode()
        for secret in secrets:
            assert secret not in text, (response.request["PATH_INFO"], secret)
        for user in users_in(response.json()):
            assert set(user) <= USER_KEYS


def test_the_token_carries_neither_the_password_hash_nor_the_answer(api, shopper):
    token = api.post(LOGIN, {"email": shopper.email, "password": PASSWORD}).json()["token"]

    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    text = json.dumps(claims)
    assert shopper.password not in text
    assert shopper.password.split("$")[-1] not in text
    assert shopper.answer_hash not in text and "cricket" not in text
    assert set(claims) <= {"token_type", "exp", "iat", "jti", "user_id", "hash_password"}
