"""The emailed reset link in Chromium: ask for it on Forgot Password, open it from the
mail, set a new password, sign in with it; the same link a second time is refused."""

import re

from django.core import mail
from playwright.sync_api import expect

from accounts.tests.factories import PASSWORD, UserFactory
from e2e.test_accounts import field, log_in, path_is, toast
from shop.tasks import run_ready_tasks

NEW_PASSWORD = "Fresh-Link-2028?"
SENT = "If an account uses that email, a reset link is on its way. Please check your inbox."
BAD_LINK = "This reset link is invalid, already used or expired. Please ask for a new one."


def mailed_link(email: str) -> str:
    run_ready_tasks()  # the task queue's worker, as the web process's thread would run it
    letters = [m for m in mail.outbox if m.to == [email]]
    assert len(letters) == 1, [m.subject for m in mail.outbox]
    found = re.search(r"https?://\S+/reset-password/[\w-]+/[\w-]+", letters[0].body)
    assert found, letters[0].body
    return found.group(0)


def test_reset_by_emailed_link_then_sign_in_and_the_link_works_once(page, base_url):
    user = UserFactory()
    mail.outbox.clear()
    page.goto(base_url + "/login")
    page.get_by_role("button", name="Forgot Password").click()
    path_is(page, base_url, "/forgot-password")

    # Keyboard only: the email field has focus, Enter sends the form.
    expect(field(page, "Email address")).to_be_focused()
    page.keyboard.type(user.email)
    page.keyboard.press("Enter")
    expect(page.get_by_text(SENT, exact=True).first).to_be_visible()

    link = mailed_link(user.email)
    assert link.startswith(base_url)

    page.goto(link)
    expect(page.get_by_role("heading", name="SET A NEW PASSWORD")).to_be_visible()
    field(page, "New Password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set New Password").click()
    expect(toast(page, "Your password has been reset. Please log in.")).to_be_visible()
    path_is(page, base_url, "/login")

    log_in(page, user.email, PASSWORD)
    expect(toast(page, "Invalid email or password")).to_be_visible()
    log_in(page, user.email, NEW_PASSWORD)
    path_is(page, base_url, "/")
    expect(page.get_by_role("button", name=user.name)).to_be_visible()

    # The same link again: refused, and the password stays the new one.
    page.goto(link)
    field(page, "New Password").fill("Another-Pass-2029!")
    page.get_by_role("button", name="Set New Password").click()
    expect(page.get_by_role("alert").filter(has_text=BAD_LINK)).to_be_visible()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
