"""Sentences about the one person at the table use their own grammar ("You discard…", "Vous
défaussez…"), never "You discards…": every sentence whose subject is a player has a second-person
form in both languages, and the table uses it."""

from __future__ import annotations

import re

import pytest

from tests.ui.table_helpers import stacked_session, start
from ui.i18n import LANGUAGES, Translator, forms, load_catalog
from ui.session import SeatInfo

SUBJECT = re.compile(r"^(?:[«»!?A-Za-z ]*[!:] )?\{name\}(?: |'s )")
"""A sentence whose subject is ``{name}`` (at its start, or after a short exclamation)."""


def subject_keys() -> list[str]:
    return sorted(k for k, v in load_catalog("en").items() if not k.endswith("_you") and any(SUBJECT.match(f) for f in forms(v))
                  and not k.startswith(("illegal.", "table.pass_", "net.", "lagagne.told.")) and ".button." not in k)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_about_a_player_has_a_form_for_you(lang: str) -> None:
    tr = Translator(lang)
    missing = [k for k in subject_keys() if not tr.has(f"{k}_you")]
    assert not missing, missing


def test_the_log_speaks_to_the_player(app) -> None:
    scene = start(app, stacked_session([SeatInfo("You"), SeatInfo("Bob", "easy")]))
    scene.play(next(m for m in scene.legal if m.name == "pass"))
    assert "You pass." in scene.log.lines
    assert not any("You passes" in line or "You discards" in line for line in scene.log.lines)


OBJECT = re.compile(r"\{(?:target|victim|last)\}")
"""A player named in a log sentence other than its subject (LaGagne's score target aside)."""


def object_keys() -> list[str]:
    return sorted(k for k, v in load_catalog("en").items() if ".log." in k and any(OBJECT.search(f) for f in forms(v))
                  and not k.endswith("_you") and k != "lagagne.log.last_round_cancelled")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_that_names_another_player_has_a_form_for_you(lang: str) -> None:
    tr = Translator(lang)
    assert len(object_keys()) >= 10
    missing = [k for k in object_keys() if not tr.has(f"{k}_to_you")]
    assert not missing, missing


def test_the_log_speaks_to_the_player_another_acts_on(app) -> None:
    """"Bob gives you one of their cards", never "… to You"; and both forms in one sentence."""
    scene = start(app, stacked_session([SeatInfo("You"), SeatInfo("Bob", "easy")]))
    tr = scene.adapter.tr
    assert tr("gang.log.give", name="Bob", target="You") == "Bob gives you one of their cards."
    assert tr("gang.log.give", name="You", target="Bob") == "You give one of your cards to Bob."
    assert tr("lagagne.log.last_round", name="You", target=150, last="You") == \
        "You have reached 150: last round, ending with you."
    assert tr("lagagne.log.steal", name="Bob", card="the ×2", victim="You") == "Bob steals the ×2 from you!"
    app.set_language("fr")
    assert tr("gang.log.give", name="Bob", target="You") == "Bob vous donne une de ses cartes."
    app.set_language("de")
    assert tr("gang.log.give", name="Bob", target="You") == "Bob gibt dir eine eigene Karte."
    assert tr("gang.log.give", name="You", target="Bob") == "Du gibst Bob eine deiner Karten."
    app.set_language("es")
    assert tr("gang.log.give", name="Bob", target="You") == "Bob te da una de sus cartas."
    assert tr("lagagne.log.steal", name="You", card="un ×2", victim="Bob") == "¡Le robas un ×2 a Bob!"


def test_refusals_and_the_score_sheet_speak_to_the_player(app) -> None:
    """A refusal about the player ("It is not your turn.", from the engine's refusal as from a click
    out of turn) and the sheet's last line ("You win the match!") use the second person too."""
    from game import IllegalMove

    scene = start(app, stacked_session([SeatInfo("You"), SeatInfo("Bob", "easy")]))
    refusal = IllegalMove("It is not You's turn.", "not_your_turn", {"name": "You"})
    assert scene.explain(refusal) == "It is not your turn."
    assert scene.explain(IllegalMove("x", "wait_ready", {"name": "Bob"})) == "Wait until Bob has looked at their cards."
    from ui.spoken import spoken

    assert spoken(app, scene.session, "sheet.winner", name="You") == "You win the match!"
    assert spoken(app, scene.session, "sheet.winner", name="Bob") == "Bob wins the match!"
