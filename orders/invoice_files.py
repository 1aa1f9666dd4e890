"""The PDF files of tax invoices and credit notes: made once (by the job,
orders.tasks.render_invoice, or by the first download when the job has not run), kept in
the media storage under a name with an unguessable part, read back for a download."""

import secrets

from django.core.files.base import ContentFile
from django.db import transaction

from orders.models import Invoice
from orders.shop_details import get_shop_details


def file_name(document: Invoice) -> str:
    """What the download is called: the number with '/' made '-' (`SS-2627-000042.pdf`)."""
    return f"{document.number.replace('/', '-')}.pdf"


def invoice_pdf_ensure(*, invoice_id: int) -> Invoice:
    """The document with its PDF in the media storage, made now if it has none. Safe to
    run twice, and at once (the job and a download): the row is locked while the file is
    made, and whoever comes second finds it and keeps it. A save that fails leaves no
    file behind."""
    document = Invoice.objects.get(pk=invoice_id)
    if document.pdf:
        return document
    with transaction.atomic():
        document = Invoice.objects.select_for_update().get(pk=invoice_id)
        if document.pdf:
            return document
        # ReportLab and num2words load with the first document, not in every process.
        from orders import invoice_pdf

        data = invoice_pdf.render(document, shop=get_shop_details())
        # Under invoices/ (the field's upload_to); the random part keeps the name from
        # being guessed from the number where media files are reachable.
        name = f"{file_name(document)[:-4]}-{secrets.token_urlsafe(16)}.pdf"
        document.pdf.save(name, ContentFile(data), save=False)
        try:
            Invoice.objects.filter(pk=document.pk).update(pdf=document.pdf.name)
        except Exception:
            document.pdf.storage.delete(document.pdf.name)
            raise
    return document


def invoice_pdf_bytes(document: Invoice) -> bytes:
    """The PDF's bytes, made first when the job has not run yet."""
    if not document.pdf:
        document = invoice_pdf_ensure(invoice_id=document.pk)
    try:
        return _read(document)
    except FileNotFoundError:
        # The file was lost (a media folder restored without it): drawn again from the
        # records, which are what the document is.
        Invoice.objects.filter(pk=document.pk, pdf=document.pdf.name).update(pdf="")
        return _read(invoice_pdf_ensure(invoice_id=document.pk))


def _read(document: Invoice) -> bytes:
    with document.pdf.storage.open(document.pdf.name, "rb") as handle:
        return handle.read()
