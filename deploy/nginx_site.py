#!/usr/bin/env python3
"""Render the nginx site of deploy/nginx/shopsphere.conf.template.

    python3 deploy/nginx_site.py --server-name shop.example.com \
        --app 10.0.0.11:8000 --app 10.0.0.12:8000 \
        --static-root /srv/shopsphere/staticfiles > /etc/nginx/sites-enabled/shopsphere.conf

One `--app` per gunicorn server (adding a server: render again with one more, then
`nginx -s reload`). The body limit follows MAX_PHOTO_BYTES (from the environment, as the
app reads it) plus 1 MB of form fields, like Django's DATA_UPLOAD_MAX_MEMORY_SIZE.
"""

import argparse
import os
import sys
from pathlib import Path
from string import Template

TEMPLATE = Path(__file__).resolve().parent / "nginx" / "shopsphere.conf.template"
FORM_OVERHEAD = 1024 * 1024  # shop/settings.py: DATA_UPLOAD_MAX_MEMORY_SIZE


def render(
    *,
    apps: list[str],
    static_root: str,
    server_name: str = "_",
    listen: str = "80",
    max_photo_bytes: int | None = None,
    max_fails: int = 1,
    fail_timeout: str = "10s",
) -> str:
    if not apps:
        raise ValueError("at least one --app HOST:PORT")
    if max_photo_bytes is None:
        max_photo_bytes = int(os.environ.get("MAX_PHOTO_BYTES", 5 * 1024 * 1024))
    upstreams = "\n".join(
        f"    server {app} max_fails={max_fails} fail_timeout={fail_timeout};" for app in apps
    )
    return Template(TEMPLATE.read_text()).substitute(
        upstream_servers=upstreams,
        listen=listen,
        server_name=server_name,
        static_root=str(static_root).rstrip("/"),
        max_body=max_photo_bytes + FORM_OVERHEAD,
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", action="append", required=True, help="gunicorn HOST:PORT")
    parser.add_argument("--static-root", required=True, help="collectstatic's STATIC_ROOT")
    parser.add_argument("--server-name", default="_")
    parser.add_argument("--listen", default="80")
    parser.add_argument("--max-photo-bytes", type=int, default=None)
    args = parser.parse_args(argv)
    sys.stdout.write(
        render(
            apps=args.app,
            static_root=args.static_root,
            server_name=args.server_name,
            listen=args.listen,
            max_photo_bytes=args.max_photo_bytes,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
