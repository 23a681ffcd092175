"""Gang de mouettes at the table, through the real event loop: a whole round played with the mouse
by a human against two bots (memorising, a power, a piqué race won, a race lost to a bot, a take
from the discard, a call, a quick discard won, a miss with its penalty, the reveal and the score
card), the grace time that ends a turn, and pass-and-play snaps that never reveal a hidden card."""

from __future__ import annotations

from typing import Any

import pygame

from game import GAMES, Move
from game.core import Event
from game.gang_de_mouettes import Options
from game.gang_de_mouettes.bots import NormalBot
from tests.patience import PATIENCE
from tests.ui.table_helpers import (
    button,
    click_at,
    discard_centre,
    drag,
    focus_on,
    key,
    post,
    run_until,
    start,
    top_of,
)
from ui.games.gang_de_mouettes import square_cells
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene
from ui.table.scores import ScoreSheetScene

# Seat s's slot i is deck[3 * i + s]; the pile then gives P1, P2, ... in order.
ALICE = ["M3", "M6", "M7", "M2"]
BOB = ["M6", "M4", "M5", "M7"]
CARA = ["M4", "M1", "M5", "M7"]
PILE = ["M9", "M4", "M6", "M6", "M8", "M2", "M10"]
DECK = [c for trio in zip(ALICE, BOB, CARA) for c in trio] + PILE


class SteadyBot(NormalBot):
    """A real bot's quick-discard reactions, with turns that never change its cards (draw, throw,
    end the turn), so that a stacked deck plays out the same every time."""

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = {m.action: m for m in legal_moves}
        for wanted in ("draw", "done", "close", "next"):
            if wanted in acts:
                return acts[wanted]
        throw = acts.get("discard")
        return throw if throw is not None else super().choose(view, legal_moves)


def gang_table(app, seats: list[SeatInfo], deck: list[str] = DECK, **options: Any) -> TableScene:
    options = {"first_dealer": len(seats) - 1, **options}  # seat 0 gets the first card
    opts = Options(match_end=500, snap_window_seconds=3.0, end_turn_grace_seconds=60.0, **options)
    state = GAMES["gang_de_mouettes"].new_match([s.name for s in seats], options=opts, seed=5, deck=deck)
    scene = start(app, MatchSession(state, seats), {s: SteadyBot(s) for s, info in enumerate(seats) if not info.is_human})
    return scene


def reactions(scene: TableScene) -> set[int]:
    """The bot seats whose answer in the open window is in (the referee's own bookkeeping)."""
    run = scene.driver.referee._current_window()
    return {seat for seat, task in run.tasks.items() if task.done} if run else set()


def slot(scene: TableScene, seat: int, i: int):
    return next(s for s in scene.sprites if s.zone == f"slot:{seat}.{i}")


def phase(scene: TableScene) -> str:
    return scene.state.view(None)["phase"]


def test_a_whole_round_with_the_mouse(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    adapter = scene.adapter

    # memorising: the two nearest cards are face up for Alice only, and nobody plays meanwhile
    assert [slot(scene, 0, i).shows_face for i in range(4)] == [True, True, False, False]
    assert not any(slot(scene, s, i).shows_face for s in (1, 2) for i in range(4))
    assert {b.key for b in scene.buttons} == {"memorised"}
    app.step(1 / 60)
    assert state.log == []
    click_at(app, button(scene, "memorised").rect.center)
    assert not any(s.shows_face for s in scene.sprites if s.zone.startswith("slot:"))
    assert slot(scene, 0, 0).card == "M3"  # known, face down, marked by the memory aid

    # turn 1: draw by dragging the pile onto her cards, play the 9 on Bob's slot 1
    drag(app, top_of(scene, "stock").rect.center, slot(scene, 0, 2).rect.center)
    assert state.log == ["0: draw"]
    held = next(s for s in scene.sprites if s.zone == "hand:0")
    assert held.card == "M9" and held.shows_face
    click_at(app, button(scene, "power").rect.center)
    click_at(app, slot(scene, 1, 1).rect.center)
    assert "0: spy 1.1" in state.log
    assert slot(scene, 1, 1).shows_face and slot(scene, 1, 1).card == "M4"  # shown to Alice only
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)

    # turn 2: Bob throws a 4. Cara knows her own 4 and reacts, but Alice piqués Bob's 4 first
    run_until(app, lambda: phase(scene) == "window")
    app.step(1 / 60)
    scene.wait_for_bot(PATIENCE)  # Cara's answer is in; her reaction delay is still running
    assert 2 in reactions(scene)
    click_at(app, slot(scene, 1, 1).rect.center)
    assert state.log[-1] == "0: snap 1.1" and phase(scene) == "give"
    assert any("Piqué! You throw Bob's 4" in line for line in scene.log.lines)
    click_at(app, slot(scene, 0, 2).rect.center)  # give her unknown 7 to Bob
    assert state.log[-1] == "0: give 2" and len(state.view(0)["slots"][1]) == 4
    assert all(not m.startswith("2: snap") for m in state.log)

    # turn 3: Cara throws a 6; Alice waits and Bob, who knows his 6, snaps it first
    run_until(app, lambda: state.log[-1] == "2: discard")
    for _ in range(20):
        if state.log[-1] == "1: snap 1.0":
            break
        app.step(0.2)
    assert state.log[-1] == "1: snap 1.0"
    assert any("Quick discard! Bob throws the 6" in line for line in scene.log.lines)

    # turn 4: take Bob's 6 from the discard into slot 0, then call
    run_until(app, lambda: state.to_move() == [0] and phase(scene) == "turn")
    drag(app, top_of(scene, "discard").rect.center, slot(scene, 0, 0).rect.center)
    assert "0: take 0" in state.log[-2:]
    run_until(app, lambda: phase(scene) == "end_turn")
    assert {"call", "done"} <= {b.key for b in scene.buttons}
    click_at(app, button(scene, "call").rect.center)
    assert state.view(0)["caller"] == 0
    assert "Last round" in adapter.status(scene.view, scene.legal)

    # turn 5: Bob throws a 6; Cara would piqué Alice's public 6, Alice snaps her own 6 first
    run_until(app, lambda: phase(scene) == "window")
    app.step(1 / 60)
    scene.wait_for_bot(PATIENCE)  # Cara's answer is in; her reaction delay is still running
    assert 2 in reactions(scene)
    click_at(app, slot(scene, 0, 1).rect.center)
    assert state.log[-1] == "0: snap 0.1"
    assert state.view(0)["slots"][0] == ["M6", None]

    # turn 6: Cara throws an 8; Alice tries her unknown card: a miss, shown to all, and a penalty
    run_until(app, lambda: phase(scene) == "window" and state.view(None)["active"] == 2)
    click_at(app, slot(scene, 0, 1).rect.center)
    assert "0: snap 0.1" in state.log[-2:]
    view = state.view(1)
    assert view["slots"][0][1] == "M2" and len(view["slots"][0]) == 3  # public miss, penalty card unknown
    assert view["slots"][0][2] is None
    assert any("no match" in line and "penalty" in line for line in scene.log.lines)
    assert slot(scene, 0, 1).shows_face  # the missed card is shown a moment

    # turn 7 (Alice plays last): draw and throw the drawn card; the round ends
    run_until(app, lambda: state.to_move() == [0] and phase(scene) == "turn")
    drag(app, top_of(scene, "stock").rect.center, slot(scene, 0, 0).rect.center)
    held = next(s for s in scene.sprites if s.zone == "hand:0")
    drag(app, held.rect.center, discard_centre(scene))
    assert "0: discard" in state.log[-2:]
    run_until(app, lambda: phase(scene) == "round_over")
    assert all(s.shows_face for s in scene.sprites if s.zone.startswith("slot:"))
    title, lines, _ = adapter.score_lines(scene.view)
    last = state.view(0)["last_round"]
    assert title == "Round 1" and last["caller"] == 0
    alice = lines[0]
    expected = "called, lowest" if last["caller_lowest"] else "called, not lowest"
    assert alice[0] == "Alice" and expected in alice[1]
    assert state.history and app.storage.load_session() is not None
    click_at(app, button(scene, "sheet").rect.center)
    assert isinstance(app.top, ScoreSheetScene)
    rows = app.top.rows()
    assert rows[0][0].startswith("Round 1 · Alice called")
    assert rows[-1][1] == [str(x) for x in state.scores]


def test_grace_time_ends_a_human_turn(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)  # a click on the pile draws
    click_at(app, button(scene, "throw").rect.center)  # throw the drawn 9
    assert state.log[:2] == ["0: draw", "0: discard"]
    run_until(app, lambda: phase(scene) == "end_turn")
    app.step(30.0)
    assert phase(scene) == "end_turn" and state.log[-1] == "0: close"
    app.step(31.0)
    assert state.log[-1] == "0: done"


def test_a_turn_that_ends_by_itself_is_told_as_news_not_as_a_refusal(app) -> None:
    """Another seat's move ended the human's turn (a snap closed the window): the player is told in
    the green bubble of news, since nothing they did was refused."""
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    view = scene.state.view(0)
    scene.adapter.observe(Move("snap 0.0", 1), [Event("turn_end", seat=0)], view)
    assert scene.message == "Your turn is over." and scene.message_kind == "info"
    app.set_language("es")  # a statement, not "Termina tu turno", which reads as an order to end it
    scene.adapter.observe(Move("snap 0.0", 1), [Event("turn_end", seat=0)], view)
    assert scene.message == "Tu turno ha terminado."


def test_refused_drop_says_why(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    drag(app, slot(scene, 0, 0).rect.center, discard_centre(scene))  # no quick discard before a discard
    assert state.log == []
    assert scene.message == "A quick discard is only possible right after a card is discarded."


def assert_nothing_hidden_shown(scene: TableScene) -> None:
    """Every face-up card on the table is one the seat at the screen may know."""
    view = scene.state.view(scene.viewer)
    for sprite in scene.sprites:
        if sprite.zone.startswith("slot:") and sprite.shows_face:
            seat, i = (int(x) for x in sprite.zone[5:].split("."))
            assert view["slots"][seat][i] == sprite.card, f"{sprite.zone} is face up for {scene.viewer}"


def test_pass_and_play_snaps_reveal_nothing(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Dan"), SeatInfo("Bob", "normal")])
    state = scene.state
    # memorising in turn, each behind the curtain
    assert scene.curtain.shown and scene.curtain.name == "Alice"
    click_at(app, (10, 10))
    assert [slot(scene, 0, i).shows_face for i in range(3)] == [True, True, False]
    click_at(app, button(scene, "memorised").rect.center)
    assert scene.curtain.shown and scene.curtain.name == "Dan"
    click_at(app, (10, 10))
    assert scene.viewer == 1 and slot(scene, 1, 0).shows_face and not slot(scene, 0, 0).shows_face
    assert_nothing_hidden_shown(scene)
    click_at(app, button(scene, "memorised").rect.center)
    assert scene.curtain.name == "Alice"
    click_at(app, (10, 10))
    # Alice throws the drawn 9; Dan may snap, the humans pass, the window closes
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    assert phase(scene) == "window" and not scene.curtain.shown and scene.viewer == 0
    click_at(app, button(scene, "pass_snap").rect.center)
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    # Dan throws the drawn 4; Bob knows his own 4 and snaps it while the humans pass
    assert scene.curtain.name == "Dan"
    click_at(app, (10, 10))
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    click_at(app, button(scene, "pass_snap").rect.center)
    for _ in range(20):
        if state.log[-1] == "2: snap 2.0":
            break
        app.step(0.2)
    assert state.log[-1] == "2: snap 2.0"
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    # Bob throws a 6 while both humans may snap: the screen shows the public table
    run_until(app, lambda: phase(scene) == "window" and state.view(None)["active"] == 2)
    assert scene.viewer is None and not scene.curtain.shown
    click_at(app, slot(scene, 2, 0).rect.center)  # whose piqué? ambiguous
    assert "drag it onto your own cards" in (scene.message or "")
    assert state.log[-1] == "2: discard"
    drag(app, slot(scene, 2, 0).rect.center, slot(scene, 0, 3).rect.center)
    assert state.log[-1] == "0: snap 2.0"  # Alice's piqué: Bob's 1, a miss
    assert not scene.curtain.shown and phase(scene) == "window"
    assert_nothing_hidden_shown(scene)
    assert len(state.view(None)["slots"][0]) == 5  # Alice's penalty card, seen by nobody
    click_at(app, slot(scene, 1, 0).rect.center)  # Dan snaps his own 6
    assert state.log[-1] == "1: snap 1.0"
    assert_nothing_hidden_shown(scene)


def test_keyboard_only_turn(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    focus_on(app, scene, lambda item: getattr(item, "key", None) == "memorised")
    key(app, pygame.K_RETURN)
    assert scene.adapter.to_memorise() == []
    focus_on(app, scene, lambda item: getattr(item, "zone", None) == "stock")
    key(app, pygame.K_RETURN)
    assert state.log == ["0: draw"]
    focus_on(app, scene, lambda item: getattr(item, "key", None) == "power")
    key(app, pygame.K_RETURN)
    assert scene.adapter.mode == "spy"
    focus_on(app, scene, lambda item: getattr(item, "zone", None) == "slot:2.0")
    key(app, pygame.K_RETURN)
    assert "0: spy 2.0" in state.log
    run_until(app, lambda: phase(scene) == "end_turn")
    focus_on(app, scene, lambda item: getattr(item, "key", None) == "done")
    key(app, pygame.K_RETURN)
    assert state.log[-1] == "0: done"


def test_resume_in_the_middle_of_a_round(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    saved = app.storage.load_session()
    assert saved is not None and saved["match"]["log"] == ["0: draw"]
    resumed = MatchSession.from_json(saved)
    app.start_match(resumed)
    app.step(1 / 60)
    table = app.top
    assert isinstance(table, TableScene) and table.state.log == ["0: draw"]
    held = next(s for s in table.sprites if s.zone == "hand:0")
    assert held.card == "M9" and held.shows_face  # the drawn card is back in Alice's hand
    assert table.adapter.to_memorise() == []  # no memorising once the round has begun


def test_a_blind_swap_moves_both_cards(app) -> None:
    deck = DECK[:12] + ["M10"] + [c for c in PILE if c != "M9"] + ["M9"]
    scene = gang_table(
        app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")], deck=deck
    )
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "power").rect.center)
    click_at(app, slot(scene, 0, 2).rect.center)  # first one of Alice's cards…
    assert scene.adapter.chosen == 2 and state.log == ["0: draw"]
    mine, theirs = slot(scene, 0, 2), slot(scene, 1, 3)
    app.settings.animation_speed = "normal"
    click_at(app, theirs.rect.center)  # …then Bob's: they swap unseen
    assert "0: steal 2 1.3" in state.log
    assert mine.zone == "slot:1.3" and theirs.zone == "slot:0.2"
    assert mine.moving and theirs.moving
    assert not mine.shows_face and not theirs.shows_face


def pass_windows_until(app, scene: TableScene, done) -> None:
    """Run the table, the human passing every quick-discard window, until ``done()``."""
    for _ in range(400):
        if done():
            return
        if phase(scene) == "window" and any(b.key == "pass_snap" for b in scene.buttons):
            click_at(app, button(scene, "pass_snap").rect.center)
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
    assert done(), "the table did not get there in time"


def test_the_8_the_15_and_the_20(app) -> None:
    pile = ["M8", "M2", "M2", "M15", "M5", "M5", "M20", "M3", "M3"]
    deck = DECK[:12] + pile
    scene = gang_table(
        app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")], deck=deck
    )
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)

    def alices_turn() -> None:
        pass_windows_until(app, scene, lambda: state.to_move() == [0] and phase(scene) == "turn")

    # the 8: look at her own unknown card, shown to her a moment
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "power").rect.center)
    click_at(app, slot(scene, 1, 0).rect.center)  # not one of hers: refused with a hint
    assert scene.message == "Click one of YOUR cards to look at it." and state.log == ["0: draw"]
    click_at(app, slot(scene, 0, 3).rect.center)
    assert "0: look 3" in state.log and slot(scene, 0, 3).shows_face and slot(scene, 0, 3).card == "M2"
    pass_windows_until(app, scene, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)

    # the 15: scout Bob's 6, then trade her 2 for it
    alices_turn()
    click_at(app, top_of(scene, "stock").rect.center)
    held = next(s for s in scene.sprites if s.zone == "hand:0")
    drag(app, held.rect.center, button(scene, "power").rect.center)  # dropped on the power button
    assert scene.adapter.mode == "scout"
    click_at(app, slot(scene, 1, 0).rect.center)
    assert state.log[-1] == "0: scout 1.0" and phase(scene) == "scout"
    assert slot(scene, 1, 0).shows_face and slot(scene, 1, 0).card == "M6"
    assert {"keep"} <= {b.key for b in scene.buttons}
    click_at(app, slot(scene, 0, 3).rect.center)
    assert "0: trade 3" in state.log and state.view(0)["slots"][0][3] == "M6"
    pass_windows_until(app, scene, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)

    # the 20: throw her own 3; the 3 and then the 20 each open a window
    alices_turn()
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "power").rect.center)
    click_at(app, slot(scene, 0, 0).rect.center)
    assert "0: drop 0" in state.log
    pass_windows_until(app, scene, lambda: phase(scene) == "end_turn")
    assert state.view(0)["discard"][-2:] == ["M3", "M20"] and len(state.view(0)["slots"][0]) == 3
    assert any("You play the 20: you throw your 3" in line for line in scene.log.lines)


def to_bobs_first_window(app, scene: TableScene) -> None:
    """Alice memorises, draws and throws her card, and ends her turn; then Bob (seat 1) discards and
    the quick-discard window opens."""
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    run_until(app, lambda: phase(scene) == "window" and scene.state.view(None)["active"] == 1)


def test_a_hidden_miss_is_not_named_in_the_log(app) -> None:
    scene = gang_table(
        app,
        [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")],
        missed_snap_public=False,
    )
    state = scene.state
    to_bobs_first_window(app, scene)  # Bob throws the 4
    click_at(app, slot(scene, 0, 0).rect.center)  # Alice's known 3: a miss, seen by her only
    assert "0: snap 0.0" in state.log
    line = next(line for line in scene.log.lines if "no match" in line)
    assert line.startswith("You try a quick discard: no match!") and "3" not in line
    assert slot(scene, 0, 0).card == "M3" and not slot(scene, 0, 0).shows_face


def test_a_call_at_the_start_of_the_turn_with_the_button(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")],
                       call_timing="start_of_turn")
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    assert {"call", "marks"} <= {b.key for b in scene.buttons} and "done" not in {b.key for b in scene.buttons}
    click_at(app, button(scene, "call").rect.center)
    assert state.log == ["0: call"] and state.caller == 0 and state.discard == []
    assert any("You call" in line for line in scene.log.lines)
    run_until(app, lambda: state.active == 0 and phase(scene) == "turn")  # the last round, ending with Alice
    assert "call" not in {b.key for b in scene.buttons}


def test_a_pique_giving_the_last_card_says_so_in_the_log(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")],
                       pique_gives="last")
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)  # Alice throws the drawn 9: nobody has one
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    run_until(app, lambda: phase(scene) == "window")  # Bob throws the 4 he drew
    click_at(app, slot(scene, 1, 1).rect.center)  # Alice piqués Bob's 4: her last card goes to Bob
    assert state.log[-1] == "0: snap 1.1" and phase(scene) != "give"
    assert [f"M{v}" for v in state.slots[1]][-1] == "M2" and len(state.slots[0]) == 3
    assert any("You give one of your cards to Bob" in line for line in scene.log.lines)


def test_n_lets_a_quick_discard_window_go(app) -> None:
    """The key named on "No quick discard" does what the button does: a player racing a full table
    lets a window go with one key, without Tab to reach the button first."""
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    to_bobs_first_window(app, scene)
    assert button(scene, "pass_snap").label == "No quick discard (N)"
    window = scene.driver.referee._current_window()
    assert window is not None and 0 not in window.passed
    key(app, pygame.K_n)
    assert 0 in window.passed  # the window now waits for nobody but the bots


def test_letting_windows_go_for_a_player_who_knows_no_match(app) -> None:
    """The "let windows go" setting: Bob throws a 4 and Alice knows no 4, so the window is let go for
    her at once (as N would) and the match counts as assisted; when she knows a 4 the window waits."""
    app.settings.let_go = True
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    passes: list[int] = []
    pass_window = scene.driver.pass_window
    scene.driver.pass_window = lambda seat: (passes.append(seat), pass_window(seat))  # type: ignore[method-assign]
    to_bobs_first_window(app, scene)
    window = scene.driver.referee._current_window()
    for _ in range(5):
        app.step(1 / 60)
    assert window is not None and 0 in window.passed
    assert passes == [0]  # once for the window, not every frame: at a network table it is a message
    assert scene.adapter.assisted()

    alice, cara = ["M4", *ALICE[1:]], ["M3", *CARA[1:]]  # Alice now holds, and has looked at, a 4
    deck = [c for trio in zip(alice, BOB, cara) for c in trio] + PILE
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")], deck=deck)
    to_bobs_first_window(app, scene)
    window = scene.driver.referee._current_window()
    app.step(1 / 60)
    assert scene.view["window"]["card"] == "M4" and scene.view["slots"][0][0] == "M4"
    assert window is not None and 0 not in window.passed and not scene.adapter.assisted()


def test_the_player_who_opened_a_window_only_bots_race_may_end_it(app) -> None:
    """After their own discard the player need not wait out the bots' window: "End quick discards"
    (or N) closes it at once; the bots' reactions, not yet due, are never played."""
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    assert phase(scene) == "window" and all(b.key != "pass_snap" for b in scene.buttons)
    assert button(scene, "close").label == "End quick discards (N)"
    click_at(app, button(scene, "close").rect.center)
    assert state.log == ["0: draw", "0: discard", "0: close"] and phase(scene) == "end_turn"
    assert all(b.key != "close" for b in scene.buttons)


def test_a_click_begun_before_a_window_opened_does_not_snap_in_it(app) -> None:
    """A snap is deliberate: the button must go down while the window is on screen. Pressed during
    Bob's turn and let go once his discard has opened a window, the click counts for nothing (it
    would have cost a penalty card); pressed again with the window shown, it snaps."""
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    assert phase(scene) != "window"
    mine = slot(scene, 0, 0).rect.center
    post(pygame.MOUSEMOTION, pos=mine, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=mine, button=1)
    run_until(app, lambda: phase(scene) == "window" and state.view(None)["active"] == 1)
    post(pygame.MOUSEBUTTONUP, pos=mine, button=1)
    app.step(1 / 60)
    assert not any(" snap " in f" {line} " for line in state.log)
    assert scene.message is not None and app.tr("table.race_too_soon") in str(scene.message)
    click_at(app, slot(scene, 0, 0).rect.center)
    assert "0: snap 0.0" in state.log


def cells(scene: TableScene, seat: int) -> list[int]:
    """The cell of the seat's square of four (0, 1 the row nearest the player, 2, 3 behind)
    where each of its cards is drawn, slot by slot."""
    count = len(scene.view["slots"][seat])
    places, _ = scene.adapter.square(seat, 4, scene.layout)
    corners = [(round(x), round(y)) for x, y, _ in places]
    return [corners.index(slot(scene, seat, i).home_rect.topleft) for i in range(count)]


def rects(scene: TableScene) -> dict[str, pygame.Rect]:
    """Where each card of the squares rests (the pointer's hover lift aside)."""
    return {s.zone: s.home_rect for s in scene.sprites if s.zone.startswith("slot:")}


def resized(app, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app._on_resize(size)
    app.step(1 / 60)


def test_a_quick_discard_leaves_its_gap_where_the_card_was(app) -> None:
    """Alice quick-discards the bottom-right card of her four: the three others stay exactly where
    they were and the gap is where the card was, also after a resize and a resume; a penalty card
    then fills the gap (issue 66)."""
    alice, bob, cara = ["M3", "M4", "M7", "M2"], ["M6", "M1", "M5", "M7"], ["M5", "M1", "M6", "M7"]
    pile = ["M9", "M4", "M8", "M10", "M2", "M6", "M3"]
    deck = [c for trio in zip(alice, bob, cara) for c in trio] + pile
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")], deck=deck)
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)  # Alice throws the drawn 9: nobody has one
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    run_until(app, lambda: phase(scene) == "window")  # Bob throws the 4 he drew
    before = rects(scene)
    assert before["slot:0.1"].x > before["slot:0.0"].x and before["slot:0.1"].y == before["slot:0.0"].y
    click_at(app, slot(scene, 0, 1).rect.center)  # Alice's own 4, bottom right
    assert "0: snap 0.1" in state.log
    app.step(1 / 60)
    after = rects(scene)
    assert [after[f"slot:0.{i}"] for i in range(3)] == [before["slot:0.0"], before["slot:0.2"], before["slot:0.3"]]
    assert before["slot:0.1"] not in after.values()  # the gap is where her 4 was
    assert all(after[z] == before[z] for z in before if not z.startswith("slot:0."))
    assert cells(scene, 0) == [0, 2, 3]

    size = scene.layout.size
    resized(app, (1280, 800))
    assert cells(app.top, 0) == [0, 2, 3]
    resized(app, size)
    assert rects(app.top) == after

    app.start_match(MatchSession.from_json(app.storage.load_session()))  # a fresh table of the same match
    app.step(1 / 60)
    table = app.top
    assert isinstance(table, TableScene) and table is not scene and rects(table) == after

    # a miss costs a penalty card: it fills the gap before any new column
    run_until(app, lambda: phase(table) == "window" and 0 in table.view["window"]["open_to"], frames=1200)
    wrong = next(i for i, c in enumerate(table.state.slots[0]) if f"M{c}" != table.view["top"])
    click_at(app, slot(table, 0, wrong).rect.center)
    assert table.state.log[-1] == f"0: snap 0.{wrong}"
    app.step(1 / 60)
    assert len(table.view["slots"][0]) == 3 + 1 - 0 and slot(table, 0, 3).home_rect == before["slot:0.1"]
    assert cells(table, 0) == [0, 2, 3, 1]


def test_a_pique_and_its_gift_keep_both_squares_in_place(app) -> None:
    """Alice piqués Bob's bottom-right card: Bob's others stay put and the gap is where it was; the
    card she gives him fills that gap and leaves hers where it was; undo, a resume and a resize
    keep every place (issue 66)."""
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    state = scene.state
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    run_until(app, lambda: phase(scene) == "end_turn")
    click_at(app, button(scene, "done").rect.center)
    run_until(app, lambda: phase(scene) == "window")  # Bob throws the 4 he drew
    before = rects(scene)
    click_at(app, slot(scene, 1, 1).rect.center)  # Alice piqués Bob's 4: his bottom-right card
    assert state.log[-1] == "0: snap 1.1" and phase(scene) == "give"
    app.step(1 / 60)
    piqued = rects(scene)
    assert [piqued[f"slot:1.{i}"] for i in range(3)] == [before["slot:1.0"], before["slot:1.2"], before["slot:1.3"]]
    assert before["slot:1.1"] not in piqued.values()
    assert cells(scene, 1) == [0, 2, 3]
    click_at(app, slot(scene, 0, 2).rect.center)  # she gives her top-left card to Bob
    assert state.log[-1] == "0: give 2"
    app.step(1 / 60)
    given = rects(scene)
    assert given["slot:1.3"] == before["slot:1.1"]  # the gift fills Bob's gap
    assert [given[f"slot:0.{i}"] for i in range(3)] == [before["slot:0.0"], before["slot:0.1"], before["slot:0.3"]]
    assert (cells(scene, 0), cells(scene, 1)) == ([0, 1, 3], [0, 2, 3, 1])
    assert all(given[f"slot:2.{i}"] == before[f"slot:2.{i}"] for i in range(4))

    scene.undo()
    app.step(1 / 60)
    assert phase(scene) == "give" and rects(scene) == piqued
    click_at(app, slot(scene, 0, 2).rect.center)
    app.step(1 / 60)
    assert rects(scene) == given

    resized(app, (1024, 640))
    assert (cells(app.top, 0), cells(app.top, 1)) == ([0, 1, 3], [0, 2, 3, 1])
    app.start_match(MatchSession.from_json(app.storage.load_session()))
    app.step(1 / 60)
    assert isinstance(app.top, TableScene) and (cells(app.top, 0), cells(app.top, 1)) == ([0, 1, 3], [0, 2, 3, 1])


def test_square_cells_replays_every_move_that_takes_or_brings_a_card() -> None:
    """Drops, quick discards, gives and penalties from the deal; swaps and steals move no cell."""
    log = [
        {"kind": "drop", "seat": 0, "slot": 3},
        {"kind": "steal", "seat": 1, "slot": 0, "target": [0, 0]},
        {"kind": "snap", "seat": 2, "target": [1, 0], "success": True},
        {"kind": "give", "seat": 2, "slot": 1, "to": 1},
        {"kind": "penalty", "seat": 0},
        {"kind": "penalty", "seat": 0},
        {"kind": "snap", "seat": 0, "target": [0, 4], "success": True},
    ]
    assert square_cells(log, [4, 4, 3]) == ([[0, 1, 2, 3], [1, 2, 3, 0], [0, 2, 3]], [5, 4, 4])


def test_square_cells_shrugs_off_a_hostile_log() -> None:
    """A view from a hostile host (wrong types, out-of-range seats and slots, a flood of penalties)
    neither raises nor leaves a card outside its square: a seat that does not add up falls back to
    one cell per slot."""
    junk: list[Any] = [None, 7, "drop", {"kind": "drop", "seat": True, "slot": 0}, {"kind": "drop", "seat": 9, "slot": 0},
                       {"kind": "snap", "seat": 0, "target": "0.1", "success": True},
                       {"kind": "snap", "seat": 0, "target": [0, 99], "success": True},
                       {"kind": "give", "seat": 0, "slot": -1, "to": [1]}, {"kind": "drop", "seat": 1, "slot": 1.5}]
    assert square_cells(junk, [4, 4]) == ([[0, 1, 2, 3], [0, 1, 2, 3]], [4, 4])
    flood = [{"kind": "penalty", "seat": 0}] * 100_000
    cells, counts = square_cells(flood, [3, 4])
    assert cells == [[0, 1, 2], [0, 1, 2, 3]] and counts == [4, 4]
    assert square_cells("not a log", [2]) == ([[0, 1]], [4])  # type: ignore[arg-type]


def test_the_rings_and_the_grace_bars_nodes_carry_their_clocks(app) -> None:
    """The window's ring and the grace bar under Done say, on their own nodes, the seconds left of
    their length (a browser's page runs them down between two pictures by that alone); the bar's
    whole width is Done's, less its margins."""
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)
    ring = next(n for n in scene.picture() if n.ident == "window_ring")
    left, length = scene.driver.window_clock()
    assert ring.countdown is not None and ring.countdown.shape == "ring"
    assert ring.countdown.length == length == 3.0 and 0 <= ring.countdown.left <= length
    run_until(app, lambda: phase(scene) == "end_turn")
    app.step(10.0)
    grace = next(n for n in scene.picture() if n.ident == "grace")
    clock = grace.countdown
    assert clock is not None and clock.shape == "bar" and clock.length == 60.0 and 0 < clock.left < 60.0
    assert clock.full == button(scene, "done").rect.w - 12 and grace.rect[2] == round(clock.full * clock.left / 60.0)
