"""Convert the 2010 card list into the package's own card data file.

Run once when the source data changes:
    python scripts/convert_cards.py ../shared/marcomage-2010 src/marcomage/games/marcomage/data
Card ids are kept as they are: decks and replays refer to them forever.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def convert(source: Path, target: Path) -> None:
    cards = json.loads((source / "cards.json").read_text(encoding="utf-8"))
    out = []
    for c in cards:
        out.append(
            {
                "id": c["id"],
                "name": c["name"],
                "rarity": c["rarity"],
                "cost": [c["cost"]["bricks"], c["cost"]["gems"], c["cost"]["recruits"]],
                "modes": c["modes"],
                "keywords": [
                    [k["name"], k["value"]] if k["value"] is not None else k["name"]
                    for k in c["keywords"]
                ],
                "text": c["effect"],
            }
        )
    lines = ",\n".join(json.dumps(c, ensure_ascii=False) for c in out)
    (target / "cards.json").write_text("[\n" + lines + "\n]\n", encoding="utf-8")

    keywords = json.loads((source / "keywords.json").read_text(encoding="utf-8"))
    tokens = {
        k["name"]: [k["basic_gain"], k["bonus_gain"]] for k in keywords if k["token"]
    }
    (target / "tokens.json").write_text(json.dumps(tokens, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    convert(Path(sys.argv[1]), Path(sys.argv[2]))
