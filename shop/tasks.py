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
  (`requeue_lost`): it runs again, once. A job lost TASK_MAX_LOST times (one that kills
  its worker each time) is given up: marked failed and logged. The lease should be longer
  than any job takes; a job that must not run twice at once (a refund) also claims its
  row in the database while it works, so a run handed back early finds it claimed.
- Periodic jobs (PERIODIC: each registered by its app when it is ready, with `periodic`,
  and the setting that holds its interval) are scheduled by the lease watch of every
  worker, the in-process thread and `run_tasks` alike: one job row at a time per periodic
  task, put in the queue under a database lock (`schedule_periodic`), so however many
  servers run workers, one run happens at a time and each runs about once per interval.
"""

from __future__ import annotations

import functools
import logging
import os
import socket
import threading
import time
import zlib
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone
from django.utils.module_loading import import_string
from django_tasks import TaskResultStatus, task

logger = logging.getLogger("shop.tasks")


class MailNotSent(Exception):
    """A mail job's send failed (the mail server refused or could not be reached; the
    sender logged why): raised so that `retrying` tries again."""


def retrying(function=None, *, then: str = "not trying again"):
    """A task (`.enqueue(...)`) that, when it raises, is enqueued again to run after a
    backoff, up to TASK_MAX_ATTEMPTS tries. Its arguments must be JSON values. `then`
    says in the log what happens after the last try (a refund: the reconcile run)."""
    if function is None:
        return functools.partial(retrying, then=then)

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
                    "%s failed %d times; %s",
                    function.__name__,
                    attempt,
                    then,
                    exc_info=True,
                )
            raise

    return run


class JobLost(Exception):
    """What a job given up by `requeue_lost` failed with: its worker died every time it ran
    it (TASK_MAX_LOST times)."""


def requeue_lost() -> int:
    """Hands back to the queue every job claimed longer than TASK_LEASE_SECONDS ago and
    still running: its worker is gone. A job already lost TASK_MAX_LOST times (each claim
    adds a worker id) is given up instead: marked failed, and logged. Each job is moved by
    a conditional UPDATE on its claim (status and start time), so of several workers doing
    this at once only one moves it. Returns how many were handed back."""
    from django_tasks_db.models import DBTaskResult  # a model: not before apps are ready

    now = timezone.now()
    lost = DBTaskResult.objects.filter(
        status=TaskResultStatus.RUNNING,
        started_at__lt=now - timedelta(seconds=settings.TASK_LEASE_SECONDS),
    ).values_list("pk", "started_at", "worker_ids", "task_path")
    handed_back = 0
    for pk, started_at, worker_ids, task_path in list(lost):
        claim = DBTaskResult.objects.filter(
            pk=pk, status=TaskResultStatus.RUNNING, started_at=started_at
        )
        times = len(worker_ids or [])
        if times >= settings.TASK_MAX_LOST:
            given_up = claim.update(
                status=TaskResultStatus.FAILED,
                finished_at=now,
                exception_class_path=f"{JobLost.__module__}.{JobLost.__qualname__}",
                traceback=f"{JobLost.__qualname__}: its worker was lost {times} times\n",
            )
            if given_up:
                logger.error(
                    "Job %s (%s) was lost with its worker %d times: given up",
                    pk,
                    task_path,
                    times,
                )
            continue
        handed_back += claim.update(status=TaskResultStatus.READY, run_after=now)
    if handed_back:
        logger.warning("Handed %d job(s) of a lost worker back to the queue", handed_back)
    return handed_back


# The periodic jobs: task path -> the setting that holds its interval in seconds. Apps
# register theirs when they are ready (`periodic`), so this module names no app.
PERIODIC: dict[str, str] = {}


def periodic(job, *, every: str) -> None:
    """Registers `job` (a task) to run about every `every` seconds (the name of the setting
    that holds them), one run at a time across every worker (`schedule_periodic`)."""
    PERIODIC[job.module_path] = every


# Finished runs of a periodic job are kept this long (the admin shows them), then deleted.
PERIODIC_KEPT = timedelta(days=2)

# How often a worker looks for lost jobs and periodic jobs due, at most.
PERIODIC_CHECK_SECONDS = 60.0


def schedule_periodic() -> int:
    """Puts the next run of each periodic job in the queue when it has none waiting or
    running: due one interval after the last run started (now when there was none). Under
    a database lock (an advisory lock on PostgreSQL, the exclusive write lock on SQLite),
    so workers on several servers doing this at once put in one. Returns how many."""
    from django_tasks_db.models import DBTaskResult
    from django_tasks_db.utils import exclusive_transaction

    scheduled = 0
    for path, setting in PERIODIC.items():
        every = timedelta(seconds=getattr(settings, setting))
        with exclusive_transaction():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_xact_lock(%s)", [zlib.crc32(path.encode())])
            runs = DBTaskResult.objects.filter(task_path=path)
            if runs.filter(status__in=[TaskResultStatus.READY, TaskResultStatus.RUNNING]).exists():
                continue
            now = timezone.now()
            runs.filter(finished_at__lt=now - PERIODIC_KEPT).delete()
            last = (
                runs.filter(started_at__isnull=False)
                .order_by("-started_at")
                .values_list("started_at", flat=True)
                .first()
            )
            due = now if last is None else max(now, last + every)
            import_string(path).using(run_after=due).enqueue()
            scheduled += 1
    return scheduled


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
    """`requeue_lost` and `schedule_periodic` every quarter lease (at most every
    PERIODIC_CHECK_SECONDS, at least every second) until `stop` is set."""
    every = max(1.0, min(settings.TASK_LEASE_SECONDS / 4, PERIODIC_CHECK_SECONDS))
    while not stop.wait(every):
        for step in (requeue_lost, schedule_periodic):
            try:
                step()
            except Exception:
                logger.warning("The task queue's %s failed", step.__name__, exc_info=True)
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
