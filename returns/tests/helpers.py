"""The calls of the returns tests."""

from orders.models import Order


def lines_of(order: Order) -> list[str]:
    return [str(pk) for pk in order.lines.values_list("pk", flat=True)]


def ask(api, order, lines, *, reason="size", kind="refund", **extra):
    """POST orders/{id}/returns with `lines` as [(order line id, quantity)]."""
    body = {
        "lines": [{"_id": line, "quantity": quantity} for line, quantity in lines],
        "reason": reason,
        "kind": kind,
        **extra,
    }
    return api.post(f"/api/v1/orders/{order.pk}/returns", body)


def move(api, return_id, status, **extra):
    return api.put(f"/api/v1/returns/{return_id}/status", {"status": status, **extra})
