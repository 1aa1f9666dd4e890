"""The owner's settings in the admin panel: GET/PUT /api/v1/admin/shop-settings (the shop's
details, the delivery rule and the cash on delivery cap) and /api/v1/admin/served-pincodes
(the served list's counts, a CSV upload, its removal)."""

from decimal import Decimal

import pytest
from django.core.cache import cache, caches
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.models import Address
from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from orders import delivery
from orders.models import Order, ServedPincode, ShopDetails
from orders.shop_details import get_shop_details
from orders.tests.conftest import client_for

pytestmark = pytest.mark.django_db

URL = "/api/v1/admin/shop-settings"
PINS = "/api/v1/admin/served-pincodes"
INFO = "/api/v1/shop-info"
CHECKOUT = "/api/v1/orders/checkout"
# A GSTIN that passes its checksum, for Maharashtra (27).
MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV"


def stored() -> dict:
    row = ShopDetails.objects.get(pk=1)
    return {f.name: getattr(row, f.name) for f in ShopDetails._meta.fields}


def loaded(admin_api) -> dict:
    response = admin_api.get(URL)
    assert response.status_code == 200
    return response.json()


def put(admin_api, **changes):
    stamp = loaded(admin_api)["settings"]["updatedAt"]
    return admin_api.put(URL, {"updatedAt": stamp, **changes}, format="json")


def upload(api, text: str | bytes, name="served.csv"):
    content = text.encode() if isinstance(text, str) else text
    return api.post(PINS, {"file": SimpleUploadedFile(name, content)}, format="multipart")


# --- who may ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", URL), ("put", URL), ("get", PINS), ("post", PINS), ("delete", PINS)],
)
def test_only_an_admin_reads_or_changes_the_settings(api, buyer_api, method, path):
    ServedPincode.objects.create(pincode="110001", cod=True)
    before = stored()
    anonymous = getattr(api, method)(path)
    assert anonymous.status_code == 401
    assert anonymous.json()["success"] is False
    shopper = getattr(buyer_api, method)(path, {"legalName": "Mine"}, format="json")
    assert shopper.status_code == 403
    assert shopper.json() == {"success": False, "message": "Admin access only."}
    assert stored() == before
    assert ServedPincode.objects.count() == 1


# --- reading and saving -------------------------------------------------------------------


def test_a_fresh_shop_answers_its_placeholders_and_the_default_cap(admin_api, settings):
    settings.COD_LIMIT = 50000
    body = loaded(admin_api)
    assert body["success"] is True
    shop = body["settings"]
    assert shop["legalName"] == "ShopSphere Retail Private Limited"
    assert shop["grievanceName"] == "Grievance Desk"
    assert (shop["state"], shop["stateCode"], shop["pincode"]) == ("Karnataka", "29", "560103")
    assert shop["deliveryCharge"] == 0 and shop["freeDeliveryFrom"] is None
    assert shop["codLimit"] is None and body["codLimitDefault"] == 50000
    assert shop["updatedAt"].endswith("Z")
    assert "legalName" in body["placeholders"] and "gstin" in body["placeholders"]
    assert "Karnataka" in body["states"] and len(body["states"]) == 36


def test_the_seed_grievance_name_is_neutral_and_an_operators_own_stays(admin_api):
    """Migration 0017 replaces only the exact seed value of 0005."""
    from importlib import import_module

    migration = import_module("orders.migrations.0017_shop_cod_limit")
    row = ShopDetails.objects.get(pk=1)
    assert row.grievance_name == migration.GRIEVANCE_NAME
    assert "Django admin" not in row.grievance_name

    class Apps:
        @staticmethod
        def get_model(app, name):
            return ShopDetails

    ShopDetails.objects.filter(pk=1).update(grievance_name=migration.OLD_GRIEVANCE_NAME)
    migration.neutral_placeholder(Apps, None)
    assert ShopDetails.objects.get(pk=1).grievance_name == "Grievance Desk"
    ShopDetails.objects.filter(pk=1).update(grievance_name="Asha Rao")
    migration.neutral_placeholder(Apps, None)
    assert ShopDetails.objects.get(pk=1).grievance_name == "Asha Rao"


def test_a_save_changes_every_field_and_shop_info_shows_it(admin_api, api):
    api.get(INFO)  # warm the cache
    response = put(
        admin_api,
        legalName="Asha Textiles LLP",
        tradeName="Asha",
        address="12 Linking Road",
        city="Mumbai",
        state="Maharashtra",
        pincode="400050",
        gstin=" 27aapfu0939f1zv ",
        email="care@asha.example",
        phone="+91 22 1234 5678",
        tollFree="",
        grievanceName="Meera Shah",
        grievanceDesignation="Grievance Officer",
        grievanceEmail="grievance@asha.example",
        grievancePhone="022 1234 5679",
        invoicePrefix="AT",
        deliveryCharge="49.50",
        freeDeliveryFrom=999,
        codLimit=20000,
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "Shop settings saved"
    assert body["settings"]["gstin"] == MAHARASHTRA_GSTIN
    assert body["settings"]["deliveryCharge"] == 49.5
    assert body["placeholders"] == []
    info = api.get(INFO).json()
    assert info["shop"]["legalName"] == "Asha Textiles LLP"
    assert info["shop"]["grievanceOfficer"]["name"] == "Meera Shah"
    assert info["shop"]["stateCode"] == "27"
    assert info["delivery"] == {"charge": 49.5, "freeFrom": 999}
    assert info["codLimit"] == 20000
    assert stored()["invoice_prefix"] == "AT"


def test_a_field_left_out_keeps_its_value(admin_api):
    before = stored()
    response = put(admin_api, city="Mysuru")
    assert response.status_code == 200, response.json()
    after = stored()
    assert after["city"] == "Mysuru"
    assert {k: v for k, v in after.items() if k not in ("city", "updated_at")} == {
        k: v for k, v in before.items() if k not in ("city", "updated_at")
    }


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"gstin": "29AAACS1234A1ZX"}, "gstin", "GSTIN"),
        ({"gstin": MAHARASHTRA_GSTIN}, "gstin", "29 for Karnataka"),
        ({"pincode": "56010"}, "pincode", "six digits"),
        ({"pincode": "\uff15\uff16\uff10\uff11\uff10\uff13"}, "pincode", "six digits"),
        ({"invoicePrefix": "ss"}, "invoicePrefix", "capital letters"),
        ({"invoicePrefix": "TOOLONG"}, "invoicePrefix", "at most 4"),
        ({"deliveryCharge": -1}, "deliveryCharge", "negative"),
        ({"deliveryCharge": "10.005"}, "deliveryCharge", "2 decimals"),
        ({"deliveryCharge": "\u0664\u0669"}, "deliveryCharge", "digits 0-9"),
        ({"deliveryCharge": None}, "deliveryCharge", "required"),
        ({"deliveryCharge": 0, "freeDeliveryFrom": 500}, "freeDeliveryFrom", "charge"),
        ({"codLimit": 2.5}, "codLimit", "whole number"),
        ({"codLimit": -5}, "codLimit", "negative"),
        ({"state": "Atlantis"}, "state", "states or union territories"),
        ({"email": "not-an-email"}, "email", "e-mail"),
        ({"phone": "call me"}, "phone", "phone number"),
        ({"legalName": ""}, "legalName", "required"),
        ({"legalName": "x" * 201}, "legalName", "at most 200"),
        ({"legalName": "Asha\u202eLLP"}, "legalName", "not allowed"),
        ({"legalName": "Asha\x00LLP"}, "legalName", "not allowed"),
        ({"grievanceName": "\u200b\u200b"}, "grievanceName", "required"),
    ],
)
def test_a_bad_value_is_400_naming_the_field_and_nothing_changes(admin_api, changes, field, words):
    ShopDetails.objects.filter(pk=1).update(delivery_charge=Decimal("40"))
    before = stored()
    response = put(admin_api, **{"legalName": "Changed Too LLP", **changes})
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["success"] is False
    assert field in body["errors"], body
    assert words in " ".join(body["errors"][field]), body
    assert stored() == before


def test_a_save_without_the_loaded_stamp_is_refused(admin_api):
    before = stored()
    response = admin_api.put(URL, {"legalName": "No Stamp LLP"}, format="json")
    assert response.status_code == 400
    assert "updatedAt" in response.json()["errors"]
    assert stored() == before


def test_a_second_admin_saving_an_older_copy_is_409_and_loses_nothing(admin_api):
    other = client_for(AdminFactory())
    stamp = loaded(admin_api)["settings"]["updatedAt"]
    first = admin_api.put(URL, {"updatedAt": stamp, "legalName": "First LLP"}, format="json")
    assert first.status_code == 200
    second = other.put(URL, {"updatedAt": stamp, "city": "Pune"}, format="json")
    assert second.status_code == 409
    assert "changed by someone else" in second.json()["message"]
    row = stored()
    assert (row["legal_name"], row["city"]) == ("First LLP", "Bengaluru")
    # Reloaded, the second admin's save goes through on top of the first's.
    again = put(other, city="Pune")
    assert again.status_code == 200
    assert (stored()["legal_name"], stored()["city"]) == ("First LLP", "Pune")


def test_a_database_that_lost_the_row_saves_it_again_once(admin_api):
    ShopDetails.objects.all().delete()
    body = loaded(admin_api)
    assert body["settings"]["updatedAt"] is None
    assert body["settings"]["legalName"] == "ShopSphere Retail Private Limited"
    first = admin_api.put(URL, {"updatedAt": None, "legalName": "Back Again LLP"}, format="json")
    assert first.status_code == 200, first.json()
    assert stored()["legal_name"] == "Back Again LLP" and stored()["city"] == "Bengaluru"
    # Another form loaded while the row was missing does not overwrite it.
    second = admin_api.put(URL, {"updatedAt": None, "legalName": "Stale LLP"}, format="json")
    assert second.status_code == 409
    assert stored()["legal_name"] == "Back Again LLP"


def test_a_save_refreshes_the_cache_on_the_real_backend(admin_api, api, settings, tmp_path):
    """The file cache (the default without Redis) is what every server process shares."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "cache"),
        }
    }
    try:
        assert api.get(INFO).json()["shop"]["legalName"] == "ShopSphere Retail Private Limited"
        assert get_shop_details().legal_name == "ShopSphere Retail Private Limited"  # warm
        assert put(admin_api, legalName="Cached No More LLP").status_code == 200
        assert type(caches["default"]).__name__ == "FileBasedCache"
        assert api.get(INFO).json()["shop"]["legalName"] == "Cached No More LLP"
        assert get_shop_details().legal_name == "Cached No More LLP"
    finally:
        cache.clear()


# --- the cash on delivery cap reaches checkout --------------------------------------------


def test_the_cap_set_in_the_panel_is_what_checkout_and_shop_info_use(admin_api, api, settings):
    settings.COD_LIMIT = 50000
    product = ProductFactory(price=Decimal("3000.00"), quantity=5, category=CategoryFactory())
    buyer = UserFactory()
    home = Address.objects.create(
        user=buyer,
        name=buyer.name,
        phone="9876543210",
        line1="12 MG Road",
        city="Bengaluru",
        state="Karnataka",
        pincode="560001",
        is_default=True,
    )
    shopper = client_for(buyer)
    assert api.get(INFO).json()["codLimit"] == 50000
    assert put(admin_api, codLimit=2500).status_code == 200
    assert api.get(INFO).json()["codLimit"] == 2500
    refused = shopper.post(CHECKOUT, {"cart": [{"_id": product.pk}], "addressId": home.pk})
    assert refused.status_code == 400
    assert "up to ₹2,500" in str(refused.json())
    assert Order.objects.count() == 0
    # Back to the setting (null): the same order goes through.
    assert put(admin_api, codLimit=None).status_code == 200
    assert api.get(INFO).json()["codLimit"] == 50000
    placed = shopper.post(CHECKOUT, {"cart": [{"_id": product.pk}], "addressId": home.pk})
    assert placed.status_code == 201, placed.json()


# --- served PIN codes ---------------------------------------------------------------------


def test_the_counts_and_a_lookup(admin_api):
    ServedPincode.objects.create(pincode="110001", cod=True, days=3)
    ServedPincode.objects.create(pincode="560103", cod=False)
    body = admin_api.get(PINS, {"pincode": "110001"}).json()
    assert (body["loaded"], body["cod"]) == (2, 1)
    assert body["lookup"]["listed"] is True and body["lookup"]["days"] == 3
    assert body["lookup"]["serviceable"] is True and body["lookup"]["cod"] is True
    other = admin_api.get(PINS, {"pincode": "400001"}).json()["lookup"]
    assert (other["listed"], other["serviceable"]) == (False, False)
    assert "lookup" not in admin_api.get(PINS).json()
    bad = admin_api.get(PINS, {"pincode": "4000"})
    assert bad.status_code == 400 and bad.json()["errors"]["pincode"]


def test_a_good_file_replaces_the_list(admin_api):
    ServedPincode.objects.create(pincode="110001", cod=True)
    response = upload(admin_api, "pincode,cod\n400001,1\n600001,0\n682001,1\n")
    assert response.status_code == 200, response.json()
    assert response.json()["message"] == "Loaded 3 PIN codes (2 with cash on delivery)."
    assert (response.json()["loaded"], response.json()["cod"]) == (3, 2)
    assert set(ServedPincode.objects.values_list("pincode", flat=True)) == {
        "400001",
        "600001",
        "682001",
    }


def test_a_file_with_a_bad_line_changes_nothing_and_names_every_line(admin_api):
    ServedPincode.objects.create(pincode="110001", cod=True)
    response = upload(admin_api, "pincode,cod\n400001,1\n4000,1\n600001,2\n400001,0\n")
    assert response.status_code == 400
    problems = response.json()["errors"]["file"]
    assert problems == [
        'Line 3: "4000" is not a six-digit PIN code.',
        'Line 4: cod must be 1 or 0, not "2".',
        "Line 5: PIN code 400001 is listed twice (first on line 2).",
    ]
    assert response.json()["message"].startswith("File: Line 3")
    assert list(ServedPincode.objects.values_list("pincode", flat=True)) == ["110001"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe\x00p\x00i", "not UTF-8"),
        ("pincode,cod\n\u202e400001,1\n".encode(), "not a six-digit PIN code"),
        ("pincode,cod\n\u096a\u0966\u0966\u0966\u0966\u0967,1\n".encode(), "six-digit"),
        (b"pin,cash\n400001,1\n", "header"),
        (b"pincode,cod\n", "lists no PIN codes"),
    ],
)
def test_hostile_or_empty_files_are_400_and_change_nothing(admin_api, content, words):
    ServedPincode.objects.create(pincode="110001", cod=True)
    response = upload(admin_api, content)
    assert response.status_code == 400
    assert words in " ".join(response.json()["errors"]["file"])
    assert ServedPincode.objects.count() == 1


def test_a_huge_file_is_413_with_a_clear_message(admin_api):
    ServedPincode.objects.create(pincode="110001", cod=True)
    content = b"pincode,cod\n" + b"400001,1\n" * (delivery.MAX_IMPORT_BYTES // 9 + 1)
    response = upload(admin_api, content)
    assert response.status_code == 413
    assert response.json() == {"success": False, "message": delivery.TOO_LARGE}
    assert ServedPincode.objects.count() == 1


def test_a_body_far_over_the_limit_is_refused_before_it_is_read(admin_api, api):
    content = b"pincode,cod\n" + b"x" * (6 * 1024 * 1024)
    response = upload(admin_api, content)
    assert response.status_code == 413
    assert response.json()["message"] == delivery.TOO_LARGE
    assert upload(api, content).status_code == 401  # who asks is checked first


def test_the_counts_and_settings_are_read_in_fixed_queries(admin_api, django_assert_num_queries):
    ServedPincode.objects.create(pincode="110001", cod=True)
    get_shop_details()  # warm
    # The token's user, then the answer: the cached details need none.
    with django_assert_num_queries(1):
        assert admin_api.get(URL).status_code == 200
    # The user, the two counts.
    with django_assert_num_queries(3):
        assert admin_api.get(PINS).status_code == 200


def test_no_file_or_json_is_refused(admin_api):
    response = admin_api.post(PINS, {}, format="multipart")
    assert response.status_code == 400 and response.json()["errors"]["file"]
    as_json = admin_api.post(PINS, {"file": "pincode,cod"}, format="json")
    assert as_json.status_code == 415


def test_removing_the_list_serves_every_pin_again_and_is_safe_twice(admin_api, api):
    ServedPincode.objects.create(pincode="110001", cod=False)
    assert api.get("/api/v1/delivery/400001").json()["serviceable"] is False
    for _ in range(2):
        response = admin_api.delete(PINS)
        assert response.status_code == 200
        assert (response.json()["loaded"], response.json()["cod"]) == (0, 0)
    assert api.get("/api/v1/delivery/400001").json()["serviceable"] is True
