"""The Fair deal panel: reached from the pause menu and the score sheet, it shows each hand's
fingerprint, keeps the seed of the hand in play secret, and checks every finished hand's seed."""

from __future__ import annotations

import pygame
import pytest

from game.core.fairness import fingerprint
from tests.ui.conftest import center, click
from tests.ui.test_score_chart import session_after
from tests.ui.test_stats_fits import Recorder
from ui.app import App
from ui.i18n import LANGUAGES
from ui.scenes.fairdeal import FairDealScene, deal_lines
from ui.scenes.pause import PauseScene
from ui.settings import UI_SCALES
from ui.table.scores import ScoreSheetScene


def opened_from_pause(app, session) -> FairDealScene:
    app.push(PauseScene(app, session))
    app.step(1 / 60)
    button = next(w for w, action in app.top.actions.items() if getattr(action, "__name__", "") == "fair_deal")
    click(app, center(button), steps=2)
    assert isinstance(app.top, FairDealScene)
    return app.top


def test_the_pause_menu_opens_the_panel_with_the_hand_in_play_kept_secret(app) -> None:
    session = session_after("gin_rummy", 2, 2)
    state = session.state
    panel = opened_from_pause(app, session)
    hands = {line.hand: line for line in panel.lines}
    current = len(state.hand_seeds)
    assert set(hands) == set(range(1, current + 1)) and current >= 2
    if not state.hand_in_play():
        state.apply(state.legal_moves(state.to_move()[0])[0])            # deal the next hand
        current += 1
        panel = opened_from_pause(app, session)
        hands = {line.hand: line for line in panel.lines}
    assert hands[current].seed is None                                  # in play: its seed stays secret
    assert hands[current].fingerprint == fingerprint(state.hand_seeds[-1])
    for n in range(1, current):
        assert hands[n].seed is not None and hands[n].checked           # over: its seed shown and checked
    words = panel.status(hands[current])[0]
    assert str(state.hand_seeds[-1]) not in words
    panel.draw(app.screen)
    pygame.image.save(app.screen, str(app.data_dir / "fair.png"))


def test_the_score_sheet_opens_the_panel_too(app) -> None:
    session = session_after("gang_de_mouettes", 3, 2)
    sheet = ScoreSheetScene(app, session)
    app.push(sheet)
    app.step(1 / 60)
    fair = next(b for b in sheet.buttons if b.key == "fair")
    click(app, fair.rect.center, steps=2)
    assert isinstance(app.top, FairDealScene) and app.top.lines


def test_a_seed_that_does_not_give_the_fingerprint_is_said_not_to() -> None:
    good = {"hand": 1, "fingerprint": fingerprint(42), "seed": 42}
    bad = {"hand": 2, "fingerprint": fingerprint(42), "seed": 43}
    lines = deal_lines([good, bad])
    assert [(d.hand, d.checked) for d in lines] == [(2, False), (1, True)]


@pytest.mark.parametrize("junk", [
    {"hand": "1", "fingerprint": "0e19-7a6f-6ed4", "seed": None},
    {"hand": 1, "fingerprint": None, "seed": None},
    {"hand": 1, "fingerprint": "0e19-7a6f-6ed4", "seed": 1.5},
    {},
])
def test_a_malformed_deal_from_a_host_is_left_out(junk) -> None:
    assert deal_lines([junk, {"hand": 2, "fingerprint": fingerprint(7), "seed": None}])[0].hand == 2
    assert len(deal_lines([junk])) == 0


@pytest.mark.parametrize("ui_scale", UI_SCALES)
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_panel_keeps_its_words_inside_the_window_and_its_panel(data_dir, language, size, ui_scale) -> None:
    session = session_after("gang_de_mouettes", 4, 6)
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    try:
        app.set_ui_scale(ui_scale)
        app.set_language(language)
        panel = FairDealScene(app, session.state.view(None)["deals"])
        app.push(panel)
        app.step(1 / 60)
        screen = Recorder(size)
        panel.draw(screen)
        window = screen.get_rect()
        assert all(window.contains(r) for r in screen.placed)
        listed = [r for r in screen.placed if panel.panel.contains(r)]
        assert len(listed) >= 3, "at least one hand and its words are listed"
        crossing = [r for r in screen.placed if r.colliderect(panel.panel) and not panel.panel.contains(r)
                    and r.width < window.width]
        assert crossing == []
        if ui_scale == UI_SCALES[0]:
            pygame.image.save(screen, str(data_dir / f"fair-{language}-{size[0]}.png"))
    finally:
        app.quit()
        app.close()


def test_the_log_and_the_top_bar_keep_to_the_game(app, monkeypatch) -> None:
    """The numbers live in the panel: no fingerprint or seed in the log or the top bar, and each new
    hand announced once (it was twice: "Hand 2 of game 1 is dealt." then "Hand 2 is dealt; its
    fingerprint…", with "Hand 1 is over: its seed was…" for a Gang de mouettes round). Every line
    the log was given is read, not only the last ones its panel keeps: two long hands pushed the
    first announcement out of the panel, and the test failed by chance."""
    from tests.ui.table_helpers import run_until, start
    from ui.session import MatchSession, SeatInfo

    session = session_after("gin_rummy", 2, 0)
    session = MatchSession(session.state, [SeatInfo("Alice", "easy"), SeatInfo("Bob", "easy")])
    table = start(app, session)
    state = table.state
    given = list(table.log.lines)
    add = table.log.add

    def heard(line: str) -> None:
        given.append(line)
        add(line)

    monkeypatch.setattr(table.log, "add", heard)
    run_until(app, lambda: len(state.hand_seeds) >= 3, frames=20000)
    numbers = {fingerprint(seed) for seed in state.hand_seeds} | {str(seed) for seed in state.hand_seeds}
    assert not [line for line in given if any(n in line for n in numbers)]
    dealt = [line for line in given if "is dealt" in line]
    assert len(dealt) == len(set(dealt)) == len(state.hand_seeds) - 1   # hands 2 and 3, once each
    bar = table.hud._static_parts(table.layout, table.gestures.status)["bar"][1]
    assert not any(n in str(part) for part in bar for n in numbers)
