"""Sentences about the one person at the table use their own grammar ("You discard…", "Vous
défaussez…"), never "You discards…": every sentence whose subject is a player has a second-person
form in both languages, and the table uses it."""

from __future__ import annotations

import re

import pytest

from tests.ui.table_helpers import stacked_session, start
from ui.i18n import Translator, load_catalog
from ui.session import SeatInfo

SUBJECT = re.compile(r"^(?:[«»!?A-Za-z ]*[!:] )?\{name\}(?: |'s )")
"""A sentence whose subject is ``{name}`` (at its start, or after a short exclamation)."""


def subject_keys() -> list[str]:
    return sorted(k for k, v in load_catalog("en").items() if not k.endswith("_you") and SUBJECT.match(v)
                  and not k.startswith(("illegal.", "table.pass_", "net.", "lagagne.told.")) and ".button." not in k)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_sentence_about_a_player_has_a_form_for_you(lang: str) -> None:
    tr = Translator(lang)
    missing = [k for k in subject_keys() if not tr.has(f"{k}_you")]
    assert not missing, missing


def test_the_log_speaks_to_the_player(app) -> None:
    scene = start(app, stacked_session([SeatInfo("You"), SeatInfo("Bob", "easy")]))
    scene.play(next(m for m in scene.legal if m.name == "pass"))
    assert "You pass." in scene.log.lines
    assert not any("You passes" in line or "You discards" in line for line in scene.log.lines)
