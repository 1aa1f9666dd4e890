"""GET/POST /api/v1/auth/addresses, PUT/DELETE /api/v1/auth/addresses/{id}: the contract's
address objects, every input rule a 400 that saves nothing, one default a user that the
profile's free-text address follows, and nobody else's addresses."""

import pytest
from rest_framework.exceptions import ValidationError

from accounts.addresses import address_for_checkout
from accounts.models import Address
from accounts.tests.factories import UserFactory
from accounts.tests.helpers import PROFILE, assert_error, bearer, raw

pytestmark = pytest.mark.django_db

ADDRESSES = "/api/v1/auth/addresses"

HOME = {
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "12 MG Road",
    "line2": "Near the metro",
    "city": "Bengaluru",
    "state": "Karnataka",
    "pincode": "560001",
}
OFFICE = {
    "name": "Asha Rao",
    "phone": "+91 91234 56789",
    "line1": "4th floor, Tower B, Cyber City",
    "city": "New Delhi",
    "state": "Delhi",
    "pincode": "110001",
}
PARENTS = {
    "name": "K. Rao",
    "phone": "09000011111",
    "line1": "7 Beach Road",
    "city": "Chennai",
    "state": "Tamil Nadu",
    "pincode": "600001",
}


@pytest.fixture
def token(shopper, login):
    return login(shopper)


@pytest.fixture
def add(api, token):
    def _add(data, expect=201):
        response = api.post(ADDRESSES, data, **raw(token))
        assert response.status_code == expect, response.json()
        return response.json()

    return _add


def address_url(pk) -> str:
    return f"{ADDRESSES}/{pk}"


def defaults(user) -> list[str]:
    """The ids of the user's default addresses, as the API writes ids."""
    pks = Address.objects.filter(user=user, is_default=True).values_list("pk", flat=True)
    return [str(pk) for pk in pks]


def profile_text(user) -> str:
    user.refresh_from_db()
    return user.address


# --- create and list ---------------------------------------------------------------------


def test_the_first_address_is_created_as_the_default_in_the_contracts_shape(api, shopper, token):
    response = api.post(ADDRESSES, HOME, **bearer(token))

    assert response.status_code == 201
    body = response.json()
    assert body["success"] is True
    address = body["address"]
    saved = Address.objects.get(user=shopper)
    assert address == {
        "_id": str(saved.pk),
        "name": "Asha Rao",
        "phone": "9876543210",
        "line1": "12 MG Road",
        "line2": "Near the metro",
        "city": "Bengaluru",
        "state": "Karnataka",
        "stateCode": "29",
        "pincode": "560001",
        "isDefault": True,
        # A home address: no GSTIN (accounts/tests/test_business_addresses.py).
        "gstin": None,
        "businessName": None,
    }
    assert profile_text(shopper) == (
        "Asha Rao, 12 MG Road, Near the metro, Bengaluru, Karnataka 560001. Phone 9876543210"
    )


def test_the_list_is_bare_with_the_default_first(api, shopper, token, add):
    first = add(HOME)["address"]
    second = add(OFFICE)["address"]
    third = add({**PARENTS, "isDefault": True})["address"]

    response = api.get(ADDRESSES, **raw(token))

    assert response.status_code == 200
    listed = response.json()
    assert isinstance(listed, list)
    assert [a["_id"] for a in listed] == [third["_id"], first["_id"], second["_id"]]
    assert [a["isDefault"] for a in listed] == [True, False, False]
    assert listed[1]["stateCode"] == "29" and listed[2]["stateCode"] == "07"


@pytest.mark.parametrize("count", [1, 20])
def test_the_list_costs_two_queries_for_any_number_of_addresses(
    api, shopper, token, add, django_assert_num_queries, count
):
    for n in range(count):
        add({**HOME, "line1": f"{n} MG Road"})

    # The token's user, the addresses.
    with django_assert_num_queries(2):
        response = api.get(ADDRESSES, **raw(token))
    assert len(response.json()) == count


def test_a_user_without_addresses_gets_an_empty_list(api, token):
    response = api.get(ADDRESSES, **raw(token))

    assert response.status_code == 200
    assert response.json() == []


def test_another_users_addresses_are_not_listed(api, token, add):
    other = UserFactory()
    Address.objects.create(user=other, is_default=True, **HOME)

    assert api.get(ADDRESSES, **raw(token)).json() == []


@pytest.mark.parametrize(
    "call",
    [
        lambda api: api.get(ADDRESSES),
        lambda api: api.post(ADDRESSES, HOME),
        lambda api: api.put(address_url(1), HOME),
        lambda api: api.delete(address_url(1)),
    ],
)
def test_every_address_call_needs_a_signed_in_user(api, call):
    assert_error(call(api), 401)
    assert Address.objects.count() == 0


# --- what is accepted, and how it is stored ------------------------------------------------


def test_state_in_any_case_and_spacing_is_stored_under_its_official_name(shopper, add):
    address = add({**PARENTS, "state": "  tamil   NADU "})["address"]

    assert address["state"] == "Tamil Nadu"
    assert address["stateCode"] == "33"
    assert Address.objects.get(user=shopper).state == "Tamil Nadu"


def test_a_state_code_or_id_sent_is_ignored(shopper, add):
    address = add({**HOME, "stateCode": "07", "_id": "999"})["address"]

    assert address["stateCode"] == "29"
    assert address["_id"] != "999"
    assert Address.objects.get(user=shopper).state == "Karnataka"


@pytest.mark.parametrize(
    ("phone", "stored"),
    [
        ("9876543210", "9876543210"),
        ("+91 98765 43210", "9876543210"),
        ("+919876543210", "9876543210"),
        ("098765-43210", "9876543210"),
        (" 6000 000 000 ", "6000000000"),
    ],
)
def test_an_indian_mobile_is_stored_as_its_ten_digits(add, phone, stored):
    assert add({**HOME, "phone": phone})["address"]["phone"] == stored


@pytest.mark.parametrize("pincode", [560001, "560 001", " 560001 "])
def test_a_pin_code_as_a_number_or_with_spaces_is_taken(add, pincode):
    assert add({**HOME, "pincode": pincode})["address"]["pincode"] == "560001"


def test_line2_may_be_missing_blank_or_null(add):
    assert add({k: v for k, v in HOME.items() if k != "line2"})["address"]["line2"] == ""
    assert add({**HOME, "line2": ""})["address"]["line2"] == ""
    assert add({**HOME, "line2": None})["address"]["line2"] == ""


def test_a_border_pin_code_is_taken_in_either_of_its_states(add):
    vapi = {**HOME, "city": "Vapi", "pincode": "396193"}

    assert add({**vapi, "state": "Gujarat"})["address"]["stateCode"] == "24"
    dnh = add({**vapi, "state": "Dadra and Nagar Haveli and Daman and Diu"})["address"]
    assert dnh["stateCode"] == "26"


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "'; DROP TABLE accounts_address; --",
        "{{ 7*7 }} ${7*7}",
        "फ्लैट 3, गली नं. 5 😀",
        "Ωmega Ṭower, ﬁrst floor",
    ],
)
def test_odd_unicode_and_injection_strings_are_stored_as_plain_text(api, shopper, token, text):
    response = api.post(ADDRESSES, {**HOME, "line1": text, "name": text}, **raw(token))

    assert response.status_code == 201
    saved = Address.objects.get(user=shopper)
    assert saved.line1 == saved.name
    assert response.json()["address"]["line1"] == saved.line1
    assert Address.objects.count() == 1  # the table is still there
    listed = api.get(ADDRESSES, **raw(token)).json()
    assert listed[0]["line1"] == saved.line1


# --- what is refused -------------------------------------------------------------------------


def bad_inputs():
    long = "x" * 201
    cases = []
    for field in ("name", "phone", "line1", "city", "state", "pincode"):
        cases.append(({k: v for k, v in HOME.items() if k != field}, field, "required"))
        cases.append(({**HOME, field: ""}, field, "required"))
        cases.append(({**HOME, field: "   \u200b "}, field, "required"))
        cases.append(({**HOME, field: None}, field, "required"))
    cases += [
        ({**HOME, "name": "x" * 101}, "name", "at most 100"),
        ({**HOME, "line1": long}, "line1", "at most 200"),
        ({**HOME, "line2": long}, "line2", "at most 200"),
        ({**HOME, "city": "x" * 101}, "city", "at most 100"),
        ({**HOME, "name": "Asha\x00Rao"}, "name", "not allowed"),
        ({**HOME, "line1": "12\nMG Road"}, "line1", "not allowed"),
        ({**HOME, "city": ["Bengaluru"]}, "city", "must be text"),
        ({**HOME, "state": "Atlantis"}, "state", "states or union territories"),
        ({**HOME, "state": "KA"}, "state", "states or union territories"),
        ({**HOME, "state": "x" * 61}, "state", "at most 60"),
        ({**HOME, "pincode": "56000"}, "pincode", "six digits"),
        ({**HOME, "pincode": "5600011"}, "pincode", "six digits"),
        ({**HOME, "pincode": "56OO01"}, "pincode", "six digits"),
        # Full-width digits are digits to Python, not to a PIN code.
        ({**HOME, "pincode": "\uff15\uff16\uff10\uff10\uff10\uff11"}, "pincode", "six digits"),
        ({**HOME, "pincode": 5600.01}, "pincode", "six digits"),
        ({**HOME, "pincode": True}, "pincode", None),
        ({**HOME, "pincode": "999999"}, "pincode", "not in India Post's directory"),
        ({**HOME, "pincode": "000000"}, "pincode", "not in India Post's directory"),
        ({**HOME, "phone": "12345"}, "phone", "10-digit Indian mobile"),
        ({**HOME, "phone": "5876543210"}, "phone", "10-digit Indian mobile"),
        ({**HOME, "phone": "+1 987 654 3210"}, "phone", "10-digit Indian mobile"),
        ({**HOME, "phone": "98765432101"}, "phone", "10-digit Indian mobile"),
        ({**HOME, "isDefault": "maybe"}, "isDefault", "true or false"),
        ({**HOME, "isDefault": None}, "isDefault", "true or false"),
    ]
    return cases


@pytest.mark.parametrize(("data", "field", "says"), bad_inputs())
def test_bad_input_is_a_field_error_and_saves_nothing(api, shopper, token, data, field, says):
    before = profile_text(shopper)

    body = assert_error(api.post(ADDRESSES, data, **raw(token)), 400)

    assert field in body["errors"], body
    if says:
        assert says in " ".join(body["errors"][field]), body
    assert Address.objects.count() == 0
    assert profile_text(shopper) == before


def test_a_pin_code_in_another_state_is_refused_naming_both(api, shopper, token):
    body = assert_error(api.post(ADDRESSES, {**HOME, "pincode": "110001"}, **raw(token)), 400)

    assert body["errors"] == {"pincode": ["PIN code 110001 is in Delhi, not Karnataka."]}
    assert "PIN code 110001 is in Delhi, not Karnataka." in body["message"]
    assert Address.objects.count() == 0


def test_a_state_the_directory_lists_by_mistake_is_refused(api, token):
    # 110025 is in Delhi; the source also lists a district of Uttar Pradesh for it.
    data = {**HOME, "city": "Delhi", "state": "Uttar Pradesh", "pincode": "110025"}

    body = assert_error(api.post(ADDRESSES, data, **raw(token)), 400)

    assert body["errors"]["pincode"] == ["PIN code 110025 is in Delhi, not Uttar Pradesh."]


def test_every_field_problem_is_reported_at_once(api, token):
    data = {"name": "", "phone": "123", "line1": "", "city": "", "state": "Nowhere"}

    body = assert_error(api.post(ADDRESSES, data, **raw(token)), 400)

    assert set(body["errors"]) == {"name", "phone", "line1", "city", "state", "pincode"}


def test_an_address_too_long_for_the_profile_text_is_refused(api, shopper, token):
    data = {**HOME, "name": "n" * 100, "line1": "a" * 200, "line2": "b" * 200, "city": "c" * 100}

    body = assert_error(api.post(ADDRESSES, data, **raw(token)), 400)

    assert "500 characters" in body["message"]
    assert Address.objects.count() == 0


def test_a_body_that_is_not_an_object_is_refused(api, token):
    assert_error(api.post(ADDRESSES, ["not", "an", "object"], **raw(token)), 400)
    assert Address.objects.count() == 0


def test_at_most_twenty_addresses_a_user(api, shopper, token, add):
    for n in range(Address.MAX_PER_USER):
        add({**HOME, "line1": f"{n} MG Road"})

    body = assert_error(api.post(ADDRESSES, {**HOME, "line1": "21 MG Road"}, **raw(token)), 400)

    assert "at most 20 addresses" in body["message"]
    assert Address.objects.filter(user=shopper).count() == 20
    # ... and one deleted makes room again.
    pk = Address.objects.filter(user=shopper).last().pk
    assert api.delete(address_url(pk), **raw(token)).status_code == 200
    add({**HOME, "line1": "21 MG Road"})


# --- the default, and the profile's free-text address -------------------------------------


def test_is_default_on_create_moves_the_default_and_the_profile_text(shopper, add):
    first = add(HOME)["address"]
    second = add({**OFFICE, "isDefault": True})["address"]

    assert second["isDefault"] is True
    assert defaults(shopper) == [second["_id"]]
    assert not Address.objects.get(pk=first["_id"]).is_default
    assert profile_text(shopper) == Address.objects.get(pk=second["_id"]).text


def test_a_later_address_without_is_default_leaves_the_default_alone(shopper, add):
    first = add(HOME)["address"]
    second = add({**OFFICE, "isDefault": False})["address"]

    assert second["isDefault"] is False
    assert defaults(shopper) == [first["_id"]]
    assert profile_text(shopper) == Address.objects.get(pk=first["_id"]).text


def test_put_replaces_the_fields_and_keeps_the_profile_text_of_the_default(
    api, shopper, token, add
):
    home = add(HOME)["address"]

    response = api.put(
        address_url(home["_id"]),
        {**PARENTS, "state": "TAMIL NADU", "stateCode": "29"},
        **raw(token),
    )

    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert body["address"] == {
        "_id": home["_id"],
        "name": "K. Rao",
        "phone": "9000011111",
        "line1": "7 Beach Road",
        "line2": "",
        "city": "Chennai",
        "state": "Tamil Nadu",
        "stateCode": "33",
        "pincode": "600001",
        "isDefault": True,
        "gstin": None,
        "businessName": None,
    }
    assert profile_text(shopper) == (
        "K. Rao, 7 Beach Road, Chennai, Tamil Nadu 600001. Phone 9000011111"
    )


def test_editing_an_address_that_is_not_the_default_leaves_the_profile_text(
    api, shopper, token, add
):
    add(HOME)
    office = add(OFFICE)["address"]
    before = profile_text(shopper)

    response = api.put(address_url(office["_id"]), {**OFFICE, "line1": "Gate 2"}, **raw(token))

    assert response.status_code == 200
    assert response.json()["address"]["line1"] == "Gate 2"
    assert response.json()["address"]["isDefault"] is False
    assert profile_text(shopper) == before


def test_is_default_on_put_moves_the_default(api, shopper, token, add):
    add(HOME)
    office = add(OFFICE)["address"]

    response = api.put(address_url(office["_id"]), {**OFFICE, "isDefault": True}, **raw(token))

    assert response.json()["address"]["isDefault"] is True
    assert defaults(shopper) == [office["_id"]]
    assert profile_text(shopper) == Address.objects.get(pk=office["_id"]).text


def test_is_default_false_on_the_default_keeps_it_the_default(api, shopper, token, add):
    home = add(HOME)["address"]
    add(OFFICE)

    response = api.put(address_url(home["_id"]), {**HOME, "isDefault": False}, **raw(token))

    assert response.json()["address"]["isDefault"] is True
    assert defaults(shopper) == [home["_id"]]


def test_a_bad_put_changes_nothing(api, shopper, token, add):
    home = add(HOME)["address"]
    before = (Address.objects.get(pk=home["_id"]).text, profile_text(shopper))

    body = assert_error(
        api.put(address_url(home["_id"]), {**HOME, "pincode": "600001"}, **raw(token)), 400
    )

    assert body["errors"]["pincode"] == ["PIN code 600001 is in Tamil Nadu, not Karnataka."]
    assert (Address.objects.get(pk=home["_id"]).text, profile_text(shopper)) == before


def test_deleting_the_default_makes_the_oldest_left_the_default(api, shopper, token, add):
    home = add(HOME)["address"]
    office = add(OFFICE)["address"]
    parents = add({**PARENTS, "isDefault": True})["address"]

    response = api.delete(address_url(parents["_id"]), **raw(token))

    assert response.status_code == 200
    assert response.json()["success"] is True
    assert defaults(shopper) == [home["_id"]]
    assert profile_text(shopper) == Address.objects.get(pk=home["_id"]).text
    # Deleting one that is not the default leaves the default where it is.
    api.delete(address_url(office["_id"]), **raw(token))
    assert defaults(shopper) == [home["_id"]]


def test_deleting_the_last_address_leaves_the_profile_text(api, shopper, token, add):
    home = add(HOME)["address"]
    before = profile_text(shopper)

    assert api.delete(address_url(home["_id"]), **raw(token)).status_code == 200

    assert Address.objects.filter(user=shopper).count() == 0
    assert profile_text(shopper) == before
    # The next address is the default again.
    assert add(OFFICE)["address"]["isDefault"] is True


def test_a_free_text_profile_write_keeps_working_and_leaves_addresses_alone(
    api, shopper, token, add
):
    home = add(HOME)["address"]

    response = api.put(PROFILE, {"address": "Somewhere else, Pune"}, **raw(token))

    assert response.status_code == 200
    assert response.json()["updatedUser"]["address"] == "Somewhere else, Pune"
    assert profile_text(shopper) == "Somewhere else, Pune"
    assert api.get(ADDRESSES, **raw(token)).json() == [{**home}]


# --- other users' addresses ---------------------------------------------------------------


@pytest.fixture
def someone_elses(db):
    other = UserFactory()
    return Address.objects.create(user=other, is_default=True, **{**HOME, "name": "Other"})


def test_another_users_address_cannot_be_changed(api, token, someone_elses):
    assert_error(api.put(address_url(someone_elses.pk), OFFICE, **raw(token)), 404)

    someone_elses.refresh_from_db()
    assert someone_elses.name == "Other" and someone_elses.pincode == "560001"


def test_another_users_address_cannot_be_deleted(api, token, someone_elses):
    assert_error(api.delete(address_url(someone_elses.pk), **raw(token)), 404)

    assert Address.objects.filter(pk=someone_elses.pk).exists()


@pytest.mark.parametrize("pk", ["0", "-1", "abc", "1.5", "99999999999999999999", "%20"])
def test_an_id_that_cannot_be_an_address_is_not_found(api, token, pk):
    assert_error(api.put(address_url(pk), HOME, **raw(token)), 404)
    assert_error(api.delete(address_url(pk), **raw(token)), 404)


def test_a_missing_address_is_not_found(api, token, add):
    home = add(HOME)["address"]
    assert_error(api.delete(address_url(int(home["_id"]) + 1000), **raw(token)), 404)


# --- what checkout calls ----------------------------------------------------------------------


def test_checkout_gets_the_users_own_address(shopper, add):
    home = add(HOME)["address"]

    for given in (home["_id"], int(home["_id"]), f" {home['_id']} "):
        assert str(address_for_checkout(shopper, given).pk) == home["_id"]


@pytest.mark.parametrize("given", ["other", None, "", "abc", True, 0, -5, 10**30, [1]])
def test_checkout_refuses_anything_but_the_users_own_address(shopper, someone_elses, given):
    if given == "other":
        given = someone_elses.pk

    with pytest.raises(ValidationError) as raised:
        address_for_checkout(shopper, given)

    assert list(raised.value.detail) == ["addressId"]
