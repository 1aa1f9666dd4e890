"""Invoice PDFs on S3-compatible media storage, against a real S3 emulator (moto's
server on a loopback port): the job stores one object under invoices/, the download
reads it back, and nothing lands in MEDIA_ROOT."""

from decimal import Decimal

import pytest

from catalog.tests.factories import ProductFactory
from orders.models import Invoice, Order
from orders.tasks import render_invoice
from orders.tests.test_invoices import gst_order, pdf_text
from shop.tests.live_gunicorn import free_port
from shop.tests.s3server import bucket_keys, media_in_bucket, moto_server

pytestmark = pytest.mark.django_db

BUCKET = "shop-invoices"


@pytest.fixture(scope="module")
def s3_endpoint():
    with moto_server(free_port()) as endpoint:
        yield endpoint


@pytest.fixture
def s3(settings, s3_endpoint):
    with media_in_bucket(settings, s3_endpoint, BUCKET) as client:
        yield client


@pytest.fixture
def kettle(db):
    return ProductFactory(name="Steel Kettle 1.5 L", price=Decimal("1299.00"), quantity=10)


@pytest.fixture
def shirt(db):
    return ProductFactory(name="Cotton T-shirt", price=Decimal("499.00"), quantity=10)


def test_the_invoice_pdf_is_kept_in_the_bucket_once(
    s3, settings, admin_api, buyer_api, buyer, kettle, shirt, run_tasks
):
    order = gst_order(buyer, kettle, shirt)
    assert (
        admin_api.put(f"/api/v1/auth/order-status/{order.pk}", {"status": "Shipped"}).status_code
        == 200
    )
    run_tasks()
    document = Invoice.objects.get()
    keys = bucket_keys(s3, BUCKET)
    assert keys == {document.pdf.name}
    assert document.pdf.name.startswith("invoices/")
    render_invoice.call(document.pk)
    assert bucket_keys(s3, BUCKET) == keys
    answer = buyer_api.get(f"/api/v1/orders/{order.pk}/invoice")
    assert answer.status_code == 200
    number = Order.objects.get(pk=order.pk).invoice_number
    assert f"Invoice No.: {number}" in pdf_text(answer.content)
    assert not (settings.MEDIA_ROOT / "invoices").exists()
