"""The statistics pages (issue 22, item 4): each chart comes with its table, win rates only
from a minimum sample with their 95% interval, and numbers that match the facts added."""

from __future__ import annotations

from collections import Counter
from datetime import date

from marcomage.web.stats.counting import add_facts
from marcomage.web.stats.facts import GameFacts, SeatFacts

from ..base import BaseTestCase

GOBLIN, KNIGHT, ORE = "13", "7", "3"


def facts(winner_cards: set[str], loser_cards: set[str], players: tuple[int, int], *,
          day: date = date(2026, 11, 1), end: str = "destruction", rounds: int = 30,
          uses: dict[tuple[str, str], int] | None = None) -> GameFacts:
    return GameFacts("marcomage", day, end, rounds,
                     (SeatFacts(players[0], "win", frozenset(winner_cards)),
                      SeatFacts(players[1], "loss", frozenset(loser_cards))),
                     Counter(uses or {}), True)


class StatsPagesTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.client = self.log_in(self.alice)
        ids = (self.alice.pk, self.bob.pk)
        for n in range(30):  # Goblin decks win 24 of 30 games against Knight decks
            won = n < 24
            add_facts(facts({GOBLIN} if won else {KNIGHT}, {KNIGHT} if won else {GOBLIN},
                            ids if won else ids[::-1], day=date(2026, 11, 1 + n % 3),
                            end="destruction" if n % 2 else "construction",
                            rounds=20 + n, uses={(GOBLIN, "play"): 2, (KNIGHT, "discard"): 1}))
        add_facts(facts({ORE}, set(), ids, uses={(ORE, "play"): 1}))

    def test_cards_page_shows_names_uses_and_win_rates_with_intervals(self) -> None:
        page = self.client.get("/stats/marcomage/cards/").content.decode()
        assert "31 finished games, 62 decks" in page
        goblin = page.split('data-card="13"')[1].split("</tr>")[0]
        assert "Goblin" in goblin and "30 (48%)" in goblin
        assert "<td>60</td>" in goblin and "80%" in goblin  # played twice a game; 24 of 30
        assert "63–90%" in goblin  # the Wilson 95% interval of 24/30: 0.627 to 0.905
        knight = page.split('data-card="7"')[1].split("</tr>")[0]
        assert "20%" in knight and "<td>30</td>" in knight
        ore = page.split('data-card="3"')[1].split("</tr>")[0]
        assert "—" in ore  # one game: below the minimum sample
        assert 'id="best-table"' in page and "<svg" in page

    def test_cards_can_be_ordered_by_win_rate(self) -> None:
        page = self.client.get("/stats/marcomage/cards/?order=win").content.decode()
        assert page.index('data-card="13"') < page.index('data-card="7"') < page.index(
            'data-card="3"')

    def test_games_page_counts_end_types_and_mean_lengths_per_day(self) -> None:
        page = self.client.get("/stats/marcomage/games/").content.decode()
        assert 'id="ends-table"' in page and "<polyline" in page
        first_day = page.split("<th scope=\"row\">2026-11-01</th>")[1].split("</tr>")[0]
        # days 1: games n = 0, 3, ..., 27 and the Ore game: 10 + 1, ends by parity
        assert "<td>11</td>" in first_day

    def test_player_page_shows_results_by_opponent(self) -> None:
        page = self.client.get("/stats/marcomage/players/alice/").content.decode()
        row = page.split('href="/players/bob/"')[1].split("</tr>")[0]
        assert "<td>25</td><td>6</td><td>0</td><td>31</td>" in row

    def test_unknown_system_or_player_is_not_found(self) -> None:
        assert self.client.get("/stats/chess/cards/").status_code == 404
        assert self.client.get("/stats/marcomage/players/nobody/").status_code == 404

    def test_index_lists_every_system_with_its_games(self) -> None:
        page = self.client.get("/stats/").content.decode()
        assert "MArcomage" in page and "<td>31</td>" in page


class ExpHistoryTest(BaseTestCase):
    def test_exp_over_time_keeps_the_last_value_of_each_day(self) -> None:
        from datetime import UTC, datetime

        from marcomage.web.stats.models import ExpPoint

        for hour, exp in ((9, 100), (15, 115), (20, 230)):
            ExpPoint.objects.create(ruleset="marcomage", player=self.alice, level=0, exp=exp,
                                    at=datetime(2026, 11, 2, hour, tzinfo=UTC))
        ExpPoint.objects.create(ruleset="marcomage", player=self.alice, level=1, exp=40,
                                at=datetime(2026, 11, 5, 8, tzinfo=UTC))
        page = self.log_in(self.alice).get("/stats/marcomage/players/alice/").content.decode()
        table = page.split('id="exp-table"')[1].split("</table>")[0]
        assert "<th scope=\"row\">2026-11-02</th><td>0</td><td>230</td><td>3</td>" in table
        assert "<th scope=\"row\">2026-11-05</th><td>1</td><td>40</td><td>1</td>" in table


class NamesInWordsTest(BaseTestCase):
    """Issue 31: the newer systems' statistics show card names from each game's card data,
    not ids ("card 21", "card bark_strider"), and end types in words, one column for
    "surrender" and "Surrender"."""

    def test_cards_of_the_newer_systems_show_their_names(self) -> None:
        client = self.log_in(self.alice)
        ids = (self.alice.pk, self.bob.pk)
        for ruleset, card, name in (("arcana", "21", "Iron Band"),
                                    ("far_wilds", "bark_strider", "Bark Strider"),
                                    ("mage_wars", "lumen_warden", "Lumen Warden"),
                                    ("elder_tale", "ember_cut", "Ember Cut")):
            add_facts(GameFacts(ruleset, date(2026, 11, 1), "hp", 9,
                                (SeatFacts(ids[0], "win", frozenset({card})),
                                 SeatFacts(ids[1], "loss", frozenset())), Counter(), True))
            page = client.get(f"/stats/{ruleset}/cards/").content.decode()
            row = page.split(f'data-card="{card}"')[1].split("</tr>")[0]
            assert name in row, (ruleset, row)
            assert f"card {card}" not in page

    def test_end_types_read_as_words(self) -> None:
        client = self.log_in(self.alice)
        ids = (self.alice.pk, self.bob.pk)
        for ruleset, end in (("mage_wars", "win_condition"), ("mage_wars", "round_limit"),
                             ("mage_wars", "surrender"), ("mage_wars", "Surrender"),
                             ("arcana", "hp")):
            add_facts(GameFacts(ruleset, date(2026, 11, 1), end, 9,
                                (SeatFacts(ids[0], "win", frozenset()),
                                 SeatFacts(ids[1], "loss", frozenset())), Counter(), True))
        page = client.get("/stats/mage_wars/games/").content.decode()
        head = page.split('id="ends-table"')[1].split("</thead>")[0]
        assert "Victory condition met" in head and "Round limit reached" in head
        assert head.count("Surrender") == 1 and "Win_condition" not in head
        first_day = page.split('<th scope="row">2026-11-01</th>')[1].split("</tr>")[0]
        assert "<td>2</td>" in first_day  # both surrenders in the one column
        arcana = client.get("/stats/arcana/games/").content.decode()
        assert "Out of health" in arcana and ">Hp<" not in arcana
