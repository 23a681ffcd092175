"""Text from outside (a host's names and reasons, a LAN announcement) is drawn whatever it holds:
the fonts refuse a NUL and lone surrogates, and a scene that showed one went back to the title with
a crash report. Every font of the app and every label and button of the menus now draw any text."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from net.discovery import TableAd
from ui.scenes.network import JoinScene, LobbyScene
from ui.text import TEXT_LIMIT, drawable

HOSTILE = ["A\x00nn", "\ud800\udfff", "\x1b[2J\x07\x7f", "x" * 100_000, "Zo\u202eé", b"\xff\xfe\x00", None, 5, ["a"]]


@pytest.mark.parametrize("text", HOSTILE)
def test_the_apps_fonts_draw_any_text(app, text: Any) -> None:
    for font in (app.font(18), app.font(24, bold=True)):
        assert font.render(text, True, (0, 0, 0)).get_height() > 0
        assert font.size(text)[1] > 0


def test_what_drawable_keeps_and_drops() -> None:
    assert drawable("A\x00nn\x1b") == "Ann"
    assert drawable("\ud800x") == "\ufffdx"
    assert drawable("49\u202f% · manche :\u00a02\nligne\tsuite") == "49\u202f% · manche :\u00a02\nligne\tsuite"
    assert len(drawable("x" * 1_000_000)) == TEXT_LIMIT
    assert drawable(b"Zo\xc3\xa9\x00") == "Zoé"
    assert drawable(None) == drawable(5) == drawable(["a"]) == ""


class HostileLink:
    """A link to a host that sends NULs, surrogates and control characters in every text."""

    seat = 0
    status = "connected"
    watch = False
    silent = False

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.messages = messages

    def take(self) -> list[dict[str, Any]]:
        messages, self.messages = self.messages, []
        return messages

    def close(self) -> None:
        self.status = "closed"


def test_a_waiting_room_shows_a_hostile_hosts_words_without_crashing(app) -> None:
    names = ["A\x00nn", "B\ud800ob"]
    link = HostileLink([
        {"type": "welcome", "seat": 0, "code": "K7\x00QM", "game": "gin_rummy", "players": 2, "names": names},
        {"type": "seats", "seats": [{"name": n, "kind": "remote", "state": "connected", "client": "hu\x00man"}
                                    for n in names]},
        {"type": "link", "status": "lost", "key": "odd\x00", "message": "No\x00 table\x1b[2J " * 500},
    ])
    lobby = LobbyScene(app, [link])  # type: ignore[list-item]
    app.push(lobby)
    for _ in range(5):
        app.step(1 / 60)
    assert app.top is lobby and lobby.problem
    shown = [label.text for label in lobby.seat_labels]
    assert shown and all("\x00" not in text for text in shown) and "Ann" in shown[0]


def test_the_join_screen_draws_a_table_whose_name_slipped_past_the_checks(app, monkeypatch) -> None:
    """The announcement's check drops such a table (``tests/net/test_discovery.py``); were one to
    slip past, the Join screen still draws it."""
    import net.discovery

    monkeypatch.setattr(net.discovery, "TableBrowser", None)  # no listening: the tables of a real network would show
    app.push(JoinScene(app))
    join = app.top
    assert isinstance(join, JoinScene)
    join.close_browser()
    join.heard = [TableAd("Zo\x00é\ud800", "10.0.0.7", 47815, "K7QM2D", "gin_rummy", 2, 1)]
    join.rebuild()
    for _ in range(3):
        app.step(1 / 60)
    assert app.top is join and "Zoé" in join.table_buttons[0].text
    pygame.event.clear()


def test_the_code_box_moves_its_caret_with_the_keypads_home_and_end(app) -> None:
    """With Num Lock off the keypad's End (and Home, arrows, Delete) edits a text box as it does
    in every other program; typed beyond its limit a letter is refused, the text kept whole."""
    from tests.ui.conftest import press

    app.push(JoinScene(app))
    join = app.top
    assert isinstance(join, JoinScene)
    join.close_browser()
    entry = join.code_entry
    join.set_focus(join.nav.index(entry))
    for ch in "ABCDEF":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(1 / 60)
    assert entry.get_text() == "ABCDEF" and entry.edit_position == 6
    press(app, pygame.K_KP7)
    assert entry.edit_position == 0
    press(app, pygame.K_KP1)
    assert entry.edit_position == 6
    press(app, pygame.K_KP4)
    assert entry.edit_position == 5
    press(app, pygame.K_HOME)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Z"))
    app.step(1 / 60)
    app.step(1 / 60)
    assert entry.get_text() == "ABCDEF" and entry.edit_position == 0  # refused, nothing pushed out


def typed(app, entry, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(1 / 60)
    app.step(1 / 60)  # the box tidies what it was given


def test_the_code_box_holds_a_code_as_codes_are_written(app) -> None:
    """The code box took 24 characters for 6-character codes: it takes as many as a code has, in
    upper case, without the spaces and dashes a code may be typed or pasted with, and refuses
    letters no code has (0, O, 1, I) and a seventh one wherever it is typed."""
    from pygame_gui.core.utility import clipboard_copy

    from net.protocol import CODE_LENGTH
    from tests.ui.conftest import press

    app.push(JoinScene(app))
    join = app.top
    join.close_browser()
    entry = join.code_entry
    join.set_focus(join.nav.index(entry))
    typed(app, entry, "k7q-m 2")
    assert entry.get_text() == "K7QM2" and entry.edit_position == 5
    typed(app, entry, "0O1I")
    assert entry.get_text() == "K7QM2"
    typed(app, entry, "d")
    assert entry.get_text() == "K7QM2D" and len(entry.get_text()) == CODE_LENGTH
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    typed(app, entry, "X")
    assert entry.get_text() == "K7QM2D" and entry.edit_position == 4  # refused where it was typed
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    assert entry.get_text() == "K72D" and entry.edit_position == 2
    typed(app, entry, "qm")
    assert entry.get_text() == "K7QM2D" and entry.edit_position == 4
    entry.set_text("")
    app.step(1 / 60)
    clipboard_copy("k7q-m2d")
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    app.step(1 / 60)
    assert entry.get_text() == "K7QM2D" and entry.edit_position == 6
    join.join_typed()  # no address: the one thing said missing is the address, not the code
    assert join.problem == app.tr("net.join.need_address")


def test_a_table_heard_while_the_join_screen_waits_for_input_is_shown_at_once(app, monkeypatch) -> None:
    """Seen with two apps in one X display: the table was heard, but the Join screen listed it only
    once the pointer moved. The screen read its browser after a second of frame time, and a frame
    that waits for input counts 1/60 s for half a second: half a minute at least. Now the browser
    says when it heard something and that wakes the window."""
    import net.discovery

    class Browser:
        """Stands in for zeroconf: ``hear`` is a table arriving on its thread."""

        made: list[Browser] = []

        def __init__(self, on_change: Any = None) -> None:
            self.on_change = on_change
            self.heard: list[TableAd] = []
            Browser.made.append(self)

        def tables(self) -> list[TableAd]:
            return list(self.heard)

        def close(self) -> None:
            pass

        def hear(self, ad: TableAd) -> None:
            self.heard.append(ad)
            if self.on_change is not None:
                self.on_change()

    monkeypatch.setattr(net.discovery, "TableBrowser", Browser)
    app.push(JoinScene(app))
    join = app.top
    assert isinstance(join, JoinScene) and Browser.made
    app.step(1 / 60, draw=False)
    Browser.made[-1].hear(TableAd("Zoé", "10.0.0.7", 47815, "K7QM2D", "gin_rummy", 2, 1))
    for _ in range(2):  # as the run loop steps while it waits for input: a frame every half second
        app.step(1 / 60, draw=False)
    assert [b.text for b in join.table_buttons] and "Zoé" in join.table_buttons[0].text
    assert not app._redraw, "the frame that showed the table was drawn"
    pygame.event.clear()


def test_a_table_heard_while_the_player_types_an_address_leaves_the_keyboard_in_the_address_box(app, monkeypatch) -> None:
    """Seen with two apps driven by keys: a table heard while the friend typed the host's address
    put a button above the boxes, the screen was built again and the keyboard focus stayed at the
    same place in the list, now the table's button: the next Enter joined that table. The focus
    now stays with the widget that had it, and the box keeps its text and the typing."""
    import net.discovery

    class Browser:
        made: list[Browser] = []

        def __init__(self, on_change: Any = None) -> None:
            self.on_change, self.heard = on_change, []
            Browser.made.append(self)

        def tables(self) -> list[TableAd]:
            return list(self.heard)

        def close(self) -> None:
            pass

    monkeypatch.setattr(net.discovery, "TableBrowser", Browser)
    app.push(JoinScene(app))
    join = app.top
    assert isinstance(join, JoinScene)
    join.set_focus(join.nav.index(join.address_entry))
    for ch in "127.0.0.1:4":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(1 / 60)
    browser = Browser.made[-1]
    browser.heard.append(TableAd("Zoé", "10.0.0.7", 47815, "K7QM2D", "gin_rummy", 2, 1))
    if browser.on_change is not None:
        browser.on_change()
    for _ in range(70):  # long enough for the screen to look at its list whichever way it does
        app.step(1 / 60)
    assert join.table_buttons, "the table is listed"
    assert join.focused_widget() is join.address_entry
    assert join.address_entry is not None and join.address_entry.is_focused  # still typing there
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="7"))
    app.step(1 / 60)
    assert join.address_entry.get_text() == "127.0.0.1:47"
    pygame.event.clear()


@pytest.mark.parametrize("seats", [None, "xyz", 5, [1, "a", None], [{"name": 5, "kind": ["remote"], "state": {}}],
                                   [{"kind": "remote", "state": "connected"}] * 5000])
@pytest.mark.parametrize("auto_start", [True, "yes", None])
def test_a_waiting_room_lives_through_a_hostile_hosts_seat_list(app, seats: Any, auto_start: Any) -> None:
    """A seat list that is no list of seats (or a huge one), at a table that says it deals by
    itself in any type: the waiting room keeps what it understood and says how many have joined."""
    message: dict[str, Any] = {"type": "seats"}
    if seats is not None:
        message["seats"] = seats
    link = HostileLink([
        {"type": "welcome", "seat": 0, "code": "K7QM2D", "game": "gin_rummy", "players": 2, "names": ["Ann", "Bob"],
         "auto_start": auto_start},
        {"type": "seats", "seats": [{"name": "Ann", "kind": "remote", "state": "connected", "client": "human"}]},
        message,
    ])
    lobby = LobbyScene(app, [link])  # type: ignore[list-item]
    app.push(lobby)
    for _ in range(3):
        app.step(1 / 60)
    assert app.top is lobby
    assert all(isinstance(seat, dict) for seat in lobby.seats)
