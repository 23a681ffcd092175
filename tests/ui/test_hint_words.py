"""Every hint of every game in every language reads as advice: an imperative sentence ("Lay the 50 of
clubs in the clubs column."), never the log's line about the player ("You lay…"), and never a doubled
full stop ("…column (0).. Ask again (H)")."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from game import GAMES, Move
from game.core.state import GameState
from tests.test_table_match import Words
from ui.games import adapter_class
from ui.session import MatchSession, SeatInfo
from ui.settings import Settings
from ui.table.match import hint_sentence

PLAYERS = {"gin_rummy": 2, "lagagne": 3, "gang_de_mouettes": 4}
DOUBLED = re.compile(r"[.!?…]\s*[.!?:;]|\s[.,]|,\s*[.!?]")
"""A stop after a stop (``..``, ``!.``), a full stop or comma after a space, a comma before a stop."""
YOU = {"en": ("You ", "You'"), "fr": ("Vous ", "Tu "), "de": ("Du ", "Sie "), "es": ("Tú ", "Usted ")}
"""How the log speaks of the player: a hint never starts as a log line does."""
IMPERATIVE = {
    "en": {"Take", "Pass", "Draw", "Discard", "Knock", "Go", "Deal", "Start", "Open", "Lay", "Double", "Give",
           "Steal", "Play", "Keep", "Throw", "Look", "Scout", "Swap", "Trade", "Quick-discard", "Piqué", "End",
           "Call"},
    "fr": {"Prenez", "Passez", "Piochez", "Défaussez", "Frappez", "Faites", "Distribuez", "Commencez", "Ouvrez",
           "Posez", "Doublez", "Donnez", "Volez", "Reprenez", "Jouez", "Gardez", "Jetez", "Regardez", "Espionnez",
           "Échangez", "Troquez", "Piquez", "Terminez", "Annoncez"},
    "de": {"Nimm", "Passe", "Zieh", "Wirf", "Klopf", "Mach", "Gib", "Beginne", "Eröffne", "Leg", "Verdopple",
           "Stiehl", "Spiel", "Behalte", "Sieh", "Späh", "Tausche", "Piqué", "Beende", "Ruf"},
    "es": {"Toma", "Pasa", "Roba", "Descarta", "Cierra", "Haz", "Reparte", "Empieza", "Abre", "Coloca", "Dobla",
           "Devuélvele", "Róbale", "Recupera", "Juega", "Quédate", "Tira", "Mira", "Explora", "Cambia", "Dale",
           "Piqué", "Termina", "Canta"},
}
"""Each language's imperative verbs the hints begin with (the French ``vous``, the German and Spanish
``du``/``tú`` forms the app speaks in)."""


class App(Words):
    """The app as an adapter reads it to put a move into words: the language and the settings."""

    settings = Settings()


class Table:
    """What an adapter reads to put a move into words: the app, the session and the legal moves of
    the seat it speaks to."""

    def __init__(self, words: Words, session: MatchSession, seat: int) -> None:
        self.app = words
        self.session = session
        self.seat = seat

    @property
    def legal(self) -> list[Move]:
        return self.session.state.legal_moves(self.seat)


def positions(game_id: str, seed: int) -> list[tuple[GameState, int]]:
    """Every position with a choice in a match (or its first 300 moves) played at random."""
    players = PLAYERS[game_id]
    state = GAMES[game_id].new_match(players, seed=seed)
    rnd = random.Random(seed)
    out = []
    for _ in range(300):
        if state.is_over():
            break
        movers = [s for s in state.to_move() if state.legal_moves(s)]
        if not movers:
            break
        seat = rnd.choice(movers)
        out.append((state.clone(), seat))
        state.apply(rnd.choice(state.legal_moves(seat)))
    return out


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_hint_is_an_imperative_sentence_with_one_full_stop(game_id: str, language: str) -> None:
    words = App(language)
    names: set[str] = set()
    for seed in (1, 2, 3):
        for state, seat in positions(game_id, seed):
            seats = [SeatInfo(n, None if i == seat else "normal") for i, n in enumerate(state.names)]
            adapter: Any = adapter_class(game_id)(Table(words, MatchSession(state, seats), seat))  # type: ignore[arg-type]
            view = state.view(seat)
            legal = state.legal_moves(seat)
            for move in legal:
                names.add(move.name)
                what = adapter.advice(move, view)
                assert what, f"no advice for {move} in {language}"
                assert adapter.hint_text(move, view) == what
                other = adapter.advice(legal[0] if move != legal[0] else legal[-1], view)
                for line in (hint_sentence(words.tr, what, None, False), hint_sentence(words.tr, what, other, True)):
                    assert not DOUBLED.search(line.replace("...", "…")), line
                    assert line.endswith((".", "!")), line
                assert not what.startswith(YOU[language]), what
                assert what.split()[0].rstrip(":") in IMPERATIVE[language], what
                said = adapter.describe(Move(move.action, seat), [], view)
                assert all(what.rstrip(".") != line.rstrip(".") for line in said), (what, said)
    assert len(names) >= {"gin_rummy": 5, "lagagne": 4, "gang_de_mouettes": 8}[game_id], names


def test_the_hint_sentence_keeps_one_stop_where_the_advice_ends_with_one() -> None:
    tr = Words("en").tr
    assert hint_sentence(tr, "You lay the 50 of clubs in the clubs column (0).", None, True) == \
        "Hint: You lay the 50 of clubs in the clubs column (0). Ask again (H) to see why."
    assert hint_sentence(tr, "Discard the 8 of spades", "Discard the 9 of hearts", False) == \
        "Hint: Discard the 8 of spades. A close call: “Discard the 9 of hearts” is nearly as good."
