import time
from marcomage.web.replays import services as replays
from tests.web.base import BaseTestCase
from .games import finished_game


def services_leave(case, game):
    from marcomage.web.games import services
    services.leave(case.alice, game.pk)


class Probe(BaseTestCase):
    def test_probe(self) -> None:
        for seed in range(1, 8):
            game = finished_game(self.alice, self.bob, seed=seed)
            t = time.perf_counter()
            pos = replays.position(game.pk, 10**6)
            dt = time.perf_counter() - t
            print(seed, game.steps.count(), game.end_type, pos.total, f"{dt*1000:.1f} ms", pos.moves[:3])
            print(list(replays.verify_all_finished())[-1])
