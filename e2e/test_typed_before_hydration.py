"""What a shopper types into the search box before the app has run is kept.

The page arrives with a working search box; on a slow phone the script takes seconds,
and the app then replaces the server's markup. Here the script is held back (its request
waits until the test lets it go) while the shopper types, so the typing happens in the
server's box for certain; when the app takes over, its box has the text, the caret where
it was and the focus, and Enter searches for that text."""

import re
import time

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory

PHONE = {"width": 390, "height": 844}
BUNDLE = re.compile(r"/static/dist/[^?]*\.js(\?.*)?$")


class HeldScripts:
    """Holds the app's script requests until `release`; later ones go straight on."""

    def __init__(self, page):
        self.page = page
        self.held = []
        self.released = False
        page.route(BUNDLE, self._route)

    def _route(self, route):
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def wait_for_first(self, timeout_s=10):
        # The routes arrive while Playwright pumps events: wait on that, with a deadline.
        deadline = time.monotonic() + timeout_s
        while not self.held:
            assert time.monotonic() < deadline, "the app's script was never asked for"
            self.page.wait_for_timeout(25)

    def release(self):
        self.released = True
        for route in self.held:
            route.continue_()


@pytest.mark.parametrize("size", [None, PHONE], ids=["laptop", "phone"])
def test_text_typed_before_the_app_runs_is_kept(page, base_url, size):
    shoes = CategoryFactory(name="Footwear", slug="footwear")
    ProductFactory(name="Trail Running Shoes", category=shoes, description="Grip on mud.")
    ProductFactory(name="Cotton Kurta", category=shoes, description="Light and airy.")
    if size:
        page.set_viewport_size(size)
    scripts = HeldScripts(page)

    page.goto(base_url + "/about", wait_until="commit")
    box = page.locator("#navbar-search")
    expect(box).to_be_visible()  # the server's box, in the bar on a phone too
    scripts.wait_for_first()
    box.click()
    page.keyboard.type("running shoe", delay=20)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    # Still the server's box: the app has not run (React's is a combobox).
    assert box.get_attribute("role") is None
    assert scripts.held, "the script should still be held"

    scripts.release()
    combobox = page.get_by_role("combobox", name="Search products")
    expect(combobox).to_be_attached()  # the app's box replaced the server's
    expect(combobox).to_have_value("running shoe")
    expect(combobox).to_be_focused()
    caret = combobox.evaluate("box => [box.selectionStart, box.selectionEnd]")
    assert caret == [len("running shoe") - 2] * 2

    # Typing goes on where the caret was, in the app's box now.
    page.keyboard.press("End")
    page.keyboard.type("s")
    expect(combobox).to_have_value("running shoes")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(re.escape(base_url) + r"/search\?q=running%20shoes$"))
    expect(page.get_by_text("Found 1")).to_be_visible()
    expect(page.get_by_text("Trail Running Shoes").first).to_be_visible()


def test_the_server_box_searches_on_its_own(page, base_url):
    """Enter before the app has run is a plain form: the server's search page answers."""
    ProductFactory(name="Trail Running Shoes", description="Grip on mud.")
    scripts = HeldScripts(page)
    page.goto(base_url + "/about", wait_until="commit")
    box = page.locator("#navbar-search")
    expect(box).to_be_visible()
    box.fill("shoes")
    scripts.release()
    box.press("Enter")
    expect(page).to_have_url(re.compile(re.escape(base_url) + r"/search\?q=shoes$"))
    expect(page.get_by_text("Found 1")).to_be_visible()
