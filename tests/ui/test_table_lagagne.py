"""LaGagne at the table, through the real event loop: a whole game played with the mouse by a
human against a bot (opening columns, laying points, a steal, an exchange and its give-back, a
take-back from the discard, a ×2, the last round and the end), a refused drop with its reason, and
pass-and-play curtains that never show another player's hand."""

from __future__ import annotations

from typing import Any

import pygame

from game import GAMES, Move
from game.core import Bot
from game.lagagne import Options
from tests.ui.table_helpers import button, click_at, discard_centre, drag, focus_on, key, run_until, start
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene
from ui.table.scores import ScoreSheetScene

ALICE = ["Sh", "P20h", "Voler", "Echange", "X2"]
BOB = ["Ss", "P10s", "Z", "Z", "Z"]
# draws in turn order: Alice, Bob, Alice, ... (Alice does not draw after Récupérer)
PILE = ["Recup", "Z", "P10h", "Z", "P5h", "Z", "J10", "P10c", "P20c", "P5c", "P50c", "P5s", "P20s"]
DECK = [c for pair in zip(ALICE, BOB) for c in pair] + PILE


class LayFirst(Bot):
    """A predictable opponent: lays the first card it can, else gives or discards its first card."""

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        for name in ("play", "give", "discard"):
            move = next((m for m in legal_moves if m.name == name), None)
            if move is not None:
                return move
        return legal_moves[0]


class ExchangeFirst(LayFirst):
    """Plays Échanger on the first seat it can, and gives back its first card."""

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        move = next((m for m in legal_moves if m.name == "exchange"), None)
        return move if move is not None else super().choose(view, legal_moves)


def lagagne_table(app, seats: list[SeatInfo], deck: list[str] = DECK, target: int = 60, **rules: Any) -> TableScene:
    options = Options(target=target, first_dealer=len(seats) - 1, **rules)
    state = GAMES["lagagne"].new_match([s.name for s in seats], options=options, seed=3, deck=deck)
    scene = start(app, MatchSession(state, seats), {s: LayFirst(s) for s, info in enumerate(seats) if not info.is_human})
    return scene


def card(scene: TableScene, text: str, zone_prefix: str = "hand:0"):
    return next(s for s in scene.sprites if s.card == text and s.zone.startswith(zone_prefix))


def column_centre(scene: TableScene, suit: str) -> tuple[int, int]:
    rect = scene.adapter.column_rect(0, suit, scene.layout)
    return (rect.centerx, rect.y + rect.w // 2)


def alices_turn(app, scene: TableScene) -> None:
    run_until(app, lambda: scene.state.to_move() == [0])


def test_a_whole_game_with_the_mouse(app) -> None:
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal")], mulligan_any_time=True)
    state = scene.state
    assert "mulligan" in {b.key for b in scene.buttons}

    drag(app, card(scene, "Sh").rect.center, column_centre(scene, "h"))  # open the hearts
    assert state.log == ["0: play Sh"] and state.view(0)["columns"][0]["h"]["open"]
    assert any("You open the hearts column" in line for line in scene.log.lines)
    alices_turn(app, scene)
    assert state.log[-1] == "1: play Ss"
    drag(app, card(scene, "P20h").rect.center, column_centre(scene, "h"))
    assert state.log[-1] == "0: play P20h" and state.scores[0] == 20

    # a ×2 dropped on a column Alice does not have is refused, with the reason
    alices_turn(app, scene)
    drag(app, card(scene, "X2").rect.center, column_centre(scene, "c"))
    assert scene.message == "You could not lay a ×2: you have no clubs column."
    assert state.log[-1] == "1: play P10s"

    # Voler dropped on Bob's 10 of spades is refused (Alice could not lay it), with the reason
    drag(app, card(scene, "Voler").rect.center, card(scene, "P10s", "column:1:s").rect.center)
    assert scene.message == "You could not lay the 10 of spades: you have no spades column."
    assert state.log[-1] == "1: play P10s"
    # Voler dropped on Bob's spade symbol: it flies to Alice's new spade column; Bob's column closes
    symbol = card(scene, "Ss", "column:1:s")
    drag(app, card(scene, "Voler").rect.center, scene.adapter.visible_rect(symbol).center)
    assert state.log[-1] == "0: steal 1:Ss"
    assert symbol.zone == "column:0:s"
    bob = state.view(0)["columns"][1]["s"]
    assert not bob["open"] and bob["points"] == ["P10s"] and state.scores[1] == 10
    assert any("You steal the spades symbol from Bob" in line for line in scene.log.lines)

    # Échanger dropped on Bob's hand: Alice takes one of his cards, then gives one back by a click
    alices_turn(app, scene)
    hand_rect = scene.adapter._opponent_hand_rect(1, scene.view, scene.layout)
    drag(app, card(scene, "Echange").rect.center, hand_rect.center)
    assert state.log[-1] == "0: exchange 1" and state.view(0)["phase"] == "give"
    assert state.view(0)["exchange"]["taken"] == "Z"
    assert "give" in scene.adapter.status(scene.view, scene.legal)
    click_at(app, card(scene, "Z").rect.center)
    assert state.log[-1] == "0: give Z"
    assert any("You give a card back to Bob" in line for line in scene.log.lines)

    # Récupérer dropped on the discard takes back Bob's zero; no draw this turn
    alices_turn(app, scene)
    drag(app, card(scene, "Recup").rect.center, discard_centre(scene))
    assert state.log[-1] == "0: recup" and "Z" in state.view(0)["hand"]
    assert len(state.view(0)["hand"]) == 5

    # a ×2 on the hearts, then the 10 of hearts: 60 points, the last round, and Bob's last turn ends it
    alices_turn(app, scene)
    click_at(app, card(scene, "X2").rect.center)  # a click shows its moves
    assert button(scene, "move_0").label == "×2 on hearts"
    click_at(app, button(scene, "move_0").rect.center)
    assert state.log[-1] == "0: play X2 h" and state.scores[0] == 40
    alices_turn(app, scene)
    drag(app, card(scene, "P10h").rect.center, column_centre(scene, "h"))
    assert any("You have reached 60: last round" in line for line in scene.log.lines)
    run_until(app, lambda: state.is_over())
    assert state.winners() == [0] and state.scores == [60, 10]
    assert any("You win with 60 points" in line for line in scene.log.lines)
    assert app.storage.load_session() is None
    assert app.storage.stats()["lagagne"]["levels"]["normal"] == {"played": 1, "won": 1}
    click_at(app, button(scene, "sheet").rect.center)
    assert isinstance(app.top, ScoreSheetScene)
    rows = app.top.rows()
    assert rows[0][0] == f"Game ({state.history[0]['rounds']} rounds)"
    assert rows[-1][1] == ["60", "10"]


def test_pass_and_play_hides_the_other_hand(app) -> None:
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Dan")])
    state = scene.state
    assert scene.curtain.shown and scene.curtain.name == "Alice"
    click_at(app, (10, 10))
    assert all(s.shows_face for s in scene.sprites if s.zone == "hand:0")
    assert not any(s.shows_face for s in scene.sprites if s.zone == "hand:1")
    drag(app, card(scene, "Sh").rect.center, column_centre(scene, "h"))
    assert state.log == ["0: play Sh"]
    assert scene.curtain.shown and scene.curtain.name == "Dan"
    click_at(app, (10, 10))
    assert scene.viewer == 1
    assert all(s.shows_face for s in scene.sprites if s.zone == "hand:1")
    assert not any(s.shows_face for s in scene.sprites if s.zone == "hand:0")
    assert card(scene, "Sh", "column:0:h").shows_face  # tabled cards are public


def test_keyboard_only_turns(app) -> None:
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal")])
    state = scene.state
    focus_on(app, scene, lambda item: getattr(item, "card", None) == "Sh")
    key(app, pygame.K_RETURN)  # Enter plays a card that has one move only
    assert state.log == ["0: play Sh"]
    alices_turn(app, scene)
    focus_on(app, scene, lambda item: getattr(item, "card", None) == "Voler")
    key(app, pygame.K_SPACE)  # Space chooses the card
    assert scene.selected == "Voler"
    focus_on(app, scene, lambda item: getattr(item, "zone", None) == "column:1:s")
    key(app, pygame.K_RETURN)  # Enter on Bob's spade symbol steals it
    assert state.log[-1] == "0: steal 1:Ss"


def test_resume_keeps_the_table(app) -> None:
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal")])
    drag(app, card(scene, "Sh").rect.center, column_centre(scene, "h"))
    alices_turn(app, scene)
    saved = app.storage.load_session()
    assert saved is not None and saved["match"]["log"] == ["0: play Sh", "1: play Ss"]
    app.start_match(MatchSession.from_json(saved))
    app.step(1 / 60)
    table = app.top
    assert isinstance(table, TableScene) and table is not scene
    assert card(table, "Sh", "column:0:h").shows_face and card(table, "Ss", "column:1:s").shows_face
    assert sorted(s.card for s in table.sprites if s.zone == "hand:0") == sorted(table.state.view(0)["hand"])


def test_steal_into_a_chosen_column_and_mulligan(app) -> None:
    alice = ["Sh", "Sc", "Voler", "Z", "Z"]
    bob = ["Ss", "J20", "Z", "Z", "Z"]
    deck = [c for pair in zip(alice, bob) for c in pair] + ["P5d"] * 4 + ["P10d"] * 3
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal")], deck=deck, mulligan_any_time=True)
    state = scene.state
    drag(app, card(scene, "Sh").rect.center, column_centre(scene, "h"))
    alices_turn(app, scene)
    drag(app, card(scene, "Sc").rect.center, column_centre(scene, "c"))
    alices_turn(app, scene)
    assert state.log[-1] == "1: play J20 s"
    joker = card(scene, "J20", "column:1:s")
    drag(app, card(scene, "Voler").rect.center, scene.adapter.visible_rect(joker).center)
    assert state.log[-1] == "1: play J20 s"  # the joker could go in two columns: which one?
    assert [b.label for b in scene.buttons][:2] == ["Into hearts", "Into clubs"]
    click_at(app, button(scene, "choice_1").rect.center)
    assert state.log[-1] == "0: steal 1:J20 c" and joker.zone == "column:0:c"
    assert state.scores == [20, 0]
    alices_turn(app, scene)
    click_at(app, button(scene, "mulligan").rect.center)
    assert state.log[-1] == "0: mulligan" and len(state.view(0)["hand"]) == 5
    assert "mulligan" not in {b.key for b in scene.buttons}
    assert any("You take a mulligan" in line for line in scene.log.lines)  # Alice is alone with bots


def test_the_human_is_told_what_an_exchange_took_and_gave(app) -> None:
    alice = ["Sh", "P20h", "P10h", "P5h", "Z"]
    bob = ["Echange", "Z", "Z", "Z", "Z"]
    deck = [c for pair in zip(bob, alice) for c in pair] + ["P5d"] * 4  # Bob plays first: dealt first
    options = Options(target=60, first_dealer=0)
    state = GAMES["lagagne"].new_match(["Alice", "Bob"], options=options, seed=3, deck=deck)
    scene = start(app, MatchSession(state, [SeatInfo("Alice"), SeatInfo("Bob", "normal")]), {1: ExchangeFirst(1)})
    run_until(app, lambda: state.log[-1:] == ["1: exchange 0"])
    taken = state.view(1)["exchange"]["taken"]
    assert scene.message == f"Bob took {scene.adapter.card_name(taken)} from your hand."
    assert scene.message_kind == "info"  # news in green: the player did nothing wrong
    run_until(app, lambda: state.to_move() == [0])
    given = state.log[-1].split(" ")[-1]
    assert scene.message == f"Bob gave you {scene.adapter.card_name(given)}." and scene.message_kind == "info"
    names = (scene.adapter.card_name(taken), scene.adapter.card_name(given))
    assert not any(name in line for line in scene.log.lines for name in names)


def test_resizing_the_window_keeps_only_the_empty_column_places_of_the_size_shown(app) -> None:
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal")])
    for size in ((1024, 640), (1280, 800), (1600, 900), (1024, 640)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app._on_resize(size)
        app.step(1 / 60)
        drawn = {size for _, size in scene.adapter._slots}
        assert len(drawn) == 1, f"places of {len(drawn)} sizes kept after resizing to {size}"
        assert len(scene.adapter._slots) == 4  # one per suit
