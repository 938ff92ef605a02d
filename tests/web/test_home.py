"""The logged-in home page (issue 22, item 2 and 3): the games where it is your turn, and a
first game against the computer in one click, straight onto the board."""

from __future__ import annotations

from marcomage.games import find_ruleset, registered
from marcomage.web.games.models import Game

from .base import BaseTestCase
from .games.helpers import start, to_move


class HomeTest(BaseTestCase):
    def test_home_lists_the_games_where_it_is_your_turn(self) -> None:
        game = start(self.alice, self.bob)
        mover, waiter = to_move(game)
        page = self.log_in(mover).get("/").content.decode()
        turns = page.split('id="your-turn"')[1].split("</section>")[0]
        assert f'href="/games/{game.pk}/">MArcomage against {waiter.username}</a>' in turns
        other = self.log_in(waiter).get("/").content.decode()
        assert 'id="your-turn"' not in other

    def test_a_first_game_against_the_computer_in_one_click(self) -> None:
        client = self.log_in(self.alice)
        page = client.get("/").content.decode()
        form = page.split('id="first-game"')[1].split("</form>")[0]
        deck = form.split('name="deck" value="')[1].split('"')[0]
        response = self.post("/games/computer/", {"deck": deck, "level": "easy"}, client=client)
        game = Game.objects.get()
        assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
        assert game.ai_level == "easy" and game.friendly


class SystemsOnTheHomePageTest(BaseTestCase):
    """A visitor learns what the site plays before registering; a player reaches each game
    system's rules and lobby from the home page."""

    def test_a_visitor_sees_every_game_system_with_its_players_summary_and_rules(self) -> None:
        page = self.client.get("/").content.decode()
        systems = page.split('id="game-systems"')[1].split("</section>")[0]
        for game, name in registered():
            tile = systems.split(f'data-system="{game}"')[1].split("</li>")[0]
            assert f"<strong>{name}</strong>" in tile
            seats = find_ruleset(game).seats
            assert (f"{seats[0]} to {seats[-1]} players" if len(seats) > 1
                    else f"{seats[0]} players") in tile
        mage_wars = systems.split('data-system="mage_wars"')[1].split("</li>")[0]
        assert "2 to 4 players" in mage_wars and "shared pack" in mage_wars
        assert 'href="/help/mage_wars/"' in mage_wars
        assert self.client.get("/help/mage_wars/").status_code == 200
        assert "?game=" not in systems  # lobbies are for players

    def test_a_player_reaches_each_systems_lobby(self) -> None:
        page = self.log_in(self.alice).get("/").content.decode()
        systems = page.split('id="game-systems"')[1].split("</section>")[0]
        for game, _name in registered():
            assert f'href="/games/?game={game}"' in systems
        assert self.client.get("/games/?game=far_wilds").status_code == 200
