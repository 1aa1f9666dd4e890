"""Nothing is lost after the sale, with real processes: a real gunicorn and real task
workers (`manage.py run_tasks`, or the web processes' own worker threads) on a SQLite file,
or PostgreSQL when the tests run on it, and the Razorpay stand-in on loopback, made
unreachable and brought back as the real gateway can be.

- `manage.py reconcile_payments` twice at the same moment: each refund asked of the
  gateway once, each overdue order cancelled once and its stock back once.
- The periodic run by the task worker (in-process threads, or several `run_tasks`): a
  refund whose job gave up while the gateway was down is made when it comes back, and
  the runs never overlap.
- `requeue_lost`: a job that kills its worker each time is given up; a refund job handed
  back while it still asks the gateway does not ask it a second time."""

import itertools
import json
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import pytest
import requests

from orders.tests.live_seed import SPEAKER
from orders.tests.razorpay_standin import Standin
from shop.tests.live_gunicorn import ROOT, gunicorn_server, together, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ADDRESS = "12 MG Road, Bengaluru 560001"

SEED = (
    SPEAKER
    + """
user = User.objects.create_user("buyer@example.com", "Shop-Pass-2026!", name="Buyer",
                                address="%(address)s")
print(json.dumps({"product": product.pk, "token": user_issue_token(user=user)}))
"""
)

STATE = """
import json
from django_tasks_db.models import DBTaskResult
from catalog.models import Product
from orders.models import Order, OrderStatusChange, Refund
runs = DBTaskResult.objects.filter(task_path="payments.tasks.reconcile_payments")
print(json.dumps({
    "stock": sum(Product.objects.values_list("quantity", flat=True)),
    "orders": {str(o.pk): o.status for o in Order.objects.all()},
    "cancels": sorted(
        OrderStatusChange.objects.filter(status="Cancelled").values_list("order_id", flat=True)
    ),
    "refunds": {r.payment_id: [r.status, r.refund_id] for r in Refund.objects.all()},
    "runs": [
        [r.status, r.started_at and r.started_at.timestamp(),
         r.finished_at and r.finished_at.timestamp()]
        for r in runs.order_by("enqueued_at")
    ],
    "jobs": [
        [j.task_path.rsplit(".", 1)[-1], j.status, len(j.worker_ids), j.exception_class_path]
        for j in DBTaskResult.objects.exclude(task_path="payments.tasks.reconcile_payments")
    ],
}))
"""

AGE = """
from datetime import timedelta
from django.utils import timezone
from orders.models import Order
Order.objects.filter(pk__in=%(ids)r).update(created_at=timezone.now() - timedelta(hours=1))
"""


@pytest.fixture
def standin():
    running = Standin().start()
    yield running
    running.stop()


def _server(tmp_path, standin, **more):
    return gunicorn_server(
        tmp_path,
        THROTTLE_CHECKOUT="10000/min",
        **standin.settings(),
        RAZORPAY_TIMEOUT_SECONDS="30",
        **more,
    )


def _seed(server, stock=20):
    out = server.manage("shell", "-c", SEED % {"stock": stock, "address": ADDRESS})
    return json.loads(out.strip().splitlines()[-1])


def _state(server):
    return json.loads(server.manage("shell", "-c", STATE).strip().splitlines()[-1])


def _api(server, seeded):
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {seeded['token']}"
    return session


def _place(server, api, seeded):
    answer = api.post(
        f"{server.url}/api/v1/orders/checkout",
        json={"cart": [{"_id": seeded["product"]}], "payment": "razorpay"},
        timeout=60,
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["order"]["_id"], body["razorpay"]["orderId"]


def _paid(server, api, seeded, standin):
    """An order placed and paid (the browser's verify): its id and the payment's."""
    order_id, gateway_order = _place(server, api, seeded)
    paid = standin.pay(gateway_order)
    verified = api.post(
        f"{server.url}/api/v1/orders/{order_id}/razorpay/verify", json=paid, timeout=60
    )
    assert verified.status_code == 200, verified.text
    return order_id, paid["razorpay_payment_id"]


def _cancel(server, api, order_id):
    answer = api.post(f"{server.url}/api/v1/orders/{order_id}/cancel", timeout=60)
    assert answer.status_code == 200, answer.text


def _refund_calls(standin, payment_id) -> int:
    return standin.calls.count(("POST", f"/v1/payments/{payment_id}/refund"))


@contextmanager
def _workers(server, count: int):
    processes = [
        subprocess.Popen(
            [sys.executable, "manage.py", "run_tasks", "--interval", "0.2", "--no-startup-delay"],
            cwd=ROOT,
            env=server.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(count)
    ]
    try:
        yield processes
    finally:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _runs_never_overlap(runs):
    finished = sorted((start, end) for status, start, end in runs if end is not None)
    for (_, end), (start, _) in itertools.pairwise(finished):
        assert start >= end, f"two reconcile runs at once: {finished}"


# --- two runs at the same moment ---------------------------------------------------------


def _slow_refunds(standin, latency: float = 3.0):
    """Razorpay slow to answer a refund: the answer comes once the same payment has been
    read a second time (a second run looking at it while the first waits) or after
    `latency` seconds, so two runs at once overlap on a refund instead of one finishing
    before the other reaches it."""
    refund = standin.refund

    def slow_refund(payment_id, body):
        read = ("GET", f"/v1/payments/{payment_id}")
        deadline = time.monotonic() + latency
        while standin.calls.count(read) < 2 and time.monotonic() < deadline:
            standin.released.wait(0.05)
        return refund(payment_id, body)

    standin.refund = slow_refund


def test_two_reconcile_runs_at_once_settle_each_refund_and_order_once(tmp_path, standin):
    with _server(tmp_path, standin, TASKS_IN_PROCESS="false") as server:
        seeded = _seed(server, stock=20)
        api = _api(server, seeded)
        # Four paid orders cancelled (their refund jobs never run: no worker), and four
        # orders left unpaid past their window.
        refunded = []
        for _ in range(4):
            order_id, payment_id = _paid(server, api, seeded, standin)
            _cancel(server, api, order_id)
            refunded.append(payment_id)
        overdue = [_place(server, api, seeded)[0] for _ in range(4)]
        server.manage("shell", "-c", AGE % {"ids": overdue})
        before = _state(server)
        assert before["stock"] == 16
        assert {status for status, _ in before["refunds"].values()} == {"pending"}
        _slow_refunds(standin)

        answers = together([lambda: server.manage("reconcile_payments")] * 2)

        after = _state(server)
        for payment_id in refunded:
            assert _refund_calls(standin, payment_id) == 1, standin.calls
            assert standin.payments[payment_id]["amount_refunded"] == 249900
            assert after["refunds"][payment_id][0] == "processed"
        for order_id in overdue:
            assert after["orders"][str(order_id)] == "Cancelled"
            assert after["cancels"].count(int(order_id)) == 1
        assert after["stock"] == 20
        made = sum(int(answer.split("Refunds: ")[1].split(" made")[0]) for answer in answers)
        assert made == 4, answers
        # A third run finds nothing left to do.
        assert server.manage("reconcile_payments").startswith("Refunds: 0 made")
        assert sum(_refund_calls(standin, p) for p in refunded) == 4


# --- the periodic run ----------------------------------------------------------------------


def _refund_given_up_then_made(server, standin):
    """A paid order cancelled while the gateway is unreachable: its refund job tries once
    (TASK_MAX_ATTEMPTS=1) and gives up. The gateway comes back and the periodic reconcile
    run makes the refund, once."""
    seeded = _seed(server)
    api = _api(server, seeded)
    order_id, payment_id = _paid(server, api, seeded, standin)
    port = standin.server.server_address[1]
    standin.stop()
    _cancel(server, api, order_id)

    def refund_job_ended():
        jobs = [j for j in _state(server)["jobs"] if j[0] == "refund_payment"]
        return jobs and jobs[0][1] in ("FAILED", "SUCCESSFUL")

    # Its one try ends (failed; or "busy" when a reconcile run was asking at that moment),
    # and the runs while the gateway is down leave the refund pending.
    wait_for(refund_job_ended, "the refund job to give up")
    started = len(_state(server)["runs"])
    wait_for(lambda: len(_state(server)["runs"]) >= started + 2, "two runs while it is down")
    assert _state(server)["refunds"][payment_id][0] == "pending"
    assert _refund_calls(standin, payment_id) == 0
    standin.released.clear()
    standin.start(port)
    wait_for(
        lambda: _state(server)["refunds"][payment_id][0] == "processed",
        "the reconcile run to make the refund",
    )
    # Two more runs after it: none asks again, and no two ran at once.
    started = len(_state(server)["runs"])
    wait_for(lambda: len(_state(server)["runs"]) >= started + 2, "two more reconcile runs")
    state = _state(server)
    assert _refund_calls(standin, payment_id) == 1
    assert standin.payments[payment_id]["amount_refunded"] == 249900
    assert [status for status, _, _ in state["runs"]].count("FAILED") == 0
    _runs_never_overlap(state["runs"])


PERIODIC = {
    "TASK_MAX_ATTEMPTS": "1",
    "TASK_LEASE_SECONDS": "4",  # the workers look for due periodic jobs every second
    "RECONCILE_INTERVAL_SECONDS": "1",
}


def test_the_web_processes_threads_reconcile_by_default(tmp_path, standin):
    """The two-command default: no worker process, the web processes' own threads."""
    environment = {**PERIODIC, "TASKS_IN_PROCESS": "true", "WEB_CONCURRENCY": "2"}
    with _server(tmp_path, standin, **environment) as server:
        # Each web process starts its worker thread with its first request.
        for _ in range(8):
            requests.get(f"{server.url}/healthz", timeout=10)
        _refund_given_up_then_made(server, standin)


def test_run_tasks_workers_on_several_servers_reconcile_one_at_a_time(tmp_path, standin):
    with (
        _server(tmp_path, standin, **PERIODIC, TASKS_IN_PROCESS="false") as server,
        _workers(server, 3),
    ):
        _refund_given_up_then_made(server, standin)


# --- lost workers ------------------------------------------------------------------------

ENQUEUE_KILLER = """
from orders.tests.lost_jobs import kill_own_worker
kill_own_worker.enqueue()
"""


def test_a_job_that_kills_its_worker_each_time_is_given_up(tmp_path, standin):
    environment = {"TASKS_IN_PROCESS": "false", "TASK_LEASE_SECONDS": "1", "TASK_MAX_LOST": "3"}
    with _server(tmp_path, standin, **environment) as server:
        server.manage("shell", "-c", ENQUEUE_KILLER)

        def killer():
            (job,) = [j for j in _state(server)["jobs"] if j[0] == "kill_own_worker"]
            return job

        # A supervisor starts the worker again each time it dies, up to ten times.
        for _ in range(10):
            with _workers(server, 1) as (process,):
                wait_for(
                    lambda: process.poll() is not None or killer()[1] == "FAILED",
                    "the worker to die or the job to be given up",
                )
                if killer()[1] == "FAILED":
                    assert process.poll() is None  # this worker lives on
                    break
        assert killer() == ["kill_own_worker", "FAILED", 3, "shop.tasks.JobLost"]


def test_a_refund_job_handed_back_while_it_asks_does_not_ask_twice(tmp_path, standin):
    """The gateway is slow to answer the refund, longer than the lease: the job is handed
    back and another worker runs it while the first still waits for the answer."""
    environment = {"TASKS_IN_PROCESS": "false", "TASK_LEASE_SECONDS": "1"}
    with _server(tmp_path, standin, **environment) as server:
        seeded = _seed(server)
        api = _api(server, seeded)
        order_id, payment_id = _paid(server, api, seeded, standin)
        answer = threading.Event()
        refund = standin.refund

        def slow_refund(*args, **kwargs):
            answer.wait(60)
            return refund(*args, **kwargs)

        standin.refund = slow_refund
        with _workers(server, 2):
            _cancel(server, api, order_id)

            def refund_job():
                jobs = [j for j in _state(server)["jobs"] if j[0] == "refund_payment"]
                return jobs[0] if jobs else None

            # Handed back and run again to its end, or asked a second time.
            wait_for(
                lambda: (
                    (refund_job() or [0, "", 0])[1:3] == ["SUCCESSFUL", 2]
                    or _refund_calls(standin, payment_id) >= 2
                ),
                "the refund job to be handed back and run again",
            )
            answer.set()
            wait_for(
                lambda: _state(server)["refunds"][payment_id][0] == "processed",
                "the refund to be made",
            )
        assert _refund_calls(standin, payment_id) == 1
        assert standin.payments[payment_id]["amount_refunded"] == 249900
