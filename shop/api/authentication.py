"""Token authentication that accepts the JWT raw or as `Bearer <token>`.

The original client sends `Authorization: <token>`; other clients send
`Authorization: Bearer <token>`. Both are accepted (decision C2); an empty header is no
token. Validation, expiry, revocation on password change and the inactive-user check are
simplejwt's own (SIMPLE_JWT in settings).
"""

from rest_framework_simplejwt.authentication import JWTAuthentication


class TokenAuthentication(JWTAuthentication):
    www_authenticate_realm = "api"

    def get_raw_token(self, header: bytes) -> bytes | None:
        parts = header.split()
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        if len(parts) == 2 and parts[0].lower() == b"bearer":
            return parts[1]
        return parts[-1] if parts[0].lower() in (b"jwt", b"token") and len(parts) == 2 else b"!"

    def authenticate_header(self, request) -> str:
        # Any value makes DRF answer 401 (not 403) when a token is missing or bad.
        return f'Bearer realm="{self.www_authenticate_realm}"'
