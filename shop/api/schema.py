"""The OpenAPI description of the contract (shared/contract.md), served at /api/schema/.

The views are plain `APIView`s that answer the envelope (`shop.api.envelope.ok`), so their
shapes cannot be inferred from serializers. This module holds them, written from the
contract: request bodies, query and path parameters, the success body of each call, and the
error answers each call can give. `ContractSchema` (REST_FRAMEWORK's DEFAULT_SCHEMA_CLASS)
applies them by method and path; an `@extend_schema` on a view still wins.

Error answers are derived where the view says enough: 401 wherever a token is read (a bad
token is refused even where none is needed), 403 where `IsAdmin` guards the call, 404
where the path holds an id, slug or page, 400 where input is read. The rest (409, 413, 429)
come from the table. `make fuzz` checks every real answer against this description.

Knows no app: only the contract's HTTP paths and shapes.
"""

import copy
import re
from dataclasses import dataclass, field

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiResponse

from shop.api.permissions import IsAdmin

# --- reusable shapes ---------------------------------------------------------------------

STRING = {"type": "string"}
ID = {"type": "string", "pattern": r"^[0-9]+$", "description": 'A whole number as text: "42".'}
ID_IN = {
    "oneOf": [{"type": "string", "pattern": r"^\s*[0-9]+\s*$"}, {"type": "integer", "minimum": 1}],
    "description": 'An id as "42" or 42.',
}
TIMESTAMP = {"type": "string", "format": "date-time", "description": "ISO-8601, UTC."}
MESSAGE = {"type": "string", "description": "A readable sentence for people."}
SUCCESS = {"type": "boolean", "enum": [True]}


def _object(required: dict, optional: dict | None = None) -> dict:
    """An object with these keys (extra keys allowed: the contract lets servers add keys)."""
    return {
        "type": "object",
        "properties": {**required, **(optional or {})},
        "required": list(required),
    }


COMPONENTS = {
    "Error": _object(
        {"success": {"type": "boolean", "enum": [False]}, "message": MESSAGE},
        {
            "errors": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": STRING},
                "description": "Field name -> its problems (400 only).",
            }
        },
    ),
    "Category": _object({"_id": ID, "name": STRING, "slug": STRING}),
    "Product": _object(
        {
            "_id": ID,
            "name": STRING,
            "slug": STRING,
            "description": STRING,
            "price": {"type": "number", "minimum": 0, "description": "Rupees, <= 2 decimals."},
            "quantity": {"type": "integer", "minimum": 0},
            "shipping": {"type": "integer", "enum": [0, 1]},
            "category": {"$ref": "#/components/schemas/Category"},
            "createdAt": TIMESTAMP,
            "updatedAt": TIMESTAMP,
        },
        {
            "photo": {"type": "string", "description": "URL of the product photo."},
            "photoWidths": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Widths accepted by the photo URL's `?w=`.",
            },
        },
    ),
    "User": _object(
        {
            "_id": ID,
            "name": STRING,
            "email": {"type": "string", "format": "email"},
            "phone": STRING,
            "address": STRING,
            "role": {"type": "integer", "enum": [0, 1], "description": "1 = admin."},
        },
        {"createdAt": TIMESTAMP, "updatedAt": TIMESTAMP},
    ),
}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def envelope(required: dict | None = None, optional: dict | None = None) -> dict:
    """A success body: `success: true` plus these keys."""
    return _object({"success": SUCCESS, **(required or {})}, optional)


def products(**extra) -> dict:
    return {"type": "array", "items": ref("Product"), **extra}


PAGE_QUERY = {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1}}

# Path parameters by the name the URL map gives them.
PATH_PARAMETERS = {
    "page": {"type": "integer", "minimum": 1},
    "slug": {"type": "string", "minLength": 1},
    "keyword": {"type": "string", "minLength": 1, "description": "URL-encoded, literal text."},
}
ERROR_DESCRIPTIONS = {
    400: "Invalid input (field problems in `errors`).",
    401: "Missing, bad, expired or revoked token.",
    403: "Signed in, but not an admin.",
    404: "Not found.",
    409: "Duplicate, or blocked by other data.",
    413: "Body too large (a photo: MAX_PHOTO_BYTES).",
    415: "The body is not in the documented media type.",
    429: "Too many attempts; see Retry-After.",
    503: "The database is briefly unreachable; retry after Retry-After seconds.",
}


@dataclass(frozen=True)
class Operation:
    summary: str
    response: dict
    status: int = 200
    request: dict | None = None  # media type -> schema
    query: tuple = ()
    errors: tuple = ()  # statuses beyond the derived ones
    required_body: bool = True
    description: str = ""
    media: tuple = ("application/json",)
    other: dict = field(default_factory=dict)  # status -> description (no body)


def _json(schema: dict) -> dict:
    return {"application/json": schema}


_PRODUCT_FIELDS = {
    "name": {"type": "string", "maxLength": 200},
    "description": {"type": "string", "maxLength": 5000},
    "price": {"type": "number", "minimum": 0, "maximum": 99999999.99, "multipleOf": 0.01},
    "quantity": {"type": "integer", "minimum": 0, "maximum": 2147483647},
    "category": {"type": "string", "pattern": r"^[0-9]+$", "description": "A category id."},
    "shipping": {"type": "integer", "enum": [0, 1], "description": "Optional, default 0."},
    "photo": {
        "type": "string",
        "format": "binary",
        "description": "JPEG, PNG, WebP or GIF; at most MAX_PHOTO_BYTES.",
    },
}
_PRODUCT_REQUIRED = ["name", "description", "price", "quantity", "category"]
_MESSAGE_ONLY = envelope({"message": MESSAGE})

OPERATIONS: dict[tuple[str, str], Operation] = {
    # --- accounts ---------------------------------------------------------------------
    ("POST", "/api/v1/auth/register"): Operation(
        "Register a shopper",
        envelope({"message": MESSAGE, "user": ref("User")}),
        status=201,
        request=_json(
            _object(
                {
                    "name": {"type": "string", "maxLength": 100},
                    "email": {"type": "string", "format": "email", "maxLength": 254},
                    "password": {"type": "string", "maxLength": 128},
                    "phone": {"type": "string", "maxLength": 30},
                    "address": {"type": "string", "maxLength": 500},
                    "answer": {"type": "string", "maxLength": 100},
                }
            )
        ),
        errors=(409,),
        description="409 `Already registered, please login` when the email exists (any case).",
    ),
    ("POST", "/api/v1/auth/login"): Operation(
        "Log in: a token for the Authorization header",
        envelope({"message": MESSAGE, "user": ref("User"), "token": STRING}),
        request=_json(
            _object({"email": {"type": "string", "format": "email"}, "password": STRING})
        ),
        errors=(401, 429),
        description="401 `Invalid email or password` for an unknown email or a wrong password.",
    ),
    ("POST", "/api/v1/auth/forgot-password"): Operation(
        "Reset a password with the security answer",
        _MESSAGE_ONLY,
        request=_json(
            _object(
                {
                    "email": {"type": "string", "format": "email"},
                    "answer": STRING,
                    "newPassword": STRING,
                }
            )
        ),
        errors=(429,),
        description="400 `Wrong email or answer` for either mistake.",
    ),
    ("GET", "/api/v1/auth/user-auth"): Operation(
        "Is the token valid?", _object({"ok": {"type": "boolean", "enum": [True]}})
    ),
    ("GET", "/api/v1/auth/admin-auth"): Operation(
        "Is the token an admin's?", _object({"ok": {"type": "boolean", "enum": [True]}})
    ),
    ("PUT", "/api/v1/auth/profile"): Operation(
        "Update my profile (blank or missing keeps the old value; email is ignored)",
        envelope({"message": MESSAGE, "updatedUser": ref("User")}, {"token": STRING}),
        request=_json(
            {
                "type": "object",
                "properties": {
                    key: {"type": "string", "nullable": True}
                    for key in ("name", "email", "password", "phone", "address")
                },
            }
        ),
        required_body=False,
        description="A password change revokes old tokens; the answer then carries a new `token`.",
    ),
    ("GET", "/api/v1/auth/users"): Operation(
        "Users, 20 a page, newest first (admin)",
        envelope(
            {
                "users": {"type": "array", "items": ref("User")},
                "total": {"type": "integer", "minimum": 0},
                "page": {"type": "integer", "minimum": 1},
                "pages": {"type": "integer", "minimum": 0},
            }
        ),
        query=(PAGE_QUERY,),
    ),
    # --- categories -------------------------------------------------------------------
    ("GET", "/api/v1/category/get-category"): Operation(
        "All categories, by name",
        envelope({"message": MESSAGE, "category": {"type": "array", "items": ref("Category")}}),
    ),
    ("GET", "/api/v1/category/single-category/{}"): Operation(
        "One category by slug", envelope({"category": ref("Category")}, {"message": MESSAGE})
    ),
    ("POST", "/api/v1/category/create-category"): Operation(
        "Create a category (admin)",
        envelope({"message": MESSAGE, "category": ref("Category")}),
        status=201,
        request=_json(_object({"name": {"type": "string", "maxLength": 100}})),
        errors=(409,),
    ),
    ("PUT", "/api/v1/category/update-category/{}"): Operation(
        "Rename a category (admin)",
        envelope({"message": MESSAGE, "category": ref("Category")}),
        request=_json(_object({"name": {"type": "string", "maxLength": 100}})),
        errors=(409,),
    ),
    ("DELETE", "/api/v1/category/delete-category/{}"): Operation(
        "Delete a category (admin)",
        _MESSAGE_ONLY,
        errors=(409,),
        description="409 while products use the category (the message says how many).",
    ),
    # --- product reads ----------------------------------------------------------------
    ("GET", "/api/v1/product/product-list/{}"): Operation(
        "A page of products, newest first (PRODUCTS_PER_PAGE a page)",
        envelope({"products": products()}),
    ),
    ("GET", "/api/v1/product/product-count"): Operation(
        "How many products", envelope({"total": {"type": "integer", "minimum": 0}})
    ),
    ("POST", "/api/v1/product/product-filters"): Operation(
        "Products by categories and price band",
        envelope({"products": products()}, {"total": {"type": "integer", "minimum": 0}}),
        request=_json(
            {
                "type": "object",
                "properties": {
                    "checked": {"type": "array", "items": ID_IN, "maxItems": 1000},
                    "radio": {
                        "type": "array",
                        "items": {"type": "number", "nullable": True, "minimum": 0},
                        "maxItems": 2,
                        "description": "[], [min], [min, null] or [min, max]; ends included.",
                    },
                    "page": {"type": "integer", "nullable": True, "minimum": 1},
                },
            }
        ),
        required_body=False,
        description="With `page`: that page of results and `total`.",
    ),
    ("GET", "/api/v1/product/search/{}"): Operation(
        "Search names and descriptions (a bare list)",
        products(),
        description="Best literal matches first; close matches (typos) may follow.",
    ),
    ("GET", "/api/v1/product/get-product"): Operation(
        "The newest 12 products, or a page of 12 with `?page=`",
        envelope(
            {"counTotal": {"type": "integer", "minimum": 0}, "message": MESSAGE},
            {
                "products": products(),
                "total": {"type": "integer", "minimum": 0},
                "page": {"type": "integer", "minimum": 1},
                "pages": {"type": "integer", "minimum": 0},
            },
        )
        | {"required": ["success", "counTotal", "message", "products"]},
        query=(PAGE_QUERY,),
    ),
    ("GET", "/api/v1/product/get-product/{}"): Operation(
        "One product by slug", envelope({"message": MESSAGE, "product": ref("Product")})
    ),
    ("GET", "/api/v1/product/related-product/{}/{}"): Operation(
        "Up to 3 other products of the category", envelope({"products": products(maxItems=3)})
    ),
    ("GET", "/api/v1/product/product-category/{}"): Operation(
        "A category and its products",
        envelope(
            {"category": ref("Category"), "products": products()},
            {"total": {"type": "integer", "minimum": 0}},
        ),
        query=(PAGE_QUERY,),
    ),
    ("GET", "/api/v1/product/product-photo/{}"): Operation(
        "The product's photo (a placeholder image when it has none)",
        {"type": "string", "format": "binary"},
        media=("image/png", "image/jpeg", "image/webp", "image/gif"),
        query=(
            {
                "name": "w",
                "in": "query",
                "schema": {"type": "integer"},
                "description": "A width from the product's `photoWidths`: that WebP rendition.",
            },
            {
                "name": "v",
                "in": "query",
                "schema": {"type": "string"},
                "description": "The photo's version, as in the product's `photo` URL.",
            },
        ),
        other={304: "Not modified: the ETag matches If-None-Match."},
        description="304 on a matching If-None-Match. `?v=` (the photo's version, as in the "
        "product's `photo` URL) makes the answer cacheable for a year.",
    ),
    # --- product writes ---------------------------------------------------------------
    ("POST", "/api/v1/product/create-product"): Operation(
        "Create a product with its photo (admin)",
        envelope({"message": MESSAGE, "products": ref("Product")}),
        status=201,
        request={
            "multipart/form-data": {
                "type": "object",
                "properties": _PRODUCT_FIELDS,
                "required": _PRODUCT_REQUIRED,
            }
        },
        errors=(409, 413),
        description="The product and its photo are saved together or not at all.",
    ),
    ("PUT", "/api/v1/product/update-product/{}"): Operation(
        "Update a product; `photo` only when replaced (admin)",
        envelope({"message": MESSAGE, "products": ref("Product")}),
        request={"multipart/form-data": {"type": "object", "properties": _PRODUCT_FIELDS}},
        required_body=False,
        errors=(409, 413),
    ),
    ("DELETE", "/api/v1/product/delete-product/{}"): Operation(
        "Delete a product (admin)", _MESSAGE_ONLY
    ),
}


def _key(method: str, path: str) -> tuple[str, str]:
    return method, re.sub(r"\{[^}]+\}", "{}", path)


class ContractSchema(AutoSchema):
    """drf-spectacular's AutoSchema, fed from OPERATIONS for the contract's calls."""

    def _operation(self) -> Operation | None:
        # A copy: the generator edits schemas in place, and the table shares its pieces.
        return copy.deepcopy(OPERATIONS.get(_key(self.method, self.path)))

    def _register_components(self) -> None:
        for name, schema in COMPONENTS.items():
            self.registry.register_on_missing(
                ResolvedComponent(
                    name=name,
                    type=ResolvedComponent.SCHEMA,
                    object=f"contract.{name}",
                    schema=copy.deepcopy(schema),
                )
            )

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        entry = self._operation()
        if operation is None or entry is None:
            return operation
        self._register_components()
        operation["summary"] = entry.summary
        if entry.description:
            operation["description"] = entry.description
        parameters = [p for p in operation.get("parameters", []) if p["in"] != "path"]
        for name in re.findall(r"\{([^}]+)\}", path):
            schema = copy.deepcopy(
                PATH_PARAMETERS.get(name, ID if name.endswith("_id") else STRING)
            )
            parameters.append({"in": "path", "name": name, "required": True, "schema": schema})
        parameters.extend(entry.query)
        if parameters:
            operation["parameters"] = parameters
        if entry.request:
            operation["requestBody"] = {
                "content": {media: {"schema": schema} for media, schema in entry.request.items()},
                "required": entry.required_body,
            }
        return operation

    def get_operation_id(self):
        if self._operation() is None:
            return super().get_operation_id()
        # /api/v1/product/get-product/{slug} -> get_product_get_product_by_slug
        tail = self.path.removeprefix("/api/v1/")
        tail = re.sub(r"\{([^}]+)\}", r"by_\1", tail)
        return f"{self.method.lower()}_{re.sub(r'[^a-zA-Z0-9]+', '_', tail).strip('_')}"

    def get_request_serializer(self):
        entry = self._operation()
        return entry.request if entry else super().get_request_serializer()

    def get_response_serializers(self):
        entry = self._operation()
        if entry is None:
            return super().get_response_serializers()
        responses = {
            (entry.status, *entry.media): OpenApiResponse(entry.response, description=entry.summary)
        }
        for code, description in entry.other.items():
            responses[code] = OpenApiResponse(description=description)
        for code in sorted(self._error_statuses(entry)):
            responses[code] = OpenApiResponse(ref("Error"), description=ERROR_DESCRIPTIONS[code])
        return responses

    def _error_statuses(self, entry: Operation) -> set[int]:
        codes = set(entry.errors) | {503}
        if self.view.get_authenticators():
            codes.add(401)
        if any(isinstance(p, IsAdmin) for p in self.view.get_permissions()):
            codes.update((401, 403))
        has_path_params = "{" in self.path
        if has_path_params:
            codes.add(404)
        if entry.request or entry.query or has_path_params:
            codes.add(400)
        if entry.request:
            codes.update((413, 415))
        return codes


class TokenAuthenticationScheme(OpenApiAuthenticationExtension):
    """The JWT from login, in `Authorization`: raw (as the original client sends it) or as
    `Bearer <token>`."""

    target_class = "shop.api.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "The `token` from POST /api/v1/auth/login, sent raw (`<token>`) "
            "or as `Bearer <token>`. It stops working when the user's password changes or "
            "the user is deactivated.",
        }
