"""The Content-Security-Policy holds in Chromium: the React app (storefront, account and
admin screens, product photos and the placeholder) and the API docs run with no violation.

A `securitypolicyviolation` listener is installed before any page script runs; Chromium's
own console report of a blocked resource is collected too.
"""

import json
import re

import pytest
from playwright.sync_api import expect
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import AdminFactory
from catalog.tests.factories import CategoryFactory, ProductFactory

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
});
"""


@pytest.fixture
def csp_page(page):
    console = []
    page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.add_init_script(RECORD_VIOLATIONS)
    yield page
    assert console == []


def _assert_no_violations(page):
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__cspViolations") == []


@pytest.fixture
def catalog():
    category = CategoryFactory(name="Phones")
    with_photo = ProductFactory(name="Pixel Phone", category=category, with_photo=True)
    ProductFactory(name="Plain Phone", category=category)  # shows the placeholder image
    return with_photo


def test_storefront_pages_have_no_csp_violations(csp_page, base_url, catalog):
    response = csp_page.goto(base_url + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    expect(csp_page.get_by_text("Pixel Phone").first).to_be_visible()
    _assert_no_violations(csp_page)

    # Server-rendered pages: JSON-LD and the embedded data are data blocks, not
    # inline script; checked once React has taken the page over.
    for path in (f"/product/{catalog.slug}", f"/category/{catalog.category.slug}"):
        csp_page.goto(base_url + path)
        expect(csp_page.get_by_text("Pixel Phone").first).to_be_visible()
        expect(csp_page.get_by_role("link", name="Cart, 0 items")).to_be_visible()
        csp_page.wait_for_load_state("networkidle")
        assert csp_page.locator('script[type="application/ld+json"]').count() == 2
        _assert_no_violations(csp_page)

    csp_page.goto(base_url + "/login")
    expect(csp_page.locator("form").first).to_be_visible()
    _assert_no_violations(csp_page)


def test_about_page_image_is_served_from_our_origin_and_shows(csp_page, base_url):
    """Spec section 2: About has an image. It is a bundled file under /static/dist/, so
    img-src 'self' allows it; it loads (a broken image has no natural width)."""
    csp_page.goto(base_url + "/about")
    image = csp_page.get_by_role("img", name=re.compile("ShopSphere shop front"))
    expect(image).to_have_attribute("src", re.compile(r"^/static/dist/about-shop\.[0-9a-f]+\.svg$"))
    expect(image).to_have_attribute("width", "480")
    expect(image).to_have_attribute("height", "320")
    expect(image).to_have_js_property("complete", True)
    assert image.evaluate("img => img.naturalWidth") > 0
    expect(csp_page.get_by_text("ships across India")).to_be_visible()
    _assert_no_violations(csp_page)


def test_admin_screens_have_no_csp_violations(csp_page, base_url, catalog):
    admin = AdminFactory()
    auth = {
        "user": {"_id": str(admin.pk), "name": admin.name, "email": admin.email, "role": 1},
        "token": str(AccessToken.for_user(admin)),
    }
    csp_page.add_init_script(f"localStorage.setItem('auth', {json.dumps(json.dumps(auth))});")
    csp_page.goto(base_url + "/dashboard/admin/products")
    expect(csp_page.get_by_text("Pixel Phone").first).to_be_visible()
    _assert_no_violations(csp_page)

    csp_page.goto(base_url + "/dashboard/admin/create-product")
    expect(csp_page.locator("form").first).to_be_visible()
    _assert_no_violations(csp_page)


def test_api_docs_render_under_the_csp(csp_page, base_url):
    csp_page.goto(base_url + "/api/docs/")
    expect(csp_page.get_by_text("ShopSphere API").first).to_be_visible()
    expect(csp_page.get_by_text("/api/v1/auth/login").first).to_be_visible()
    _assert_no_violations(csp_page)
