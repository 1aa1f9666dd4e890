"""The auth calls of the contract: validate input, call one service or selector, shape the
output, answer the envelope. Errors go to the one handler in shop.api.exceptions."""

import math

from django.conf import settings
from django.contrib import admin
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import addresses, cart, selectors, services
from accounts.models import Address
from accounts.serializers import (
    AddressAnswer,
    AddressInput,
    AddressOutput,
    CartAnswer,
    CartInput,
    CartMergeInput,
    CartOutput,
    ForgotPasswordInput,
    LoginAnswer,
    LoginInput,
    OkAnswer,
    PasswordResetConfirmInput,
    PasswordResetInput,
    ProfileAnswer,
    ProfileInput,
    RegisterAnswer,
    RegisterInput,
    UserListInput,
    UserListItemOutput,
    UserOutput,
)
from accounts.throttles import (
    LoginAddressThrottle,
    LoginEmailThrottle,
    ProfilePasswordThrottle,
    RegisterAddressThrottle,
    ResetAddressThrottle,
    ResetConfirmAddressThrottle,
    ResetEmailThrottle,
    ResetLinkAddressThrottle,
    ResetLinkEmailThrottle,
    admin_login_wait,
)
from shop.api.envelope import ok
from shop.api.paging import PAGE_HEADERS, paged
from shop.api.parsers import JSONParser
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import ID, PAGE_PARAMETER, MessageAnswer, error_responses

# The reset forms' toast (the spec fixes no wording for it; "Password Reset Successfully"
# read badly).
PASSWORD_RESET = "Your password has been reset. Please log in."


class PublicJsonView(APIView):
    """Calls anyone may make. They read no token: the original client sends its stored
    token on every call, and a stale one must not stop a shopper from logging in again."""

    authentication_classes = []
    permission_classes = []
    parser_classes = [JSONParser]


class RegisterView(PublicJsonView):
    throttle_classes = [RegisterAddressThrottle]

    @extend_schema(
        summary="Register a shopper",
        description="409 `Already registered, please login` when the email exists (any case).",
        request=RegisterInput,
        responses={201: RegisterAnswer, **error_responses(400, 409, 413, 415, 429)},
    )
    def post(self, request):
        data = RegisterInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_register(**data.validated_data)
        return ok(
            {"message": "Registered successfully. Please log in.", "user": UserOutput(user).data},
            status=status.HTTP_201_CREATED,
        )


class LoginView(PublicJsonView):
    throttle_classes = [LoginAddressThrottle, LoginEmailThrottle]

    @extend_schema(
        summary="Log in: a token for the Authorization header",
        description="401 `Invalid email or password` for an unknown email or a wrong password.",
        request=LoginInput,
        responses={200: LoginAnswer, **error_responses(400, 401, 413, 415, 429)},
    )
    def post(self, request):
        data = LoginInput(data=request.data)
        data.is_valid(raise_exception=True)
        user, token = services.user_login(**data.validated_data)
        return ok(
            {"message": "Logged in successfully.", "user": UserOutput(user).data, "token": token}
        )


class ForgotPasswordView(PublicJsonView):
    throttle_classes = [ResetAddressThrottle, ResetEmailThrottle]

    @extend_schema(
        summary="Reset a password with the security answer",
        description=(
            "400 `Wrong email or answer` for either mistake. After RESET_ANSWER_MAX_WRONG "
            "(10) wrong answers for one account within 24 hours its answer path answers 429, "
            "right answer or wrong, until the day passes or an emailed reset link is used; "
            "the owner is mailed on every reset and on such a lockout."
        ),
        request=ForgotPasswordInput,
        responses={200: MessageAnswer, **error_responses(400, 413, 415, 429)},
    )
    def post(self, request):
        data = ForgotPasswordInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_reset_password(
            email=data.validated_data["email"],
            answer=data.validated_data["answer"],
            new_password=data.validated_data["newPassword"],
        )
        return ok({"message": PASSWORD_RESET})


RESET_LINK_SENT = (
    "If an account uses that email, a reset link is on its way. Please check your inbox."
)


class PasswordResetView(PublicJsonView):
    throttle_classes = [ResetLinkAddressThrottle, ResetLinkEmailThrottle]

    @extend_schema(
        summary="E-mail a password reset link",
        description=(
            "Always the same 200 answer, whether an account uses the e-mail or not. The "
            "account's owner gets a link to `/reset-password/{uid}/{token}` that works once "
            "and expires after PASSWORD_RESET_TIMEOUT seconds."
        ),
        request=PasswordResetInput,
        responses={200: MessageAnswer, **error_responses(400, 413, 415, 429)},
    )
    def post(self, request):
        data = PasswordResetInput(data=request.data)
        data.is_valid(raise_exception=True)
        base_url = settings.SHOP_URL or request.build_absolute_uri("/")
        services.user_reset_link_send(email=data.validated_data["email"], base_url=base_url)
        return ok({"message": RESET_LINK_SENT})


class PasswordResetConfirmView(PublicJsonView):
    throttle_classes = [ResetConfirmAddressThrottle]

    @extend_schema(
        summary="Set a new password with an emailed reset link",
        description=(
            "`uid` and `token` are the link's last two parts. 400 when the link is invalid, "
            "already used or expired, or when the new password fails the validators (the "
            "link then still works). Every earlier token stops working; the owner is mailed."
        ),
        request=PasswordResetConfirmInput,
        responses={200: MessageAnswer, **error_responses(400, 413, 415, 429)},
    )
    def post(self, request):
        data = PasswordResetConfirmInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_reset_link_confirm(
            uid=data.validated_data["uid"],
            token=data.validated_data["token"],
            new_password=data.validated_data["newPassword"],
        )
        return ok({"message": PASSWORD_RESET})


class UserAuthView(APIView):
    permission_classes = [IsSignedIn]

    @extend_schema(summary="Is the token valid?", responses={200: OkAnswer, **error_responses(401)})
    def get(self, request):
        return ok({"ok": True})


class AdminAuthView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="Is the token an admin's?", responses={200: OkAnswer, **error_responses(401, 403)}
    )
    def get(self, request):
        return ok({"ok": True})


class ProfileView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]
    throttle_classes = [ProfilePasswordThrottle]

    @extend_schema(
        summary="Update my profile (blank or missing keeps the old value; email is ignored)",
        description="A password change revokes old tokens; the answer then carries a new `token`.",
        request=ProfileInput,
        responses={200: ProfileAnswer, **error_responses(400, 401, 413, 415)},
    )
    def put(self, request):
        data = ProfileInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        current_password = fields.pop("currentPassword", None)
        result = services.user_update_profile(
            user=request.user, current_password=current_password, **fields
        )
        body = {
            "message": "Profile Updated Successfully",
            "updatedUser": UserOutput(result.user).data,
        }
        if result.token:
            body["token"] = result.token
        return ok(body)


class UserListView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="Users, 20 a page, newest first (admin; a bare list)",
        parameters=[PAGE_PARAMETER, *PAGE_HEADERS],
        responses={
            (200, "application/json"): UserListItemOutput(many=True),
            **error_responses(400, 401, 403),
        },
    )
    def get(self, request):
        query = UserListInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = selectors.user_list(page=query.validated_data["page"])
        return paged(
            UserListItemOutput(found.users, many=True).data,
            total=found.total,
            page_size=selectors.USERS_PER_PAGE,
        )


ADDRESS_RULES = (
    "`state` in any case and spacing of an official name (the answer has the official "
    "one; `stateCode` follows it, a `stateCode` sent is ignored); `pincode` six digits, "
    "in India Post's directory and in that state; `phone` a 10-digit Indian mobile, "
    "optionally after +91 or 0 (stored as the ten digits). `isDefault: true` makes this "
    "the default address (the profile's `address` then becomes its text); for a PIN code "
    "the shop does not deliver to (GET /delivery/{pincode}) it is 400 naming `isDefault`. "
    "The default is always an address the shop delivers to when the user has one: a served "
    "address saved while the default is missing or not served becomes the default; an "
    "unserved one never does by itself. `message` says so when checkout cannot use the "
    "address saved."
)
ADDRESS_ID = OpenApiParameter("address_id", ID, OpenApiParameter.PATH)


class AddressListView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="My delivery addresses (a bare list, the default first)",
        responses={200: AddressOutput(many=True), **error_responses(401)},
    )
    def get(self, request):
        found = addresses.address_list(user=request.user)
        return Response(AddressOutput(found, many=True).data)

    @extend_schema(
        summary="Add a Delivery Address",
        description=(
            f"{ADDRESS_RULES} The first served address is the default. At most "
            f"{Address.MAX_PER_USER} addresses (400 past that)."
        ),
        request=AddressInput,
        responses={201: AddressAnswer, **error_responses(400, 401, 413, 415)},
    )
    def post(self, request):
        data = AddressInput(data=request.data)
        data.is_valid(raise_exception=True)
        address = addresses.address_create(user=request.user, **data.validated_data)
        return ok(
            {
                "message": addresses.address_saved_message(address),
                "address": AddressOutput(address).data,
            },
            status=status.HTTP_201_CREATED,
        )


class AddressDetailView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Change one of my addresses (the whole address is sent)",
        description=(
            f"{ADDRESS_RULES} `isDefault: false` does not move the default: choose "
            "another address as the default instead. Another user's address: 404."
        ),
        parameters=[ADDRESS_ID],
        request=AddressInput,
        responses={200: AddressAnswer, **error_responses(400, 401, 404, 413, 415)},
    )
    def put(self, request, address_id):
        data = AddressInput(data=request.data)
        data.is_valid(raise_exception=True)
        address = addresses.address_update(
            user=request.user, address_id=address_id, **data.validated_data
        )
        return ok(
            {
                "message": addresses.address_saved_message(address),
                "address": AddressOutput(address).data,
            }
        )

    @extend_schema(
        summary="Delete one of my addresses",
        description=(
            "Deleting the default makes the oldest served address left the default (and "
            "the profile's `address` its text); none when the shop delivers to none of "
            "them. Another user's address: 404."
        ),
        parameters=[ADDRESS_ID],
        responses={200: MessageAnswer, **error_responses(401, 404)},
    )
    def delete(self, request, address_id):
        addresses.address_delete(user=request.user, address_id=address_id)
        return ok({"message": "Address deleted"})


CART_RULES = (
    "A line is `{_id, variant, quantity}`: a product, one of its variants (optional for a "
    f"product sold one way) and 1-{cart.MAX_PER_PRODUCT}; a product's variants together "
    f"hold at most {cart.MAX_PER_PRODUCT}, a cart at most {cart.MAX_LINES} lines. Lines "
    "whose product or variant has gone are left out of every answer."
)


def _cart_answer(state):
    return ok(CartOutput(state).data)


class CartView(APIView):
    """The signed-in shopper's cart, kept for every device they sign in on."""

    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="My cart (kept on the server for every device)",
        description=CART_RULES,
        responses={200: CartAnswer, **error_responses(401)},
    )
    def get(self, request):
        return _cart_answer(cart.cart_get(user=request.user))

    @extend_schema(
        summary="Replace my cart",
        description=(
            f"{CART_RULES} Every line is checked: an unknown product, a variant of another "
            "product or a removed one, a missing choice or more than the cap is a 400 "
            "naming it, and nothing is stored. With `version`, a cart written since is a "
            "409 and nothing is stored."
        ),
        request=CartInput,
        responses={200: CartAnswer, **error_responses(400, 401, 409, 413, 415)},
    )
    def put(self, request):
        data = CartInput(data=request.data)
        data.is_valid(raise_exception=True)
        return _cart_answer(cart.cart_replace(user=request.user, **data.validated_data))


class CartMergeView(APIView):
    permission_classes = [IsSignedIn]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Add this device's guest cart to mine (at sign-in)",
        description=(
            f"{CART_RULES} Each guest line's quantity is added to my line of the same "
            "variant (or appended), each product capped at "
            f"{cart.MAX_PER_PRODUCT}; what does not fit and lines whose product or variant "
            "has gone are left out. The same `mergeKey` merges once: a repeat answers "
            "the cart unchanged."
        ),
        request=CartMergeInput,
        responses={200: CartAnswer, **error_responses(400, 401, 413, 415)},
    )
    def post(self, request):
        data = CartMergeInput(data=request.data)
        data.is_valid(raise_exception=True)
        return _cart_answer(cart.cart_merge(user=request.user, **data.validated_data))


@csrf_protect
@never_cache
def admin_login(request, extra_context=None):
    """The Django admin's login, throttled like the API login on the same counters: past
    a limit every attempt, right or wrong, is an HTML 429 with Retry-After."""
    if request.method == "POST":
        wait = admin_login_wait(request)
        if wait is not None:
            seconds = math.ceil(wait)
            response = render(
                request,
                "admin/login_throttled.html",
                {**admin.site.each_context(request), "title": "Too many attempts"},
                status=429,
            )
            response["Retry-After"] = str(seconds)
            return response
    return admin.site.login(request, extra_context)
