"""The one check of a GSTIN (a business's GST registration number), wherever one is typed:
a business buyer's at checkout and in the address book, and the shop's own (orders'
shop details).

A GSTIN is 15 characters: the state's two-digit GST code, the holder's PAN (ten
characters: five letters, four digits, a letter; the fourth letter the holder's type),
the registration's number for that PAN in the state (1-9, then A-Z), `Z`, and a check
character: Luhn mod 36 over the first fourteen in the alphabet 0-9A-Z (GSTN's
algorithm, as python-stdnum's `stdnum.in_.gstin` computes it).

`check_gstin` takes the number as typed (spaces and hyphens left out, any case) and
answers it compact in capitals, or raises `GstinError` with a sentence for the shopper
and a `code`: "format", "state" (the first two digits name no state of
`accounts.india.STATES`: 00, 99, 25, 28, 97 ...) or "checksum". python-stdnum's own
`validate` is not used whole: its state list lacks Ladakh (38) and still has 25 and 28,
which accounts.india does not offer; its PAN check and its Luhn checksum are.
"""

import re

from rest_framework import serializers
from stdnum import exceptions as stdnum_errors
from stdnum import luhn
from stdnum.in_ import pan

from accounts.india import NAME_OF

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SHAPE = re.compile(r"^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$", re.ASCII)
# What typing or pasting adds: spaces of any kind and hyphens.
SEPARATORS = re.compile(r"[\s\-]+")

FORMAT_MESSAGE = (
    "Enter a valid GSTIN: 15 characters, the state code, the PAN, the registration "
    "number, Z and the check character."
)
STATE_MESSAGE = "Enter a valid GSTIN: it starts with a state's GST code, and {code} is none."
CHECKSUM_MESSAGE = (
    "Enter a valid GSTIN: its last character does not match the others; please check it for a typo."
)
NAME_WITHOUT_GSTIN = "A business name goes with a GSTIN: add the GSTIN, or leave this empty."
GSTIN_WITHOUT_NAME = "Please add the business name on the GSTIN"


class GstinError(ValueError):
    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message, self.code = message, code


def normalise(value) -> str:
    """The number as typed, without spaces and hyphens, in capitals."""
    return SEPARATORS.sub("", str(value or "")).upper()


def check_gstin(value) -> str:
    """The GSTIN compact and in capitals; GstinError saying what is wrong with it."""
    number = normalise(value)
    if len(number) != 15 or not SHAPE.match(number):
        raise GstinError(FORMAT_MESSAGE, "format")
    if number[:2] not in NAME_OF:
        raise GstinError(STATE_MESSAGE.format(code=number[:2]), "state")
    try:
        pan.validate(number[2:12])
    except stdnum_errors.ValidationError:
        raise GstinError(FORMAT_MESSAGE, "format") from None
    try:
        luhn.validate(number, ALPHABET)
    except stdnum_errors.ValidationError:
        raise GstinError(CHECKSUM_MESSAGE, "checksum") from None
    return number


def gstin_state(number: str) -> str:
    """The name of the state a (checked) GSTIN is registered in."""
    return NAME_OF.get(number[:2], "")


def pair_errors(gstin: str, business_name: str) -> dict[str, list[str]]:
    """The wire's errors of a GSTIN and business name given together (both checked
    already; "" for none): each needs the other."""
    if business_name and not gstin:
        return {"businessName": [NAME_WITHOUT_GSTIN]}
    if gstin and not business_name:
        return {"businessName": [GSTIN_WITHOUT_NAME]}
    return {}


class GstinField(serializers.CharField):
    """A GSTIN on the wire: optional (null and "" are none), checked by `check_gstin`,
    answered compact in capitals."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_blank", True)
        kwargs.setdefault("allow_null", True)
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault(
            "error_messages",
            {"invalid": "GSTIN must be text.", "max_length": FORMAT_MESSAGE},
        )
        kwargs.setdefault(
            "help_text",
            "A registered business's GSTIN (15 characters; spaces and hyphens are left out, "
            "any case); 400 on a bad checksum or a first two digits that are no state's code.",
        )
        super().__init__(label="GSTIN", **kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not normalise(value):
            return ""
        try:
            return check_gstin(value)
        except GstinError as error:
            raise serializers.ValidationError(error.message, code=error.code) from None
