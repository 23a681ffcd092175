"""One voice of advice (``game.core.advice``): one analysis per position, seeded by nothing the seat
cannot see, so a hint and the review never disagree and neither tells anything of hidden cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import GAMES, Move
from game.core.advice import CLOSE, OTHER, SAME, SAMPLES, Analysis, analyse, judged_moves, position_seed
from game.core.rng import Rng
from game.core.state import GameState

GAMES_AND_PLAYERS = [("gin_rummy", 2), ("lagagne", 3), ("gang_de_mouettes", 3)]


def positions(game_id: str, players: int, seed: int, count: int) -> list[tuple[GameState, int]]:
    """``count`` positions of a match played at random, each with the seat to choose (several moves)."""
    state = GAMES[game_id].new_match(players, seed=seed)
    rnd = random.Random(seed)
    out: list[tuple[GameState, int]] = []
    for _ in range(400):
        if state.is_over() or len(out) >= count:
            break
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        if len(legal) > 1 and rnd.random() < 0.4:
            out.append((state.clone(), seat))
        state.apply(rnd.choice(legal))
    assert len(out) >= count // 2, "too few positions with a choice"
    return out


@pytest.mark.parametrize(("game_id", "players"), GAMES_AND_PLAYERS)
def test_two_states_differing_only_in_hidden_cards_get_the_same_seed_and_the_same_analysis(
        game_id: str, players: int) -> None:
    """The seed is a function of the seat's view (and the secret) only: hidden cards dealt otherwise
    change neither it nor the advice."""
    differed = 0
    for n, (state, seat) in enumerate(positions(game_id, players, seed=7, count=6)):
        twin = state.redeal_hidden(seat, Rng(100 + n))
        differed += twin.card_zones() != state.card_zones()
        assert twin.view(seat) == state.view(seat)
        legal, twin_legal = state.legal_moves(seat), twin.legal_moves(seat)
        assert position_seed(77, state.view(seat), legal) == position_seed(77, twin.view(seat), twin_legal)
        a = analyse(game_id, 77, state.view(seat), legal)
        b = analyse(game_id, 77, twin.view(seat), twin_legal)
        assert a.picks == b.picks and a.seed == b.seed
    assert differed >= 2, "the redeals changed too few hidden cards to prove anything"


def test_the_seed_ignores_the_deals_commitments_and_depends_on_the_secret() -> None:
    """The deals' fingerprints and the match seed (commitments to the hidden cards) never reach the
    seed; the per-match secret does, so a player cannot compute the analysis ahead."""
    state, seat = positions("gin_rummy", 2, seed=3, count=2)[0]
    view: dict[str, Any] = state.view(seat)
    legal = state.legal_moves(seat)
    other = dict(view, deals=[dict(d, fingerprint="ffff ffff", seed=12345) for d in view["deals"]], match_seed=99)
    assert position_seed(5, view, legal) == position_seed(5, other, legal)
    assert position_seed(5, view, legal) != position_seed(6, view, legal)
    assert position_seed(5, view, legal) != position_seed(5, view, legal[:-1])


@pytest.mark.parametrize(("game_id", "players"), GAMES_AND_PLAYERS)
def test_the_seed_and_the_analysis_ignore_the_players_names(game_id: str, players: int) -> None:
    """A default name is in the player's language: the same position got a different hint in
    English, French and Spanish before the names were left out of the seed."""
    for state, seat in positions(game_id, players, seed=5, count=3):
        view: dict[str, Any] = state.view(seat)
        renamed = dict(view, names=[f"Joueur {n + 1}" for n in range(len(view["names"]))])
        legal = state.legal_moves(seat)
        assert position_seed(9, view, legal) == position_seed(9, renamed, legal)
        assert analyse(game_id, 9, view, legal).picks == analyse(game_id, 9, renamed, legal).picks


@pytest.mark.parametrize(("game_id", "players"), GAMES_AND_PLAYERS)
def test_an_analysis_asked_twice_at_one_position_is_the_same(game_id: str, players: int) -> None:
    for state, seat in positions(game_id, players, seed=11, count=4):
        first = analyse(game_id, 1234, state.view(seat), state.legal_moves(seat))
        again = analyse(game_id, 1234, state.clone().view(seat), state.legal_moves(seat))
        assert first.picks == again.picks and first.move == again.move and len(first.picks) == SAMPLES
        assert first.move in state.legal_moves(seat)


def test_a_close_call_is_said_so_and_never_called_a_mistake() -> None:
    a, b, c = Move("discard 8s", 0), Move("discard 9h", 0), Move("discard Kc", 0)
    split = Analysis(0, 1, (a, b, a))
    assert split.move == a and split.close and split.alternative() == b
    assert split.verdict(a) == SAME and split.verdict(b) == CLOSE and split.verdict(c) == OTHER
    sure = Analysis(0, 1, (a, a, a))
    assert not sure.close and sure.alternative() is None and sure.verdict(b) == OTHER


def test_the_review_judges_a_hinted_move_by_the_hint_kept_with_it() -> None:
    """Where a hint was asked, its analysis is the one the review uses, even if asking afresh would
    answer otherwise; a kept analysis from another position is not used."""
    state, seat = positions("gin_rummy", 2, seed=5, count=3)[0]
    at = len(state.log)
    legal = state.legal_moves(seat)
    fresh = analyse("gin_rummy", 9, state.view(seat), legal)
    other = next(m for m in legal if m.action != fresh.move.action)
    final = state.clone()
    final.apply(other)
    kept = Analysis(seat, fresh.seed, (other, other, other))
    low = at
    verdicts = {i: (v, a) for i, v, a, _ in judged_moves(final, low, at + 1, seat, 9, {at: kept})}
    assert verdicts[at][0] == SAME and verdicts[at][1] is kept
    stale = Analysis(seat, fresh.seed ^ 1, (other, other, other))
    verdicts = {i: (v, a) for i, v, a, _ in judged_moves(final, low, at + 1, seat, 9, {at: stale})}
    assert verdicts[at][1].picks == fresh.picks


@pytest.mark.parametrize("damaged", [
    None, [], {"seat": 0, "seed": 1}, {"seat": "0", "seed": 1, "picks": ["0: draw"]},
    {"seat": 5, "seed": 1, "picks": ["0: draw"]}, {"seat": 0, "seed": -1, "picks": ["0: draw"]},
    {"seat": 0, "seed": 2 ** 70, "picks": ["0: draw"]}, {"seat": 0, "seed": 1.5, "picks": ["0: draw"]},
    {"seat": 0, "seed": 1, "picks": []}, {"seat": 0, "seed": 1, "picks": ["0: draw"] * 4},
    {"seat": 0, "seed": 1, "picks": ["0: fly to the moon"]}, {"seat": 0, "seed": 1, "picks": [7]},
    {"seat": 0, "seed": 1, "picks": ["x" * 10_000]}, {"seat": True, "seed": 1, "picks": ["0: draw"]},
])
def test_a_damaged_kept_analysis_is_refused(damaged: Any) -> None:
    with pytest.raises(ValueError):
        Analysis.from_json(damaged, GAMES["gin_rummy"], 2)


def test_a_kept_analysis_reads_back() -> None:
    kept = Analysis(1, 42, (Move("discard 8s", 1), Move("discard 9h", 1), Move("discard 8s", 1)))
    back = Analysis.from_json(kept.to_json(), GAMES["gin_rummy"], 2)
    assert back.picks == kept.picks and back.seat == 1 and back.seed == 42
