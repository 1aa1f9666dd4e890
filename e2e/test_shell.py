from playwright.sync_api import expect


def test_home_loads_the_react_shell_in_chromium(page, base_url):
    page.goto(base_url + "/")
    expect(page).to_have_title("SHOPSPHERE - shop now")
    expect(page.locator("#root")).not_to_be_empty()


def test_a_deep_link_renders_its_route_after_a_refresh(page, base_url):
    page.goto(base_url + "/about")
    page.reload()
    expect(page.locator("#root")).not_to_be_empty()
