"""CSV import and export of the catalogue (`manage.py import_products` / `export_products`).

Two layouts, told apart by the header; UTF-8 with or without a BOM, comma (or Excel's
semicolon) separated.

- **One row per product** (the original layout): `name,slug,description,price,quantity,
  category,shipping,photo`. A new product gets one variant of that price and stock; an
  existing product sold one way gives them to its variant; one with several variants
  keeps them, and a row that would change its price or stock is refused (give it one row
  per variant).
- **One row per variant** (what `export_products` writes), when the header has `sku` or
  an `optionN_*` column: the product's columns (`name`, `description`, `category`,
  `shipping`, `photos`, `photo_alts`, `photo_options`, `optionN_name`, `optionN_values`)
  on its first row, and on every row its `slug` and one variant: `sku`, `option1_value`
  ... `option3_value`, `price`, `quantity`. Rows that follow with the same slug are more
  variants of that product; on them the product's columns are left blank (or repeat the
  first row's exactly). The rows are the product's whole list of variants, in order: a
  variant is matched by its SKU, else by its options; a stored variant no row names is
  removed.

In either layout, the product's `hsn`, `gst_rate` and `country_of_origin` (its own tax
details, catalog/tax.py) may follow: blank is the category's, a file without the column
keeps what the product has.

`optionN_values` lists an option's values in order (`S|M|L`, values nobody sells
included); blank, they are the values the rows use, in the order first used. `photos` is
the whole gallery in order (`front.jpg|back.jpg`): the base name of a photo the product
has keeps it (alt text and option included), any other name is a file in --images; blank
keeps the gallery. The original `photo` column replaces the first photo.

`photo_alts` and `photo_options` (with `photos`, in either layout) give each photo of
`photos`, in the same order, its alt text and the option value it shows (`Front|Back`,
`Blue|`): as many items as `photos` has, else the row is refused; a blank item is no alt
text or no option, and so is a blank cell for every photo (what export writes when no
photo has one). Alt text follows the gallery's rules (catalog/gallery.py: spaces
collapsed, at most MAX_ALT characters, no control characters); an option must be a value
of one of the product's options (as the file leaves them), matched regardless of case and
spelled as the product spells it. An item that is what a kept photo already has leaves
that photo as it is at the write, as a stock given unchanged does. A file without the
column keeps each kept photo's alt text or option, and gives a new photo none.

In `photos`, `photo_alts`, `photo_options` and `optionN_values` a `|` or `\\` inside an
item is written `\\|` or `\\\\`.

A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
carriage return: OWASP's CSV injection rule) is written behind an apostrophe, and so is a
cell that starts with an apostrophe itself; import drops one leading apostrophe from every
cell. So the escaping is undone exactly (a list cell's too: an alt text `=HYPERLINK(..)`
comes back as it was), and `'` is how a hand-written file starts a cell with one of those
characters or (doubled) with an apostrophe.

Import is all or nothing: every row is checked first (the API's rules for each field, its
options, variants and SKUs through catalog.variants, the same photo check and
re-encoding), and any bad row is reported as `line N: column: ...` with nothing written.
This package only reads, checks and reports: the rows become catalog.services.batch's
items, and `products_write_batch` writes them (photos stored first, then every product in
one transaction, the variants' stock through catalog.services.stock.write_stock, as every
editor's save: a stock the file gives as it was when the file was checked takes the
figure stored at the write, so a sale made meanwhile stays). A product that changes
nothing is not written, so importing a file twice (or importing what `export_products`
wrote) changes nothing.

The modules: `columns` (the columns and cells), `parse` (reading the file, the rows'
fields, the report's `ImportFailed`), `plan` (checking the rows against the database),
`export`; `apply_import` (here) hands a plan to the batch write.
"""

from __future__ import annotations

from catalog.csv_io.columns import (
    COLUMNS,
    EXPORT_COLUMNS,
    escaped_cell,
    joined,
    split,
    unescaped_cell,
)
from catalog.csv_io.export import export_rows
from catalog.csv_io.parse import ImportFailed, Plan, Row, read_rows
from catalog.csv_io.plan import _checked_bytes, plan_import
from catalog.services import products_write_batch
from catalog.services.batch import Progress

__all__ = [
    "COLUMNS",
    "EXPORT_COLUMNS",
    "ImportFailed",
    "Plan",
    "Row",
    "apply_import",
    "escaped_cell",
    "export_rows",
    "joined",
    "plan_import",
    "read_rows",
    "split",
    "unescaped_cell",
]


def apply_import(plan: Plan, *, progress: Progress | None = None) -> None:
    """Write a checked plan (catalog.services.products_write_batch): its photos are read
    from the plan's memory, or checked and re-encoded again from --images."""

    def photo_file(source, slug: str) -> tuple[str, bytes]:
        checked = plan.photos[source]
        return checked.stored_name(slug), checked.data or _checked_bytes(source).content.read()

    products_write_batch(
        plan.rows, new_categories=plan.new_categories, photo_file=photo_file, progress=progress
    )
