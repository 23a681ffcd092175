"""Gin Rummy's hint says what it weighed, in words that agree with the deadwood box: the hard bot ranks
discards by what they promise for the rest of the hand, so a discard it advises may leave more deadwood
than the least one could keep. The hint then says so, with the box's figure, instead of a bare figure
the box seems to contradict; the box names its figure for what it is (the lowest a discard leaves);
and no reason calls a discard the one leaving the least deadwood."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.gin_rummy.bots import HardBot
from tests.test_table_match import Words
from tests.ui.test_hint_words import App, Table, positions
from ui.games import adapter_class
from ui.games.gin_rummy import _the_card
from ui.session import MatchSession, SeatInfo

LANGUAGES = ["en", "fr", "de", "es"]
SUPERLATIVE = {"en": "least deadwood", "fr": "le moins de points morts", "de": "wenigsten Restpunkte",
               "es": "menos puntos sueltos"}
"""How each language said the false claim: a discard "leaves the least deadwood to come"."""


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def discard_positions(seeds: range) -> list[tuple[Any, int, dict[str, Any], dict[str, int], int]]:
    """Positions where the seat holds 11 cards and may discard: the state, the seat, its view, what
    each legal discard leaves in deadwood, and the least of those (worked out here from the rules'
    own legal moves, not by the code under test)."""
    out = []
    for seed in seeds:
        for state, seat in positions("gin_rummy", seed):
            legal = state.legal_moves(seat)
            discards = [m.args[0] for m in legal if m.name == "discard"]
            view = state.view(seat)
            if not discards or not view.get("deadwood_after_discard"):
                continue
            after = {card: view["deadwood_after_discard"][card] for card in discards}
            out.append((state, seat, view, after, min(after.values())))
    return out


class GinTable(Table):
    """What the Gin Rummy adapter reads to word a move and its deadwood box: no card selected."""

    selected = None


def adapter_for(words: Words, state: Any, seat: int) -> Any:
    seats = [SeatInfo(n, None if i == seat else "normal") for i, n in enumerate(state.names)]
    return adapter_class("gin_rummy")(GinTable(words, MatchSession(state, seats), seat))  # type: ignore[arg-type]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_discard_hint_agrees_with_the_deadwood_box(language: str) -> None:
    """For every legal discard: the hint's figures are the deadwood it leaves and, when that is not
    the least, the least as well; the box's second line shows that same least."""
    words = App(language)
    more = 0
    for state, seat, view, after, lowest in discard_positions(range(1, 4)):
        adapter = adapter_for(words, state, seat)
        box = adapter.counter_words(view, 11)
        assert numbers(box[1]) == [lowest], (box, after)
        for card, left in after.items():
            said = adapter.advice(next(m for m in state.legal_moves(seat) if m.action == f"discard {card}"), view)
            figures = numbers(said.replace(_the_card(adapter, card), ""))
            assert figures == ([left] if left == lowest else [left, lowest]), (said, left, lowest)
            more += left > lowest
    assert more > 20  # the case that read as a contradiction is common, not a corner


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_reason_calls_a_discard_the_least_deadwood(language: str) -> None:
    """The hard bot's reasons for its discards, put into words: none says the discard leaves the least
    deadwood (it weighs more than that), and each names the deadwood the discard leaves."""
    words = App(language)
    keys = set()
    for state, seat, view, after, _ in discard_positions(range(1, 3))[:40]:
        bot = HardBot(seed=7)
        move = bot.choose(view, state.legal_moves(seat))
        if move.name != "discard" or bot.reason is None:
            continue
        key, params = bot.reason
        keys.add(key)
        adapter = adapter_for(words, state, seat)
        said = adapter.word_params(params)
        why = words.tr(f"why.{key}", **said)
        assert SUPERLATIVE[language] not in why, why
        for value in said.values():  # the cards' names, which hold figures of their own
            why = why.replace(value, "") if isinstance(value, str) else why
        assert after[move.args[0]] in numbers(why), why
    assert keys
    for key in ("discard", "discard_break", "discard_break_safe", "discard_break_warned"):
        assert SUPERLATIVE[language] not in words.tr(f"why.gin.{key}", card="X", deadwood=1, deals=2, other="Y")


def test_the_hint_words_and_the_box_read_nothing_hidden() -> None:
    """Two states that differ only in hidden cards (one of the opponent's cards swapped with one in the
    stock) give the same words for every discard and the same deadwood box."""
    words = App("en")
    checked = 0
    for state, seat, view, _, _ in discard_positions(range(1, 3)):
        other = 1 - seat
        hidden = [c for c in range(52) if state.hands[other] >> c & 1 and not state.known[other] >> c & 1]
        if not hidden or not state.stock:
            continue
        twin = state.clone()
        card, spare = hidden[0], twin.stock[0]
        twin.hands[other] ^= (1 << card) | (1 << spare)
        twin.stock[0] = card
        seen = twin.view(seat)
        assert seen["hand"] == view["hand"] and seen["deadwood_after_discard"] == view["deadwood_after_discard"]
        ours, theirs = adapter_for(words, state, seat), adapter_for(words, twin, seat)
        assert ours.counter_words(view, 11) == theirs.counter_words(seen, 11)
        for move in state.legal_moves(seat):
            assert ours.advice(move, view) == theirs.advice(move, seen)
        checked += 1
    assert checked > 20
