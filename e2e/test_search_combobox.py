"""The navbar search box by keyboard: an ARIA combobox whose suggestions come
from the server while typing, chosen with the arrow keys and Enter, closed with Escape;
Enter without a pick searches, and the results say which spelling they are for."""

import re

from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory


def url_is(page, base_url, path, query=r"(\?.*)?"):
    expect(page).to_have_url(re.compile(re.escape(base_url + path) + query + "$"))


def test_the_search_combobox_works_from_the_keyboard(page, base_url):
    phones = CategoryFactory(name="Smartphones", slug="smartphones")
    ProductFactory(name="Samsung Galaxy M34 5G", category=phones, description="A 5G phone.")
    ProductFactory(name="Apple iPhone 15", category=phones, description="A phone.")

    page.goto(base_url + "/about")
    box = page.get_by_role("combobox", name="Search products")
    expect(box).to_have_attribute("aria-expanded", "false")
    box.focus()
    page.keyboard.type("samsn", delay=40)  # misspelled, and only a start

    listbox = page.get_by_role("listbox", name="Suggestions")
    expect(listbox).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    options = listbox.get_by_role("option")
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_contain_text("Smartphones")
    expect(options.nth(1)).to_have_text("Samsung Galaxy M34 5G")
    # Screen readers hear how many there are.
    expect(page.get_by_text(re.compile(r"^2 suggestions available"))).to_be_attached()

    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    galaxy = listbox.get_by_role("option", name="Samsung Galaxy M34 5G")
    expect(galaxy).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", galaxy.get_attribute("id"))
    expect(box).to_be_focused()  # the focus stays in the box while choosing
    page.keyboard.press("Enter")
    url_is(page, base_url, "/product/samsung-galaxy-m34-5g", "")
    # The address changes at once; the screen shows when its code is in, and then the
    # focus moves to it (Layout.jsx). Typing before that raced the move (a flaky run).
    expect(page.locator("main#main")).to_be_focused()

    # Escape closes the list; Enter without a pick searches as before.
    box.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("galaxy samsng", delay=40)
    expect(listbox).to_be_visible()
    page.keyboard.press("Escape")
    expect(listbox).to_be_hidden()
    expect(box).to_have_value("galaxy samsng")
    page.keyboard.press("Enter")
    url_is(page, base_url, "/search", r"\?q=galaxy%20samsng")
    expect(page.get_by_text("Found 1")).to_be_visible()
    expect(page.get_by_text("Showing results for galaxy samsung")).to_be_visible()

    # Nothing found: the categories are offered instead.
    box.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("qqqq")
    page.keyboard.press("Enter")
    url_is(page, base_url, "/search", r"\?q=qqqq")
    expect(page.get_by_text("No Products Found")).to_be_visible()
    browse = page.get_by_role("navigation", name="Browse categories")
    browse.get_by_role("link", name="Smartphones").click()
    url_is(page, base_url, "/category/smartphones", "")
