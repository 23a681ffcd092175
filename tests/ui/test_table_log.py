"""A log you can read back (issue 62): the mouse wheel over it and keys scroll it, a new move shows
the newest line again, the enlarged log (L) is in the table's own text size with many more lines
and never over the player's cards, every line of the match is reachable (a resumed one too), and
the line scrolled to is read aloud where *Read aloud* is on. Before, the wheel did nothing, L showed
three lines in huge type over half the table, and a bot's move pushed out of the three-line corner
(a steal among them) could not be read again."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from game.core.referee import Referee
from tests.patience import PATIENCE
from tests.ui.conftest import open_app
from tests.ui.table_helpers import key, post, stacked_session, start
from ui.session import MatchSession, SeatInfo
from ui.speech import Speaker
from ui.table.scene import TableScene


def filled(app) -> TableScene:  # type: ignore[no-untyped-def]
    """A Gin Rummy table whose log holds 40 lines, more than its corner shows."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    for n in range(40):
        scene.log.add(f"Line {n} of the match.")
    scene.dirty = True  # added here rather than by moves: the next frame draws them
    app.step(1 / 60)
    return scene


def wheel(app, pos: tuple[int, int], notches: int) -> None:  # type: ignore[no-untyped-def]
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches))
    app.step(1 / 60)


def shown(app, scene: TableScene) -> bytes:  # type: ignore[no-untyped-def]
    return pygame.image.tobytes(app.screen.subsurface(scene.log_box()), "RGB")


def test_the_wheel_over_the_log_reads_it_back_and_a_new_move_shows_the_newest_again(app) -> None:
    scene = filled(app)
    assert scene.log.older  # the corner cannot show all 40: an arrow says there is more above
    newest = shown(app, scene)
    wheel(app, scene.layout.centre, 3)  # over the felt: the log stays
    assert scene.log.back == 0
    wheel(app, scene.log_box().center, 3)
    assert scene.log.back == 3 and shown(app, scene) != newest
    wheel(app, scene.log_box().center, -1)
    assert scene.log.back == 2
    wheel(app, scene.log_box().center, 100)  # as far as the first line, no further
    assert scene.log.back == len(scene.log.lines) - 1
    scene.play(next(m for m in scene.legal if m.name == "pass"))
    app.step(1 / 60)
    assert scene.log.back == 0 and scene.log.lines[-1] != "Line 39 of the match."


def test_keys_read_the_log_back_line_by_line_and_aloud(app) -> None:
    spoken: list[tuple[str, str]] = []
    app._speaker = Speaker(lambda text, lang: spoken.append((text, lang)))
    scene = filled(app)
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert scene.log.back == 2
    key(app, pygame.K_PAGEDOWN)
    assert scene.log.back == 1
    key(app, pygame.K_HOME)
    assert scene.log.lines[-1 - scene.log.back] == "Line 0 of the match."
    key(app, pygame.K_END)
    assert scene.log.back == 0
    app.speaker.wait()
    assert spoken == []  # Read aloud is off by default
    app.settings.read_aloud = True
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    app.speaker.wait()
    assert [text for text, _ in spoken] == ["Line 38 of the match.", "Line 37 of the match."]
    assert scene.state.log == []  # reading the log plays nothing


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("game_id", ["gin_rummy", "lagagne", "gang_de_mouettes"])
def test_the_enlarged_log_is_readable_and_keeps_clear_of_the_players_cards(data_dir, size, game_id) -> None:
    app = next(open_app(data_dir, size))
    try:
        players = GAMES[game_id].min_players + (2 if game_id != "gin_rummy" else 0)
        seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "easy") for i in range(1, players)]
        scene = start(app, MatchSession.new(game_id, seats, seed=4))
        for n in range(60):
            scene.log.add(f"Line {n} of the match.")
        layout = scene.layout
        corner = layout.log_box(False)
        key(app, pygame.K_l)
        assert scene.log_large
        box = scene.log_box()
        size = layout.log_text(True)
        assert size == layout.log_text(False)  # the table's text, not a heading's

        def lines(rect: pygame.Rect) -> int:  # as many as LogPanel fits
            return (rect.h - 2 * round(size * 0.6)) // scene.text.font(size).get_linesize()

        assert lines(box) >= max(12, 1.75 * lines(corner))  # before: three lines
        hand = [s.rect for s in scene.sprites if s.rect.top >= layout.hand_y - 1]
        assert hand and box.collidelist(hand) == -1  # never over the player's cards
        assert box.collidelist([b.rect for b in scene.buttons]) == -1
        assert app.screen.get_rect().contains(box)
    finally:
        app.quit()
        app.close()


def test_every_line_of_a_resumed_match_is_reachable(app) -> None:
    """A resumed match recalls its whole log, not its last 60 lines."""
    desc = GAMES["gang_de_mouettes"]
    session = MatchSession.new("gang_de_mouettes", [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "easy")
                                                                          for i in range(1, 4)], seed=5)
    referee = Referee(session.state, {s: desc.make_bot("easy", s) for s in range(4)})
    while len(session.state.log) < 100 and not session.state.is_over() and referee.step():
        pass
    assert len(session.state.log) >= 100
    scene = start(app, MatchSession.from_json(session.to_json()))
    everything = scene.match.recall(scene.adapter.describe, 10 ** 6)
    assert len(everything) > 60 and scene.log.lines[:len(everything)] == everything
    key(app, pygame.K_HOME)
    assert scene.log.lines[-1 - scene.log.back] == everything[0]


def test_a_bots_move_pushed_out_of_the_corner_can_be_read_again(app) -> None:
    """The report: a bot's steal vanished before it could be read. Bots' moves keep coming; each
    line the corner no longer shows is still there a wheel notch or a key away."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scene.log.add("Bob steals a ×2 from you!")
    for n in range(5):
        scene.log.add(f"Bob plays move {n}.")
    scene.dirty = True
    app.step(1 / 60)
    scene.wait_for_bot(PATIENCE)
    assert scene.log.older
    for _ in range(5):
        key(app, pygame.K_PAGEUP)
    assert scene.log.lines[-1 - scene.log.back] == "Bob steals a ×2 from you!"


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_a_line_longer_than_the_corner_reads_from_its_start(app, language: str) -> None:  # type: ignore[no-untyped-def]
    """At 200 % text the corner holds four lines or so; a longer line showed its end (its start cut,
    "…cards and discards the 8."); now it shows its start and its last line ends with "…" (the
    enlarged log, L, holds it whole)."""
    app.set_language(language)
    app.settings.ui_scale = 200
    try:
        scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
        words = [f"word{i}" for i in range(60)]
        scene.log.add(" ".join(words))
        box = scene.log_box()
        size = max(12, scene.layout.log_text(scene.log_large))
        lines, _ = scene.log.shown(box.w, box.h, size)
        text = " ".join(line for line, _ in lines)
        assert text.startswith("word0 word1"), text
        assert lines[-1][0].endswith("…"), lines
        pad = round(size * 0.6)
        assert all(scene.text.width(line, size) <= box.w - 2 * pad for line, _ in lines)
        assert len(lines) * scene.text.font(size).get_linesize() <= box.h - 2 * pad
    finally:
        app.settings.ui_scale = 100
        app.set_language("en")
