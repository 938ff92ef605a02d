"""Card effects, one module per rarity; importing this package binds them all."""

from . import common, rare, uncommon

__all__ = ["common", "rare", "uncommon"]
