"""Gin Rummy bots: legal, deterministic, view-only, and normal beats a random player."""

from __future__ import annotations

import random

import pytest

from game import GAMES
from game.core import Bot, Move, Rng
from game.gin_rummy import GinOptions

DESC = GAMES["gin_rummy"]


def play_hand(state, players: dict[int, Bot | None], rnd: random.Random) -> None:
    """Play until the current hand ends; a ``None`` player moves at random."""
    start = len(state.history)
    while len(state.history) == start and not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        bot = players[seat]
        move = rnd.choice(legal) if bot is None else bot.choose(state.view(seat), legal)
        assert move in legal
        state.apply(move)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_a_whole_quick_match_legally(level: str) -> None:
    state = DESC.new_match(2, options=DESC.quick_options(), seed=11)
    bots = {0: DESC.make_bot(level, 1), 1: DESC.make_bot("normal", 2)}
    for _ in range(5000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        move = bots[seat].choose(state.view(seat), legal)
        assert move in legal
        state.apply(move)
    assert state.is_over() and state.winners()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_same_choices(level: str) -> None:
    def moves(seed: int) -> list[str]:
        state = DESC.new_match(2, seed=5)
        bots = {0: DESC.make_bot(level, seed), 1: DESC.make_bot(level, seed + 1)}
        out: list[str] = []
        while not state.history:
            seat = state.to_move()[0]
            move = bots[seat].choose(state.view(seat), state.legal_moves(seat))
            out.append(str(move))
            state.apply(move)
        return out

    assert moves(3) == moves(3)


def test_bots_choose_from_the_view_only() -> None:
    """A bot's choice does not change when the cards hidden from it are dealt otherwise."""
    state = DESC.new_match(2, options=GinOptions(first_dealer=1), seed=21)
    rnd = random.Random(4)

    for _ in range(30):
        if state.phase == "hand_over":
            break
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        other = state.redeal_hidden(seat, Rng(rnd.randrange(2**32)))
        for level in ("normal", "hard"):
            a = DESC.make_bot(level, 9).choose(state.view(seat), legal)
            b = DESC.make_bot(level, 9).choose(other.view(seat), other.legal_moves(seat))
            assert a == b
        state.apply(rnd.choice(legal))


def test_normal_beats_a_random_player() -> None:
    totals = {"normal": 0, "random": 0}
    rnd = random.Random(8)
    for deal in range(20):
        for normal_seat in (0, 1):
            state = DESC.new_match(2, options=GinOptions(first_dealer=0), seed=1000 + deal)
            players: dict[int, Bot | None] = {normal_seat: DESC.make_bot("normal", deal), 1 - normal_seat: None}
            play_hand(state, players, rnd)
            points = state.history[-1]["points"]
            totals["normal"] += points[normal_seat]
            totals["random"] += points[1 - normal_seat]
    assert totals["normal"] > 3 * totals["random"]


def test_hard_goes_gin_and_knocks_when_it_should() -> None:
    deck = [c for pair in zip(["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "Ks"],
                              ["Kd", "Qh", "Qd", "Js", "Jc", "8s", "6h", "5d", "2d", "Kc"]) for c in pair]
    state = DESC.new_match(2, options=GinOptions(first_dealer=1), seed=3, deck=deck + ["Th", "9c"])
    for move in ("0: pass", "1: pass", "0: draw"):
        state.apply(move)
    for level in ("easy", "normal", "hard"):
        choice = DESC.make_bot(level, 1).choose(state.view(0), state.legal_moves(0))
        assert choice == Move("gin Ks", 0)


def test_bots_choose_alike_when_only_hidden_cards_differ() -> None:
    """Two hands that differ only in cards a seat cannot see give its bots the same choices."""
    desc = GAMES["gin_rummy"]
    differed = 0
    for seed in range(8):
        state = desc.new_match(2, seed=seed)
        rnd = random.Random(seed)
        for _ in range(6 + seed):
            seat = state.to_move()[0]
            state.apply(rnd.choice(state.legal_moves(seat)))
        if state.phase not in ("draw", "discard", "upcard"):
            continue
        seat = state.to_move()[0]
        twin = state.redeal_hidden(seat, Rng(seed))
        assert twin.view(seat) == state.view(seat)
        differed += twin.to_json()["state"] != state.to_json()["state"]
        for level in ("normal", "hard"):
            a = desc.make_bot(level, 3).choose(state.view(seat), state.legal_moves(seat))
            b = desc.make_bot(level, 3).choose(twin.view(seat), twin.legal_moves(seat))
            assert a == b
    assert differed >= 4, "the redeals changed too few hidden cards to prove anything"


def points_of(card: str) -> int:
    """A card's deadwood value."""
    return {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(card[0]) or int(card[0])


def test_the_simple_yardstick_plays_as_published() -> None:
    """Takes the discard only to make a meld, knocks as soon as it can, else throws its highest
    card in no meld; it is for the arena only."""
    desc = GAMES["gin_rummy"]
    bot = desc.make_bot("simple", 1)
    assert "simple" not in desc.bot_levels and "simple" in desc.yardsticks
    state = desc.new_match(2, seed=4)
    for _ in range(300):
        if state.is_over() or state.phase == "hand_over":
            break
        seat = state.to_move()[0]
        view, legal = state.view(seat), state.legal_moves(seat)
        move = bot.choose(view, legal)
        assert move in legal
        hand = set(view["hand"])
        if move.name == "discard":
            assert not any(m.name in ("knock", "gin") for m in legal), "it knocks as soon as it can"
            melded = {c for meld in view["melds"] for c in meld}
            loose = [c for c in hand if c not in melded and c != view["just_taken"]]
            if loose:
                assert points_of(move.args[0]) == max(points_of(c) for c in loose)
        top = view["discard"][-1] if view["discard"] else None
        state.apply(move)
        if move.name == "take":
            assert top in {c for meld in state.view(seat)["melds"] for c in meld}, "it takes only to meld"


def stacked_after_a_take() -> tuple[object, list[str]]:
    """Seat 0 holds 4h5h6h 7s7d7c and loose Th Tc As 2d; the dealer (seat 1) takes the 7h upcard
    and throws Ks; seat 0 draws 3c. The 7h can only meld with 8h9h, so Th would feed that run."""
    mine = ["4h", "5h", "6h", "7s", "7d", "7c", "Th", "Tc", "As", "2d"]
    theirs = ["8h", "9h", "Ks", "Kd", "Qd", "Qc", "Js", "Jd", "3s", "4s"]
    return dealt(mine, theirs, ["7h", "3c"], "0: pass", "1: take", "1: discard Ks", "0: draw"), mine


def dealt(mine: list[str], theirs: list[str], next_cards: list[str], *moves: str) -> object:
    """A match with seat 1 dealing ``mine`` to seat 0 and ``theirs`` to itself, ``next_cards`` (the
    upcard first) then the rest of the deck in order, and ``moves`` played."""
    used = set(mine + theirs + next_cards)
    rest = [r + s for s in "shdc" for r in "A23456789TJQK" if r + s not in used]
    deck = [c for pair in zip(mine, theirs) for c in pair] + next_cards + rest
    state = DESC.new_match(2, options=GinOptions(first_dealer=1), seed=3, deck=deck)
    for move in moves:
        state.apply(move)
    return state


def test_hard_infers_the_meld_of_a_taken_card_and_does_not_feed_it() -> None:
    """Th and Tc are alike in seat 0's hand; only the opponent's take of 7h tells Th apart."""
    state, _ = stacked_after_a_take()
    for seed in range(6):
        bot = DESC.make_bot("hard", seed)
        assert bot.choose(state.view(0), state.legal_moves(0)) == Move("discard Tc", 0)


def test_hard_reads_passes_and_weighs_sampled_hands_by_them() -> None:
    from game.gin_rummy import bots as B
    from game.gin_rummy import melds as M

    state, _ = stacked_after_a_take()
    state.apply("0: discard Tc")
    state.apply("1: draw")
    state.apply("1: discard Kd")
    seen = B._Seen(state.view(0))
    assert M.cards_of(seen.opp_passed) == ["Tc"] and M.cards_of(seen.opp_known) == ["7h"]
    with_run = M.card_mask(["7h", "8h", "9h", "2c", "3s", "4s", "5d", "6c", "8d", "9c"])
    no_meld_for_7h = M.card_mask(["7h", "8h", "Jh", "2c", "3s", "4s", "5d", "6c", "8d", "9c"])
    wants_tc = M.card_mask(["7h", "8h", "9h", "2c", "3s", "4s", "5d", "Jc", "Qc", "9c"])
    assert B._likelihood(with_run, seen) == 1.0
    assert B._likelihood(no_meld_for_7h, seen) < B._likelihood(wants_tc, seen) < B._likelihood(with_run, seen)


def near_gin_deal() -> object:
    """Seat 0 has drawn Ac and holds 4h5h6h 7s7d7c with loose Jh 9s 2c 3d Ac; the opponent holds
    2s3s4s 8h9hTh QhQdQc and Ad: one card (Jh) from gin, 1 deadwood without it."""
    mine = ["4h", "5h", "6h", "7s", "7d", "7c", "Jh", "9s", "2c", "3d"]
    theirs = ["2s", "3s", "4s", "8h", "9h", "Th", "Qh", "Qd", "Qc", "Ad"]
    return dealt(mine, theirs, ["Kd", "Ac"], "0: pass", "1: pass", "0: draw")


def test_hard_plays_out_its_shortlisted_discards() -> None:
    """On deals where the opponent waits for Jh to go gin, the Jh is the heuristic's choice (the
    highest loose card, and it saves the opponent only 1 deadwood), but played out to the end of
    the hand it hands them gin: hard throws another card and says why."""
    from game.gin_rummy import bots as B
    from game.gin_rummy import melds as M

    state = near_gin_deal()
    view, legal = state.view(0), state.legal_moves(0)
    opp = M.card_mask(["2s", "3s", "4s", "8h", "9h", "Th", "Qh", "Qd", "Qc", "Ad"])
    stock = M.indices(B._Seen(view).unseen & ~opp)

    def choice(playouts: int) -> tuple[Move, object]:
        bot = DESC.make_bot("hard", 1)
        bot.PLAYOUTS = playouts
        bot._deals = lambda seen, view: [(opp, list(stock)) for _ in range(8)]
        return bot.choose(view, legal), bot.reason

    assert choice(0)[0] == Move("discard Jh", 0)
    move, reason = choice(6)
    assert move != Move("discard Jh", 0)
    assert reason[0] == "gin.discard_played_out" and reason[1]["other"] == "Jh"
