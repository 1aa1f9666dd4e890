"""The match and the suggestions as querysets, for either engine: PostgreSQL's tsvector
and ts_rank, SQLite's FTS5 and bm25."""

from django.db import connection

from catalog.search.expression import FTS5_WEIGHTS, PG_WEIGHTS, Node, _render, _words_in


def suggest_query(products, expression: Node):
    """The products whose name or category match the expression, newest first. No rank
    to compute: while typing, a short prefix matches thousands of products, and the
    newest-first index stops at the first few."""
    if connection.vendor == "postgresql":
        # Names and categories only, with their own index (migration 0004_i18_...).
        text = _render(expression, vendor="postgresql")
        where = "catalog_product.suggest_vector @@ to_tsquery('simple'::regconfig, %s)"
        qs = products.extra(where=[where], params=[text])  # noqa: S610 (a bound parameter)
        if len(_words_in(expression)) == 1:
            # One word: PostgreSQL estimates it well and walks the newest-first index when
            # it is common (a start like `mo`), or gathers the few matches from the GIN.
            return qs.order_by("-created_at", "-id")
        # Several: it cannot estimate an AND of words and, guessing "many", would walk the
        # newest-first index through every product. Ordering by an expression no index
        # has makes it gather the (few) matches of the AND from the GIN index and sort.
        return qs.extra(
            select={"newest": "catalog_product.created_at + interval '0 seconds'"},
            order_by=["-newest", "-id"],
        )
    text = "{name category} : " + _render(expression, vendor="sqlite")
    return products.extra(
        tables=["catalog_product_fts"],
        where=["catalog_product_fts.rowid = catalog_product.id", "catalog_product_fts MATCH %s"],
        params=[text],
    ).order_by("-created_at", "-id")


def match_query(products, expression: Node):
    """The products matching the expression, best first (the rank in `search_rank`)."""
    vendor = connection.vendor
    text = _render(expression, vendor=vendor)
    if vendor == "postgresql":
        return products.extra(
            select={
                "search_rank": "ts_rank(%s, catalog_product.search_vector, "
                "to_tsquery('simple'::regconfig, %s))"
            },
            select_params=[PG_WEIGHTS, text],
            where=["catalog_product.search_vector @@ to_tsquery('simple'::regconfig, %s)"],
            params=[text],
            order_by=["-search_rank", "-created_at", "-id"],
        )
    weights = ", ".join(str(w) for w in FTS5_WEIGHTS)
    return products.extra(  # noqa: S610 (the text is a bound parameter)
        select={"search_rank": f"bm25(catalog_product_fts, {weights})"},
        tables=["catalog_product_fts"],
        where=["catalog_product_fts.rowid = catalog_product.id", "catalog_product_fts MATCH %s"],
        params=[text],
        order_by=["search_rank", "-created_at", "-id"],
    )
