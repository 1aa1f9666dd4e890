"""Accessibility gate: axe-core runs on every storefront, account and admin screen (the
category modal, the delete confirmations and the phone menu included) and the suite fails
on any serious or critical violation. Each screen is also checked for its own title.

axe-core comes from the `axe-playwright-python` package (it ships `axe.min.js`); nothing
is fetched at run time.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.session import sign_in

BLOCKING = {"serious", "critical"}
PHONE = {"width": 390, "height": 844}
AXE = Axe()


# Bootstrap's buttons fade their colours in 0.15 s, and a pointer left over a control may
# start a fade after the page has looked still (the browser updates hover a frame after
# layout). axe reads colours as they are once a change has ended: with reduced motion (which
# Bootstrap honours) every state is drawn at once, and anything else still moving is waited
# for.
SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"


def assert_accessible(page, where):
    """No serious or critical axe violation on the page as it is now (every colour as it
    is once its transition has ended)."""
    page.emulate_media(reduced_motion="reduce")
    try:
        page.wait_for_function(SETTLED, polling=50, timeout=5_000)
        results = AXE.run(page)
    finally:
        page.emulate_media(reduced_motion="no-preference")
    blocking = [v for v in results.response["violations"] if v["impact"] in BLOCKING]
    report = "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} -> "
        + "; ".join(node["target"][0] for node in v["nodes"][:5])
        for v in blocking
    )
    assert not blocking, f"axe on {where}:\n{report}"


def titled(page, expected):
    if expected == "home":
        expect(page).to_have_title("SHOPSPHERE - shop now")
    else:
        expect(page).to_have_title(re.compile(rf"^{re.escape(expected)} - ShopSphere$"))


@pytest.fixture
def catalogue(db):
    audio = CategoryFactory(name="Audio", slug="audio")
    CategoryFactory(name="Cameras", slug="cameras")
    headphones = ProductFactory(
        name="Studio Headphones", slug="studio-headphones", category=audio, with_photo=True
    )
    ProductFactory(name="Pocket Speaker", slug="pocket-speaker", category=audio)
    return headphones


STOREFRONT = [
    ("/", "All Products", "home"),
    ("/product/studio-headphones", "Studio Headphones", "Studio Headphones"),
    ("/categories", "All Categories", "All Categories"),
    ("/category/audio", "Category - Audio", "Audio"),
    ("/category/cameras", "Category - Cameras", "Cameras"),
    ("/products", "All Products", "All Products"),
    ("/search?q=speaker", "Search Results", "Search results"),
    ("/search?q=zzzz", "Search Results", "Search results"),
    ("/cart", None, "Cart"),
    ("/about", None, "About us"),
    ("/contact", None, "Contact us"),
    ("/policy", None, "Privacy Policy"),
    ("/faq", None, "Frequently asked questions"),
    ("/returns", None, "Returns and refunds"),
    ("/terms", "Terms of Use", "Terms of Use"),
    ("/no/such/page", "Oops! Page Not Found", "Page not found"),
    ("/register", "REGISTER FORM", "Register"),
    ("/login", "LOGIN FORM", "Login"),
    ("/forgot-password", None, "Forgot Password"),
]


@pytest.mark.parametrize(("path", "heading", "title"), STOREFRONT)
def test_storefront_and_account_screens_have_no_serious_violations(
    page, base_url, catalogue, path, heading, title
):
    page.goto(base_url + path)
    if heading:
        expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
    else:
        expect(page.get_by_role("heading", level=1)).to_be_visible()
    titled(page, title)
    # Photos, cards and lists have arrived (no loading state left in the main area).
    expect(page.locator("main [aria-busy='true']")).to_have_count(0)
    assert_accessible(page, path)


USER_SCREENS = [
    ("/dashboard/user", "Dashboard"),
    ("/dashboard/user/profile", "Your Profile"),
    ("/dashboard/user/orders", "Your Orders"),
]


@pytest.mark.parametrize(("path", "title"), USER_SCREENS)
def test_signed_in_account_screens_have_no_serious_violations(page, base_url, path, title):
    sign_in(page, base_url, UserFactory(address=""))
    page.goto(base_url + path)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    titled(page, title)
    assert_accessible(page, path)


def test_admin_screens_modals_included_have_no_serious_violations(page, base_url, catalogue):
    sign_in(page, base_url, AdminFactory())
    screens = [
        ("/dashboard/admin", "Admin Dashboard"),
        ("/dashboard/admin/create-category", "Dashboard - Create Category"),
        ("/dashboard/admin/create-product", "Dashboard - Create Product"),
        ("/dashboard/admin/products", "Dashboard - All Products"),
        ("/dashboard/admin/product/studio-headphones", "Dashboard - Update Product"),
        ("/dashboard/admin/users", "Dashboard - All Users"),
    ]
    for path, title in screens:
        page.goto(base_url + path)
        expect(page.get_by_role("heading", level=1)).to_be_attached()
        titled(page, title)
        expect(page.locator("main [aria-busy='true']")).to_have_count(0)
        assert_accessible(page, path)

    page.goto(base_url + "/dashboard/admin/create-category")
    page.get_by_role("button", name="Edit Audio").click()
    expect(page.get_by_role("dialog", name="Edit Category")).to_be_visible()
    assert_accessible(page, "the category edit modal")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Delete Cameras").click()
    expect(page.get_by_role("dialog", name="Delete category")).to_be_visible()
    assert_accessible(page, "the category delete confirmation")

    page.goto(base_url + "/dashboard/admin/product/studio-headphones")
    page.get_by_role("button", name="DELETE PRODUCT").click()
    expect(page.get_by_role("dialog", name="Delete product")).to_be_visible()
    assert_accessible(page, "the product delete confirmation")


def test_phone_menu_and_filters_have_no_serious_violations(page, base_url, catalogue):
    page.set_viewport_size(PHONE)
    page.goto(base_url + "/")
    expect(page.get_by_role("heading", level=1, name="All Products")).to_be_visible()
    assert_accessible(page, "home on a phone")
    page.get_by_role("button", name="Filters").click()
    expect(page.get_by_role("dialog", name="Filters")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Show \d+ products?$"))).to_be_visible()
    assert_accessible(page, "the phone filter drawer")
    page.keyboard.press("Escape")
    page.get_by_role("button", name=re.compile("navigation", re.IGNORECASE)).click()
    expect(page.get_by_role("link", name="Home", exact=True)).to_be_visible()
    assert_accessible(page, "the phone menu")
