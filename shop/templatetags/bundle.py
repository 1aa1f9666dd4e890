"""`{% bundle_tags %}`: the script and stylesheet tags for webpack's content-hashed files.

webpack writes `static/dist/manifest.json` (entry name -> hashed file). The page loads
only the entry's files; admin code is split into chunks webpack loads on demand.
"""

import json
from functools import lru_cache

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join

register = template.Library()


@lru_cache(maxsize=1)
def _manifest(mtime: float) -> dict:
    return json.loads(settings.WEBPACK_MANIFEST.read_text())


def manifest() -> dict:
    try:
        mtime = settings.WEBPACK_MANIFEST.stat().st_mtime
    except FileNotFoundError:
        return {}
    return _manifest(mtime)


@register.simple_tag
def bundle_css():
    files = [f for f in manifest().get("entrypoints", {}).get("main", []) if f.endswith(".css")]
    return format_html_join(
        "", '<link rel="stylesheet" href="{}">', ((static(f"dist/{f}"),) for f in files)
    )


@register.simple_tag
def bundle_js():
    files = [f for f in manifest().get("entrypoints", {}).get("main", []) if f.endswith(".js")]
    if not files:
        return format_html("<p>The app is not built yet: run <code>{}</code>.</p>", "make build")
    return format_html_join(
        "", '<script defer src="{}"></script>', ((static(f"dist/{f}"),) for f in files)
    )
