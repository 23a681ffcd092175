"""Deal codes: game, table size, options and seed in a short text that deals the same cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import GAMES
from game.core.dealcode import decode, encode
from game.gang_de_mouettes.options import Options as GangOptions
from game.lagagne.options import Options as LaGagneOptions

CASES = [
    ("gin_rummy", 2, GAMES["gin_rummy"].Options()),
    ("gin_rummy", 2, GAMES["gin_rummy"].Options(oklahoma=True, game_target=50, first_dealer=1)),
    ("gang_de_mouettes", 5, GangOptions(match_end=50, snap_window_seconds=5.0)),
    ("lagagne", 4, LaGagneOptions(hand_size=6)),
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_a_code_deals_the_same_match(game_id: str, players: int, options: object) -> None:
    code = encode(game_id, players, options, 987654321)
    got = decode(code)
    assert (got.game_id, got.players, got.options, got.seed) == (game_id, players, options, 987654321)
    a = GAMES[game_id].new_match(players, options, seed=987654321)
    b = GAMES[game_id].new_match(got.players, got.options, seed=got.seed)
    assert a.to_json() == b.to_json()


def test_a_code_survives_being_pasted_from_a_message() -> None:
    code = encode("gang_de_mouettes", 3, GangOptions(), 2**62)
    assert decode(f"  {code.upper()[:9]}\n{code.upper()[9:]} ").seed == 2**62


def test_a_custom_lagagne_deck_travels_in_a_code() -> None:
    from game.lagagne.cards import DEFAULT_DECK
    options = LaGagneOptions(deck=tuple((card, count + 1) for card, count in DEFAULT_DECK))
    assert decode(encode("lagagne", 2, options, 5)).options == options


@pytest.mark.parametrize(("text", "reason"), [
    ("", "not a deal code"),
    ("hello", "not a deal code"),
    ("gin-2-9ix-zz", "mistyped"),
    ("gin-2-9ix", "not a deal code"),
    ("poker-2-9ix-" , "not a deal code"),
])
def test_a_bad_code_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        decode(text)


def _signed(body: str) -> str:
    from game.core.dealcode import _check
    return f"{body}-{_check(body)}"


@pytest.mark.parametrize(("body", "reason"), [
    ("poker-2-9ix", "does not know"),
    ("gin-3-9ix", "table of 3 players"),
    ("gin-x-9ix", "table of x players"),
    ("gin-2-9!x", "seed in this deal code is damaged"),
    ("gin-2-zzzzzzzzzzzzzzzzzzz", "seed in this deal code is damaged"),
    ("gin-2-9ix-__class__=1", "does not know"),
    ("gin-2-9ix-knock_limit={", "damaged"),
    ("gin-2-9ix-knock_limit=500", "not valid"),
    ("gin-2-9ix-knock_limit=\"7\"", "not valid"),
])
def test_a_well_signed_but_hostile_code_is_refused(body: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        decode(_signed(body))


@given(st.text(max_size=80))
def test_any_text_either_decodes_or_is_refused_cleanly(text: str) -> None:
    try:
        decode(text)
    except ValueError:
        pass
