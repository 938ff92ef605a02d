"""The process's renderings (games/renders.py, issue 36): each key rendered once, and of one
seat's boards (or one player's chat logs) only the newest two kept, the latest and the one a
move's push patches from."""

from __future__ import annotations

from marcomage.web.games.renders import Renderings, seat_line


def board(game: int, seat: int, version: int) -> tuple[object, ...]:
    return ("board", game, "2026-11-29", seat, 100 + seat, version, 0)


def test_issue36_a_key_is_rendered_once_and_shared() -> None:
    kept = Renderings(line=seat_line)
    calls: list[int] = []
    for _ in range(3):
        assert kept.get(board(1, 0, 5), lambda: str(calls.append(1) or "b5")) == "b5"
    assert calls == [1] and kept.renders == 1


def test_issue36_a_seat_keeps_its_two_newest_boards_only() -> None:
    kept = Renderings(line=seat_line)
    for version in range(1, 6):
        kept.get(board(1, 0, version), lambda v=version: f"seat 0 v{v}")
        kept.get(board(1, 1, version), lambda v=version: f"seat 1 v{v}")
    assert [kept.kept(board(1, 0, v)) for v in range(1, 6)] == [
        None, None, None, "seat 0 v4", "seat 0 v5"]
    # Each seat is a line of its own: the other seat's boards are not dropped for it.
    assert kept.kept(board(1, 1, 4)) == "seat 1 v4"
    assert kept.kept(board(1, 1, 5)) == "seat 1 v5"
    # A chat log's line is the player's log in that game, whatever its mark.
    for mark in (7, 8, 9):
        kept.get(("chat", 1, "2026-11-29", 100, mark), lambda m=mark: f"chat {m}")
    assert kept.kept(("chat", 1, "2026-11-29", 100, 7)) is None
    assert kept.kept(("chat", 1, "2026-11-29", 100, 9)) == "chat 9"


def test_issue36_the_least_recently_used_go_first_when_full_and_leave_their_line() -> None:
    kept = Renderings(size=3, line=seat_line)
    for game in (1, 2, 3, 4):
        kept.get(board(game, 0, 1), lambda g=game: f"game {g}")
    assert kept.kept(board(1, 0, 1)) is None
    assert [kept.kept(board(g, 0, 1)) for g in (2, 3, 4)] == ["game 2", "game 3", "game 4"]
    # The evicted board's line was emptied: that seat's next two boards are both kept.
    kept.get(board(1, 0, 2), lambda: "game 1 v2")
    kept.get(board(1, 0, 3), lambda: "game 1 v3")
    assert kept.kept(board(1, 0, 2)) == "game 1 v2"
    assert kept._lines[seat_line(board(1, 0, 3))] == [board(1, 0, 2), board(1, 0, 3)]
