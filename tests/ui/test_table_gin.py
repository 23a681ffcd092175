"""A full Gin Rummy hand at the table, played with the mouse against a bot, through knock and scoring."""

from __future__ import annotations

import pygame

from tests.patience import PATIENCE
from tests.ui.table_helpers import (
    button,
    click_at,
    discard_centre,
    drag,
    hand_centre,
    knock,
    run_until,
    stacked_session,
    start,
    top_of,
    visible_point,
)
from ui.session import SeatInfo
from ui.table.scores import ScoreSheetScene


def test_mouse_hand_through_knock_and_scoring(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    assert scene.viewer == 0 and state.view(0)["phase"] == "upcard"
    assert {b.key for b in scene.buttons} >= {"take", "pass"}

    click_at(app, button(scene, "pass").rect.center)          # decline the Qd upcard
    run_until(app, lambda: state.to_move() == [0] and state.view(0)["phase"] == "draw")

    stock = top_of(scene, "stock")
    drag(app, stock.rect.center, hand_centre(scene))          # draw the 5d by dragging the stock
    assert "5d" in state.view(0)["hand"] and state.view(0)["phase"] == "discard"

    king = next(s for s in scene.sprites if s.card == "Kh")
    # while dragging, the discard pile lights up as a legal target
    drag(app, visible_point(king), top_of(scene, "discard").rect.center)
    assert state.view(0)["discard_top"] == "Kh"
    assert any("You discard the King of hearts" in line for line in scene.log.lines)

    run_until(app, lambda: state.to_move() == [0] and state.view(0)["phase"] == "draw")
    drag(app, top_of(scene, "stock").rect.center, hand_centre(scene))
    assert any(m.name == "knock" for m in scene.legal)
    assert "deadwood" in button(scene, "knock").label
    knock(app, scene)

    view = state.view(0)
    assert view["phase"] in ("hand_over", "match_over")
    assert view["result"]["knocker"] == 0 and view["result"]["kind"] == "knock"
    # the hands are spread: Alice's melds and Bob's melds/deadwood are on the table, face up
    assert any(s.zone.startswith("meld:0:") and s.shows_face for s in scene.sprites)
    title, lines, conclusion = scene.adapter.score_lines(view)
    assert title == "You knock" and "You score" in conclusion   # Alice is the only person at the table
    assert any(label == "Difference" for label, _ in lines)

    click_at(app, button(scene, "sheet").rect.center)
    assert isinstance(app.top, ScoreSheetScene)
    rows = app.top.rows()
    assert rows[-1][1] == [str(x) for x in state.scores]
    labels = {label: cells for label, cells, _style in rows}
    assert labels["Game bonus"] == ["+100", ""]
    assert labels["Shutout: doubled"] == ["×2", ""]                 # Bob won no hand of the game
    assert labels["Box bonus (25 per hand won)"] == ["+25", ""]
    assert state.is_over()   # one game to 25 points: the knock won the match
    assert app.storage.load_session() is None
    assert app.storage.stats()


def test_illegal_drop_springs_back_with_the_reason(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    drag(app, top_of(scene, "discard").rect.center, hand_centre(scene))     # take the Qd upcard
    assert state.view(0)["just_taken"] == "Qd"
    queen = next(s for s in scene.sprites if s.card == "Qd")
    home = queen.target
    drag(app, visible_point(queen), discard_centre(scene))
    assert state.view(0)["phase"] == "discard" and "Qd" in state.view(0)["hand"]
    assert scene.message == "You cannot discard the card you just took from the discard pile."
    app.step(1 / 60)
    assert queen.zone == "hand:0" and (queen.x, queen.y) == home


def test_next_hand_is_dealt_after_the_score_card(app) -> None:
    from game.gin_rummy import GinOptions

    options = GinOptions(first_dealer=1)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")], options))
    state = scene.state
    drag(app, top_of(scene, "discard").rect.center, hand_centre(scene))     # take the Qd upcard
    knock(app, scene)                                                       # knock, discarding the Kh
    assert state.view(0)["phase"] == "hand_over"
    assert app.storage.load_session() is not None
    click_at(app, button(scene, "next").rect.center)
    view = state.view(0)
    assert view["phase"] == "upcard" and view["hand_number"] == 2
    assert len(scene.sprites) == 52
    assert sorted(s.card for s in scene.sprites if s.zone == "hand:0") == sorted(view["hand"])
    assert all(s.card is None for s in scene.sprites if s.zone == "hand:1")


def test_animations_follow_events_and_input_fast_forwards(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.settings.animation_speed = "normal"
    app.settings.bot_delay = 5.0
    click_at(app, button(scene, "take").rect.center)
    taken = next(s for s in scene.sprites if s.card == "Qd")
    assert taken.zone == "hand:0" and taken.moving          # the upcard slides into the hand
    app.step(1 / 60)
    assert taken.moving
    key_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    pygame.event.post(key_down)
    app.step(1 / 60)
    assert not scene.animating                             # a new input never waits for an animation
    assert (taken.x, taken.y) == taken.target


def test_knock_discards_the_chosen_card_with_the_automatic_arrangement(app) -> None:
    from tests.ui.table_helpers import BOB, sprite_of

    alice = ["3s", "3h", "3d", "3c", "As", "2s", "Ah", "2h", "Ad", "Kc"]
    deck = [c for pair in zip(alice, BOB) for c in pair] + ["5s"]
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")], deck=deck))
    state = scene.state
    drag(app, top_of(scene, "discard").rect.center, hand_centre(scene))     # take the 5s upcard
    click_at(app, visible_point(sprite_of(scene, "Kc")))                     # choose the Kc to discard
    assert scene.selected == "Kc"
    label = button(scene, "knock").label
    assert "King of clubs" in label and "deadwood 9" in label
    auto = scene.view["knocks"][0]["arrangements"][0]["melds"]
    knock(app, scene)
    result = state.view(0)["result"]
    assert result["knocker"] == 0 and result["discard"] == "Kc" and state.log[-1] == "0: knock Kc"
    assert sorted(map(sorted, result["melds"][0])) == sorted(map(sorted, auto))


def test_click_and_double_click_shortcuts(app) -> None:
    from tests.ui.table_helpers import sprite_of

    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    click_at(app, top_of(scene, "discard").rect.center)          # a click on the upcard takes it
    assert state.log == ["0: take"]
    king = sprite_of(scene, "Kh")
    click_at(app, visible_point(king))
    assert scene.selected == "Kh" and state.log == ["0: take"]    # one click only chooses the card
    click_at(app, visible_point(king))
    assert state.log[-1] == "0: discard Kh"                       # the double-click discards it


def test_a_double_click_is_timed_on_the_app_clock_not_the_machine(app) -> None:
    """Two clicks on a card half a second apart are two single clicks, however fast the frames ran
    (the monkey test relies on it to replay the same run from its seed)."""
    from tests.ui.table_helpers import sprite_of

    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    click_at(app, top_of(scene, "discard").rect.center)          # take the upcard
    king = sprite_of(scene, "Kh")
    click_at(app, visible_point(king))
    for _ in range(30):
        app.step(1 / 60)
    click_at(app, visible_point(king))
    assert state.log == ["0: take"] and scene.selected is None     # chosen, then let go: no discard


def test_the_frame_that_ends_a_match_never_waits_on_the_disk(app, monkeypatch) -> None:
    """Counting the match, keeping its file and forgetting its autosave happen on the writer's
    thread: with the disk stuck, the knock that ends the match still returns, and all three are
    done once the disk answers."""
    import threading

    import ui.storage as storage_module

    gate = threading.Event()
    writes: list[str] = []
    for name in ("atomic_write_text", "atomic_write_json"):
        real = getattr(storage_module, name)

        def stuck(path, data, real=real):
            writes.append(path.name)
            gate.wait(PATIENCE)
            real(path, data)

        monkeypatch.setattr(storage_module, name, stuck)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    click_at(app, button(scene, "pass").rect.center)
    run_until(app, lambda: state.to_move() == [0] and state.view(0)["phase"] == "draw")
    drag(app, top_of(scene, "stock").rect.center, hand_centre(scene))
    drag(app, visible_point(next(s for s in scene.sprites if s.card == "Kh")), top_of(scene, "discard").rect.center)
    run_until(app, lambda: state.to_move() == [0] and state.view(0)["phase"] == "draw")
    drag(app, top_of(scene, "stock").rect.center, hand_centre(scene))
    knock(app, scene)                                          # the disk is stuck, the table is not
    assert state.is_over() and not gate.is_set()
    assert not app.storage.matches_dir.exists() or not any(app.storage.matches_dir.iterdir())
    gate.set()
    assert app.storage.stats()["gin_rummy"]["levels"]["easy"]["played"] == 1
    assert len(app.storage.match_files()) == 1
    assert app.storage.load_session() is None


def test_a_card_dragged_along_the_hand_stays_where_it_is_let_go(app) -> None:
    """Whatever the animation speed (these tests play at "instant", where a card let go is home at
    once): the hand's new order follows where the card was dropped, and the sort buttons order it
    again."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))

    def order() -> list[str]:
        return [s.card for s in sorted(scene.adapter._own_sprites(), key=lambda s: s.target[0])]

    before = order()
    cards = sorted(scene.adapter._own_sprites(), key=lambda s: s.target[0])
    drag(app, visible_point(cards[0]), (cards[4].rect.centerx + 6, cards[4].rect.centery))
    run_until(app, lambda: not scene.animating)
    assert order() == before[1:5] + before[:1] + before[5:]
    click_at(app, button(scene, "sort_rank").rect.center)
    run_until(app, lambda: not scene.animating)
    assert [c[0] for c in order()] == ["A", "2", "3", "7", "7", "7", "9", "T", "J", "K"]


def test_a_card_played_from_under_the_pointer_does_not_stay_raised_on_the_pile(app) -> None:
    """A card rises under the pointer while it may be picked up; once a double-click has played it
    onto the discard pile it is no longer the player's to pick up, so it settles there even though
    the pointer has not moved (it stood 14 % of its height above the pile until the mouse moved)."""
    from tests.ui.table_helpers import sprite_of

    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    click_at(app, top_of(scene, "discard").rect.center)          # take the upcard
    king = sprite_of(scene, "Kh")
    click_at(app, visible_point(king))
    assert king.lift_goal == 1.0                                  # raised under the pointer
    click_at(app, visible_point(king))                            # the double-click discards it
    assert scene.state.log[-1] == "0: discard Kh" and king.zone == "discard"
    for _ in range(20):
        app.step(1 / 60)
    assert king.lift_goal == 0.0 and king.lift == 0.0
