"""The logged-in home page (issue 22, item 2 and 3): the games where it is your turn, and a
first game against the computer in one click, straight onto the board."""

from __future__ import annotations

from marcomage.web.games.models import Game

from .base import BaseTestCase
from .games.helpers import start, to_move


class HomeTest(BaseTestCase):
    def test_home_lists_the_games_where_it_is_your_turn(self) -> None:
        game = start(self.alice, self.bob)
        mover, waiter = to_move(game)
        page = self.log_in(mover).get("/").content.decode()
        assert f'href="/games/{game.pk}/"' in page.split('id="your-turn"')[1]
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
