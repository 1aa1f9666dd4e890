"""A business address in the address book: its GSTIN (checked as checkout checks it) and
business name, each with the other or neither, in the create and update calls and their
answers; a PUT without them makes it a home address again (the whole address is sent)."""

import pytest

from accounts.models import Address
from accounts.tests.helpers import raw

pytestmark = pytest.mark.django_db

ADDRESSES = "/api/v1/auth/addresses"
OFFICE = {
    "name": "Asha Rao",
    "phone": "9876543210",
    "line1": "4th floor, Tower B",
    "city": "Bengaluru",
    "state": "Karnataka",
    "pincode": "560001",
}
GSTIN = "29AAACS1234A1ZY"
NAME = "Asha Traders Private Limited"


@pytest.fixture
def token(shopper, login):
    return login(shopper)


def test_an_address_keeps_a_gstin_and_business_name(api, shopper, token):
    response = api.post(
        ADDRESSES, {**OFFICE, "gstin": "29 aaacs 1234 a1zy", "businessName": NAME}, **raw(token)
    )
    assert response.status_code == 201, response.json()
    address = response.json()["address"]
    assert (address["gstin"], address["businessName"]) == (GSTIN, NAME)
    saved = Address.objects.get(user=shopper)
    assert (saved.gstin, saved.business_name) == (GSTIN, NAME)
    listed = api.get(ADDRESSES, **raw(token)).json()
    assert (listed[0]["gstin"], listed[0]["businessName"]) == (GSTIN, NAME)
    # The profile's one-line text is the delivery address, without them.
    shopper.refresh_from_db()
    assert GSTIN not in shopper.address


def test_a_put_changes_them_and_one_without_them_removes_them(api, shopper, token):
    created = api.post(ADDRESSES, {**OFFICE, "gstin": GSTIN, "businessName": NAME}, **raw(token))
    url = f"{ADDRESSES}/{created.json()['address']['_id']}"
    changed = api.put(
        url, {**OFFICE, "gstin": "07AAACS1234A1Z4", "businessName": "Delhi LLP"}, **raw(token)
    )
    assert changed.status_code == 200, changed.json()
    assert changed.json()["address"]["gstin"] == "07AAACS1234A1Z4"
    home = api.put(url, OFFICE, **raw(token))
    assert home.status_code == 200, home.json()
    assert home.json()["address"]["gstin"] is None
    assert home.json()["address"]["businessName"] is None
    assert Address.objects.get(user=shopper).gstin == ""


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"gstin": "29AAACS1234A1ZZ", "businessName": NAME}, "gstin", "does not match"),
        ({"gstin": "99AAACS1234A1ZR", "businessName": NAME}, "gstin", "99 is none"),
        ({"gstin": "00AAACS1234A1ZI", "businessName": NAME}, "gstin", "00 is none"),
        ({"businessName": NAME}, "businessName", "goes with a GSTIN"),
        ({"gstin": GSTIN}, "businessName", "Please add the business name on the GSTIN"),
        ({"gstin": GSTIN, "businessName": "x" * 201}, "businessName", "at most 200"),
        ({"gstin": GSTIN, "businessName": "a\x00b"}, "businessName", "not allowed"),
    ],
)
def test_bad_business_details_are_400_and_save_nothing(api, token, extra, field, words):
    response = api.post(ADDRESSES, {**OFFICE, **extra}, **raw(token))
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert any(words in message for message in errors[field]), errors
    assert not Address.objects.exists()


def test_a_bad_gstin_on_a_put_changes_nothing(api, token):
    created = api.post(ADDRESSES, {**OFFICE, "gstin": GSTIN, "businessName": NAME}, **raw(token))
    url = f"{ADDRESSES}/{created.json()['address']['_id']}"
    response = api.put(
        url, {**OFFICE, "gstin": "29AAACS1234A1ZZ", "businessName": NAME}, **raw(token)
    )
    assert response.status_code == 400
    assert "gstin" in response.json()["errors"]
    assert Address.objects.get().gstin == GSTIN
