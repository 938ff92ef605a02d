"""MArcomage's remaining partial features of the manual (issue 31): the card terminology of
the help complete, skip links first in every page, mode and status flags as icons with text
alternatives, visible labels on the deck selects, italic game buttons of online opponents,
and no emoji in the menubar (SVG icons vendored from Lucide)."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import timezone

from marcomage.web.notifications.registry import KINDS
from marcomage.web.preferences.models import Profile, profile_of

from .base import BaseTestCase
from .games.helpers import deck_of, start

STATIC = Path(__file__).resolve().parents[2] / "src" / "marcomage" / "web" / "static"
MANUAL_TERMS = ("Stock", "Facilities", "Enemy tower", "Production x0", "Last card",
                "Last card played", "Last card played by opponent", "Recently discarded",
                "Last round", "(max N), (min N)", "#Keyword", "#Keyword1 + #Keyword2",
                "rounded", "If New", "Matching card")


class PartialsTest(BaseTestCase):
    def test_the_help_has_the_whole_card_terminology_of_the_manual(self) -> None:
        page = self.client.get("/help/").content.decode()
        section = page.split('id="mc-terms"')[1].split("<h3")[0]
        for term in MANUAL_TERMS:
            assert term in section, term

    def test_skip_links_come_before_the_menubar_and_the_game_screen_skips_to_the_chat(
            self) -> None:
        client = self.log_in(self.alice)
        home = client.get("/").content.decode()
        assert home.index('class="skip-links"') < home.index('class="topbar"')
        assert 'href="#main"' in home and '<main id="main"' in home
        game = start(self.alice, self.bob)
        page = client.get(f"/games/{game.pk}/").content.decode()
        links = page.split('class="skip-links"')[1].split("</nav>")[0]
        assert page.index('class="skip-links"') < page.index('class="topbar"')
        assert re.findall(r'href="([^"]+)"', links)[1] == "#chat-text"

    def test_mode_and_status_flags_are_icons_with_text_alternatives(self) -> None:
        client = self.log_in(self.alice)
        game = start(self.alice, self.bob, hidden=True, friendly=True)
        board = client.get(f"/games/{game.pk}/").content.decode()
        modes = board.split('class="modes"')[1].split("</div>")[0]
        assert 'icon icon-eye-off" aria-hidden="true"' in modes
        assert '<span class="sr-only">Hidden cards</span>' in modes
        assert 'icon-handshake' in modes and "Friendly play" in modes
        listing = client.get("/games/").content.decode()
        row = listing.split(f'data-game="{game.pk}"')[1].split("</tr>")[0]
        assert "icon-eye-off" in row and "icon-handshake" in row
        profile_of(self.bob)
        Profile.objects.filter(user=self.bob).update(status="dnd")
        players = client.get("/players/").content.decode()
        assert "icon-ban" in players and "Do not disturb" in players

    def test_deck_selects_have_a_visible_label(self) -> None:
        client = self.log_in(self.alice)
        deck_of(self.alice)
        page = client.get("/games/").content.decode()
        for select in ("computer-deck", "host-deck"):
            before = page.split(f'id="{select}"')[0]
            label = before.rsplit("<label", 1)[1]
            assert "</label>" not in label and ">Deck " in label, select

    def test_the_game_button_of_an_online_opponent_is_italic(self) -> None:
        game = start(self.alice, self.bob)
        type(self.bob).objects.filter(pk=self.bob.pk).update(last_activity=timezone.now())
        page = self.log_in(self.alice).get("/games/").content.decode()
        row = page.split(f'data-game="{game.pk}"')[1].split("</tr>")[0]
        assert 'class="button opponent-online"' in row
        css = (STATIC / "marcomage" / "site.css").read_text()
        assert re.search(r"\.button\.opponent-online[^{]*\{[^}]*font-style: italic", css)

    def test_the_menubar_icons_are_vendored_svgs_not_emoji(self) -> None:
        for kind in KINDS:
            assert kind.icon.isascii()
            svg = STATIC / "vendor" / "lucide" / f"{kind.icon}.svg"
            assert svg.read_text().lstrip().startswith("<!-- @license lucide-static")
            assert f'.icon-{kind.icon} {{ --icon: url("../vendor/lucide/{kind.icon}.svg")' in (
                STATIC / "marcomage" / "site.css").read_text()
        assert (STATIC / "vendor" / "lucide" / "LICENSE.txt").exists()
        page = self.log_in(self.alice).get("/").content.decode()
        icons = page.split('id="nav-icons"')[1].split("</span></a></span>")[0]
        assert not re.search(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]", icons)
