"""FW-DECK: the format registry and the deck validator at each format's boundaries."""

from __future__ import annotations

from marcomage.games.far_wilds.cards import CARDS
from marcomage.games.far_wilds.deck import FORMATS, buildable, largest_army, validate_deck
from marcomage.games.far_wilds.ruleset import RULESET

NON_BASIC = ["old_oak_watch", "wayfarer_fort", "briar_whelp", "marsh_skimmer", "bark_strider",
             "pit_warden", "far_rider", "ashen_titan", "wind_step", "well_draught", "rockslide",
             "lantern_of_eyes", "ley_anchor", "green_season", "hush_ward"]
BASICS = ["mossroot_lodge", "gloomspire", "cairn_hall", "tide_altar"]


def army(size: int, copies: int = 3) -> list[dict[str, object]]:
    """`size` cards of the non-basic cards, at most `copies` of each, in order."""
    entries, left = [], size
    for card in NON_BASIC:
        n = min(copies, left)
        if n:
            entries.append({"card": card, "count": n})
        left -= n
    assert left == 0
    return entries


def codes(entries: list[dict[str, object]], fmt: str, pool: dict[str, int] | None = None
          ) -> list[str]:
    return [v.code for v in validate_deck(entries, fmt, pool)]


def test_FW_DECK_2_constructed_needs_40_cards_and_has_no_maximum() -> None:
    assert codes(army(39), "constructed") == ["DECK_TOO_SMALL"]
    assert codes(army(40), "constructed") == []
    big = army(45) + [{"card": c, "count": 5} for c in BASICS] * 1
    assert codes(big, "constructed") == []
    assert FORMATS["constructed"].max_size is None


def test_FW_DECK_3_constructed_allows_three_copies_counted_by_name() -> None:
    entries = army(40)
    assert codes(entries, "constructed") == []
    # A fourth copy split over two entries is still four of one name.
    found = validate_deck([*entries, {"card": "far_rider", "count": 1}], "constructed")
    assert [v.code for v in found] == ["TOO_MANY_COPIES"]
    assert "Far Rider" in found[0].message and "4 times" in found[0].message


def test_FW_DECK_4_constructed_allows_five_copies_of_a_basic_building() -> None:
    entries = [*army(35), {"card": "gloomspire", "count": 5}]
    assert codes(entries, "constructed") == []
    found = validate_deck([*army(35), {"card": "gloomspire", "count": 6}], "constructed")
    assert [v.code for v in found] == ["TOO_MANY_COPIES"]
    assert "Gloomspire" in found[0].message and "Basic Building" in found[0].message


def test_FW_DECK_5_limited_needs_25_cards_with_any_number_of_copies() -> None:
    assert codes([{"card": "far_rider", "count": 24}], "limited") == ["DECK_TOO_SMALL"]
    assert codes([{"card": "far_rider", "count": 25}], "limited") == []
    assert codes([{"card": "far_rider", "count": 90}], "limited") == []


def test_FW_DECK_6_sealed_and_draft_take_their_cards_from_the_pool() -> None:
    entries = [{"card": "far_rider", "count": 20}, {"card": "rockslide", "count": 5}]
    pool = {"far_rider": 20, "rockslide": 5, "hush_ward": 2}
    for fmt in ("sealed", "draft"):
        assert codes(entries, fmt, pool) == []
        short = validate_deck(entries, fmt, {**pool, "rockslide": 4})
        assert [v.code for v in short] == ["NOT_IN_POOL"]
        assert "Rockslide" in short[0].message and "4 times" in short[0].message
        assert codes(entries, fmt) == ["NOT_IN_POOL", "NOT_IN_POOL"]
        assert codes([*entries[:1], {"card": "rockslide", "count": 4}], fmt, pool) == [
            "DECK_TOO_SMALL"]


def test_FW_DECK_7_highlander_is_data_one_of_each_card_basics_included() -> None:
    fmt = FORMATS["highlander"]
    assert (fmt.min_size, fmt.max_size, fmt.max_copies, fmt.basic_max_copies,
            fmt.pool_required) == (40, None, 1, 1, False)
    singles = [{"card": c, "count": 1} for c in NON_BASIC + BASICS]
    assert codes(singles, "highlander") == ["DECK_TOO_SMALL"]  # 19 cards
    doubled = [*singles[:-1], {"card": "tide_altar", "count": 2}]
    assert codes(doubled, "highlander") == ["DECK_TOO_SMALL", "TOO_MANY_COPIES"]
    assert codes(doubled, "limited") == ["DECK_TOO_SMALL"]


def test_FW_DECK_8_the_format_is_chosen_per_game_and_unknown_ones_are_named() -> None:
    assert set(RULESET.formats) == {"constructed", "limited", "highlander"}
    found = validate_deck(army(40), "ranked")
    assert [v.code for v in found] == ["UNKNOWN_FORMAT"] and "'ranked'" in found[0].message


def test_FW_DECK_unknown_cards_and_the_starting_base_are_named() -> None:
    found = validate_deck([*army(39), {"card": "dragon", "count": 1}], "constructed")
    assert [v.code for v in found] == ["UNKNOWN_CARD", "DECK_TOO_SMALL"]
    assert "'dragon'" in found[0].message
    assert codes([*army(39), {"card": "warcamp", "count": 1}], "constructed")[0] == \
        "UNKNOWN_CARD"


def test_issue_32_the_premade_armies_are_legal_named_and_different() -> None:
    """At least four premade armies, each legal in its own format, with distinct names and
    different cards; each pair of domains of the four constructed ones is its own."""
    armies = RULESET.starter_decks()
    assert len(armies) >= 4
    assert len({a["name"] for a in armies}) == len(armies)
    for army in armies:
        assert RULESET.validate_deck(army, army["format"]) == [], army["name"]
        assert army["format"] in RULESET.formats
    constructed = [a for a in armies if a["format"] == "constructed"]
    assert len(constructed) >= 4
    pairs = set()
    for army in constructed:
        domains = frozenset(CARDS[e["card"]].domain for e in army["entries"]) - {None}
        pairs.add(domains)
    assert len(pairs) == len(constructed)
    cards = [frozenset(e["card"] for e in a["entries"]) for a in armies]
    assert all(len(a ^ b) >= 20 for i, a in enumerate(cards) for b in cards[i + 1:])


def test_issue_32_highlander_has_several_legal_different_armies() -> None:
    """Highlander (40 different cards) is buildable: the premade one is legal, and so is an
    army of 40 other cards built from the rest of the set."""
    shipped = [a for a in RULESET.starter_decks() if a["format"] == "highlander"]
    assert shipped and RULESET.validate_deck(shipped[0], "highlander") == []
    used = {e["card"] for e in shipped[0]["entries"]}
    rest = [c for c in CARDS.values() if c.deckable and c.id not in used]
    other = [{"card": c.id, "count": 1} for c in rest[:40]]
    assert len(other) == 40 and codes(other, "highlander") == []


def test_issue_32_the_lobby_offers_every_format_whose_armies_can_be_built() -> None:
    """FW-DECK-8 with issue 32: a format is offered exactly when it needs no handed-out
    pool and the card set can build a legal army of it; with a set too small for
    Highlander, Highlander would not be offered."""
    for fmt in FORMATS.values():
        assert (fmt.id in RULESET.formats) == (not fmt.pool_required and buildable(fmt))
    assert set(RULESET.formats) == {"constructed", "limited", "highlander"}
    assert largest_army(FORMATS["highlander"]) == sum(c.deckable for c in CARDS.values())
    small = [c for c in CARDS.values() if c.deckable][:39]
    assert not buildable(FORMATS["highlander"], small)
    assert buildable(FORMATS["constructed"], small)
    assert largest_army(FORMATS["limited"], small) is None
    # Every offered format has a premade army the computer can bring (web.games.computer).
    for fmt in RULESET.formats:
        assert any(RULESET.validate_deck(a, fmt) == [] for a in RULESET.starter_decks()), fmt


def test_FW_DECK_6_the_site_passes_the_pool_from_the_deck_extra() -> None:
    deck = {"game": "far_wilds", "format": "sealed", "name": "s",
            "entries": [{"card": "far_rider", "count": 25}], "extra": {"pool": {"far_rider": 30}}}
    assert RULESET.validate_deck(deck, "sealed") == []  # type: ignore[arg-type]
    deck["extra"] = {"pool": {"far_rider": 3}}
    assert [v.code for v in RULESET.validate_deck(deck, "sealed")] == [  # type: ignore[arg-type]
        "NOT_IN_POOL"]
