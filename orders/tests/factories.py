"""Orders for tests and demo data: placed through the checkout service, so stock, prices
and snapshots are exactly what a real checkout makes."""

from orders.services import order_checkout


def place_order(buyer, *items, address: str = ""):
    """`place_order(user, (product, 2), product2)`: an order of those products."""
    cart = []
    for item in items:
        product, quantity = item if isinstance(item, tuple) else (item, 1)
        cart.append({"_id": product.pk, "quantity": quantity})
    order, _ = order_checkout(buyer=buyer, cart=cart, address=address)
    return order
