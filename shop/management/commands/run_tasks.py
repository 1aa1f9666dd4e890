"""`manage.py run_tasks`: a worker process for the task queue (shop/tasks.py), for
deployments that run workers apart from the web servers (TASKS_IN_PROCESS=false). It is
django-tasks-db's `db_worker` plus the lease watch that hands back the jobs of a worker
that died. SIGTERM lets the job in hand finish, then stops."""

import threading

from django_tasks_db.management.commands.db_worker import Command as DbWorker

from shop.tasks import watch_leases


class Command(DbWorker):
    help = "Run the task queue's jobs (order mails), handing back those of lost workers."

    def handle(self, *args, **options):
        stop = threading.Event()
        watch = threading.Thread(target=watch_leases, args=(stop,), daemon=True)
        watch.start()
        try:
            super().handle(*args, **options)
        finally:
            stop.set()
