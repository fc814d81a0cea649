from datetime import datetime, timedelta

import pytest

from shop.inventory import Inventory, OutOfStock


def test_reserve_more_than_available_fails(db):
    inventory = Inventory(db, 60)
    with pytest.raises(OutOfStock):
        inventory.reserve(1, "MUG-1", 11, datetime(2024, 1, 1))


def test_expired_reservations_are_released(db):
    inventory = Inventory(db, 60)
    start = datetime(2024, 1, 1)
    inventory.reserve(1, "MUG-1", 4, start)
    assert inventory.available("MUG-1") == 6
    assert inventory.release_expired(start + timedelta(seconds=61)) == 1
    assert inventory.available("MUG-1") == 10
