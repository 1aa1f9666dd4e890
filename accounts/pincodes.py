"""The offline PIN-code directory: which state (and roughly which town) a PIN code is in.

The data is India Post's All India Pincode Directory (Department of Posts, on the Open
Government Data Platform India, licensed GODL-India), as the `indian-pincode` package
ships it: 19,586 PIN codes, each with its states and districts, in one JSON file that the
package decodes once per process, lazily, on the first lookup (docs/india-addresses.md
has the source, licence, size and memory). Nothing here calls the network.

What this module adds to the package:

- State names as `accounts.india.STATES` spells them ("THE DADRA AND NAGAR HAVELI AND
  DAMAN AND DIU" is "Dadra and Nagar Haveli and Daman and Diu"; older spellings such as
  "Orissa", "Pondicherry" or "Dadra & Nagar Haveli" are mapped too, so a new data release
  that uses them still fits).
- The states a PIN code may be written with. A few PIN codes straddle a border; the
  directory lists every state its post offices name, and a handful of those are typing
  errors of the source (110025, in Delhi, also listed in Uttar Pradesh). A state is
  accepted for a PIN code when the directory lists it there AND it is the main state of
  some PIN code of the same sorting district (the first three digits), so real border
  PIN codes (396193: Gujarat or Dadra and Nagar Haveli and Daman and Diu; 605007:
  Puducherry or Tamil Nadu) take either and the typing errors take neither.
- A state for the 82 PIN codes the source gives none: the state every other PIN code of
  its sorting district is in, when they agree (a sorting district lies inside one postal
  circle); the four whose district is shared stay unknown, which is not in the directory.
- A city: the district in the main state, as a shopper would write it ("BENGALURU URBAN"
  reads "Bengaluru"; Delhi's compass-named districts read "Delhi").
"""

import re
import threading
from collections import defaultdict
from dataclasses import dataclass

import indian_pincode

from accounts.india import find_state

PIN_FORMAT = re.compile(r"[1-9][0-9]{5}")

# Spellings the directory has used, or older releases of it used, for today's names
# (casefolded, "&" read as "and").
STATE_ALIASES = {
    "the dadra and nagar haveli and daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
    "dadra and nagar haveli": "Dadra and Nagar Haveli and Daman and Diu",
    "daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
    "orissa": "Odisha",
    "pondicherry": "Puducherry",
    "uttaranchal": "Uttarakhand",
    "chattisgarh": "Chhattisgarh",
    "nct of delhi": "Delhi",
    "new delhi": "Delhi",
    "andaman and nicobar": "Andaman and Nicobar Islands",
}


def official_state(name: str) -> str:
    """The name in accounts.india.STATES for a state as the directory spells it ("DELHI",
    "Orissa", "Dadra & Nagar Haveli"), or "" when it names none."""
    text = " ".join(str(name or "").replace("&", " and ").split()).casefold()
    return find_state(text) or STATE_ALIASES.get(text, "")


@dataclass(frozen=True, slots=True)
class Place:
    pincode: str
    state: str  # the official name (accounts.india.STATES)
    city: str  # the district as a shopper would write it ("" when the source has none)
    states: tuple[str, ...]  # every state the PIN code may be written with, `state` first


# Delhi's districts are named after compass points; nobody writes "South West" as a city.
_COMPASS = {"central", "north", "south", "east", "west"}
_SUFFIXES = (" urban", " suburban", " district")
_SMALL_WORDS = {"and", "of"}


def city_name(district: str, state: str) -> str:
    """The district as a shopper writes the city: "BENGALURU URBAN" -> "Bengaluru",
    "MUMBAI SUBURBAN" -> "Mumbai", Delhi's "SOUTH WEST" -> "Delhi"."""
    text = " ".join(str(district or "").split()).lower()
    if not text:
        return ""
    if state == "Delhi" and text != "new delhi":
        return "Delhi"
    for suffix in _SUFFIXES:
        head = text.removesuffix(suffix)
        if head != text and head.split()[-1] not in _COMPASS:
            text = head
            break
    # Capital after anything that is not a letter: "s.a.s nagar" -> "S.A.S Nagar".
    text = re.sub(r"(?:^|(?<=[^a-z]))[a-z]", lambda match: match.group().upper(), text)
    return " ".join(
        word.lower() if index and word.lower() in _SMALL_WORDS else word
        for index, word in enumerate(text.split())
    )


_built: dict[str, Place] | None = None
_building = threading.Lock()


def _directory() -> dict[str, Place]:
    """Every PIN code's place, built once per process on the first lookup (the threads of
    a worker that ask at once wait for the one that builds it)."""
    global _built
    if _built is None:
        with _building:
            if _built is None:
                _built = _build()
    return _built


def _build() -> dict[str, Place]:
    """From the package's public calls (which decode its data file then)."""
    raw = {pin: indian_pincode.get_details(pin) for pin in indian_pincode.get_pincodes()}
    # Which districts lie in which state, to take a border PIN code's city from its main
    # state (the package lists a PIN code's districts of every state together).
    districts_of: dict[str, set[str]] = defaultdict(set)
    for name in indian_pincode.list_states():
        districts_of[official_state(name)].update(indian_pincode.list_districts(name))
    main_states: dict[int, set[str]] = defaultdict(set)
    for pin, details in raw.items():
        state = official_state(details["state"] or "")
        if state:
            main_states[int(pin) // 1000].add(state)
    cities: dict[tuple[str, str], str] = {}  # one string per distinct city
    places = {}
    for pin, details in raw.items():
        prefix = int(pin) // 1000
        plausible = main_states.get(prefix, set())
        main = official_state(details["state"] or "")
        if not main and len(plausible) == 1:
            main = next(iter(plausible))
        if not main:
            continue
        others = sorted({official_state(name) for name in details["states"]} & plausible - {main})
        in_main = [name for name in details["districts"] if name in districts_of.get(main, ())]
        district = (in_main or details["districts"] or [""])[0]
        key = (district, main)
        if key not in cities:
            cities[key] = city_name(district, main)
        places[pin] = Place(pincode=pin, state=main, city=cities[key], states=(main, *others))
    return places


def is_well_formed(pin: str) -> bool:
    """Six digits, the first not 0 (no PIN code starts with 0)."""
    return isinstance(pin, str) and PIN_FORMAT.fullmatch(pin) is not None


def lookup(pin: str) -> Place | None:
    """Where a PIN code is; None when it is not six digits, not in the directory, or in
    the directory without a state that can be told."""
    if not is_well_formed(pin):
        return None
    return _directory().get(pin)


def places() -> dict[str, Place]:
    """Every PIN code in the directory with a known state, by PIN code."""
    return _directory()


def directory_states() -> list[str]:
    """Every state the directory names, as it spells them (for the mapping's test)."""
    return indian_pincode.list_states()


def data_version() -> str:
    """The date of the India Post snapshot the package was built from ("YYYY.MM.DD")."""
    return indian_pincode.DATA_VERSION
