"""LaGagne bots choose legal moves from views only, with the judgement each level promises."""

from __future__ import annotations

import itertools
import json

from lagagne_helpers import build_position as build

from game import GAMES
from game.core import Move, Rng
from game.lagagne import Options
from game.lagagne import bots as lagagne_bots
from game.lagagne.bots import HardBot, make_bot
from game.lagagne.state import LaGagneState

FILL = ["P5d", "P5d", "P5d", "P10d", "P10d"]


def choose(level: str, state, seat: int, seed: int = 1) -> str:  # type: ignore[no-untyped-def]
    move = make_bot(level, seed).choose(state.view(seat), state.legal_moves(seat))
    assert move in state.legal_moves(seat)
    return move.action


def test_a_quick_three_level_game_finishes_with_legal_moves() -> None:
    desc = GAMES["lagagne"]
    state = desc.new_match(3, Options(target=60), seed=11)
    bots = {0: make_bot("easy", 1), 1: make_bot("normal", 2), 2: HardBot(3, budget=200)}
    while not state.is_over():
        seat = state.to_move()[0]
        view = json.loads(json.dumps(state.view(seat)))
        state.apply(bots[seat].choose(view, state.legal_moves(seat)))
    assert state.winners() and len(state.history) == 1


def test_easy_plays_the_first_playable_card() -> None:
    state = build([["Z", "P5h", "Sh", "Z", "Z"], FILL])
    assert choose("easy", state, 0) == "play Sh"


def test_normal_opens_lays_big_and_doubles_big() -> None:
    state = build([["P5h", "Z", "Sh", "P50s", "Z"], FILL])
    assert choose("normal", state, 0) == "play Sh"
    state = build([["P5h", "P20h", "P50s", "Z", "Z"], FILL], columns={0: {"h": {}, "s": {}}})
    assert choose("normal", state, 0) == "play P50s"
    cols = {0: {"h": {"points": ["P50h", "P20h"]}, "s": {"points": ["P5s"]}}}
    state = build([["X2", "Z", "P5c", "Z", "Z"], FILL], columns=cols)
    assert choose("normal", state, 0) == "play X2 h"


def test_normal_discards_a_dead_card_and_keeps_useful_ones() -> None:
    state = build([["Sh", "P5c", "Z", "Voler", "Ss"], FILL], columns={0: {"h": {}, "s": {}}})
    assert choose("normal", state, 0) in ("discard Z", "discard Sh", "discard Ss")


def test_normal_takes_its_mulligan_when_it_cannot_start() -> None:
    state = build([["P5h", "P10c", "Z", "Z", "X2"], FILL])
    assert choose("normal", state, 0) == "mulligan"
    state = build([["P5h", "P10c", "Z", "Sh", "X2"], FILL])
    assert choose("normal", state, 0) == "play Sh"


def test_normal_keeps_a_stuck_hand_that_holds_a_voler() -> None:
    """Nothing to steal yet, but the first column an opponent opens gives the Voler a symbol."""
    state = build([["P5h", "P10c", "Z", "Voler", "X2"], FILL])
    assert choose("normal", state, 0) != "mulligan"


def test_normal_keeps_its_voler_for_more_than_a_bare_symbol() -> None:
    """A steal spends the Voler, so a small one loses to laying a card and keeping it."""
    cols = {0: {"h": {"points": ["P10h"]}}, 1: {"s": {}}}
    state = build([["Voler", "P10h", "Z", "Z", "Z"], FILL], columns=cols)
    assert choose("normal", state, 0) == "play P10h"


def test_normal_reads_the_weights_of_its_table_size(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Two players and three or more have their own weights: one set changed, the other table's
    choices stay as they were."""
    cols = {0: {"h": {"points": ["P10h"]}}, 1: {"s": {}}}
    hand = ["Voler", "P10h", "Z", "Z", "Z"]
    two = build([hand, FILL], columns=cols)
    three = build([hand, FILL, ["P5c", "P5c", "P5c", "P5c", "P10c"]], columns=cols)
    assert choose("normal", two, 0) == choose("normal", three, 0) == "play P10h"
    monkeypatch.setattr(lagagne_bots, "W_MANY", dict(lagagne_bots.W_MANY, steal_cost=-100.0))
    assert choose("normal", two, 0) == "play P10h"
    assert choose("normal", three, 0) == "steal 1:Ss"
    monkeypatch.setattr(lagagne_bots, "W_TWO", dict(lagagne_bots.W_TWO, steal_cost=-100.0))
    assert choose("normal", two, 0) == "steal 1:Ss"


def test_normal_steals_from_the_leader() -> None:
    cols = {0: {"h": {}}, 1: {"h": {"points": ["P10h"]}}, 2: {"h": {"points": ["P50h", "P10h"]}}}
    state = build([["Voler", "Z", "Z", "Z", "Z"], FILL, ["P5c", "P5c", "P5c", "P5c", "P10c"]], columns=cols)
    assert choose("normal", state, 0) == "steal 2:P50h"


def test_hard_wins_outright_in_the_last_round() -> None:
    options = Options(first_dealer=1, target=60)
    cols = {0: {"h": {"points": ["P50h", "P10h"]}}, 1: {"h": {}, "s": {"points": ["P50s"]}}}
    state = build([["Z"] * 5, ["P10s", "Voler", "P5d", "P5d", "P5d"]], columns=cols, options=options)
    state.apply("0: discard Z")
    assert state.view(1)["last_round"] is not None
    for seed in range(3):
        assert choose("hard", state, 1, seed) in ("steal 0:P50h", "steal 0:P10h")


def test_hard_takes_the_win_from_a_player_at_the_target() -> None:
    options = Options(first_dealer=1, target=60)
    cols = {0: {"c": {"points": ["P20c", "P20c"], "x2": True}}, 1: {"d": {"points": ["P50d", "P5d"]}}}
    state = build([["Z"] * 5, ["Voler", "P5c", "P10d", "P5s", "P5s"]], columns=cols, options=options)
    state.apply("0: discard Z")
    assert state.scores == [80, 55]
    assert choose("hard", state, 1) == "steal 0:X2 d"


def test_determinised_worlds_match_the_view() -> None:
    state = build([["Echange", "Z", "P5h", "Z", "Z"], FILL, ["Sh", "Sh", "Ss", "P5c", "P5c"]],
                  columns={1: {"d": {"points": ["P10d"]}}}, discard=["P20s"])
    state.apply("0: exchange 2")
    for seat in range(3):
        view = state.view(seat)
        world = LaGagneState.determinise(view, Rng(seat))
        assert world.view(seat) == view
        assert sorted(c for z in world.card_zones().values() for c in z) == sorted(
            c for z in state.card_zones().values() for c in z)
        assert state.redeal_hidden(seat, Rng(7)).view(seat) == view


def test_bots_are_deterministic_from_their_seed() -> None:
    state = GAMES["lagagne"].new_match(3, seed=21)
    for _ in range(12):
        seat = state.to_move()[0]
        view, legal = state.view(seat), state.legal_moves(seat)
        for level in ("normal", "hard"):
            assert make_bot(level, 4).choose(view, legal) == make_bot(level, 4).choose(view, legal)
        state.apply(make_bot("normal", seat).choose(view, legal))


def test_bots_choose_alike_when_only_hidden_cards_differ() -> None:
    """Two games that differ only in cards a seat cannot see give its bots the same choices."""
    desc = GAMES["lagagne"]
    checked = 0
    for seed in range(6):
        state = desc.new_match(3, Options(target=60), seed=seed)
        for _ in range(8 + seed):
            seat = state.to_move()[0]
            state.apply(state.legal_moves(seat)[-1])
        seat = state.to_move()[0]
        twin = state.redeal_hidden(seat, Rng(seed))
        assert twin.view(seat) == state.view(seat)
        if twin.to_json()["state"] != state.to_json()["state"]:
            checked += 1
        for level in ("normal", "hard"):
            assert choose(level, state, seat, seed) == choose(level, twin, seat, seed)
    assert checked >= 3, "the redeals changed too few hidden cards to prove anything"


def _first_position_remembering_candidates(monkeypatch, players: int) -> tuple[dict, list[Move]]:  # type: ignore[no-untyped-def]
    """The view and legal moves of the first seat to move in a seeded match, every state from now
    on remembering the last move applied to it (``tried``: a rollout's candidate, when a patched
    ``_rollout`` reads it)."""
    real_apply = LaGagneState._apply

    def apply(self, move):  # type: ignore[no-untyped-def]
        self.tried = move
        return real_apply(self, move)

    monkeypatch.setattr(LaGagneState, "_apply", apply)
    state = GAMES["lagagne"].new_match(players, seed=21)
    seat = state.to_move()[0]
    return state.view(seat), state.legal_moves(seat)


def test_hard_keeps_normals_choice_unless_its_rollouts_are_surely_better(monkeypatch) -> None:
    """Rollouts that see no difference leave ``normal``'s choice in place (its reason says so); a
    move that comes out clearly better on every guessed world is played instead."""
    import game.lagagne.bots as bots

    view, legal = _first_position_remembering_candidates(monkeypatch, 2)
    assert len(legal) > 2
    monkeypatch.setattr(bots, "_rollout", lambda st, s, depth, *_: 0.0)
    hard = HardBot(seed=5, candidates=len(legal))
    kept = hard.choose(view, legal)
    assert hard.reason is not None and hard.reason[0] == "lagagne.heuristic"
    better = next(m for m in legal if m != kept)
    monkeypatch.setattr(bots, "_rollout", lambda st, s, depth, *_: 100.0 if st.tried == better else 0.0)
    hard = HardBot(seed=5, candidates=len(legal))
    assert hard.choose(view, legal) == better
    assert hard.reason is not None and hard.reason[0] == "lagagne.rollouts"


def test_hard_stops_playing_out_a_candidate_that_is_surely_worse(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A candidate that comes out surely worse than ``normal``'s choice is played out on no more
    guessed deals once it has been looked at; one that is worse only within the noise goes on, and
    the search ends early when ``normal``'s choice is the only one left."""
    import game.lagagne.bots as bots

    view, legal = _first_position_remembering_candidates(monkeypatch, 2)
    assert len(legal) > 2
    monkeypatch.setattr(bots, "_rollout", lambda st, s, depth, *_: 0.0)
    kept = HardBot(seed=5, candidates=len(legal)).choose(view, legal)
    worse, unsure = [m for m in legal if m != kept][:2]
    noise = itertools.cycle([1.0, -1.2])  # a mean of -0.1, far inside its spread
    played: dict[Move, int] = {}

    def rollout(st, s, depth, *_):  # type: ignore[no-untyped-def]
        played[st.tried] = played.get(st.tried, 0) + 1
        return -1.0 if st.tried == worse else next(noise) if st.tried == unsure else 0.0

    monkeypatch.setattr(bots, "_rollout", rollout)
    hard = HardBot(seed=5, candidates=len(legal))
    assert hard.choose(view, legal) == kept
    deals = bots.budget_for(2) // (bots.DEPTH_HEADS_UP * len(legal))
    assert played[worse] == bots.DROP_FROM
    assert played[unsure] == played[kept] == deals
    assert hard.reason is not None and hard.reason[1]["deals"] == deals

    def all_worse(st, s, depth, *_):  # type: ignore[no-untyped-def]
        played[st.tried] = played.get(st.tried, 0) + 1
        return 0.0 if st.tried == kept else -1.0

    played.clear()
    monkeypatch.setattr(bots, "_rollout", all_worse)
    hard = HardBot(seed=5, candidates=len(legal))
    assert hard.choose(view, legal) == kept
    assert played == {m: bots.DROP_FROM for m in legal}
    assert hard.reason is not None and hard.reason[1]["deals"] == bots.DROP_FROM


def test_rollouts_play_a_few_turns_on_as_many_deals_as_the_budget_allows(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At two players each rollout plays the opponent's reply and the bot's next turn, at more a
    table round; the guessed deals are as many as the table size's budget pays for."""
    import game.lagagne.bots as bots

    for players, turns, budget in ((2, bots.DEPTH_HEADS_UP, bots.BUDGET_HEADS_UP), (4, 4, bots.BUDGET),
                                   (6, 6, bots.BUDGET_SMALL)):
        state = GAMES["lagagne"].new_match(players, seed=21)
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        depths: list[int] = []
        monkeypatch.setattr(bots, "_rollout", lambda st, s, depth, *_, seen=depths: seen.append(depth) or 0.0)
        hard = HardBot(seed=5, candidates=6)
        hard.choose(state.view(seat), legal)
        tried = min(6, len(legal))
        deals = max(4, budget // (turns * tried))
        assert tried > 1 and set(depths) == {turns} and len(depths) == deals * tried
        assert hard.reason is not None and hard.reason[1]["turns"] == turns and hard.reason[1]["deals"] == deals


def test_a_smaller_sure_gain_leaves_normals_choice_at_a_bigger_table(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A candidate whose rollouts beat ``normal``'s choice by between 1 and 2 standard errors is
    played at four players (``SURE_AT_TABLE``) but not at two (``SURE``)."""
    import game.lagagne.bots as bots

    for players, played in ((2, False), (4, True)):
        view, legal = _first_position_remembering_candidates(monkeypatch, players)
        monkeypatch.setattr(bots, "_rollout", lambda st, s, depth, *_: 0.0)
        hard = HardBot(seed=5, candidates=len(legal))
        kept = hard.choose(view, legal)
        assert hard.reason is not None
        deals = hard.reason[1]["deals"]
        other = next(m for m in legal if m != kept)
        spread = 0.2 * deals ** 0.5 / 1.5  # a mean gain of 0.2, 1.5 standard errors over nothing
        gains = [0.2 + spread if k % 2 == 0 else 0.2 - spread for k in range(deals)]
        outcomes = iter(gains)  # the other candidate's gain on each guessed deal
        monkeypatch.setattr(bots, "_rollout", lambda st, s, depth, *_, o=other, g=outcomes: next(g) if st.tried == o else 0.0)
        hard = HardBot(seed=5, candidates=len(legal))
        chosen = hard.choose(view, legal)
        assert hard.reason is not None and hard.reason[1]["deals"] == deals
        mean = sum(gains) / deals
        error = (sum((g - mean) ** 2 for g in gains) / (deals - 1)) ** 0.5 / deals ** 0.5
        assert bots.SURE_AT_TABLE < mean / error < bots.SURE
        assert (chosen == other) is played


def test_rollouts_value_a_finished_game_by_its_win_and_an_unfinished_one_by_its_chance() -> None:
    """A rollout that ends the game gives the seat its share of the win (1, a half, 0); one that
    stops before gives the leaf's chance of winning from the position it reached, on the same scale."""
    import game.lagagne.bots as bots
    from game.lagagne import leaf

    for seed in range(6):
        game = GAMES["lagagne"].new_match(2, Options(target=60), seed=seed)
        seat = game.to_move()[0]
        finished = game.clone()
        outcome = bots._rollout(finished, seat, depth=1000)
        assert finished.phase == "over"
        assert outcome == (1.0 / len(finished.won) if seat in finished.won else 0.0)
        early = game.clone()
        outcome = bots._rollout(early, seat, depth=4)
        assert early.phase != "over" and early.turns == game.turns + 4
        assert outcome == leaf.win_chance(early, seat)
