"""India's states and union territories with their GST state codes, as the GST portal
lists them (the first two digits of every GSTIN; CBIC, "State Code List"). Codes 25
(Daman and Diu, merged into 26 in 2020) and 28 (Andhra Pradesh before 2014) are no longer
given to new registrations, and 97 ("Other Territory") and 99 (Centre Jurisdiction) name
no delivery address, so none of them is offered."""

STATES: tuple[tuple[str, str], ...] = (
    ("35", "Andaman and Nicobar Islands"),
    ("37", "Andhra Pradesh"),
    ("12", "Arunachal Pradesh"),
    ("18", "Assam"),
    ("10", "Bihar"),
    ("04", "Chandigarh"),
    ("22", "Chhattisgarh"),
    ("26", "Dadra and Nagar Haveli and Daman and Diu"),
    ("07", "Delhi"),
    ("30", "Goa"),
    ("24", "Gujarat"),
    ("06", "Haryana"),
    ("02", "Himachal Pradesh"),
    ("01", "Jammu and Kashmir"),
    ("20", "Jharkhand"),
    ("29", "Karnataka"),
    ("32", "Kerala"),
    ("38", "Ladakh"),
    ("31", "Lakshadweep"),
    ("23", "Madhya Pradesh"),
    ("27", "Maharashtra"),
    ("14", "Manipur"),
    ("17", "Meghalaya"),
    ("15", "Mizoram"),
    ("13", "Nagaland"),
    ("21", "Odisha"),
    ("34", "Puducherry"),
    ("03", "Punjab"),
    ("08", "Rajasthan"),
    ("11", "Sikkim"),
    ("33", "Tamil Nadu"),
    ("36", "Telangana"),
    ("16", "Tripura"),
    ("09", "Uttar Pradesh"),
    ("05", "Uttarakhand"),
    ("19", "West Bengal"),
)

CODE_OF: dict[str, str] = {name: code for code, name in STATES}
NAME_OF: dict[str, str] = dict(STATES)
# For a model field's choices: the name is stored, the name is shown.
STATE_CHOICES = [(name, name) for _, name in STATES]


def state_code(name: str) -> str:
    """The GST code of a state named exactly as in STATES; "" for anything else."""
    return CODE_OF.get(name, "")


def find_state(text: str) -> str:
    """The official name of a state given in any case and spacing ("tamil  nadu",
    "TAMIL NADU"), or ""."""
    wanted = " ".join(str(text or "").split()).casefold()
    return next((name for name in CODE_OF if name.casefold() == wanted), "")
