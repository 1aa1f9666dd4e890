"""Shopper-account journeys in Chromium: register, login (and where it returns to),
forgot password, profile, logout, the route guards' countdown, and a dead session."""

import json
import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from accounts.tests.factories import PASSWORD, AdminFactory, UserFactory
from catalog.tests.factories import ProductFactory

NEW_PASSWORD = "Fresh-Pass-2027?"


def toast(page, text):
    """A toast: react-hot-toast renders each as role=status (announced politely)."""
    return page.get_by_role("status").filter(has_text=text)


def field(page, label):
    """An input by its label's exact text ("Address" is also inside "Email address")."""
    return page.get_by_label(label, exact=True)


def stored_auth(page):
    raw = page.evaluate("() => window.localStorage.getItem('auth')")
    return json.loads(raw) if raw else None


def path_is(page, base_url, path):
    expect(page).to_have_url(re.compile("^" + re.escape(base_url + path) + r"(\?.*)?$"))


def log_in(page, email, password):
    field(page, "Email address").fill(email)
    field(page, "Password").fill(password)
    page.get_by_role("button", name="Login").click()


def log_in_from_home(page, base_url, user, password=PASSWORD, lands="/"):
    page.goto(base_url + "/login")
    log_in(page, user.email, password)
    path_is(page, base_url, lands)
    expect(page.get_by_role("button", name=user.name)).to_be_visible()


def open_user_menu(page, name):
    page.get_by_role("button", name=name).click()


def test_register_then_login_then_profile_update_then_logout(page, base_url):
    page.goto(base_url + "/register")
    expect(field(page, "Name")).to_be_focused()
    field(page, "Name").fill("Meera Iyer")
    field(page, "Email address").fill("meera@example.com")
    field(page, "Password").fill("Meera-Pass-2026!")
    field(page, "Phone").fill("+91 98765 43210")
    field(page, "Address").fill("")
    field(page, "Favorite Sports").fill("Badminton")
    page.get_by_role("button", name="REGISTER").click()
    # Address is required: nothing is sent and the field says why.
    expect(field(page, "Address")).to_be_focused()
    expect(field(page, "Address")).to_have_accessible_description("Address is required")
    assert not User.objects.filter(email="meera@example.com").exists()

    field(page, "Address").fill("4 Residency Road, Bengaluru")
    page.get_by_role("button", name="REGISTER").click()
    expect(toast(page, "Registered successfully. Please log in.")).to_be_visible()
    path_is(page, base_url, "/login")
    user = User.objects.get(email="meera@example.com")
    assert user.check_answer("badminton")

    log_in(page, "meera@example.com", "Meera-Pass-2026!")
    path_is(page, base_url, "/")
    assert stored_auth(page)["user"]["name"] == "Meera Iyer"
    assert stored_auth(page)["token"]

    open_user_menu(page, "Meera Iyer")
    page.get_by_role("link", name="Dashboard").click()
    path_is(page, base_url, "/dashboard/user")
    expect(page.get_by_role("heading", name="Welcome, Meera Iyer!")).to_be_visible()
    expect(page.get_by_text("4 Residency Road, Bengaluru")).to_be_visible()

    page.get_by_role("button", name="Update Address").click()
    path_is(page, base_url, "/dashboard/user/profile")
    expect(page.get_by_role("heading", name="USER PROFILE")).to_be_visible()
    expect(field(page, "Email address")).to_have_value("meera@example.com")
    expect(field(page, "Email address")).not_to_be_editable()
    field(page, "Address").fill("9 Marine Drive, Mumbai")
    field(page, "Name").fill("Meera R. Iyer")
    page.get_by_role("button", name="UPDATE").click()
    expect(toast(page, "Profile Updated Successfully")).to_be_visible()
    user.refresh_from_db()
    assert (user.name, user.address) == ("Meera R. Iyer", "9 Marine Drive, Mumbai")
    assert stored_auth(page)["user"]["address"] == "9 Marine Drive, Mumbai"
    expect(page.get_by_role("button", name="Meera R. Iyer")).to_be_visible()

    # The stored user survives a reload, and the dashboard shows the new address.
    page.goto(base_url + "/dashboard/user")
    expect(page.get_by_text("9 Marine Drive, Mumbai")).to_be_visible()

    open_user_menu(page, "Meera R. Iyer")
    page.get_by_role("button", name="Logout").click()
    expect(toast(page, "Logout Successfully")).to_be_visible()
    path_is(page, base_url, "/login")
    assert stored_auth(page) is None
    expect(page.get_by_role("link", name="Login", exact=True)).to_be_visible()


def test_registering_a_taken_email_shows_the_server_message(page, base_url):
    UserFactory(email="taken@example.com")
    page.goto(base_url + "/register")
    for label, value in [
        ("Name", "Second Person"),
        ("Email address", "TAKEN@example.com"),
        ("Password", "Second-Pass-2026!"),
        ("Phone", "9000000000"),
        ("Address", "Somewhere"),
        ("Favorite Sports", "chess"),
    ]:
        field(page, label).fill(value)
    page.get_by_role("button", name="REGISTER").click()
    expect(toast(page, "Already registered, please login")).to_be_visible()
    path_is(page, base_url, "/register")


def test_a_weak_password_is_refused_with_the_validators_message_by_the_field(page, base_url):
    user = UserFactory()
    log_in_from_home(page, base_url, user)
    page.goto(base_url + "/dashboard/user/profile")
    field(page, "Password").fill("123")
    page.get_by_role("button", name="UPDATE").click()
    # A new password needs the current one: asked for before anything is sent.
    expect(field(page, "Current password")).to_have_accessible_description(
        "Current password is required"
    )
    field(page, "Current password").fill(PASSWORD)
    page.get_by_role("button", name="UPDATE").click()
    expect(field(page, "Password")).to_have_attribute("aria-invalid", "true")
    expect(field(page, "Password")).to_have_accessible_description(re.compile("short"))
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize("target", ["/dashboard/user/profile", "/dashboard/user/orders"])
def test_a_logged_out_visitor_counts_down_to_login_and_returns_after_logging_in(
    page, base_url, target
):
    user = UserFactory()
    page.goto(base_url + target)
    countdown = page.get_by_role("status").filter(has_text="Redirecting you in")
    expect(countdown).to_have_text("Redirecting you in 3 seconds")
    expect(countdown).to_have_text("Redirecting you in 2 seconds")
    expect(countdown).to_have_text("Redirecting you in 1 second")
    path_is(page, base_url, "/login")

    log_in(page, user.email, PASSWORD)
    expect(toast(page, "Logged in successfully.")).to_be_visible()
    path_is(page, base_url, target)


def test_login_from_the_cart_returns_to_the_cart(page, base_url):
    user = UserFactory()
    # An empty cart has no summary (nothing to check out): put one product in it.
    product = ProductFactory(name="Travel Mug")
    item = {"_id": str(product.pk), "name": product.name, "slug": product.slug, "price": 499}
    page.goto(base_url + "/")
    page.evaluate("(item) => localStorage.setItem('cart', JSON.stringify([item]))", item)
    page.goto(base_url + "/cart")
    page.get_by_role("button", name="Please login to checkout").click()
    path_is(page, base_url, "/login")
    log_in(page, user.email, PASSWORD)
    path_is(page, base_url, "/cart")
    expect(page.get_by_role("heading", name=re.compile("^Hello ")).first).to_contain_text(user.name)
    expect(page.get_by_role("button", name="Please login to checkout")).to_have_count(0)


def test_wrong_credentials_show_one_message_and_keep_the_visitor_out(page, base_url):
    user = UserFactory()
    page.goto(base_url + "/login")
    log_in(page, user.email, "not-the-password")
    expect(toast(page, "Invalid email or password")).to_be_visible()
    path_is(page, base_url, "/login")
    assert stored_auth(page) is None


def test_forgot_password_then_login_with_the_new_password(page, base_url):
    user = UserFactory(answer="Kabaddi")
    page.goto(base_url + "/login")
    page.get_by_role("button", name="Forgot Password").click()
    path_is(page, base_url, "/forgot-password")
    # The emailed link comes first; the security question is the fallback.
    page.get_by_role("button", name="Use My Security Question Instead").click()

    field(page, "Email address").fill(user.email)
    field(page, "Favorite Sport Name").fill("cricket")
    field(page, "New Password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="RESET").click()
    expect(toast(page, "Wrong email or answer")).to_be_visible()
    path_is(page, base_url, "/forgot-password")

    # The answer is compared trimmed and case-insensitively (F13).
    field(page, "Favorite Sport Name").fill("  kabaddi ")
    page.get_by_role("button", name="RESET").click()
    expect(toast(page, "Your password has been reset. Please log in.")).to_be_visible()
    path_is(page, base_url, "/login")

    log_in(page, user.email, PASSWORD)
    expect(toast(page, "Invalid email or password")).to_be_visible()
    log_in(page, user.email, NEW_PASSWORD)
    path_is(page, base_url, "/")
    expect(page.get_by_role("button", name=user.name)).to_be_visible()


def test_a_shopper_on_an_admin_page_counts_down_to_the_home_page(page, base_url):
    user = UserFactory()
    log_in_from_home(page, base_url, user)
    page.goto(base_url + "/dashboard/admin/create-category")
    countdown = page.get_by_role("status").filter(has_text="Redirecting you in")
    expect(countdown).to_have_text(re.compile(r"^Redirecting you in [1-3] seconds?$"))
    path_is(page, base_url, "/")
    expect(page.get_by_role("heading", name="Manage Category")).to_have_count(0)
    # Still logged in: being refused an admin page is not a dead session.
    assert stored_auth(page)["user"]["email"] == user.email


def test_an_admin_passes_the_admin_guard_and_the_dashboard_link_follows_the_role(page, base_url):
    admin = AdminFactory()
    log_in_from_home(page, base_url, admin, lands="/dashboard/admin")
    page.goto(base_url + "/")
    open_user_menu(page, admin.name)
    page.get_by_role("link", name="Dashboard").click()
    path_is(page, base_url, "/dashboard/admin")
    expect(page.get_by_text("Redirecting you in")).to_have_count(0)
    expect(page.get_by_text(admin.email).first).to_be_visible()


@pytest.mark.parametrize("how", ["password changed elsewhere", "user deactivated"])
def test_a_session_whose_token_died_is_cleared_and_said_so(page, base_url, how):
    user = UserFactory()
    # Signing in merges the device's cart into the account's: let that call be answered
    # before the token dies, or it ends the session on this page instead of the next one.
    with page.expect_response(lambda r: "/api/v1/auth/cart/merge" in r.url):
        log_in_from_home(page, base_url, user)
    if how == "password changed elsewhere":
        user.set_password(NEW_PASSWORD)
    else:
        user.is_active = False
    user.save()

    page.goto(base_url + "/dashboard/user")
    expect(toast(page, "Your session has ended. Please log in again.")).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("Welcome"))).to_have_count(0)
    assert stored_auth(page) is None
    expect(page.get_by_role("link", name="Login", exact=True)).to_be_visible()
    path_is(page, base_url, "/login")


def test_changing_the_password_on_the_profile_keeps_this_session_and_the_new_one_works(
    page, base_url
):
    """The server ends every older token on a password change and sends a fresh one with
    the profile answer; the app must store it or the shopper is thrown out."""
    user = UserFactory()
    log_in_from_home(page, base_url, user)
    old_token = stored_auth(page)["token"]
    page.goto(base_url + "/dashboard/user/profile")
    field(page, "Current password").fill(PASSWORD)
    field(page, "Password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="UPDATE").click()
    expect(toast(page, "Profile Updated Successfully")).to_be_visible()
    expect(field(page, "Password")).to_have_value("")
    assert stored_auth(page)["token"] != old_token

    page.goto(base_url + "/dashboard/user/orders")
    expect(page.get_by_role("heading", name="All Orders")).to_be_visible()
    expect(page.get_by_text("You have no orders yet.")).to_be_visible()
    expect(toast(page, "Your session has ended")).to_have_count(0)

    open_user_menu(page, user.name)
    page.get_by_role("button", name="Logout").click()
    path_is(page, base_url, "/login")
    log_in(page, user.email, NEW_PASSWORD)
    path_is(page, base_url, "/")
