"""Order, catalog and inventory logic for the shop backend."""

__version__ = "2.4.0"
