"""Words already on the table follow the language (issue 61): after switching to German mid-match,
the cards on the table kept their English labels, the log its English lines beside German ones,
and the default name stayed "Player 1" beside "Spieler 2".

Now the cards are printed again, the log is written again from the match's moves, and a person's
seat that kept its default name is named in the language shown (a name typed stays as typed); a
saved match says which names are defaults, and one saved before that is read the same way."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game import GAMES, SaveError
from tests.ui.test_table_settings_pixels import drawn_from_nothing, play_moves, resize, same_picture, settle, through_the_menu
from ui import names
from ui.cards import CardArt
from ui.i18n import Translator
from ui.scenes.setup import BOT_NAMES, SetupScene
from ui.scenes.title import TitleScene
from ui.session import MatchSession, SeatInfo
from ui.settings import Settings
from ui.table.scene import TableScene

ACTIONS = ("Voler", "Recup", "Echange", "X2")


@pytest.fixture(autouse=True)
def nobody(monkeypatch: Any) -> None:
    """No system user's name: the first seat's default is "Player 1" (else it is the user's, the
    same in every language)."""
    monkeypatch.setattr(names, "system_user_name", lambda: "")


def to_german(app: Any) -> None:
    """Esc, Settings, German (as its drop-down does), Esc, Esc."""
    through_the_menu(app, lambda settings: settings.app.set_language("de"))
    assert app.language == "de"


def seated(app: Any, seed: int, seats: list[SeatInfo] | None = None) -> TableScene:
    """A LaGagne match dealt in English at 1280×800, its cards landed."""
    app.settings = Settings(language="en", bot_delay=0.0, animation_speed="fast")
    resize(app, (1280, 800))
    seats = seats or [SeatInfo.person(app.tr, 0), SeatInfo("Bruno", "easy"), SeatInfo("Chloé", "easy")]
    session = MatchSession.new("lagagne", seats, seed=seed)
    session.bot_seeds = {seat: seat for seat in session.bot_seeds}
    app.start_match(session)
    table = app.top
    assert isinstance(table, TableScene)
    settle(app, table)
    return table


def test_the_log_is_written_again_in_the_new_language(app: Any) -> None:
    table = seated(app, 3)
    play_moves(app, table, random.Random(3), GAMES["lagagne"].make_bot("easy", 3), 4)
    settle(app, table)
    english = list(table.log.lines)
    assert len(english) >= 4
    to_german(app)
    settle(app, table)
    german = table.log.lines
    assert german == TableScene(app, table.session).log.lines  # as a table opened now writes it
    assert len(german) >= len(english) and not set(german) & set(english)
    same_picture(app, table, "German")


def test_the_cards_on_the_table_are_printed_again_in_the_new_language(app: Any) -> None:
    seed = next(s for s in range(1, 200) if any(c in ACTIONS for c in GAMES["lagagne"].new_match(3, seed=s).view(0)["hand"]))
    table = seated(app, seed)
    card = next(s for s in table.sprites if s.card in ACTIONS and s.zone == f"hand:{table.viewer}")
    english = CardArt(app.font, Translator("en")).face(card.card, card.width)
    german = CardArt(app.font, Translator("de")).face(card.card, card.width)
    assert pygame.image.tobytes(english, "RGB") != pygame.image.tobytes(german, "RGB")  # its band has a word
    to_german(app)
    settle(app, table)
    assert card in table.sprites and card.zone == f"hand:{table.viewer}"
    fresh = drawn_from_nothing(app, table)
    area = card.rect.clip(app.screen.get_rect())
    assert pygame.image.tobytes(app.screen.subsurface(area), "RGB") == \
        pygame.image.tobytes(fresh.subsurface(area), "RGB"), f"{card.card} still printed in English"
    same_picture(app, table, "German")


def test_a_default_name_follows_the_language_and_a_typed_one_stays(app: Any) -> None:
    table = seated(app, 4, [SeatInfo.person(app.tr, 0), SeatInfo("Bruno", "easy"), SeatInfo("Player 7")])
    assert [s.name for s in table.session.seats] == ["Player 1", "Bruno", "Player 7"]
    to_german(app)
    settle(app, table)
    assert [s.name for s in table.session.seats] == ["Spieler 1", "Bruno", "Player 7"]
    assert table.state.names == ["Spieler 1", "Bruno", "Player 7"]
    assert table.view["names"][0] == "Spieler 1" and table.hud.plate(0).name == "Spieler 1"
    saved = MatchSession.from_json(table.session.to_json())
    assert [s.default for s in saved.seats] == [True, False, False]
    app.set_language("fr")
    settle(app, table)
    assert table.hud.plate(0).name == "Joueur 1"


def test_the_pass_and_play_curtain_names_the_next_player_in_the_new_language(app: Any) -> None:
    app.settings = Settings(language="en", bot_delay=0.0, animation_speed="fast")
    session = MatchSession.new("gin_rummy", [SeatInfo.person(app.tr, 0), SeatInfo.person(app.tr, 1)], seed=3)
    app.start_match(session)
    table = app.top
    assert table.curtain.shown and table.curtain.name in ("Player 1", "Player 2")
    to_german(app)
    assert table.curtain.shown and table.curtain.name in ("Spieler 1", "Spieler 2")
    assert table.curtain.name == session.seats[table.curtain.seat].name


def test_the_setup_keeps_a_default_name_as_a_default(app: Any) -> None:
    setup = SetupScene(app, "lagagne")
    setup.count = 4
    setup.levels[:4] = [None, None, None, "easy"]
    app.push(setup)
    for entry, typed in zip(setup.name_entries, ["Player 1", "Zoé", "Player 2", BOT_NAMES[3]]):
        entry.set_text(typed)  # seat 2's default is "Player 3": "Player 2" there is a name typed
    assert [(s.name, s.default) for s in setup.seats()] == [("Player 1", True), ("Zoé", False), ("Player 2", False),
                                                             (BOT_NAMES[3], False)]
    setup.name_entries[2].set_text("")
    assert setup.seats()[2] == SeatInfo("Player 3", None, True)
    setup.name_entries[2].set_text("Player 3")
    app.set_language("de")  # the form is built again in German: the defaults shown are German
    assert [entry.get_text() for entry in setup.name_entries] == ["Spieler 1", "Zoé", "Spieler 3", BOT_NAMES[3]]


def test_a_setup_remembered_in_english_shows_german_defaults(app: Any) -> None:
    app.storage.remember_setup("lagagne", {"count": 3, "names": ["Player 1", "Player 2", "Ann"],
                                           "levels": [None, None, None], "options": {}})
    app.set_language("de")
    app.push(SetupScene(app, "lagagne"))
    assert [entry.get_text() for entry in app.top.name_entries] == ["Spieler 1", "Spieler 2", "Ann"]


def saved_seats(*seats: dict[str, Any]) -> dict[str, Any]:
    session = MatchSession.new("gin_rummy", [SeatInfo("A"), SeatInfo("B")], seed=1)
    data = session.to_json()
    data["seats"] = list(seats)
    return data


def test_a_match_saved_before_defaults_were_kept_reads_default_names_as_defaults() -> None:
    data = saved_seats({"name": "Jugador 1", "level": None}, {"name": "Player 2", "level": None})
    assert [s.default for s in MatchSession.from_json(data).seats] == [True, True]
    data = saved_seats({"name": "Player 2", "level": None}, {"name": "Player 2", "level": "easy"})
    assert [s.default for s in MatchSession.from_json(data).seats] == [False, False]  # another seat's; a bot's
    data = saved_seats({"name": "Ann", "level": None}, {"name": " ", "level": None})
    assert [s.default for s in MatchSession.from_json(data).seats] == [False, False]


@pytest.mark.parametrize("default", ["yes", 1, 0, None, [], {}])
def test_a_damaged_default_is_refused_or_read_as_none(default: Any) -> None:
    data = saved_seats({"name": "Player 1", "level": None, "default": default}, {"name": "B", "level": "easy"})
    if default is None:  # as if not said: a default name is a default
        assert MatchSession.from_json(data).seats[0].default
        return
    with pytest.raises(SaveError, match="seats of the saved match are damaged"):
        MatchSession.from_json(data)


def test_a_bot_is_never_a_default_and_a_seat_must_be_a_table() -> None:
    data = saved_seats({"name": "Player 1", "level": None}, {"name": "Player 2", "level": "easy", "default": True})
    assert not MatchSession.from_json(data).seats[1].default
    with pytest.raises(SaveError):
        MatchSession.from_json(saved_seats(["Player 1", None], {"name": "B", "level": "easy"}))


def test_a_match_resumed_in_another_language_names_its_defaults_in_it(app: Any) -> None:
    session = MatchSession.new("lagagne", [SeatInfo.person(app.tr, 0), SeatInfo("Bruno", "easy")], seed=2)
    app.storage.save_session(session.to_json())
    app.set_language("de")
    app.pop_to_title()
    title = app.top
    assert isinstance(title, TitleScene) and title.saved is not None
    assert "Spieler 1" in title.continue_hint(None)
    app.start_match(MatchSession.from_json(session.to_json()))
    assert app.top.hud.plate(0).name == "Spieler 1"
    assert app.top.state.names[0] == "Spieler 1"
