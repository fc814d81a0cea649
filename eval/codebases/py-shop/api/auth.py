import hashlib
import hmac
import time
from dataclasses import dataclass

from shop.models import Customer


class Unauthorized(Exception):
    pass


class Forbidden(Exception):
    pass


@dataclass(frozen=True)
class Session:
    customer_id: int
    is_staff: bool
    expires_at: float


def sign(customer_id: int, is_staff: bool, expires_at: float, secret: bytes) -> str:
    payload = f"{customer_id}:{int(is_staff)}:{int(expires_at)}"
    mac = hmac.new(secret, payload.encode(), hashlib.sha256).hexdigest()
    return f"{payload}:{mac}"


def verify(token: str, secret: bytes, now: float | None = None) -> Session:
    parts = token.split(":")
    if len(parts) != 4:
        raise Unauthorized("malformed token")
    customer_id, staff, expires, mac = parts
    payload = f"{customer_id}:{staff}:{expires}"
    expected = hmac.new(secret, payload.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(mac, expected):
        raise Unauthorized("bad signature")
    if float(expires) < (now if now is not None else time.time()):
        raise Unauthorized("token expired")
    return Session(int(customer_id), staff == "1", float(expires))


def require_staff(session: Session) -> None:
    if not session.is_staff:
        raise Forbidden("staff only")


def require_owner(session: Session, customer: Customer) -> None:
    if session.is_staff:
        return
    if session.customer_id != customer.id:
        raise Forbidden("not your account")
