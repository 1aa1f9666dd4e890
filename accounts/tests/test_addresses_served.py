"""The address book's default and the PIN codes the shop delivers to: an address the shop
does not serve is saved but never made the default by itself, the answer says why, the
default moves to a served address as soon as there is one, and asking for an unserved
default is a 400 that changes nothing. (The served list is the orders app's; it registers
its check with the address book when the apps load.)"""

import pytest

from accounts.models import Address
from accounts.tests.factories import UserFactory
from accounts.tests.helpers import assert_error, raw
from orders.models import ServedPincode

pytestmark = pytest.mark.django_db

ADDRESSES = "/api/v1/auth/addresses"
REGISTERED = "Flat 2, Old Address, Pune 411001"

# Served: Bengaluru (cash), Chennai (no cash). Not served: New Delhi.
SERVED = {
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "12 MG Road",
    "city": "Bengaluru",
    "state": "Karnataka",
    "pincode": "560001",
}
SERVED_TOO = {
    "name": "K. Rao",
    "phone": "09000011111",
    "line1": "7 Beach Road",
    "city": "Chennai",
    "state": "Tamil Nadu",
    "pincode": "600001",
}
UNSERVED = {
    "name": "Asha Rao",
    "phone": "+91 91234 56789",
    "line1": "4th floor, Tower B, Cyber City",
    "city": "New Delhi",
    "state": "Delhi",
    "pincode": "110001",
}
UNSERVED_TOO = {**UNSERVED, "line1": "9 Janpath", "pincode": "110011"}


@pytest.fixture
def served_list(db):
    ServedPincode.objects.bulk_create(
        [ServedPincode(pincode="560001", cod=True), ServedPincode(pincode="600001", cod=False)]
    )


@pytest.fixture
def user(db):
    return UserFactory(address=REGISTERED)


@pytest.fixture
def token(user, login):
    return login(user)


@pytest.fixture
def add(api, token):
    def _add(data, expect=201):
        response = api.post(ADDRESSES, data, **raw(token))
        assert response.status_code == expect, response.json()
        return response.json()

    return _add


def listed(api, token) -> list[dict]:
    return api.get(ADDRESSES, **raw(token)).json()


def default_ids(user) -> list[str]:
    pks = Address.objects.filter(user=user, is_default=True).values_list("pk", flat=True)
    return [str(pk) for pk in pks]


def profile_text(user) -> str:
    user.refresh_from_db()
    return user.address


def test_a_first_address_the_shop_does_not_serve_is_saved_not_the_default_and_says_why(
    api, token, user, add, served_list
):
    answer = add(UNSERVED)

    assert answer["address"]["isDefault"] is False
    assert answer["message"] == (
        "Address saved. We do not deliver to 110001 yet, so checkout cannot use it "
        "and it is not your default address."
    )
    assert default_ids(user) == []
    assert [a["isDefault"] for a in listed(api, token)] == [False]
    # The profile's free-text address names no address the shop cannot deliver to.
    assert profile_text(user) == REGISTERED


def test_the_first_served_address_becomes_the_default_after_unserved_ones(
    api, token, user, add, served_list
):
    add(UNSERVED)
    add(UNSERVED_TOO)

    served = add(SERVED)

    assert served["address"]["isDefault"] is True
    assert served["message"] == "Address saved."
    assert default_ids(user) == [served["address"]["_id"]]
    assert listed(api, token)[0]["_id"] == served["address"]["_id"]
    assert profile_text(user) == Address.objects.get(pk=served["address"]["_id"]).text


def test_a_served_address_saved_while_the_default_is_unserved_becomes_the_default(
    api, token, user, add
):
    # No list yet: every PIN code is served, and the first address is the default.
    first = add(UNSERVED)
    assert first["address"]["isDefault"] is True
    # Then the operator loads a list without it: nothing moves until the next write ...
    ServedPincode.objects.create(pincode="560001", cod=True)
    assert default_ids(user) == [first["address"]["_id"]]

    # ... which moves the default to the served address saved.
    second = add(SERVED)

    assert second["address"]["isDefault"] is True
    assert default_ids(user) == [second["address"]["_id"]]
    assert profile_text(user) == Address.objects.get(pk=second["address"]["_id"]).text


def test_editing_an_address_into_a_served_one_makes_it_the_default_when_none_is_served(
    api, token, user, add, served_list
):
    away = add(UNSERVED)["address"]

    answer = api.put(f"{ADDRESSES}/{away['_id']}", SERVED, **raw(token))

    assert answer.status_code == 200, answer.json()
    assert answer.json()["address"]["isDefault"] is True
    assert answer.json()["message"] == "Address saved."
    assert profile_text(user) == Address.objects.get(pk=away["_id"]).text


def test_a_served_default_stays_when_an_unserved_address_is_added(
    api, token, user, add, served_list
):
    home = add(SERVED)["address"]

    answer = add(UNSERVED)

    assert answer["address"]["isDefault"] is False
    assert default_ids(user) == [home["_id"]]


@pytest.mark.parametrize("how", ["create", "make default"])
def test_asking_for_an_unserved_default_is_400_and_changes_nothing(
    api, token, user, add, served_list, how
):
    home = add(SERVED)["address"]
    before = profile_text(user)
    if how == "create":
        response = api.post(ADDRESSES, {**UNSERVED, "isDefault": True}, **raw(token))
    else:
        away = add(UNSERVED)["address"]
        response = api.put(
            f"{ADDRESSES}/{away['_id']}", {**UNSERVED, "isDefault": True}, **raw(token)
        )

    body = assert_error(response, 400)
    assert body["errors"]["isDefault"] == [
        "We do not deliver to 110001 yet, so this address cannot be your default."
    ]
    assert default_ids(user) == [home["_id"]]
    assert Address.objects.filter(user=user).count() == (1 if how == "create" else 2)
    assert profile_text(user) == before


def test_editing_the_default_into_an_unserved_address_hands_the_default_to_a_served_one(
    api, token, user, add, served_list
):
    home = add(SERVED)["address"]
    parents = add(SERVED_TOO)["address"]

    # The edit form sends the address's own isDefault back.
    response = api.put(f"{ADDRESSES}/{home['_id']}", {**UNSERVED, "isDefault": True}, **raw(token))

    assert response.status_code == 200, response.json()
    assert response.json()["address"]["isDefault"] is False
    assert "not your default address" in response.json()["message"]
    assert default_ids(user) == [parents["_id"]]
    assert profile_text(user) == Address.objects.get(pk=parents["_id"]).text


def test_the_default_edited_into_an_unserved_address_stays_when_nothing_else_is_served(
    api, token, user, add, served_list
):
    home = add(SERVED)["address"]

    response = api.put(f"{ADDRESSES}/{home['_id']}", {**UNSERVED, "isDefault": True}, **raw(token))

    assert response.status_code == 200, response.json()
    assert response.json()["address"]["isDefault"] is True
    assert response.json()["message"] == (
        "Address saved. We do not deliver to 110001 yet, so checkout cannot use it."
    )


def test_deleting_the_default_hands_it_to_the_oldest_served_address_left(
    api, token, user, add, served_list
):
    away = add(UNSERVED)["address"]
    home = add(SERVED)["address"]
    parents = add(SERVED_TOO)["address"]
    assert default_ids(user) == [home["_id"]]

    assert api.delete(f"{ADDRESSES}/{home['_id']}", **raw(token)).status_code == 200

    assert default_ids(user) == [parents["_id"]]
    assert away["_id"] != parents["_id"]


def test_deleting_the_default_leaves_none_when_no_served_address_is_left(
    api, token, user, add, served_list
):
    add(UNSERVED)
    home = add(SERVED)["address"]
    text = profile_text(user)

    assert api.delete(f"{ADDRESSES}/{home['_id']}", **raw(token)).status_code == 200

    assert default_ids(user) == []
    assert [a["isDefault"] for a in listed(api, token)] == [False]
    assert profile_text(user) == text


def test_checkout_by_the_profile_text_never_ships_to_an_unserved_first_address(
    api, token, user, add, served_list
):
    """The spec's client checks out with the profile's text: an unserved first address
    never became it, so the order is refused for the text's own PIN code, not sent there."""
    add(UNSERVED)
    assert profile_text(user) == REGISTERED
    ServedPincode.objects.create(pincode="411001", cod=True)
    from catalog.tests.factories import ProductFactory

    product = ProductFactory(quantity=3)

    response = api.post("/api/v1/orders/checkout", {"cart": [{"_id": product.pk}]}, **raw(token))

    assert response.status_code == 201, response.json()
    assert "411001" in response.json()["order"]["address"]


def test_the_served_check_costs_at_most_two_queries_for_all_of_a_users_pin_codes(
    django_assert_num_queries, served_list
):
    from orders.delivery import served_among

    served_among({"560001"})  # the directory is loaded once per process
    with django_assert_num_queries(1):
        assert served_among({"560001", "110001", "600001"}) == {"560001", "600001"}
    with django_assert_num_queries(2):
        assert served_among({"110001", "110011"}) == set()
    with django_assert_num_queries(0):
        assert served_among({"999999"}) == set()  # not in India Post's directory
    ServedPincode.objects.all().delete()
    # No list: every PIN code the directory knows is served.
    with django_assert_num_queries(2):
        assert served_among({"110001", "999999"}) == {"110001"}
