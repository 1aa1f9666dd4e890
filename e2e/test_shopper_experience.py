"""Shopper experience in Chromium: slow networks never sign anyone out, toasts stay clear of
headings and fields and do not follow to the next screen, and a keyboard alone goes from
the home page to the cart and the login, and on to a placed order, with focus always
visible."""

import re
import time
from decimal import Decimal

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.session import sign_in
from orders.models import Order

PHONE = {"width": 390, "height": 844}


def delay(page, pattern, seconds):
    """Answers matching calls only after `seconds` (a slow network)."""

    def slow(route):
        time.sleep(seconds)
        route.continue_()

    page.route(re.compile(pattern), slow)


def test_a_slow_user_auth_shows_a_loading_state_and_never_signs_the_shopper_out(page, base_url):
    user = UserFactory()
    sign_in(page, base_url, user)
    delay(page, r".*/api/v1/auth/user-auth$", 3.5)
    page.goto(base_url + "/dashboard/user/profile")

    expect(page.get_by_role("status").filter(has_text="Checking your session")).to_be_visible()
    expect(page.get_by_text(re.compile("Redirecting you in"))).to_have_count(0)
    expect(page.get_by_role("heading", name="USER PROFILE")).to_be_visible()
    assert page.url == base_url + "/dashboard/user/profile"
    assert page.evaluate("() => JSON.parse(localStorage.getItem('auth')).token")


def test_a_slow_admin_auth_never_flashes_the_countdown_at_an_admin(page, base_url):
    sign_in(page, base_url, AdminFactory())
    page.add_init_script(
        """
        window.__sawCountdown = false;
        new MutationObserver(() => {
          if (document.body && /Redirecting you in/.test(document.body.textContent)) {
            window.__sawCountdown = true;
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
        """
    )
    delay(page, r".*/api/v1/auth/admin-auth$", 2)
    page.goto(base_url + "/dashboard/admin")
    expect(page.get_by_role("heading", name=re.compile("^Admin Name"))).to_be_visible()
    assert page.evaluate("() => window.__sawCountdown") is False


def test_toasts_leave_the_heading_and_first_field_clear_and_stay_on_their_screen(page, base_url):
    for size in (PHONE, {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        page.goto(base_url + "/login")
        page.get_by_label("Email address", exact=True).fill("nobody@example.com")
        page.get_by_label("Password", exact=True).fill("Wrong-Pass-0000")
        page.get_by_role("button", name="Login").click()
        message = page.get_by_role("status").filter(has_text="Invalid email or password")
        expect(message).to_be_visible()
        # Two failures in a row show one toast, not two.
        page.get_by_role("button", name="Login").click()
        page.wait_for_timeout(300)
        expect(message).to_have_count(1)
        box = message.bounding_box()
        for covered in (
            page.get_by_role("heading", level=1),
            page.get_by_label("Email address", exact=True),
        ):
            other = covered.bounding_box()
            overlaps = not (
                box["y"] >= other["y"] + other["height"] or other["y"] >= box["y"] + box["height"]
            )
            assert not overlaps, f"the toast covers {covered} at {size}"

        # The error belongs to the login screen: it does not follow to the next one.
        page.get_by_role("link", name="Register here").click()
        expect(page.get_by_role("heading", name="REGISTER FORM")).to_be_visible()
        expect(message).to_have_count(0)


FOCUS_VISIBLE = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return false;
  const style = getComputedStyle(el);
  const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const ringed = style.boxShadow && style.boxShadow !== 'none';
  if (!el.matches(':focus-visible') || !(outlined || ringed)) return false;
  // On screen and not hidden under anything (the fixed navbar, the phone's cart bar, a
  // toast): the element itself answers at the middle of its box inside the viewport.
  const box = el.getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
  const left = Math.max(box.left, 0), right = Math.min(box.right, innerWidth);
  if (bottom <= top || right <= left) return false;
  const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  return Boolean(hit) && (el === hit || el.contains(hit) || hit.contains(el));
}"""

FOCUSED = """() => {
  const el = document.activeElement;
  return [el.tagName, el.getAttribute('aria-label') || el.textContent.trim()].join(' ');
}"""


COVERED = """() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const name = (node) => node && `${node.tagName}.${node.className}`.slice(0, 80);
  return `box ${Math.round(box.top)}..${Math.round(box.bottom)} of ${innerHeight}, ` +
    `at its middle: ${name(hit)}`;
}"""


# FOCUS_VISIBLE once the page has stopped scrolling (Bootstrap scrolls smoothly: a focus
# seen in passing would not count): the same scroll position at two polls in a row.
SETTLED_FOCUS_VISIBLE = f"""() => {{
  const at = [scrollX, scrollY].join();
  const settled = window.__focusCheckAt === at;
  window.__focusCheckAt = at;
  return settled && ({FOCUS_VISIBLE})();
}}"""


def assert_focus_visible(page):
    """The focused element shows its ring on screen where the page comes to rest (a wait
    for that condition, no sleep)."""
    page.evaluate("window.__focusCheckAt = null")
    try:
        page.wait_for_function(SETTLED_FOCUS_VISIBLE, polling=100, timeout=3_000)
    except PlaywrightTimeoutError:
        raise AssertionError(
            f"focus is not visible on {page.evaluate(FOCUSED)}: {page.evaluate(COVERED)}"
        ) from None


def tab_to(page, wanted, limit=80):
    """Presses Tab until the focused element's label matches `wanted`, checking at every
    step that the focus can be seen."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert_focus_visible(page)
        if re.search(wanted, focused):
            return
    raise AssertionError(f"Tab never reached {wanted}")


def test_a_keyboard_alone_goes_from_home_to_the_cart_and_the_login(page, base_url):
    audio = CategoryFactory(name="Audio")
    ProductFactory(name="Pocket Speaker", category=audio)
    user = UserFactory()
    page.goto(base_url + "/")
    expect(page.get_by_role("article", name="Pocket Speaker")).to_be_visible()

    tab_to(page, r"^BUTTON Add to Cart: Pocket Speaker$")
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()

    page.goto(base_url + "/")  # start again from the top of the page
    expect(page.get_by_role("article", name="Pocket Speaker")).to_be_visible()
    tab_to(page, r"^A Cart, 1 item$")
    page.keyboard.press("Enter")
    expect(page).to_have_url(base_url + "/cart")
    expect(page.get_by_role("button", name="Please login to checkout")).to_be_visible()
    # The app moves focus to the main area after an in-app move: Tab on from there (a Tab
    # pressed before that move would be undone by it).
    expect(page.get_by_role("main")).to_be_focused()

    tab_to(page, r"Please login to checkout")
    page.keyboard.press("Enter")
    expect(page).to_have_url(base_url + "/login")
    expect(page.get_by_label("Email address", exact=True)).to_be_focused()
    page.keyboard.type(user.email)
    page.keyboard.press("Tab")
    assert_focus_visible(page)
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page).to_have_url(base_url + "/cart")
    # Signed in: the navbar shows the shopper's name.
    expect(page.get_by_role("navigation", name="Main")).to_contain_text(user.name)


@pytest.mark.parametrize("size", [None, PHONE], ids=["laptop", "phone"])
def test_a_keyboard_alone_goes_from_home_to_a_placed_order(page, base_url, size):
    audio = CategoryFactory(name="Audio")
    ProductFactory(name="Pocket Speaker", category=audio, price=Decimal("1499.00"), quantity=5)
    # Newer products come first: the walk crosses a page that scrolls (the bar then fixes
    # itself to the top) before it reaches the speaker.
    ProductFactory.create_batch(3, category=audio)
    ProductFactory(name="Desk Speaker", category=audio)
    user = UserFactory(address="12 MG Road, Bengaluru 560001")
    if size:
        page.set_viewport_size(size)
    page.goto(base_url + "/")
    expect(page.get_by_role("article", name="Pocket Speaker")).to_be_visible()

    # Home -> the product, by its name's link on the card.
    tab_to(page, r"^A Pocket Speaker$")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1, name="Pocket Speaker")).to_be_visible()
    expect(page.get_by_role("article", name="Desk Speaker")).to_be_visible()

    # The product's own add button (not a similar product's), then on to the cart.
    tab_to(page, r"^BUTTON Add to Cart$")
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    tab_to(page, r"^A GO TO CART$")
    page.keyboard.press("Enter")
    expect(page).to_have_url(base_url + "/cart")
    expect(page.get_by_role("heading", level=1, name="Hello Guest")).to_be_visible()
    # A new screen starts the keyboard at its main area, as a page load would.
    expect(page.get_by_role("main")).to_be_focused()

    # One more with Space on the stepper; the focus stays on it, still visible.
    tab_to(page, r"^BUTTON More: Pocket Speaker$")
    page.keyboard.press("Space")
    expect(page.get_by_label("Quantity of Pocket Speaker")).to_have_text("2")
    expect(page.get_by_role("button", name="More: Pocket Speaker")).to_be_focused()
    assert_focus_visible(page)

    # A guest is sent to log in, typing into the form, and comes back to the cart.
    tab_to(page, r"^BUTTON Please login to checkout$")
    page.keyboard.press("Enter")
    expect(page).to_have_url(base_url + "/login")
    expect(page.get_by_label("Email address", exact=True)).to_be_focused()
    assert_focus_visible(page)
    page.keyboard.type(user.email)
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password", exact=True)).to_be_focused()
    assert_focus_visible(page)
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page).to_have_url(base_url + "/cart")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text(user.name)
    expect(page.get_by_label("Quantity of Pocket Speaker")).to_have_text("2")
    expect(page.get_by_role("main")).to_be_focused()

    # Going past the button and back with Shift+Tab (up under the fixed navbar, which must
    # not hide it), then placing the order.
    tab_to(page, r"^BUTTON Place Order \(Cash on Delivery\)$")
    page.keyboard.press("Tab")
    assert_focus_visible(page)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == "BUTTON Place Order (Cash on Delivery)"
    assert_focus_visible(page)
    page.keyboard.press("Enter")

    # The confirmation names the order; its link leads on to the order's page.
    expect(page).to_have_url(re.compile(r"/dashboard/user/orders/\d+/placed$"))
    order = Order.objects.get()
    expect(page).to_have_url(f"{base_url}/dashboard/user/orders/{order.pk}/placed")
    expect(page.get_by_test_id("order-number")).to_have_text(f"Order number #{order.pk}")
    tab_to(page, r"^A View order$")
    assert_focus_visible(page)
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{base_url}/dashboard/user/orders/{order.pk}")
    card = page.get_by_role("article", name=f"Order #{order.pk}")
    expect(card).to_be_visible()
    expect(page.get_by_role("main")).to_be_focused()
    expect(
        card.get_by_role(
            "row", name="Pocket Speaker 2 ₹1,499 - 18% CGST ₹228.66 + SGST ₹228.66", exact=True
        )
    ).to_be_visible()
    expect(card.get_by_text("Total: ₹2,998")).to_be_visible()
    expect(card.get_by_text("12 MG Road, Bengaluru 560001")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    assert order.buyer_id == user.pk
    # The orders screen goes on by keyboard: its first control takes a visible focus.
    tab_to(page, rf"^BUTTON Cancel order #{order.pk}$")


def test_on_a_phone_the_bar_keeps_cart_and_search_and_results_start_on_the_first_screen(
    page, base_url
):
    phones = CategoryFactory(name="Phones")
    CategoryFactory(name="Shirts")
    for n in range(3):
        ProductFactory(name=f"Phone {n}", category=phones)
    ProductFactory(name="Linen Shirt")
    page.set_viewport_size(PHONE)
    page.goto(base_url + "/")

    # Without opening the menu: the cart with its count and the search box are there.
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
    expect(page.get_by_role("combobox", name="Search products")).to_be_visible()
    expect(page.get_by_role("link", name="Home", exact=True)).to_be_hidden()
    # The first card starts on the first screen (the filters wait in a drawer).
    first = page.get_by_role("article").first
    expect(first).to_be_visible()
    assert first.bounding_box()["y"] < PHONE["height"] / 2
    expect(page.get_by_role("complementary", name="Filters")).to_be_hidden()

    page.get_by_role("button", name="Filters").click()
    drawer = page.get_by_role("dialog", name="Filters")
    expect(drawer.get_by_role("button", name="Show 4 products")).to_be_visible()
    drawer.get_by_label("Phones", exact=True).check()
    expect(drawer.get_by_role("button", name="Show 3 products")).to_be_visible()
    drawer.get_by_role("button", name="Show 3 products").click()
    expect(drawer).to_be_hidden()
    expect(page.get_by_role("heading", level=1)).to_have_text("Phones")
    expect(page.get_by_role("article")).to_have_count(3)
    expect(page).to_have_url(re.compile(r"\?category=\d+$"))
