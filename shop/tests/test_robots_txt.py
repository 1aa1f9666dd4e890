"""Crawlers get a real robots.txt (plain text), not the React app's page."""

import pytest


@pytest.mark.django_db
def test_robots_txt_is_plain_text_rules(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    body = response.content.decode()
    assert body.startswith("User-agent: *\n")
    assert "Disallow: /dashboard/" in body
    assert "<html" not in body
