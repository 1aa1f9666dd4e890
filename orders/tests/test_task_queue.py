"""Order mails through the task queue (shop/tasks.py) against real processes: a gunicorn
server, `manage.py run_tasks` workers and a real SMTP server (aiosmtpd) on loopback, on a
SQLite file or on PostgreSQL when the tests run on it. The mail server is the one thing
outside the project; it is a real one here, slow, down or killed as a real one is."""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
from contextlib import contextmanager
from datetime import timedelta

import pytest
import requests
from django.utils import timezone

from shop.tests.live_gunicorn import ROOT, free_port, gunicorn_server, wait_for
from shop.tests.smtp import smtp_server

pytestmark = pytest.mark.django_db(transaction=True)

SEED = """
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category, Product
from catalog.variants import give_single_variants
category = Category.objects.create(name="Audio", slug="audio")
product = Product.objects.create(
    name="Speaker", slug="speaker", description="Loud.", price=Decimal("999.00"),
    quantity=100, category=category,
)
give_single_variants([product.pk])
user = User.objects.create_user("buyer@example.com", "Shop-Pass-2026!", name="Buyer",
                                address="1 Main Rd, Bengaluru 560001")
print(product.pk, user_issue_token(user=user))
"""

# The mail jobs' statuses (the workers' periodic reconcile runs are jobs too: not these).
JOBS = """
import json
from django_tasks_db.models import DBTaskResult
from shop.tasks import PERIODIC
jobs = DBTaskResult.objects.exclude(task_path__in=list(PERIODIC))
print(json.dumps(sorted(jobs.values_list("status", flat=True))))
"""


@contextmanager
def silent_server(port: int):
    """A mail server that takes the connection and never says a word (a hung one)."""
    listener = socket.create_server(("127.0.0.1", port))
    held = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        for connection in held:
            connection.close()
        listener.close()


def _environment(smtp_port: int, **more) -> dict:
    return {
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "TASKS_IN_PROCESS": "false",
        "TASK_RETRY_SECONDS": "0.5",
        "TASK_RETRY_MAX_SECONDS": "1",
        "THROTTLE_CHECKOUT": "1000/min",
        **more,
    }


@contextmanager
def worker(server):
    process = subprocess.Popen(
        [sys.executable, "manage.py", "run_tasks", "--interval", "0.2", "--no-startup-delay"],
        cwd=ROOT,
        env=server.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)


def _checkout(server, product_id, token):
    return requests.post(
        f"{server.url}/api/v1/orders/checkout",
        json={"cart": [{"_id": product_id}]},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,  # the hung mail server holds a send for EMAIL_TIMEOUT, 120 s
    )


def _jobs(server) -> list[str]:
    return json.loads(server.manage("shell", "-c", JOBS).strip().splitlines()[-1])


def test_orders_are_placed_while_the_mail_server_hangs_and_mailed_once_it_is_back(tmp_path):
    smtp_port = free_port()
    # The first worker is killed when the hung server goes: a job it held is handed back
    # after the lease.
    environment = _environment(smtp_port, EMAIL_TIMEOUT="120", TASK_LEASE_SECONDS="3")
    with gunicorn_server(tmp_path, **environment) as server:
        product, token = server.manage("shell", "-c", SEED).strip().splitlines()[-1].split()
        with worker(server), silent_server(smtp_port):
            answers = [_checkout(server, product, token) for _ in range(5)]
            assert [answer.status_code for answer in answers] == [201] * 5
        orders = [answer.json()["order"]["_id"] for answer in answers]
        # The mail server is back; the job the hung server held failed when it went away.
        with smtp_server(smtp_port) as inbox, worker(server):
            wait_for(lambda: len(inbox.subjects) >= 5, "five mails")
            wait_for(lambda: "READY" not in _jobs(server), "the queue to drain")
        assert sorted(inbox.subjects) == sorted(
            f"ShopSphere: your order {number} is placed" for number in orders
        )


def test_a_mail_whose_worker_was_killed_is_sent_again_once(tmp_path):
    smtp_port = free_port()
    # The lease outlasts the time it takes to see the job taken and kill its worker (a
    # `manage.py shell` a look, seconds on a busy machine): a shorter one lets the worker's
    # own lease watch hand the hung send back before the kill, and the job is READY.
    environment = _environment(smtp_port, EMAIL_TIMEOUT="120", TASK_LEASE_SECONDS="10")
    with gunicorn_server(tmp_path, **environment) as server:
        product, token = server.manage("shell", "-c", SEED).strip().splitlines()[-1].split()
        with silent_server(smtp_port), worker(server) as first:
            order = _checkout(server, product, token).json()["order"]["_id"]
            wait_for(lambda: _jobs(server) == ["RUNNING"], "the worker to take the job")
            os.kill(first.pid, signal.SIGKILL)  # mid-send: the job stays RUNNING
            first.wait(timeout=30)
        assert _jobs(server) == ["RUNNING"]
        with smtp_server(smtp_port) as inbox, worker(server):
            wait_for(lambda: _jobs(server) == ["SUCCESSFUL"], "the job to be sent again")
        # One job, handed back once and sent once; nothing left to run.
        assert inbox.subjects == [f"ShopSphere: your order {order} is placed"]


def test_the_web_server_runs_the_jobs_itself_by_default(tmp_path):
    """The two-command default: no worker process, the web process's own thread sends."""
    smtp_port = free_port()
    environment = _environment(smtp_port, TASKS_IN_PROCESS="true", WEB_CONCURRENCY="2")
    with gunicorn_server(tmp_path, **environment) as server, smtp_server(smtp_port) as inbox:
        product, token = server.manage("shell", "-c", SEED).strip().splitlines()[-1].split()
        order = _checkout(server, product, token).json()["order"]["_id"]
        wait_for(lambda: _jobs(server) == ["SUCCESSFUL"], "the web process to send the mail")
        assert inbox.subjects == [f"ShopSphere: your order {order} is placed"]


def test_a_job_lost_too_many_times_is_given_up_and_logged(settings, caplog):
    """A job whose worker died with it TASK_MAX_LOST times (it kills its worker) is marked
    failed instead of handed back again; one lost fewer times is handed back."""
    from django_tasks_db.models import DBTaskResult

    from orders.tasks import send_order_mail
    from shop.tasks import requeue_lost

    settings.TASK_MAX_LOST, settings.TASK_LEASE_SECONDS = 3, 60
    long_ago = timezone.now() - timedelta(minutes=5)
    poison, lost_once = send_order_mail.enqueue(1, "placed"), send_order_mail.enqueue(2, "placed")
    for job, workers in ((poison, ["a", "b", "c"]), (lost_once, ["a"])):
        DBTaskResult.objects.filter(pk=job.id).update(
            status="RUNNING", started_at=long_ago, worker_ids=workers
        )

    assert requeue_lost() == 1
    given_up = DBTaskResult.objects.get(pk=poison.id)
    assert (given_up.status, given_up.exception_class_path) == ("FAILED", "shop.tasks.JobLost")
    assert "lost with its worker 3 times: given up" in caplog.text
    assert DBTaskResult.objects.get(pk=lost_once.id).status == "READY"
    # Nothing more to do on the next look.
    assert requeue_lost() == 0
    assert DBTaskResult.objects.get(pk=poison.id).status == "FAILED"


def test_the_periodic_reconcile_is_queued_once_and_again_an_interval_after_it_started(settings):
    from django_tasks_db.models import DBTaskResult

    from shop.tasks import PERIODIC, schedule_periodic

    settings.RECONCILE_INTERVAL_SECONDS = 600
    runs = DBTaskResult.objects.filter(task_path="payments.tasks.reconcile_payments")
    assert "payments.tasks.reconcile_payments" in PERIODIC
    # Every periodic job (the reconcile among them) is queued once, then none while they wait.
    assert schedule_periodic() == len(PERIODIC)
    assert schedule_periodic() == 0
    (first,) = runs
    assert first.run_after <= timezone.now()
    started = timezone.now() - timedelta(minutes=3)
    runs.update(status="SUCCESSFUL", started_at=started, finished_at=started)
    assert schedule_periodic() == 1  # the reconcile only: the others still wait
    following = runs.get(status="READY")
    assert following.run_after == started + timedelta(seconds=600)
