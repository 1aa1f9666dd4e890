"""gunicorn behind nginx: `gunicorn shop.wsgi -c deploy/gunicorn.conf.py`.

The project's gunicorn.conf.py (workers sized to the cores, timeouts, HOST and PORT from
the environment), with the limits that let nginx answer for the request line and headers:
nginx refuses over 4 KB per line itself (JSON under /api/), and gunicorn's own limits sit
above anything nginx passes on, so its HTML 400/414/431 pages are never reached.
"""

import os
import runpy
from pathlib import Path
from types import ModuleType

_base = runpy.run_path(str(Path(__file__).resolve().parents[1] / "gunicorn.conf.py"))
globals().update(
    {k: v for k, v in _base.items() if not k.startswith("_") and not isinstance(v, ModuleType)}
)

limit_request_line = 8190  # gunicorn's maximum; nginx stops at 4 KB
limit_request_field_size = 8190
limit_request_fields = 32768  # nginx bounds the headers' total size (4 x 4 KB)
# X-Forwarded-* are trusted only from nginx's address (the app server's own for a local
# nginx; set it to the nginx host's address when nginx runs on another machine).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
proc_name = "shopsphere"
