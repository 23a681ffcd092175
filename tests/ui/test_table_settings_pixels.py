"""A settings change makes a new picture of the table, with nothing of the old one left (issue 61).

Random matches of every game, at two table sizes each, are played through real pointer events while
the window size, the text size, the card size, the four colours and the language change between
moves: at the table, or (as a player does it) through the pause menu and its settings screen, the
table drawn under the menu all the while. After every change, once the cards have landed, the frame
the table drew on the screen, where it draws only what changed, must equal pixel for pixel the frame
of a brand-new table of the same match drawn on a fresh surface: old name plates, a second rim,
cards still printed in the old language or log lines in it would all differ.

The new table shares the live one's referee (its clocks and who has looked at their cards belong to
the match, not to the picture); the pointer is taken off the cards first (a card rises under it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from benchmarks.frame_time import gestures
from game import GAMES
from tests.patience import PATIENCE
from tests.ui.table_helpers import post
from ui.i18n import LANGUAGES
from ui.scenes.pause import PauseScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene
from ui.session import MatchSession, SeatInfo
from ui.settings import CARD_SIZES, UI_SCALES, Settings
from ui.table.scene import TableScene

SMALL = [(1024, 640), (1100, 700), (1280, 800)]
LARGE = (1920, 1080)
MATCHES = [("lagagne", 2, 11), ("lagagne", 4, 12), ("gang_de_mouettes", 3, 13), ("gang_de_mouettes", 6, 14),
           ("gin_rummy", 2, 15)]
"""Each match: its game, its seats (one person, the rest bots) and its seed."""
CHANGES = 7
"""Settings changes per match, each after one to three of the person's moves."""
CHANGED = ("window", "text", "cards", "colours", "language", "full screen")


def frame(app: Any, dt: float = 1 / 60) -> None:
    app.step(dt)
    top = app.top
    if isinstance(top, TableScene):
        top.wait_for_bot(PATIENCE)


def key(app: Any, code: int, frames: int = 2) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    for _ in range(frames):
        frame(app)


def resize(app: Any, size: tuple[int, int]) -> None:
    """The player drags the window to ``size`` (the dummy driver takes the new mode at once)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
    frame(app)


def change(app: Any, rng: random.Random, what: str, settings: SettingsScene | None) -> None:
    """One change of ``what``; through the settings screen's keys when it is open (its rows: 0 the
    language, 4 the text size and full screen, 7 the card size and four colours). Headless, full
    screen keeps the window's size: the table is told of a resize all the same."""
    s = app.settings
    if what == "window":
        sizes = [size for size in SMALL + [LARGE] * (rng.random() < 0.25) if size != app.screen.get_size()]
        resize(app, rng.choice(sizes))
    elif settings is not None:
        if what == "language":
            settings.adjust(0, rng.choice([1, 2, 3]) if rng.random() < 0.5 else 1)
        elif what == "text":
            settings.adjust(4, rng.choice([-1, 1, 2]))
        elif what == "cards":
            settings.adjust(7, rng.choice([-1, 1]))
        elif what == "full screen":
            settings.adjust(4, 1, activate=True)
        else:
            settings.adjust(7, 1, activate=True)
        frame(app)
    elif what == "language":
        app.set_language(rng.choice([lang for lang in LANGUAGES if lang != app.language]))
    elif what == "text":
        app.set_ui_scale(rng.choice([p for p in UI_SCALES if p != s.ui_scale]))
    elif what == "cards":
        s.card_size = rng.choice([c for c in CARD_SIZES if c != s.card_size])
    elif what == "full screen":
        key(app, pygame.K_F11, frames=1)
    else:
        s.four_colour_deck = not s.four_colour_deck


def through_the_menu(app: Any, act: Callable[[SettingsScene], None],
                     paused: Callable[[], None] | None = None) -> None:
    """Esc, Settings, ``act`` on the settings screen, Esc, Esc, as a player does it; ``paused`` runs
    while the pause menu is up (a window resize)."""
    table = app.top
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    if paused is not None:
        paused()
    button = next(w for w, action in app.top.actions.items() if action == app.show_settings)
    post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)
    frame(app)
    frame(app)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    act(settings)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def random_changes(app: Any, rng: random.Random, changes: list[str]) -> None:
    """``changes`` through the menu (a window resize maybe while it is up), or at the table."""
    if rng.random() < 0.4:
        for what in changes:
            change(app, rng, what, None)
            frame(app)
        return
    paused = None
    if "window" in changes and rng.random() < 0.5:
        changes = [c for c in changes if c != "window"]
        paused = lambda: change(app, rng, "window", None)  # noqa: E731

    def act(settings: SettingsScene) -> None:
        for what in changes:
            change(app, rng, what, settings)

    through_the_menu(app, act, paused)


def settled(app: Any, table: TableScene) -> bool:
    """Nothing on the screen moves or fades: no card flies or rises, no message, no toast, no card
    shown for a moment."""
    return (not table.animating and table.message is None and not app.toasts and table.adapter.idle()
            and all(s.lift == s.lift_goal for s in table.sprites) and table.input.drag is None)


def settle(app: Any, table: TableScene) -> None:
    """Take the pointer off the cards and let the table come to rest (bots may play on meanwhile)."""
    post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(400):
        frame(app, 0.25)
        if settled(app, table):
            frame(app, 0.0)  # the frame compared: drawn where it changed, on the frame before it
            if settled(app, table):
                return
    raise AssertionError("the table never came to rest")


def drawn_from_nothing(app: Any, live: TableScene) -> pygame.Surface:
    """A new table of the same match, its cards landed, drawn on a new surface."""
    fresh = TableScene(app, live.session)
    fresh.match.driver = live.match.driver
    fresh.match.choose_viewer()
    fresh._refresh()
    fresh.finish_animations()
    surface = pygame.Surface(app.screen.get_size()).convert(app.screen)
    fresh.draw(surface)
    return surface


def same_picture(app: Any, table: TableScene, what: str) -> None:
    live = pygame.image.tobytes(app.screen, "RGB")
    fresh = drawn_from_nothing(app, table)
    if live != pygame.image.tobytes(fresh, "RGB"):
        pygame.image.save(app.screen, "/tmp/settings_pixels_live.png")
        pygame.image.save(fresh, "/tmp/settings_pixels_fresh.png")
        raise AssertionError(f"after {what}: the screen differs from a table drawn from nothing "
                             "(see /tmp/settings_pixels_live.png and _fresh.png)")


def play_moves(app: Any, table: TableScene, rng: random.Random, chooser: Any, count: int) -> None:
    """``count`` of the person's moves (or the button that lets play go on), through real events."""
    played = 0
    for _ in range(60 * count):
        if played >= count or table.state.is_over():
            return
        if table.animating or table.input.drag is not None:
            frame(app)
            continue
        offered = gestures(table)
        if not offered:
            frame(app, 0.1)
            continue
        wanted = chooser.choose(table.view, list(table.legal)) if table.legal and rng.random() < 0.6 else None
        chosen = [g for g in offered if g[0] == wanted] or [rng.choice(offered)]
        for events in chosen[0][1]:
            for event in events:
                pygame.event.post(event)
            frame(app)
        played += 1


def lagagne_at(app: Any, size: tuple[int, int], text: int, seed: int = 5) -> TableScene:
    """A LaGagne match of a person and two bots, dealt at ``text`` % in a window of ``size``."""
    app.settings = Settings(language="en", bot_delay=0.0, animation_speed="fast")
    app.set_ui_scale(text)
    resize(app, size)
    session = MatchSession.new("lagagne", [SeatInfo("Ann"), SeatInfo("Bruno", "easy"),
                                           SeatInfo("Chloé", "easy")], seed=seed)
    session.bot_seeds = {1: 1, 2: 2}
    app.start_match(session)
    table = app.top
    assert isinstance(table, TableScene)
    settle(app, table)
    return table


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 640)])
def test_the_text_from_200_to_100_percent_mid_match_leaves_no_ghost(app: Any, size: tuple[int, int]) -> None:
    """The issue's case: at 200 % the name plates are larger and the felt smaller; set to 100 % in the
    pause menu's settings, the old plates and a second rim stayed on the felt, moves after."""
    table = lagagne_at(app, size, 200)
    rng = random.Random(5)
    chooser = GAMES["lagagne"].make_bot("easy", 5)
    play_moves(app, table, rng, chooser, 3)
    through_the_menu(app, lambda settings: settings.adjust(4, 1))  # 200 % → 100 %
    assert app.settings.ui_scale == 100
    settle(app, table)
    same_picture(app, table, "the text set from 200 % to 100 %")
    play_moves(app, table, rng, chooser, 2)
    settle(app, table)
    same_picture(app, table, "two more moves")


@pytest.mark.parametrize(("game_id", "players", "seed"), MATCHES)
def test_a_settings_change_leaves_nothing_of_the_old_picture(app: Any, game_id: str, players: int, seed: int) -> None:
    app.settings = Settings(language="en", bot_delay=0.0, animation_speed="fast")
    app.set_ui_scale(200)
    resize(app, SMALL[0])
    rng = random.Random(seed)
    setup = SetupScene(app, game_id)  # the seats as the setup names them: the person's default name
    setup.count = players
    setup.levels = [None] + ["easy"] * (len(setup.levels) - 1)
    session = MatchSession.new(game_id, setup.seats(), seed=seed)
    session.bot_seeds = {seat: seed * 10 + seat for seat in session.bot_seeds}  # the same match every run
    app.start_match(session)
    table = app.top
    assert isinstance(table, TableScene)
    chooser = GAMES[game_id].make_bot("easy", seed)
    settle(app, table)
    same_picture(app, table, "the deal")
    for n in range(CHANGES):
        play_moves(app, table, rng, chooser, rng.randint(1, 3))
        changes = ["text"] if n == 0 else rng.sample(CHANGED, rng.choice([1, 1, 2, 3]))  # 200 % to less first
        random_changes(app, rng, changes)
        settle(app, table)
        same_picture(app, table, f"change {n + 1} ({', '.join(changes)}) in {app.language} at "
                                 f"{app.screen.get_size()}, text {app.settings.ui_scale} %, cards {app.settings.card_size}")
