"""Signing a user in for a browser journey without typing in the login form."""

from accounts.tests.factories import PASSWORD


def sign_in(page, base_url, user):
    """Log in through the API and keep the answer under 'auth', as the login screen does."""
    response = page.request.post(
        f"{base_url}/api/v1/auth/login", data={"email": user.email, "password": PASSWORD}
    )
    assert response.ok, response.text()
    body = response.json()
    page.goto(f"{base_url}/about")
    page.evaluate(
        "auth => localStorage.setItem('auth', JSON.stringify(auth))",
        {"user": body["user"], "token": body["token"]},
    )
