"""A return for a refund, step by step: the request, approval, the parcel received (the
credit note's lines, amounts and serial, the stock back), the refund (cash on delivery:
the admin's reference), each step's history and mail; the answer's JSON exactly; a
line returned in two parts credits exactly its invoice; the delivery charge comes back
only with the whole order for the shop's fault; and the admin's whole-order Returned
after a return credits the rest."""

import io
from decimal import Decimal

import pytest
from django.core import mail
from pypdf import PdfReader

from orders import actions
from orders.models import Invoice, InvoiceKind, Order, OrderStatus
from returns.models import Return, ReturnStatusChange
from returns.tests.conftest import deliver, place, size, stock
from returns.tests.helpers import ask, lines_of, move

pytestmark = pytest.mark.django_db


def _credit_notes(order):
    return list(Invoice.objects.filter(order=order, kind=InvoiceKind.CREDIT_NOTE).order_by("pk"))


def test_a_refund_of_one_unit_from_request_to_refunded(
    buyer, buyer_api, admin_api, delivered, tee, run_tasks
):
    (line,) = lines_of(delivered)
    medium = size(tee, "M")
    assert stock(medium) == (2, 12)

    asked = ask(buyer_api, delivered, [(line, 1)], reason="size", note="Too tight")
    assert asked.status_code == 201, asked.json()
    body = asked.json()
    assert body["success"] is True and body["message"] == "Return requested"
    ret = body["return"]
    return_id = ret["_id"]
    stored = Return.objects.get(pk=return_id)
    assert ret == {
        "_id": return_id,
        "order": str(delivered.pk),
        "lines": [
            {
                "_id": line,
                "quantity": 1,
                "name": "Cotton Tee",
                "options": {"Size": "M"},
                "sku": medium.sku,
                "price": 499,
                "product": str(tee.pk),
                "variant": str(medium.pk),
            }
        ],
        "reason": "size",
        "kind": "refund",
        "exchangeVariant": None,
        "exchangeOptions": {},
        "status": "Requested",
        "nextStatuses": ["Approved", "Rejected"],
        "refundAmount": 0,
        "creditNoteNumber": None,
        "exchangeOrder": None,
        "refundReference": "",
        "refund": None,
        "note": "Too tight",
        "adminNote": "",
        "buyer": {"_id": str(buyer.pk), "name": buyer.name},
        "history": [
            {"status": "Requested", "at": ret["createdAt"], "note": "Too tight"},
        ],
        "createdAt": ret["createdAt"],
        "updatedAt": ret["updatedAt"],
    }
    assert stored.status == "Requested"
    assert run_tasks() == 1
    assert mail.outbox[-1].to == [buyer.email]
    assert mail.outbox[-1].subject == f"ShopSphere: we have your return request {return_id}"
    assert "1 x Cotton Tee (M)" in mail.outbox[-1].body

    approved = move(admin_api, return_id, "Approved")
    assert approved.status_code == 200, approved.json()
    assert approved.json()["return"]["status"] == "Approved"
    assert approved.json()["return"]["nextStatuses"] == ["Rejected", "Received"]
    assert approved.json()["return"]["buyer"]["email"] == buyer.email
    assert stock(medium) == (2, 12)  # a refund holds nothing
    assert _credit_notes(delivered) == []

    received = move(admin_api, return_id, "Received", note="Tags on")
    assert received.status_code == 200, received.json()
    ret = received.json()["return"]
    # 499 less a third of the line's 149.70 discount (49.90): 449.10, of which 5% GST is
    # 21.39 (21.386 rounded), half 10.695 each way, rounded half up to 10.70.
    assert ret["refundAmount"] == 449.1
    (note,) = _credit_notes(delivered)
    assert ret["creditNoteNumber"] == note.number
    assert note.number.startswith("SS/CN") and note.number.endswith("/0001")
    assert note.amount == Decimal("449.10")
    assert note.lines == [
        {
            "line": int(line),
            "quantity": 1,
            "value": "449.10",
            "discount": "49.90",
            "taxableValue": "427.70",
            "cgst": "10.70",
            "sgst": "10.70",
            "igst": "0.00",
        }
    ]
    assert stock(medium) == (3, 13)  # the unit is back
    assert ret["nextStatuses"] == ["Refunded"]
    assert ret["history"][-1]["note"] == "Tags on"

    # Cash on delivery: the admin's reference is required, and recorded.
    without = move(admin_api, return_id, "Refunded")
    assert without.status_code == 400
    assert "refundReference" in without.json()["message"]
    assert Return.objects.get(pk=return_id).status == "Received"
    refunded = move(admin_api, return_id, "Refunded", refundReference="UPI-4471-2026")
    assert refunded.status_code == 200, refunded.json()
    ret = refunded.json()["return"]
    assert ret["status"] == "Refunded" and ret["nextStatuses"] == []
    assert ret["refundReference"] == "UPI-4471-2026" and ret["refund"] is None
    assert [step["status"] for step in ret["history"]] == [
        "Requested",
        "Approved",
        "Received",
        "Refunded",
    ]
    assert ReturnStatusChange.objects.filter(ret_id=return_id).count() == 4
    assert stock(medium) == (3, 13)
    assert len(_credit_notes(delivered)) == 1

    mail.outbox.clear()
    assert run_tasks() >= 3  # three mails (and the credit note's PDF)
    subjects = [message.subject for message in mail.outbox]
    assert subjects == [
        f"ShopSphere: your return {return_id} is approved",
        f"ShopSphere: we have received your return {return_id}",
        f"ShopSphere: your return {return_id} is refunded",
    ]
    assert f"Credit note {note.number} for ₹449.10" in mail.outbox[1].body
    assert "reference UPI-4471-2026" in mail.outbox[2].body

    # The order answers its credit note, and the download is that note's PDF.
    order = buyer_api.get(f"/api/v1/orders/{delivered.pk}").json()["order"]
    assert order["creditNotes"] == [
        {"number": note.number, "date": order["creditNotes"][0]["date"], "amount": 449.1}
    ]
    assert order["status"] == "Delivered"
    listed = buyer_api.get(f"/api/v1/orders/{delivered.pk}/returns").json()
    assert [r["_id"] for r in listed["returns"]] == [return_id]
    assert listed["returns"][0]["status"] == "Refunded"


def _pdf_text(response) -> str:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(
        io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content)
    )
    return "\n".join(page.extract_text() for page in reader.pages)


def test_a_line_returned_in_two_parts_credits_exactly_its_invoice_and_prints_each_part(
    buyer_api, admin_api, delivered, tee
):
    (line,) = lines_of(delivered)
    first = ask(buyer_api, delivered, [(line, 1)]).json()["return"]["_id"]
    second = ask(buyer_api, delivered, [(line, 2)], reason="changed-mind").json()["return"]["_id"]
    for return_id in (first, second):
        assert move(admin_api, return_id, "Approved").status_code == 200
        assert move(admin_api, return_id, "Received").status_code == 200
    one, two = _credit_notes(delivered)
    assert one.number.endswith("/0001") and two.number.endswith("/0002")
    # The last two units take what is left of the line: 149.70 - 49.90 of discount, and
    # 32.08 - 10.70 of each tax, so both notes add up to the line exactly.
    assert two.lines == [
        {
            "line": int(line),
            "quantity": 2,
            "value": "898.20",
            "discount": "99.80",
            "taxableValue": "855.44",
            "cgst": "21.38",
            "sgst": "21.38",
            "igst": "0.00",
        }
    ]
    assert one.amount + two.amount == Decimal("1347.30")
    assert Decimal(one.lines[0]["taxableValue"]) + Decimal(two.lines[0]["taxableValue"]) == (
        Decimal("1283.14")
    )
    # Paid by cash on delivery, no delivery charge: nothing else comes back.
    assert stock(size(tee, "M")) == (5, 15)

    latest = _pdf_text(buyer_api.get(f"/api/v1/orders/{delivered.pk}/credit-note"))
    assert f"Credit note No.: {two.number}" in latest
    assert "898.20" in latest and "855.44" in latest
    assert "Total credited: ₹898.20" in latest
    assert "Against tax invoice No.: " + delivered.invoice_number in latest
    picked = _pdf_text(
        buyer_api.get(f"/api/v1/orders/{delivered.pk}/credit-note", {"number": one.number})
    )
    assert f"Credit note No.: {one.number}" in picked and "Total credited: ₹449.10" in picked
    missing = buyer_api.get(f"/api/v1/orders/{delivered.pk}/credit-note", {"number": "SS/X/1"})
    assert missing.status_code == 404
    assert missing.json()["message"] == "This order has no credit note"

    order = buyer_api.get(f"/api/v1/orders/{delivered.pk}").json()["order"]
    assert [(n["number"], n["amount"]) for n in order["creditNotes"]] == [
        (one.number, 449.1),
        (two.number, 898.2),
    ]


@pytest.mark.parametrize(
    ("reason", "delivery_back"),
    [("damaged", True), ("wrong-item", True), ("size", False), ("changed-mind", False)],
)
def test_the_delivery_charge_comes_back_only_with_the_whole_order_for_the_shops_fault(
    buyer, buyer_api, admin_api, tee, kettle, delivery_charge, reason, delivery_back
):
    order = deliver(place(buyer, (size(tee, "S"), 1), (kettle.variants.get(), 1)))
    assert order.delivery_charge == Decimal("49.00")
    tee_line, kettle_line = order.lines.order_by("pk")
    # Part of the order, for the shop's fault or not: no delivery back.
    part = ask(buyer_api, order, [(tee_line.pk, 1)], reason="damaged").json()["return"]["_id"]
    move(admin_api, part, "Approved")
    move(admin_api, part, "Received")
    (first,) = _credit_notes(order)
    assert [row["line"] for row in first.lines] == [tee_line.pk]
    assert first.amount == Decimal("499.00")
    # The rest of the order: the whole order has now come back.
    rest = ask(buyer_api, order, [(kettle_line.pk, 1)], reason=reason).json()["return"]["_id"]
    move(admin_api, rest, "Approved")
    ret = move(admin_api, rest, "Received").json()["return"]
    _, second = _credit_notes(order)
    if delivery_back:
        assert [row["line"] for row in second.lines] == [kettle_line.pk, None]
        assert second.lines[1] == {
            "line": None,
            "quantity": 1,
            "value": "49.00",
            "discount": "0.00",
            "taxableValue": str(
                order.delivery_charge
                - order.delivery_cgst
                - order.delivery_sgst
                - order.delivery_igst
            ),
            "cgst": str(order.delivery_cgst),
            "sgst": str(order.delivery_sgst),
            "igst": str(order.delivery_igst),
        }
        assert ret["refundAmount"] == 1249
    else:
        assert [row["line"] for row in second.lines] == [kettle_line.pk]
        assert ret["refundAmount"] == 1200
    # The kettle at 18%: 1,200 is 183.05 of GST (CGST 91.53 + SGST 91.53), as invoiced.
    assert second.lines[0]["cgst"] == str(kettle_line.cgst) == "91.53"


def test_the_admins_whole_order_return_after_a_return_credits_and_restocks_the_rest(
    buyer, buyer_api, admin_api, tee, kettle, delivery_charge
):
    order = deliver(place(buyer, (size(tee, "L"), 2), (kettle.variants.get(), 1)))
    tee_line, kettle_line = order.lines.order_by("pk")
    large = size(tee, "L")
    assert stock(large) == (3, 13)
    ret = ask(buyer_api, order, [(tee_line.pk, 1)]).json()["return"]["_id"]
    move(admin_api, ret, "Approved")
    move(admin_api, ret, "Received")
    assert stock(large) == (4, 14)

    returned = admin_api.put(f"/api/v1/auth/order-status/{order.pk}", {"status": "Returned"})
    assert returned.status_code == 200, returned.json()
    first, whole = _credit_notes(order)
    # One tee and the kettle, with the delivery charge: what the first note did not credit.
    assert [(row["line"], row["quantity"]) for row in whole.lines] == [
        (tee_line.pk, 1),
        (kettle_line.pk, 1),
        (None, 1),
    ]
    assert first.amount + whole.amount == order.total
    assert stock(large) == (5, 15)  # the second tee back once, the first not again
    assert stock(kettle.variants.get()) == (5, 5)
    # The return is refunded as before; a new return of the order is refused.
    assert move(admin_api, ret, "Refunded", refundReference="NEFT-1").status_code == 200
    again = ask(buyer_api, order, [(tee_line.pk, 1)])
    assert again.status_code == 409
    assert "is Returned" in again.json()["message"]
    assert Order.objects.get(pk=order.pk).status == OrderStatus.RETURNED


def test_the_whole_order_returned_without_returns_credits_everything_once(
    buyer, tee, delivery_charge
):
    order = deliver(place(buyer, (size(tee, "S"), 2)))
    actions.order_return(order_id=order.pk)
    (note,) = _credit_notes(order)
    assert note.amount == order.total == Decimal("1047.00")
    assert [(row["line"], row["quantity"]) for row in note.lines] == [
        (order.lines.get().pk, 2),
        (None, 1),
    ]
    assert stock(size(tee, "S")) == (5, 15)
