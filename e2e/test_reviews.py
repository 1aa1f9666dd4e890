"""Reviews, the wishlist and back-in-stock in Chromium, shoppers and an admin side by side
(a browser context each, signed in once):

1. A buyer whose order of the lamp was delivered reviews it on the product page: the
   review shows with "Verified buyer" and the average takes it in. Another shopper finds
   it helpful (once: the button is disabled after). The admin opens Reviews from the admin
   menu, sees the rude review a third shopper wrote under Reported, hides it with a
   toast, and the product's page counts only the kind one: its average changes.
2. A shopper opens a tee's sold-out size, saves the tee to the wishlist with the heart
   and asks to be told when it is back (the account's email already filled in); the
   wishlist screen lists it. The admin restocks that size through the API, the task
   queue's worker runs, and exactly one mail goes to the shopper."""

import json
from decimal import Decimal

import pytest
from django.core import mail
from playwright.sync_api import expect

from accounts.tests.factories import AdminFactory, UserFactory
from catalog.tests.factories import ProductFactory
from e2e.session import sign_in
from e2e.test_a11y import assert_accessible
from orders.tests.conftest import client_for
from reviews.tests.conftest import deliver, place
from shop.tasks import run_ready_tasks


@pytest.fixture
def other_page(browser, browser_context_args):
    """Another browser context (a second shopper, or the admin), failing the test on any
    JavaScript error as `page` does."""
    contexts = []

    def new():
        context = browser.new_context(**browser_context_args)
        contexts.append(context)
        tab = context.new_page()
        tab.set_default_timeout(10_000)
        tab.on("pageerror", lambda error: errors.append(str(error)))
        return tab

    errors: list[str] = []
    yield new
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on another context's page: {errors}"


def toast(page, text):
    return page.get_by_role("status").filter(has_text=text)


def test_a_verified_review_a_helpful_vote_and_a_rude_review_hidden(page, other_page, base_url):
    lamp = ProductFactory(name="Desk Lamp", price=Decimal("1299"), quantity=50)
    asha = UserFactory(name="Asha Kumar")
    ravi = UserFactory(name="Ravi Iyer")
    troll = UserFactory(name="Tarun Rao")
    admin = AdminFactory()
    deliver(place(asha, lamp))
    rude = client_for(troll).post(
        f"/api/v1/product/{lamp.slug}/reviews",
        {"rating": 1, "title": "Utter junk, idiots", "body": "Whoever made this is an idiot."},
    )
    assert rude.status_code == 201, rude.content
    reported = client_for(ravi).post(f"/api/v1/reviews/{rude.json()['review']['_id']}/report")
    assert reported.status_code == 200, reported.content

    # 1. The buyer writes a review on the product page.
    sign_in(page, base_url, asha)
    page.goto(f"{base_url}/product/{lamp.slug}")
    reviews = page.get_by_role("region", name="Customer reviews")
    expect(reviews.get_by_text("1.0 out of 5")).to_be_visible()
    reviews.get_by_role("button", name="Write a review").click()
    form = reviews.get_by_role("form", name="Write a review")
    form.get_by_role("group", name="Your rating").get_by_role("radio", name="5 stars").check()
    form.get_by_label("Title").fill("Bright and steady")
    form.get_by_label("Review").fill("Lights the whole desk.\nThe arm stays where you put it.")
    expect(form.get_by_text("17 of 120 characters")).to_be_visible()
    form.get_by_role("button", name="Submit review").click()
    expect(toast(page, "Thank you for your review")).to_be_visible()
    mine = reviews.get_by_role("listitem").filter(has_text="Bright and steady")
    expect(mine.get_by_text("Verified buyer")).to_be_visible()
    expect(mine).to_contain_text("By Asha K.")
    expect(reviews.get_by_text("3.0 out of 5")).to_be_visible()
    expect(reviews.get_by_role("heading", name="Your review")).to_be_visible()
    # No vote on one's own review.
    expect(mine.get_by_role("button", name="Helpful (0): Bright and steady")).to_have_count(0)
    assert_accessible(page, "the product page with its reviews")

    # 2. Another shopper finds it helpful, once.
    shopper = other_page()
    sign_in(shopper, base_url, ravi)
    shopper.goto(f"{base_url}/product/{lamp.slug}")
    helpful = shopper.get_by_role("button", name="Helpful (0): Bright and steady")
    helpful.click()
    voted = shopper.get_by_role("button", name="Helpful (1): Bright and steady")
    expect(voted).to_be_disabled()
    expect(voted).to_have_attribute("aria-pressed", "true")

    # 3. The admin hides the rude review from the Reviews screen.
    owner = other_page()
    sign_in(owner, base_url, admin)
    owner.goto(f"{base_url}/dashboard/admin")
    owner.get_by_role("navigation", name="Admin Panel").get_by_role(
        "link", name="Reviews", exact=True
    ).click()
    expect(owner).to_have_url(f"{base_url}/dashboard/admin/reviews")
    owner.get_by_label("Show").select_option(label="Reported")
    expect(owner).to_have_url(f"{base_url}/dashboard/admin/reviews?status=reported")
    row = owner.get_by_role("row").filter(has_text="Utter junk, idiots")
    expect(row).to_contain_text("Desk Lamp")
    expect(row).to_contain_text("Tarun R.")
    expect(row.get_by_role("cell").nth(4)).to_have_text("1")  # reports
    row.get_by_role("button", name="Hide review: Utter junk, idiots").click()
    expect(toast(owner, "Review hidden: Utter junk, idiots")).to_be_visible()
    expect(row.get_by_text("Hidden", exact=True)).to_be_visible()
    assert_accessible(owner, "the admin's Reviews screen")

    # The product's page counts the kind review only.
    page.reload()
    reviews = page.get_by_role("region", name="Customer reviews")
    expect(reviews.get_by_text("5.0 out of 5")).to_be_visible()
    expect(reviews.get_by_text("(1 review)")).to_be_visible()
    expect(reviews.get_by_text("Utter junk, idiots")).to_have_count(0)
    expect(page.get_by_role("img", name="Rated 5.0 out of 5 by 1 shopper").first).to_be_visible()
    answer = page.request.get(f"{base_url}/api/v1/product/get-product/{lamp.slug}").json()
    assert answer["product"]["rating"] == {"average": 5.0, "count": 1}


def test_a_sold_out_size_saved_to_the_wishlist_and_mailed_when_back(page, other_page, base_url):
    tee = ProductFactory(
        name="Cotton Tee",
        options=[{"name": "Size", "values": ["S", "L"]}],
        variants=[
            {"options": {"Size": "S"}, "price": Decimal("499"), "quantity": 5},
            {"options": {"Size": "L"}, "price": Decimal("499"), "quantity": 0},
        ],
    )
    small, large = tee.variants.order_by("position")
    shopper = UserFactory(name="Meera Nair")
    admin = AdminFactory()
    mail.outbox.clear()

    sign_in(page, base_url, shopper)
    page.goto(f"{base_url}/product/{tee.slug}?variant={large.pk}")
    expect(page.get_by_test_id("stock")).to_have_text("Out of stock")

    heart = page.get_by_role("button", name="Save to wishlist", exact=True)
    expect(heart).to_be_enabled()
    heart.click()
    saved = page.get_by_role("button", name="Remove from wishlist", exact=True)
    expect(saved).to_have_attribute("aria-pressed", "true")
    expect(toast(page, "Saved to your wishlist")).to_be_visible()

    form = page.get_by_role("form", name="Notify me when back in stock")
    expect(form.get_by_label("Email")).to_have_value(shopper.email)
    form.get_by_role("button", name="Notify me").click()
    expect(form.get_by_role("status")).to_contain_text("back in stock")
    assert_accessible(page, "the product page with a sold-out size")

    # The wishlist screen, from the Dashboard menu.
    page.goto(f"{base_url}/dashboard/user")
    page.get_by_role("navigation", name="Dashboard").get_by_role("link", name="Wishlist").click()
    expect(page).to_have_url(f"{base_url}/dashboard/user/wishlist")
    item = page.get_by_role("listitem").filter(has_text="Cotton Tee")
    expect(item.get_by_role("link", name="Cotton Tee", exact=True)).to_be_visible()
    expect(item.get_by_role("link", name="Choose options: Cotton Tee")).to_be_visible()
    expect(item).to_contain_text("₹499")
    assert_accessible(page, "the wishlist screen")

    # The admin restocks the large size through the API; the worker mails the shopper once.
    owner = other_page()
    sign_in(owner, base_url, admin)
    token = owner.evaluate("() => JSON.parse(localStorage.getItem('auth')).token")
    variants = [
        {"_id": str(small.pk), "options": {"Size": "S"}, "quantity": 5, "price": 499},
        {"_id": str(large.pk), "options": {"Size": "L"}, "quantity": 3, "price": 499},
    ]
    answer = owner.request.put(
        f"{base_url}/api/v1/product/update-product/{tee.pk}",
        multipart={"variants": json.dumps(variants)},
        headers={"Authorization": token},
    )
    assert answer.ok, answer.text()
    run_ready_tasks()
    letters = [m for m in mail.outbox if m.to == [shopper.email]]
    assert [m.subject for m in letters] == ["ShopSphere: Cotton Tee (L) is back in stock"]
    assert f"/product/{tee.slug}" in letters[0].body

    # The page now offers the size again, and no notify form.
    page.goto(f"{base_url}/product/{tee.slug}?variant={large.pk}")
    expect(page.get_by_test_id("stock")).to_have_text("Only 3 left")
    expect(page.get_by_role("form", name="Notify me when back in stock")).to_have_count(0)
