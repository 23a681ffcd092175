"""What network players read is true of a network table: its menu is no pause (the match goes on),
the host's own seat shows no ping, the setup says it hosts, a seat's waiting room says who starts
the match. A real host on loopback, the app headless."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UILabel

from game import GAMES
from net.browser import Screen
from net.host import Host, HostThread
from net.table import HostedTable, NetSeat
from tests.ui.conftest import press
from tests.ui.test_network_table import friend, host_gin_from_setup, join_typed, wait
from ui.i18n import Translator
from ui.scenes.pause import PauseScene
from ui.table.remote import waiting_words
from ui.table.scene import TableScene
from ui.web.seat import Fonts, WebSeat


def hosted_match(app) -> TableScene:
    """Gin Rummy hosted from the setup form, a friend's network bot in seat 2: the host's table."""
    lobby = host_gin_from_setup(app)
    friend(f"127.0.0.1:{lobby.host.host.port}", lobby.welcome["code"])
    wait(app, lambda: lobby.start_button is not None and lobby.start_button.is_enabled)
    lobby.start()
    wait(app, lambda: isinstance(app.top, TableScene))
    return app.top


def words(scene: PauseScene) -> list[str]:
    return [w.text for w in scene.nav if hasattr(w, "text")]


def test_the_menu_of_a_network_table_is_no_pause(app) -> None:
    """Esc at a network table opened a menu headed "Pause" with *Resume*, while the match went on for
    everybody: it is headed "Menu", says the match goes on, and the host's last entry closes the table."""
    table = hosted_match(app)
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, PauseScene)
    said = f"{menu.heading()} {menu.subtitle()} {menu.spoken_title()} {' '.join(words(menu))}"
    assert app.tr("pause.heading") not in said and app.tr("pause.resume") not in said
    assert menu.heading() == "Menu" and menu.subtitle() == "Gin Rummy — the match goes on"
    assert words(menu)[0] == "Back to the table" and words(menu)[-1] == "Close the table"
    assert not {app.tr(k) for k in ("pause.restart", "pause.save_quit", "pause.export")} & set(words(menu))
    press(app, pygame.K_ESCAPE)
    assert app.top is table


def test_a_table_at_this_computer_is_still_paused(app) -> None:
    """Against bots the menu pauses the match and says so."""
    from tests.ui.conftest import center, click

    click(app, center(app.top.game_buttons["gin_rummy"]))
    click(app, center(app.top.start_button))
    assert isinstance(app.top, TableScene)
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, PauseScene)
    assert menu.heading() == "Pause" and menu.subtitle() == "Gin Rummy" and words(menu)[0] == "Resume"


def test_the_hosts_own_seat_shows_no_ping(app) -> None:
    """The host's plate showed its own loopback round trip ("You · 0 ms"): only a seat played across
    the network has a latency."""
    table = hosted_match(app)
    session = table.session
    session.link.latency = 0.0004  # the host's own link, over loopback, as measured after its first ping
    wait(app, lambda: session.referee.seats and session.referee.seats[0].get("state") == "connected")
    mine = table.match.seat_badge(0, app.tr("table.human"))
    assert mine == app.tr("table.human") and "ms" not in mine
    assert session.referee.seats[0].get("latency") is None  # and the host tells the friend none either


def auto_table() -> HostThread:
    """Gang de mouettes for two people on other computers and a bot, dealt as soon as both joined."""
    desc = GAMES["gang_de_mouettes"]
    state = desc.new_match(["Ann", "Bob", "Cy"], seed=5)
    seats = [NetSeat("Ann", "remote"), NetSeat("Bob", "remote"), NetSeat("Cy", "easy")]
    thread = HostThread(Host(HostedTable(state, seats, "AUTO23", auto_start=True), bind="127.0.0.1", port=0))
    thread.start()
    return thread


def test_a_seat_at_a_table_that_deals_by_itself_is_not_told_to_wait_for_the_host(app) -> None:
    """A friend's waiting room at a table on the host's screen (or a headless host) said "Waiting for
    the host to start the match…", but nobody starts it: it deals once every player has joined."""
    host = auto_table()
    try:
        lobby = join_typed(app, host.host.port, "AUTO23", name="Zoé")
        wait(app, lambda: lobby.welcome and lobby.seats)
        said = lobby.shown_words()
        assert app.tr("net.lobby.waiting_host") not in said
        assert "The match starts by itself once every player has joined (1 of 2 so far)." in said
    finally:
        host.stop()


def test_a_seat_at_a_hosts_table_waits_for_the_host() -> None:
    tr = Translator("fr")
    seats = [{"kind": "remote", "state": "connected"}, {"kind": "remote", "state": "waiting"}, {"kind": "easy"}]
    assert waiting_words(tr, {"auto_start": False}, seats) == tr("net.lobby.waiting_host")
    assert waiting_words(tr, {"auto_start": True}, seats) == tr("net.lobby.waiting_players", joined=1, seats=2)
    assert "(1 sur 2 pour l'instant)" in waiting_words(tr, {"auto_start": True}, seats)


def test_a_phones_waiting_screen_is_told_what_it_waits_for() -> None:
    """The page's waiting screen said "Waiting for the host to start the match…" at a table that deals
    by itself: the host adds the seat's waiting line, in its language, to the seats' news before the deal."""
    view = WebSeat(Fonts(), Screen((390, 844, "de")))
    view.receive({"type": "welcome", "seat": 0, "auto_start": True})
    seats = [{"name": "Ann", "kind": "remote", "state": "connected"},
             {"name": "Bob", "kind": "remote", "state": "waiting"}, {"name": "Cy", "kind": "easy", "state": "bot"}]
    [news] = view.receive({"type": "seats", "seats": seats, "started": False})
    assert news["waiting"] == "Die Partie beginnt von selbst, sobald alle Spieler am Tisch sind (bisher 1 von 2)."
    view = WebSeat(Fonts(), Screen((390, 844, "es")))
    view.receive({"type": "welcome", "seat": 0, "auto_start": False})
    [news] = view.receive({"type": "seats", "seats": seats, "started": False})
    assert news["waiting"] == Translator("es")("net.lobby.waiting_host")


def test_the_setups_button_says_it_hosts_the_table_when_a_seat_is_a_network_player(app) -> None:
    """With a seat for a network player, Start opens the table's waiting room, not the match: the
    button says so (and says Start again once no seat waits for a network player)."""
    from tests.ui.conftest import center, click
    from tests.ui.test_table_here import choose
    from ui.table.remote import REMOTE_LEVEL

    click(app, center(app.top.game_buttons["gin_rummy"]))
    setup = app.top
    assert setup.start_button.text == "Start"
    choose(app, setup.level_menus[1], REMOTE_LEVEL)
    app.step(1 / 60)
    assert setup.start_button.text == "Host the table"
    choose(app, setup.level_menus[1], "easy")
    app.step(1 / 60)
    assert setup.start_button.text == "Start"
    choose(app, setup.level_menus[1], REMOTE_LEVEL)
    app.set_language("fr")
    app.step(1 / 60)
    assert app.top.start_button.text == "Accueillir la table"  # built again in the new language


def hosted_snapshot() -> dict:
    """A Gang de mouettes table this app hosted, dealt, its host's seat 1 of 3."""
    state = GAMES["gang_de_mouettes"].new_match(["Ann", "Bob", "Cy"], seed=5)
    table = HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bob", "remote"), NetSeat("Cy", "easy")],
                        "ABC234", host_seat=0, local_seats=[0])
    for n, seat in enumerate(table.seats[:2]):
        seat.client, seat.conn, seat.token = "human", n + 1, f"key-{n}"
    table.start()
    for seat in table.seats[:2]:
        seat.conn = None
    return table.snapshot()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_title_buttons_of_a_network_table_are_never_cut(tmp_path, size) -> None:
    """"Host again — Gang de mouettes (network table)" ran past its button at 1280 px wide (and the
    Rejoin button in German and Spanish, with a wide table code): every button's words fit it, in
    every language; where the whole Rejoin does not, it says less and its tooltip and voice say all."""
    import json

    from net.keys import SeatKeys
    from tests.ui.conftest import open_app
    from ui.storage import hosted_file

    data = tmp_path / "data"
    data.mkdir()
    hosted_file(data).write_text(json.dumps(hosted_snapshot()))
    SeatKeys(data).keep("192.168.1.20:47815", "WWWWWW", "gang_de_mouettes", 1, "k" * 24, "Bob")
    for app in open_app(data, size):
        for lang in ("en", "fr", "de", "es"):
            app.set_language(lang)
            app.step(1 / 60)
            title = app.top
            assert title.host_again_button is not None and title.rejoin_button is not None
            for button in title.nav:
                assert button.font.size(button.text)[0] <= button.rect.width - 8, f"{button.text!r} is cut in {lang}"
            code = "WWWWWW" in title.rejoin_button.text
            assert code or "WWWWWW" in title.spoken_labels[title.rejoin_button]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_routers_answer_moves_nothing_in_the_waiting_room(data_dir, lang: str) -> None:
    """The router answers seconds after the table opens (UPnP), in words longer than "Asking your
    router…": the sentence grew and pushed the invitation, its Copy button and the seats down under
    the pointer. Their room is kept from the start: whatever the router answers, nothing moves."""
    from net.reach import Reach
    from tests.ui.conftest import open_app
    from ui.scenes.network import host_table
    from ui.session import SeatInfo
    from ui.table.remote import REMOTE_LEVEL

    for small in open_app(data_dir, (1024, 640)):
        small.set_language(lang)
        seats = [SeatInfo("Ann"), SeatInfo("Player 2", REMOTE_LEVEL), SeatInfo("Bot", "normal"),
                 SeatInfo("Player 4", REMOTE_LEVEL)]
        lobby = host_table(small, "gang_de_mouettes", seats, None, 3, port=0)
        small.push(lobby)
        wait(small, lambda lobby=lobby: lobby.welcome and len(lobby.seats) == 4)
        assert lobby.host.host.mapper is not None  # a friend's seat: the router is asked
        places = []
        for reach in (Reach(state="searching"), Reach(state="no_gateway"), Reach(state="refused"),
                      Reach(state="mapped", external_ip="203.0.113.255", external_port=65535),
                      Reach(state="private", external_ip="100.64.255.255", external_port=65535)):
            lobby._reach = lambda reach=reach: reach  # type: ignore[method-assign]
            small.step(1 / 60)
            assert lobby.reach == reach
            widgets = [lobby.copy_button, lobby.start_button, *lobby.bot_buttons.values(), *lobby.seat_labels]
            places.append([tuple(w.rect) for w in widgets])
            seats_end = max(w.rect.bottom for w in [*lobby.seat_labels, *lobby.bot_buttons.values()])
            assert seats_end <= lobby.start_button.rect.top, f"the seats run into the buttons ({lang})"
            texts = [w for w in lobby.root.elements if isinstance(w, UILabel)]
            assert max(w.rect.bottom for w in texts) <= lobby.start_button.rect.top
        assert all(p == places[0] for p in places), f"the waiting room moved when the router answered ({lang})"
        lobby.back()


def test_the_shortcut_list_at_a_network_table_offers_only_what_it_does(app) -> None:
    """F2 at a network table listed H (a hint), Ctrl+Z (take back) and Ctrl+N (deal again), which a
    network table refuses, and "Quit Tablée (the match is saved)": only what works there is listed."""
    from ui.shortcuts import shortcut_rows

    hosted_match(app)
    rows = dict(row for _, section in shortcut_rows(app) for row in section)
    said = set(rows.values())
    assert not {app.tr(k) for k in ("shortcuts.hint", "shortcuts.undo", "shortcuts.new", "shortcuts.quit")} & said
    assert rows["Ctrl+Q"] == "Quit Tablée (you may come back to this table)"
    assert rows["Esc"] == "Back; at the table, its menu" and "L" in rows


def test_a_phones_plate_does_not_say_it_plays_on_another_computer(app) -> None:
    """The table on the host's screen labelled each phone's seat "on another computer": a network
    seat may be a phone's browser as well as a computer, and its plate says what is true of both."""
    from tests.ui.test_table_here import PHONES, host_for_phones, phone

    lobby = host_for_phones(app)
    done: list[str] = []
    for seat, name in enumerate(PHONES):
        phone(f"127.0.0.1:{lobby.host.host.port}", lobby.welcome["code"], name, seat, done)
    wait(app, lambda: isinstance(app.top, TableScene))
    table = app.top
    try:
        for seat in range(len(PHONES)):
            words = table.plate(seat).line2
            assert "computer" not in words and words.startswith("network player"), words
    finally:
        table.session.close()


def test_the_match_goes_on_behind_a_network_tables_menu(app) -> None:
    """The menu says the match goes on, and it does on the table behind it: the friend's reply arrives
    and is played out there while the menu stays open (the table under the menu stood still, and a
    table on the host's screen froze for everyone around it)."""
    table = hosted_match(app)
    wait(app, lambda: bool(table.legal) and not table.animating)
    while table.legal:  # the host's turn, a move at a time (Gin Rummy: pass, or take or draw then discard)
        played = len(table.state.log)
        assert table.play(next((m for m in table.legal if m.action == "pass"), table.legal[0]))
        wait(app, lambda played=played: len(table.state.log) > played and not table.animating)
    seen = len(table.state.log)
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, PauseScene)
    wait(app, lambda: len(table.state.log) > seen and not table.animating)
    assert app.top is menu and table.state.log[-1].startswith("1: ")  # the friend's move, behind the menu
    table.session.close()
