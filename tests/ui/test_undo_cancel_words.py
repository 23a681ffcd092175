"""Undo (take back a move at the table) and Cancel (leave a dialog unchanged) are different words in
every language: in French "Annuler" once named both, so a player could not tell which one a
sentence meant."""

from __future__ import annotations

import pytest

from ui.i18n import LANGUAGES, load_catalog

UNDO_TEXTS = ("table.undo", "setup.undo", "setup.undo_hint", "table.undo_pass_and_play", "tutorial.no_undo",
              "shortcuts.undo")
"""Where the table's Undo is named (its button, the setup option, the refusals and the shortcut)."""


def cancel_keys(catalog: dict[str, object]) -> list[str]:
    return [k for k in catalog if k.split(".")[-1] == "cancel"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_and_cancel_are_different_words(language: str) -> None:
    catalog = load_catalog(language)
    cancels = {str(catalog[k]) for k in cancel_keys(catalog)}
    assert len(cancel_keys(catalog)) >= 4 and len(cancels) == 1, cancels  # one word for Cancel everywhere
    cancel = cancels.pop().lower()
    undo = str(catalog["table.undo"])
    assert undo.lower() != cancel
    for key in UNDO_TEXTS:
        text = str(catalog[key]).lower()
        assert cancel not in text, (key, text)
