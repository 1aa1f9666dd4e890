"""gunicorn settings: `gunicorn shop.wsgi -c gunicorn.conf.py`. Sized to the cores.

Workers are `gthread`: each serves `GUNICORN_THREADS` requests at once (default 4). A
client that sends its body slowly holds one thread, not a whole worker, and the worker's
heartbeat comes from its main loop, so it is never killed for a slow client; with sync
workers two such sockets stalled every request (and /healthz) until the workers were
killed at `timeout`. Threads block only on I/O (network, database); CPU work (hashing,
images) still shares the cores. In production a buffering proxy (nginx, see `deploy/`)
in front reads whole requests before gunicorn sees them; these settings keep a server
without one, or a flood beyond the proxy's buffers, answering.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# Seconds a worker's main loop may go silent before the master replaces it (a slow
# client does not count: its thread waits, the loop goes on).
timeout = 30
graceful_timeout = 20
# Idle keep-alive connections are closed after this many seconds, freeing their slot.
keepalive = 5
# A worker is replaced after this many requests (a slow leak cannot grow forever). Each
# replacement imports the app again (about a second of CPU) and starts with an empty
# local cache: at 5,000 a busy shop replaced a worker every few seconds, and the requests
# queued behind the newcomer made the slowest 1%.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "100000"))
# Each worker listens on its own socket (SO_REUSEPORT) and the kernel spreads new
# connections over them. On one shared socket the workers race to accept: a client that
# opens its connections at once and keeps them (a load balancer, a proxy with keep-alive,
# wrk) most often found all of them taken by one worker while the other idled, halving
# what a CPU-bound call could do (shop/tests/test_worker_balance.py; the figures are in
# docs/performance.md). GUNICORN_REUSE_PORT=0 goes back to one socket.
reuse_port = os.environ.get("GUNICORN_REUSE_PORT", "1") not in ("0", "false", "")
max_requests_jitter = max_requests // 10
accesslog = None


def post_worker_init(worker):
    """Before a worker takes its first request: build what a checkout would otherwise build
    on first use (the PIN-code directory, a few tenths of a second that made the first
    checkout of every worker the slowest), then move everything loaded so far out of the
    garbage collector's reach (gc.freeze). The app's modules, settings and that directory
    live as long as the worker; without the freeze each full collection walks them again,
    a cost that grows with every library a worker holds."""
    import gc

    from accounts import pincodes

    pincodes.places()
    gc.freeze()
