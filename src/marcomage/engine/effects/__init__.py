"""Card effects, one module per rarity (Commons in three id ranges); importing this
package binds them all."""

from . import common_1, common_2, common_3, rare, uncommon

__all__ = ["common_1", "common_2", "common_3", "rare", "uncommon"]
