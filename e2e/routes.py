"""Holding a request at the browser until the test lets it through."""

import time


class HeldRoute:
    """Hold every request that matches `pattern` until the test lets it through.

    The route handler runs on Playwright's event loop, which the sync API only pumps
    while the test waits on the browser. So a request the page has already sent may not
    have reached the handler yet when an assertion returns; `release` keeps pumping (in
    short browser waits) until the request is held, instead of racing it."""

    def __init__(self, page, pattern):
        self.page = page
        self.routes = []
        page.route(pattern, self._hold)

    def _hold(self, route):
        self.routes.append(route)

    def __len__(self):
        return len(self.routes)

    def wait(self, count=1, timeout=10.0):
        deadline = time.monotonic() + timeout
        while len(self.routes) < count:
            assert time.monotonic() < deadline, f"no request held after {timeout} s"
            self.page.wait_for_timeout(25)

    def release(self):
        self.wait()
        self.routes.pop(0).continue_()
