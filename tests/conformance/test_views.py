"""The shared view vocabulary and the resampling of hidden cards, checked for every game.

Every view, of every seat and of a spectator, carries the ``CoreView`` keys with their types and
meanings; events of the shared kinds mean the same in every game; and ``determinise`` builds, from a
seat's view alone, a whole state whose view of that seat is the same view, with the hidden cards
dealt otherwise at least sometimes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from game import GAMES
from game.core import GameState, Rng
from game.core.views import CORE_KEYS, HAND_END, MATCH_END, ROUND_END, end_of_deal_kind
from tests.conformance.test_contract import CASES, IDS, card_count, pick, quick_match

pytestmark = pytest.mark.usefixtures("huit_registered")


def check_core_view(state: GameState, seat: int | None, view: dict[str, Any]) -> None:
    missing = CORE_KEYS - set(view)
    assert not missing, f"{state.GAME_ID} view lacks the shared keys {sorted(missing)}"
    assert view["game"] == state.GAME_ID and view["seat"] == seat
    assert view["players"] == state.players and view["names"] == state.names
    assert view["scores"] == list(state.scores)
    assert view["to_move"] == state.to_move()
    assert view["over"] is state.is_over()
    assert view["winners"] == (state.winners() if state.is_over() else [])
    assert isinstance(view["phase"], str) and view["phase"]
    active = view["active"]
    assert active is None or (isinstance(active, int) and 0 <= active < state.players)
    if state.is_over():
        assert active is None, "nobody's turn once the match is over"
    assert isinstance(view["pile_size"], int) and view["pile_size"] >= 0
    assert isinstance(view["discard"], list) and all(isinstance(c, str) for c in view["discard"])
    assert isinstance(view["log"], list) and all(isinstance(m, str) for m in view["log"])
    assert len(view["log"]) == len(state.log)
    zones = state.card_zones()
    assert view["discard"] == zones.get("discard", []), "view['discard'] is the discard pile, bottom to top"
    assert view["pile_size"] == len(zones.get("stock", [])), "view['pile_size'] counts the draw pile"


def check_determinise(state: GameState, seat: int, rnd: random.Random) -> bool:
    """``determinise`` gives back the same view; returns whether the hidden cards differed."""
    view = state.view(seat)
    sampled = type(state).determinise(view, Rng(rnd.randrange(2**32)))
    assert card_count(sampled) == card_count(state), "determinise created or lost a card"
    assert sampled.view(seat) == view, f"determinise changed seat {seat}'s view"
    assert sampled.to_move() == state.to_move()
    if seat in state.to_move():
        assert sampled.legal_moves(seat) == state.legal_moves(seat)
    return sampled.card_zones() != state.card_zones()


@pytest.mark.parametrize(("game_id", "players", "variant"), CASES, ids=IDS)
def test_views_share_one_vocabulary_and_determinise(game_id: str, players: int, variant: str) -> None:
    desc = GAMES[game_id]
    deal_end = end_of_deal_kind(desc.units[0])
    differed = False
    for seed in range(4):
        state = quick_match(game_id, players, seed, variant)
        rnd = random.Random(seed)
        bots = {s: desc.make_bot("easy", seed + s) for s in range(players)}
        kinds: Counter[str] = Counter()
        for step in range(3000):
            if step % 5 == 0:
                for seat in [None, *range(players)]:
                    check_core_view(state, seat, state.view(seat))
            if step % 9 == 0 and not state.is_over():
                differed |= check_determinise(state, rnd.randrange(players), rnd)
            if state.is_over():
                break
            events = state.apply(pick(state, rnd, bots))
            kinds.update(e.kind for e in events)
            for e in events:
                if e.kind == deal_end:
                    assert len(e.info["points"]) == players
                if e.kind == MATCH_END:
                    assert sorted(e.info["winners"]) == sorted(state.winners())
        assert state.is_over()
        for seat in [None, *range(players)]:
            check_core_view(state, seat, state.view(seat))
        other_end = ROUND_END if deal_end == HAND_END else HAND_END
        if desc.units[0] in ("hand", "round"):
            assert kinds[deal_end] >= 1, f"{game_id} ends its {desc.units[0]}s with {deal_end}"
        assert kinds[other_end] == 0
        assert kinds[MATCH_END] == 1
    assert differed, "determinise never dealt a hidden card otherwise: the test proved nothing"
