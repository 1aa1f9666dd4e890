"""The auth calls of the contract: validate input, call one service or selector, shape the
output, answer the envelope. Errors go to the one handler in shop.api.exceptions."""

from rest_framework import status
from rest_framework.views import APIView

from accounts import selectors, services
from accounts.serializers import (
    ForgotPasswordInput,
    LoginInput,
    ProfileInput,
    RegisterInput,
    UserListInput,
    UserListItemOutput,
    UserOutput,
)
from accounts.throttles import (
    LoginAddressThrottle,
    LoginEmailThrottle,
    ResetAddressThrottle,
    ResetEmailThrottle,
)
from shop.api.envelope import ok
from shop.api.parsers import JSONParser
from shop.api.permissions import IsAdmin, IsSignedIn


class PublicJsonView(APIView):
    """Calls anyone may make. They read no token: the original client sends its stored
    token on every call, and a stale one must not stop a shopper from logging in again."""

    authentication_classes = []
    permission_classes = []
    parser_classes = [JSONParser]


class RegisterView(PublicJsonView):
    def post(self, request):
        data = RegisterInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_register(**data.validated_data)
        return ok(
            {"message": "User Register Successfully", "user": UserOutput(user).data},
            status=status.HTTP_201_CREATED,
        )


class LoginView(PublicJsonView):
    throttle_classes = [LoginAddressThrottle, LoginEmailThrottle]

    def post(self, request):
        data = LoginInput(data=request.data)
        data.is_valid(raise_exception=True)
        user, token = services.user_login(**data.validated_data)
        return ok({"message": "Login successfully", "user": UserOutput(user).data, "token": token})


class ForgotPasswordView(PublicJsonView):
    throttle_classes = [ResetAddressThrottle, ResetEmailThrottle]

    def post(self, request):
        data = ForgotPasswordInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_reset_password(
            email=data.validated_data["email"],
            answer=data.validated_data["answer"],
            new_password=data.validated_data["newPassword"],
        )
        return ok({"message": "Password Reset Successfully"})


class UserAuthView(APIView):
    permission_classes = [IsSignedIn]

    def get(self, request):
        return ok({"ok": True})


class AdminAuthView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    def get(self, request):
        return ok({"ok": True})


class ProfileView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]

    def put(self, request):
        data = ProfileInput(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.user_update_profile(user=request.user, **data.validated_data)
        body = {
            "message": "Profile Updated Successfully",
            "updatedUser": UserOutput(result.user).data,
        }
        if result.token:
            body["token"] = result.token
        return ok(body)


class UserListView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    def get(self, request):
        query = UserListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = selectors.user_list(page=query.validated_data["page"])
        return ok(
            {
                "users": UserListItemOutput(found.users, many=True).data,
                "total": found.total,
                "page": found.page,
                "pages": found.pages,
            }
        )
