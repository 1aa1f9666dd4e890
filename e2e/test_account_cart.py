"""One account on two devices (two browser contexts, each its own storage): the cart
follows the account. What device A adds, device B shows once signed in, with B's guest
cart merged into it; A, opening its cart, shows the merged cart and saves its next change
over it (never its old cart); signing out of A empties A's cart and leaves the account's
alone.
On a phone and on a laptop."""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from accounts.models import Cart
from accounts.tests.factories import PASSWORD, UserFactory
from catalog.tests.factories import ProductFactory
from e2e.test_a11y import assert_accessible

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 900}}


def cart_link(page, count):
    noun = "item" if count == 1 else "items"
    return page.get_by_role("link", name=f"Cart, {count} {noun}")


def stored_cart(page):
    return json.loads(page.evaluate("() => localStorage.getItem('cart') || '[]'"))


def is_load(response):
    return response.url.endswith("/api/v1/auth/cart") and response.request.method == "GET"


def is_save(response):
    return response.url.endswith("/api/v1/auth/cart") and response.request.method == "PUT"


def log_in(page, base_url, user):
    page.goto(base_url + "/login")
    page.get_by_label("Email address", exact=True).fill(user.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Login").click()
    expect(page).to_have_url(re.compile("^" + re.escape(base_url) + r"/(\?.*)?$"))


def open_menu_if_folded(page):
    toggler = page.get_by_role("button", name="Toggle navigation")
    if toggler.is_visible():
        toggler.click()


def add_to_cart(page, base_url, product):
    page.goto(f"{base_url}/product/{product.slug}")
    page.get_by_role("button", name="Add to Cart", exact=True).click()


def cart_lines(page):
    return page.get_by_role("region", name="Items in your cart")


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_cart_follows_the_account_across_two_devices(browser, base_url, size):
    # No profile address: the cart then offers no "Update Address" button, whose outline
    # style is the cart page's own concern (its contrast is checked with that page).
    user = UserFactory(name="Asha Rao", address="")
    mug = ProductFactory(name="Travel Mug", quantity=20)
    lamp = ProductFactory(name="Desk Lamp", quantity=20)
    device_a = browser.new_context(viewport=size)
    device_b = browser.new_context(viewport=size)
    try:
        a = device_a.new_page()
        b = device_b.new_page()
        # As the `page` fixture: waits as long as actions (the machine may be busy).
        expect.set_options(timeout=10_000)
        for page in (a, b):
            page.set_default_timeout(10_000)
        errors = []
        for page in (a, b):
            page.on("pageerror", lambda error: errors.append(str(error)))

        # Device A, signed in, adds a mug: it is saved to the account.
        log_in(a, base_url, user)
        with a.expect_response(is_save) as saved:
            add_to_cart(a, base_url, mug)
        assert saved.value.ok
        expect(cart_link(a, 1)).to_be_visible()
        assert Cart.objects.get(user=user).lines[0]["product"] == mug.pk

        # Device B, a guest, puts two lamps in its cart, then signs in: both carts merge.
        add_to_cart(b, base_url, lamp)
        expect(cart_link(b, 1)).to_be_visible()
        add_to_cart(b, base_url, lamp)
        expect(cart_link(b, 2)).to_be_visible()
        log_in(b, base_url, user)
        expect(cart_link(b, 3)).to_be_visible()
        b.goto(base_url + "/cart")
        lines = cart_lines(b)
        expect(lines.get_by_role("link", name="Travel Mug")).to_be_visible()
        expect(lines.get_by_role("link", name="Desk Lamp")).to_be_visible()
        expect(lines.get_by_label("Quantity of Desk Lamp")).to_have_text("2")
        assert sorted(entry["name"] for entry in stored_cart(b)) == [
            "Desk Lamp",
            "Desk Lamp",
            "Travel Mug",
        ]
        assert_accessible(b, "the merged cart")

        # Device A, which held the mug alone, shows the account's cart when its cart page
        # opens, and saves nothing back over it.
        version = Cart.objects.get(user=user).version
        with a.expect_response(is_load):
            a.goto(base_url + "/cart")
        expect(cart_lines(a).get_by_role("link", name="Desk Lamp")).to_be_visible()
        expect(cart_link(a, 3)).to_be_visible()
        # A's next change is saved as a change of the cart it loaded, over its version: a
        # save of the mug alone would have moved the version on.
        with a.expect_response(is_save) as saved:
            cart_lines(a).get_by_role("button", name="More: Desk Lamp").click()
        assert saved.value.ok
        assert saved.value.request.post_data_json["version"] == version
        cart = Cart.objects.get(user=user)
        assert cart.version == version + 1
        assert sorted((line["product"], line["quantity"]) for line in cart.lines) == sorted(
            [(mug.pk, 1), (lamp.pk, 3)]
        )
        with b.expect_response(is_load):
            b.reload()
        expect(cart_link(b, 4)).to_be_visible()

        # Signing out of A empties A's cart, not the account's.
        open_menu_if_folded(a)
        a.get_by_role("button", name="Asha Rao").click()
        a.get_by_role("button", name="Logout").click()
        expect(cart_link(a, 0)).to_be_visible()
        assert stored_cart(a) == []
        with b.expect_response(is_load):
            b.reload()
        expect(cart_link(b, 4)).to_be_visible()
        assert sum(line["quantity"] for line in Cart.objects.get(user=user).lines) == 4
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        device_a.close()
        device_b.close()


def saved_lines(user, timeout=10.0):
    """The account's cart lines once a save has landed. A save sent as the page goes away
    is finished by the browser with no page left to report it, so the database is polled
    (every 50 ms, up to `timeout`) for the state that save leaves."""
    deadline = time.monotonic() + timeout
    while True:
        lines = Cart.objects.filter(user=user).values_list("lines", flat=True).first()
        if lines:
            return lines
        assert time.monotonic() < deadline, f"no save reached the account in {timeout} s"
        time.sleep(0.05)


def test_a_change_made_as_the_page_goes_away_reaches_the_account(browser, base_url):
    """Added, then the shopper leaves at once (before the save's moment): the save is sent
    as the page goes, by fetch with keepalive, and lands after the page is gone (an XHR
    was cancelled with the page, and the change was lost)."""
    user = UserFactory(address="")
    mug = ProductFactory(name="Travel Mug", quantity=20)
    context = browser.new_context()
    try:
        page = context.new_page()
        log_in(page, base_url, user)
        page.goto(f"{base_url}/product/{mug.slug}")
        expect(page.get_by_role("heading", level=1, name="Travel Mug")).to_be_visible()
        page.get_by_role("button", name="Add to Cart", exact=True).click()
        expect(cart_link(page, 1)).to_be_visible()
        # Within the save's moment (600 ms) on a machine at ease: the page goes first.
        page.goto("about:blank")
        lines = saved_lines(user)
        assert lines == [{"product": mug.pk, "variant": mug.variants.get().pk, "quantity": 1}]
    finally:
        context.close()
