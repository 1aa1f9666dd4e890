"""Admin panel journeys in Chromium: categories (create, rename in the modal, delete),
products with a photo (create, list, storefront, update without touching the photo,
delete after confirming), the users list, the guard against shoppers, and the admin
code living in its own chunk."""

import re
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from accounts.models import User
from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from catalog.models import Category, Product
from catalog.tests.factories import CategoryFactory, ProductFactory
from e2e.session import sign_in

DIST = Path(__file__).resolve().parent.parent / "static" / "dist"
ADMIN_CHUNK = re.compile(r"/static/dist/admin\.[0-9a-f]+\.js$")


def toast(page, text):
    return page.get_by_role("status").filter(has_text=text)


def png(path: Path, color=(30, 140, 90), size=(80, 60)) -> Path:
    Image.new("RGB", size, color).save(path, format="PNG")
    return path


def photo_bytes(page, base_url, product_id) -> bytes:
    response = page.request.get(f"{base_url}/api/v1/product/product-photo/{product_id}")
    assert response.ok
    return response.body()


def test_admin_logs_in_and_sees_the_panel_with_their_details(page, base_url):
    admin = AdminFactory(name="Asha Rao", phone="9876543210")
    page.goto(f"{base_url}/login")
    page.get_by_label("Email address").fill(admin.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Login").click()
    expect(page).to_have_url(f"{base_url}/dashboard/admin")

    menu = page.get_by_role("navigation", name="Admin Panel")
    expect(menu.get_by_role("heading", name="Admin Panel")).to_be_visible()
    links = menu.get_by_role("link")
    expect(links).to_have_text(
        [
            "Create Category",
            "Create Product",
            "Products",
            "Users",
            "Orders",
            "Coupons",
            "Sales",
            "Returns",
            "Reviews",
            "GST returns",
            "Shop settings",
        ]
    )
    expect(page.get_by_text("Admin Name: Asha Rao")).to_be_visible()
    expect(page.get_by_text(f"Admin Email: {admin.email}")).to_be_visible()
    expect(page.get_by_text("Admin Contact: 9876543210")).to_be_visible()

    menu.get_by_role("link", name="Create Category").click()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/create-category")
    expect(page).to_have_title("Dashboard - Create Category - ShopSphere")


def expect_navbar_categories(page, names):
    """The navbar's Categories menu, opened, lists exactly these categories."""
    nav = page.get_by_role("navigation", name="Main")
    toggle = nav.get_by_role("button", name="Categories")
    toggle.click()
    menu = nav.locator(".dropdown-menu.show")
    expect(menu.get_by_role("link")).to_have_text(["All Categories", *names])
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")


def test_admin_creates_renames_in_the_modal_and_deletes_a_category(page, base_url):
    admin = AdminFactory()
    CategoryFactory(name="Phones")
    sign_in(page, base_url, admin)
    page.goto(f"{base_url}/dashboard/admin/create-category")
    expect(page.get_by_role("heading", name="Manage Category")).to_be_visible()
    table = page.get_by_role("table")
    expect(table.get_by_role("columnheader")).to_have_text(["Name", "Actions"])
    expect(table.get_by_role("cell", name="Phones", exact=True)).to_be_visible()

    field = page.get_by_role("textbox", name="New category name")
    expect(field).to_have_attribute("placeholder", "Enter new category")
    field.fill("Wearables")
    # A new category takes its HSN code (asked for) and GST rate.
    page.get_by_role("textbox", name="HSN code").fill("8517")
    page.get_by_role("button", name="Submit").click()
    expect(toast(page, "Wearables is created")).to_be_visible()
    expect(table.get_by_role("cell", name="Wearables", exact=True)).to_be_visible()
    assert Category.objects.filter(name="Wearables").exists()
    # The navbar, mounted since the page loaded, lists it without a reload.
    expect_navbar_categories(page, ["Phones", "Wearables"])

    # A duplicate is refused with the server's message; nothing is added.
    field.fill("wearables")
    page.get_by_role("textbox", name="HSN code").fill("8517")
    page.get_by_role("button", name="Submit").click()
    expect(toast(page, "Category already exists")).to_be_visible()
    assert Category.objects.count() == 2

    # The edit modal: prefilled, Escape closes it without saving.
    page.get_by_role("button", name="Edit Wearables").click()
    dialog = page.get_by_role("dialog", name="Edit Category")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-modal", "true")
    expect(dialog.get_by_role("textbox", name="Category name")).to_have_value("Wearables")
    expect(dialog.get_by_role("textbox", name="Category name")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Edit Wearables")).to_be_focused()

    # A refused rename keeps the modal open with the server's message (a new toast: the
    # one of the refused create has gone first).
    expect(toast(page, "Category already exists")).to_have_count(0)
    page.get_by_role("button", name="Edit Wearables").click()
    dialog.get_by_role("textbox", name="Category name").fill("PHONES")
    dialog.get_by_role("button", name="Submit").click()
    expect(toast(page, "Category already exists")).to_be_visible()
    expect(dialog).to_be_visible()

    # A successful rename closes it and reloads the list.
    dialog.get_by_role("textbox", name="Category name").fill("Smart Wearables")
    dialog.get_by_role("textbox", name="Category name").press("Enter")
    expect(toast(page, "Smart Wearables is updated")).to_be_visible()
    expect(dialog).to_be_hidden()
    expect(table.get_by_role("cell", name="Smart Wearables", exact=True)).to_be_visible()
    expect(table.get_by_role("cell", name="Wearables", exact=True)).to_have_count(0)
    assert Category.objects.filter(name="Smart Wearables").exists()
    expect_navbar_categories(page, ["Phones", "Smart Wearables"])

    # The close button also hides it.
    page.get_by_role("button", name="Edit Smart Wearables").click()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    # Delete asks first, in the same confirm dialog as products.
    page.get_by_role("button", name="Delete Smart Wearables").click()
    confirm = page.get_by_role("dialog", name="Delete category")
    expect(confirm).to_contain_text("Are you sure you want to delete the category Smart Wearables?")
    confirm.get_by_role("button", name="Delete").click()
    expect(toast(page, "category is deleted")).to_be_visible()
    expect(table.get_by_role("cell", name="Smart Wearables", exact=True)).to_have_count(0)
    assert list(Category.objects.values_list("name", flat=True)) == ["Phones"]
    expect_navbar_categories(page, ["Phones"])


def test_a_category_still_used_by_products_is_not_deleted(page, base_url):
    admin = AdminFactory()
    category = CategoryFactory(name="Cameras")
    ProductFactory(category=category)
    sign_in(page, base_url, admin)
    page.goto(f"{base_url}/dashboard/admin/create-category")
    page.get_by_role("button", name="Delete Cameras").click()
    page.get_by_role("dialog", name="Delete category").get_by_role("button", name="Delete").click()
    expect(toast(page, "1 product uses it")).to_be_visible()
    expect(page.get_by_role("cell", name="Cameras", exact=True)).to_be_visible()
    assert Category.objects.filter(pk=category.pk).exists()


def test_admin_creates_updates_and_deletes_a_product_with_a_photo(page, base_url, tmp_path):
    admin = AdminFactory()
    CategoryFactory(name="Audio")
    cameras = CategoryFactory(name="Cameras")
    sign_in(page, base_url, admin)

    # Create, with a photo and a category found by its search box.
    page.goto(f"{base_url}/dashboard/admin/create-product")
    page.get_by_label("Search categories").fill("cam")
    expect(page.get_by_label("Category", exact=True)).to_have_value(str(cameras.pk))
    photo_input = page.get_by_label("Upload Photo")
    expect(photo_input).to_have_attribute("accept", "image/jpeg,image/png,image/webp,image/gif")
    photo_input.set_input_files(png(tmp_path / "lens.png"))
    preview = page.get_by_role("img", name="Preview of the chosen photo")
    expect(preview).to_have_attribute("src", re.compile(r"^blob:"))
    page.wait_for_function(
        "img => img.complete && img.naturalWidth === 80", arg=preview.element_handle()
    )
    page.get_by_label("Name").fill("Mirrorless Camera")
    page.get_by_label("Description").fill("A compact mirrorless camera with a bright lens.")
    page.get_by_label("Price").fill("45999.50")
    page.get_by_label("Quantity").fill("4")
    page.get_by_label("Shipping").select_option(label="Yes")
    page.get_by_role("button", name="CREATE PRODUCT").click()
    expect(toast(page, "Product Created Successfully")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/products")

    product = Product.objects.get(name="Mirrorless Camera")
    assert product.category_id == cameras.pk
    assert product.price == Decimal("45999.50")
    assert product.quantity == 4
    assert product.shipping is True
    assert product.photo.name
    card = page.get_by_role("link", name=re.compile("Mirrorless Camera"))
    expect(card).to_have_attribute("href", f"/dashboard/admin/product/{product.slug}")
    stored_photo = photo_bytes(page, base_url, product.pk)
    with Image.open(product.photo.path) as image:
        assert image.size == (80, 60)

    # On the storefront: the home list and the product's own page.
    page.goto(f"{base_url}/")
    expect(page.get_by_text("Mirrorless Camera").first).to_be_visible()
    page.goto(f"{base_url}/product/{product.slug}")
    expect(page.get_by_text("Mirrorless Camera").first).to_be_visible()

    # Update the price only: the photo is not sent and stays byte for byte the same.
    page.goto(f"{base_url}/dashboard/admin/products")
    card.click()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/product/{product.slug}")
    expect(page.get_by_role("heading", name="Update Product")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("Mirrorless Camera")
    expect(page.get_by_label("Category", exact=True)).to_have_value(str(cameras.pk))
    expect(page.get_by_label("Shipping")).to_have_value("1")
    expect(page.get_by_label("Price")).to_have_value("45999.5")
    requests = []
    page.on(
        "request",
        lambda request: requests.append(request) if "update-product" in request.url else None,
    )
    page.get_by_label("Price").fill("42999")
    page.get_by_role("button", name="UPDATE PRODUCT").click()
    expect(toast(page, "Product Updated Successfully")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/products")
    assert len(requests) == 1
    assert b'name="photo"' not in (requests[0].post_data_buffer or b"")
    product.refresh_from_db()
    assert product.price == Decimal("42999")
    assert photo_bytes(page, base_url, product.pk) == stored_photo

    # Delete: Cancel keeps it, Delete removes it.
    page.goto(f"{base_url}/dashboard/admin/product/{product.slug}")
    page.get_by_role("button", name="DELETE PRODUCT").click()
    confirm = page.get_by_role("dialog", name="Delete product")
    expect(confirm).to_contain_text("Are you sure you want to delete this product?")
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_be_hidden()
    assert Product.objects.filter(pk=product.pk).exists()
    page.get_by_role("button", name="DELETE PRODUCT").click()
    confirm.get_by_role("button", name="Delete").click()
    expect(toast(page, "Product Deleted Successfully")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/products")
    expect(page.get_by_role("link", name=re.compile("Mirrorless Camera"))).to_have_count(0)
    assert not Product.objects.filter(pk=product.pk).exists()


def test_a_refused_product_keeps_the_form_and_shows_the_server_message(page, base_url):
    admin = AdminFactory()
    category = CategoryFactory(name="Audio")
    ProductFactory(name="Studio Headphones", category=category)
    sign_in(page, base_url, admin)
    page.goto(f"{base_url}/dashboard/admin/create-product")
    page.get_by_label("Category", exact=True).select_option(label="Audio")
    page.get_by_label("Name").fill("studio headphones")
    page.get_by_label("Description").fill("Closed back.")
    page.get_by_label("Price").fill("2999")
    page.get_by_label("Quantity").fill("3")
    page.get_by_role("button", name="CREATE PRODUCT").click()
    expect(toast(page, "Product already exists")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/dashboard/admin/create-product")
    expect(page.get_by_label("Name")).to_have_value("studio headphones")
    assert Product.objects.count() == 1


def test_every_product_is_reachable_from_the_admin_list(page, base_url, settings):
    settings.ADMIN_PRODUCTS_PER_PAGE = 3
    admin = AdminFactory()
    category = CategoryFactory()
    for n in range(8):
        ProductFactory(name=f"Gadget {n:02d}", category=category)
    sign_in(page, base_url, admin)
    page.goto(f"{base_url}/dashboard/admin/products")
    expect(page.get_by_role("heading", name="All Products List")).to_be_visible()
    links = page.get_by_role("link", name=re.compile(r"Gadget \d\d"))
    hrefs = set()
    for number, count in ((1, 3), (2, 3), (3, 2)):
        expect(page.get_by_text(f"Page {number} of 3", exact=True)).to_be_visible()
        # The rows shown are the new page's once the table is no longer busy.
        expect(page.locator(".table-responsive")).to_have_attribute("aria-busy", "false")
        expect(links).to_have_count(count)
        hrefs |= {link.get_attribute("href") for link in links.all()}
        if number < 3:
            page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    assert hrefs == {f"/dashboard/admin/product/{p.slug}" for p in Product.objects.all()}


def test_admin_sees_the_users_list_paged(page, base_url):
    admin = AdminFactory(name="Asha Rao", phone="9876543210")
    for n in range(21):
        UserFactory(name=f"Shopper {n:02d}")
    # 20:00 UTC is already the next day in India.
    User.objects.filter(pk=admin.pk).update(created_at=datetime(2026, 1, 5, 20, 0, tzinfo=UTC))
    sign_in(page, base_url, admin)
    page.goto(f"{base_url}/dashboard/admin/users")
    expect(page.get_by_role("heading", name="All Users")).to_be_visible()
    table = page.get_by_role("table")
    expect(table.get_by_role("columnheader")).to_have_text(
        ["Name", "Email", "Phone", "Role", "Joined"]
    )
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(20)
    expect(page.get_by_text("22 users")).to_be_visible()
    seen = set(rows.locator("td:first-child").all_inner_texts())
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    expect(rows).to_have_count(2)
    seen |= set(rows.locator("td:first-child").all_inner_texts())
    assert seen == set(User.objects.values_list("name", flat=True))
    if "Asha Rao" not in rows.locator("td:first-child").all_inner_texts():
        page.get_by_role("button", name="Previous").click()
        expect(page.get_by_text("Page 1 of 2")).to_be_visible()
    admin_row = rows.filter(has_text="Asha Rao")
    expect(admin_row.locator("td")).to_have_text(
        ["Asha Rao", admin.email, "9876543210", "Admin", "6 Jan 2026"]
    )


@pytest.mark.parametrize("who", ["shopper", "visitor"])
def test_the_panel_is_never_shown_to_a_shopper_or_a_visitor(page, base_url, who):
    if who == "shopper":
        sign_in(page, base_url, UserFactory())
    loaded = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(f"{base_url}/dashboard/admin/create-category")
    expect(page.get_by_text(re.compile(r"Redirecting you in \d seconds?"))).to_be_visible()
    expect(page).to_have_url(f"{base_url}/", timeout=8_000)
    expect(page.get_by_text("Admin Panel")).to_have_count(0)
    expect(page.get_by_text("Manage Category")).to_have_count(0)
    # The guard refuses before the admin screens' code is even fetched.
    assert not [url for url in loaded if ADMIN_CHUNK.search(url)]


def test_admin_code_is_a_separate_chunk_the_storefront_does_not_load(page, base_url):
    assert list(DIST.glob("admin.*.js")), "the build has no admin chunk"
    loaded = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(f"{base_url}/")
    page.wait_for_load_state("networkidle")
    assert not [url for url in loaded if ADMIN_CHUNK.search(url)]
    assert any(re.search(r"/static/dist/main\.[0-9a-f]+\.js$", url) for url in loaded)

    sign_in(page, base_url, AdminFactory())
    page.goto(f"{base_url}/dashboard/admin")
    expect(page.get_by_role("heading", name="Admin Panel")).to_be_visible()
    assert [url for url in loaded if ADMIN_CHUNK.search(url)]
