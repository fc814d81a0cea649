from dataclasses import dataclass

from api.auth import Session, require_owner, require_staff
from api.serializers import customer_json, order_json, page_json, product_json
from shop.config import Settings
from shop.orders import OrderError, OrderService
from shop.repository import CustomerRepository, OrderRepository, ProductRepository


@dataclass
class Response:
    status: int
    body: dict


def _page_args(settings: Settings, query: dict[str, str]) -> tuple[int, int]:
    try:
        page = max(1, int(query.get("page", "1")))
        size = int(query.get("size", str(settings.page_size)))
    except ValueError:
        return 1, settings.page_size
    return page, min(max(1, size), settings.max_page_size)


class Handlers:
    def __init__(
        self,
        settings: Settings,
        customers: CustomerRepository,
        products: ProductRepository,
        orders: OrderRepository,
        service: OrderService,
    ) -> None:
        self._settings = settings
        self._customers = customers
        self._products = products
        self._orders = orders
        self._service = service

    def list_products(self, query: dict[str, str]) -> Response:
        page, size = _page_args(self._settings, query)
        items = self._products.active((page - 1) * size, size)
        total = self._products.count_active()
        return Response(200, page_json([product_json(p) for p in items], page, size, total))

    def get_order(self, session: Session, order_id: int) -> Response:
        order = self._orders.get(order_id)
        if order is None:
            return Response(404, {"error": "no such order"})
        customer = self._customers.get(order.customer_id)
        if customer is None:
            return Response(404, {"error": "no such order"})
        require_owner(session, customer)
        return Response(200, order_json(order))

    def place_order(self, session: Session, body: dict) -> Response:
        items = {str(k): int(v) for k, v in body.get("items", {}).items()}
        try:
            order_id = self._service.place(session.customer_id, items, body.get("coupon"))
        except OrderError as exc:
            return Response(400, {"error": str(exc)})
        return Response(201, {"id": order_id})

    def get_customer(self, session: Session, customer_id: int) -> Response:
        customer = self._customers.get(customer_id)
        if customer is None:
            return Response(404, {"error": "no such customer"})
        require_owner(session, customer)
        return Response(200, customer_json(customer))

    def cancel_order(self, session: Session, order_id: int) -> Response:
        require_staff(session)
        try:
            self._service.cancel(order_id)
        except OrderError as exc:
            return Response(409, {"error": str(exc)})
        return Response(204, {})
