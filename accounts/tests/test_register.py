"""POST /api/v1/auth/register: every field required, e-mail valid and unique regardless
of case, password through Django's validators, answer stored hashed."""

import datetime

import pytest

from accounts.models import User
from accounts.tests.factories import UserFactory
from accounts.tests.helpers import REGISTER, assert_error

pytestmark = pytest.mark.django_db


def payload(**changes):
    data = {
        "name": "Ananya Rao",
        "email": "ananya.rao@example.com",
        "password": "Shop-Pass-2026!",
        "phone": "+91 98450 12345",
        "address": "12 MG Road, Bengaluru 560001",
        "answer": "Cricket",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not ...}


def test_register_creates_a_shopper_and_answers_201_with_the_user(api):
    response = api.post(REGISTER, payload())

    assert response.status_code == 201
    body = response.json()
    assert body["success"] is True
    assert body["message"] == "Registered successfully. Please log in."
    user = User.objects.get()
    assert body["user"] == {
        "_id": str(user.pk),
        "name": "Ananya Rao",
        "email": "ananya.rao@example.com",
        "phone": "9845012345",
        "address": "12 MG Road, Bengaluru 560001",
        "role": 0,
        "createdAt": body["user"]["createdAt"],
        "updatedAt": body["user"]["updatedAt"],
    }
    assert body["user"]["createdAt"].endswith("Z")
    created = datetime.datetime.fromisoformat(body["user"]["createdAt"])
    assert created == user.created_at
    assert user.role == User.Role.SHOPPER
    assert not user.is_staff and not user.is_superuser


def test_register_stores_the_password_and_the_answer_hashed(api):
    api.post(REGISTER, payload())

    user = User.objects.get()
    assert "Shop-Pass-2026!" not in user.password
    assert user.check_password("Shop-Pass-2026!")
    assert "ricket" not in user.answer_hash
    assert user.check_answer("  CRICKET ")
    assert not user.check_answer("football")


def test_register_trims_text_and_lower_cases_the_email(api):
    response = api.post(
        REGISTER,
        payload(
            name="  Ananya Rao \t",
            email="  Ananya.Rao@Example.COM ",
            phone=" 98450 12345 ",
            address="\n 12 MG Road \n",
            answer=" Cricket ",
        ),
    )

    assert response.status_code == 201
    user = User.objects.get()
    assert (user.name, user.email, user.phone, user.address) == (
        "Ananya Rao",
        "ananya.rao@example.com",
        "9845012345",
        "12 MG Road",
    )
    assert response.json()["user"]["email"] == "ananya.rao@example.com"


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("name", "Name is required."),
        ("email", "Email is required."),
        ("password", "Password is required."),
        ("phone", "Phone is required."),
        ("address", "Address is required."),
        ("answer", "Answer is required."),
    ],
)
@pytest.mark.parametrize("value", [..., "", "   ", None, "\u200b\u200d\ufeff"])
def test_register_refuses_a_missing_or_blank_field(api, field, message, value):
    response = api.post(REGISTER, payload(**{field: value}))

    body = assert_error(response, 400, message)
    assert list(body["errors"]) == [field]
    assert not User.objects.exists()


def test_register_with_an_empty_body_names_the_first_missing_field(api):
    response = api.post(REGISTER, {})

    body = assert_error(response, 400, "Name is required.")
    assert set(body["errors"]) == {"name", "email", "password", "phone", "address", "answer"}


@pytest.mark.parametrize(
    "email",
    ["plainaddress", "ananya@", "@example.com", "ananya rao@example.com", "ananya@@example.com"],
)
def test_register_refuses_a_malformed_email(api, email):
    response = api.post(REGISTER, payload(email=email))

    assert_error(response, 400, "Enter a valid email address.")
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("Ab1!", "This password is too short. It must contain at least 8 characters."),
        ("password123", "This password is too common."),
        ("93847561029384", "This password is entirely numeric."),
        ("ananya.rao@example", "The password is too similar to the email address."),
    ],
)
def test_register_refuses_a_weak_password_with_the_validator_message(api, password, expected):
    response = api.post(REGISTER, payload(password=password))

    body = assert_error(response, 400)
    assert expected in body["message"]
    assert list(body["errors"]) == ["password"]
    assert not User.objects.exists()


def test_register_reports_every_rule_a_password_breaks_in_one_message(api):
    response = api.post(REGISTER, payload(password="123"))

    message = assert_error(response, 400)["message"]
    assert "too short" in message
    assert "too common" in message
    assert "entirely numeric" in message


def test_register_refuses_an_email_already_registered_in_another_case(api):
    UserFactory(email="ananya.rao@example.com")

    response = api.post(REGISTER, payload(email="Ananya.RAO@Example.com"))

    assert_error(response, 409, "Already registered, please login")
    assert User.objects.count() == 1


def test_register_refuses_malformed_json(api):
    response = api.post(REGISTER, '{"name": "Ananya", ', content_type="application/json")

    body = assert_error(response, 400)
    assert body["message"].startswith("JSON parse error")
    assert not User.objects.exists()


@pytest.mark.parametrize("body", ['["a list"]', '"a string"', "42", "null"])
def test_register_refuses_json_that_is_not_an_object(api, body):
    response = api.post(REGISTER, body, content_type="application/json")

    assert_error(response, 400)
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain", "name=Ananya"),
        ("application/x-www-form-urlencoded", "name=Ananya&email=a%40example.com"),
        ("application/xml", "<user/>"),
    ],
)
def test_register_refuses_a_body_that_is_not_json(api, content_type, body):
    response = api.post(REGISTER, body, content_type=content_type)

    body = assert_error(response, 415)
    assert "Unsupported media type" in body["message"]
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("field", "length", "message"),
    [
        ("name", 101, "Name must be at most 100 characters."),
        ("phone", 31, "Phone must be at most 30 characters."),
        ("address", 501, "Address must be at most 500 characters."),
        ("answer", 101, "Answer must be at most 100 characters."),
        ("password", 129, "Password must be at most 128 characters."),
    ],
)
def test_register_refuses_very_long_strings(api, field, length, message):
    response = api.post(REGISTER, payload(**{field: "Xy7!" * (length // 4) + "Q" * (length % 4)}))

    assert_error(response, 400, message)
    assert not User.objects.exists()


def test_register_refuses_a_very_long_email(api):
    response = api.post(REGISTER, payload(email="a" * 250 + "@example.com"))

    assert_error(response, 400)
    assert not User.objects.exists()


def test_register_refuses_a_megabyte_of_name(api):
    response = api.post(REGISTER, payload(name="अ" * 1_000_000))

    assert_error(response, 400, "Name must be at most 100 characters.")
    assert not User.objects.exists()


def test_register_accepts_fields_at_their_longest(api):
    response = api.post(
        REGISTER,
        payload(name="N" * 100, phone="+91 98450-12345", address="A" * 500, answer="c" * 100),
    )

    assert response.status_code == 201
    user = User.objects.get()
    assert (len(user.name), user.phone, len(user.address)) == (100, "9845012345", 500)


def test_register_keeps_devanagari_and_emoji_exactly(api):
    response = api.post(
        REGISTER,
        payload(name="अनन्या राव 🌸", address="१२, महात्मा गांधी मार्ग, बेंगलुरु", answer="क्रिकेट"),
    )

    assert response.status_code == 201
    assert response.json()["user"]["name"] == "अनन्या राव 🌸"
    user = User.objects.get()
    assert user.name == "अनन्या राव 🌸"
    assert user.address == "१२, महात्मा गांधी मार्ग, बेंगलुरु"
    assert user.check_answer(" क्रिकेट ")


def test_register_strips_zero_width_characters_at_the_ends_but_keeps_emoji_joiners(api):
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    response = api.post(REGISTER, payload(name=f"\u200b\ufeffAnanya {family}\u200d\u200b"))

    assert response.status_code == 201
    assert User.objects.get().name == f"Ananya {family}"


@pytest.mark.parametrize("name", ["Ana\x00nya", "Ana\x07nya", "Ananya\nRao"])
def test_register_refuses_control_characters_in_a_one_line_field(api, name):
    response = api.post(REGISTER, payload(name=name))

    assert_error(response, 400)
    assert not User.objects.exists()


def test_register_keeps_line_breaks_in_the_address(api):
    response = api.post(REGISTER, payload(address="12 MG Road\nBengaluru"))

    assert response.status_code == 201
    assert User.objects.get().address == "12 MG Road\nBengaluru"


@pytest.mark.parametrize("value", [{"first": "Ananya"}, ["Ananya"], True])
def test_register_refuses_a_name_that_is_not_text(api, value):
    response = api.post(REGISTER, payload(name=value))

    assert_error(response, 400, "Name must be text.")
    assert not User.objects.exists()


def test_register_accepts_a_phone_sent_as_a_number(api):
    response = api.post(REGISTER, payload(phone=9845012345))

    assert response.status_code == 201
    assert User.objects.get().phone == "9845012345"


def test_register_ignores_a_role_in_the_request(api):
    response = api.post(REGISTER, payload(role=1))

    assert response.status_code == 201
    assert response.json()["user"]["role"] == 0
    assert User.objects.get().role == 0


def test_register_is_not_blocked_by_a_stale_token_in_the_header(api):
    response = api.post(REGISTER, payload(), HTTP_AUTHORIZATION="stale.garbage.token")

    assert response.status_code == 201


def test_register_path_has_no_trailing_slash_and_is_never_redirected(api):
    response = api.post(REGISTER + "/", payload())

    assert response.status_code == 404
    assert response.json()["success"] is False
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "typed",
    ["9845012345", "+91 98450 12345", "+91-98450-12345", "098450 12345", " 6845-012-345 "],
)
def test_register_stores_an_indian_mobile_as_its_ten_digits(api, typed):
    response = api.post(REGISTER, payload(phone=typed))

    assert response.status_code == 201, response.json()
    assert response.json()["user"]["phone"][-9:] == User.objects.get().phone[-9:]
    assert len(User.objects.get().phone) == 10
    assert User.objects.get().phone.isdigit()


@pytest.mark.parametrize(
    "typed",
    ["12345", "984501234", "98450123456", "5845012345", "+92 98450 12345", "98450 1234x", "+91"],
)
def test_register_refuses_a_phone_that_is_not_an_indian_mobile(api, typed):
    response = api.post(REGISTER, payload(phone=typed))

    body = assert_error(response, 400)
    assert body["errors"]["phone"] == [
        "Phone must be a 10-digit Indian mobile number, optionally after +91 or 0."
    ]
    assert not User.objects.exists()
