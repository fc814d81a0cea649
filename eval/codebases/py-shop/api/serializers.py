from shop.models import Customer, Order, Product


def product_json(product: Product) -> dict:
    return {
        "sku": product.sku,
        "title": product.title,
        "price": str(product.price),
        "weightGrams": product.weight_grams,
        "tags": list(product.tags),
    }


def order_json(order: Order) -> dict:
    return {
        "id": order.id,
        "status": order.status.value,
        "createdAt": order.created_at.isoformat(),
        "coupon": order.coupon,
        "lines": [
            {"sku": line.sku, "quantity": line.quantity, "unitPrice": str(line.unit_price)}
            for line in order.lines
        ],
        "subtotal": str(order.subtotal),
    }


def customer_json(customer: Customer) -> dict:
    return {
        "id": customer.id,
        "email": customer.email,
        "name": customer.name,
        "country": customer.country,
    }


def page_json(items: list[dict], page: int, size: int, total: int) -> dict:
    return {"items": items, "page": page, "size": size, "total": total}
