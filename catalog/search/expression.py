"""The match expression: a small tree of words (Term) joined by AND and OR (Node),
rendered as a tsquery (PostgreSQL) or an FTS5 query (SQLite)."""

from dataclasses import dataclass, field

# Ranks of name, category, description (PostgreSQL weights A, B, C; FTS5 bm25 columns).
PG_WEIGHTS = "{0.05, 0.2, 0.4, 1.0}"
FTS5_WEIGHTS = (10.0, 4.0, 1.0)


@dataclass(frozen=True)
class Term:
    word: str
    prefix: bool = False


@dataclass
class Node:
    op: str  # "and" | "or"
    children: list = field(default_factory=list)


def _render(node, *, vendor: str, weights: str = "") -> str:
    if isinstance(node, Term):
        if vendor == "postgresql":
            label = ("*" if node.prefix else "") + weights
            return f"'{node.word}'" + (f":{label}" if label else "")
        return f'"{node.word}"' + ("*" if node.prefix else "")
    joiner = {("postgresql", "and"): " & ", ("postgresql", "or"): " | "}.get(
        (vendor, node.op), f" {node.op.upper()} "
    )
    parts = [_render(child, vendor=vendor, weights=weights) for child in node.children]
    return parts[0] if len(parts) == 1 else "(" + joiner.join(parts) + ")"


def _words_in(node) -> list[str]:
    """The words of an expression's terms, in order."""
    if isinstance(node, Term):
        return [node.word]
    return [word for child in node.children for word in _words_in(child)]
