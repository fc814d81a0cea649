import threading
from datetime import datetime, timedelta

from shop.db import Database
from shop.models import Reservation


class OutOfStock(Exception):
    def __init__(self, sku: str, wanted: int, available: int) -> None:
        super().__init__(f"{sku}: wanted {wanted}, {available} available")
        self.sku = sku
        self.wanted = wanted
        self.available = available


class Inventory:
    """Stock levels and short-lived reservations made while a customer pays."""

    def __init__(self, db: Database, ttl_seconds: int) -> None:
        self._db = db
        self._ttl = timedelta(seconds=ttl_seconds)
        self._lock = threading.Lock()
        self._reservations: list[Reservation] = []

    def available(self, sku: str) -> int:
        row = self._db.query_one("SELECT on_hand, reserved FROM stock WHERE sku = ?", (sku,))
        if row is None:
            return 0
        return row["on_hand"] - row["reserved"]

    def reserve(self, order_id: int, sku: str, quantity: int, now: datetime) -> Reservation:
        with self._lock:
            left = self.available(sku)
            if quantity > left:
                raise OutOfStock(sku, quantity, left)
            self._db.execute(
                "UPDATE stock SET reserved = reserved + ? WHERE sku = ?", (quantity, sku)
            )
            reservation = Reservation(order_id, sku, quantity, now + self._ttl)
            self._reservations.append(reservation)
            return reservation

    def release_expired(self, now: datetime) -> int:
        with self._lock:
            expired = [r for r in self._reservations if r.expires_at <= now]
            for r in expired:
                self._db.execute(
                    "UPDATE stock SET reserved = reserved - ? WHERE sku = ?", (r.quantity, r.sku)
                )
            self._reservations = [r for r in self._reservations if r.expires_at > now]
            return len(expired)

    def commit(self, order_id: int) -> None:
        with self._lock:
            mine = [r for r in self._reservations if r.order_id == order_id]
            for r in mine:
                self._db.execute(
                    "UPDATE stock SET on_hand = on_hand - ?, reserved = reserved - ? WHERE sku = ?",
                    (r.quantity, r.quantity, r.sku),
                )
            self._reservations = [r for r in self._reservations if r.order_id != order_id]
