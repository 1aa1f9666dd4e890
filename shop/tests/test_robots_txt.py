"""Crawlers get a real robots.txt (plain text), not the React app's page: it names the
sitemap and keeps them out of the private screens and the API."""

import pytest


@pytest.mark.django_db
def test_robots_txt_is_plain_text_rules(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    body = response.content.decode()
    assert body.startswith("User-agent: *\n")
    assert "<html" not in body


@pytest.mark.django_db
def test_robots_txt_names_the_sitemap_and_keeps_crawlers_out_of_private_paths(client):
    lines = client.get("/robots.txt").content.decode().splitlines()
    for path in ("/dashboard", "/cart", "/api/", "/admin/"):
        assert f"Disallow: {path}" in lines
    assert "Sitemap: http://testserver/sitemap.xml" in lines
    # Product photos stay fetchable: link previews and image search use them.
    assert "Allow: /api/v1/product/product-photo/" in lines
