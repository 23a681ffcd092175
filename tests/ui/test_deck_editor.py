"""LaGagne's deck editor, driven through the real event loop: opened from the setup, counts
changed with the mouse and the keyboard, the engine's refusals shown, the deck saved into the user
folder and dealt in the next match."""

from __future__ import annotations

import pygame

from game.lagagne.cards import COMPACT_DECK, deck_size, parse_deck_text
from tests.ui.conftest import center, click, press
from tests.ui.test_shell_setup import open_setup
from ui.app import App
from ui.scenes.deck import DeckEditorScene
from ui.scenes.setup import SetupScene


def open_editor(app) -> tuple[SetupScene, DeckEditorScene]:
    setup = open_setup(app, "lagagne")
    click(app, center(setup.option_widgets["deck"]))
    assert isinstance(app.top, DeckEditorScene)
    return setup, app.top


def press_button(app, editor: DeckEditorScene, card: str, which: int, times: int = 1) -> None:
    """Click a card's − (``which`` 0) or + (1) button ``times`` times."""
    for _ in range(times):
        click(app, center(editor.steppers[card][which]))


def test_the_editor_opens_on_the_rules_page_deck_from_the_setup(app):
    setup, editor = open_editor(app)
    assert editor.counts["Sh"] == 3 and editor.counts["Voler"] == 6 and deck_size(editor.deck()) == 82
    assert editor.counters["P50c"].text == "1"
    assert editor.problem == "" and editor.ready == "Ready: this deck deals to 2–6 players."
    assert editor.save_button.is_enabled
    press(app, pygame.K_ESCAPE)
    assert app.top is setup and setup.option_rows["deck"][1][0].text == "Deck: 82 cards (rules page)"


def test_counts_change_with_the_buttons_and_the_keyboard(app):
    _, editor = open_editor(app)
    press_button(app, editor, "P20h", 1, times=2)
    press_button(app, editor, "Z", 0)
    assert editor.counts["P20h"] == 4 and editor.counts["Z"] == 5
    assert editor.counters["P20h"].text == "4" and deck_size(editor.deck()) == 83
    assert editor.focused_card() == "Sh"  # the keyboard starts on the first counter
    press(app, pygame.K_RIGHT)  # the 5 of hearts
    press(app, pygame.K_DOWN)  # the 5 of spades
    assert editor.focused_card() == "P5s"
    press(app, pygame.K_PLUS)
    press(app, pygame.K_KP_PLUS)
    press(app, pygame.K_MINUS)
    assert editor.counts["P5s"] == 5
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)  # clubs, diamonds, then the joker 5
    assert editor.focused_card() == "J5"
    press(app, pygame.K_DOWN)
    assert editor.focused_card() == "Voler"  # the counters under the names of the other cards
    press(app, pygame.K_LEFT)
    press(app, pygame.K_UP)
    assert editor.focused_card() == "Sd"  # the zero card's column is the symbols'
    for _ in range(5):
        press(app, pygame.K_MINUS)
    assert editor.counts["Sd"] == 0 and not editor.steppers["Sd"][0].is_enabled


def test_a_deck_the_engine_refuses_cannot_be_saved_and_says_why(app, data_dir):
    _, editor = open_editor(app)
    for suit in "hscd":
        press_button(app, editor, f"S{suit}", 0, times=3)
    assert editor.problem == "The deck has no symbol card, so no column could ever be opened."
    assert not editor.save_button.is_enabled
    editor.save()  # Enter on the disabled Save still reaches here
    assert isinstance(app.top, DeckEditorScene) and not (data_dir / "lagagne_deck.txt").exists()
    press_button(app, editor, "Sc", 1)
    assert editor.problem == "" and editor.save_button.is_enabled


def test_the_engine_refusal_is_in_the_players_language(app):
    app.set_language("fr")
    _, editor = open_editor(app)
    editor.use({card: 0 for card in editor.counts} | {"Sh": 2, "P5h": 3})
    assert editor.problem == "Le paquet compte 5 cartes, trop peu pour en donner 5 à chacun des 2 joueurs."
    editor.use({card: 0 for card in editor.counts} | {"Sh": 20})
    assert editor.problem == "Le paquet n'a aucune carte points : personne ne pourrait jamais marquer."


def test_a_deck_too_small_for_this_table_is_saved_with_a_warning_and_the_setup_says_so(app, started):
    setup = open_setup(app, "lagagne")
    setup.set_count(6)
    click(app, center(setup.option_widgets["deck"]))
    editor = app.top
    editor.use({card: 0 for card in editor.counts} | {"Sh": 5, "P5h": 10, "Z": 10})  # 25 cards
    assert editor.problem == ""
    assert editor.warning == ("Too small for this table of 6 players: The deck holds 25 cards, too few to "
                              "deal 5 to each of 6 players.")
    assert editor.ready == "Ready: this deck deals to 2–5 players."
    click(app, center(editor.save_button))
    assert app.top is setup
    app.step(1 / 60)
    assert not setup.start_button.is_enabled
    assert setup.error_label.text == "The deck holds 25 cards, too few to deal 5 to each of 6 players."
    setup.set_count(5)
    app.step(1 / 60)
    click(app, center(setup.start_button))
    assert len(started) == 1 and deck_size(started[0].state.options.cards) == 25


def test_a_saved_deck_is_kept_in_the_user_folder_and_deals_the_next_matches(app, started, data_dir):
    setup, editor = open_editor(app)
    click(app, center(editor.preset_buttons["compact"]))
    assert editor.deck() == COMPACT_DECK and editor.counters["Sh"].text == "2"
    press_button(app, editor, "J50", 1)
    mine = editor.deck()
    click(app, center(editor.save_button))
    assert app.top is setup
    assert parse_deck_text((data_dir / "lagagne_deck.txt").read_text(encoding="utf-8")) == mine
    assert [p.name for p in data_dir.iterdir() if p.name.startswith("lagagne_deck")] == ["lagagne_deck.txt"]
    assert setup.option_rows["deck"][1][0].text == "Deck: 55 cards (your own)"
    assert any("Your deck is saved: 55 cards." in t for t in app.toasts)
    click(app, center(setup.start_button))
    assert len(started) == 1 and started[0].state.options.deck == mine
    assert sorted(c for z in started[0].state.card_zones().values() for c in z).count("J50") == 2
    # a new app (the next day) reads it back; the Defaults button keeps the player's deck
    other = App(data_dir=data_dir, size=(1024, 640), headless=True, fail_fast=True)
    try:
        again = SetupScene(other, "lagagne")
        other.push(again)
        again.defaults()
        assert again.options().deck == mine
    finally:
        other.quit()
        other.close()


def test_saving_the_rules_page_deck_forgets_the_players_file(app, data_dir):
    (data_dir / "lagagne_deck.txt").write_text("Sh = 4\nP5h = 20\n", encoding="utf-8")
    setup, editor = open_editor(app)
    assert deck_size(editor.deck()) == 24
    click(app, center(editor.preset_buttons["default"]))
    click(app, center(editor.save_button))
    assert not (data_dir / "lagagne_deck.txt").exists()
    assert setup.values["deck"] is None and setup.options().deck is None


def test_cancel_escape_and_reset_leave_the_deck_as_it_was(app, data_dir):
    setup, editor = open_editor(app)
    press_button(app, editor, "X2", 1, times=3)
    click(app, center(next(b for b in editor.actions if b.object_ids[-1] == "#deck_reset")))
    assert editor.counts["X2"] == 4
    click(app, center(next(b for b in editor.actions if b.object_ids[-1] == "#deck_cancel")))
    assert app.top is setup  # nothing changed: Cancel leaves at once
    click(app, center(setup.option_widgets["deck"]))
    editor = app.top
    press_button(app, editor, "X2", 1)
    click(app, center(next(b for b in editor.actions if b.object_ids[-1] == "#deck_cancel")))
    assert app.top is editor and editor.confirm is not None  # changes: asked first
    press(app, pygame.K_ESCAPE)  # no: the edits stay
    assert app.top is editor and editor.confirm is None and editor.counts["X2"] == 5
    press(app, pygame.K_ESCAPE)  # Esc asks too
    dialog = editor.confirm
    assert dialog is not None
    click(app, center(dialog.confirm_button), steps=2)
    assert app.top is setup and setup.values["deck"] is None and setup.options().deck is None
    click(app, center(setup.option_widgets["deck"]))
    assert app.top.counts["X2"] == 4
    assert not (data_dir / "lagagne_deck.txt").exists()


def test_a_damaged_deck_file_is_reported_and_set_aside_and_the_rules_page_deck_used(app, data_dir, started):
    (data_dir / "lagagne_deck.txt").write_text("Sh = 2\nP7h = 3\n", encoding="utf-8")
    setup = open_setup(app, "lagagne")
    assert setup.values["deck"] is None
    assert (data_dir / "lagagne_deck.txt.damaged-1").exists() and not (data_dir / "lagagne_deck.txt").exists()
    app.step(1 / 60)
    assert any("Your deck file could not be used (The deck names P7h, which is not a card of this game.)" in t
               for t in app.toasts)
    click(app, center(setup.start_button))
    assert len(started) == 1 and started[0].state.options.deck is None


def test_a_deal_code_brings_its_deck_to_the_setup(app):
    from game.core.dealcode import encode
    from game.lagagne import Options

    setup = open_setup(app, "lagagne")
    code = encode("lagagne", 3, Options(deck=COMPACT_DECK), 77)
    setup.seed_entry.set_text(code)
    app.step(1 / 60)
    app.step(1 / 60)
    assert app.top.values["deck"] == COMPACT_DECK
    assert app.top.option_rows["deck"][1][0].text == "Deck: 54 cards (compact)"
    assert app.top.options().deck == COMPACT_DECK and app.top.seed() == 77


def test_the_deck_editor_renders_headless_to_a_png(tmp_path):
    from ui.cli import main

    out = tmp_path / "deck.png"
    assert main(["--screenshot", str(out), "--game", "lagagne", "--scene", "deck", "--size", "1024x640"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)
