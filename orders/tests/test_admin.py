"""The Django admin for orders: lines and status history inline and read-only, search by
buyer e-mail, filter by status, status changes through the status machine."""

from decimal import Decimal

import pytest

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from orders.models import Order
from orders.tests.factories import place_order

pytestmark = pytest.mark.django_db


@pytest.fixture
def order():
    product = ProductFactory(name="Desk Lamp", price=Decimal("1499.00"), quantity=4)
    return place_order(
        UserFactory(email="asha@example.com", address="5 Lake Rd, Bengaluru 560001"), (product, 2)
    )


def test_orders_are_searchable_by_buyer_email_and_filterable_by_status(staff_client, order):
    place_order(UserFactory(email="ravi@example.com"), ProductFactory())
    found = staff_client.get("/admin/orders/order/?q=asha@")
    assert found.status_code == 200
    html = found.content.decode()
    assert "asha@example.com" in html and "ravi@example.com" not in html
    filtered = staff_client.get("/admin/orders/order/?status__exact=Cancelled").content.decode()
    assert "asha@example.com" not in filtered
    assert "By status" in staff_client.get("/admin/orders/order/").content.decode()


def test_the_order_page_shows_lines_whose_price_cannot_be_edited(staff_client, order):
    response = staff_client.get(f"/admin/orders/order/{order.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Desk Lamp" in html and "1499.00" in html
    # The status history is shown, read-only.
    assert "Status history" in html and 'name="status_changes-0-status"' not in html
    assert 'name="lines-0-price"' not in html
    assert 'name="status"' in html
    # Only the current status and the allowed moves are offered.
    assert 'value="Shipped"' not in html and 'value="Processing"' in html


def test_a_status_change_in_the_admin_follows_the_machine_and_returns_stock(staff_client, order):
    line = order.lines.get()
    response = staff_client.post(
        f"/admin/orders/order/{order.pk}/change/",
        {
            "status": "Cancelled",
            "lines-TOTAL_FORMS": "1",
            "lines-INITIAL_FORMS": "1",
            "lines-MIN_NUM_FORMS": "0",
            "lines-MAX_NUM_FORMS": "1000",
            "lines-0-id": str(line.pk),
            "lines-0-order": str(order.pk),
            "lines-0-price": "1.00",
            # The status history inline is read-only: its management form only.
            "status_changes-TOTAL_FORMS": "1",
            "status_changes-INITIAL_FORMS": "1",
            "status_changes-MIN_NUM_FORMS": "0",
            "status_changes-MAX_NUM_FORMS": "1000",
            "status_changes-0-id": str(order.status_changes.get().pk),
            "status_changes-0-order": str(order.pk),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    order.refresh_from_db()
    line.refresh_from_db()
    assert order.status == "Cancelled"
    assert line.price == Decimal("1499.00")
    assert line.product.quantity == 4
    # The move is in the history, by the owner who made it.
    history = list(order.status_changes.values_list("status", "by__email"))
    assert history == [("Not Processed", None), ("Cancelled", "owner@example.com")]
    skipped = staff_client.post(f"/admin/orders/order/{order.pk}/change/", {"status": "Shipped"})
    assert skipped.status_code == 200  # the form refuses it
    assert Order.objects.get(pk=order.pk).status == "Cancelled"


def _admin_form(order, **fields) -> dict:
    """The order's change form as the Django admin posts it (inlines read-only)."""
    line = order.lines.get()
    changes = list(order.status_changes.order_by("pk"))
    form = {
        "lines-TOTAL_FORMS": "1",
        "lines-INITIAL_FORMS": "1",
        "lines-MIN_NUM_FORMS": "0",
        "lines-MAX_NUM_FORMS": "1000",
        "lines-0-id": str(line.pk),
        "lines-0-order": str(order.pk),
        "status_changes-TOTAL_FORMS": str(len(changes)),
        "status_changes-INITIAL_FORMS": str(len(changes)),
        "status_changes-MIN_NUM_FORMS": "0",
        "status_changes-MAX_NUM_FORMS": "1000",
    }
    for i, change in enumerate(changes):
        form[f"status_changes-{i}-id"] = str(change.pk)
        form[f"status_changes-{i}-order"] = str(order.pk)
    return {**form, **fields}


def test_shipping_in_the_admin_takes_the_courier_and_awb(staff_client, order):
    page = staff_client.get(f"/admin/orders/order/{order.pk}/change/").content.decode()
    assert 'name="ship_courier"' in page and 'name="ship_awb"' in page
    url = f"/admin/orders/order/{order.pk}/change/"
    assert staff_client.post(url, _admin_form(order, status="Processing")).status_code == 302
    shipped = staff_client.post(
        url, _admin_form(order, status="Shipped", ship_courier=" Delhivery ", ship_awb="DL 42/7")
    )
    assert shipped.status_code == 302, shipped.content.decode()[:2000]
    order.refresh_from_db()
    assert order.status == "Shipped" and order.invoice_number
    assert (order.courier, order.tracking_number) == ("Delhivery", "DL 42/7")
