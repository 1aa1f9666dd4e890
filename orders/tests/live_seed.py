"""The shop the live-server payment suites seed with `manage.py shell -c`: one speaker at
Rs 2,499.00 (its one variant) with `%(stock)d` in stock, and the imports their buyers'
lines need. A suite adds its buyers and prints what it reads back; BUYER_AND_ADMIN is the
speaker with one buyer and one admin, printing their tokens and the product's id."""

SPEAKER = """
import json
from decimal import Decimal
from accounts.models import User
from accounts.services import user_issue_token
from catalog.models import Category, Product
from catalog.variants import give_single_variants
category = Category.objects.create(name="Audio", slug="audio")
product = Product.objects.create(
    name="Speaker", slug="speaker", description="Loud.", price=Decimal("2499.00"),
    quantity=%(stock)d, category=category,
)
give_single_variants([product.pk])
"""

BUYER_AND_ADMIN = (
    SPEAKER
    + """
buyer = User.objects.create_user(
    "buyer@example.com", "Shop-Pass-2026!", name="Buyer", address="12 MG Road, Pune 411001"
)
admin = User.objects.create_superuser("admin@example.com", "Shop-Pass-2026!", name="Admin")
print(json.dumps({
    "product": product.pk,
    "buyer": user_issue_token(user=buyer),
    "admin": user_issue_token(user=admin),
}))
"""
)
