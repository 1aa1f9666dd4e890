"""/api/schema/: the OpenAPI description, built once per process and throttled.

drf-spectacular builds the whole description on every request (about a fifth of a second
of CPU, and more on a worker's first request, when it loads its extensions). Built on
each request, a few dozen clients asking at once held every worker thread; built by many
threads at once on a fresh worker, its lazy loading of extensions raced and answered 500.

The description depends only on the code, which does not change under a running process,
so it is built once per process (per API version) by one thread under a lock, while the
others wait for it, and rendered once per format: every answer after the first is the
same bytes. Each build is logged ("OpenAPI schema built by process N"). Anyone may read it, at
SCHEMA_THROTTLE_RATE per client address (blank: no throttle).
"""

import logging
import os
import threading

from django.http import HttpResponse
from drf_spectacular.views import SpectacularAPIView

from shop.throttling import SettingAddressThrottle

logger = logging.getLogger("shop.schema")


class SchemaThrottle(SettingAddressThrottle):
    scope = "schema_ip"
    rate_setting = "SCHEMA_THROTTLE_RATE"


class SchemaView(SpectacularAPIView):
    throttle_classes = [SchemaThrottle]

    _lock = threading.Lock()
    _schemas: dict = {}  # version -> the description
    _rendered: dict = {}  # (version, renderer class) -> bytes
    builds = 0  # descriptions built by this process

    def _schema(self, request, version):
        """The description of `version`; the caller holds the lock."""
        if version not in self._schemas:
            generator = self.generator_class(
                urlconf=self.urlconf, api_version=version, patterns=self.patterns
            )
            self._schemas[version] = generator.get_schema(request=request, public=self.serve_public)
            type(self).builds += 1
            logger.info("OpenAPI schema built by process %d (version %s)", os.getpid(), version)
        return self._schemas[version]

    def _get_schema_response(self, request):
        version = self.api_version or request.version or self._get_version_parameter(request)
        renderer = request.accepted_renderer
        key = (version, type(renderer))
        content = self._rendered.get(key)
        if content is None:
            with self._lock:
                content = self._rendered.get(key)
                if content is None:
                    schema = self._schema(request, version)
                    # The renderer's own media type: the bytes do not follow Accept's
                    # parameters (indent=...), so the entries stay four per version.
                    content = renderer.render(
                        schema, renderer.media_type, self.get_renderer_context()
                    )
                    self._rendered[key] = content
        media_type = renderer.media_type
        if renderer.charset:
            media_type = f"{media_type}; charset={renderer.charset}"
        response = HttpResponse(content, content_type=media_type)
        response["Content-Disposition"] = (
            f'inline; filename="{self._get_filename(request, version)}"'
        )
        return response
