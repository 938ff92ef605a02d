"""Guest cards play the same anywhere (issue 30): the same seeded games with guest cards end
with the same final hash in a plain process, without Django, and in the site, because a
guest's effect is made from its deck document by the rules alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.apps import apps

import marcomage
from tests.games.marcomage.guest_playout import SEEDS, final_hash, final_hashes

from ..base import BaseTestCase

ROOT = Path(__file__).resolve().parents[3]


class GuestsAnywhereTestCase(BaseTestCase):
    def test_seeded_games_with_guests_end_the_same_in_a_plain_process_and_in_the_site(
            self) -> None:
        self.assertTrue(apps.ready)  # the site is loaded in this process
        source = Path(marcomage.__file__).resolve().parents[1]  # the same code as here
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(source), str(ROOT), os.environ.get("PYTHONPATH", "")])}
        env.pop("DJANGO_SETTINGS_MODULE", None)
        plain = subprocess.run(
            [sys.executable, "-m", "tests.games.marcomage.guest_playout"], cwd=ROOT, env=env,
            capture_output=True, text=True, timeout=120, check=False)
        self.assertEqual(plain.returncode, 0, plain.stderr)
        self.assertEqual(json.loads(plain.stdout), final_hashes())

    def test_the_guests_change_how_the_games_end(self) -> None:
        """The check above means something: without their guests the same seeded games end
        otherwise."""
        self.assertTrue(all(final_hash(seed) != final_hash(seed, guests=False)
                            for seed in SEEDS))
