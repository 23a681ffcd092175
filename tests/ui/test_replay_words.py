"""The replay and the review read as sentences in the player's language, with names and card names
("Bob discards the 10 of clubs"), never notation such as ``0: discard Tc`` or ``1: snap 1.0``."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game import GAMES
from game.core.referee import Referee
from tests.patience import PATIENCE
from tests.ui.conftest import open_app
from ui.scenes.replay import ReplayScene
from ui.text import wrap_text

NOTATION = re.compile(r"^\d+: |\b(discard|draw|snap|swap|take|pass|done|close|knock|play) [A-Z0-9TJQK][0-9a-z.]*\b")


def bots_match(game_id: str, players: int):
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=4)
    Referee(state, {s: desc.make_bot("easy", s) for s in range(players)}).advance(0.0)
    return state


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
@pytest.mark.parametrize(("game_id", "players"), [("gang_de_mouettes", 3), ("lagagne", 3), ("gin_rummy", 2)])
def test_every_move_of_a_replay_is_a_sentence(app, game_id, players, language) -> None:
    app.set_language(language)
    state = bots_match(game_id, players)
    viewer = ReplayScene(app, state)
    assert len(viewer.sentences) == len(state.log)
    for text, lines in zip(state.log, viewer.sentences):
        assert lines and all(line and not NOTATION.search(line) for line in lines), (text, lines)
    names = set(state.names)
    assert sum(any(n in line for n in names) for lines in viewer.sentences for line in lines) > len(state.log) // 2
    viewer.go(len(state.log) // 2)
    assert " ".join(viewer.sentences[len(state.log) // 2 - 1]) in viewer.move_line()


def test_the_review_names_the_hard_bots_choice_in_words(app) -> None:
    state = bots_match("gin_rummy", 2)
    review = ReplayScene(app, state, review=(0, 1))
    for _ in range(int(PATIENCE * 10)):
        if review.review_done:
            break
        time.sleep(0.1)
    assert review.review_done and review.verdicts
    for _, verdict in review.verdicts.values():
        assert verdict and not NOTATION.search(verdict), verdict
    font = app.font(review.px(15))
    width = review.px(220)
    for i in review.verdicts:
        rows = review.row_lines(i, font, width)
        assert all(font.size(row)[0] <= width for row in rows), rows   # wrapped, never cut off
        if review.verdicts[i][0] != "same":                             # the bot's move on lines of its own
            assert len(rows) > len(wrap_text(font, f"{i + 1}. {review.sentences[i][0]}", width))


class _Recording(pygame.Surface):
    """A surface that keeps where each drawing landed."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
        self.placed.append(pygame.Rect(dest[0], dest[1], *source.get_size()))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_every_line_of_the_move_list_stays_inside_its_panel(data_dir, language) -> None:
    """At 1024×640 the current move (drawn in bold) and the later lines of a long one (indented) were
    wrapped as if in the regular font at full width, and ran past the panel's edge."""
    for app in open_app(data_dir, (1024, 640)):
        app.set_language(language)
        state = bots_match("lagagne", 4)
        viewer = ReplayScene(app, state)
        _board, panel = viewer.areas(app.screen.get_size())
        inner = panel.right - viewer.px(12)
        over = []
        for upto in range(1, len(state.log) + 1):
            viewer.go(upto)
            surface = _Recording(app.screen.get_size())
            viewer._draw_panel(surface, panel)
            over += [(upto, r) for r in surface.placed if r.x > panel.x and r.right > inner]
        assert not over, over[:5]
