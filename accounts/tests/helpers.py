"""The literal contract paths the accounts tests call, and Authorization headers."""

REGISTER = "/api/v1/auth/register"
LOGIN = "/api/v1/auth/login"
FORGOT = "/api/v1/auth/forgot-password"
USER_AUTH = "/api/v1/auth/user-auth"
ADMIN_AUTH = "/api/v1/auth/admin-auth"
PROFILE = "/api/v1/auth/profile"
USERS = "/api/v1/auth/users"


def bearer(token: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def raw(token: str) -> dict:
    """The original client sends the token bare."""
    return {"HTTP_AUTHORIZATION": token}


def assert_error(response, status: int, message: str | None = None) -> dict:
    """The contract's failure shape: `{success: false, message}` with an honest status."""
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["success"] is False
    assert isinstance(body["message"], str) and body["message"]
    if message is not None:
        assert body["message"] == message
    return body
