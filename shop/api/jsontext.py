"""JSON text sent inside a request (a multipart form's `options`, `variants`, `gallery`),
read with a depth limit.

Python's `json` parses nested arrays and objects by recursion: a field of a few hundred
kilobytes of `[[[[...` raises RecursionError, which no view expects. orjson parses
without recursion and refuses a document nested deeper than 1024 levels with
`orjson.JSONDecodeError`, a ValueError like every other malformed text, so a caller's
`except ValueError` answers it as the field's 400.

orjson is stricter than `json` where JSON itself is: no NaN or Infinity, no lone
surrogates, integers within 64 bits. Each of those is "not JSON text" too.
"""

import orjson

# orjson's own limit; a document deeper than this is not parsed.
MAX_DEPTH = 1024


def loads(text: str | bytes):
    """The value of JSON `text`; ValueError when it is not JSON or nested deeper than
    MAX_DEPTH."""
    return orjson.loads(text)
