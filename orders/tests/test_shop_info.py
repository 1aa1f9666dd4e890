"""GET /api/v1/shop-info, the shop details behind it (orders/shop_details.py: cached,
cleared on save) and their single-record Django admin page."""

from decimal import Decimal

import pytest
from django.core.cache import cache
from stdnum.in_ import gstin

from orders.models import ShopDetails
from orders.shop_details import cache_key, get_shop_details

pytestmark = pytest.mark.django_db

URL = "/api/v1/shop-info"
ADMIN = "/admin/orders/shopdetails/"


def details() -> ShopDetails:
    return ShopDetails.objects.get(pk=1)


def test_a_fresh_install_answers_the_contract_keys_from_its_placeholders(api, settings):
    settings.COD_LIMIT = 50000
    response = api.get(URL)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "success",
        "shop",
        "delivery",
        "codLimit",
        "paymentMethods",
        "invoices",
        "pricesIncludeTax",
    }
    shop = body["shop"]
    contract = {"legalName", "address", "state", "stateCode", "gstin", "email", "phone"}
    assert set(shop) == contract | {
        "grievanceOfficer",
        "tradeName",
        "city",
        "pincode",
        "tollFree",
        "returnWindowDays",
    }
    assert set(shop["grievanceOfficer"]) == {"name", "designation", "email", "phone"}
    assert body["success"] is True
    assert shop["legalName"] == "ShopSphere Retail Private Limited"
    assert shop["address"] == "4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru 560103"
    assert (shop["state"], shop["stateCode"], shop["city"], shop["pincode"]) == (
        "Karnataka",
        "29",
        "Bengaluru",
        "560103",
    )
    # The placeholder GSTIN is well formed and starts with the state's code.
    assert gstin.is_valid(shop["gstin"]) and shop["gstin"][:2] == shop["stateCode"]
    assert shop["tollFree"] == "1800 200 7788"
    assert body["delivery"] == {"charge": 0, "freeFrom": None}
    assert body["codLimit"] == 50000
    assert body["paymentMethods"] == ["cod"]
    assert body["invoices"] is True and body["pricesIncludeTax"] is True


def test_the_return_window_is_the_setting_in_days(api, settings):
    settings.RETURN_WINDOW_DAYS = 7
    assert api.get(URL).json()["shop"]["returnWindowDays"] == 7
    settings.RETURN_WINDOW_DAYS = 10  # read at each answer, not cached with the details
    assert api.get(URL).json()["shop"]["returnWindowDays"] == 10


def test_the_delivery_rule_is_given_in_rupees(api):
    ShopDetails.objects.filter(pk=1).update(
        delivery_charge=Decimal("49.50"), free_delivery_from=Decimal("499.00")
    )
    cache.clear()
    assert api.get(URL).json()["delivery"] == {"charge": 49.5, "freeFrom": 499}


def test_the_details_are_one_query_cold_and_none_warm(django_assert_num_queries):
    with django_assert_num_queries(1):
        first = get_shop_details()
    with django_assert_num_queries(0):
        again = get_shop_details()
    assert again.pk == first.pk and again.gstin == first.gstin


def test_shop_info_reads_no_sql_when_warm_and_revalidates_to_304(api, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = api.get(URL)
    etag = response["ETag"]
    assert "public" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    with django_assert_num_queries(0):
        assert api.get(URL).json() == response.json()
    with django_assert_num_queries(0):
        not_modified = api.get(URL, HTTP_IF_NONE_MATCH=etag)
    assert not_modified.status_code == 304 and not_modified["ETag"] == etag


def test_a_save_shows_at_once_and_changes_the_etag(api):
    before = api.get(URL)
    row = details()
    row.legal_name = "Acme Retail LLP"
    row.save()
    after = api.get(URL, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after.json()["shop"]["legalName"] == "Acme Retail LLP"
    assert after["ETag"] != before["ETag"]


def test_the_cached_copy_is_dropped_again_after_the_commit(django_capture_on_commit_callbacks):
    get_shop_details()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        row = details()
        row.phone = "+91 80 1111 2222"
        row.save()
        assert cache.get(cache_key()) is None
        get_shop_details()  # a read during the transaction caches the row again
    assert cache.get(cache_key()) is not None
    for callback in callbacks:
        callback()
    assert cache.get(cache_key()) is None


def test_a_database_that_lost_the_row_answers_the_placeholders(api):
    ShopDetails.objects.all().delete()
    shop = api.get(URL).json()["shop"]
    assert (shop["legalName"], shop["gstin"], shop["tollFree"]) == (
        "ShopSphere Retail Private Limited",
        "29AAACS1234A1ZY",
        "1800 200 7788",
    )
    assert not ShopDetails.objects.exists()  # nothing written by a read


def test_an_unreachable_cache_reads_the_database(settings, django_assert_num_queries):
    local = settings.CACHES
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    try:
        with django_assert_num_queries(1):
            assert get_shop_details().state == "Karnataka"
    finally:
        settings.CACHES = local  # the shared teardown clears the cache


# --- the Django admin ---------------------------------------------------------------------


def admin_form(**overrides) -> dict:
    row = details()
    data = {
        "legal_name": row.legal_name,
        "trade_name": row.trade_name,
        "gstin": row.gstin,
        "invoice_prefix": row.invoice_prefix,
        "address": row.address,
        "city": row.city,
        "state": row.state,
        "pincode": row.pincode,
        "email": row.email,
        "phone": row.phone,
        "toll_free": row.toll_free,
        "grievance_name": row.grievance_name,
        "grievance_designation": row.grievance_designation,
        "grievance_email": row.grievance_email,
        "grievance_phone": row.grievance_phone,
        "delivery_charge": "0",
        "free_delivery_from": "",
    }
    data.update(overrides)
    return data


def test_the_admin_list_opens_the_one_record_and_offers_no_add_or_delete(staff_client):
    response = staff_client.get(ADMIN)
    assert response.status_code == 302 and response["Location"].endswith(f"{ADMIN}1/change/")
    page = staff_client.get(f"{ADMIN}1/change/")
    assert page.status_code == 200
    assert f"{ADMIN}add/" not in page.content.decode()
    assert staff_client.get(f"{ADMIN}add/").status_code == 403
    assert staff_client.post(f"{ADMIN}1/delete/", {"post": "yes"}).status_code == 403
    assert ShopDetails.objects.count() == 1


def test_an_admin_save_reaches_shop_info_at_once(staff_client, api):
    assert api.get(URL).json()["shop"]["gstin"] == "29AAACS1234A1ZY"
    # A Delhi GSTIN (07), checksum computed, for a shop that moved to Delhi.
    base = "07AAACS1234A1Z"
    number = next(
        base + c for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" if gstin.is_valid(base + c)
    )
    form = admin_form(
        gstin=number.lower(),
        state="Delhi",
        city="New Delhi",
        pincode="110001",
        invoice_prefix="DL1",
        toll_free="1800 11 2233",
        delivery_charge="40",
        free_delivery_from="500",
    )
    response = staff_client.post(f"{ADMIN}1/change/", form)
    assert response.status_code == 302, response.context["adminform"].form.errors
    body = api.get(URL).json()
    assert (body["shop"]["gstin"], body["shop"]["stateCode"]) == (number, "07")
    assert body["shop"]["address"].endswith("New Delhi 110001")
    assert body["delivery"] == {"charge": 40, "freeFrom": 500}
    assert body["shop"]["tollFree"] == "1800 11 2233"
    assert details().invoice_prefix == "DL1"


@pytest.mark.parametrize(
    "overrides, field, message",
    [
        ({"gstin": "29AAACS1234A1ZZ"}, "gstin", "Enter a valid GSTIN"),
        ({"gstin": "29AAACS1234A1Z"}, "gstin", "Enter a valid GSTIN"),
        ({"state": "Tamil Nadu"}, "gstin", "start with the state's GST code (33 for Tamil Nadu)"),
        ({"invoice_prefix": "ss"}, "invoice_prefix", "1 to 4 capital letters"),
        ({"invoice_prefix": "ABCDE"}, "invoice_prefix", "at most 4 characters"),
        ({"invoice_prefix": "S-1"}, "invoice_prefix", "1 to 4 capital letters"),
        ({"pincode": "56010"}, "pincode", "six digits"),
        ({"pincode": "56O103"}, "pincode", "six digits"),
        ({"email": "not-an-email"}, "email", "valid email"),
        ({"grievance_email": "x@"}, "grievance_email", "valid email"),
        ({"grievance_name": ""}, "grievance_name", "required"),
        ({"grievance_designation": ""}, "grievance_designation", "required"),
        ({"grievance_phone": "call me"}, "grievance_phone", "Enter a phone number"),
        ({"free_delivery_from": "500"}, "free_delivery_from", "needs a delivery charge"),
        ({"delivery_charge": "-1"}, "delivery_charge", "greater than or equal to 0"),
    ],
)
def test_bad_details_are_refused_by_field_and_nothing_changes(
    staff_client, api, overrides, field, message
):
    before = api.get(URL).json()
    response = staff_client.post(f"{ADMIN}1/change/", admin_form(**overrides))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert field in errors and message in " ".join(errors[field]), errors
    assert api.get(URL).json() == before
    assert details().gstin == "29AAACS1234A1ZY"
