"""`manage.py import_pincodes FILE.csv`: the PIN codes the shop's courier serves.

The file (header `pincode,cod`, one PIN code a line, `cod` 1 or 0; or
`pincode,cod,days` with the days a delivery there takes, 0-60, blank for the
DELIVERY_DAYS setting) replaces the list, all or nothing: a bad header or row, a PIN
code listed twice or one not in India Post's directory refuses the whole file, names
each bad line and exits non-zero, and the list stays as it was. `--clear` deletes the
list, so every PIN code is served with cash on delivery again. The Django admin's
"Import CSV" page does the same (orders/delivery.py).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from orders.delivery import (
    ImportProblem,
    decode_upload,
    served_pincodes_clear,
    served_pincodes_import,
)


class Command(BaseCommand):
    help = (
        "Replace the list of PIN codes the shop serves from a CSV file "
        "(pincode,cod or pincode,cod,days)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="CSV with the header pincode,cod[,days]")
        parser.add_argument(
            "--clear",
            action="store_true",
            help="delete the list: every PIN code is served, with cash on delivery",
        )

    def handle(self, *args, file=None, clear=False, **options):
        if clear == bool(file):
            raise CommandError("Give a CSV file, or --clear.")
        if clear:
            deleted = served_pincodes_clear()
            self.stdout.write(f"Deleted the list of {deleted} PIN codes: every PIN code is served.")
            return
        path = Path(file)
        try:
            with path.open("rb") as handle:
                result = served_pincodes_import(
                    decode_upload(iter(lambda: handle.read(65536), b""))
                )
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from error
        except ImportProblem as problem:
            raise CommandError(
                f"{path}: nothing was changed.\n" + "\n".join(problem.problems)
            ) from problem
        self.stdout.write(
            f"Loaded {result.loaded} PIN codes ({result.cod} with cash on delivery); "
            "the list replaces the one before."
        )
