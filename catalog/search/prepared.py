"""Search statements PostgreSQL plans once a connection, not once a search.

A cold search sends two or three statements of fixed text whose values change (the
words, a window's size); PostgreSQL parsed and planned each one every time, a tenth of
a cold search's database time (docs/decisions/0003 and 0009 have the figures). The
texts registered here are prepared on each connection the first time it runs them
(`PREPARE`, not logged: it is no query of the request) and executed with `EXECUTE
name(values)` through Django's cursor, so they are logged, counted and wrapped like any
other query.

PostgreSQL keeps re-planning a prepared statement whose generic plan it estimates to be
dearer than the plans made for its values (the window's LIMIT is a parameter), so the
connection asks for generic plans (`plan_cache_mode`, settings.py: only prepared
statements and PL/pgSQL's are planned that way; Django prepares none). The texts are
written for that plan: a tsquery is computed once, as an InitPlan (`(SELECT
to_tsquery(...))`); a generic plan would call `to_tsquery` for every row it tests. Plan
tests hold the prepared statements to the indexes they rely on.

A connection that lost its statements (`DISCARD ALL`, `DEALLOCATE ALL`: a pooler's reset)
prepares them again: outside a transaction the statement is sent again at once; inside
one, the transaction has failed and the error is raised, and the next one prepares them.
`SEARCH_PREPARED_STATEMENTS` (default on) turns all this off, for a pooler that moves a
connection's transactions between server sessions (PgBouncer's transaction pooling
before 1.21).
"""

from __future__ import annotations

import hashlib
import re

import psycopg
from django.conf import settings
from django.db import ProgrammingError, connection

_TSQUERY = "to_tsquery('simple'::regconfig, %s)"
_PLACEHOLDER = re.compile(r"%s")


class Statement:
    """One registered text: its name, the PREPARE that defines it, the EXECUTE that runs
    it with the same parameters as the text."""

    def __init__(self, sql: str):
        digest = hashlib.sha1(sql.encode(), usedforsecurity=False).hexdigest()[:16]
        self.name = f"catalog_{digest}"
        body = sql.replace(_TSQUERY, f"(SELECT {_TSQUERY})")
        if "%%" in body or "%" in _PLACEHOLDER.sub("", body):
            raise ValueError("a prepared text has no % but its placeholders")
        count = body.count("%s")
        numbered = iter(range(1, count + 1))
        self.prepare = f"PREPARE {self.name} AS " + _PLACEHOLDER.sub(
            lambda _: f"${next(numbered)}", body
        )
        values = f"({', '.join(['%s'] * count)})" if count else ""
        self.execute = f"EXECUTE {self.name}{values}"


_registered: dict[str, Statement] = {}


def register(sql: str) -> None:
    """Registers a constant text (at import)."""
    _registered[sql] = Statement(sql)


def statement(sql: str) -> str:
    """What to send for `sql` on this connection (its parameters unchanged): the EXECUTE
    of its prepared statement, prepared first on a connection that has not got it; the
    text itself when it is not registered, off PostgreSQL or turned off."""
    found = _registered.get(sql)
    if (
        found is None
        or connection.vendor != "postgresql"
        or not settings.SEARCH_PREPARED_STATEMENTS
    ):
        return sql
    raw = connection.connection
    prepared = getattr(raw, "_catalog_prepared", None)
    if prepared is None:
        prepared = raw._catalog_prepared = set()
    if found.name not in prepared:
        # Not through Django's cursor: the definition is not a query of the request.
        # Prepared statements outlive a rolled-back transaction.
        raw.execute(found.prepare)
        prepared.add(found.name)
    return found.execute


def execute(cursor, sql: str, params) -> None:
    """`cursor.execute(sql, params)`, by its prepared statement when there is one."""
    sent = statement(sql)
    try:
        cursor.execute(sent, params)
    except ProgrammingError as error:
        lost = isinstance(error.__cause__, psycopg.errors.InvalidSqlStatementName)
        if sent is sql or not lost:
            raise
        connection.connection._catalog_prepared = set()  # prepare them again
        if connection.in_atomic_block:
            raise
        cursor.execute(statement(sql), params)
