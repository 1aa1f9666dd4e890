"""The success envelope: every successful JSON body carries `success: true`."""

from rest_framework import status as http_status
from rest_framework.response import Response


def ok(data: dict | None = None, *, status: int = http_status.HTTP_200_OK, **headers) -> Response:
    """Answer `{"success": true, ...data}` with the given status."""
    response = Response({"success": True, **(data or {})}, status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response
