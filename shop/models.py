"""Tables of the project itself (no shop domain here)."""

from django.db import models


class ThrottleCounter(models.Model):
    """One throttle or lockout counter: attempts counted in a fixed window that opens
    with the first attempt. Kept in the database (not the cache) so no traffic can evict
    it; written only by shop.throttling's atomic upsert."""

    ident = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    window_ends = models.FloatField(db_index=True, help_text="Unix time the window closes.")

    def __str__(self) -> str:
        return f"{self.ident}: {self.count}"
