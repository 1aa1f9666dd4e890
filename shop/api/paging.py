"""The one shape of the admin's paged lists (all orders, users, products): the body is a
bare JSON list of one page; `X-Total-Count` says how many match in all and `X-Page-Size`
how many a page holds, so a client can draw its pager without a second call. A page past
the end is an empty list with the same headers."""

from drf_spectacular.utils import OpenApiParameter
from rest_framework.response import Response

PAGE_HEADERS = [
    OpenApiParameter(
        "X-Total-Count",
        {"type": "string", "pattern": r"^[0-9]+$"},
        OpenApiParameter.HEADER,
        response=[200],
        description="Items matching, all pages.",
    ),
    OpenApiParameter(
        "X-Page-Size",
        {"type": "string", "pattern": r"^[1-9][0-9]*$"},
        OpenApiParameter.HEADER,
        response=[200],
        description="Items a full page holds.",
    ),
]


def paged(items: list, *, total: int, page_size: int) -> Response:
    response = Response(items)
    response["X-Total-Count"] = str(total)
    response["X-Page-Size"] = str(page_size)
    return response
