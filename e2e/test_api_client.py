"""The HTTP client's library (axios) is a chunk of its own, loaded with the first call:
home's first visit makes none (the server carries its answers), so the chunk arrives
with the first search, the call is answered and the page shows it."""

import re

from playwright.sync_api import expect

from catalog.tests.factories import CategoryFactory, ProductFactory


def scripts_of_first_visit(page, base_url):
    scripts = []
    page.on(
        "response",
        lambda r: scripts.append(r) if r.request.resource_type == "script" else None,
    )
    page.goto(f"{base_url}/")
    page.wait_for_load_state("networkidle")
    return scripts


def test_the_client_loads_with_the_first_call_and_the_call_works(page, base_url):
    CategoryFactory(name="Audio")
    ProductFactory(name="Bluetooth Speaker")
    scripts = scripts_of_first_visit(page, base_url)
    names = [re.sub(r"\.[0-9a-f]{12}\.js$", ".js", r.url.rsplit("/", 1)[-1]) for r in scripts]
    assert names == ["main.js"], names

    is_axios = re.compile(r"/axios\.[0-9a-f]+\.js$")
    with (
        page.expect_response(lambda r: is_axios.search(r.url)) as chunk,
        page.expect_response(lambda r: "/api/v1/product/search/" in r.url) as answer,
    ):
        search = page.get_by_role("combobox", name=re.compile("search", re.I))
        search.fill("speaker")
        search.press("Enter")
    assert chunk.value.status == 200
    assert answer.value.status == 200
    expect(page.get_by_role("heading", name=re.compile("Bluetooth Speaker"))).to_be_visible()
