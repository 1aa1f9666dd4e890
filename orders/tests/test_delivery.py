"""Where the shop delivers (orders.delivery.check, GET /api/v1/delivery/{pincode}): every
known PIN code with cash until a list is loaded, then only the listed ones with their
flag; an unknown PIN code never; a new list at once."""

import pytest

from orders import delivery
from orders.delivery import Delivery
from orders.models import ServedPincode

pytestmark = pytest.mark.django_db

DELIVERY = "/api/v1/delivery/{}"


@pytest.fixture(autouse=True)
def _no_throttle(settings):
    # The throttle counts each request in its store; its own test below switches it on.
    settings.DELIVERY_THROTTLE_RATE = ""


def test_without_a_list_every_known_pin_code_is_served_with_cash():
    assert delivery.check("560103") == Delivery(
        pincode="560103", serviceable=True, cod=True, state="Karnataka", city="Bengaluru"
    )
    assert delivery.check("744101").serviceable is True


@pytest.mark.parametrize("pin", ["999999", "000000", "012345", "56010", "abcdef"])
def test_a_pin_code_the_directory_does_not_know_is_never_served(pin):
    assert delivery.check(pin) == Delivery(
        pincode=pin, serviceable=False, cod=False, state="", city=""
    )
    ServedPincode.objects.create(pincode="560103", cod=True)
    assert delivery.check(pin).serviceable is False


def test_with_a_list_only_listed_pin_codes_are_served_with_their_cash_flag():
    ServedPincode.objects.bulk_create(
        [ServedPincode(pincode="560103", cod=True), ServedPincode(pincode="110001", cod=False)]
    )

    assert delivery.check("560103") == Delivery("560103", True, True, "Karnataka", "Bengaluru")
    assert delivery.check("110001") == Delivery("110001", True, False, "Delhi", "New Delhi")
    # Known to India Post, not to the courier.
    assert delivery.check("400001") == Delivery("400001", False, False, "Maharashtra", "Mumbai")


def test_a_listed_pin_code_costs_one_query_and_another_two(django_assert_num_queries):
    ServedPincode.objects.create(pincode="560103", cod=True)
    delivery.check("110001")  # the directory is loaded once per process, not per check

    with django_assert_num_queries(1):
        delivery.check("560103")
    with django_assert_num_queries(2):
        delivery.check("110001")
    with django_assert_num_queries(0):
        delivery.check("999999")


def test_the_call_answers_the_contracts_keys(api):
    response = api.get(DELIVERY.format("110001"))

    assert response.status_code == 200
    assert response.json() == {
        "success": True,
        "pincode": "110001",
        "serviceable": True,
        "cod": True,
        "state": "Delhi",
        "city": "New Delhi",
    }


def test_the_call_answers_an_unknown_pin_code_as_not_serviceable(api):
    response = api.get(DELIVERY.format("999999"))

    assert response.status_code == 200
    assert response.json() == {
        "success": True,
        "pincode": "999999",
        "serviceable": False,
        "cod": False,
        "state": "",
        "city": "",
    }


@pytest.mark.parametrize(
    "pin",
    [
        "56010",
        "5601033",
        "56O103",
        "%20560103",
        "560103%0A",
        "%EF%BC%95%EF%BC%96%EF%BC%90%EF%BC%91%EF%BC%90%EF%BC%93",
    ],
)
def test_the_call_refuses_what_is_not_six_digits(api, pin):
    response = api.get(DELIVERY.format(pin))

    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert body["errors"] == {"pincode": ["PIN code must be six digits."]}


def test_the_call_follows_a_new_list_at_once(api):
    assert api.get(DELIVERY.format("110001")).json()["cod"] is True

    delivery.served_pincodes_import("pincode,cod\n110001,0\n")
    assert api.get(DELIVERY.format("110001")).json()["cod"] is False
    assert api.get(DELIVERY.format("560103")).json()["serviceable"] is False

    delivery.served_pincodes_clear()
    assert api.get(DELIVERY.format("560103")).json()["serviceable"] is True


def test_the_call_ignores_a_stale_token(api):
    response = api.get(DELIVERY.format("110001"), HTTP_AUTHORIZATION="Bearer not-a-token")

    assert response.status_code == 200


def test_the_call_is_throttled_per_client_address(api, settings):
    settings.DELIVERY_THROTTLE_RATE = "3/min"

    codes = [api.get(DELIVERY.format("110001")).status_code for _ in range(4)]

    assert codes == [200, 200, 200, 429]
    assert api.get(DELIVERY.format("110001")).has_header("Retry-After")


def test_the_call_is_in_the_openapi_schema(api):
    schema = api.get("/api/schema/?format=json").json()

    operation = schema["paths"]["/api/v1/delivery/{pincode}"]["get"]
    assert {"200", "400", "429"} <= set(operation["responses"])
    assert "/api/v1/auth/addresses" in schema["paths"]
    assert {"put", "delete"} <= set(schema["paths"]["/api/v1/auth/addresses/{address_id}"])
