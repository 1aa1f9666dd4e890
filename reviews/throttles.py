"""Review writes per signed-in user (a review, an edit or delete, a vote, a report):
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["reviews"] (THROTTLE_REVIEWS, default 30/min),
counted in shop.throttling's store like checkout's; past it 429 with `Retry-After`."""

from shop.throttling import UserThrottle


class ReviewWriteThrottle(UserThrottle):
    scope = "reviews"
