"""/api/schema/ is built once per process, answers the same bytes to every request, and
is throttled per client address (shop/api/schema_view.py). The parallel case runs against
real gunicorn workers on their first requests, where drf-spectacular's lazy loading of its
extensions raced when many threads built the description at once."""

import json
import re

import pytest
import requests
from drf_spectacular.generators import SchemaGenerator

from shop.api.schema_view import SchemaView
from shop.tests.live_gunicorn import gunicorn_server, together

SCHEMA = "/api/schema/"
BUILT = "OpenAPI schema built"


@pytest.fixture
def fresh_process(monkeypatch):
    """The view's per-process description forgotten, as in a new worker; the generator's
    builds counted."""
    monkeypatch.setattr(SchemaView, "_schemas", {})
    monkeypatch.setattr(SchemaView, "_rendered", {})
    calls = []
    build = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        calls.append(1)
        return build(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    return calls


@pytest.mark.django_db
def test_the_description_is_built_once_and_every_answer_is_the_same_bytes(client, fresh_process):
    first = client.get(SCHEMA, {"format": "json"})
    again = client.get(SCHEMA, {"format": "json"})
    yaml = client.get(SCHEMA)
    yaml_again = client.get(SCHEMA, HTTP_ACCEPT="application/vnd.oai.openapi")

    assert [r.status_code for r in (first, again, yaml, yaml_again)] == [200] * 4
    assert len(fresh_process) == 1
    assert first.content == again.content
    assert yaml.content == yaml_again.content
    assert first["Content-Type"] == "application/vnd.oai.openapi+json"
    assert yaml["Content-Type"] == "application/vnd.oai.openapi; charset=utf-8"
    assert json.loads(first.content)["paths"]


@pytest.mark.django_db
def test_accept_parameters_do_not_make_new_renderings(client, fresh_process):
    answers = [
        client.get(SCHEMA, HTTP_ACCEPT=f"application/vnd.oai.openapi+json; indent={n}")
        for n in range(1, 6)
    ]
    assert {a.status_code for a in answers} == {200}
    assert len({a.content for a in answers}) == 1
    assert len(SchemaView._rendered) == 1


@pytest.mark.django_db
def test_reading_the_description_is_throttled_per_address(client, settings):
    settings.SCHEMA_THROTTLE_RATE = "3/min"
    statuses = [client.get(SCHEMA, {"format": "json"}).status_code for _ in range(3)]
    refused = client.get(SCHEMA, {"format": "json"})
    other = client.get(SCHEMA, {"format": "json"}, REMOTE_ADDR="203.0.113.9")

    assert statuses == [200, 200, 200]
    assert refused.status_code == 429
    assert refused.json()["success"] is False
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert other.status_code == 200


def _builders(server) -> list[str]:
    """The process of each build logged so far."""
    return re.findall(rf"{BUILT} by process (\d+)", server.log.read_text())


@pytest.mark.django_db(transaction=True)
def test_16_parallel_requests_to_fresh_workers_all_answer_the_same_description(tmp_path):
    with gunicorn_server(
        tmp_path,
        WEB_CONCURRENCY="4",
        GUNICORN_THREADS="4",
        LOG_LEVEL="INFO",
        SCHEMA_THROTTLE_RATE="1000/min",
    ) as server:

        def fetch():
            return requests.get(f"{server.url}{SCHEMA}?format=json", timeout=120)

        first = together([fetch] * 16)
        second = together([fetch] * 16)
        builders = _builders(server)

    statuses = [answer.status_code for answer in first + second]
    assert statuses == [200] * 32, statuses
    assert len({answer.content for answer in first + second}) == 1
    # Each worker built it at most once: 32 requests on 4 workers, so some worker
    # answered several of them from the one build.
    assert 1 <= len(builders) <= 4, builders
    assert len(set(builders)) == len(builders), builders
