"""Permissions shared by every app. Role 1 is admin (decision C4); the role is read from
the user row loaded for this request, so a demotion takes effect on the next call."""

from rest_framework.permissions import BasePermission, IsAuthenticated

ADMIN_ROLE = 1


class IsSignedIn(IsAuthenticated):
    message = "Please log in to continue."


class IsAdmin(BasePermission):
    message = "Admin access only."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and getattr(user, "role", 0) == ADMIN_ROLE)
