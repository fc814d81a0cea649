import pytest

from shop.db import Database
from shop.inventory import Inventory
from shop.orders import OrderService
from shop.repository import CustomerRepository, OrderRepository, ProductRepository


@pytest.fixture
def db(tmp_path):
    database = Database(str(tmp_path / "shop.db"))
    database.migrate()
    database.execute(
        "INSERT INTO customers (id, email, name, country, created_at) VALUES (1, 'ann@example.com', 'Ann', 'DE', '2024-01-01T00:00:00')"
    )
    for sku, price, weight in (("MUG-1", "9.50", 350), ("TEE-2", "19.00", 200), ("LAMP-3", "49.00", 2400)):
        database.execute(
            "INSERT INTO products (sku, title, price, weight_grams) VALUES (?, ?, ?, ?)",
            (sku, sku.title(), price, weight),
        )
        database.execute("INSERT INTO stock (sku, on_hand) VALUES (?, 10)", (sku,))
    yield database
    database.close()


@pytest.fixture
def service(db):
    return OrderService(
        CustomerRepository(db), ProductRepository(db), OrderRepository(db), Inventory(db, 900)
    )
