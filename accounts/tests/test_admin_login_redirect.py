"""The Django admin's login with an unsafe `next` lands on the admin's index, not on
Django's default `/accounts/profile/`, which this site does not have."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "next_url", ["https://evil.example/steal", "//evil.example/", "javascript:alert(1)"]
)
def test_an_unsafe_next_lands_on_the_admin_index(client, next_url):
    User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")

    response = client.post(
        "/admin/login/",
        {"username": "boss@example.com", "password": "Admin-Pass-2026!", "next": next_url},
    )

    assert response.status_code == 302
    assert response["Location"] == "/admin/"
    assert client.get(response["Location"]).status_code == 200


def test_a_safe_next_is_still_followed(client):
    User.objects.create_superuser("boss@example.com", "Admin-Pass-2026!", name="Boss")

    response = client.post(
        "/admin/login/",
        {
            "username": "boss@example.com",
            "password": "Admin-Pass-2026!",
            "next": "/admin/catalog/product/",
        },
    )

    assert response["Location"] == "/admin/catalog/product/"
