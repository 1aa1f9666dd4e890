"""gunicorn settings: `gunicorn shop.wsgi -c gunicorn.conf.py`. Sized to the cores."""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = 30
graceful_timeout = 20
max_requests = 5000
max_requests_jitter = 500
accesslog = None
