"""Hints explain themselves: every hard bot gives the reason of its move from its own reasoning,
as a sentence key that exists in both languages, with parameters the sentence uses."""

from __future__ import annotations

import random
import string

import pytest

from game import GAMES
from ui.i18n import Translator

TABLES = [("gin_rummy", 2), ("gang_de_mouettes", 3), ("lagagne", 3)]


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_hard_decision_has_a_reason_in_both_languages(game_id: str, players: int) -> None:
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=11)
    bot = desc.make_bot("hard", 3)
    rnd = random.Random(2)
    seen = set()
    for _ in range(60):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        move = bot.choose(state.view(seat), legal)
        if bot.reason is not None:
            key, params = bot.reason
            seen.add(key)
            for lang in ("en", "fr"):
                tr = Translator(lang)
                assert tr.has(f"why.{key}"), (lang, key)
                fields = {f for _, f, _, _ in string.Formatter().parse(tr(f"why.{key}", **params)) if f}
                assert not fields, (lang, key)
        state.apply(move if rnd.random() < 0.7 else rnd.choice(legal))
    assert seen


def test_the_gin_hint_names_the_card_the_opponent_threw_when_that_is_the_reason() -> None:
    """A discard next to a card the opponent threw: the reason says so (the issue's example)."""
    desc = GAMES["gin_rummy"]
    bot = desc.make_bot("hard", 1)
    state = desc.new_match(2, desc.Options(first_dealer=1), seed=5)
    easy = desc.make_bot("easy", 2)
    reasons = []
    for _ in range(40):
        seat = state.to_move()[0]
        if seat == 0:
            move = bot.choose(state.view(0), state.legal_moves(0))
            reasons.append(bot.reason)
        else:
            move = easy.choose(state.view(1), state.legal_moves(1))
        state.apply(move)
        if state.view(0)["phase"] != "draw" and state.view(0)["phase"] not in ("upcard", "discard"):
            break
    warned = [r for r in reasons if r and r[0].endswith("warned")]
    assert warned, reasons
    key, params = warned[0]
    thrown = [e["card"] for e in state.view(0)["discard_log"] if e["by"] == 1]
    assert params["other"] in thrown
