"""Search and suggestions: the rules of `product_search` and `product_suggest` over
`catalog/search/` (parsing, vocabulary, SQL, windows, estimates)."""

from typing import NamedTuple

from django.conf import settings
from django.db import connection
from django.db.models import Case, IntegerField, Value, When

from catalog import search
from catalog.models import Product
from catalog.selectors.paging import _catalogue_size
from catalog.selectors.rows import _ROW_COLUMNS, ProductRow, _by_ids, _step_rows

SUGGEST_LIMIT = 8
SUGGEST_CATEGORIES = 2
SUGGEST_MIN_LENGTH = 2


class SearchAnswer(NamedTuple):
    products: list[ProductRow]
    corrected: str | None  # the query as understood, when its results come from a correction


def _from_windows(estimate, fetch, *, total: int, limit: int, reach: float = 1.0) -> list | None:
    """A step's answer (ids, best first) from windows of the newest products
    (catalog/search/windows.py, "common words"): `estimate()` is the planner's guess of
    the step's matches, `fetch(window)` the step's answer when the newest `window`
    products hold its newest search.ranked_matches() matches, else nothing. The estimate
    only chooses how the answer is read, never what it is: a window's answer is the
    ranking's. A window that comes back short is read again eight times larger while that stays
    smaller than search.REGROW_REACH (or `reach`, when larger) x the matches; None: rank
    every match. `total` is 0 off PostgreSQL. The
    smallest window holds margin x limit products, so a catalogue no larger is never
    asked for an estimate."""
    margin = settings.SEARCH_WINDOW_MARGIN
    if total <= margin * limit:
        return None
    rows = estimate()
    # A window answers only when it holds the step's newest search.ranked_matches(): sized
    # to hold twice that on average, or margin x the answer when that is more.
    sized = max(limit, search.ranked_matches() // 2)
    window = search.window_size(matching=rows, total=total, limit=sized, margin=margin, reach=reach)
    while window is not None:
        ids = fetch(window)
        if len(ids) >= limit:
            return ids
        regrow = max(reach, search.REGROW_REACH) * rows
        window = window * 8 if window * 8 < regrow else None
    return None


def _search_more(
    expression, *, exclude: list[int], limit: int, total: int, rows=False, reach: float = 1.0
) -> list:
    """A match step's ids, best first; its products instead with `rows` (a step whose
    products are the whole answer reads them in the same query). `reach`: how many times
    its matches a window may read (search.LOOSENED_REACH)."""
    read = _step_rows if rows else search.ids_of
    found = _from_windows(
        lambda: search.estimated_match_rows(expression),
        lambda window: search.match_window(
            expression, window=window, limit=limit, exclude=exclude, read=read
        ),
        total=total,
        limit=limit,
        reach=reach,
    )
    if found is not None:
        return found
    if connection.vendor == "postgresql":
        return search.match_ranked(expression, limit=limit, exclude=exclude, read=read)
    qs = search.match_query(Product.objects.all(), expression)
    if exclude:
        qs = qs.exclude(pk__in=exclude)
    if rows:
        return list(map(ProductRow, qs.values_list(*_ROW_COLUMNS)[:limit]))
    return list(qs.values_list("id", flat=True)[:limit])


def _search_literal(keyword: str, *, limit: int, total: int) -> list[int]:
    found = _from_windows(
        lambda: search.estimated_literal_rows(keyword),
        lambda window: search.literal_window(keyword, window=window, limit=limit),
        total=total,
        limit=limit,
    )
    if found is not None:
        return found
    if connection.vendor == "postgresql":
        return search.literal_ranked(keyword, limit=limit)
    rank = Case(
        When(name__istartswith=keyword, then=Value(0)),
        When(name__icontains=keyword, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    qs = (
        Product.objects.filter_by_keyword(keyword)
        .annotate(rank=rank)
        .order_by("rank", "-created_at", "-id")
    )
    return list(qs.values_list("id", flat=True)[:limit])


def _literal_and_match(keyword: str, *, limit: int, total: int):
    """For a keyword of several words on PostgreSQL, whose literal match the planner
    expects not to fill the answer: the literal step and the match of all the words in
    one query (search.literal_and_match), as `(plan, literal ids, more ids)` where `more`
    leaves out the literal ones, exactly as the two steps one after the other would. None
    when that does not apply: one word, a catalogue too small for windows, statistics not
    held, a literal match expected to fill the answer, a match to read from a window."""
    margin = settings.SEARCH_WINDOW_MARGIN
    if total <= margin * limit or len(search.words_of(keyword)) < 2 or not keyword.isascii():
        return None
    statistics = search.held_statistics()
    if statistics is None or statistics.literal_rows(keyword) >= limit:
        return None
    meant = search.plan(keyword)
    if meant.expression is None:
        return None
    expected = search.estimated_match_rows(meant.expression)
    if search.window_size(matching=expected, total=total, limit=limit, margin=margin):
        return None
    literal, matched = search.literal_and_match(keyword, meant.expression, limit=limit)
    # The match leaves the literal's answer out, as the step after the literal does.
    return meant, literal, matched[: limit - len(literal)]


def product_search(*, keyword: str) -> SearchAnswer:
    """Literal, case-insensitive matches of the keyword in the name or the description
    come first (Django escapes `%`, `_` and `\\` in `icontains`, so the keyword is never a
    pattern): a name that starts with it, then a name containing it, then a description
    containing it; newest first within each. Then, up to SEARCH_RESULTS_LIMIT, what the
    shopper meant (catalog/search/): every word in any order, typos, joined and split
    words, plurals, ranked name > category > description. Of what the steps found, the
    products whose name holds the keyword or the words come first (search.name_first),
    unless the literal step alone fills the answer (it already ranks names first).

    Each step ranks ids only (a narrow sort, a query text without the product's columns
    and join); the products found are then read in one query by primary key, by the
    step's own query when nothing was found before it (`_step_rows`). On
    PostgreSQL (two more queries, once a catalogue version: the catalogue's size and the
    planner's statistics) a step that matches many products (a common word) ranks only
    the matches among the newest products when they fill the answer
    (catalog/search/windows.py, "common words"; the loosened step from a larger window
    than the others, search.LOOSENED_REACH), and a keyword of several words reads its literal
    match and its match in one query when the first is not expected to fill the answer
    (`_literal_and_match`)."""
    limit = settings.SEARCH_RESULTS_LIMIT
    total = _catalogue_size()  # a statistic, not a count: kept with the catalogue version
    paired = _literal_and_match(keyword, limit=limit, total=total)
    if paired is not None:
        meant, literal, more = paired
    else:
        meant, literal, more = None, _search_literal(keyword, limit=limit, total=total), []
    if len(literal) >= limit:
        return SearchAnswer(_by_ids(literal), None)
    if meant is None:
        meant = search.plan(keyword)
        if meant.expression is not None:
            more = _search_more(
                meant.expression, exclude=literal, limit=limit - len(literal), total=total
            )
    answer = None  # the products, when the step that found them read them
    if meant.expression is not None:
        loose = search.loosened(meant.expression)
        if not (literal or more) and loose is not None:
            # Nothing found so far: what this step finds is the whole answer, and it reads
            # those products itself (as the one below does).
            more = answer = _search_more(
                loose, exclude=[], limit=limit, total=total, rows=True, reach=search.LOOSENED_REACH
            )
    words = search.words_of(keyword)
    if not (literal or more) and words and len(words[-1]) >= search.MIN_PREFIX:
        # Searched before the last word was finished (`samsn`): read it as a suggestion
        # would, its last word a prefix; two more queries, only when nothing was found.
        meant = search.plan(keyword, prefix_last=True)
        if meant.expression is not None:
            more = answer = _search_more(
                meant.expression, exclude=[], limit=limit, total=total, rows=True
            )
    corrected = meant.corrected if more and not literal else None
    if answer is None:  # else literal is empty: the step's products are the answer
        answer = _by_ids(literal + more) if literal or more else []
    return SearchAnswer(search.name_first(answer, keyword, meant.expression), corrected)


def product_suggest(*, text: str, limit: int = SUGGEST_LIMIT) -> list[tuple[str, object]]:
    """Up to `limit` suggestions for what is being typed (its last word a prefix, even a
    misspelled one) in their name or category: the categories of the matches first (two
    at most), then the products' names, newest first. Two queries: the vocabulary and
    the match."""
    if len(text.strip()) < SUGGEST_MIN_LENGTH:
        return []
    meant = search.plan(text, prefix_last=True)
    if meant.expression is None:
        return []
    fields = (
        "id",
        "name",
        "slug",
        "created_at",
        "category__id",
        "category__name",
        "category__slug",
    )
    products = Product.objects.with_category().only(*fields)
    found = list(search.suggest_query(products, meant.expression)[:limit])
    categories = list({p.category_id: p.category for p in found}.values())[:SUGGEST_CATEGORIES]
    answer = [("category", category) for category in categories]
    answer += [("product", product) for product in found[: limit - len(answer)]]
    return answer
