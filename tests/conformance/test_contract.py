"""The engine contract, checked once for every registered game (OpenSpiel-style).

Random play-outs of whole short matches for many seeds; after every move: no card created or lost,
every legal move's text round-trips, illegal moves are refused without a trace, snapshots resume
identically, and a seat's view does not change when the cards hidden from it are dealt otherwise.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, IllegalMove, Move
from game.core import GameState, Rng, SaveError
from tests.tinygame import DESCRIPTOR as HUIT

pytestmark = pytest.mark.usefixtures("huit_registered")

# Seat counts to exercise per game; a game registered later defaults to its smallest and largest table.
PLAYERS: dict[str, tuple[int, ...]] = {
    "gin_rummy": (2,),
    "gang_de_mouettes": (2, 3, 5, 8),
    "lagagne": (2, 3, 4, 6),
    "huit": (2, 4),
}
UNDER_TEST = sorted({**GAMES, HUIT.id: HUIT}.items())
"""Every shipped game and Huit, the test-only game that proves the contract is generic (its
registration in ``GAMES`` lasts for each test: see ``conftest.py``)."""
GAME_IDS = [game_id for game_id, _ in UNDER_TEST]
MAX_MOVES = 6000

CASES = [
    (game_id, n)
    for game_id, desc in UNDER_TEST
    for n in PLAYERS.get(game_id, (desc.min_players, desc.max_players))
]
IDS = [f"{g}-{n}p" for g, n in CASES]

# House rules played as well, each at some seat counts: {game: {name: (options over the quick ones, seats)}}.
VARIANTS: dict[str, dict[str, tuple[dict[str, Any], tuple[int, ...]]]] = {
    "gin_rummy": {
        "oklahoma_sub_rules": ({"oklahoma": True, "oklahoma_sub_rules": True}, (2,)),
        "wall_variant": ({"wall_variant": True}, (2,)),
        "hollywood": ({"hollywood": True}, (2,)),
    },
    "gang_de_mouettes": {
        "designer": ({"call_timing": "start_of_turn", "snap_successes": "several", "pique_gives": "last",
                      "snap_window_seconds": 10.0}, (3, 5)),
        "several-choose": ({"snap_successes": "several"}, (4,)),
        "start-one-last": ({"call_timing": "start_of_turn", "pique_gives": "last"}, (3,)),
    },
}
"""Rule options besides the defaults, so that random play covers them too."""
PLAY_CASES = [(g, n, None) for g, n in CASES] + [
    (game_id, n, name) for game_id, variants in VARIANTS.items() for name, (_, seats) in variants.items()
    for n in seats
]
PLAY_IDS = [f"{g}-{n}p" + (f"-{v}" if v else "") for g, n, v in PLAY_CASES]


def quick_match(game_id: str, players: int, seed: int, variant: str | None = None) -> GameState:
    """A short match of ``game_id``; ``variant`` names house rules of ``VARIANTS`` to play by."""
    desc = GAMES[game_id]
    options = desc.quick_options() if desc.quick_options else None
    if variant is not None:
        options = dataclasses.replace(options or desc.Options(), **VARIANTS[game_id][variant][0])
    return desc.new_match(players, options=options, seed=seed)


def pick(state: GameState, rnd: random.Random, bots: dict[int, Any]) -> Move:
    """Half random legal moves, half an easy bot's choice, so that matches really finish."""
    seat = rnd.choice(state.to_move())
    legal = state.legal_moves(seat)
    assert legal, f"seat {seat} is to move but has no legal move"
    if rnd.random() < 0.5:
        return rnd.choice(legal)
    move = bots[seat].choose(state.view(seat), legal)
    assert move in legal, f"the easy bot chose {move}, which is not legal"
    return move


def card_count(state: GameState) -> Counter[str]:
    return Counter(c for zone in state.card_zones().values() for c in zone)


def assert_refused(state: GameState, move: Move | str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises((IllegalMove, ValueError)) as info:
        state.apply(move)
    assert str(info.value), "a refused move must say why"
    assert json.dumps(state.to_json(), sort_keys=True) == before, f"refusing {move!r} changed the state"


def check_views(state: GameState, rnd: random.Random) -> bool:
    """Views survive a redeal of hidden cards; returns whether any redeal changed the state."""
    changed = False
    deck = Counter(type(state).full_deck(state.options))
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        other = state.redeal_hidden(seat, Rng(rnd.randrange(2**32)))
        assert card_count(other) == deck
        assert other.view(seat) == view, f"seat {seat}'s view depends on cards hidden from it"
        changed |= other.to_json()["state"] != state.to_json()["state"]
    return changed


def check_moves_leak_nothing(state: GameState, rnd: random.Random, move: Move) -> None:
    """Play the same move in the real match and in a world that a seat cannot tell from it (its
    hidden cards redealt, or the game's random draws made otherwise): a seat that saw the same
    events in both must see the same view afterwards, so it never learns where a card went unless
    it saw it go."""
    for observer in range(state.players):
        real = state.clone()
        if rnd.random() < 0.5:
            twin = state.redeal_hidden(observer, Rng(rnd.randrange(2**32)))
            twin.rng = real.rng.clone()
        else:
            twin = state.clone()
            twin.rng = Rng(rnd.randrange(2**32))
        if not twin.is_legal(move):
            continue
        seen_real = [e.for_seat(observer) for e in real.apply(move)]
        seen_twin = [e.for_seat(observer) for e in twin.apply(move)]
        if seen_real == seen_twin:
            assert twin.view(observer) == real.view(observer), (
                f"after {move}, seat {observer} knows something it did not see")


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_playout_keeps_every_invariant(game_id: str, players: int, variant: str | None, seed: int) -> None:
    desc = GAMES[game_id]
    state = quick_match(game_id, players, seed, variant)
    rnd = random.Random(seed)
    bots = {s: desc.make_bot("easy", seed + s) for s in range(players)}
    deck = Counter(type(state).full_deck(state.options))
    seen_moves: list[Move] = []
    checkpoint: tuple[dict[str, Any], int] | None = None
    redeal_changed = False
    for step in range(MAX_MOVES):
        if state.is_over():
            break
        assert card_count(state) == deck, "a card was created or lost"
        to_move = state.to_move()
        assert to_move, "the match is not over but nobody may move"
        for seat in to_move:
            for move in state.legal_moves(seat):
                assert move.seat == seat
                assert desc.parse_move(str(move)) == move, f"{move!s} does not round-trip"
                assert state.is_legal(move)
            seen_moves.extend(rnd.sample(state.legal_moves(seat), k=min(2, len(state.legal_moves(seat)))))
        if step % 7 == 0:
            assert_illegal_moves_refused(state, rnd, seen_moves)
        if step % 11 == 0:
            redeal_changed |= check_views(state, rnd)
        if checkpoint is None and step >= 5 and rnd.random() < 0.05:
            checkpoint = (state.to_json(), len(state.log))
        move = pick(state, rnd, bots)
        check_moves_leak_nothing(state, rnd, move)
        events = state.apply(move)
        assert isinstance(events, list)
        for event in events:
            json.dumps(event.to_json())
    assert state.is_over(), f"a short match did not finish within {MAX_MOVES} moves"
    assert state.to_move() == []
    result = state.result()
    assert result["over"] and result["winners"], "a finished match names its winners"
    assert result["scores"] == list(state.scores)
    assert card_count(state) == deck
    assert redeal_changed, "no redeal ever changed a hidden card: the view test proved nothing"
    if checkpoint is not None:
        snapshot, at = checkpoint
        resumed = desc.load(json.loads(json.dumps(snapshot)))
        for text in state.log[at:]:
            resumed.apply(text)
        assert resumed.to_json() == state.to_json(), "a resumed match did not continue identically"


RANDOM_MAX_MOVES = 60_000
"""A bound on a short match played by uniformly random legal moves (Gin Rummy's, the longest, took
about 10,000 at most when measured: random discards seldom let anyone knock, so hands end at the wall)."""


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_match_ends_within_a_bound_of_moves(game_id: str, players: int, seed: int) -> None:
    """No state lets play go on forever: seats choosing uniformly among their legal moves (no bot
    steering them to an end) finish a short match. A Gang de mouettes round of empty hands once
    never ended (rule option ``empty_hand``)."""
    state = quick_match(game_id, players, seed)
    rnd = random.Random(seed)
    for _ in range(RANDOM_MAX_MOVES):
        if state.is_over():
            break
        seat = rnd.choice(state.to_move())
        state.apply(rnd.choice(state.legal_moves(seat)))
    assert state.is_over(), f"a random short match did not finish within {RANDOM_MAX_MOVES} moves"


def assert_illegal_moves_refused(state: GameState, rnd: random.Random, seen: list[Move]) -> None:
    desc = GAMES[state.GAME_ID]
    # random text
    for text in ("", "fly away", "discard the moon", "42", "@@ ##", "draw draw draw", "9: draw"):
        assert_refused(state, text)
    # a legal move played by a seat that may not play it
    seat = rnd.choice(state.to_move())
    move = rnd.choice(state.legal_moves(seat))
    for other in range(state.players):
        wrong = move.with_seat(other)
        if not state.is_legal(wrong):
            assert_refused(state, wrong)
            break
    assert_refused(state, move.with_seat(state.players + 3))
    # a move that was legal at some other moment of the match
    for old in rnd.sample(seen, k=min(4, len(seen))):
        if not state.is_legal(old):
            assert_refused(state, old)
            assert_refused(state, desc.parse_move(str(old)))


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
def test_same_seed_same_match_and_clone_is_independent(game_id: str, players: int, variant: str | None) -> None:
    a = quick_match(game_id, players, 1234, variant)
    b = quick_match(game_id, players, 1234, variant)
    assert a.to_json() == b.to_json()
    rnd = random.Random(5)
    for _ in range(40):
        if a.is_over():
            break
        seat = a.to_move()[0]
        move = rnd.choice(a.legal_moves(seat))
        copy = a.clone()
        assert copy.to_json() == a.to_json()
        ev_a = a.apply(move)
        assert copy.to_json() != a.to_json() or not ev_a, "a clone must not share state with its original"
        ev_b = b.apply(str(move))
        assert ev_a == ev_b
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_descriptor_and_options(game_id: str) -> None:
    desc = GAMES[game_id]
    assert desc.id == game_id and desc.title
    assert 2 <= desc.min_players <= desc.max_players <= 8
    options = desc.Options()
    with pytest.raises(ValueError):
        desc.new_match(desc.max_players + 1)
    with pytest.raises(ValueError):
        desc.new_match(desc.min_players - 1)
    state = desc.new_match([f"P{i}" for i in range(desc.min_players)], options=options, seed=3)
    assert state.names == [f"P{i}" for i in range(desc.min_players)]
    for level in desc.bot_levels:
        bot = desc.make_bot(level, seed=1)
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        assert bot.choose(state.view(seat), legal) in legal
    with pytest.raises(ValueError):
        desc.make_bot("grandmaster")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_data_is_the_options_and_a_fresh_table_each_time(game_id: str) -> None:
    """Views and snapshots carry the options worked out once; a caller that changes its copy
    changes nobody else's."""
    desc = GAMES[game_id]
    state = desc.new_match([f"P{i}" for i in range(desc.min_players)], seed=4)
    first = state.options_data()
    assert first == dataclasses.asdict(state.options) == state.to_json()["options"]
    first.clear()
    assert state.options_data() == dataclasses.asdict(state.options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_stacked_deck_is_validated_and_used(game_id: str) -> None:
    desc = GAMES[game_id]
    options = desc.Options(first_dealer=0)
    deck = type(desc.new_match(desc.min_players, seed=1)).full_deck(options)
    a = desc.new_match(desc.min_players, options=options, seed=1, deck=deck)
    b = desc.new_match(desc.min_players, options=options, seed=2, deck=deck)
    assert a.card_zones() == b.card_zones(), "a full stacked deck must deal the same whatever the seed"
    with pytest.raises(ValueError):
        desc.new_match(desc.min_players, seed=1, deck=["not-a-card"])
    with pytest.raises(ValueError):
        desc.new_match(desc.min_players, seed=1, deck=deck + deck[:1])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_snapshots_are_refused_clearly(game_id: str) -> None:
    desc = GAMES[game_id]
    state = desc.new_match(desc.min_players, seed=9)
    good = state.to_json()
    assert desc.load(json.loads(json.dumps(good))).to_json() == good
    damaged: list[Any] = [None, [], {"format": "other"}, dict(good, game="chess"), dict(good, version=999)]
    damaged.append(dict(good, options={"no_such_option": 1}))
    damaged.append(dict(good, rng=[1, 2]))
    lost_state = json.loads(json.dumps(good))
    lost_state["state"] = {}
    damaged.append(lost_state)
    for bad in damaged:
        with pytest.raises(SaveError) as info:
            desc.load(bad)
        assert str(info.value)
    # a card removed from anywhere in the game's own fields is detected
    text = json.dumps(good["state"])
    card = next(c for c in type(state).full_deck(state.options) if f'"{c}"' in text)
    broken = dict(good, state=json.loads(text.replace(f'"{card}"', '"??"', 1)))
    with pytest.raises(SaveError):
        desc.load(broken)


def test_registry_lists_the_three_games() -> None:
    shipped = {k: g for k, g in GAMES.items() if g is not HUIT}
    assert set(shipped) == {"gin_rummy", "gang_de_mouettes", "lagagne"}
    assert [(g.min_players, g.max_players) for g in (shipped[k] for k in sorted(shipped))] == [(2, 8), (2, 2), (2, 6)]
    assert HUIT.id in GAMES, "the test-only game is registered while a conformance test runs"
