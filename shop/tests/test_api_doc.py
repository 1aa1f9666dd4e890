"""docs/api.md keeps up with the code: its generated table of every call is what
`manage.py api_doc` writes from the OpenAPI schema now, and every call of the schema is
described by hand in one of its groups (and no call described there is gone).

A new route fails here until `manage.py api_doc` is run and the call is described."""

import re

import pytest
from django.core.management import CommandError, call_command

from shop.management.commands import api_doc

CALL = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/api/v1/[^`\s]*)`")
FIX = "run `.venv/bin/python manage.py api_doc`, then describe the call in its group"


def _key(method: str, path: str) -> tuple[str, str]:
    return method, re.sub(r"\{[^}]*\}", "{}", path)


@pytest.fixture(scope="module")
def schema_calls():
    return {_key(method, path) for method, path, _ in api_doc.operations()}


def _hand_written() -> str:
    page = api_doc.doc_path().read_text()
    return page[: page.index(api_doc.BEGIN)]


def test_the_generated_table_is_current():
    page = api_doc.doc_path().read_text()
    assert api_doc.updated(page) == page, f"docs/api.md is out of date with the API: {FIX}"


def test_every_call_is_described_by_hand(schema_calls):
    described = {_key(m, p) for m, p in CALL.findall(_hand_written())}
    missing = sorted(schema_calls - described)
    assert not missing, f"calls without a description in docs/api.md: {missing}; {FIX}"


def test_no_call_described_by_hand_is_gone(schema_calls):
    described = {_key(m, p) for m, p in CALL.findall(_hand_written())}
    gone = sorted(described - schema_calls)
    assert not gone, f"docs/api.md describes calls the API no longer has: {gone}"


def test_the_table_has_a_row_for_every_call(schema_calls):
    table = api_doc.render_table()
    rows = {_key(m, p) for m, p in CALL.findall(table)}
    assert rows == schema_calls
    assert "| `POST /api/v1/auth/login` | - |" in table  # no token needed
    assert "| `GET /api/v1/auth/user-auth` | yes |" in table


def test_the_command_checks_and_writes(tmp_path, monkeypatch):
    page = tmp_path / "api.md"
    page.write_text(f"# API\n\n{api_doc.BEGIN}\nold table\n{api_doc.END}\n\nafter\n")
    monkeypatch.setattr(api_doc, "doc_path", lambda: page)
    with pytest.raises(CommandError, match="out of date"):
        call_command("api_doc", "--check")
    call_command("api_doc")
    written = page.read_text()
    assert "old table" not in written and written.endswith(f"{api_doc.END}\n\nafter\n")
    call_command("api_doc", "--check")  # now current
