"""`{{ value|ld_json }}`: schema.org data as `<script type="application/ld+json">`.

A data block, never run, so the CSP (no inline script) allows it. The JSON is escaped
like `json_script` escapes it (`<`, `>`, `&` as \\u escapes), so a product named
`</script>` cannot end the block early."""

import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


@register.filter
def ld_json(value):
    data = json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False).translate(_ESCAPES)
    # Safe: no `<`, `>` or `&` is left in the JSON, so it cannot close the block.
    return format_html('<script type="application/ld+json">{}</script>', mark_safe(data))  # noqa: S308
