import logging
from datetime import datetime
from decimal import Decimal

from shop import pricing
from shop.inventory import Inventory
from shop.models import Order, OrderLine, OrderStatus
from shop.repository import CustomerRepository, OrderRepository, ProductRepository

log = logging.getLogger(__name__)


class OrderError(Exception):
    pass


class OrderService:
    def __init__(
        self,
        customers: CustomerRepository,
        products: ProductRepository,
        orders: OrderRepository,
        inventory: Inventory,
    ) -> None:
        self._customers = customers
        self._products = products
        self._orders = orders
        self._inventory = inventory

    def place(self, customer_id: int, items: dict[str, int], coupon: str | None = None) -> int:
        if not items:
            raise OrderError("an order needs at least one item")
        if self._customers.get(customer_id) is None:
            raise OrderError(f"no customer {customer_id}")
        products = self._products.many(sorted(items))
        missing = sorted(set(items) - set(products))
        if missing:
            raise OrderError(f"unknown products: {', '.join(missing)}")
        lines = []
        for sku, quantity in sorted(items.items()):
            if quantity <= 0:
                raise OrderError(f"{sku}: quantity must be positive")
            lines.append(OrderLine(sku=sku, quantity=quantity, unit_price=products[sku].price))
        order_id = self._orders.create(customer_id, lines, coupon)
        now = datetime.utcnow()
        for line in lines:
            self._inventory.reserve(order_id, line.sku, line.quantity, now)
        log.info("order %s placed by customer %s", order_id, customer_id)
        return order_id

    def quote(self, order: Order, country: str) -> Decimal:
        weight = 0
        for line in order.lines:
            product = self._products.get(line.sku)
            if product is not None:
                weight += product.weight_grams * line.quantity
        return pricing.total(order.subtotal, order.coupon, country, weight)

    def mark_paid(self, order_id: int) -> None:
        order = self._orders.get(order_id)
        if order is None:
            raise OrderError(f"no order {order_id}")
        if order.status is not OrderStatus.PENDING:
            raise OrderError(f"order {order_id} is {order.status.value}, not pending")
        self._inventory.commit(order_id)
        self._orders.set_status(order_id, OrderStatus.PAID)

    def cancel(self, order_id: int) -> None:
        order = self._orders.get(order_id)
        if order is None:
            raise OrderError(f"no order {order_id}")
        if order.status in (OrderStatus.SHIPPED, OrderStatus.REFUNDED):
            raise OrderError(f"order {order_id} is {order.status.value} and cannot be cancelled")
        self._orders.set_status(order_id, OrderStatus.CANCELLED)
