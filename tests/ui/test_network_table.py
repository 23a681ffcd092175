"""Playing from several computers in the real app: hosting from the setup form, joining from the
title screen, a friend's network bot on a real loopback server, moves and refusals through the host."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
import threading
import time
from typing import Any

import pygame
import pytest

from game import GAMES, Move
from game.core.matchfile import import_match
from net.client import JoinError, play_bot
from net.host import Host, HostThread
from net.table import HostedTable, NetSeat
from tests.patience import PATIENCE, eventually
from tests.ui.conftest import center, click, press
from ui.app import wait_for_input
from ui.scenes.network import JoinScene, LobbyScene
from ui.scenes.stats import StatsScene
from ui.table.remote import REMOTE_LEVEL, RemoteState
from ui.table.scene import TableScene


def wait(app, condition) -> None:
    """Run frames until ``condition()`` holds (the network's news arrives between them)."""
    eventually(condition, "the table never got there", step=lambda: app.step(1 / 60))


def friend(address: str, code: str, level: str = "easy", seat: int | None = None) -> threading.Thread:
    """A friend's network bot on another 'computer' (a thread with its own event loop)."""
    def run() -> None:
        try:
            asyncio.run(play_bot(address, code, level, name="Zoé", seat=seat, reconnect_for=5))
        except JoinError:
            return  # the table closed with the test

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def play_some(app, scene: TableScene, moves: int) -> None:
    """The player plays the first legal move whenever it is their turn, as clicks would."""
    played = 0
    end = time.monotonic() + PATIENCE
    while played < moves and not scene.state.is_over():
        assert time.monotonic() < end, "the match did not go on"
        scene.finish_animations()
        if scene.legal and not scene.animating:
            assert scene.play(scene.legal[0])
            played += 1
        app.step(1 / 60)
        time.sleep(0.003)


def join_typed(app, port: int, code: str, name: str = "", seat: str = "") -> Any:
    """Join a table on loopback from the title screen, the address and code typed: the scene after."""
    click(app, center(app.top.join_button))
    join = app.top
    assert isinstance(join, JoinScene)
    join.address_entry.set_text(f"127.0.0.1:{port}")
    join.code_entry.set_text(code)
    if name:
        join.name_entry.set_text(name)
    if seat:
        join.seat_entry.set_text(seat)
    join.join_typed()
    return app.top


def host_gin_from_setup(app) -> LobbyScene:
    """Choose Gin Rummy, make seat 2 a player on another computer, and host: the waiting room."""
    click(app, center(app.top.game_buttons["gin_rummy"]))
    setup = app.top
    menu = setup.level_menus[1]
    setup.set_focus(setup.nav.index(menu))
    for _ in range(6):
        if menu.selected_option[1] == REMOTE_LEVEL:
            break
        press(app, pygame.K_RIGHT)
    assert menu.selected_option[1] == REMOTE_LEVEL
    click(app, center(setup.start_button))
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    wait(app, lambda: lobby.welcome and lobby.seats)
    return lobby


def test_a_player_hosts_from_the_setup_form_and_a_friend_joins(app) -> None:
    lobby = host_gin_from_setup(app)
    code, port = lobby.welcome["code"], lobby.host.host.port
    assert app.tr(lobby.heading_key) == "Hosting a table"
    assert not lobby.start_button.is_enabled  # seat 2 is still waiting
    friend(f"127.0.0.1:{port}", code)
    wait(app, lambda: all(s["state"] == "connected" for s in lobby.seats) and lobby.start_button.is_enabled)
    click(app, center(lobby.start_button))
    wait(app, lambda: isinstance(app.top, TableScene))
    table = app.top
    assert not table.driver.local and table.viewer == 0
    assert table.session.seats[1].level == "easy"  # the friend's network bot shows as such
    play_some(app, table, 12)
    log = table.state.log
    assert any(line.startswith("0: ") for line in log) and any(line.startswith("1: ") for line in log)
    assert not app.storage.has_session()  # a network match is saved by its host, not among the matches here
    path = app.data_dir / "hosted-table.json"
    assert path.exists()
    pygame.image.save(app.screen, str(app.data_dir / "network-table.png"))
    press(app, pygame.K_ESCAPE)
    leave = next(w for w, action in app.top.actions.items() if getattr(action, "__name__", "") == "leave_table")
    click(app, center(leave))
    assert app.top is app.scenes[0]
    assert table.session.link.status == "closed" and table.session.host is None


def test_the_hosts_waiting_room_never_says_it_is_connecting(app) -> None:
    """Before its code appears the host's waiting room says the table is opening: the host is not
    connecting to anything (it said "Connecting to the table…" for seconds)."""
    click(app, center(app.top.game_buttons["gin_rummy"]))
    setup = app.top
    menu = setup.level_menus[1]
    setup.set_focus(setup.nav.index(menu))
    while menu.selected_option[1] != REMOTE_LEVEL:
        press(app, pygame.K_RIGHT)
    seen: list[str] = []
    real_build = LobbyScene.build

    def build(self: LobbyScene) -> None:
        real_build(self)
        if self.host is not None and not self.welcome:
            seen.extend(w.text for w in self.root.elements if hasattr(w, "text"))

    LobbyScene.build = build  # type: ignore[method-assign]
    try:
        click(app, center(setup.start_button))
        lobby = app.top
        assert isinstance(lobby, LobbyScene) and lobby.host is not None
        wait(app, lambda: bool(lobby.welcome))
    finally:
        LobbyScene.build = real_build  # type: ignore[method-assign]
    assert "Opening the table…" in seen and "Connecting to the table…" not in seen
    lobby.back()


def test_a_friend_joining_wakes_a_host_waiting_for_input(app) -> None:
    """A waiting room with nothing moving waits for input; a friend's arrival on the network ends
    that wait at once (it used to show only at the app's next look, up to half a second later)."""
    lobby = host_gin_from_setup(app)
    wait(app, lambda: app.idle())
    pygame.event.clear()
    friend(f"127.0.0.1:{lobby.host.host.port}", lobby.welcome["code"])
    while not all(s["state"] == "connected" for s in lobby.seats):
        assert wait_for_input(PATIENCE)  # every piece of news wakes the app: none waits for a timeout
        app.step(1 / 60)


def shows_its_state(app) -> bool:
    """Whether the screen shows what a frame drawn now would show (nothing stale on it)."""
    before = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB") == before


def test_news_taken_by_a_frame_that_was_not_asked_to_draw_is_drawn(app) -> None:
    """While idle the app waits for input, then runs a frame drawn only if something moves (or the
    wait was woken). News that landed between the wait's end and the frame was taken by it and
    rebuilt the waiting room, but the screen kept the old picture until the mouse moved: the host
    saw a friend "dropped" with *Start* greyed out although they were at the table."""
    lobby = host_gin_from_setup(app)
    wait(app, lambda: app.idle())
    assert shows_its_state(app)
    friend(f"127.0.0.1:{lobby.host.host.port}", lobby.welcome["code"])
    while not (all(s["state"] == "connected" for s in lobby.seats) and lobby.start_button.is_enabled):
        eventually(lambda: not lobby.link._inbox.empty() or app.toasts, "news from the host")
        app.step(1 / 60, draw=False)  # as ``App.run`` does after a wait that timed out
        assert shows_its_state(app)


def hosted_elsewhere(kinds: list[str], seed: int = 4) -> tuple[HostThread, HostedTable]:
    seats = [NetSeat(f"Seat {i}", kind) for i, kind in enumerate(kinds)]
    state = GAMES["gin_rummy"].new_match([s.name for s in seats], seed=seed)
    table = HostedTable(state, seats, "QWERTY", auto_start=True)
    thread = HostThread(Host(table, bind="127.0.0.1", port=0))
    thread.start()
    return thread, table


def test_a_friend_joins_from_the_title_screen_and_the_host_gives_the_reasons_of_refusals(app) -> None:
    host, hosted = hosted_elsewhere(["remote", "remote"])
    try:
        lobby = join_typed(app, host.host.port, "qwe-rty", "Léa")
        assert isinstance(lobby, LobbyScene) and lobby.host is None
        assert app.tr(lobby.heading_key) == "At a friend's table"  # a guest hosts nothing
        wait(app, lambda: bool(lobby.welcome))
        me = lobby.welcome["seat"]
        friend(f"127.0.0.1:{host.host.port}", "QWERTY")
        wait(app, lambda: isinstance(app.top, TableScene))
        table: Any = app.top
        assert table.viewer == me and table.state.names[me] == "Léa"
        wait(app, lambda: me in table.state.to_move() and bool(table.legal))
        # a move the table cannot judge is asked of the host, which names the real reason
        wrong = next(m for m in hosted.state.legal_moves(me) if m.action.startswith("discard")) \
            if hosted.state.legal_moves(me)[0].action.startswith("discard") else Move("discard 2c", me)
        if table.state.is_legal(wrong):
            wrong = Move("knock 2c", me)
        table.say(table.explain(table.state.refusal(wrong)))
        wait(app, lambda: bool(table.message))
        assert table.message and "turn" not in table.message
        play_some(app, table, 10)
        # the moves were sent as they were played; the host applies them as they arrive (it was
        # asserted at once, and failed when the last ones were still on their way)
        wait(app, lambda: len(hosted.state.log) >= 10)
    finally:
        host.stop()


def test_a_wrong_code_is_said_in_the_waiting_room(app) -> None:
    host, _ = hosted_elsewhere(["remote", "remote"])
    try:
        lobby = join_typed(app, host.host.port, "AAAAAA")
        wait(app, lambda: bool(lobby.problem))
        assert lobby.problem == "Could not join the table: no table with a free seat answers to this code there."
        app.step(1 / 60)
        shown = [w.text for w in lobby.root.elements if hasattr(w, "text")]
        assert lobby.problem in " ".join(shown) and "Connecting to the table…" not in shown  # refused, not lost
    finally:
        host.stop()


def test_the_join_form_says_what_is_missing(app) -> None:
    click(app, center(app.top.join_button))
    join = app.top
    join.join_typed()
    assert "address" in join.problem
    join.address_entry.set_text("192.168.1.20")
    join.join_typed()
    assert "code" in join.problem
    assert isinstance(app.top, JoinScene)


def test_a_friend_chooses_a_free_seat(app) -> None:
    seats = [NetSeat(f"Seat {i}", kind) for i, kind in enumerate(["remote", "remote"])]
    state = GAMES["gin_rummy"].new_match([s.name for s in seats], seed=5)
    table = HostedTable(state, seats, "QWERTY")
    thread = HostThread(Host(table, bind="127.0.0.1", port=0))
    thread.start()
    try:
        lobby = join_typed(app, thread.host.port, "QWERTY", seat="2")
        wait(app, lambda: bool(lobby.welcome))
        assert lobby.welcome["seat"] == 1
    finally:
        thread.stop()


def test_a_table_the_app_hosted_is_offered_again_after_a_crash(app) -> None:
    """The app stopped while hosting: the title offers to host the table again, the player takes
    their seat back with its key, and a friend's network bot comes back with theirs."""
    from net.table import HostedTable as Table
    from ui.scenes.network import hosted_file

    seats = [NetSeat("Ann", "remote"), NetSeat("Zoé", "remote")]
    state = GAMES["gin_rummy"].new_match(["Ann", "Zoé"], seed=9)
    table = Table(state, seats, "ZXCVBN", host_seat=0)
    seats[0].client, seats[0].token = "human", "key-of-ann"
    seats[1].client, seats[1].token = "easy", "key-of-zoe"
    table.started = True
    for _ in range(3):
        state.apply(state.legal_moves(state.to_move()[0])[0])
    hosted_file(app.data_dir).write_text(__import__("json").dumps(table.snapshot()))
    app.pop_to_title()
    app.scenes[0].rebuild()
    title = app.top
    assert title.host_again_button is not None
    click(app, center(title.host_again_button))
    wait(app, lambda: isinstance(app.top, TableScene))  # the match had started: straight to the table
    scene: Any = app.top
    assert scene.viewer == 0 and scene.session.host is not None
    assert scene.state.log[:3] == state.log[:3]  # the match goes on where it stopped
    port = scene.session.host.host.port

    async def zoe_comes_back() -> None:
        from net.client import SeatClient

        client = SeatClient(f"127.0.0.1:{port}", "ZXCVBN", token="key-of-zoe")
        welcome = await client.open()
        assert welcome["seat"] == 1
        await asyncio.sleep(0.3)
        await client.close()

    assert scene.driver.remote.seats[1]["state"] == "dropped"
    asyncio.run(zoe_comes_back())
    wait(app, lambda: any("Zoé is at the table" in line for line in scene.log.lines))
    scene.session.close()


def test_a_damaged_hosted_table_is_set_aside_with_a_notice(app) -> None:
    from ui.scenes.network import hosted_file

    hosted_file(app.data_dir).write_text("{not json")
    app.pop_to_title()
    app.scenes[0].rebuild()
    assert app.top.host_again_button is None
    assert not hosted_file(app.data_dir).exists()
    assert any(key == "notice.damaged_save" for key, _ in app.storage.take_notices())


def test_gang_de_mouettes_over_the_network_memorising_racing_and_the_clocks(app) -> None:
    """A person at a Gang de mouettes table hosted elsewhere: they memorise their cards (the host
    waits for them), play their turns, and windows and grace times are counted down from the host's clocks."""
    seats = [NetSeat("Seat 0", "remote"), NetSeat("Seat 1", "remote"), NetSeat("Seat 2", "normal")]
    options = GAMES["gang_de_mouettes"].Options(snap_window_seconds=0.6, end_turn_grace_seconds=3.0)
    state = GAMES["gang_de_mouettes"].new_match([s.name for s in seats], options=options, seed=11)
    table = HostedTable(state, seats, "GANG42", auto_start=True, think_delay=0.05)
    host = HostThread(Host(table, bind="127.0.0.1", port=0))
    host.start()
    try:
        join_typed(app, host.host.port, "GANG42", seat="1")
        friend(f"127.0.0.1:{host.host.port}", "GANG42", "normal", seat=1)
        wait(app, lambda: isinstance(app.top, TableScene))
        scene: Any = app.top
        assert scene.viewer == 0
        wait(app, lambda: 0 in scene.driver.unready())
        assert not table.state.log  # play waits for the person on the other computer
        scene.adapter.memorise(0)
        wait(app, lambda: bool(table.state.log))
        clocks = []
        end = time.monotonic() + PATIENCE  # the moves are counted: the limit only stops a hang
        while len([m for m in table.state.log if m.startswith("0: ")]) < 6 and time.monotonic() < end:
            scene.finish_animations()
            clocks.append(scene.driver.window_clock())
            if scene.legal and not scene.animating and 0 in scene.state.to_move():
                assert scene.play(scene.legal[0])
            app.step(1 / 60)
            time.sleep(0.003)
        assert len([m for m in table.state.log if m.startswith("0: ")]) >= 6
        assert any(c is not None and 0 < c[0] <= c[1] for c in clocks)  # a window counted down here
    finally:
        host.stop()


def test_two_players_on_one_computer_share_a_network_table_pass_and_play(app) -> None:
    """Pass-and-play seats may sit on any computer: this one plays seats 1 and 3 of a LaGagne
    table hosted elsewhere, behind the curtain, while a friend's bot plays seat 2."""
    seats = [NetSeat(f"Seat {i}", "remote") for i in range(3)]
    state = GAMES["lagagne"].new_match([s.name for s in seats], seed=6)
    table = HostedTable(state, seats, "PASSPL", auto_start=True)
    host = HostThread(Host(table, bind="127.0.0.1", port=0))
    host.start()
    try:
        lobby = join_typed(app, host.host.port, "PASSPL", "Ann, Léo", "1, 3")
        wait(app, lambda: bool(lobby.welcome) and all(link.status == "connected" for link in lobby.links))
        friend(f"127.0.0.1:{host.host.port}", "PASSPL", "normal", seat=1)
        wait(app, lambda: isinstance(app.top, TableScene))
        scene: Any = app.top
        assert scene.session.humans == [0, 2] and scene.state.names[2] == "Léo"
        movers = set()
        end = time.monotonic() + PATIENCE
        while len({m.split(":")[0] for m in table.state.log if m[0] in "02"}) < 2 and time.monotonic() < end:
            scene.finish_animations()
            if scene.curtain.shown:
                scene.dismiss_curtain()
            elif scene.legal and not scene.animating:
                movers.add(scene.viewer)
                assert scene.play(scene.legal[0])
            app.step(1 / 60)
            time.sleep(0.003)
        assert {m.split(":")[0] for m in table.state.log} >= {"0", "1", "2"}
        assert movers == {0, 2}  # each person saw their own cards when it was their turn
    finally:
        host.stop()


def test_the_join_form_fits_its_texts_in_both_languages(app, recwarn) -> None:
    """Found by the soak: the French "no table heard" sentence overflowed its line."""
    for language in ("fr", "en"):
        app.set_language(language)
        click(app, center(app.top.join_button))
        app.step(1 / 60)
        assert not [w for w in recwarn if "too small for text" in str(w.message)], language
        app.top.back()


def test_a_network_match_counts_apart_in_the_statistics_and_is_kept_to_replay(app) -> None:
    """A finished network match joins the statistics under "Network" (never under a bot level, and
    its "Continue" autosave is left alone) with the player's figures, and the kept matches: it is
    rebuilt here from the seed the host reveals at the end, the moves and the fingerprints shown."""
    seats = [NetSeat("Seat 0", "remote"), NetSeat("Seat 1", "remote")]
    options = GAMES["gin_rummy"].Options(game_target=1, match_target=1)  # the first hand won ends it
    hosted = HostedTable(GAMES["gin_rummy"].new_match([s.name for s in seats], options, seed=4), seats,
                         "NETSTA", auto_start=True)
    host = HostThread(Host(hosted, bind="127.0.0.1", port=0))
    host.start()
    try:
        lobby = join_typed(app, host.host.port, "NETSTA", "Léa")
        wait(app, lambda: bool(lobby.welcome))
        friend(f"127.0.0.1:{host.host.port}", "NETSTA", "easy")
        wait(app, lambda: isinstance(app.top, TableScene))
        scene: Any = app.top
        me = scene.viewer
        play_some(app, scene, 400)
        wait(app, lambda: scene.state.is_over())
        app.step(1 / 60)
        app.storage.flush()
        record = app.storage.stats()["gin_rummy"]
        assert record["network"] == {"played": 1, "won": int(me in hosted.state.winners())}
        assert "levels" not in record and "pass_and_play" not in record
        assert record["figures"]["hands"] == hosted.state.seat_stats(me)["hands"] >= 1
        [kept] = app.storage.match_files()
        replayed = import_match(app.storage.read_match_file(kept))
        assert replayed.log == hosted.state.log and replayed.winners() == hosted.state.winners()
        stats = StatsScene(app)
        app.push(stats)
        app.step(1 / 60)
        gin = next(cells for title, cells in stats.rows() if title == "Gin Rummy")
        assert gin[-1][0] == f"{int(me in hosted.state.winners())} / 1"
    finally:
        host.stop()


def _watched(state, seat: int, rng_seed: int = 3) -> RemoteState:
    """``seat``'s RemoteState of ``state`` played to its end by random moves, with an update after
    every move as a host would send it (the view of the seat, whether it is over, the winners)."""
    import random

    remote = RemoteState({"game": state.GAME_ID, "players": state.players, "names": list(state.names),
                          "seat": seat, "options": dataclasses.asdict(state.options)})
    rng = random.Random(rng_seed)
    while True:
        remote.update = {"view": state.view(seat), "over": state.is_over(), "winners": state.winners()}
        if state.is_over():
            return remote
        mover = state.to_move()[0]
        state.apply(rng.choice(state.legal_moves(mover)))


def test_a_network_match_is_rebuilt_from_the_revealed_seed_and_only_when_it_proves_itself() -> None:
    gin = GAMES["gin_rummy"]
    state = gin.new_match(["Ann", "Bob"], gin.Options(game_target=1, match_target=1), seed=8)
    remote = _watched(state, 1)
    rebuild = remote.finished_match()
    remote.updates[1] = {}  # what the rebuild needs was taken when it was asked for
    rebuilt = rebuild()
    assert rebuilt is not None and rebuilt.to_json()["state"] == state.to_json()["state"]
    assert rebuilt.log == state.log and rebuilt.seat_stats(1) == state.seat_stats(1)
    final = {"view": state.view(1), "over": True, "winners": state.winners()}
    # a host that names another seed at the end deals other hands than those it showed
    remote.updates[1] = {**final, "view": {**final["view"], "match_seed": state.seed + 1}}
    assert remote.finished_match()() is None
    # a host that names other winners than the moves give
    remote.updates[1] = {**final, "winners": [0, 1]}
    assert remote.finished_match()() is None
    # nothing is rebuilt before the end, when the seed is still secret
    remote.updates[1] = {**final, "over": False}
    assert remote.finished_match()() is None


def test_a_network_match_with_moves_hidden_from_the_seat_is_not_rebuilt() -> None:
    """At three LaGagne players, the card given back in an exchange between two others reads
    ``give ?``: the match counts, but nothing is rebuilt (nor kept) from guesses."""
    lagagne = GAMES["lagagne"]
    for seed in range(40):
        state = lagagne.new_match(3, lagagne.Options(target=60), seed=seed)
        remote = _watched(state, 0, seed)
        if any(line.endswith("give ?") for line in remote.log):
            break
    else:
        raise AssertionError("no exchange between two other seats in 40 matches")
    assert remote.finished_match()() is None
    assert remote.is_over() and remote.winners() == state.winners()


def test_the_join_screen_opens_with_a_hostile_announcement_on_the_network(app, monkeypatch) -> None:
    """A game name with a NUL (and other odd fields) once crashed the Join screen every time it opened."""
    import socket

    from zeroconf import ServiceInfo, ServiceStateChange

    import net.discovery
    from net.protocol import SERVICE_TYPE

    good = {"name": "Ann", "code": "K7QM2D", "game": "gin_rummy", "seats": "2", "free": "1", "protocol": "1"}
    heard = [{**good, "game": "gin\x00rummy"}, {**good, "name": "\u202eevil\x1b[2J"}, {**good, "seats": "9" * 240},
             {**good, "free": "9"}, {**good, "code": "K7\x00M2D"}, good]
    infos = [ServiceInfo(SERVICE_TYPE, f"t{i}.{SERVICE_TYPE}", port=47815, addresses=[socket.inet_aton("127.0.0.1")],
                         properties=props, server=f"t{i}.local.") for i, props in enumerate(heard)]

    class Network:
        def get_service_info(self, service_type: str, name: str, timeout: int) -> ServiceInfo:
            return next(info for info in infos if info.name == name)

    class HeardBrowser(net.discovery.TableBrowser):
        """The real browser's handling of what it hears, without a network."""

        def __init__(self, on_change: Any = None) -> None:
            self._found = {}
            self._lock = threading.Lock()
            self.on_change = on_change
            for info in infos:
                self._changed(Network(), SERVICE_TYPE, info.name, ServiceStateChange.Added)  # type: ignore[arg-type]

        def close(self) -> None:
            return None

    monkeypatch.setattr(net.discovery, "TableBrowser", HeardBrowser)
    click(app, center(app.top.join_button))
    join = app.top
    assert isinstance(join, JoinScene)
    for _ in range(75):
        app.step(1 / 60)
    assert app.top is join
    assert [(ad.name, ad.code) for ad in join.heard] == [("Ann", "K7QM2D")]
    assert len(join.table_buttons) == 1


def crash(link: Any) -> None:
    """The app's process dies: its connection vanishes without a goodbye (and its hold on the seat)."""
    link._stopping = True
    link._loop.call_soon_threadsafe(lambda: link.client.ws.transport.abort())
    link._thread.join(10)
    assert not link._thread.is_alive()


def test_a_guest_whose_app_crashed_rejoins_from_the_title_screen_with_its_hand(app) -> None:
    host, hosted = hosted_elsewhere(["remote", "normal"], seed=7)
    try:
        join_typed(app, host.host.port, "qwe-rty", "Léa")
        wait(app, lambda: isinstance(app.top, TableScene))
        table: Any = app.top
        me = table.viewer
        hand = list(table.state.view(me)["hand"])
        crash(table.session.link)
        wait(app, lambda: hosted.seats[me].conn is None)
        app.pop_to_title()
        app.scenes[0].rebuild()
        title: Any = app.top
        assert title.rejoin_button is not None and "QWERTY" in title.rejoin_button.text
        click(app, center(title.join_button))
        assert app.top.rejoin_button is not None  # the Join screen offers it too
        press(app, pygame.K_ESCAPE)
        assert app.top is title
        click(app, center(title.rejoin_button))
        wait(app, lambda: isinstance(app.top, TableScene))
        back: Any = app.top
        assert back.viewer == me and back.state.names[me] == "Léa"
        assert list(back.state.view(me)["hand"]) == hand == list(hosted.state.view(me)["hand"])
        assert hosted.seats[me].conn is not None
        back.session.close()
    finally:
        host.stop()


def test_a_damaged_kept_seat_key_is_set_aside_with_a_notice(app) -> None:
    from net.keys import SeatKeys

    path = SeatKeys(app.data_dir).path_for("127.0.0.1:47815", "QWERTY")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00{not json")
    app.pop_to_title()
    app.scenes[0].rebuild()
    assert app.top.rejoin_button is None
    assert not path.exists()
    assert any(key == "notice.damaged_key" for key, _ in app.storage.take_notices())


class RouterThread:
    """The simulated router of ``tests.net.gateway`` on its own thread (the house's box)."""

    def __init__(self, mode: str) -> None:
        from tests.net.gateway import Gateway

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.gateway = asyncio.run_coroutine_threadsafe(Gateway(mode).start(), self.loop).result(30)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.gateway.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def with_router(monkeypatch, locate) -> None:
    """The app's host asks this router (found by ``locate``) instead of searching the network."""
    import functools

    import ui.scenes.network
    from net.reach import PortMapper

    monkeypatch.setattr(ui.scenes.network, "PortMapper", functools.partial(PortMapper, locate, answer_seconds=2.0))


def lobby_texts(lobby: LobbyScene) -> str:
    return " ".join(w.text for w in lobby.root.elements if hasattr(w, "text"))  # type: ignore[attr-defined]


def test_the_waiting_room_shares_the_public_address_the_router_opened_as_one_invitation_line(app, monkeypatch) -> None:
    from pygame_gui.core.utility import clipboard_paste

    router = RouterThread("ok")
    try:
        with_router(monkeypatch, router.gateway.locate)
        lobby = host_gin_from_setup(app)
        wait(app, lambda: lobby.reach.state == "mapped" and "93.184.216.34" in lobby_texts(lobby))
        port, code = lobby.host.host.port, lobby.welcome["code"]
        assert f"friends join at 93.184.216.34:{port}" in lobby_texts(lobby)
        click(app, center(lobby.copy_button))
        assert clipboard_paste() == (f"Join my Tablée table: 93.184.216.34:{port}, code {code} — or in a browser: "
                                     f"http://93.184.216.34:{port}/t/{code}")
        lobby.back()  # closing the table closes the port (on the table's thread: the window does not wait)
        wait(app, lambda: len(router.gateway.actions("DeletePortMapping")) == 1)
    finally:
        router.stop()


def test_the_waiting_room_says_what_to_do_when_no_router_answers(app, monkeypatch) -> None:
    async def nobody() -> list[str]:
        return []

    with_router(monkeypatch, nobody)
    lobby = host_gin_from_setup(app)
    wait(app, lambda: lobby.reach.state == "no_gateway")
    app.step(1 / 60)
    port = lobby.host.host.port
    assert f"forward TCP port {port} to this computer" in lobby_texts(lobby)
    assert "or play on the same network" in lobby_texts(lobby)
    lobby.back()


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_seat_list_shows_its_choices_whole(app, lang: str) -> None:
    """The seat list cut its own choice ("Player on another comp"): every choice fits its box."""
    app.set_language(lang)
    click(app, center(app.top.game_buttons["gang_de_mouettes"]))
    setup = app.top
    menu = setup.level_menus[1]
    setup.set_focus(setup.nav.index(menu))
    for _ in menu.options_list:
        press(app, pygame.K_RIGHT)
        face = menu.current_state.selected_option_button
        room = face.rect.width - 12  # its borders and a little air
        assert face.font.size(face.text)[0] <= room, f"{face.text!r} is cut in {lang}"


def test_the_host_stops_waiting_for_a_dropped_friend_at_the_table(app) -> None:
    """A friend's app died mid-match: the host's table said "Zoé is playing…" and waited, with no
    way but the waiting room's to let the computer play her seat. The table now offers it."""
    from net.remote import RemoteLink

    lobby = host_gin_from_setup(app)
    zoe = RemoteLink(f"127.0.0.1:{lobby.host.host.port}", lobby.welcome["code"], name="Zoé")
    zoe.start()
    wait(app, lambda: all(s["state"] == "connected" for s in lobby.seats) and lobby.start_button.is_enabled)
    click(app, center(lobby.start_button))
    wait(app, lambda: isinstance(app.top, TableScene))
    table: Any = app.top
    hosted = table.session.host.host.table
    assert not any(b.key.startswith("net_bot_") for b in table.buttons)
    wait(app, lambda: bool(zoe.take()) and zoe.status == "connected")
    crash(zoe)
    wait(app, lambda: any(b.key == "net_bot_1" for b in table.buttons))
    [button] = [b for b in table.buttons if b.key == "net_bot_1"]
    assert button.label == "Stop waiting: computer plays for Zoé"
    app.step(1 / 60)
    click(app, button.rect.center)
    wait(app, lambda: hosted.seats[1].kind == "normal" and not any(b.key == "net_bot_1" for b in table.buttons))
    assert hosted.seats[1].returning is not None  # Zoé may take her seat back with her key
    table.session.close()


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_waiting_room_shows_the_tables_web_address_as_a_qr_code_a_phone_reads(app, lang: str) -> None:
    """Phones at the table scan the waiting room: the QR code drawn on the screen holds exactly the
    address of the table's page (sampled back from the pixels, module by module, against segno's
    own symbol), dark on light with its quiet zone; the address is written out too, and copied."""
    from pygame_gui.core.utility import clipboard_paste

    from ui.qr import LIGHT, QUIET, qr_matrix, read_modules

    app.set_language(lang)
    lobby = host_gin_from_setup(app)
    app.step(1 / 60)
    port, code = lobby.host.host.port, lobby.welcome["code"]
    here = lobby.lan[0] if lobby.lan else "127.0.0.1"
    url = f"http://{here}:{port}/t/{code}"
    assert lobby.web_address() == url and url in lobby_texts(lobby)
    matrix = qr_matrix(url)
    rect = lobby.qr.get_abs_rect()
    module = rect.width // len(matrix)
    assert rect.width == rect.height == module * len(matrix) and module >= 4  # whole pixels, big enough
    drawn = app.screen.subsurface(rect)
    assert read_modules(drawn, len(matrix)) == matrix
    for x in range(0, QUIET * module, max(1, module // 2)):  # the quiet zone is light all round
        for edge in ((x, rect.height // 2), (rect.width - 1 - x, rect.height // 3), (rect.width // 2, x)):
            assert tuple(drawn.get_at(edge))[:3] == LIGHT
    assert not rect.colliderect(lobby.copy_button.get_abs_rect())
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as web:  # the port answers HTTP
        web.sendall(f"HEAD /t/{code} HTTP/1.1\r\nHost: {here}:{port}\r\n\r\n".encode())
        raw = b""
        while chunk := web.recv(65536):  # until the host closes the connection
            raw += chunk
        answer = raw.decode("latin-1")
    from net.webhost import FILES

    assert answer.startswith("HTTP/1.1 200 " if "index.html" in FILES else "HTTP/1.1 404 ")
    assert "Content-Security-Policy: default-src 'self'" in answer
    click(app, center(lobby.copy_button))
    assert clipboard_paste().endswith(f"http://{here}:{port}/t/{code}")
    lobby.back()


def test_a_qr_code_reads_back_at_every_size() -> None:
    from ui.qr import qr_matrix, qr_surface, read_modules

    for text in ("http://192.168.178.23:47815/t/K7QM2D", "http://[2a01:e0a:1:2:3:4:5:6]:47815/t/ABCDEF", "x"):
        matrix = qr_matrix(text)
        for size in (len(matrix), 100, 230, 311):
            surface = qr_surface(text, size)
            assert surface.get_width() <= max(size, len(matrix))
            assert read_modules(surface, len(matrix)) == matrix


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_small_waiting_room_shows_every_seat_and_button_whole(data_dir, lang: str) -> None:
    """At 1024×640 four seats sit in two columns beside the QR code's room: "Juega el ordenador"
    was cut to "Juega el ordenado"; every seat's words and every button's fit their boxes."""
    from tests.ui.conftest import open_app
    from ui.scenes.network import host_table
    from ui.session import SeatInfo

    opened = open_app(data_dir, (1024, 640))
    small = next(opened)
    try:
        small.set_language(lang)
        seats = [SeatInfo("Ann"), SeatInfo("Player 2", REMOTE_LEVEL), SeatInfo("Bot", "normal"),
                 SeatInfo("Player 4", REMOTE_LEVEL)]
        lobby = host_table(small, "gang_de_mouettes", seats, None, 3, port=0)
        small.push(lobby)
        wait(small, lambda: lobby.welcome and len(lobby.seats) == 4)
        small.step(1 / 60)
        assert len(lobby.bot_buttons) == 2
        for button in lobby.bot_buttons.values():
            assert button.font.size(button.text)[0] <= button.rect.width - 8, f"{button.text!r} is cut"
        for label in lobby.seat_labels:
            assert label.font.size(label.text)[0] <= label.rect.width, f"{label.text!r} is cut"
        lobby.back()
    finally:
        next(opened, None)
