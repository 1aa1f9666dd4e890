"""DRF's JSON parser, with one more malformed input answered as a parse error: a document
nested deeper than Python's parser can follow raises RecursionError, not ValueError, and
DRF would let it through as a 500."""

from rest_framework import parsers
from rest_framework.exceptions import ParseError

TOO_DEEP = "JSON parse error - the document is nested too deeply."


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(TOO_DEEP) from None
