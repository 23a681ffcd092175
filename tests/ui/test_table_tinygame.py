"""A game that exists only in the tests plays a whole hand at the table, a human against a bot,
through real clicks: the table, the referee and the adapter mechanism are generic."""

from __future__ import annotations

from tests.ui.table_helpers import button, click_at, run_until, start, top_of, visible_point
from ui.session import MatchSession, SeatInfo


def test_a_whole_hand_of_a_test_only_game_with_the_mouse(app, huit) -> None:
    state = huit.new_match(["Ann", "Bot"], huit.Options(first_dealer=1, target=200), seed=4)
    scene = start(app, MatchSession(state, [SeatInfo("Ann"), SeatInfo("Bot", "normal")]))
    clicks = 0
    for _ in range(200):
        if state.history:
            break
        run_until(app, lambda: bool(state.history) or state.to_move() == [0])
        if state.history:
            break
        before = len(state.log)
        legal = state.legal_moves(0)
        plays = [m for m in legal if m.name == "play"]
        if plays:
            card = next(s for s in scene.sprites if s.zone == "hand:0" and s.card == plays[0].args[0])
            click_at(app, visible_point(card))
        elif any(m.name == "draw" for m in legal):
            click_at(app, top_of(scene, "stock").rect.center)
        else:
            click_at(app, button(scene, "pass").rect.center)
        clicks += 1
        assert len(state.log) > before and state.log[before].startswith("0: "), "the click played no move"
    assert state.history, "the hand did not end"
    assert clicks >= 2 and any(m.startswith("1: ") for m in state.log)
    run_until(app, lambda: any(b.key == "next" for b in scene.buttons))
    click_at(app, button(scene, "next").rect.center)
    assert state.log[-1] in ("0: next", "1: next") and state.view(0)["phase"] == "play"
