"""Every language says everything English says, with the same placeholders, and counts as its
grammar does: plural forms chosen by the count (no "move(s)"), numbers written the language's way,
and the user's language list (``LANGUAGE``) honoured first, as gettext does."""

import re
import string

import pytest

from ui.i18n import LANGUAGES, PLURAL_RULES, Translator, forms, load_catalog, system_language

ENGLISH = load_catalog("en")


def placeholders(entry: str | dict[str, str]) -> set[str]:
    return {name for text in forms(entry) for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_has_every_message_with_the_placeholders_of_the_english_one(language: str) -> None:
    catalog = load_catalog(language)
    assert sorted(set(ENGLISH) - set(catalog)) == [], f"messages {language} lacks"
    assert sorted(set(catalog) - set(ENGLISH)) == [], f"messages only {language} has"
    differ = [key for key, entry in ENGLISH.items() if placeholders(entry) != placeholders(catalog[key])]
    assert differ == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_message_that_counts_has_a_form_for_every_plural_category_of_its_language(language: str) -> None:
    categories = {PLURAL_RULES[language](n) for n in (0, 1, 2, 5, 21, 100, 1.5)}
    for key, entry in load_catalog(language).items():
        if isinstance(entry, dict):
            assert categories <= set(entry), f"{key} lacks a {language} form"
            assert "n" in placeholders(entry) or all("{n}" not in text for text in entry.values())
        else:
            assert not re.search(r"\w\((?:s|e|es|e\)\(s)\)", entry), f"{key} writes a plural by hand: {entry}"


def test_the_count_chooses_the_form() -> None:
    en, fr = Translator("en"), Translator("fr")
    assert en("table.undone", n=1).startswith("Taken back: 1 move.")
    assert en("table.undone", n=3).startswith("Taken back: 3 moves.")
    assert fr("table.undone", n=0).startswith("Repris : 0 coup.")  # French counts 0 and 1 alike
    assert fr("table.undone", n=2).startswith("Repris : 2 coups.")
    assert en("title.continue_hint", players="Ann, Bob", n=1) == "Ann, Bob · 1 move played"
    assert fr("stats.assisted", n=1, won=fr("stats.assisted_won", n=0)) == "dont 1 aidée (0 gagnée)"
    assert fr("stats.assisted", n=3, won=fr("stats.assisted_won", n=2)) == "dont 3 aidées (2 gagnées)"


def test_numbers_are_written_the_language_s_way() -> None:
    en, fr = Translator("en"), Translator("fr")
    assert (en.number(34.0, 1), fr.number(34.0, 1)) == ("34.0", "34,0")
    assert (en.number(1234.5, 1), fr.number(1234.5, 1)) == ("1,234.5", "1\u202f234,5")
    assert (en.number(1000), fr.number(1000)) == ("1,000", "1\u202f000")
    assert fr("settings.seconds", value=0.8) == fr("settings.seconds", value="0,8")
    de, es = Translator("de"), Translator("es")
    assert (de.number(34.0, 1), de.number(1234.5, 1), de.number(1000)) == ("34,0", "1.234,5", "1.000")
    # Spanish groups thousands only from five digits (CLDR's minimum grouping, the RAE's rule)
    assert (es.number(34.0, 1), es.number(1234.5, 1), es.number(1000)) == ("34,0", "1234,5", "1000")
    assert (es.number(10000), es.number(-25000), es.number(1234567.25, 2)) == ("10.000", "-25.000", "1.234.567,25")
    assert de("settings.seconds", value=0.8) == es("settings.seconds", value=0.8) == "0,8 s"


def test_german_and_spanish_count_as_their_grammars_do() -> None:
    de, es = Translator("de"), Translator("es")
    assert de("table.undone", n=1).startswith("Zurückgenommen: 1 Zug.")
    assert de("table.undone", n=0).startswith("Zurückgenommen: 0 Züge.")
    assert es("title.continue_hint", players="Ana, Bob", n=1) == "Ana, Bob · 1 jugada hecha"
    assert es("title.continue_hint", players="Ana, Bob", n=0) == "Ana, Bob · 0 jugadas hechas"
    assert es("stats.assisted", n=1, won=es("stats.assisted_won", n=2)) == "incluida 1 asistida (2 ganadas)"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LANGUAGE": "xx:fr", "LANG": "en_GB.UTF-8"}, "fr"),
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANGUAGE": "en", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANGUAGE": "xx", "LANG": "C"}, "en"),
    ({"LANGUAGE": "de_AT:en", "LANG": "en_US.UTF-8"}, "de"),
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "es_AR.UTF-8"}, "es"),
    ({"LANGUAGE": "pt_BR:es", "LANG": "fr_FR.UTF-8"}, "es"),
])
def test_the_system_language_honours_language_before_lang(monkeypatch, env: dict[str, str], expected: str) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("locale.getlocale", lambda *_: (None, None))
    assert system_language() == expected
