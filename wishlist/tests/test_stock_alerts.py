"""Back-in-stock requests (`POST /api/v1/product/{slug}/notify`): who may ask for what,
every refusal naming its reason with nothing saved, one pending request an address and
item; and the one mail each request gets when its item's stock rises, whichever writer
raised it (the API's product update, the Django admin's variants, a cancelled order's
stock back, a write past the catalogue caught by the sweep), never a second."""

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from catalog.services import restock
from catalog.services.restock import stock_may_have_risen
from catalog.tests.admin_forms import change_page
from catalog.tests.factories import ProductFactory
from orders.services import order_checkout
from shop.tasks import PERIODIC, run_ready_tasks
from wishlist import emails
from wishlist.alerts import check_stock_alerts, stock_rose, sweep_stock_alerts
from wishlist.claims import stock_alerts_release
from wishlist.models import AlertStatus, StockAlert
from wishlist.tests.conftest import size

pytestmark = pytest.mark.django_db


def notify(client, product, **body):
    return client.post(f"/api/v1/product/{product.slug}/notify", body)


def _pending():
    return list(
        StockAlert.objects.pending().order_by("pk").values_list("email", "product_id", "variant_id")
    )


# --- asking -------------------------------------------------------------------------------


def test_anyone_may_ask_with_an_email_and_it_is_kept_pending(anon_api, kettle):
    answer = notify(anon_api, kettle, email="Asha@Example.com")

    assert answer.status_code == 201, answer.json()
    assert answer.json() == {
        "success": True,
        "message": "We will write to asha@example.com once it is back in stock.",
    }
    alert = StockAlert.objects.get()
    assert (alert.email, alert.product_id, alert.variant_id, alert.user_id, alert.status) == (
        "asha@example.com",
        kettle.pk,
        None,
        None,
        AlertStatus.PENDING,
    )
    assert alert.site == "http://testserver"


def test_a_signed_in_shopper_is_written_to_at_their_own_address(buyer, buyer_api, kettle):
    answer = notify(buyer_api, kettle)
    assert answer.status_code == 201, answer.json()
    alert = StockAlert.objects.get()
    assert (alert.email, alert.user_id) == (buyer.email.lower(), buyer.pk)


def test_a_token_that_no_longer_works_counts_as_none(anon_api, kettle):
    anon_api.credentials(HTTP_AUTHORIZATION="Bearer not.a.token")
    refused = notify(anon_api, kettle)
    assert refused.status_code == 400
    assert refused.json()["message"] == (
        "Please give the email address to tell when it is back in stock."
    )
    assert notify(anon_api, kettle, email="a@example.com").status_code == 201
    assert StockAlert.objects.get().user_id is None


def test_a_signed_in_shopper_may_give_another_address(buyer_api, kettle):
    assert notify(buyer_api, kettle, email="gift@example.com").status_code == 201
    assert _pending() == [("gift@example.com", kettle.pk, None)]


def test_asking_again_while_pending_is_200_and_no_second_request(anon_api, buyer_api, kettle):
    assert notify(anon_api, kettle, email="asha@example.com").status_code == 201
    again = notify(anon_api, kettle, email=" ASHA@example.com ")
    assert again.status_code == 200, again.json()
    assert again.json()["message"].startswith("Already asked.")
    assert _pending() == [("asha@example.com", kettle.pk, None)]


def test_a_variant_and_its_product_are_items_of_their_own(anon_api, tee, kettle):
    medium = size(tee, "M")
    assert notify(anon_api, tee, email="a@example.com", variant=medium.pk).status_code == 201
    assert notify(anon_api, tee, email="a@example.com", variant=str(medium.pk)).status_code == 200
    assert notify(anon_api, kettle, email="a@example.com").status_code == 201
    assert _pending() == [
        ("a@example.com", tee.pk, medium.pk),
        ("a@example.com", kettle.pk, None),
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Please give the email address to tell when it is back in stock."),
        ({"email": ""}, "Email: This field may not be blank."),
        ({"email": "not-an-address"}, "Enter a valid email address."),
        ({"email": "a@b"}, "Enter a valid email address."),
        ({"email": 42}, "Enter a valid email address."),
        ({"email": "a@example.com", "variant": "abc"}, "Variant: Must be an id"),
        ({"email": "a@example.com", "variant": 0}, "Variant: Must be an id"),
    ],
)
def test_a_bad_request_is_400_naming_its_field_and_saves_nothing(anon_api, kettle, body, message):
    answer = notify(anon_api, kettle, **body)
    assert answer.status_code == 400, answer.json()
    assert answer.json()["message"].startswith(message)
    assert not StockAlert.objects.exists()


def test_another_products_variant_is_400_naming_it(anon_api, tee, kettle):
    medium = size(tee, "M")
    answer = notify(anon_api, kettle, email="a@example.com", variant=medium.pk)
    assert answer.status_code == 400
    assert answer.json()["message"] == f"Variant {medium.pk} is not one of this product's."
    assert not StockAlert.objects.exists()


def test_an_item_in_stock_is_400_and_saves_nothing(anon_api, tee):
    whole = notify(anon_api, tee, email="a@example.com")
    small = notify(anon_api, tee, email="a@example.com", variant=size(tee, "S").pk)

    assert whole.status_code == 400
    assert whole.json()["message"] == "Cotton Tee is in stock; you can order it now."
    assert small.status_code == 400
    assert small.json()["message"] == "Cotton Tee (S) is in stock; you can order it now."
    assert not StockAlert.objects.exists()


def test_an_unknown_product_is_404(anon_api):
    answer = anon_api.post("/api/v1/product/no-such-thing/notify", {"email": "a@example.com"})
    assert answer.status_code == 404
    assert answer.json() == {"success": False, "message": "Product not found."}


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def test_requests_without_a_token_are_throttled_per_address(anon_api, buyer_api, kettle, settings):
    _rates(settings, stock_alert_ip="2/min", stock_alert="100/min")
    for n in range(2):
        assert notify(anon_api, kettle, email=f"{n}@example.com").status_code == 201
    refused = notify(anon_api, kettle, email="late@example.com")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    # A signed-in shopper from the same address is counted as themselves.
    assert notify(buyer_api, kettle).status_code == 201
    assert StockAlert.objects.count() == 3


def test_signed_in_requests_are_throttled_per_user(buyer_api, kettle, settings):
    _rates(settings, stock_alert="1/min")
    assert notify(buyer_api, kettle).status_code == 201
    assert notify(buyer_api, kettle, email="x@example.com").status_code == 429
    assert StockAlert.objects.count() == 1


# --- the mail -----------------------------------------------------------------------------


def _restock_by_api(admin_api, product, quantity: int):
    answer = admin_api.put(
        f"/api/v1/product/update-product/{product.pk}",
        {"quantity": str(quantity)},
        format="multipart",
    )
    assert answer.status_code == 200, answer.content


def test_an_admin_restocking_a_product_mails_each_request_once(
    admin_api, anon_api, kettle, run_tasks, django_capture_on_commit_callbacks
):
    notify(anon_api, kettle, email="asha@example.com")
    notify(anon_api, kettle, email="ravi@example.com")

    with django_capture_on_commit_callbacks(execute=True):
        _restock_by_api(admin_api, kettle, 3)
    run_tasks()

    assert sorted(message.to[0] for message in mail.outbox) == [
        "asha@example.com",
        "ravi@example.com",
    ]
    message = mail.outbox[0]
    assert message.subject == "ShopSphere: Kettle is back in stock"
    assert "Good news: Kettle is back in stock." in message.body
    assert f"http://testserver/product/{kettle.slug}" in message.body
    assert not StockAlert.objects.pending().exists()
    assert all(alert.sent_at for alert in StockAlert.objects.all())

    # Stock rising again sends nothing more: each request is spent.
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _restock_by_api(admin_api, kettle, 5)
    run_tasks()
    assert mail.outbox == []


def test_a_spent_request_may_be_made_again(
    admin_api, anon_api, kettle, run_tasks, django_capture_on_commit_callbacks
):
    notify(anon_api, kettle, email="asha@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        _restock_by_api(admin_api, kettle, 3)
    run_tasks()
    _restock_by_api(admin_api, kettle, 0)

    assert notify(anon_api, kettle, email="asha@example.com").status_code == 201
    assert StockAlert.objects.filter(status=AlertStatus.SENT).count() == 1
    assert StockAlert.objects.pending().count() == 1


def test_a_variant_restocked_in_the_django_admin_mails_only_its_requests(
    staff_client, anon_api, tee, run_tasks, django_capture_on_commit_callbacks
):
    medium = size(tee, "M")
    notify(anon_api, tee, email="m@example.com", variant=medium.pk)
    order = ["S", "M", "L"]

    # More of the small size: the medium is still sold out, nobody is written to.
    with django_capture_on_commit_callbacks(execute=True):
        posted = staff_client.post(
            f"/admin/catalog/product/{tee.pk}/change/",
            change_page(staff_client, tee, **{f"variants-{order.index('S')}-quantity": "9"}),
        )
    assert posted.status_code == 302
    assert run_tasks() == 0
    assert mail.outbox == []

    with django_capture_on_commit_callbacks(execute=True):
        posted = staff_client.post(
            f"/admin/catalog/product/{tee.pk}/change/",
            change_page(staff_client, tee, **{f"variants-{order.index('M')}-quantity": "4"}),
        )
    assert posted.status_code == 302
    run_tasks()

    assert [message.to for message in mail.outbox] == [["m@example.com"]]
    assert mail.outbox[0].subject == "ShopSphere: Cotton Tee (M) is back in stock"
    assert not StockAlert.objects.pending().exists()


def test_a_cancelled_orders_stock_back_mails_the_request(
    buyer, buyer_api, anon_api, run_tasks, django_capture_on_commit_callbacks
):
    last = ProductFactory(name="Last Lamp", quantity=1)
    order, _ = order_checkout(buyer=buyer, cart=[{"_id": last.pk, "quantity": 1}], payment="cod")
    run_tasks()
    mail.outbox.clear()
    assert notify(anon_api, last, email="next@example.com").status_code == 201

    with django_capture_on_commit_callbacks(execute=True):
        cancelled = buyer_api.post(f"/api/v1/orders/{order.pk}/cancel")
    assert cancelled.status_code == 200, cancelled.json()
    run_tasks()

    alerts = [message for message in mail.outbox if message.to == ["next@example.com"]]
    assert [message.subject for message in alerts] == ["ShopSphere: Last Lamp is back in stock"]
    assert not StockAlert.objects.pending().exists()


def test_checkout_tells_the_hook_nothing(buyer, django_capture_on_commit_callbacks):
    lamp = ProductFactory(quantity=3)
    with django_capture_on_commit_callbacks() as callbacks:
        order_checkout(buyer=buyer, cart=[{"_id": lamp.pk, "quantity": 1}], payment="cod")
    assert not any(isinstance(callback, restock._Pending) for callback in callbacks)


def test_the_sweep_catches_stock_written_past_the_catalogue(anon_api, kettle, run_tasks):
    notify(anon_api, kettle, email="asha@example.com")
    kettle.variants.update(quantity=2)
    type(kettle).objects.filter(pk=kettle.pk).update(quantity=2)

    assert sweep_stock_alerts.call() == 1
    assert sweep_stock_alerts.call() == 0
    run_tasks()
    assert [message.to for message in mail.outbox] == [["asha@example.com"]]


def test_the_sweep_is_a_periodic_job():
    assert PERIODIC[sweep_stock_alerts.module_path] == "STOCK_ALERT_SWEEP_SECONDS"


def test_a_request_made_after_the_restock_is_still_mailed(anon_api, kettle, run_tasks):
    """The restock's own check ran before the request was written (the item was out of
    stock when it was asked for): the request's commit looks at the stock once more."""
    notify(anon_api, kettle, email="asha@example.com")
    type(kettle).objects.filter(pk=kettle.pk).update(quantity=1)
    kettle.variants.update(quantity=1)
    stock_rose([kettle.pk])
    run_tasks()
    assert len(mail.outbox) == 1


def test_a_mail_that_fails_is_tried_again_and_the_request_stays_spent(
    anon_api, kettle, monkeypatch
):
    notify(anon_api, kettle, email="asha@example.com")
    type(kettle).objects.filter(pk=kettle.pk).update(quantity=1)
    kettle.variants.update(quantity=1)
    monkeypatch.setattr(emails, "send_mail", lambda *a, **k: (_ for _ in ()).throw(OSError()))
    assert stock_alerts_release() == 1
    assert run_ready_tasks() == 1
    assert mail.outbox == []
    monkeypatch.undo()
    # The retry is due later; it is made due now, as time passing would.
    DBTaskResult.objects.filter(status="READY").update(run_after=timezone.now())
    assert run_ready_tasks() == 1
    assert [message.to for message in mail.outbox] == [["asha@example.com"]]
    assert StockAlert.objects.get().status == AlertStatus.SENT


# --- the hook -----------------------------------------------------------------------------


def test_the_hook_costs_the_writer_no_query_and_tells_once_per_transaction(
    django_assert_num_queries, django_capture_on_commit_callbacks, monkeypatch
):
    told = []
    monkeypatch.setattr(restock, "_listeners", [told.append])
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        transaction.atomic(),
        django_assert_num_queries(0),
    ):
        stock_may_have_risen([3, 1])
        stock_may_have_risen([1, 2])
        stock_may_have_risen([])
    assert len(callbacks) == 1
    assert told == [[1, 2, 3]]


def test_the_hook_tells_nothing_for_a_transaction_rolled_back(
    django_capture_on_commit_callbacks, monkeypatch
):
    told = []
    monkeypatch.setattr(restock, "_listeners", [told.append])
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        try:
            with transaction.atomic():
                stock_may_have_risen([1])
                raise RuntimeError
        except RuntimeError:
            pass
        stock_may_have_risen([2])
    assert told == [[2]]


def test_a_failing_listener_never_fails_the_writer(monkeypatch, django_capture_on_commit_callbacks):
    def broken(ids):
        raise RuntimeError("down")

    logged = []
    monkeypatch.setattr(restock, "_listeners", [broken])
    monkeypatch.setattr(restock.logger, "exception", lambda *args: logged.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        stock_may_have_risen([1])
    assert logged == [("A restock listener failed for products %s", [1])]


def test_the_listener_enqueues_nothing_when_no_request_is_due(
    anon_api, kettle, tee, django_assert_num_queries
):
    notify(anon_api, kettle, email="asha@example.com")
    with django_assert_num_queries(1):
        stock_rose([kettle.pk, tee.pk])  # the kettle still sold out
    assert not DBTaskResult.objects.filter(task_path=check_stock_alerts.module_path).exists()


# --- the Django admin ---------------------------------------------------------------------


def test_the_django_admin_lists_alerts_and_wishlists_to_look_at(
    staff_client, buyer_api, anon_api, kettle
):
    buyer_api.post("/api/v1/auth/wishlist", {"product": kettle.pk})
    notify(anon_api, kettle, email="asha@example.com")
    alert = StockAlert.objects.get()

    listed = staff_client.get("/admin/wishlist/stockalert/?status__exact=pending")
    assert listed.status_code == 200
    assert "asha@example.com" in listed.content.decode()
    assert staff_client.get("/admin/wishlist/wishlistitem/").status_code == 200
    assert staff_client.get("/admin/wishlist/stockalert/add/").status_code == 403
    shown = staff_client.get(f"/admin/wishlist/stockalert/{alert.pk}/change/")
    assert shown.status_code == 200
    assert 'name="email"' not in shown.content.decode()  # read-only
