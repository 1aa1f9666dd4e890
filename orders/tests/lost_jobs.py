"""A job for the tests of lost workers (payments/tests/test_reconcile_live.py): it kills
the worker process that runs it, as a job that crashes the interpreter or runs it out of
memory would. Never enqueued outside the tests."""

import os
import signal

from django_tasks import task


@task()
def kill_own_worker() -> None:
    os.kill(os.getpid(), signal.SIGKILL)
