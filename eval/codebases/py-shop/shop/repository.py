from datetime import datetime
from decimal import Decimal

from shop.db import Database
from shop.models import Customer, Order, OrderLine, OrderStatus, Product


def _customer(row) -> Customer:
    return Customer(
        id=row["id"],
        email=row["email"],
        name=row["name"],
        country=row["country"],
        created_at=datetime.fromisoformat(row["created_at"]),
        is_staff=bool(row["is_staff"]),
    )


def _product(row) -> Product:
    return Product(
        sku=row["sku"],
        title=row["title"],
        price=Decimal(row["price"]),
        weight_grams=row["weight_grams"],
        active=bool(row["active"]),
        tags=[t for t in row["tags"].split(",") if t],
    )


class CustomerRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, customer_id: int) -> Customer | None:
        row = self._db.query_one("SELECT * FROM customers WHERE id = ?", (customer_id,))
        return _customer(row) if row else None

    def by_email(self, email: str) -> Customer | None:
        row = self._db.query_one(
            "SELECT * FROM customers WHERE email = ?", (email.strip().lower(),)
        )
        return _customer(row) if row else None

    def add(self, email: str, name: str, country: str) -> int:
        return self._db.execute(
            "INSERT INTO customers (email, name, country, created_at) VALUES (?, ?, ?, ?)",
            (email.strip().lower(), name, country, datetime.utcnow().isoformat()),
        )


class ProductRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, sku: str) -> Product | None:
        row = self._db.query_one("SELECT * FROM products WHERE sku = ?", (sku,))
        return _product(row) if row else None

    def many(self, skus: list[str]) -> dict[str, Product]:
        if not skus:
            return {}
        marks = ",".join("?" for _ in skus)
        rows = self._db.query(f"SELECT * FROM products WHERE sku IN ({marks})", tuple(skus))
        return {row["sku"]: _product(row) for row in rows}

    def active(self, offset: int, limit: int) -> list[Product]:
        rows = self._db.query(
            "SELECT * FROM products WHERE active = 1 ORDER BY sku LIMIT ? OFFSET ?",
            (limit, offset),
        )
        return [_product(row) for row in rows]

    def count_active(self) -> int:
        row = self._db.query_one("SELECT COUNT(*) AS n FROM products WHERE active = 1")
        return row["n"] if row else 0


class OrderRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, order_id: int) -> Order | None:
        row = self._db.query_one("SELECT * FROM orders WHERE id = ?", (order_id,))
        if row is None:
            return None
        lines = [
            OrderLine(sku=r["sku"], quantity=r["quantity"], unit_price=Decimal(r["unit_price"]))
            for r in self._db.query("SELECT * FROM order_lines WHERE order_id = ?", (order_id,))
        ]
        return Order(
            id=row["id"],
            customer_id=row["customer_id"],
            status=OrderStatus(row["status"]),
            lines=lines,
            created_at=datetime.fromisoformat(row["created_at"]),
            coupon=row["coupon"],
            shipping=Decimal(row["shipping"]),
        )

    def for_customer(self, customer_id: int) -> list[int]:
        rows = self._db.query(
            "SELECT id FROM orders WHERE customer_id = ? ORDER BY created_at DESC", (customer_id,)
        )
        return [row["id"] for row in rows]

    def create(self, customer_id: int, lines: list[OrderLine], coupon: str | None) -> int:
        with self._db.transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO orders (customer_id, status, created_at, coupon) VALUES (?, ?, ?, ?)",
                (customer_id, OrderStatus.PENDING.value, datetime.utcnow().isoformat(), coupon),
            )
            order_id = cursor.lastrowid
            for line in lines:
                conn.execute(
                    "INSERT INTO order_lines (order_id, sku, quantity, unit_price) VALUES (?, ?, ?, ?)",
                    (order_id, line.sku, line.quantity, str(line.unit_price)),
                )
        return int(order_id)

    def set_status(self, order_id: int, status: OrderStatus) -> None:
        self._db.execute("UPDATE orders SET status = ? WHERE id = ?", (status.value, order_id))
