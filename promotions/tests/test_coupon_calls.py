"""The admin's coupon calls: create, list (with uses and the discount given), change,
pause, delete; every bad input 400 naming the field with nothing saved; a duplicate code
in any case 409; shoppers and strangers refused."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from promotions.models import Coupon

COUPONS = "/api/v1/coupons"


def _create(api, **fields):
    body = {"code": "DIWALI25", "kind": "percent", "value": 25, **fields}
    return api.post(COUPONS, body)


def test_an_admin_creates_lists_changes_pauses_and_deletes_a_coupon(admin_api, gadgets, earbuds):
    response = _create(
        admin_api,
        code="diwali25",
        minOrder="999.50",
        maxDiscount=500,
        usageLimit=100,
        perCustomerLimit=1,
        firstOrderOnly=True,
        prepaidOnly=True,
        categories=[str(gadgets.pk)],
        products=[earbuds.pk],
        startsAt="2026-10-20T00:00:00",
        endsAt="2026-11-05T23:59:59+05:30",
    )
    assert response.status_code == 201, response.json()
    coupon = response.json()["coupon"]
    assert coupon["code"] == "DIWALI25"  # kept upper case: codes are case-insensitive
    assert coupon["kind"] == "percent" and coupon["value"] == 25
    assert coupon["minOrder"] == 999.5 and coupon["maxDiscount"] == 500
    assert coupon["usageLimit"] == 100 and coupon["perCustomerLimit"] == 1
    assert coupon["firstOrderOnly"] is True and coupon["prepaidOnly"] is True
    assert coupon["categories"] == [str(gadgets.pk)] and coupon["products"] == [str(earbuds.pk)]
    # Without an offset it is India time: midnight IST is 18:30 UTC the day before.
    assert coupon["startsAt"] == "2026-10-19T18:30:00Z"
    assert coupon["endsAt"] == "2026-11-05T18:29:59Z"
    assert coupon["active"] is True and coupon["used"] == 0 and coupon["discountGiven"] == 0

    listed = admin_api.get(COUPONS).json()["coupons"]
    assert [c["_id"] for c in listed] == [coupon["_id"]]

    changed = admin_api.put(f"{COUPONS}/{coupon['_id']}", {"value": 30, "active": False})
    assert changed.status_code == 200, changed.json()
    assert changed.json()["coupon"]["value"] == 30
    assert changed.json()["coupon"]["active"] is False
    assert changed.json()["coupon"]["maxDiscount"] == 500  # what was not sent stays

    assert admin_api.delete(f"{COUPONS}/{coupon['_id']}").status_code == 200
    assert not Coupon.objects.exists()
    assert admin_api.delete(f"{COUPONS}/{coupon['_id']}").status_code == 404


@pytest.mark.parametrize(
    ("fields", "field_named"),
    [
        ({"value": -5}, "Value"),
        ({"value": 0}, "Value"),
        ({"value": 100.5}, "Value"),  # a percent over 100
        ({"value": "abc"}, "Value"),
        ({"value": "10.999"}, "Value"),
        ({"kind": "bogo"}, "Kind"),
        ({"code": "DIWALI 25"}, "Code"),
        ({"code": "D" * 200}, "Code"),
        ({"code": "ÐIWALI"}, "Code"),
        ({"code": "'; DROP TABLE promotions_coupon; --"}, "Code"),
        ({"code": ""}, "Code"),
        ({"categories": ["999999"]}, "Categories"),
        ({"categories": "3"}, "Categories"),
        ({"products": [999999]}, "Products"),
        ({"minOrder": -1}, "Min order"),
        ({"maxDiscount": 0}, "Max discount"),
        ({"usageLimit": 0}, "Usage limit"),
        ({"perCustomerLimit": 2.5}, "Per customer limit"),
        ({"startsAt": "tomorrow"}, "Starts at"),
        ({"startsAt": "2026-11-10T00:00:00", "endsAt": "2026-11-01T00:00:00"}, "Ends at"),
        ({"startsAt": "2026-11-10T00:00:00", "endsAt": "2026-11-10T00:00:00"}, "Ends at"),
    ],
)
def test_bad_input_is_400_naming_the_field_and_saves_nothing(admin_api, fields, field_named):
    response = _create(admin_api, **fields)
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["success"] is False
    assert field_named.lower() in body["message"].lower(), body["message"]
    assert not Coupon.objects.exists()


def test_a_change_that_breaks_a_rule_is_400_and_changes_nothing(admin_api, make_coupon):
    coupon = make_coupon(kind="amount", value="500")
    # 500 is fine in rupees; as a percent it would be over 100.
    response = admin_api.put(f"{COUPONS}/{coupon.pk}", {"kind": "percent"})
    assert response.status_code == 400 and "value" in response.json()["message"].lower()
    coupon.refresh_from_db()
    assert (coupon.kind, coupon.value) == ("amount", Decimal("500.00"))
    now = timezone.now()
    coupon.ends_at = now
    coupon.save()
    response = admin_api.put(
        f"{COUPONS}/{coupon.pk}", {"startsAt": (now + timedelta(days=1)).isoformat()}
    )
    assert response.status_code == 400 and "ends at" in response.json()["message"].lower()
    coupon.refresh_from_db()
    assert coupon.starts_at is None


def test_a_duplicate_code_in_any_case_is_409(admin_api, make_coupon):
    make_coupon(code="WELCOME")
    response = _create(admin_api, code="welcome")
    assert response.status_code == 409 and response.json()["success"] is False
    assert Coupon.objects.count() == 1
    other = make_coupon(code="OTHER")
    response = admin_api.put(f"{COUPONS}/{other.pk}", {"code": "Welcome"})
    assert response.status_code == 409
    other.refresh_from_db()
    assert other.code == "OTHER"


def test_shoppers_and_strangers_are_refused(shop_api, make_coupon):
    from rest_framework.test import APIClient

    coupon = make_coupon()
    assert shop_api.get(COUPONS).status_code == 403
    assert _create(shop_api).status_code == 403
    assert shop_api.put(f"{COUPONS}/{coupon.pk}", {"value": 90}).status_code == 403
    assert shop_api.delete(f"{COUPONS}/{coupon.pk}").status_code == 403
    assert APIClient().get(COUPONS).status_code == 401
    coupon.refresh_from_db()
    assert coupon.value == Decimal("10.00")


def test_an_unknown_or_odd_id_is_404(admin_api):
    for odd in ("999999", "abc", "-1", "1e3", "\uff19"):
        assert admin_api.put(f"{COUPONS}/{odd}", {"value": 5}).status_code == 404
