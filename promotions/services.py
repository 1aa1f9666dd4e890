"""Writes of coupons and sales: the admin's create, update and delete. A duplicate coupon
code (any case) is 409, also when two admins save it at the same moment (the unique
index decides). A sale's write is a catalogue change: it replaces the catalogue version
after its commit, so every server loads the new schedule (promotions.pricing) once and
every cached answer is computed again under it (the model's signals tell the catalogue,
promotions.apps, so a save from anywhere does)."""

from django.db import IntegrityError, transaction

from promotions.models import Coupon, Sale
from shop.api.exceptions import Conflict

DUPLICATE = "A coupon with this code already exists."


def _save(coupon: Coupon) -> Coupon:
    coupon.full_clean(validate_unique=False)
    try:
        with transaction.atomic():
            coupon.save()
    except IntegrityError as error:
        raise Conflict(DUPLICATE) from error
    return coupon


def coupon_create(**fields) -> Coupon:
    if Coupon.objects.filter(code=fields["code"]).exists():
        raise Conflict(DUPLICATE)
    return _save(Coupon(**fields))


def coupon_update(*, coupon: Coupon, **fields) -> Coupon:
    code = fields.get("code")
    if code and code != coupon.code and Coupon.objects.filter(code=code).exists():
        raise Conflict(DUPLICATE)
    for name, value in fields.items():
        setattr(coupon, name, value)
    return _save(coupon)


def coupon_delete(*, coupon: Coupon) -> None:
    """Orders that hold it keep its code and discount (Order.coupon_code)."""
    coupon.delete()


@transaction.atomic
def _save_sale(sale: Sale) -> Sale:
    sale.full_clean()
    sale.save()
    return sale


def sale_create(**fields) -> Sale:
    return _save_sale(Sale(**fields))


def sale_update(*, sale: Sale, **fields) -> Sale:
    for name, value in fields.items():
        setattr(sale, name, value)
    return _save_sale(sale)


def sale_delete(*, sale: Sale) -> None:
    sale.delete()
