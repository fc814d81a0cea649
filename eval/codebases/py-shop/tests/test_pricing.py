from decimal import Decimal

import pytest

from shop import pricing


def test_round_money_rounds_half_up():
    assert pricing.round_money(Decimal("1.005")) == Decimal("1.01")


def test_unknown_coupon_is_rejected():
    with pytest.raises(ValueError):
        pricing.discount_for(Decimal("10"), "NOPE")


def test_coupon_codes_are_case_insensitive():
    assert pricing.discount_for(Decimal("100"), "welcome10") == Decimal("10.00")


def test_free_shipping_from_fifty():
    assert pricing.shipping_for(Decimal("50.00"), 5000) == Decimal("0")
    assert pricing.shipping_for(Decimal("49.99"), 400) == Decimal("3.90")


def test_total_adds_vat_after_discount():
    assert pricing.total(Decimal("100"), "WELCOME10", "DE", 100) == Decimal("107.10")
