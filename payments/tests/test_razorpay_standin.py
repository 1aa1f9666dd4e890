"""The stand-in's checkout script in a real browser (Chromium from Debian, as the e2e
journeys use; skipped loudly where there is none): the dialog is labelled, "Pay" has the
focus and Enter pays, Tab then Enter fails, and the handler gets Razorpay's documented
signature."""

import os
import shutil

import pytest

from orders.tests.razorpay_standin import Standin, payment_signature

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

OPEN = """([id, amount]) => {
  window.got = null; window.failed = null;
  const checkout = new Razorpay({key: 'k', order_id: id, amount: amount, name: 'Shop',
                                 handler: (answer) => { window.got = answer; }});
  checkout.on('payment.failed', (error) => { window.failed = error; });
  checkout.open();
}"""


@pytest.fixture
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            yield browser.new_page()
        finally:
            browser.close()


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


def test_the_checkout_dialog_pays_and_fails_by_keyboard(page, standin):
    paid_order = standin.create_order({"amount": 149950, "currency": "INR"})
    page.goto(f"{standin.url}/v1/checkout.js")  # an origin for the page
    page.set_content(f'<html lang="en"><body><script src="{standin.checkout_url}"></script>')
    page.wait_for_function("window.Razorpay")

    page.evaluate(OPEN, [paid_order["id"], 149950])
    assert page.get_by_role("dialog", name="Razorpay stand-in").is_visible()
    assert page.evaluate("document.activeElement.textContent") == "Pay"
    page.keyboard.press("Enter")
    page.wait_for_function("window.got")
    got = page.evaluate("window.got")
    assert got["razorpay_order_id"] == paid_order["id"]
    assert got["razorpay_signature"] == payment_signature(
        paid_order["id"], got["razorpay_payment_id"]
    )
    assert standin.payments[got["razorpay_payment_id"]]["status"] == "captured"
    assert page.get_by_role("dialog").count() == 0

    failed_order = standin.create_order({"amount": 10000, "currency": "INR"})
    page.evaluate(OPEN, [failed_order["id"], 10000])
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("window.failed")
    error = page.evaluate("window.failed")["error"]
    assert error["metadata"]["order_id"] == failed_order["id"]
    assert standin.payments[error["metadata"]["payment_id"]]["status"] == "failed"
    assert page.evaluate("window.got") is None
