from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")

# Coupon codes and the share of the subtotal they take off.
COUPONS: dict[str, Decimal] = {
    "WELCOME10": Decimal("0.10"),
    "SPRING15": Decimal("0.15"),
    "STAFF30": Decimal("0.30"),
}

VAT_RATES: dict[str, Decimal] = {
    "DE": Decimal("0.19"),
    "FR": Decimal("0.20"),
    "NL": Decimal("0.21"),
    "IE": Decimal("0.23"),
    "GB": Decimal("0.20"),
}

FREE_SHIPPING_FROM = Decimal("50.00")


def round_money(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def discount_for(subtotal: Decimal, coupon: str | None) -> Decimal:
    if not coupon:
        return Decimal("0")
    rate = COUPONS.get(coupon.upper())
    if rate is None:
        raise ValueError(f"unknown coupon {coupon!r}")
    return round_money(subtotal * rate)


def vat_for(amount: Decimal, country: str) -> Decimal:
    return round_money(amount * VAT_RATES.get(country.upper(), Decimal("0")))


def shipping_for(subtotal: Decimal, weight_grams: int) -> Decimal:
    if subtotal >= FREE_SHIPPING_FROM:
        return Decimal("0")
    if weight_grams <= 500:
        return Decimal("3.90")
    if weight_grams <= 2000:
        return Decimal("5.90")
    return Decimal("9.90")


def total(subtotal: Decimal, coupon: str | None, country: str, weight_grams: int) -> Decimal:
    discounted = subtotal - discount_for(subtotal, coupon)
    return round_money(discounted + vat_for(discounted, country) + shipping_for(subtotal, weight_grams))
