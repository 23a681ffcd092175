"""The table's regions prove themselves: for every game at its smallest, middle and largest table, in
four windows, at two card sizes and three text sizes, in each phase (play, a quick-discard window,
a hand or round ended with its cards laid out and its score card, a tutorial step), the cards, labels
and the coach's box stay on the felt (name plates and buttons on the screen, below the top bar),
nothing covers a name plate, a button or a label (the coach's box: a button), and each seat's
columns sit next to its name plate. Rectangles are compared, never pixels; the phases are
reached once by the engine's own bots and every look is a fresh table on that state.

The settings screen is checked the same way: no control lies over another, nor over Back."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

import pygame
import pytest

from game import GAMES, GameState
from ui.app import App
from ui.session import MatchSession, SeatInfo
from ui.settings import BOT_DELAY_RANGE
from ui.table.scene import TableScene
from ui.tutorial import Tutorial

WINDOWS = [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)]
LOOKS = [("normal", 100), ("normal", 150), ("normal", 200), ("extra_large", 100), ("extra_large", 200)]
"""(card size, text size) pairs: every text size, and the largest cards at the ends."""
END = {"gin_rummy": "hand_over", "gang_de_mouettes": "round_over", "lagagne": "over"}
"""The phase in which a game's hand or round has ended: its cards laid out and its score card shown."""
STEPS = 3000
NEAR = 0.25
"""A seat's columns start within this many card heights of its name plate."""


def tables(game_id: str) -> list[int]:
    desc = GAMES[game_id]
    return sorted({desc.min_players, (desc.min_players + desc.max_players) // 2, desc.max_players})


@functools.cache
def reached(game_id: str, players: int, phase: str) -> GameState | None:
    """A match of ``players`` seats played by the engine's easy bots until ``phase`` (``play``: the
    player's first decision after a few turns); ``None`` if the game never has that phase."""
    desc = GAMES[game_id]
    state = desc.new_match([f"P{i}" for i in range(players)], seed=11)
    bots = [desc.make_bot("easy", 100 + seat) for seat in range(players)]
    for step in range(STEPS):
        view_phase = state.view(None)["phase"]
        if (phase == "play" and step >= 2 * players and 0 in state.to_move()) or view_phase == phase:
            return state
        movers = state.to_move()
        if not movers:
            return None
        seat = movers[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_moves(seat)))
    return None


def phases(game_id: str) -> list[str]:
    return ["play", END[game_id]] + (["window"] if game_id == "gang_de_mouettes" else [])


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """One headless app for the module's tests; each look sizes its window and opens its own table."""
    made = App(data_dir=tmp_path_factory.mktemp("layout"), size=WINDOWS[0], headless=True, fail_fast=True)
    made.settings.animation_speed = "instant"
    made.settings.bot_delay = BOT_DELAY_RANGE[1]  # no frame runs: the table is looked at as dealt
    yield made
    made.quit()
    made.close()


def window(app: App, size: tuple[int, int]) -> None:
    """Give the app's window ``size``, as the player resizing it would."""
    app.pop_to_title()
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app._on_resize(size)


def seat(app: App, size: tuple[int, int], session: MatchSession, card_size: str, text_size: int) -> TableScene:
    window(app, size)
    app.settings.card_size = card_size
    app.settings.ui_scale = text_size
    app.start_match(session)
    scene = app.top
    assert isinstance(scene, TableScene)
    assert scene.layout.size == size
    scene.finish_animations()
    return scene


def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return float((dx * dx + dy * dy) ** 0.5)


def problems(scene: TableScene) -> list[str]:
    """Every region that leaves the felt or covers another it must not."""
    layout = scene.layout
    felt = layout.felt
    out: list[str] = []
    plates = {f"plate {s}": spot.plate for s, spot in enumerate(layout.seats)}
    buttons = {f"button {b.key}": b.rect for b in scene.buttons}
    cards = {f"{sp.zone}#{sp.ident}": sp.home_rect for sp in scene.sprites}
    labels: dict[str, pygame.Rect] = {}
    spread_labels = getattr(scene.adapter, "_spread_labels", None)
    if spread_labels is not None and scene.view.get("result") and scene.view["phase"] in ("hand_over", "match_over"):
        labels = {f"label {i}": rect for i, (_, rect) in enumerate(spread_labels(scene.view))}
    for name, rect in {**cards, **labels}.items():
        if not felt.contains(rect):
            out.append(f"{name} {rect} leaves the felt {felt}")
    for name, rect in {**plates, **buttons}.items():
        if not layout.screen.contains(rect) or rect.top < layout.top_bar:
            out.append(f"{name} {rect} leaves the screen below the top bar")
    for (a, ra), (b, rb) in itertools.combinations({**plates, **buttons, **labels}.items(), 2):
        if ra.colliderect(rb):
            out.append(f"{a} {ra} covers {b} {rb}")
    for name, rect in cards.items():
        for other, over in {**plates, **buttons, **labels}.items():
            if rect.colliderect(over):
                out.append(f"{name} {rect} covers {other} {over}")
    for s, spot in enumerate(layout.seats):
        columns = [sp.home_rect for sp in scene.sprites if sp.zone.startswith(f"column:{s}:")]
        if columns:
            far = gap(columns[0].unionall(columns[1:]), spot.plate) / layout.card_h
            if far > NEAR:
                out.append(f"seat {s}'s columns are {far:.2f} card heights from its name plate")
    coach = scene.panels.coach_box(layout)
    if coach is not None:
        box = coach[0]
        if not felt.contains(box):
            out.append(f"the coach's box {box} leaves the felt")
        for name, rect in {**buttons, **plates}.items():
            if box.colliderect(rect):
                out.append(f"the coach's box {box} covers {name} {rect}")
    return out


LANGUAGES = ["en", "fr", "de", "es"]
CORNERS = [(WINDOWS[0], look) for look in LOOKS if look[1] == 200] + [(WINDOWS[-1], LOOKS[0])]
"""The looks the other languages are checked at (the full matrix is English's): the largest text in
the smallest window, where words are tightest, and the largest window."""
CASES = [pytest.param(g, n, phase, lang, id=f"{g}-{n}p-{phase}-{lang}")
         for g in sorted(GAMES) if g in END for n in tables(g) for phase in phases(g) for lang in LANGUAGES]


@pytest.mark.parametrize(("game_id", "players", "phase", "language"), CASES)
def test_every_region_stays_on_the_felt_and_clear_of_the_others(app: App, game_id: str, players: int,
                                                               phase: str, language: str) -> None:
    state = reached(game_id, players, phase)
    if state is None:
        pytest.skip(f"the bots' match of {game_id} at {players} never reached {phase}")
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in range(1, players)]
    looks = list(itertools.product(WINDOWS, LOOKS)) if language == "en" else CORNERS
    found = []
    app.set_language(language)
    try:
        for size, (card_size, text_size) in looks:
            scene = seat(app, size, MatchSession(state.clone(), seats), card_size, text_size)
            found += [f"{size[0]}x{size[1]} {card_size} {text_size}%: {p}" for p in problems(scene)]
    finally:
        app.set_language("en")
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("game_id", sorted(END))
def test_a_tutorial_step_stays_on_the_felt_and_clear_of_the_others(app: App,
                                                                   game_id: str) -> None:
    tutorial = Tutorial.load(game_id)
    found = []
    for size, (card_size, text_size) in itertools.product(WINDOWS, LOOKS):
        scene = seat(app, size, tutorial.session("You"), card_size, text_size)
        assert scene.panels.coach_lines()
        found += [f"{size[0]}x{size[1]} {card_size} {text_size}%: {p}" for p in problems(scene)]
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(END))
def test_every_tutorial_step_at_the_largest_text_stays_clear_of_the_plates_and_buttons(
        app: App, game_id: str, language: str) -> None:
    """Each step in turn (the earlier ones skipped, as the player may), with the text at 200 %."""
    tutorial = Tutorial.load(game_id)
    app.set_language(language)
    found = []
    try:
        for size, (card_size, text_size) in itertools.product(WINDOWS, [look for look in LOOKS if look[1] == 200]):
            scene = seat(app, size, tutorial.session("You"), card_size, text_size)
            coach = scene.match.coach
            assert coach is not None
            for _ in range(STEPS):
                if coach.finished or coach.lost:
                    break
                if scene.match.coach_due() and not scene.animating:
                    found += [f"{size[0]}x{size[1]} {card_size} step {coach.index + 1}: {p}" for p in problems(scene)]
                    scene.tutorial_skip()
                scene.wait_for_bot()
                app.step(1 / 30, real=1.0)
            assert coach.finished and not coach.lost
    finally:
        app.set_language("en")
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_setting_lies_over_another_nor_over_back(app: App, language: str) -> None:
    from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider

    from ui.scenes.settings import SettingsScene

    found = []
    for size, text_size in itertools.product(WINDOWS, (100, 150, 200)):
        window(app, size)
        app.set_language(language)
        app.set_ui_scale(text_size)
        app.show_settings()
        app.step(1 / 30)
        scene = app.top
        assert isinstance(scene, SettingsScene)
        controls = [e for e in app.ui.get_sprite_group().sprites()
                    if isinstance(e, UIDropDownMenu | UICheckBox | UIHorizontalSlider)
                    or (isinstance(e, UIButton) and e.text == app.tr("common.back"))]
        rects = [(type(e).__name__ + (f" {e.text}" if isinstance(e, UIButton) else ""), e.get_abs_rect())
                 for e in controls]
        screen = app.screen.get_rect()
        for (a, ra), (b, rb) in itertools.combinations(rects, 2):
            if ra.colliderect(rb):
                found.append(f"{size} {text_size}%: {a} {ra} lies over {b} {rb}")
        found += [f"{size} {text_size}%: {a} {ra} leaves the window" for a, ra in rects if not screen.contains(ra)]
        app.set_ui_scale(100)
    assert not found, "\n".join(found)
