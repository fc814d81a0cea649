from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import Enum


class OrderStatus(str, Enum):
    PENDING = "pending"
    PAID = "paid"
    SHIPPED = "shipped"
    CANCELLED = "cancelled"
    REFUNDED = "refunded"


@dataclass
class Customer:
    id: int
    email: str
    name: str
    country: str
    created_at: datetime
    is_staff: bool = False


@dataclass
class Product:
    sku: str
    title: str
    price: Decimal
    weight_grams: int
    active: bool = True
    tags: list[str] = field(default_factory=list)


@dataclass
class OrderLine:
    sku: str
    quantity: int
    unit_price: Decimal

    @property
    def total(self) -> Decimal:
        return self.unit_price * self.quantity


@dataclass
class Order:
    id: int
    customer_id: int
    status: OrderStatus
    lines: list[OrderLine]
    created_at: datetime
    coupon: str | None = None
    shipping: Decimal = Decimal("0")

    @property
    def subtotal(self) -> Decimal:
        return sum((line.total for line in self.lines), Decimal("0"))

    def quantity_of(self, sku: str) -> int:
        return sum(line.quantity for line in self.lines if line.sku == sku)


@dataclass
class Reservation:
    order_id: int
    sku: str
    quantity: int
    expires_at: datetime
