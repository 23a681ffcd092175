"""What the screens outside the table tell a player who listens (issue 63, "Menus and forms speak"):
driven only with keys, as a blind player would, with a recording voice standing in for speech.
Each screen says its title, what it shows and its focused control as it opens; each focus move
says the control, its role, value and state; a changed value is said; errors interrupt. In two
languages, and never a word with *Read aloud* off."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from tests.ui.conftest import open_app, press
from tests.ui.menu_voice_expected import EXPECTED
from ui.announce import Announcement, Priority
from ui.scenes.base import MenuScene
from ui.speech import Speaker

TAB, SHIFT = pygame.K_TAB, pygame.KMOD_SHIFT


@pytest.fixture(autouse=True)
def deaf_to_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Join screen hears no table: one that another test announces meanwhile would change what
    it says (the tables found are part of its page)."""
    import net.discovery

    def deaf(**_: object) -> None:
        raise OSError("no network in this test")

    monkeypatch.setattr(net.discovery, "TableBrowser", deaf)


@pytest.fixture(params=["en", "fr"])
def lang_app(request, data_dir) -> Iterator[object]:
    """A headless app at the title screen in the test's language."""
    for application in open_app(data_dir):
        if request.param != "en":
            application.set_language(request.param)
            application.step(1 / 60)
        yield application


def listening(app) -> list[str]:
    """Speech on, through a voice that records what it says (the screen as it is now is said first)."""
    spoken: list[str] = []
    app._speaker = Speaker(lambda text, lang: spoken.append(text))
    app.settings.read_aloud = True
    app.step(1 / 60)
    app.speaker.wait()
    return spoken


def keys(app, spoken: list[str], *pressed: int | tuple[int, int]) -> list[str]:
    """Press each key (a key, or a key with its modifiers), letting speech finish after each one;
    what was said meanwhile."""
    start = len(spoken)
    for k in pressed:
        key, mod = k if isinstance(k, tuple) else (k, 0)
        press(app, key, mod)
        app.speaker.wait()
    return spoken[start:]


def said(app) -> list[Announcement]:
    app.speaker.wait()
    return app.speaker.channel.history()


def frames(app, spoken: list[str], count: int = 3) -> list[str]:
    """Run ``count`` frames with no key pressed (news from the network, a screen just opened); what was said."""
    start = len(spoken)
    for _ in range(count):
        app.step(1 / 60)
    app.speaker.wait()
    return spoken[start:]


def type_text(app, spoken: list[str], text: str) -> list[str]:
    """Type ``text`` into the entry with the keyboard focus, a character a frame."""
    start = len(spoken)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.step(1 / 60)
        app.speaker.wait()
    return spoken[start:]


# ---------------------------------------------------------------- the screens, key by key
def title_screen(app, spoken: list[str]) -> list[list[str]]:
    """The title screen as it opens, then Down, Tab and Shift+Tab."""
    return [list(spoken), keys(app, spoken, pygame.K_DOWN), keys(app, spoken, TAB), keys(app, spoken, (TAB, SHIFT))]


def gin_setup(app, spoken: list[str]) -> list[list[str]]:
    """Enter on Gin Rummy: the setup opens on Start; Shift+Tab back to the seed and the first
    dealer; a 7 typed there (refused: seats are 0 and 1); Backspace; Shift+Tab to a check box and
    Space; on to the match's points (a choice) and Right."""
    out = [keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, (TAB, SHIFT)) for _ in range(5)]
    out.append(type_text(app, spoken, "7"))
    out.append(keys(app, spoken, pygame.K_BACKSPACE))
    out.append(keys(app, spoken, (TAB, SHIFT)))
    out.append(keys(app, spoken, pygame.K_SPACE))
    keys(app, spoken, *[pygame.K_UP] * 9)
    out.append(keys(app, spoken, pygame.K_UP))
    out.append(keys(app, spoken, pygame.K_RIGHT))
    return out


def settings_screen(app, spoken: list[str]) -> list[list[str]]:
    """Settings from the title screen; Down to the bots' delay and Right; Down to the memory aid
    and Enter; Up to the language and Right (the screen speaks the next language at once)."""
    keys(app, spoken, *[pygame.K_DOWN] * 7)
    out = [keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN), keys(app, spoken, pygame.K_RIGHT)]
    out += [keys(app, spoken, pygame.K_DOWN), keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, pygame.K_UP, pygame.K_UP, pygame.K_UP), keys(app, spoken, pygame.K_RIGHT)]
    return out


def rules_screen(app, spoken: list[str]) -> list[list[str]]:
    """Rules from the title screen: H twice, R, Shift+H, then Right to the next game. Each section is
    said whole, exactly as the page has it; the expectations keep its place and heading (the rules'
    wording is the rules pages' own business)."""
    keys(app, spoken, *[pygame.K_DOWN] * 5)
    out = [keys(app, spoken, pygame.K_RETURN)]
    rules = app.top
    for key, index in ((pygame.K_h, 0), (pygame.K_h, 1), (pygame.K_r, 1), ((pygame.K_h, SHIFT), 0)):
        said = keys(app, spoken, key)
        where = app.tr("menu.rules_section", n=index + 1, count=len(rules.page.sections))
        assert said == [f"{where} {rules.page.sections[index][1]}"]
        assert rules.scroll == min(rules.max_scroll, rules.page.sections[index][0])
        out.append([". ".join(said[0].split(". ")[:2]) + ". …"])
    out.append(keys(app, spoken, pygame.K_RIGHT))
    return out


def stats_screen(app, spoken: list[str]) -> list[list[str]]:
    """Statistics from the title screen, then Tab to the first tab and Enter, and Esc back."""
    keys(app, spoken, *[pygame.K_DOWN] * 6)
    out = [keys(app, spoken, pygame.K_RETURN), keys(app, spoken, TAB, TAB), keys(app, spoken, pygame.K_RETURN)]
    out.append(keys(app, spoken, pygame.K_ESCAPE))
    return out


def saved_matches(app, spoken: list[str]) -> list[list[str]]:
    """With a match saved, the title screen offers Continue and Saved matches: Down, Enter; Tab to
    Delete and Enter asks first; Tab to Cancel and Enter; Esc back to the title screen."""
    from tests.ui.test_score_chart import session_after
    from ui.scenes.title import TitleScene

    app.storage.save_session(session_after("gin_rummy", 2, 2).to_json())
    app.replace(TitleScene(app))  # the title as it opens with a match saved: Continue first
    out = [frames(app, spoken), keys(app, spoken, pygame.K_DOWN), keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, TAB), keys(app, spoken, pygame.K_RETURN), keys(app, spoken, TAB)]
    out += [keys(app, spoken, pygame.K_RETURN), keys(app, spoken, pygame.K_ESCAPE)]
    return [[re.sub(r"\d{1,2}:\d{2}( [AP]M)?", "<time>", line) for line in lines] for lines in out]


def join_screen(app, spoken: list[str]) -> list[list[str]]:
    """Join a table from the title screen; Tab to the address and a letter typed; Tab on; Esc."""
    keys(app, spoken, *[pygame.K_DOWN] * 3)
    out = [keys(app, spoken, pygame.K_RETURN)]
    app.top.close_browser()  # no network search in a test: the screen says none was found
    out += [keys(app, spoken, TAB), type_text(app, spoken, "x"), keys(app, spoken, TAB, TAB, TAB)]
    out.append(keys(app, spoken, pygame.K_ESCAPE))
    return out


def about_screen(app, spoken: list[str]) -> list[list[str]]:
    """About from the title screen (its folders said with the test's temporary folder left out)."""
    keys(app, spoken, *[pygame.K_DOWN] * 4)
    return [[line.replace(str(app.data_dir), "<data>") for line in keys(app, spoken, pygame.K_RETURN)]]


def pause_menu(app, spoken: list[str]) -> list[list[str]]:
    """Esc at a table: the pause menu; Down ×3 and Up; Enter on Settings, then Esc back to it."""
    at_the_table(app)
    out = [keys(app, spoken, pygame.K_ESCAPE)[-1:], keys(app, spoken, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN)]
    out += [keys(app, spoken, pygame.K_UP), keys(app, spoken, pygame.K_RETURN), keys(app, spoken, pygame.K_ESCAPE)]
    return out


def replay_screen(app, spoken: list[str]) -> list[list[str]]:
    """The replay of a finished match: Home, Right, End; Tab to the next button."""
    from tests.ui.test_score_chart import session_after
    from ui.scenes.replay import ReplayScene

    app.push(ReplayScene(app, session_after("gin_rummy", 2, 1).state))
    out = [frames(app, spoken), keys(app, spoken, pygame.K_HOME), keys(app, spoken, pygame.K_RIGHT)]
    out += [keys(app, spoken, pygame.K_END), keys(app, spoken, TAB)]
    return out


def waiting_room(app, spoken: list[str]) -> list[list[str]]:
    """A friend's waiting room at a host's table: what it shows as it opens, a seat taken, Tab."""
    from tests.ui.test_hostile_text import HostileLink
    from ui.scenes.network import LobbyScene

    seats = [{"name": "Ann", "kind": "remote", "state": "connected", "client": "human"},
             {"name": "Bob", "kind": "remote", "state": "waiting", "client": "human"}]
    link = HostileLink([{"type": "welcome", "seat": 0, "code": "K7QM", "game": "gin_rummy", "players": 2,
                         "names": ["Ann", "Bob"]}, {"type": "seats", "seats": seats}])
    app.push(LobbyScene(app, [link]))  # type: ignore[list-item]
    out = [frames(app, spoken)]
    seats[1]["state"] = "connected"
    link.messages.append({"type": "seats", "seats": seats})
    out += [frames(app, spoken), keys(app, spoken, TAB)]
    return out


SCREENS = {"title": title_screen, "setup": gin_setup, "settings": settings_screen, "rules": rules_screen,
           "stats": stats_screen, "saves": saved_matches, "join": join_screen, "about": about_screen,
           "pause": pause_menu, "replay": replay_screen, "waiting": waiting_room}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_each_screen_says_its_title_focus_values_and_errors_driven_by_keys_alone(screen, lang_app) -> None:
    spoken = listening(lang_app)
    language = lang_app.language  # the settings screen changes it
    assert SCREENS[screen](lang_app, spoken) == EXPECTED[screen][language]


def test_a_refused_value_interrupts_and_everything_else_is_polite(app) -> None:
    spoken = listening(app)
    gin_setup(app, spoken)
    kinds = {a.text: (a.priority, a.kind) for a in said(app)}
    assert kinds["“First dealer (seat number)” must be a seat number from 0 to 1, not 7."] == (Priority.INTERRUPT, "error")
    app.notify("Could not save.", error=True)
    app.notify("Saved.")
    kinds = {a.text: (a.priority, a.kind) for a in said(app)}
    assert kinds["Could not save."] == (Priority.INTERRUPT, "error")
    assert kinds["Saved."] == (Priority.POLITE, "toast")


def test_nothing_is_said_with_read_aloud_off(app) -> None:
    spoken: list[str] = []
    app._speaker = Speaker(lambda text, lang: spoken.append(text))
    app.settings.read_aloud = False
    for key in (pygame.K_DOWN, pygame.K_RETURN, TAB, pygame.K_ESCAPE, pygame.K_DOWN):
        press(app, key)
    app.speaker.wait()
    assert spoken == []


def at_the_table(app):
    from tests.ui.table_helpers import stacked_session, start
    from ui.session import SeatInfo

    return start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))


def test_a_question_is_answered_with_the_keyboard_and_nothing_behind_it_moves(app) -> None:
    """Pause → Restart asks first. Tab goes to Cancel (it moved the pause menu's focus behind the
    question), Enter presses Cancel (it pressed the pause menu's button behind the question, Rules)."""
    from ui.scenes.pause import PauseScene

    table = at_the_table(app)
    spoken = listening(app)
    opened = keys(app, spoken, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert opened[-1] == "Pause. Gin Rummy. Resume, button."
    assert keys(app, spoken, pygame.K_DOWN) == ["Restart, button."]
    asked = keys(app, spoken, pygame.K_RETURN)
    assert pause.confirm is not None and pause.confirm.alive()
    assert asked == ["Restart. Start this match again with a new deal? The current match will be lost. Restart, button."]
    assert keys(app, spoken, TAB) == ["Cancel, button."]
    assert pause.focused_widget().text == app.tr("pause.restart")  # the menu behind did not move
    back = keys(app, spoken, pygame.K_RETURN)
    assert app.top is pause and (pause.confirm is None or not pause.confirm.alive())
    assert back == ["Pause. Gin Rummy. Restart, button."]
    assert keys(app, spoken, pygame.K_RETURN, TAB, (TAB, SHIFT))[-1] == "Restart, button."  # asked again
    keys(app, spoken, pygame.K_RETURN)
    assert app.top is not pause and app.top.session is not table.session  # a new match was dealt


def test_the_score_sheet_goes_back_with_shift_tab_and_says_who_won_the_match(app) -> None:
    from tests.ui.test_score_chart import session_after
    from ui.spoken import spoken as spoken_words
    from ui.table.scores import ScoreSheetScene

    spoken = listening(app)
    session = session_after("gang_de_mouettes", 3, 10**6)
    assert session.state.is_over()
    sheet = ScoreSheetScene(app, session)
    app.push(sheet)
    app.speaker.wait()
    names = " & ".join(session.seats[s].name for s in session.state.winners())
    assert spoken_words(app, session, "sheet.winner", name=names) in spoken[-1]
    assert "·" not in spoken[-1]
    last = sheet.focus
    assert keys(app, spoken, (TAB, SHIFT)) == [f"{sheet.buttons[last - 1].label}, button."]
    assert keys(app, spoken, pygame.K_UP) == [f"{sheet.buttons[last - 2].label}, button."]
    assert keys(app, spoken, pygame.K_DOWN, TAB)[-1] == f"{sheet.buttons[last].label}, button."


# ---------------------------------------------------------------- defects found on the way (keys alone)
def test_tab_and_enter_in_a_question_stay_in_the_question(app) -> None:
    """Tab moved the pause menu's focus behind an open question and Enter pressed that button
    (Rules opened behind "Restart?"); now they go between the question's buttons and press one."""
    from ui.scenes.pause import PauseScene

    table = at_the_table(app)
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert pause.confirm is not None and pause.confirm.alive()
    press(app, TAB)
    assert pause.focused_widget().text == app.tr("pause.restart")
    press(app, pygame.K_RETURN)  # Cancel
    assert app.top is pause
    assert pause.confirm is None or not pause.confirm.alive()
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # Restart, the question's first button
    assert app.top.session is not table.session


def test_shift_tab_on_the_score_sheet_goes_back(app) -> None:
    from tests.ui.test_score_chart import session_after
    from ui.table.scores import ScoreSheetScene

    sheet = ScoreSheetScene(app, session_after("gang_de_mouettes", 3, 2))
    app.push(sheet)
    assert sheet.focus == 0 and len(sheet.buttons) > 2
    press(app, TAB, SHIFT)
    assert sheet.focus == len(sheet.buttons) - 1
    press(app, pygame.K_UP)
    assert sheet.focus == len(sheet.buttons) - 2


def test_the_score_sheet_read_out_says_who_won_the_match(app) -> None:
    from tests.ui.test_score_chart import session_after
    from ui.table.scores import ScoreSheetScene

    session = session_after("gang_de_mouettes", 3, 10**6)
    sheet = ScoreSheetScene(app, session)
    app.push(sheet)
    assert session.state.is_over() and "You win the match!" in sheet.read_out()


# ---------------------------------------------------------------- every control on every screen
def every_screen(app) -> Iterator[MenuScene]:
    """Each menu screen of the app in turn, open on top (the title screen first)."""
    from game import GAMES
    from tests.ui.test_hostile_text import HostileLink
    from tests.ui.test_score_chart import session_after
    from ui.scenes.about import AboutScene
    from ui.scenes.common import games
    from ui.scenes.deck import DeckEditorScene, has_deck_editor
    from ui.scenes.fairdeal import FairDealScene
    from ui.scenes.matchfiles import MatchFilesScene
    from ui.scenes.network import JoinScene, LobbyScene
    from ui.scenes.pause import PauseScene
    from ui.scenes.replay import ReplayScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.saves import SavedMatchesScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import SetupScene
    from ui.scenes.stats import StatsScene

    session = session_after("gin_rummy", 2, 2)
    app.storage.save_session(session.to_json())
    finished = session_after("lagagne", 3, 10**6).state
    seats = [{"name": n, "kind": "remote", "state": "connected", "client": "human"} for n in ("Ann", "Bob")]
    link = HostileLink([{"type": "welcome", "seat": 0, "code": "K7QM", "game": "gin_rummy", "players": 2,
                         "names": ["Ann", "Bob"]}, {"type": "seats", "seats": seats}])
    screens = [SettingsScene(app), StatsScene(app), AboutScene(app), JoinScene(app), SavedMatchesScene(app),
               MatchFilesScene(app), PauseScene(app, session), ReplayScene(app, finished),
               FairDealScene(app, finished.view(None).get("deals", [])), LobbyScene(app, [link])]  # type: ignore[list-item]
    for game_id in games():
        screens += [SetupScene(app, game_id), RulesScene(app, game_id)]
        if has_deck_editor(game_id):
            screens.append(DeckEditorScene(app, game_id, None, lambda deck: None,
                                           options=GAMES[game_id].Options()))
    app.pop_to_title()
    app.step(1 / 60)
    yield app.top
    for screen in screens:
        app.push(screen)
        for _ in range(3):
            app.step(1 / 60)
        yield screen
        if isinstance(screen, StatsScene):
            for page in games():
                screen.show_page(page)
                yield screen
        if isinstance(screen, JoinScene):
            screen.close_browser()
        app.pop()


INTERACTIVE = ("UIButton", "UICheckBox", "UIDropDownMenu", "UITextEntryLine", "UIHorizontalSlider")
BY_OTHER_KEYS = {
    "RulesScene": "tab_button",  # the games' tabs: Left and Right
    "DeckEditorScene": "small_button",  # − and +: the counters take - and +
    "SettingsScene": "",  # its rows: Up, Down, Left, Right, Enter (see spoken_control)
}


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_every_control_on_every_screen_has_a_spoken_name_role_and_is_reached_by_the_keyboard(app, language) -> None:
    from ui.scenes.settings import SettingsScene

    app.set_language(language)
    seen = set()
    for screen in every_screen(app):
        name = type(screen).__name__
        seen.add(name)
        heard = screen.spoken_screen()
        assert heard is not None and heard.title, name
        for widget in screen.nav:
            control, _, _ = screen.describe_control(widget)
            label = screen.spoken_label(widget)
            assert label and any(ch.isalpha() for ch in label) and control.startswith(label), (name, control)
            assert control != label, (name, control)  # a role follows the name
        if isinstance(screen, SettingsScene):
            for row in range(len(screen.rows)):
                screen.row = row
                control, value, _ = screen.spoken_control()
                assert control and value, (row, control, value)
            screen.row = -1
            continue
        other = BY_OTHER_KEYS.get(name)
        stack = [screen.root]
        while stack:
            for element in stack.pop().elements:
                if "ScrollBar" in type(element).__name__ or any("scroll_bar" in str(i) for i in element.element_ids):
                    continue  # the mouse's; the keyboard scrolls a focused control into view
                if hasattr(element, "elements") and type(element).__name__ not in INTERACTIVE:
                    stack.append(element)
                    continue
                if type(element).__name__ not in INTERACTIVE or not element.is_enabled or not element.visible:
                    continue
                if other and other in (element.class_ids[-1] or ""):
                    continue
                assert element in screen.nav, (name, type(element).__name__, getattr(element, "text", ""))
    assert len(seen) >= 14, seen


def test_the_knock_panel_says_its_melds_deadwood_and_focus_and_a_wrong_meld_at_once(app) -> None:
    from tests.ui.test_table_gin_knock_panel import open_panel

    spoken = listening(app)
    start = len(spoken)
    _, panel = open_panel(app)
    frames(app, spoken)
    opened = spoken[start:]
    assert opened[-1] == (
        "Lay out your knock, discard the King of hearts. Meld 1. 3 of clubs, 4 of clubs, 5 of clubs, 6 of clubs. "
        "Run. Meld 2. 9 of spades, 9 of hearts, 9 of diamonds. Set. Deadwood: 4 / 10. Ace of spades, Ace of hearts, "
        "2 of diamonds. Within the knock limit. Deadwood 4, knock limit 10: ready to knock. Click a card, then a row "
        "(or drag it). Keys: arrows choose a card, Up/Down move it, K knocks, A resets, Esc cancels.")
    assert keys(app, spoken, TAB) == ["3 of clubs, Meld 1."]
    moved = keys(app, spoken, pygame.K_DOWN)
    assert panel.layout.row_of("3c") == 1
    assert moved == ["Meld 2 is not a meld: a set is 3 or 4 cards of one rank, a run 3 or more cards of one suit in "
                     "sequence.", "3 of clubs, Meld 2. Meld 1. 4 of clubs, 5 of clubs, 6 of clubs. Meld 2. 3 of clubs, 9 of spades, "
                     "9 of hearts, 9 of diamonds. Not a meld."]
    kinds = {a.text: a.priority for a in said(app)}
    assert kinds[moved[0]] == Priority.INTERRUPT


def test_a_listener_goes_from_the_title_screen_to_the_table_with_keys_and_speech_alone(app) -> None:
    """Done when (issue 63): start the app, choose a game, set up the seats, learn the rules, play."""
    from tests.ui.table_helpers import run_until
    from ui.table.scene import TableScene

    spoken = listening(app)
    assert spoken[0].startswith("Tablée.") and spoken[0].endswith("Gin Rummy, 2 players, button. Two players draw "
                                                                 "and discard to build sets and runs, then knock "
                                                                 "before the other does; the match goes to 1,000 "
                                                                 "points.")
    assert keys(app, spoken, pygame.K_RETURN) == ["New game, Gin Rummy. Start, button."]
    seats = keys(app, spoken, *[TAB] * 5)
    assert seats == ["Undo between people, check box, not checked. With several people at this computer, let Ctrl+Z "
                     "take back the last decision of any of them (and the bots' replies). Against bots alone, undo is "
                     "always offered.",
                     "Seat 1, name, text box, Player 1.", "Seat 1, who plays, choice, Human.",
                     "Seat 2, name, text box, Bruno.", "Seat 2, who plays, choice, Bot, normal."]
    assert keys(app, spoken, pygame.K_RIGHT) == ["Bot, hard."]
    assert keys(app, spoken, *[(TAB, SHIFT)] * 6)[-1] == "Read the rules, button."
    assert keys(app, spoken, pygame.K_RETURN)[0].startswith("Rules, Gin Rummy. 9 sections.")
    assert keys(app, spoken, pygame.K_h)[0].startswith("Section 1 of 9. How to play. Goal: collect melds")
    assert keys(app, spoken, pygame.K_ESCAPE) == ["New game, Gin Rummy. Read the rules, button."]
    assert keys(app, spoken, TAB) == ["Start, button."]
    start = len(spoken)
    keys(app, spoken, pygame.K_RETURN)
    assert isinstance(app.top, TableScene) and app.top.session.seats[1].level == "hard"
    # a new deal: Bruno may deal or play first
    run_until(app, lambda: app.speaker.wait() or any(line.startswith("Your turn") for line in spoken[start:]))
    turn = next(line for line in spoken[start:] if line.startswith("Your turn"))
    kinds = {a.text: a.priority for a in said(app)}
    assert kinds[turn] == Priority.INTERRUPT
    assert keys(app, spoken, pygame.K_ESCAPE)[-1] == "Pause. Gin Rummy. Resume, button."
    assert keys(app, spoken, pygame.K_RETURN) == [] and isinstance(app.top, TableScene)  # back at the table


def test_the_statistics_read_each_cell_as_words(app) -> None:
    from ui.scenes.stats import StatsScene
    from ui.session import SeatInfo

    seats = [SeatInfo("Ann"), SeatInfo("Bot", "normal")]
    app.storage.record_result("gang_de_mouettes", seats, [0])
    app.storage.record_result("gang_de_mouettes", seats, [1])
    app.storage.record_result("gang_de_mouettes", seats, [0], assisted=True)
    spoken = listening(app)
    app.push(StatsScene(app))
    page = frames(app, spoken)[-1]
    assert "Gang de mouettes. Against bots, easy: none yet; normal: 2 won of 3, 67% won, including 1 assisted " \
           "(1 won); hard: none yet;" in page


def test_a_hostile_table_name_is_spoken_as_harmless_bounded_text(app) -> None:
    """A table name from the network that slipped past the checks (NUL, a lone surrogate, terminal
    escapes, a megabyte): the Join screen says it without them and within the text limit, and the
    app lives on (a NUL cannot even be handed to a speech program)."""
    from net.discovery import TableAd
    from ui.scenes.network import JoinScene
    from ui.text import TEXT_LIMIT

    spoken = listening(app)
    app.push(JoinScene(app))
    join = app.top
    join.close_browser()
    join.heard = [TableAd("Zo\x00é\ud800\x1b[2J" + "x" * 1_000_000, "10.0.0.7", 47815, "K7QM2D", "gin_rummy", 2, 1)]
    join.rebuild()
    said = frames(app, spoken)
    assert said and app.top is join
    assert all(len(line) <= TEXT_LIMIT and line.isprintable() for line in said)
    assert any("Zoé" in line for line in said)
    pygame.event.clear()


def test_a_letter_typed_or_erased_in_a_text_box_is_said_alone(app) -> None:
    from ui.scenes.network import JoinScene

    spoken = listening(app)
    app.push(JoinScene(app))
    app.top.close_browser()
    frames(app, spoken)
    keys(app, spoken, TAB, TAB, TAB)
    assert type_text(app, spoken, "ab") == ["a.", "b."]
    assert keys(app, spoken, pygame.K_BACKSPACE) == ["b."]  # the letter erased
    pygame.event.clear()
