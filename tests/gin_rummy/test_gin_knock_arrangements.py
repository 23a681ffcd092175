"""A knocker may lay out any valid arrangement within the knock limit, not only the least-deadwood
one: a run cut short, a meld held back as deadwood (to leave the defender fewer lay-offs). Its
deadwood is counted as laid out. An arrangement that is not valid is refused with its reason, in
both languages, and the state does not change."""

from __future__ import annotations

import pytest

from game.gin_rummy import GinRummyState
from tests.gin_rummy.test_gin_rules import deal, play, refused
from ui.i18n import Translator

# knocker: a four-card run, a set, two aces and a two; the Kh comes from the stock (least deadwood 4)
RUN4 = ["3c", "4c", "5c", "6c", "9s", "9h", "9d", "As", "Ah", "2d"]
# knocker: three melds (one of them As 2s 3s) and the Ah (least deadwood 1)
LOW_RUN = ["As", "2s", "3s", "9s", "9h", "9d", "5c", "6c", "7c", "Ah"]
# no meld; the 4s lays off on As 2s 3s, the 2c on 3c 4c 5c 6c
DEFENDER = ["Ks", "Kd", "Qh", "Qd", "Js", "Jc", "8h", "4s", "Td", "2c"]


def knock_ready(hand: list[str], defender: list[str] = DEFENDER) -> GinRummyState:
    """Seat 0 holds ``hand`` and has just drawn the Kh."""
    s = deal(hand, defender, "Qs", ["Kh"])
    play(s, "0: pass", "1: pass", "0: draw")
    return s


def test_a_run_cut_short_is_accepted_and_its_deadwood_counted_as_laid_out() -> None:
    s = knock_ready(RUN4)
    move = GinRummyState.parse_move("0: knock Kh 4c5c6c 9s9h9d")
    assert move not in s.legal_moves(0) and s.is_legal(move)
    play(s, "0: knock Kh 4c5c6c 9s9h9d")
    r = s.view(0)["result"]
    assert r["melds"][0] == [["4c", "5c", "6c"], ["9s", "9h", "9d"]]
    assert sorted(r["deadwood_cards"][0]) == ["2d", "3c", "Ah", "As"]
    assert r["deadwood"][0] == 7 and r["layoffs"] == []     # the 2c has no 3c to lie on


def test_a_meld_held_back_as_deadwood_blocks_a_lay_off() -> None:
    s = knock_ready(LOW_RUN)
    play(s, "0: knock Kh")                                   # automatic: the 4s is laid off
    auto = s.view(1)["result"]
    assert auto["deadwood"] == [1, 80] and [x["card"] for x in auto["layoffs"]] == ["4s"]
    s = knock_ready(LOW_RUN)
    play(s, "0: knock Kh 5c6c7c 9s9h9d")                     # As 2s 3s kept as deadwood
    held = s.view(1)["result"]
    assert held["melds"][0] == [["5c", "6c", "7c"], ["9s", "9h", "9d"]]
    assert held["layoffs"] == [] and held["deadwood"] == [7, 84]
    assert s.history[-1]["points"] == [77, 0] and held["kind"] == "knock"


def test_a_weaker_arrangement_may_be_undercut() -> None:
    defender = ["8h", "8d", "8c", "Th", "Jh", "Qh", "Ac", "Ad", "2h", "3d"]   # deadwood 7
    s = knock_ready(LOW_RUN, defender)
    play(s, "0: knock Kh 5c6c7c 9s9h9d")
    r = s.view(1)["result"]
    assert r["kind"] == "undercut" and r["deadwood"] == [7, 7] and r["winner"] == 1
    assert s.history[-1]["points"] == [0, 25]


@pytest.mark.parametrize(("move", "key", "params"), [
    ("0: knock Kh 3c4c5c6c", "gin.melds_too_high", {"deadwood": 31, "limit": 10}),
    ("0: knock Kh 3c4c6c 9s9h9d", "gin.not_a_meld", {"meld": "3c4c6c"}),
    ("0: knock Kh 3c4c5c 5c6c7c", "gin.meld_not_in_hand", {"cards": "7c"}),
    ("0: knock Kh 3c4c5c 4c5c6c 9s9h9d", "gin.meld_overlap", {"meld": "4c5c6c"}),
    ("0: knock Qc 3c4c5c6c 9s9h9d", "gin.not_in_hand", {"card": "Qc"}),
])
def test_an_invalid_arrangement_is_refused_with_its_reason_in_both_languages(
        move: str, key: str, params: dict[str, object]) -> None:
    s = knock_ready(RUN4)
    e = refused(s, move)
    assert e.key == key and params.items() <= e.params.items(), (e.key, e.params)
    for language in ("en", "fr"):
        tr = Translator(language)
        assert tr.has(f"illegal.{key}")
        sentence = tr(f"illegal.{key}", **e.params)
        assert "{" not in sentence and all(str(v) in sentence for v in params.values())
