"""Work that must not hold up a request (order mails, and what follows), through Django's
tasks API (`django_tasks`, the backport of Django 6's `django.tasks`) with its database
backend (`django_tasks_db`); docs/decisions/ says why this and not a broker.

- A job is a row in the shop's own database. Enqueued inside a transaction (the order's),
  it exists exactly when that transaction commits: nothing is lost when the process dies
  after the commit, and a rolled-back order leaves no mail behind.
- A worker runs the jobs: `manage.py run_tasks` (production: one process or more, on any
  server), or, with TASKS_IN_PROCESS (the default), a thread in each web process, started
  by its first request, so the two-command default needs no other process.
- A job that raises is tried again later with exponential backoff (TASK_RETRY_SECONDS,
  doubling, at most TASK_RETRY_MAX_SECONDS apart), up to TASK_MAX_ATTEMPTS tries in all
  (`retrying`). Each try is its own row, so the Django admin shows every failure.
- A job whose worker died while running it (killed, its machine lost) is handed back to
  the queue once its lease (TASK_LEASE_SECONDS) is over, by one worker only
  (`requeue_lost`): it runs again, once. The lease must be longer than any job takes.
"""

from __future__ import annotations

import functools
import logging
import os
import socket
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone
from django_tasks import TaskResultStatus, task

logger = logging.getLogger("shop.tasks")


class MailNotSent(Exception):
    """A mail job's send failed (the mail server refused or could not be reached; the
    sender logged why): raised so that `retrying` tries again."""


def retrying(function):
    """A task (`.enqueue(...)`) that, when it raises, is enqueued again to run after a
    backoff, up to TASK_MAX_ATTEMPTS tries. Its arguments must be JSON values."""

    @task()
    @functools.wraps(function)
    def run(*args, attempt: int = 1, **kwargs):
        try:
            return function(*args, **kwargs)
        except Exception:
            if attempt < settings.TASK_MAX_ATTEMPTS:
                delay = min(
                    settings.TASK_RETRY_SECONDS * 2 ** (attempt - 1),
                    settings.TASK_RETRY_MAX_SECONDS,
                )
                later = timezone.now() + timedelta(seconds=delay)
                run.using(run_after=later).enqueue(*args, attempt=attempt + 1, **kwargs)
                logger.warning(
                    "%s failed (try %d); trying again in %.0f s",
                    function.__name__,
                    attempt,
                    delay,
                    exc_info=True,
                )
            else:
                logger.error(
                    "%s failed %d times; not trying again",
                    function.__name__,
                    attempt,
                    exc_info=True,
                )
            raise

    return run


def requeue_lost() -> int:
    """Hands back to the queue every job claimed longer than TASK_LEASE_SECONDS ago and
    still running: its worker is gone. One conditional UPDATE, so of several workers
    doing this at once only one hands each job back. Returns how many."""
    from django_tasks_db.models import DBTaskResult  # a model: not before apps are ready

    now = timezone.now()
    lost = DBTaskResult.objects.filter(
        status=TaskResultStatus.RUNNING,
        started_at__lt=now - timedelta(seconds=settings.TASK_LEASE_SECONDS),
    ).update(status=TaskResultStatus.READY, run_after=now)
    if lost:
        logger.warning("Handed %d job(s) of a lost worker back to the queue", lost)
    return lost


def worker_id(kind: str) -> str:
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{kind}"[:64]


def make_worker(*, batch: bool = False, interval: float = 1.0, ident: str = "worker"):
    from django_tasks_db.management.commands.db_worker import Worker

    return Worker(
        queue_names=["*"],
        interval=interval,
        batch=batch,
        backend_name="default",
        startup_delay=not batch,
        max_tasks=None,
        worker_id=worker_id(ident),
        excluded_queue_names=[],
    )


def watch_leases(stop: threading.Event) -> None:
    """`requeue_lost` every quarter lease (at least every second) until `stop` is set."""
    every = max(1.0, settings.TASK_LEASE_SECONDS / 4)
    while not stop.wait(every):
        try:
            requeue_lost()
        except Exception:
            logger.warning("Could not check for lost jobs", exc_info=True)
        finally:
            close_old_connections()


def run_ready_tasks() -> int:
    """Runs every job that is due now, in this thread, and returns how many ran (tests,
    and anyone who wants the queue drained at once). Unlike the worker's loop it never
    closes this thread's database connection, so it is safe inside a transaction."""
    from django_tasks_db.models import DBTaskResult
    from django_tasks_db.utils import exclusive_transaction

    worker = make_worker(batch=True, ident="drain")
    ran = 0
    while True:
        with exclusive_transaction():
            job = DBTaskResult.objects.ready().filter(backend_name="default").get_locked()
            if job is None:
                return ran
            job.claim(worker.worker_id)
        worker.run_task(job)
        ran += 1


# --- the worker inside a web process (TASKS_IN_PROCESS) -----------------------------------

_started_in: int | None = None  # the process id whose thread runs; a forked child has none
_start_lock = threading.Lock()


def start_in_process(**_) -> None:
    """`request_started` receiver: the first request of each web process starts that
    process's worker thread (and its lease watch), when TASKS_IN_PROCESS is on."""
    global _started_in
    if not settings.TASKS_IN_PROCESS or _started_in == os.getpid():
        return
    with _start_lock:
        if _started_in == os.getpid():
            return
        _started_in = os.getpid()
    threading.Thread(target=_serve, name="tasks-worker", daemon=True).start()
    threading.Thread(
        target=watch_leases, args=(threading.Event(),), name="tasks-leases", daemon=True
    ).start()


def _serve() -> None:
    """The thread's loop: the worker's own, started again after anything it raises (the
    database briefly away, the tables not migrated yet)."""
    while True:
        try:
            make_worker(ident="thread").run()
        except Exception:
            logger.warning("The in-process task worker stopped; starting it again", exc_info=True)
        finally:
            close_old_connections()
        time.sleep(5)
