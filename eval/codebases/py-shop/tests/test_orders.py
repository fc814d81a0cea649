import pytest

from shop.models import OrderStatus
from shop.orders import OrderError
from shop.repository import OrderRepository


def test_place_reserves_stock(service, db):
    order_id = service.place(1, {"MUG-1": 2})
    row = db.query_one("SELECT reserved FROM stock WHERE sku = 'MUG-1'")
    assert row["reserved"] == 2
    assert OrderRepository(db).get(order_id).status is OrderStatus.PENDING


def test_place_rejects_unknown_products(service):
    with pytest.raises(OrderError, match="unknown products: NOPE"):
        service.place(1, {"NOPE": 1})


def test_mark_paid_commits_the_reservation(service, db):
    order_id = service.place(1, {"TEE-2": 3})
    service.mark_paid(order_id)
    row = db.query_one("SELECT on_hand, reserved FROM stock WHERE sku = 'TEE-2'")
    assert (row["on_hand"], row["reserved"]) == (7, 0)


def test_cancel_a_shipped_order_fails(service, db):
    order_id = service.place(1, {"MUG-1": 1})
    OrderRepository(db).set_status(order_id, OrderStatus.SHIPPED)
    with pytest.raises(OrderError):
        service.cancel(order_id)
