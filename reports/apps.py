from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """GST returns and the sales and tax summary (docs/gst-returns.md), read from the
    tax invoices and credit notes the orders app stored. No models; nothing imports
    this app but the URL map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reports"
    verbose_name = "Reports"
