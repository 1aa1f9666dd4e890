"""The returns waiting for the owner's decision, for the dashboard's "to act on" list
(registered with orders.to_act_on in ReturnsConfig.ready): the requests still
Requested, and when the oldest was made. One query."""

from django.db.models import Count, Min

from orders.to_act_on import Waiting
from returns.models import Return, ReturnStatus


def requested_returns() -> Waiting:
    figures = Return.objects.filter(status=ReturnStatus.REQUESTED).aggregate(
        count=Count("pk"), since=Min("created_at")
    )
    return Waiting(**figures)
