"""Playing from several computers: the waiting room of a table, and joining one.

``host_table`` opens a table on this computer (a ``net`` server on a background thread, announced
on the local network) and seats this app's player in it like any other client, over loopback: the
table scene then works the same for the host and for friends. The ``LobbyScene`` shows the code,
the addresses and each seat (waiting, connected, a computer), lets the host start the match or give
a missing seat to a bot, and goes to the table when the host's first update arrives. ``JoinScene``
lists the tables heard on the network and takes an address and code typed by hand. A guest keeps
its seats' keys in its data folder (``net.keys``): ``rejoin`` takes them back after a crash, from
the title screen or the Join screen.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_copy
from pygame_gui.elements import UIImage, UILabel, UITextEntryLine

from disk import DamagedFile, load_json_object, move_aside
from game import GAMES
from net.host import Host, HostThread, local_addresses
from net.keys import KeptTable, SeatKeys
from net.protocol import CODE_ALPHABET, CODE_LENGTH, DEFAULT_PORT, new_code, new_token, normal_code, printable
from net.reach import PortMapper, Reach, invitation, ipv6_addresses, reach_lines, share_address, shared_address
from net.remote import RemoteLink
from net.table import HostedTable, NetSeat
from net.webhost import WebSite, web_address
from ui.names import default_player_name
from ui.qr import qr_surface
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, level_name
from ui.session import SeatInfo
from ui.storage import hosted_file
from ui.table.remote import REMOTE_LEVEL, RemoteSession, waiting_words
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App

REASON_LIMIT = 160
"""Characters of a host's own words (a refusal this app has no translation for) shown at most."""
NO_ANSWER_SECONDS = 5.0
"""Seconds of the app's clock a join waits for a table's answer once something at the address has
accepted the connection: a table answers at once, so after that it is not a table (a web server,
another program) and the waiting room says so rather than "Connecting to the table…"."""
LONGEST_IP = "255.255.255.255"
LONGEST_PORT = 65535
"""The widest public address a router may report: the waiting room keeps room for its words."""
CODE_TYPED_LIMIT = 32
"""Characters the code box takes in one go (a code pasted with spaces or dashes): it keeps only the
code's own characters, at most ``CODE_LENGTH`` of them."""


def host_table(app: App, game_id: str, seats: list[SeatInfo], options: Any, seed: int | None,
               port: int = DEFAULT_PORT) -> LobbyScene:
    """Open a table for these seats on this computer and return its waiting room.

    The seats that are people on this computer (``level`` None) are this app's players (several
    play pass-and-play here); ``REMOTE_LEVEL`` seats wait for friends; the others are bots played
    by the host. With no person here, the table is on this screen (``table_here``): this app
    watches it, and the match starts as soon as every friend has joined. ``OSError`` when no port
    can be opened.
    """
    local = [i for i, s in enumerate(seats) if s.level is None]
    if not local and not any(s.level == REMOTE_LEVEL for s in seats):
        raise ValueError(app.tr("setup.error.one_local_player"))
    net_seats = [NetSeat(s.name, "remote" if s.level in (None, REMOTE_LEVEL) else s.level) for s in seats]
    state = GAMES[game_id].new_match([s.name for s in seats], options=options, seed=seed)
    table = HostedTable(state, net_seats, new_code(), think_delay=float(app.settings.bot_delay),
                        host_seat=local[0] if local else None, auto_bot="normal", local_seats=local,
                        watch_token=None if local else new_token(), auto_start=not local)
    return _open(app, table, port)


def table_here(table: HostedTable) -> bool:
    """Whether the hosting app shows the table on its screen without a seat (every person at the
    table plays on a phone or another computer)."""
    return table.host_seat is None and table.watch_token is not None


def saved_table(app: App) -> HostedTable | None:
    """The table this app hosted when it stopped (``None``: none to host again). A damaged file
    is moved aside with a notice; a finished match is forgotten."""
    path = hosted_file(app.data_dir)
    try:
        data = load_json_object(path)
    except DamagedFile as exc:
        app.storage.notices.append(("notice.damaged_save", {"file": exc.moved.name}))
        return None
    if data is None:
        return None
    try:
        table = HostedTable.from_snapshot(data)
    except ValueError:
        app.storage.notices.append(("notice.damaged_save", {"file": move_aside(path).name}))
        return None
    if table.state.is_over() or (table.host_seat is None and not table_here(table)):
        path.unlink(missing_ok=True)
        return None
    return table


def host_again(app: App, table: HostedTable, port: int = DEFAULT_PORT) -> LobbyScene:
    """Host a saved table again: this app's player takes their seat back with its key (or its
    screen shows the table again with the table's watch key), friends come back with theirs."""
    return _open(app, table, port)


def _open(app: App, table: HostedTable, port: int) -> LobbyScene:
    seat = table.host_seat
    name = table.seats[seat].name if seat is not None else default_player_name(app.tr, 0)
    thread: HostThread | None = None
    for candidate in (port, 0):  # the usual port, else any free one
        mapper = PortMapper(description=f"Tablée {table.code}") if _has_guests(table) else None
        browsers, providers = app.browser_side()
        thread = HostThread(Host(table, port=candidate, autosave=hosted_file(app.data_dir), announce=name,
                                 mapper=mapper, browsers=browsers, web=WebSite(providers=providers)))
        try:
            thread.start()
            break
        except OSError:
            if candidate == 0:
                raise
    assert thread is not None
    if seat is None:  # the table on this screen: watched with its key, seated nowhere
        link = RemoteLink(f"127.0.0.1:{thread.host.port}", table.code, wake=app.wake, watch=True)
        link.client.token = table.watch_token
        link.start()
        return LobbyScene(app, [link], table.state.GAME_ID, host=thread)
    links = []
    for local in [seat, *(s for s in table.local_seats if s != seat)]:
        link = RemoteLink(f"127.0.0.1:{thread.host.port}", table.code, name=table.seats[local].name, seat=local,
                          wake=app.wake)
        link.client.token = table.seats[local].token
        link.start()
        links.append(link)
    return LobbyScene(app, links, table.state.GAME_ID, host=thread)


def _has_guests(table: HostedTable) -> bool:
    """Whether some seat waits for a player on another computer (only then is the router asked)."""
    return any(seat.remote and i not in table.local_seats and i != table.host_seat
               for i, seat in enumerate(table.seats))


def kept_tables(app: App) -> list[KeptTable]:
    """The tables whose seats this computer may take back, the newest first (a damaged kept file
    is moved aside with a notice)."""
    tables, damaged = SeatKeys(app.data_dir).kept()
    for path in damaged:
        app.storage.notices.append(("notice.damaged_key", {"file": path.name}))
    return tables


def rejoin(app: App, table: KeptTable) -> LobbyScene | None:
    """Take back the seats kept for ``table``: their waiting room (the table scene follows as soon as
    the host answers), or ``None`` with a notice when another copy of Tablée already plays them."""
    keys = SeatKeys(app.data_dir)
    links = []
    for kept in table.seats:
        claim = keys.claim(table.address, table.code, kept.seat)
        if claim is not None:
            links.append(RemoteLink.rejoin(table.address, table.code, kept, claim, keys, wake=app.wake))
    if not links:
        app.notify(app.tr("net.rejoin.busy"), error=True)
        return None
    for link in links:
        link.start()
    return LobbyScene(app, links, table.game if table.game in GAMES else None)


def rejoin_text(app: App, table: KeptTable, short: bool = False) -> str:
    """The Rejoin button's words: the game and the table's code (``short``: the game only, for a
    button too narrow for both)."""
    game = game_title(app, table.game) if table.game in GAMES else table.game
    return app.tr("net.rejoin.short" if short else "net.rejoin.button", game=game, code=table.code)


SEATS_MOST = max(desc.max_players for desc in GAMES.values())
"""The most seats a table of any game has: a longer seat list from a host is cut there."""


def seat_list(found: Any, kept: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats of a host's ``seats`` message as the waiting room shows them: its seat records (a
    host's message that holds no list of them changes nothing), at most ``SEATS_MOST``."""
    if not isinstance(found, list):
        return kept
    return [seat for seat in found if isinstance(seat, dict)][:SEATS_MOST]

class LobbyScene(MenuScene):
    """The waiting room of a table, for its host (with ``host``) or a friend who joined."""

    def __init__(self, app: App, links: RemoteLink | list[RemoteLink], game_id: str | None = None,
                 host: HostThread | None = None) -> None:
        """``links``: one link a seat of this computer (pass-and-play here), the leading one first."""
        super().__init__(app)
        self.links = links if isinstance(links, list) else [links]
        self.link = self.links[0]
        self.host = host
        self.watching = any(link.watch for link in self.links)
        """Whether this app shows the table on its screen without a seat (``table_here``): the match
        starts by itself once every seat is taken."""
        self.heading_key = "net.lobby.heading" if host is not None else "net.lobby.guest_heading"
        if self.watching:
            self.heading_key = "net.lobby.table_here"
        self.game_id = game_id
        self.welcome: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []
        self.started = False
        self.problem = ""
        self.start_button: Any = None
        self.bot_buttons: dict[int, Any] = {}
        self.seat_labels: list[UILabel] = []
        self._shown: tuple[Any, ...] | None = None
        self.copy_button: Any = None
        self.qr: UIImage | None = None
        """The table's web address as a QR code, for phones at the table (the host's)."""
        self.lan: list[str] = []
        """This computer's addresses on the house's network (the host's)."""
        self.ipv6: list[str] = []
        """Its global IPv6 addresses, when the table listens on IPv6."""
        self.reach = Reach()
        self.silent_for = 0.0
        """Seconds (of the app's clock) something at the address has kept silent (``NO_ANSWER_SECONDS``)."""
        if host is not None:
            self.lan = [a for a in local_addresses() if not a.startswith("127.")]
            self.ipv6 = ipv6_addresses() if host.host.ipv6 else []
            self.reach = self._reach()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        w, h = self.size
        tr = self.app.tr
        top = self.heading_bottom()
        panel = pygame.Rect(0, top, min(w - self.px(48), self.px(860)), h - top - self.px(24))
        panel.centerx = w // 2
        y = panel.top
        lines = []
        reach_at = -1  # where the router's sentences start among the lines (the host's, last)
        invite = None
        self.qr = None
        text_width = panel.width
        if self.host is not None and self.welcome:
            port = self.host.host.port
            code_image = qr_surface(self.web_address(), min(self.px(230), panel.width // 3))
            side = code_image.get_width()  # whole pixels a module: shown unscaled
            self.qr = UIImage(pygame.Rect(panel.right - side, y, side, side), code_image,
                              manager=self.app.ui, container=self.root)
            text_width -= side + self.px(16)
            lines.append((tr("net.lobby.code", code=self.welcome.get("code", "")), "section_label"))
            addresses = ", ".join(f"{a}:{port}" for a in self.lan)
            lines.append((tr("net.lobby.address", address=addresses or f"127.0.0.1:{port}"), "field_label"))
            lines.append((tr("net.lobby.web", url=self.web_address()), "field_label"))
            reach_at = len(lines)
            for key, params in reach_lines(self.reach, port, self.lan, self.ipv6):
                lines.append((tr(key, **params), "hint_label"))
            invite = self.invitation()
        elif self.welcome:
            for link in self.links:
                if link.seat is not None and link.status != "lost":
                    lines.append((tr("net.lobby.joined", seat=link.seat + 1, name=self.welcome["names"][link.seat]),
                                  "section_label"))
            lines.append((waiting_words(tr, self.welcome, self.seats), "hint_label"))
        elif self.host is not None:
            lines.append((tr("net.lobby.opening"), "section_label"))  # the host's own seat is being taken
        elif self.problem:  # refused: what happened, not that the app is connecting
            lines.append((self.problem, "error_label"))
        else:
            lines.append((tr("net.lobby.connecting"), "section_label"))
        font = self.app.font(self.px(17))
        qr_bottom = -1 if self.qr is None else int(self.qr.relative_rect.bottom) + self.px(8)
        flow = partial(self._flow, font, panel, text_width, qr_bottom)
        shown, y = flow(lines[:reach_at] if reach_at >= 0 else lines, y)
        if reach_at >= 0:  # the router's sentences come last: the room of the longest it may yet say is kept
            reach, end = flow(lines[reach_at:], y)
            shown += reach
            y = max(end, *(flow(said, y)[1] for said in self._answers_said()))
        for rect, part, kind in shown:
            self.label(rect, part, kind)
        if self.qr is not None:
            y = max(y, qr_bottom + self.px(4))
        self.copy_button = None
        if invite is not None:  # the line as sent, whole (wrapped beside its button)
            copy_w = self.px(220)
            self.copy_button = self.button(pygame.Rect(panel.right - copy_w, y, copy_w, self.px(36)),
                                           tr("net.reach.copy"), self.copy_invitation)
            invite_w = panel.width - copy_w - self.px(36)
            parts = wrap_text(font, invite, invite_w)
            for n, part in enumerate(parts):
                self.label(pygame.Rect(panel.left, y + n * self.px(28), panel.width - copy_w - self.px(12), self.px(36)),
                           part, "field_label")
            rows = max(len(parts), *(len(wrap_text(font, line, invite_w)) for line in self._invitations_to_come()))
            y += max(self.px(44), rows * self.px(28) + self.px(14))
        y += self.px(8)
        self.seat_labels = []
        self.bot_buttons = {}
        bw, bh = self.px(260), self.px(50)
        bottom = h - bh - self.px(24)
        row, gap = self.px(40), self.px(6)
        room = bottom - y - self.px(44)  # the seats end above the problem line and the buttons
        columns = 1 if len(self.seats) * (row + gap) <= room else 2  # a crowded table in two columns
        rows = -(-len(self.seats) // columns)
        if rows * (row + gap) > room:
            row = max(self.px(28), room // max(1, rows) - gap)
        col_w = (panel.width - (columns - 1) * self.px(16)) // columns
        bot_w = min(self.px(170), col_w // 2)
        for i, seat in enumerate(self.seats):
            left = panel.left + (i // rows) * (col_w + self.px(16))
            top = y + (i % rows) * (row + gap)
            text_w = col_w - bot_w - self.px(8)
            if self.host is not None and seat.get("kind") == "remote" and seat.get("state") in ("waiting", "dropped") \
                    and i not in self.mine():
                action = partial(self.give_to_bot, i)
                button = self.button(pygame.Rect(left + col_w - bot_w, top, bot_w, row), tr("net.lobby.bot"), action)
                words = button.font.size(button.text)[0] if button.font is not None else 0
                need = min(col_w // 2, words + self.px(24))  # its words whole
                if need > bot_w:  # made again wider (a themed button is drawn for its first size)
                    self._forget(button)
                    button = self.button(pygame.Rect(left + col_w - need, top, need, row), tr("net.lobby.bot"), action)
                    text_w = col_w - need - self.px(8)
                self.bot_buttons[i] = button
                self.spoken_labels[button] = f"{self._seat_text(i, seat)}: {tr('net.lobby.bot')}"
            label = self.label(pygame.Rect(left, top, text_w, row), self._seat_text(i, seat))
            self.seat_labels.append(label)
        y += rows * (row + gap)
        if self.problem and (self.welcome or self.host is not None):  # else it is said above
            for part in wrap_text(font, self.problem, panel.width - self.px(24)):
                self.label(pygame.Rect(panel.left, y, panel.width, self.px(30)), part, "error_label")
                y += self.px(30)
        self.start_button = None
        if self.host is not None and not self.watching:
            ready = bool(self.seats) and all(s.get("state") in ("connected", "bot") for s in self.seats)
            self.start_button = self.button(pygame.Rect(w // 2 - bw - self.px(8), bottom, bw, bh), tr("net.lobby.start"),
                                            self.start if ready else None, kind="primary_button")
        if self.watching and self.welcome:  # where Start would be: the match deals itself once every seat is taken
            hint = self.app.font(self.px(15))
            parts = wrap_text(hint, tr("net.lobby.starts_itself"), bw + self.px(60))
            line_h = min(self.px(22), bh // max(1, len(parts)) + self.px(6))
            top = bottom + (bh - line_h * len(parts)) // 2
            for n, part in enumerate(parts):
                self.label(pygame.Rect(w // 2 - bw - self.px(68), top + n * line_h, bw + self.px(60), line_h), part,
                           "hint_label")
        self.button(pygame.Rect(w // 2 + self.px(8) if self.host is not None else (w - bw) // 2, bottom, bw, bh),
                    tr("net.lobby.leave") if self.host is not None else tr("common.back"), self.back)

    def _forget(self, widget: Any) -> None:
        """Take a widget made by ``button`` out of the screen and the keyboard's stops."""
        self.actions.pop(widget, None)
        self.focusables.pop(widget, None)
        if widget in self.nav:
            self.nav.remove(widget)
        widget.kill()

    def _seat_text(self, i: int, seat: dict[str, Any]) -> str:
        tr = self.app.tr
        if i in self.mine():
            state = tr("net.state.you")
        elif seat.get("kind") != "remote":
            state = level_name(self.app, seat["kind"])
        else:
            state = tr(f"net.state.{seat.get('state', 'waiting')}")
            if seat.get("client") not in (None, "human"):
                state += f" · {level_name(self.app, seat['client'])}"
        return f"{i + 1}. {seat.get('name', '')} — {state}"

    def initial_focus(self) -> int:
        return 0

    def mine(self) -> list[int]:
        """The seats played on this computer."""
        return [link.seat for link in self.links if link.seat is not None]

    def _reach(self) -> Reach:
        mapper = None if self.host is None else self.host.host.mapper
        return Reach() if mapper is None else mapper.reach

    def _answers_to_come(self) -> list[Reach]:
        """What the router may yet answer (``PortMapper``), its addresses as long as they come: the
        waiting room keeps room for the longest from the start."""
        if self.host is None or self.host.host.mapper is None:
            return []
        return [Reach(state=state, external_ip=LONGEST_IP, external_port=LONGEST_PORT)
                for state in ("searching", "mapped", "private", "refused", "no_gateway")]

    def _answers_said(self) -> list[list[tuple[str, str]]]:
        """The router's sentences for each answer it may yet give: it answers seconds after the
        table opens, in words longer than the question's, and nothing below them must move then."""
        port = 0 if self.host is None else self.host.host.port
        return [[(self.app.tr(key, **params), "hint_label") for key, params in reach_lines(reach, port, self.lan, self.ipv6)]
                for reach in self._answers_to_come()]

    def _flow(self, font: Any, panel: pygame.Rect, beside: int, qr_bottom: int, lines: list[tuple[str, str]],
              y: int) -> tuple[list[tuple[pygame.Rect, str, str]], int]:
        """Where ``lines`` go from ``y`` down: beside the QR code (``beside`` wide) while level with
        it, the panel's whole width below it, a hint's lines closer; each wrapped part's place, and
        the ``y`` after them."""
        placed = []
        for text, kind in lines:
            width = beside if y < qr_bottom else panel.width
            step = self.px(24) if kind == "hint_label" else self.px(30)
            for part in wrap_text(font, text, width - self.px(24)) if kind != "section_label" else [text]:
                placed.append((pygame.Rect(panel.left, y, width, step), part, kind))
                y += step
            y += self.px(8)
        return placed, y

    def _invitations_to_come(self) -> list[str]:
        """The invitation as it may yet read once the router answered (its public address)."""
        code = str(self.welcome.get("code", ""))
        return [self.app.tr(key, **params) for key, params in
                (invitation(shared_address(reach, LONGEST_PORT, self.lan, self.ipv6), code)
                 for reach in self._answers_to_come())]

    def invitation(self) -> str:
        """The one line the host sends friends: the best address to reach the table, its code, and
        the page a browser opens there."""
        assert self.host is not None
        address = shared_address(self.reach, self.host.host.port, self.lan, self.ipv6)
        key, params = invitation(address, str(self.welcome.get("code", "")))
        return self.app.tr(key, **params)

    def web_address(self) -> str:
        """The page phones at the table open (the QR code): this computer on the house's network."""
        assert self.host is not None
        here = share_address(self.lan[0] if self.lan else "127.0.0.1", self.host.host.port)
        return web_address(here, str(self.welcome.get("code", "")))

    # ------------------------------------------------------------------ actions
    def copy_invitation(self) -> None:
        """Put the invitation line on the clipboard (shown instead where there is no clipboard)."""
        text = self.invitation()
        try:
            clipboard_copy(text)
        except pygame.error:
            self.app.notify(self.app.tr("net.reach.shown", text=text), seconds=12)
            return
        self.app.notify(self.app.tr("net.reach.copied", text=text), seconds=6)

    def start(self) -> None:
        """Deal the cards (the host only, once every seat is taken)."""
        if self.host is not None:
            self.host.host.call(lambda table: table.start())

    def give_to_bot(self, seat: int) -> None:
        """A friend is not coming: the computer plays their seat."""
        if self.host is not None:
            self.host.host.call(lambda table: table.seat_bot(seat, "normal"))

    def spoken_page(self) -> str:
        """What the waiting room shows: the table's code and address, who has joined, each seat."""
        return self.shown_words()

    def back(self) -> None:
        """Leave the waiting room (the host closes the table: a match not started is forgotten)."""
        for link in self.links:
            link.close()
        if self.host is not None:
            started = self.host.host.table.started
            self.host.stop()
            if not started:
                hosted_file(self.app.data_dir).unlink(missing_ok=True)
        self.app.pop()

    # ------------------------------------------------------------------ the link
    def update(self, dt: float) -> None:
        messages = self.link.take()
        for n, message in enumerate(messages):
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                self.game_id = message["game"]
            elif kind == "seats":
                self.seats = seat_list(message.get("seats"), self.seats)
            elif kind == "update":
                self._to_table(message, messages[n + 1:])
                return
            elif kind == "link" and message.get("status") == "lost":
                key = f"net.error.{message.get('key')}"
                reason = self.app.tr(key) if self.app.has_text(key) else \
                    printable(str(message.get("message", "")), REASON_LIMIT)
                # refused before any welcome: the player never joined, so nothing was lost
                self.problem = self.app.tr("net.lost" if self.welcome else "net.not_joined", reason=reason)
        self._count_silence(dt)
        self.reach = self._reach()
        shown = (repr(self.welcome.get("seat")), repr(self.seats), self.problem, self.reach)
        if shown != self._shown:
            self._shown = shown
            self.rebuild()

    def _silent(self) -> bool:
        """Whether a join waits on something that accepted the connection but says nothing."""
        return self.host is None and not self.welcome and not self.problem and any(link.silent for link in self.links)

    def _count_silence(self, dt: float) -> None:
        """Give up a join after ``NO_ANSWER_SECONDS`` of silence at the address, saying why."""
        if not self._silent():
            self.silent_for = 0.0
            return
        self.silent_for += dt
        if self.silent_for >= NO_ANSWER_SECONDS - 1e-6:  # frames of 0.1 s add up to a hair under
            for link in self.links:
                link.close()
            self.problem = self.app.tr("net.not_joined", reason=self.app.tr("net.error.not_a_table"))

    def idle(self) -> bool:
        """A join waiting on silence counts frames (the app's clock must run), else as every menu."""
        return super().idle() and not self._silent()

    def _to_table(self, first: dict[str, Any], after: list[dict[str, Any]]) -> None:
        """The match started: sit at the table (nothing that came after the first update is lost)."""
        session = RemoteSession(self.links, self.welcome, first, after)
        session.host = self.host
        self.started = True
        self.app.start_match(session)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.game_id:
            text = self.app.font(self.px(18)).render(game_title(self.app, self.game_id), True, art.CREAM)
            surface.blit(text, text.get_rect(midtop=(surface.get_width() // 2, self.heading_bottom() - self.px(22))))


class JoinScene(MenuScene):
    """Join a table: the ones heard on this network, or an address and code typed by hand."""

    heading_key = "net.join.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.browser: Any = None
        self.heard: list[Any] = []
        self.address_entry: UITextEntryLine | None = None
        self.code_entry: UITextEntryLine | None = None
        self.name_entry: UITextEntryLine | None = None
        self.seat_entry: UITextEntryLine | None = None
        self.table_buttons: list[Any] = []
        self.problem = ""
        self.texts = {"address": "", "code": "", "name": default_player_name(app.tr, 0), "seat": ""}
        self._news = threading.Event()
        """Set by the browser's thread when it heard something (the next frame reads its list)."""
        self.kept: KeptTable | None = None
        """The newest table whose seats this computer may take back (the Rejoin button)."""
        self.rejoin_button: Any = None

    def enter(self) -> None:
        tables = kept_tables(self.app)
        self.kept = tables[0] if tables else None
        if self.browser is None:
            try:
                from net.discovery import TableBrowser

                self.browser = TableBrowser(on_change=self._heard)
            except Exception:  # no network to listen on (or no discovery at all): typing an address still works
                self.browser = None
        super().enter()

    def spoken_page(self) -> str:
        """The tables found on the network, or that none was."""
        tr = self.app.tr
        found = [tr("net.join.table", name=ad.name, game=game_title(self.app, ad.game), n=ad.free, seats=ad.seats)
                 for ad in self.heard[:5]]
        return f"{tr('net.join.found')}: {'; '.join(found) if found else tr('net.join.none')}"

    def spoken_alert(self) -> str:
        return self.problem

    def build(self) -> None:
        w, h = self.size
        tr = self.app.tr
        top = self.heading_bottom()
        panel = pygame.Rect(0, top, min(w - self.px(48), self.px(720)), h - top)
        panel.centerx = w // 2
        y = panel.top
        self.rejoin_button = None
        if self.kept is not None:
            self.rejoin_button = self.button(pygame.Rect(panel.left, y, panel.width, self.px(46)),
                                             rejoin_text(self.app, self.kept), self.rejoin, kind="primary_button")
            self.fit_words(self.rejoin_button, rejoin_text(self.app, self.kept, short=True))
            y += self.px(56)
        self.label(pygame.Rect(panel.left, y, panel.width, self.px(32)), tr("net.join.found"), "section_label")
        y += self.px(36)
        self.table_buttons = []
        if not self.heard:
            for line in wrap_text(self.app.font(self.px(15)), tr("net.join.none"), panel.width - self.px(24)):
                self.label(pygame.Rect(panel.left, y, panel.width, self.px(26)), line, "hint_label")
                y += self.px(26)
            y += self.px(14)
        for ad in self.heard[:5]:
            text = tr("net.join.table", name=ad.name, game=game_title(self.app, ad.game), n=ad.free, seats=ad.seats)
            self.table_buttons.append(self.button(pygame.Rect(panel.left, y, panel.width, self.px(44)), text,
                                                  partial(self.join, ad.where, ad.code) if ad.free else None))
            y += self.px(50)
        y += self.px(10)
        label_w = self.px(220)
        entries = {}
        for key in ("address", "code", "name", "seat"):
            self.label(pygame.Rect(panel.left, y, label_w, self.px(40)), tr(f"net.join.{key}"))
            entry = UITextEntryLine(pygame.Rect(panel.left + label_w, y, panel.width - label_w, self.px(40)),
                                    manager=self.app.ui, container=self.root, object_id=self.oid("entry", f"#join_{key}"),
                                    initial_text=self.texts[key])
            entry.set_text_length_limit({"address": 64, "name": 64, "code": CODE_TYPED_LIMIT}.get(key, 24))
            if key == "seat":
                entry.set_allowed_characters([*"0123456789", ",", " "])
            self.add_nav(entry, label=tr(f"net.join.{key}"), note=tr("net.join.several") if key == "seat" else "")
            entries[key] = entry
            y += self.px(48)
        font = self.app.font(self.px(15))
        for line in wrap_text(font, tr("net.join.several"), panel.width - self.px(24)):
            self.label(pygame.Rect(panel.left, y, panel.width, self.px(26)), line, "hint_label")
            y += self.px(26)
        self.address_entry, self.code_entry, self.name_entry = entries["address"], entries["code"], entries["name"]
        self.seat_entry = entries["seat"]
        if self.problem:
            self.label(pygame.Rect(panel.left, y, panel.width, self.px(34)), self.problem, "error_label")
        bw, bh = self.px(220), self.px(50)
        bottom = h - bh - self.px(24)
        self.button(pygame.Rect(w // 2 - bw - self.px(8), bottom, bw, bh), tr("net.join.join"), self.join_typed,
                    kind="primary_button")
        self.button(pygame.Rect(w // 2 + self.px(8), bottom, bw, bh), tr("common.back"), self.back)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.code_entry:
            self._tidy_code()
            return True
        return super().handle_event(event)

    def _tidy_code(self) -> None:
        """The code box holds a code as codes are written: upper case, without the spaces and dashes
        it may be typed or pasted with, only the code's own letters and digits, and at most
        ``CODE_LENGTH`` of them: a letter more is refused (the text and caret stay as they were),
        never pushing another one out."""
        entry = self.code_entry
        if entry is None:
            return
        text, caret = entry.get_text(), entry.edit_position
        tidy = "".join(ch for ch in normal_code(text) if ch in CODE_ALPHABET)
        if len(tidy) > CODE_LENGTH:  # back as it was, the caret where the refused letters went
            before = self.texts["code"]
            tidy, caret = before, max(0, caret - (len(text) - len(before)))
        else:
            caret = sum(1 for ch in normal_code(text[:caret]) if ch in CODE_ALPHABET)
        if tidy != text:
            entry.set_text(tidy)
        entry.edit_position = min(caret, len(tidy))
        entry.cursor_has_moved_recently = True  # the caret is drawn where it now is
        self.texts["code"] = tidy

    def _sync(self) -> None:
        for key, entry in (("address", self.address_entry), ("code", self.code_entry), ("name", self.name_entry),
                           ("seat", self.seat_entry)):
            if entry is not None and entry.alive():
                self.texts[key] = entry.get_text()

    def join_typed(self) -> None:
        """Join the table at the address and code typed."""
        self._sync()
        if not self.texts["address"].strip():
            self._refuse(self.app.tr("net.join.need_address"))
        elif len(normal_code(self.texts["code"])) != CODE_LENGTH:
            self._refuse(self.app.tr("net.join.need_code"))
        else:
            self.join(self.texts["address"].strip(), self.texts["code"])

    def join(self, address: str, code: str) -> None:
        """Connect and wait in the table's waiting room (a refusal is shown there). Seats kept for
        this table are taken back rather than asked for again."""
        self._sync()
        keys = SeatKeys(self.app.data_dir)
        try:
            kept = keys.load(address, code)
        except DamagedFile as exc:
            kept = None
            self.app.notify(self.app.tr("notice.damaged_key", file=exc.moved.name), error=True)
        if kept is not None:
            lobby = rejoin(self.app, kept)
            if lobby is not None:
                self.close_browser()
                self.app.push(lobby)
                return
        self.close_browser()
        seats = [int(t) - 1 for t in self.texts["seat"].replace(",", " ").split() if t.isdigit() and int(t) > 0]
        names = [n.strip() for n in self.texts["name"].split(",")]
        links = []
        for n, seat in enumerate(seats or [None]):  # several seats: pass-and-play on this computer
            name = names[n] if n < len(names) and names[n] else ""
            link = RemoteLink(address, normal_code(code), name=name, seat=seat, wake=self.app.wake, keys=keys)
            link.start()
            links.append(link)
        self.app.push(LobbyScene(self.app, links))

    def rejoin(self) -> None:
        """Take back the seats kept for the newest table."""
        if self.kept is None:
            return
        lobby = rejoin(self.app, self.kept)
        if lobby is not None:
            self.close_browser()
            self.app.push(lobby)

    def _refuse(self, text: str) -> None:
        self.problem = text
        self.rebuild()

    def _heard(self) -> None:
        """The browser heard a table come or go (on its thread): wake the window to show it."""
        self._news.set()
        self.app.wake()

    def update(self, dt: float) -> None:
        if self.browser is None or not self._news.is_set():
            return
        self._news.clear()
        heard = self.browser.tables()
        if heard != self.heard:
            self._sync()
            self.heard = heard
            self.rebuild()

    def back(self) -> None:
        self.close_browser()
        self.app.pop()

    def leave(self) -> None:
        self._sync()
        super().leave()

    def close_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

