"""The offline PIN-code directory (accounts.pincodes): known PIN codes land in the right
state under the official names, every state the data names maps to one of ours, and the
data's border and state-less PIN codes are handled as the module says."""

import time

import pytest

from accounts import pincodes
from accounts.india import STATES

DNHDD = "Dadra and Nagar Haveli and Daman and Diu"


@pytest.mark.parametrize(
    ("pin", "state", "city"),
    [
        ("110001", "Delhi", "New Delhi"),
        ("560103", "Karnataka", "Bengaluru"),
        ("400001", "Maharashtra", "Mumbai"),
        ("600001", "Tamil Nadu", "Chennai"),
        ("500001", "Telangana", "Hyderabad"),
        ("682001", "Kerala", "Ernakulam"),
        ("744101", "Andaman and Nicobar Islands", "South Andamans"),
        ("396210", "Dadra and Nagar Haveli and Daman and Diu", "Daman"),
        ("605001", "Puducherry", "Pondicherry"),
        ("194101", "Ladakh", "Leh Ladakh"),
        ("682555", "Lakshadweep", "Lakshadweep"),
        ("160017", "Chandigarh", "Chandigarh"),
        ("403001", "Goa", "North Goa"),
    ],
)
def test_known_pin_codes_are_in_their_state_and_town(pin, state, city):
    place = pincodes.lookup(pin)

    assert place is not None
    assert (place.pincode, place.state, place.city) == (pin, state, city)
    assert place.states == (state,)


@pytest.mark.parametrize(
    "pin", ["999999", "100000", "012345", "000000", "11000", "1100011", "11000a", "", " 110001"]
)
def test_unknown_or_malformed_pin_codes_have_no_place(pin):
    assert pincodes.lookup(pin) is None


def test_lookup_takes_only_text():
    assert pincodes.lookup(110001) is None
    assert pincodes.lookup(None) is None


def test_every_state_the_data_names_maps_to_an_official_one():
    named = pincodes.directory_states()

    mapped = {name: pincodes.official_state(name) for name in named}

    assert all(mapped.values()), [name for name, ours in mapped.items() if not ours]
    # ... and the directory covers every state and union territory we offer.
    assert set(mapped.values()) == {name for _, name in STATES}


def test_every_place_is_in_an_official_state():
    official = {name for _, name in STATES}
    places = pincodes.places()

    assert len(places) > 19_000
    assert all(place.state in official for place in places.values())
    assert all(set(place.states) <= official for place in places.values())
    assert all(place.states[0] == place.state for place in places.values())


@pytest.mark.parametrize(
    ("written", "official"),
    [
        ("DELHI", "Delhi"),
        ("NCT of Delhi", "Delhi"),
        ("Orissa", "Odisha"),
        ("Pondicherry", "Puducherry"),
        ("Dadra & Nagar Haveli", DNHDD),
        ("Daman & Diu", DNHDD),
        ("THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU", DNHDD),
        ("Andaman & Nicobar Islands", "Andaman and Nicobar Islands"),
        ("Jammu & Kashmir", "Jammu and Kashmir"),
        ("Uttaranchal", "Uttarakhand"),
        ("Chattisgarh", "Chhattisgarh"),
        ("  tamil   NADU ", "Tamil Nadu"),
        ("Atlantis", ""),
        ("", ""),
    ],
)
def test_old_and_odd_spellings_of_states_map_to_the_official_names(written, official):
    assert pincodes.official_state(written) == official


def test_telangana_pin_codes_are_in_telangana_not_andhra_pradesh():
    hyderabad = [pin for pin in pincodes.places() if pin.startswith("500")]

    assert len(hyderabad) > 50
    assert {pincodes.lookup(pin).state for pin in hyderabad} == {"Telangana"}


def test_a_border_pin_code_may_be_written_with_either_state():
    assert pincodes.lookup("396193").states == (
        "Gujarat",
        "Dadra and Nagar Haveli and Daman and Diu",
    )
    assert set(pincodes.lookup("605007").states) == {"Puducherry", "Tamil Nadu"}


def test_a_state_the_source_lists_by_mistake_is_not_accepted():
    # 110025 (Delhi) also names a district of Uttar Pradesh; 305402 (Ajmer) Telangana.
    assert pincodes.lookup("110025").states == ("Delhi",)
    assert pincodes.lookup("305402").states == ("Rajasthan",)


def test_a_pin_code_without_a_state_takes_its_sorting_districts_when_they_agree():
    # The source names no state for 400111 nor 504300; 400xxx are all in Maharashtra,
    # 504xxx are in Telangana and once in Andhra Pradesh, so 504300 stays unknown.
    assert pincodes.lookup("400111").state == "Maharashtra"
    assert pincodes.lookup("504300") is None


@pytest.mark.parametrize(
    ("district", "state", "city"),
    [
        ("BENGALURU URBAN", "Karnataka", "Bengaluru"),
        ("BENGALURU RURAL", "Karnataka", "Bengaluru Rural"),
        ("MUMBAI SUBURBAN", "Maharashtra", "Mumbai"),
        ("SOUTH WEST", "Delhi", "Delhi"),
        ("NEW DELHI", "Delhi", "New Delhi"),
        ("EAST DISTRICT", "Sikkim", "East District"),
        ("LAHUL AND SPITI", "Himachal Pradesh", "Lahul and Spiti"),
        ("KAIMUR (BHABUA)", "Bihar", "Kaimur (Bhabua)"),
        ("S.A.S NAGAR", "Punjab", "S.A.S Nagar"),
        ("24 PARAGANAS NORTH", "West Bengal", "24 Paraganas North"),
        ("", "Goa", ""),
    ],
)
def test_districts_read_as_a_shopper_writes_the_city(district, state, city):
    assert pincodes.city_name(district, state) == city


def test_lookups_are_fast_once_loaded():
    pincodes.lookup("110001")
    started = time.perf_counter()
    for _ in range(10_000):
        pincodes.lookup("560103")
    # A dictionary lookup after a format check: far under 50 microseconds each.
    assert time.perf_counter() - started < 0.5
