"""Django admin pages whose save can lose a race on a unique value (a category's or a
product's name, a slug, a SKU, a user's email).

The page's form checks the value, then writes it; a parallel save can take it in
between, and the database's unique index refuses the write (an IntegrityError, or the
editor's Conflict). Django's transaction for the page is rolled back whole, so the page
is simply checked again: the check now sees the other save and shows the field's error,
with everything the person typed, as any refused save does. A second lost race (the
value taken again in that instant) is said in a message, never as a server error.
"""

import logging

from django.contrib import messages
from django.db import IntegrityError
from django.http import HttpResponseRedirect

from shop.api.exceptions import Conflict

logger = logging.getLogger(__name__)

RACED = (
    "Another save changed the same record at this moment, so nothing was saved. "
    "Check the page and save again."
)


class CheckedAgainOnRace:
    """For a ModelAdmin: a POST to its add or change page that loses a unique race is
    answered by the page checked again (see the module's docstring)."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        view = super().changeform_view
        if request.method != "POST":
            return view(request, object_id, form_url, extra_context)
        for attempt in (1, 2):
            try:
                return view(request, object_id, form_url, extra_context)
            except (IntegrityError, Conflict) as exc:
                logger.info("admin save lost a race (attempt %s): %s", attempt, exc)
        self.message_user(request, RACED, messages.ERROR)
        return HttpResponseRedirect(request.get_full_path())
