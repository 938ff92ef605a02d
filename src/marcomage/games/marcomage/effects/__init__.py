"""Card effects, one module per rarity and id range; importing this package binds them all."""

from . import common_1, common_2, common_3, rare_1, rare_2, uncommon_1, uncommon_2

__all__ = ["common_1", "common_2", "common_3", "rare_1", "rare_2", "uncommon_1", "uncommon_2"]
