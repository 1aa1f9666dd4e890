"""Media storage: Django's FileSystemStorage that never leaves half a file behind.

When the disk fills up (or any other write error) in the middle of a save, Django's
storage raises but keeps the partial file it created. This one removes it, so a failed
upload leaves neither a product row (the catalog's services see to that) nor a stray file.
"""

import contextlib
import os

from django.core.files.storage import FileSystemStorage


class MediaStorage(FileSystemStorage):
    def _save(self, name, content):
        path = self.path(name)
        existed = os.path.lexists(path)
        try:
            return super()._save(name, content)
        except FileExistsError:
            raise
        except OSError:
            # Only a file this call created (names are unique; O_EXCL refuses to reuse).
            if not existed and os.path.lexists(path):
                with contextlib.suppress(OSError):
                    os.remove(path)
            raise
