"""The table's rooms work from what they are given, without a scene: the input turns events into
requests on the narrow ``InputTable`` it is handed (and changes nothing else), and the sprites'
reconciliation needs only an adapter, the sprites and a ``Stage``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from game import Move
from game.core import Event
from ui.table.animation import SpriteSync, Stage
from ui.table.gestures import Action, Attempt, CardGestures, Drop, Gestures
from ui.table.input import TableInput
from ui.table.match import Curtain
from ui.table.sprites import CardSprite
from ui.table.widgets import Button

PILE = pygame.Rect(400, 100, 60, 84)
"""Where the fake table's discard pile is."""


class FakeTable:
    """An ``InputTable`` that records what it is asked and does nothing of it."""

    def __init__(self, sprites: list[CardSprite], gestures: Gestures, buttons: list[Button] | None = None,
                 shows: bool = True) -> None:
        self.sprites = sprites
        self.buttons = buttons or []
        self.gestures = gestures
        self.log = SimpleNamespace(lines=["one", "two"])
        self.log_large = False
        self.dirty = False
        self.curtain = Curtain()
        self.asked: list[tuple[Any, ...]] = []
        self.shows = shows
        """What ``perform`` answers: whether the table showed something new."""

    def log_box(self) -> pygame.Rect:
        return pygame.Rect(0, 500, 200, 100)

    def race(self) -> object | None:
        return None

    def perform(self, action: Action | None) -> bool:
        self.asked.append(("perform", action))
        return self.shows and action is not None

    def say_why_not(self, attempt: Move | None = None) -> None:
        self.asked.append(("why not", attempt))

    def spring_back(self, sprite: CardSprite) -> None:
        self.asked.append(("spring back", sprite.card))

    def apply_highlights(self) -> None:
        pass

    def finish_animations(self) -> None:
        pass

    def dismiss_curtain(self) -> None:
        self.asked.append(("dismiss curtain",))

    def undo(self) -> None:
        self.asked.append(("undo",))

    def hint(self) -> None:
        self.asked.append(("hint",))

    def toggle_log(self) -> None:
        self.asked.append(("toggle log",))

    def scroll_log(self, step: int) -> bool:
        self.asked.append(("scroll log", step))
        return True

    def say(self, text: str, about: list[CardSprite] | None = None, kind: str = "refusal") -> None:
        self.asked.append(("say", text))

    def pause(self) -> None:
        self.asked.append(("pause",))


class FakeVoice:
    def __init__(self) -> None:
        self.told: list[tuple[Any, ...]] = []

    def focus(self, item: CardSprite | Button | None) -> None:
        self.told.append(("focus", item))

    def offered(self) -> None:
        self.told.append(("offered",))

    def ask(self, question: str) -> None:
        self.told.append(("ask", question))


def _table(shows: bool = True) -> tuple[FakeTable, FakeVoice, TableInput, CardSprite, CardSprite]:
    king = CardSprite("Kh", "hand:0", 100, 300, 60, face_up=True)
    king.target = (100, 300)
    seven = CardSprite("7c", "hand:0", 170, 300, 60, face_up=True)
    seven.target = (170, 300)
    discard = Move("discard Kh", 0)
    gestures = Gestures({king.ident: CardGestures(click=discard, drops=(Drop.onto("discard", PILE, discard),), focus=True),
                         seven.ident: CardGestures(attempts=(Attempt.onto("discard", PILE, Move("discard 7c", 0)),))})
    table, voice = FakeTable([king, seven], gestures, shows=shows), FakeVoice()
    clock = iter(float(n) for n in range(100))
    return table, voice, TableInput(table, voice, lambda key, **kw: key, lambda: next(clock)), king, seven


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _drag(input_: TableInput, sprite: CardSprite, to: tuple[int, int]) -> None:
    grab = sprite.rect.center
    input_.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1))
    input_.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    input_.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))


def test_keys_become_requests_to_the_table() -> None:
    table, voice, input_, _, _ = _table()
    for event in (_key(pygame.K_z, pygame.KMOD_CTRL), _key(pygame.K_h), _key(pygame.K_l), _key(pygame.K_PAGEUP),
                  _key(pygame.K_HOME), _key(pygame.K_ESCAPE), _key(pygame.K_h, pygame.KMOD_CTRL)):
        input_.handle_event(event)
    assert table.asked == [("undo",), ("hint",), ("toggle log",), ("scroll log", 1), ("scroll log", 2), ("pause",)]
    input_.handle_event(_key(pygame.K_F3))
    assert voice.told == [("ask", "hand")]


def test_a_button_shortcut_wins_over_the_tables_letters() -> None:
    table, _, input_, _, _ = _table()
    knock = Move("knock", 0)
    table.buttons = [Button("knock", "Knock", knock, shortcut=pygame.K_h)]
    input_.handle_event(_key(pygame.K_h))
    assert table.asked == [("perform", knock)] and table.dirty


def test_the_focus_walks_the_cards_then_the_buttons_and_enter_asks_the_cards_action() -> None:
    table, voice, input_, king, _ = _table()
    table.buttons = [Button("sort", "Sort", None)]
    input_.handle_event(_key(pygame.K_RETURN))  # no focus yet: Enter shows it
    assert input_.focused() is king and voice.told == [("focus", king)]
    input_.handle_event(_key(pygame.K_RETURN))
    assert table.asked == [("perform", Move("discard Kh", 0))]
    input_.handle_event(_key(pygame.K_RIGHT))
    assert input_.focused() is table.buttons[0]


def test_enter_on_a_focused_card_without_an_action_is_explained_as_a_click_is() -> None:
    """A keyboard player (or one listening to the table) learns why nothing happened, as a mouse
    player does; before, Enter on such a card changed nothing at all."""
    table, _, input_, king, seven = _table()
    table.gestures = Gestures({king.ident: CardGestures(focus=True), seven.ident: CardGestures(focus=True)})
    input_.handle_event(_key(pygame.K_RETURN))  # no focus yet: Enter shows it
    input_.handle_event(_key(pygame.K_RETURN))
    assert table.asked == [("why not", None)]


def test_a_click_plays_the_cards_action_and_a_click_on_a_card_without_one_is_explained() -> None:
    table, _, input_, king, seven = _table()
    for sprite in (king, seven):
        input_.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sprite.rect.center, button=1))
        input_.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=sprite.rect.center, button=1))
    assert table.asked == [("perform", Move("discard Kh", 0)), ("why not", None), ("perform", None)]


def test_a_drop_is_asked_of_the_table_and_the_card_springs_back_when_nothing_is_shown() -> None:
    table, _, input_, king, _ = _table()
    _drag(input_, king, PILE.center)
    assert table.asked == [("perform", Move("discard Kh", 0))]  # played: the table sends it on
    table, _, input_, king, _ = _table(shows=False)  # refused, or sent to a host
    _drag(input_, king, PILE.center)
    assert table.asked == [("perform", Move("discard Kh", 0)), ("spring back", "Kh")]


def test_a_drop_the_engine_may_refuse_is_explained_and_springs_back() -> None:
    table, _, input_, _, seven = _table()
    _drag(input_, seven, PILE.center)
    assert table.asked == [("why not", Move("discard 7c", 0)), ("spring back", "7c")]


def test_behind_the_curtain_a_click_takes_it_and_nothing_else_is_asked() -> None:
    table, _, input_, king, _ = _table()
    table.curtain.show("Bob", 1)
    input_.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=king.rect.center, button=1))
    input_.handle_event(_key(pygame.K_h))
    input_.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=king.rect.center, button=1))
    assert table.asked == [("dismiss curtain",)]


class TwoPiles:
    """An adapter of a game with a stock and a discard pile, for the sprites' reconciliation alone."""

    def __init__(self) -> None:
        self.piles: dict[str, list[str | None]] = {"stock": [None, None], "discard": ["Kh"]}

    def zones(self, view: Any) -> dict[str, list[str | None]]:
        return {zone: list(cards) for zone, cards in self.piles.items()}

    def hand_order(self, seat: int, cards: list[str]) -> list[str]:
        return cards

    def deal_order(self, zones: dict[str, list[str | None]]) -> list[tuple[str, int]]:
        return [(zone, i) for zone, cards in zones.items() for i in range(len(cards))]

    def place(self, zone: str, count: int, view: Any, layout: Any) -> list[tuple[float, float, int]]:
        x = 0 if zone == "stock" else 100
        return [(x + i, 0.0, 60) for i in range(count)]

    def face_up(self, zone: str, view: Any) -> bool:
        return zone != "stock"

    def zone_rank(self, zone: str) -> int:
        return 1 if zone == "discard" else 0


def test_the_sprites_follow_the_view_with_no_scene() -> None:
    adapter = TwoPiles()
    sync = SpriteSync(adapter)  # type: ignore[arg-type]
    layout = SimpleNamespace(stock_pos=(0.0, 0.0), card_w=60, pile_w=60)
    stage = Stage({}, 0, layout, 1.0, 0.0)  # type: ignore[arg-type]
    sprites = sync.follow([], [], stage, animate_deal=False)
    assert [(s.zone, s.card, s.face_up) for s in sprites] == [("stock", None, False), ("stock", None, False),
                                                               ("discard", "Kh", True)]
    top = sprites[1]
    adapter.piles = {"stock": [None], "discard": ["Kh", "3d"]}
    after = sync.follow(sprites, [Event("draw", src="stock", dst="discard", card="3d")], stage, animate_deal=False)
    assert after[2] is top and (top.zone, top.card, top.face_up, top.x) == ("discard", "3d", True, 101)
    assert {s.ident for s in after} == {s.ident for s in sprites}  # the same three cards, none made anew
