"""What a web process loads when it starts. ReportLab and num2words (the invoice PDF) are
loaded by the first document a process makes, not by every worker: loaded at start they
cost every worker's reads about a fifth of their throughput in the benchmark
(docs/performance.md)."""

import os
import subprocess
import sys

from django.conf import settings

LOADED_AT_START = """
import sys
from shop.wsgi import application
from django.test import Client
Client().get("/healthz")
print("loaded:" + ",".join(sorted(n for n in ("reportlab", "num2words") if n in sys.modules)))
"""


def test_a_starting_web_process_does_not_load_the_invoice_pdf_libraries():
    done = subprocess.run(
        [sys.executable, "-c", LOADED_AT_START],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "shop.settings", "ALLOWED_HOSTS": "*"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "loaded:"


def test_the_invoice_pdf_still_loads_them_when_it_is_used():
    from orders import invoice_pdf

    assert invoice_pdf.num2words and invoice_pdf.A4
