"""A sale made while an editor has the product open is never undone by the editor's save
(noticed in an earlier note: the stock an order takes did not move `updated_at`, and each
save of a form wrote its stock back). The update call refuses a save loaded before the
sale (409, its `updatedAt` check); the Django admin writes only the fields changed and
refuses a stock edited from a figure that is no longer the stored one; a cancel is a
change too."""

import re

import pytest

from accounts.tests.factories import UserFactory
from catalog.admin import STOCK_CHANGED
from catalog.tests.admin_forms import change_page
from catalog.tests.factories import ProductFactory
from catalog.tests.test_product_lost_updates import CHANGED, loaded, save
from orders.services import order_cancel
from orders.tests.factories import place_order

pytestmark = pytest.mark.django_db


def test_a_save_loaded_before_a_sale_is_refused(admin_api, anon_api):
    product = ProductFactory(quantity=10, description="Old words.")
    shown = loaded(anon_api, product)
    place_order(UserFactory(), (product, 2))
    response = save(
        admin_api, product, description="New words.", quantity="10", updatedAt=shown["updatedAt"]
    )
    assert response.status_code == 409
    assert response.json()["message"] == CHANGED
    product.refresh_from_db()
    assert (product.quantity, product.description) == (8, "Old words.")
    # Reloaded, the same edit goes through with the stock the sale left.
    fresh = loaded(anon_api, product)
    assert fresh["quantity"] == 8
    response = save(admin_api, product, description="New words.", updatedAt=fresh["updatedAt"])
    assert response.status_code == 200


def test_a_cancel_moves_the_product_too(admin_api, anon_api):
    product = ProductFactory(quantity=10)
    buyer = UserFactory()
    order = place_order(buyer, (product, 3))
    shown = loaded(anon_api, product)
    order_cancel(buyer=buyer, order_id=order.pk)
    response = save(admin_api, product, quantity="7", updatedAt=shown["updatedAt"])
    assert response.status_code == 409
    product.refresh_from_db()
    assert product.quantity == 10


def change_form(client, product, quantity=None, **changes):
    """The product's admin page as a browser posts it; `quantity` edits the stock of its
    only variant (the product's own is read-only, the sum of its variants')."""
    if quantity is not None:
        changes["variants-0-quantity"] = quantity
    return change_page(client, product, **changes)


def test_the_admin_form_carries_the_stock_it_showed(staff_client):
    product = ProductFactory(quantity=10)
    html = staff_client.get(f"/admin/catalog/product/{product.pk}/change/").content.decode()
    assert re.search(r'name="initial-variants-0-quantity" value="10"', html)


def test_an_admin_save_leaves_a_sale_made_meanwhile(staff_client):
    product = ProductFactory(quantity=10, description="Old words.")
    shown = change_form(staff_client, product, description="New words.")
    place_order(UserFactory(), (product, 2))
    response = staff_client.post(f"/admin/catalog/product/{product.pk}/change/", shown)
    assert response.status_code == 302
    product.refresh_from_db()
    assert (product.quantity, product.description) == (8, "New words.")


def test_an_admin_stock_edit_from_an_old_figure_is_refused(staff_client):
    product = ProductFactory(quantity=10)
    shown = change_form(staff_client, product, quantity="15")
    place_order(UserFactory(), (product, 2))
    response = staff_client.post(f"/admin/catalog/product/{product.pk}/change/", shown)
    assert response.status_code == 200
    assert STOCK_CHANGED.format(shown=10, now=8) in response.content.decode()
    product.refresh_from_db()
    assert product.quantity == 8
    # From the figure now stored, the edit is made.
    shown["initial-variants-0-quantity"] = "8"
    response = staff_client.post(f"/admin/catalog/product/{product.pk}/change/", shown)
    assert response.status_code == 302
    product.refresh_from_db()
    assert product.quantity == 15


def changelist(product, **changes):
    data = {
        "form-TOTAL_FORMS": "1",
        "form-INITIAL_FORMS": "1",
        "form-MIN_NUM_FORMS": "0",
        "form-MAX_NUM_FORMS": "1000",
        "form-0-id": str(product.pk),
        "form-0-price": str(product.price),
        "form-0-quantity": str(product.quantity),
        "initial-form-0-quantity": str(product.quantity),
        "_save": "Save",
    }
    data.update(changes)
    return data


def test_a_quick_price_edit_in_the_list_leaves_the_stock(staff_client):
    product = ProductFactory(quantity=10, price="999.00")
    page = staff_client.get("/admin/catalog/product/").content.decode()
    assert 'name="initial-form-0-quantity" value="10"' in page
    shown = changelist(product, **{"form-0-price": "899.00"})
    place_order(UserFactory(), (product, 2))
    response = staff_client.post("/admin/catalog/product/", shown)
    assert response.status_code == 302
    product.refresh_from_db()
    assert (str(product.price), product.quantity) == ("899.00", 8)


def test_a_quick_stock_edit_in_the_list_from_an_old_figure_is_refused(staff_client):
    product = ProductFactory(quantity=10)
    shown = changelist(product, **{"form-0-quantity": "20"})
    place_order(UserFactory(), (product, 1))
    response = staff_client.post("/admin/catalog/product/", shown)
    assert response.status_code == 200
    assert STOCK_CHANGED.format(shown=10, now=9) in response.content.decode()
    product.refresh_from_db()
    assert product.quantity == 9


def test_an_admin_stock_check_holds_the_row_until_the_save(staff_client):
    """Between the check of the stock shown and the save, no sale may commit: the check
    reads the row locked (PostgreSQL), or the admin's transaction holds the write lock
    from its start (SQLite's IMMEDIATE transactions)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    product = ProductFactory(quantity=10)
    with CaptureQueriesContext(connection) as queries:
        response = staff_client.post(
            f"/admin/catalog/product/{product.pk}/change/",
            change_form(staff_client, product, quantity="15"),
        )
    assert response.status_code == 302
    if connection.vendor == "postgresql":
        sql = [query["sql"] for query in queries.captured_queries]
        locked = [q for q in sql if "FOR UPDATE" in q and '"catalog_product"' in q]
        assert locked, sql
        assert sql.index(locked[0]) < next(
            i for i, q in enumerate(sql) if q.startswith('UPDATE "catalog_product"')
        )
    else:
        assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    product.refresh_from_db()
    assert product.quantity == 15
