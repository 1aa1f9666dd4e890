"""The report calls (docs/gst-returns.md): admins only; check the period, read the
stored documents once, answer."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from orders.shop_details import get_shop_details
from reports import gstr1, periods, sales_over_time, sales_tax, to_act_on
from reports.documents import json_numbers
from reports.serializers import (
    Gstr1SummaryAnswer,
    SalesOverTimeAnswer,
    SalesTaxAnswer,
    ToActOnAnswer,
)
from shop.api.envelope import ok
from shop.api.permissions import IsAdmin, IsSignedIn
from shop.api.schema import error_responses

PERIOD = OpenApiParameter(
    "period",
    {"type": "string", "pattern": r"^\d{4}-\d{2}$"},
    OpenApiParameter.QUERY,
    required=True,
    description="The month, YYYY-MM (Indian time); not one that has not begun.",
)
FORMATS = ("json", "csv")
FORMAT_MESSAGE = "Give json or csv."


class JsonFirst(BaseContentNegotiation):
    """`?format=csv` is this call's own choice of file, not DRF's renderer override:
    the answer and every error are JSON (or the ZIP the view writes itself)."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def _download(response, name: str):
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    # A tax return of the shop's: never kept by a shared cache.
    response["Cache-Control"] = "private, no-store"
    return response


class Gstr1View(APIView):
    permission_classes = [IsSignedIn, IsAdmin]
    content_negotiation_class = JsonFirst

    @extend_schema(
        summary="GSTR-1 of a month, in the GST portal's offline-tool JSON (admin)",
        description="The month's outward supplies from the tax invoices and credit notes "
        "issued in it (Indian time): `gstin, fp, version, hash, b2b, b2cl, b2cs, cdnr, "
        "cdnur, hsn, doc_issue`, the portal's keys; a section with nothing in it is left "
        "out. The body is the file itself, without `success`, so it can be uploaded as "
        "is; it comes as a download named `GSTR1_<gstin>_<MMYYYY>.json`. With "
        "`format=csv`, a ZIP of the offline tool's CSV files, one a section. "
        "docs/gst-returns.md describes each section.",
        parameters=[
            PERIOD,
            OpenApiParameter(
                "format",
                {"type": "string", "enum": list(FORMATS)},
                OpenApiParameter.QUERY,
                required=False,
                description="json (the default) or csv (a ZIP of CSV files).",
            ),
        ],
        responses={
            (200, "application/json"): OpenApiResponse(
                {"type": "object", "required": ["gstin", "fp"], "additionalProperties": True},
                description="The portal's GSTR-1 JSON.",
            ),
            (200, "application/zip"): OpenApiResponse(
                OpenApiTypes.BINARY, description="One CSV file a section."
            ),
            **error_responses(400, 401, 403),
        },
    )
    def get(self, request):
        span = periods.month(request.query_params.get("period"))
        wanted = request.query_params.get("format") or "json"
        if wanted not in FORMATS:
            raise ValidationError({"format": [FORMAT_MESSAGE]})
        report = gstr1.build(span, get_shop_details())
        if wanted == "csv":
            response = HttpResponse(gstr1.csv_zip(report), content_type="application/zip")
            return _download(response, gstr1.file_name(report, "zip"))
        return _download(Response(gstr1.portal_json(report)), gstr1.file_name(report, "json"))


class Gstr1SummaryView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="GSTR-1 of a month in figures: each section's count and totals (admin)",
        description="What the monthly screen shows before the download: every section "
        "(always all, zeros when empty), its sign in the totals, the net totals (equal to "
        "the month's invoices less its credit notes) and the serials used.",
        parameters=[PERIOD],
        responses={200: Gstr1SummaryAnswer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        span = periods.month(request.query_params.get("period"))
        return ok(gstr1.summary(gstr1.build(span, get_shop_details())))


class SalesTaxView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="Sales and tax of a range of days: by rate, by state and by day (admin)",
        description="From the tax invoices and credit notes issued from `from` to `to` "
        "(both included, Indian time, at most 366 days): gross invoices and credit notes, "
        "and the net by GST rate, by place of supply and by day.",
        parameters=[
            OpenApiParameter(
                name,
                {"type": "string", "format": "date"},
                OpenApiParameter.QUERY,
                required=True,
                description=f"The {word} day, YYYY-MM-DD (included).",
            )
            for name, word in (("from", "first"), ("to", "last"))
        ],
        responses={200: SalesTaxAnswer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        span = periods.days(request.query_params.get("from"), request.query_params.get("to"))
        return ok(sales_tax.sales_tax(span, get_shop_details()))


class SalesOverTimeView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="Sales by day over a range of days, and its best-selling products (admin)",
        description="Orders placed from `from` to `to` (both included, in the shop's time "
        "zone, at most 366 days; both left out: the last 30 days), counted as the "
        "dashboard counts them: every status but Cancelled, Returned and Awaiting Payment. "
        "Per day (every day listed, zeros included) the orders, units and revenue (the "
        "orders' totals); the range's totals; the ten products that brought most revenue "
        "(their lines after discounts), with their units.",
        parameters=[
            OpenApiParameter(
                name,
                {"type": "string", "format": "date"},
                OpenApiParameter.QUERY,
                required=False,
                description=f"The {word} day, YYYY-MM-DD (included); {default}.",
            )
            for name, word, default in (
                ("from", "first", "left out: 29 days before `to`"),
                ("to", "last", "left out: today"),
            )
        ],
        responses={200: SalesOverTimeAnswer, **error_responses(400, 401, 403)},
    )
    def get(self, request):
        span = sales_over_time.days(
            request.query_params.get("from"), request.query_params.get("to")
        )
        return ok(sales_over_time.sales_over_time(span))


class ToActOnView(APIView):
    permission_classes = [IsSignedIn, IsAdmin]

    @extend_schema(
        summary="What needs the owner now (admin)",
        description="Orders still Not Processed (the five waiting longest), orders in "
        "Processing placed more than two days ago (the five oldest), Shipped orders past "
        "their expected delivery day, return requests still Requested and published "
        "reviews someone reported: how many of each and since when.",
        responses={200: ToActOnAnswer, **error_responses(401, 403)},
    )
    def get(self, request):
        return ok({"toActOn": json_numbers(to_act_on.to_act_on_now())})
