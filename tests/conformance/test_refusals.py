"""Refusals name the real reason, in every game (the issue's Gang de mouettes reproductions were
"There is no such card on the table." for `done`, `call`, `close`, `keep` and "It is not Player 3's
turn." for a second quick discard).

Random play-outs; at each position every move the game has ever offered that is illegal now is
tried, for a seat to move and for a seat not to move, and the refusal must fit the move:

- a seat that is not to move hears that it is not *its* turn, by its own name (or, in a
  quick-discard window, that it already had its try);
- a seat that is to move never hears that it is not its turn;
- a move that names no card, slot or target is never refused for a card, slot or target;
- every refusal is a sentence with a translation key, and the state does not change.
"""

from __future__ import annotations

import random

import pytest

from game import GAMES, IllegalMove, Move
from ui.i18n import Translator

TABLES = [("gin_rummy", 2), ("gang_de_mouettes", 3), ("gang_de_mouettes", 5), ("lagagne", 2), ("lagagne", 4)]
ABOUT_CARDS = ({"card"}, {"slot"}, {"such"}, {"target"}, {"victim"}, {"column"})
"""Words of the keys that refuse a move for what it names (a card, a slot, a target). A move without
arguments may still be refused because its own card is not in hand (LaGagne's ``recup``)."""


def about_cards(key: str) -> bool:
    words = set(key.replace(".", "_").split("_"))
    return any(group <= words for group in ABOUT_CARDS)


def refusal(state, move: Move) -> IllegalMove:
    before = state.to_json()
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert state.to_json() == before
    return caught.value


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=[f"{g}-{n}p" for g, n in TABLES])
def test_every_refusal_names_the_real_reason(game_id: str, players: int) -> None:
    desc = GAMES[game_id]
    tr = {lang: Translator(lang) for lang in ("en", "fr")}
    rnd = random.Random(players)
    seen: dict[str, set[str]] = {}
    checked = 0
    for seed in range(3):
        state = desc.new_match(players, seed=seed)
        for _ in range(400):
            if state.is_over():
                break
            movers = state.to_move()
            legal = {seat: {m.action for m in state.legal_moves(seat)} for seat in movers}
            for seat in range(players):
                for action in sorted({a for actions in seen.values() for a in actions}):
                    if seat in legal and action in legal[seat]:
                        continue
                    move = desc.parse_move(f"{seat}: {action}")
                    exc = refusal(state, move)
                    checked += 1
                    assert exc.key, f"{move}: {exc} has no translation key"
                    for lang in tr.values():
                        assert lang.has(f"illegal.{exc.key}") or lang.has(exc.key), (exc.key, str(exc))
                    if seat not in movers:  # not its turn, or (a quick discard) it already had its try
                        assert exc.key.endswith("already_tried") or (
                            exc.key == "not_your_turn" and exc.params["name"] == state.names[seat]), (move, exc)
                        continue
                    assert exc.key != "not_your_turn", (move, exc)
                    if not move.args:
                        assert not about_cards(exc.key), (move, exc.key, str(exc))
            for seat in movers:
                for m in state.legal_moves(seat):
                    seen.setdefault(m.name, set()).add(m.action)
            seat = rnd.choice(movers)
            state.apply(rnd.choice(state.legal_moves(seat)))
    assert checked > 100
