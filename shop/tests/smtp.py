"""A real SMTP server on loopback for the tests that follow a mail out of the shop
(aiosmtpd): it keeps the subject of every mail it accepts."""

from contextlib import contextmanager

from aiosmtpd.controller import Controller


class Inbox:
    """aiosmtpd's handler: keeps the subjects of the mails it accepts, in order."""

    def __init__(self):
        self.subjects: list[str] = []

    async def handle_DATA(self, server, session, envelope):
        for line in envelope.content.decode().splitlines():
            if line.startswith("Subject: "):
                self.subjects.append(line.removeprefix("Subject: "))
        return "250 OK"


@contextmanager
def smtp_server(port: int):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()
