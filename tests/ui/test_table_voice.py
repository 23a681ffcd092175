"""What the table tells a player who listens (``ui.table.voice`` through ``ui.announce``): your turn
at once, every move in order, a refusal at once, the quick-discard window, focus moves with what
Enter does, the question keys F3–F8 and F1 twice, and never a hidden card (two matches that differ
only in hidden cards give the same answers). A recording voice stands in for speech."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from game.core.rng import Rng
from tests.patience import PATIENCE
from tests.ui.table_helpers import focus_on, key, run_until, stacked_session, start
from tests.ui.test_table_gang import gang_table, phase
from ui.announce import Announcement, Priority
from ui.session import MatchSession, SeatInfo
from ui.speech import Speaker
from ui.table.scene import TableScene
from ui.table.voice import QUESTIONS


def listening(app) -> list[tuple[str, str]]:
    """Speech on, through a voice that records what it says."""
    spoken: list[tuple[str, str]] = []
    app._speaker = Speaker(lambda text, lang: spoken.append((text, lang)))
    app.settings.read_aloud = True
    return spoken


def said(app) -> list[Announcement]:
    app.speaker.wait()
    return app.speaker.channel.history()


def test_your_turn_interrupts_and_every_move_is_said_in_order(app) -> None:
    spoken = listening(app)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    first = said(app)
    assert first[0] == Announcement(scene.gestures.status, Priority.INTERRUPT, "turn", "en")
    scene.play(next(m for m in scene.legal if m.name == "pass"))
    run_until(app, lambda: bool(scene.legal) and len(scene.state.log) >= 3)
    for _ in range(5):
        app.step(1 / 60)
    history = said(app)
    texts = [text for text, _ in spoken]
    logged = [line for line in scene.log.lines if line]
    assert logged and all(line in texts for line in logged)  # no move dropped
    assert [texts.index(line) for line in logged] == sorted(texts.index(line) for line in logged)
    turns = [a for a in history if a.kind == "turn"]
    assert len(turns) == 2 and all(a.priority == Priority.INTERRUPT for a in turns)
    assert all(a.priority == Priority.QUEUED for a in history if a.kind == "log")


def test_nothing_is_said_with_read_aloud_off(app) -> None:
    spoken = listening(app)
    app.settings.read_aloud = False
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    key(app, pygame.K_F3)
    scene.say("No.")
    app.speaker.wait()
    assert spoken == []


def test_a_refusal_interrupts_a_hint_is_polite_news_is_queued_and_a_toast_is_said(app) -> None:
    listening(app)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scene.say("You cannot do that.")
    scene.say("Try the 7.", kind="hint")
    scene.say("Bob is back.", kind="info")
    app.notify("Saved.")
    kinds = {a.text: (a.priority, a.kind) for a in said(app)}
    assert kinds["You cannot do that."] == (Priority.INTERRUPT, "refusal")
    assert kinds["Try the 7."] == (Priority.POLITE, "hint")
    assert kinds["Bob is back."] == (Priority.QUEUED, "news")
    assert kinds["Saved."] == (Priority.POLITE, "toast")


def test_a_focus_move_says_the_card_where_it_lies_and_what_enter_does(app) -> None:
    spoken = listening(app)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    focus_on(app, scene, lambda item: getattr(item, "zone", None) == "discard")
    app.speaker.wait()
    assert spoken[-1][0] == "Queen of diamonds, discard pile. Enter: Take the Queen of diamonds from the discard pile."
    focus_on(app, scene, lambda item: getattr(item, "card", None) == "As")
    app.speaker.wait()
    assert spoken[-1][0].startswith("Ace of spades, your hand.")


def test_the_question_keys_read_the_hand_the_piles_the_players_the_scores_the_turn_and_the_moves(app) -> None:
    spoken = listening(app)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    answers = {}
    for i, question in enumerate(QUESTIONS):
        key(app, pygame.K_F3 + i)
        app.speaker.wait()
        answers[question] = spoken[-1][0]
    assert answers["hand"].startswith("Your hand, 10 cards: Ace of spades, 2 of spades, 3 of spades")
    assert answers["piles"] == "Stock: 31 cards. Discard pile: Queen of diamonds on top, 1 card."
    assert answers["players"] == "Bob: 10 cards."
    assert answers["scores"].startswith("Game 1, to 25: Alice 0, Bob 0.")
    assert answers["turn"].startswith("Your turn. " + scene.gestures.status)
    assert answers["recent"] == " ".join(scene.log.lines[-5:]) or answers["recent"] == "Nothing has been played yet."
    interrupting = [a for a in said(app) if a.kind == "answer"]
    assert len(interrupting) == len(QUESTIONS) and all(a.priority == Priority.INTERRUPT for a in interrupting)


def test_f1_twice_says_the_keys_and_ctrl_stops_speech(app) -> None:
    spoken = listening(app)
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    key(app, pygame.K_F1)
    key(app, pygame.K_F1)
    assert isinstance(app.top, TableScene)  # the rules page the first press opened is closed again
    app.speaker.wait()
    assert spoken[-1][0].startswith("Keys that read the table: F3, your hand. F4, the stock and the discard pile.")
    stopped = []
    app.speaker.silence = lambda: stopped.append(True)
    key(app, pygame.K_LCTRL)
    assert stopped == [True]


def test_the_quick_discard_window_is_announced_with_its_time_left(app) -> None:
    listening(app)
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    focus_on(app, scene, lambda item: getattr(item, "key", None) == "memorised")
    key(app, pygame.K_RETURN)
    scene.play(next(m for m in scene.legal if m.action == "draw"))
    app.step(1 / 60)
    scene.play(next(m for m in scene.legal if m.action == "discard"))
    run_until(app, lambda: phase(scene) == "window")
    app.step(1 / 60)
    races = [a for a in said(app) if a.kind == "race"]
    assert races and races[0].priority == Priority.INTERRUPT and races[0].text == scene.gestures.status
    assert any("seconds left in the quick-discard window" in line for line in scene.voice.answer("turn"))
    run_until(app, lambda: phase(scene) != "window")
    app.step(1 / 60)
    assert [a.text for a in said(app) if a.kind == "race"][-1] == "The quick discard is over."


def test_gang_says_which_cards_were_seen_and_their_values_only_with_the_memory_aid(app) -> None:
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    focus_on(app, scene, lambda item: getattr(item, "key", None) == "memorised")
    key(app, pygame.K_RETURN)
    hand = scene.voice.answer("hand")[0]
    assert hand.startswith("Your 4 cards: card 1: seen by you") and "card 4: not seen by you" in hand and "M3" not in hand
    scene.adapter.show_marks = True
    assert scene.voice.answer("hand")[0].startswith("Your 4 cards: card 1: 3")


def matches() -> list[tuple[str, MatchSession]]:
    out = []
    for game_id, seats in (("gin_rummy", 2), ("lagagne", 4), ("gang_de_mouettes", 5)):
        infos = [SeatInfo("Alice"), *(SeatInfo(f"Bot{i}", "easy") for i in range(1, seats))]
        state = GAMES[game_id].new_match([s.name for s in infos], seed=21)
        out.append((game_id, MatchSession(state, infos)))
    return out


@pytest.mark.parametrize("game_id", ["gin_rummy", "lagagne", "gang_de_mouettes"])
def test_answers_never_tell_a_hidden_card(app, game_id: str) -> None:
    session = dict(matches())[game_id]
    scene = start(app, session)
    for _ in range(40):  # a few moves in: cards seen, taken, thrown
        app.step(1 / 30)
        scene.wait_for_bot(PATIENCE)
        memorised = next((b for b in scene.buttons if b.key == "memorised"), None)
        if memorised is not None:
            scene.perform(memorised.action)
        elif scene.legal:
            scene.play(scene.legal[-1])
    state = scene.state
    assert len(state.log) >= 3
    twin = state.redeal_hidden(0, Rng(7))
    assert twin.card_zones() != state.card_zones()  # the twin really holds other hidden cards

    def heard() -> list[list[str] | str]:
        return [*(scene.voice.answer(q) for q in QUESTIONS), scene.adapter.spoken_shown(scene.view),
                *(scene.voice.describe(item) for item in scene.input.focus_items())]

    before = heard()
    scene.state = scene.session.state = scene.match.state = twin  # the very table, other hidden cards
    scene.match.look()
    scene._refresh()
    assert heard() == before


def test_the_pass_and_play_curtain_is_announced_and_questions_behind_it_tell_no_cards(app) -> None:
    from tests.ui.table_helpers import button, click_at

    spoken = listening(app)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Carol")]))
    app.speaker.wait()
    assert spoken[0][0] == "The screen is covered: Alice, press Enter to see your cards."
    assert scene.voice.answer("hand") == ["The screen is covered: Alice, press Enter to see your cards."]
    click_at(app, (10, 10))
    app.speaker.wait()
    assert spoken[-1][0] == scene.gestures.status  # Alice's turn, once the curtain is taken
    click_at(app, button(scene, "pass").rect.center)
    app.speaker.wait()
    # the move and the curtain come in one frame: the voice may have begun the move before the curtain
    assert {text for text, _ in spoken[-2:]} == {"The screen is covered: Carol, press Enter to see your cards.",
                                                 "Alice passes."}


def test_the_tutorial_coach_is_read_aloud(app) -> None:
    from tests.ui.conftest import center, click
    from ui.scenes.setup import SetupScene

    spoken = listening(app)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    app.step(1 / 60)
    click(app, center(next(b for b in setup.actions if b.text == app.tr("tutorial.offer_button"))))
    scene = app.top
    assert isinstance(scene, TableScene)
    app.step(1 / 60)
    app.speaker.wait()
    assert " ".join(scene.panels.coach_lines()) in [text for text, _ in spoken]


def test_the_score_sheet_is_read_out_when_it_opens_and_its_buttons_as_the_focus_moves(app) -> None:
    spoken = listening(app)
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scene.show_score_sheet()
    app.step(1 / 60)
    app.speaker.wait()
    sheet = app.top
    assert spoken[-1][0] == " ".join(sheet.read_out())
    assert spoken[-1][0].startswith("Score sheet") and "Alice 0, Bob 0" in spoken[-1][0]
    assert spoken[-1][0].endswith(f"{sheet.buttons[sheet.focus].label}, button.")
    key(app, pygame.K_TAB)
    app.speaker.wait()
    assert spoken[-1][0] == f"{sheet.buttons[sheet.focus].label}, button."


def test_gang_says_the_cards_a_player_is_shown_the_first_two_and_a_looked_at_one(app) -> None:
    from tests.ui.table_helpers import button, click_at, top_of
    from tests.ui.test_table_gang import DECK, slot

    spoken = listening(app)
    deck = DECK[:12] + ["M8", "M2", "M2", "M15"]
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")], deck=deck)
    app.speaker.wait()
    texts = [text for text, _ in spoken]
    assert "You see your card 1: 3." in texts and "You see your card 2: 6." in texts  # the first two, face up
    assert scene.voice.answer("hand")[0].startswith("Your 4 cards: card 1: 3; card 2: 6; card 3: not seen by you")
    click_at(app, button(scene, "memorised").rect.center)
    assert scene.voice.answer("hand")[0].startswith("Your 4 cards: card 1: seen by you")  # from memory again
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "power").rect.center)
    click_at(app, slot(scene, 0, 3).rect.center)  # the 8: look at her card 4
    app.step(1 / 60)
    app.speaker.wait()
    assert "You see your card 4: 2." in [text for text, _ in spoken]
    assert [a for a in said(app) if a.text == "You see your card 4: 2."][0].priority == Priority.QUEUED


def test_every_status_line_is_said_even_when_a_quick_discard_window_closes_in_the_same_frame(app) -> None:
    spoken = listening(app)
    seats = [SeatInfo("Alice"), SeatInfo("Bob", "normal")]
    state = GAMES["gang_de_mouettes"].new_match([s.name for s in seats], seed=3)
    scene = start(app, MatchSession(state, seats))
    statuses: list[str] = []
    for _ in range(1500):
        if scene.state.is_over():
            break
        scene.wait_for_bot(PATIENCE)
        memorised = next((b for b in scene.buttons if b.key == "memorised"), None)
        passing = next((b for b in scene.buttons if b.key in ("pass_snap", "next", "done")), None)
        if memorised is not None or passing is not None:
            scene.perform((memorised or passing).action)
        elif scene.legal and scene.adapter.race(scene.view) is None:
            acts = {m.action: m for m in scene.legal}
            scene.play(acts.get("draw") or acts.get("discard") or scene.legal[0])
        app.step(1 / 60)
        if scene.gestures.status and (not statuses or statuses[-1] != scene.gestures.status):
            statuses.append(scene.gestures.status)
    app.speaker.wait()
    assert scene.state.is_over()
    texts = " ".join(text for text, _ in spoken)
    missing = [s for s in statuses if s not in texts]
    assert not missing, missing


def test_choosing_a_card_with_several_moves_says_the_buttons_it_offers(app) -> None:
    from tests.ui.test_table_lagagne import lagagne_table

    spoken = listening(app)
    scene = lagagne_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal")])
    focus_on(app, scene, lambda item: getattr(item, "card", None) == "Echange")
    app.speaker.wait()
    assert spoken[-1][0] == "Échanger (exchange), your hand. Enter chooses it."
    before = len(spoken)
    key(app, pygame.K_RETURN)
    app.speaker.wait()
    offered = [b.label for b in scene.buttons if b.label not in ("Mulligan", "Hint", "Undo")]
    assert offered == ["Exchange with Bob", "Discard"]
    assert "Now offered: Exchange with Bob, Discard." in [text for text, _ in spoken[before:]]
    assert [a.priority for a in said(app) if a.text.startswith("Now offered")] == [Priority.INTERRUPT]
    focus_on(app, scene, lambda item: getattr(item, "card", None) == "X2")
    key(app, pygame.K_RETURN)  # another card: its own buttons
    focus_on(app, scene, lambda item: getattr(item, "card", None) == "P20h")
    before = len(spoken)
    key(app, pygame.K_RETURN)  # a card with the same moves as the one chosen before: said again
    app.speaker.wait()
    assert [b.label for b in scene.buttons if b.label not in ("Mulligan", "Hint", "Undo")] == ["Discard"]
    assert "Now offered: Discard." in [text for text, _ in spoken[before:]]


def test_gang_says_which_of_your_cards_another_player_looked_at_swapped_or_threw(app) -> None:
    from game import Move
    from game.core.events import Event

    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    adapter, view = scene.adapter, scene.view
    assert adapter.describe(Move("spy 0.1", 1), [], view) == ["Bob plays the 9: looks at your card 2."]
    assert adapter.describe(Move("scout 0.3", 2), [], view) == ["Cara plays the 15: looks at your card 4."]
    assert adapter.describe(Move("steal 1 0.2", 1), [], view) == [
        "Bob plays the 10: swaps one of their cards with your card 3, unseen."]
    snap = Event("snap", 1, "M7", info={"success": True})
    assert adapter.describe(Move("snap 0.2", 1), [snap], view) == ["Piqué! Bob throws your 7 (your card 3)."]
    # about another player too, for a table of several people at one screen, and for the log
    assert adapter.describe(Move("steal 1 2.2", 1), [], view) == [
        "Bob plays the 10: swaps one of their cards with Cara's card 3, unseen."]
    assert adapter.describe(Move("spy 1.0", 2), [], view) == ["Cara plays the 9: looks at Bob's card 1."]
    assert adapter.describe(Move("spy 1.0", 0), [], view) == ["You play the 9: you look at Bob's card 1."]
