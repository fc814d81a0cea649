import os
from dataclasses import dataclass, field


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ValueError(f"{name} must be a whole number, got {raw!r}") from exc


def _bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class Settings:
    database_url: str = "sqlite:///shop.db"
    currency: str = "EUR"
    page_size: int = 25
    max_page_size: int = 100
    reservation_ttl_seconds: int = 900
    smtp_host: str = "localhost"
    smtp_port: int = 25
    export_dir: str = "/var/lib/shop/exports"
    debug: bool = False
    admin_emails: tuple[str, ...] = field(default_factory=tuple)


def load_settings() -> Settings:
    admins = tuple(
        e.strip().lower() for e in os.environ.get("SHOP_ADMINS", "").split(",") if e.strip()
    )
    return Settings(
        database_url=os.environ.get("SHOP_DATABASE_URL", "sqlite:///shop.db"),
        currency=os.environ.get("SHOP_CURRENCY", "EUR"),
        page_size=_int("SHOP_PAGE_SIZE", 25),
        max_page_size=_int("SHOP_MAX_PAGE_SIZE", 100),
        reservation_ttl_seconds=_int("SHOP_RESERVATION_TTL", 900),
        smtp_host=os.environ.get("SHOP_SMTP_HOST", "localhost"),
        smtp_port=_int("SHOP_SMTP_PORT", 25),
        export_dir=os.environ.get("SHOP_EXPORT_DIR", "/var/lib/shop/exports"),
        debug=_bool("SHOP_DEBUG", False),
        admin_emails=admins,
    )
