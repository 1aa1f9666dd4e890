"""The OpenAPI description of the API (docs/api.md), served at /api/schema/.

Each answer is declared once: the apps' output serializers write it, and each view's
`@extend_schema` names them inside a small answer serializer over `Envelope` (`{success,
message, category}`...), so drf-spectacular reads the same classes that render the wire.
This module keeps only what every app shares and what cannot be inferred: the envelope
(`Envelope`, `SuccessField`, `MessageField`, `IdOutputField`), the one error shape and
`error_responses()`, the path parameters by name, and the token header. `ContractSchema`
(REST_FRAMEWORK's DEFAULT_SCHEMA_CLASS) adds those to drf-spectacular's AutoSchema.
`make fuzz` checks every real answer against this description.

Knows no app: only the contract's HTTP shapes.
"""

import copy
import re

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema_field
from rest_framework import serializers

# --- reusable shapes ---------------------------------------------------------------------

ID = {"type": "string", "pattern": r"^[0-9]+$", "description": 'A whole number as text: "42".'}
ID_IN = {
    "oneOf": [{"type": "string", "pattern": r"^\s*[0-9]+\s*$"}, {"type": "integer", "minimum": 1}],
    "description": 'An id as "42" or 42.',
}
TIMESTAMP = {"type": "string", "format": "date-time", "description": "ISO-8601, UTC."}
MESSAGE = {"type": "string", "description": "A readable sentence for people."}
SUCCESS = {"type": "boolean", "enum": [True]}

# The one error shape (contract, "Errors"); extra keys allowed, as the contract says.
COMPONENTS = {
    "Error": {
        "type": "object",
        "properties": {
            "success": {"type": "boolean", "enum": [False]},
            "message": MESSAGE,
            "errors": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
                "description": "Field name -> its problems (400 only).",
            },
        },
        "required": ["success", "message"],
    },
}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


# --- bodies written where they are used ----------------------------------------------------
# A call's request body and its success answer read best inline, as the contract writes
# them; the things inside them (Product, Category, User...) stay components.

INLINE: set[str] = set()


def inline(serializer_class):
    """Write this serializer's shape where it is used, not as a component."""
    INLINE.update({serializer_class.__name__, "Patched" + serializer_class.__name__})
    return serializer_class


def inline_bodies(result, generator, request, public):
    """drf-spectacular post-processing hook: replace each reference to an `inline`
    serializer by its shape, and drop its component."""
    schemas = result.get("components", {}).get("schemas", {})
    shapes = {name: schemas.pop(name) for name in INLINE if name in schemas}

    def walk(node):
        if isinstance(node, dict):
            name = node.get("$ref", "").removeprefix("#/components/schemas/")
            if len(node) == 1 and name in shapes:
                return walk(copy.deepcopy(shapes[name]))
            return {key: walk(value) for key, value in node.items()}
        if isinstance(node, list):
            return [walk(value) for value in node]
        return node

    return walk(result)


# --- the envelope, for the answers' serializers --------------------------------------------
# Each app declares its answers as small serializers over these (`{success, message,
# category}`...), with its output serializers inside; the views write the same keys
# through `shop.api.envelope.ok`.


@extend_schema_field(SUCCESS)
class SuccessField(serializers.BooleanField):
    """`success: true` on every success body."""


@extend_schema_field(MESSAGE)
class MessageField(serializers.CharField):
    """The readable sentence of an answer."""


@extend_schema_field(ID)
class IdOutputField(serializers.Field):
    """A primary key as text: `"42"`."""

    def __init__(self, **kwargs):
        kwargs.setdefault("source", "pk")
        kwargs.setdefault("label", "_id")  # no derived title " id" in the schema
        super().__init__(**kwargs)

    def to_representation(self, value):
        return str(value)


class Envelope(serializers.Serializer):
    # A success body: `success: true`; subclasses add their keys, and are written inline.
    # (A comment, not a docstring: drf-spectacular would copy a docstring into every
    # answer's description.)
    success = SuccessField()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        inline(cls)


class MessageAnswer(Envelope):
    """`{success, message}`: a delete or a reset that answers nothing else."""

    message = MessageField()


PAGE_PARAMETER = OpenApiParameter("page", {"type": "integer", "minimum": 1}, OpenApiParameter.QUERY)

# Path parameters by the name the URL map gives them (any view's).
PATH_PARAMETERS = {
    "page": {"type": "integer", "minimum": 1},
    "slug": {"type": "string", "minLength": 1},
    "keyword": {"type": "string", "minLength": 1, "description": "URL-encoded, literal text."},
    "category_id": ID,
    "product_id": ID,
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


def error_responses(*codes: int) -> dict:
    """Error answers for a view's `@extend_schema` responses: each in the one error shape,
    plus 503 which any call can give."""
    return {
        code: OpenApiResponse(ref("Error"), description=ERROR_DESCRIPTIONS[code])
        for code in sorted({*codes, 503})
    }


class ContractSchema(AutoSchema):
    """drf-spectacular's AutoSchema, plus the error shape, the path parameters by name and
    operation ids spelled after the contract's paths."""

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
        if operation is None:
            return operation
        self._register_components()
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] in PATH_PARAMETERS:
                parameter["schema"] = copy.deepcopy(PATH_PARAMETERS[parameter["name"]])
        return operation

    def get_operation_id(self):
        # /api/v1/product/get-product/{slug} -> get_product_get_product_by_slug
        tail = self.path.removeprefix("/api/v1/")
        tail = re.sub(r"\{([^}]+)\}", r"by_\1", tail)
        return f"{self.method.lower()}_{re.sub(r'[^a-zA-Z0-9]+', '_', tail).strip('_')}"


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
