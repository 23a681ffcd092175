"""Table on this screen: every person plays on a phone, and the host's window shows the whole table
to everyone, a spectator's table holding no card a spectator may not know.

A real host on loopback, two people's clients (WebSocket, as a phone's page speaks) filling the
phones' seats and a bot the third; the app (headless) hosts from its setup form.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from itertools import count
from typing import Any

import pygame
import pytest

from game import GAMES
from game.core import Rng
from net.client import JoinError, SeatClient, play_bot
from net.protocol import PROTOCOL_VERSION, encode
from net.table import HostedTable, NetSeat
from tests.patience import PATIENCE
from tests.ui.conftest import center, click, press
from tests.ui.test_network_table import wait
from ui.picture.model import Picture
from ui.scenes.network import LobbyScene
from ui.table import sprites
from ui.table.remote import REMOTE_LEVEL, RemoteSession
from ui.table.scene import TableScene

PHONES = ("Ann", "Bob")


def phone(address: str, code: str, name: str, seat: int, done: list[str]) -> threading.Thread:
    """A person on a phone: a client that sends moves as a person does, when its seat may act."""
    def run() -> None:
        try:
            asyncio.run(play_bot(address, code, "easy", name=name, seat=seat, as_person=True, pace=0.2,
                                 reconnect_for=5))
        except JoinError:
            pass
        done.append(name)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def choose(app: Any, menu: Any, wanted: str) -> None:
    """Pick ``wanted`` in a seat's drop-down with the keyboard, as a player would."""
    setup = app.top
    setup.set_focus(setup.nav.index(menu))
    for _ in range(8):
        if menu.selected_option[1] == wanted:
            return
        press(app, pygame.K_RIGHT)
    assert menu.selected_option[1] == wanted


def host_for_phones(app: Any) -> LobbyScene:
    """Gang de mouettes for three: two seats on phones, a bot, nobody at this computer."""
    click(app, center(app.top.game_buttons["gang_de_mouettes"]))
    setup = app.top
    setup.set_count(3)
    assert not setup.table_here_label.visible  # the first seat is a person here
    choose(app, setup.level_menus[1], REMOTE_LEVEL)
    app.step(1 / 60)
    assert not setup.table_here_label.visible  # still: a person plays here, a friend on a phone
    choose(app, setup.level_menus[0], REMOTE_LEVEL)
    choose(app, setup.level_menus[2], "easy")
    app.step(1 / 60)
    assert setup.table_here_label.visible and setup.table_here()
    assert not setup.error
    for i, name in enumerate(PHONES):
        setup.name_entries[i].set_text(name)
    click(app, center(setup.start_button))
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None and lobby.watching
    wait(app, lambda: lobby.welcome and lobby.seats)
    return lobby


def faces(picture: Picture) -> dict[str, str]:
    """The faces of the cards the picture shows face up, by node."""
    return {n.ident: str(n.content) for n in picture if n.kind == "card" and n.content not in (None, "", "back")}


def public_faces(view: dict[str, Any]) -> set[str]:
    """Every card a spectator of Gang de mouettes may see face up in ``view``."""
    known = {c for row in view.get("slots", []) for c in row if c}
    known |= {c for c in view.get("discard", []) if c}
    for key in ("top", "drawn", "pending", "scouted"):  # pending: a power card played face up, on its way
        if isinstance(view.get(key), str):
            known.add(view[key])
    for entry in view.get("round_log", []) + view.get("history", []):
        known |= {c for c in json.dumps(entry).replace('"', " ").split() if len(c) <= 4}
    return known


def test_the_hosts_screen_shows_the_table_to_everyone_through_a_whole_round(app) -> None:
    lobby = host_for_phones(app)
    words = lobby.shown_words().replace(". ", " ")  # its lines as sentences
    assert lobby.spoken_title() == app.tr("net.lobby.table_here") == "Table on this screen"
    assert app.tr("net.lobby.starts_itself").rstrip(".") in words
    assert lobby.start_button is None  # the match deals itself once the phones have joined
    assert lobby.mine() == [] and all(app.tr("net.state.you") not in label.text for label in lobby.seat_labels)
    host = lobby.host
    assert host is not None
    code, port = lobby.welcome["code"], host.host.port
    done: list[str] = []
    for seat, name in enumerate(PHONES):
        phone(f"127.0.0.1:{port}", code, name, seat, done)
    wait(app, lambda: isinstance(app.top, TableScene))
    scene: Any = app.top
    assert isinstance(scene.session, RemoteSession)
    assert scene.viewer is None and scene.session.humans == [] and scene.legal == []
    assert not scene.driver.local and scene.state.mine == []
    real = host.host.table.state
    rounds = len(real.view(None)["history"])
    saw = {"window": False, "score": False}
    end = time.monotonic() + PATIENCE
    while len(scene.state.view(None).get("history", [])) <= rounds:
        assert time.monotonic() < end, "the round did not end"
        app.step(1 / 60)
        time.sleep(0.002)
        picture = scene.picture()
        shown = faces(picture)
        allowed = public_faces(scene.view)
        hidden = {ident: face for ident, face in shown.items() if face not in allowed}
        assert not hidden, f"the screen shows cards no spectator may know: {hidden}"
        assert scene.legal == [] and scene.viewer is None
        assert "marks" not in {b.key for b in scene.buttons}, "a screen that knows nothing offers to show it"
        assert scene.gestures.status != app.tr("gang.status.others_memorise"), "nobody here: there are no 'others'"
        if scene.driver.window_clock() is not None:
            saw["window"] = True
    assert saw["window"], "no quick-discard race was shown"
    shown_words = {n.content for n in scene.picture()}
    assert app.tr("table.watch_hint") in shown_words and app.tr("table.menu_hint") not in shown_words  # no "Enter: play"
    for _ in range(120):  # the round's result is laid out on the table
        app.step(1 / 60)
    scene.finish_animations()
    app.step(1 / 60)
    picture = scene.picture()
    assert any(n.ident.startswith("score") or "score" in n.ident for n in picture), [n.ident for n in picture][:40]
    pygame.image.save(app.screen, str(app.data_dir / "table-here-round.png"))
    assert not app.storage.has_session()
    scene.session.close()


class Inbox:
    """Stands for the screen's link: the messages a watcher was sent, completed as the app's link
    completes them (the log and history the host sends once)."""

    seat = None

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        client = SeatClient("127.0.0.1:1", "SEAT23", watch=True)
        self.messages = [client._completed(json.loads(json.dumps(m))) for m in messages]
        self.latency = None
        self.client = client

    def take(self) -> list[dict[str, Any]]:
        out, self.messages = self.messages, []
        return out

    def send(self, message: dict[str, Any]) -> None:
        raise AssertionError(f"the screen sent {message}")

    def close(self) -> None:
        return


def screen_of(app: Any, state: Any) -> tuple[str, bytes]:
    """The host's screen (its picture and its pixels) after the phones looked at their cards and
    one drew, at a table that differs from another only in ``state``'s hidden cards (the cards'
    idents counted from 1 as in a freshly started app)."""
    sprites._ids = count(1)
    seats = [NetSeat("Ann", "remote"), NetSeat("Bob", "remote"), NetSeat("Bot", "easy")]
    table = HostedTable(state, seats, "SEAT23", auto_start=True, watch_token="key")
    screen = table.connect(0.0)
    out = table.handle(screen, encode({"type": "watch", "version": PROTOCOL_VERSION, "code": "SEAT23",
                                       "token": "key"}), 0.0)
    phones = []
    for seat, name in enumerate(PHONES):
        conn = table.connect(0.0)
        phones.append(conn)
        out += table.handle(conn, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": "SEAT23",
                                          "name": name, "seat": seat}), 0.0)
    for conn in phones:
        out += table.handle(conn, encode({"type": "ready"}), 1.0)
    mover = table.state.to_move()[0]
    out += table.handle(phones[mover], encode({"type": "move", "move": "draw"}), 2.0)
    sent = [m for c, m in out if c == screen and m is not None]
    welcome = next(m for m in sent if m["type"] == "welcome")
    updates = [m for m in sent if m["type"] == "update"]
    inbox = Inbox(updates)
    first = inbox.take()
    session = RemoteSession(inbox, welcome, first[0], first[1:])  # type: ignore[arg-type]
    app.start_match(session)
    scene: Any = app.top
    for _ in range(len(updates) + 4):
        scene.finish_animations()
        app.step(1 / 60)
    scene.finish_animations()
    app._shown = None
    app.draw()
    return repr(scene.picture()), pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hosts_screen_is_the_same_whatever_the_hidden_cards(app, lang: str, monkeypatch) -> None:
    """Two matches that differ only in the cards no spectator may know (each seat's hand, its own
    included, the drawn card and the pile) give the very same picture and the very same pixels."""
    app.set_language(lang)
    monkeypatch.setattr(sprites, "_ids", count(1))
    desc = GAMES["gang_de_mouettes"]
    real = desc.new_match(["Ann", "Bob", "Bot"], desc.Options(first_dealer=0), seed=12)
    other = type(real).determinise(real.view(None), Rng(99))
    assert other.view(None) == real.view(None)
    assert other.view(0) != real.view(0) and other.view(1) != real.view(1)
    first_picture, first_pixels = screen_of(app, real)
    app.pop_to_title()
    second_picture, second_pixels = screen_of(app, other)
    assert "card:" in first_picture
    assert first_picture == second_picture
    assert first_pixels == second_pixels


def test_a_table_on_this_screen_is_hosted_again_after_a_crash_and_shown_again(app) -> None:
    """The app stopped while its screen showed a table: the title offers to host it again, the
    screen takes the table back with its watch key (nobody's seat), the phones come back with theirs."""
    from ui.scenes.network import hosted_file

    desc = GAMES["gang_de_mouettes"]
    seats = [NetSeat("Ann", "remote"), NetSeat("Bob", "remote"), NetSeat("Bot", "easy")]
    table = HostedTable(desc.new_match(["Ann", "Bob", "Bot"], seed=4), seats, "ZXCVBN", auto_start=True,
                        watch_token="screen-key")
    for seat, key in ((0, "key-of-ann"), (1, "key-of-bob")):
        seats[seat].client, seats[seat].token = "human", key
    table.started = True
    hosted_file(app.data_dir).write_text(json.dumps(table.snapshot()))
    app.pop_to_title()
    app.scenes[0].rebuild()
    title = app.top
    assert title.host_again_button is not None
    click(app, center(title.host_again_button))
    wait(app, lambda: isinstance(app.top, TableScene))  # the match had started: straight to the table
    scene: Any = app.top
    assert scene.viewer is None and scene.state.mine == [] and scene.session.host is not None
    hosted = scene.session.host.host.table
    assert hosted.watcher is not None and hosted.watch_token != "screen-key"  # the key worked once
    assert all(seat.conn is None for seat in hosted.seats)  # it took nobody's seat
    scene.session.close()
