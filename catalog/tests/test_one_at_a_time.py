"""A miss is computed once per process however many threads ask for it at the same
moment (catalog.cache.values.one_at_a_time): the others wait and read what it stored. Real
threads, on the local-memory cache and on the real Redis."""

import threading

import pytest

from catalog.cache import values

pytestmark = pytest.mark.django_db
THREADS = 6


def ask_at_once(ask, monkeypatch):
    """THREADS threads call ask() together; the first one's computing is held until every
    thread has come to the key's lock. Returns (answers, computations)."""
    computed, answers = [], []
    release, arrived, count = threading.Event(), threading.Event(), []
    enter = values.one_at_a_time._enter

    def counting_enter(key):
        count.append(key)
        if len(count) == THREADS:
            arrived.set()
        return enter(key)

    monkeypatch.setattr(values.one_at_a_time, "_enter", counting_enter)

    def compute():
        computed.append(threading.get_ident())
        assert release.wait(10), "never released"
        return {"answer": 42}

    threads = [
        threading.Thread(target=lambda: answers.append(ask(compute))) for _ in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    # Every thread has come to the lock (the first holds it, computing): let it finish.
    # One that reaches the lock after that reads what the first stored, so the count holds.
    assert arrived.wait(10), "the threads never got there"
    release.set()
    for thread in threads:
        thread.join(10)
    return answers, computed


def test_threads_missing_the_same_value_compute_it_once(shared_cache, monkeypatch):
    answers, computed = ask_at_once(
        lambda compute: values.cached_value("popular", compute), monkeypatch
    )

    assert len(computed) == 1
    assert answers == [{"answer": 42}] * THREADS
    assert len(values.one_at_a_time) == 0  # no lock left behind


def test_threads_building_the_same_held_value_build_it_once(shared_cache, monkeypatch):
    answers, computed = ask_at_once(
        lambda compute: values.held_value("table", compute), monkeypatch
    )

    assert len(computed) == 1
    assert answers == [{"answer": 42}] * THREADS
    assert len(values.one_at_a_time) == 0


def test_a_failed_computation_lets_the_next_thread_compute(shared_cache):
    calls = []

    def failing():
        calls.append(1)
        raise LookupError("no such product")

    for _ in range(2):
        with pytest.raises(LookupError):
            values.cached_value("missing", failing)
    assert values.cached_value("missing", lambda: "found") == "found"
    assert len(calls) == 2 and len(values.one_at_a_time) == 0


def test_a_value_asking_for_its_own_key_does_not_wait_on_itself(shared_cache):
    def outer():
        return ["outer", values.cached_value("same", lambda: "inner")]

    assert values.cached_value("same", outer) == ["outer", "inner"]


def test_a_miss_no_other_thread_asked_for_reads_the_cache_once(shared_cache, monkeypatch):
    """A thread alone on a key does not read it again under the key's lock: one lookup a
    miss, where there were two (a round trip to the shared cache each)."""
    lookups = []
    get = values._get

    def counting_get(version, key):
        lookups.append(key)
        return get(version, key)

    monkeypatch.setattr(values, "_get", counting_get)
    assert values.cached_value("alone", lambda: {"answer": 7}) == {"answer": 7}
    assert len(lookups) == 1
    assert values.cached_value("alone", lambda: {"answer": 8}) == {"answer": 7}  # a hit
    assert len(lookups) == 2
