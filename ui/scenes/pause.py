"""The menu over the table (Esc): resume, restart, rules, settings, save and quit to title. At a
network table it is no pause (the match goes on for everyone): it says so, and offers what a network
player may do there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core.utility import clipboard_copy

from game.core.dealcode import encode
from game.core.fairness import public_match_seed
from game.core.matchfile import export_match
from ui.scene import Scene
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title
from ui.session import MatchSession
from ui.table.remote import RemoteSession
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App


class PauseScene(MenuScene):
    """A dimmed overlay with the pause menu; the table stays visible behind it, frozen (a network
    table's goes on)."""

    transparent = True

    def __init__(self, app: App, session: MatchSession) -> None:
        super().__init__(app)
        self.session = session
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sub_lines: list[str] = []

    def build(self) -> None:
        tr = self.app.tr
        w, h = self.size
        bw, bh, gap = self.px(320), self.px(50), self.px(12)
        entries = [
            ("sheet.back" if self.network else "pause.resume", self.resume, "primary_button"),
            ("pause.restart", self.ask_restart, "menu_button"),
            ("pause.rules", lambda: self.app.show_rules(self.session.game_id), "menu_button"),
            ("pause.settings", self.app.show_settings, "menu_button"),
            ("pause.fair_deal", self.fair_deal, "menu_button"),
            ("pause.copy_code", self.copy_code, "menu_button"),
            ("pause.export", self.export, "menu_button"),
            ("pause.save_quit", self.save_and_quit, "menu_button"),
        ]
        if not self.session.saved:  # a network match: its host saves it, and nobody restarts it alone
            mine = ("pause.restart", "pause.save_quit", "pause.copy_code", "pause.export")
            entries = [e for e in entries if e[0] not in mine]
            hosting = getattr(self.session, "host", None) is not None  # leaving closes the table for everyone
            entries.append(("net.lobby.leave" if hosting else "pause.leave_table", self.leave_table, "menu_button"))
        self.sub_lines = wrap_text(self.app.font(self.px(16)), self.subtitle(), bw + self.px(40))
        head = self.px(80) + len(self.sub_lines) * self.px(20)
        self.panel = pygame.Rect(0, 0, bw + self.px(64), head + len(entries) * (bh + gap) + self.px(24))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + head
        for key, action, kind in entries:
            self.button(pygame.Rect(self.panel.left + self.px(32), y, bw, bh), tr(key), action, kind=kind)
            y += bh + gap

    def initial_focus(self) -> int:
        return 0

    @property
    def network(self) -> bool:
        """Whether this is a network table's menu: the match goes on behind it, for every seat."""
        return isinstance(self.session, RemoteSession)

    def heading(self) -> str:
        """The menu's heading: a pause only where the match waits for the player."""
        return self.app.tr("pause.network_heading" if self.network else "pause.heading")

    def subtitle(self) -> str:
        """The line under the heading: the game, and at a network table that its match goes on."""
        game = game_title(self.app, self.session.game_id)
        return self.app.tr("pause.goes_on", game=game) if self.network else game

    def spoken_title(self) -> str:
        return f"{self.heading()}. {self.subtitle()}"

    def _table_below(self) -> Scene | None:
        """The table this menu is open over, at a network table (else ``None``: it waits)."""
        if not self.network or self not in self.app.scenes:
            return None
        at = self.app.scenes.index(self)
        return self.app.scenes[at - 1] if at > 0 else None

    def update(self, dt: float) -> None:
        """At a network table the match goes on behind the menu, as the menu says: the table below
        takes the host's news and plays them out (a table on the host's screen, watched by everyone
        around it, never freezes because the host opened the menu)."""
        super().update(dt)
        table = self._table_below()
        if table is not None:
            table.update(dt)

    def idle(self) -> bool:
        table = self._table_below()
        return super().idle() and (table is None or table.idle())

    # ------------------------------------------------------------------ actions
    def resume(self) -> None:
        self.app.pop()

    def ask_restart(self) -> None:
        """Ask before throwing the current match away."""
        self.ask("pause.restart", "pause.restart_question", "pause.restart_yes", self.restart, "#restart_dialog")

    def restart(self) -> None:
        """Deal a new match with the same seats and options and a new seed, in place of this one
        (the player said to throw it away: its save goes)."""
        old = self.session
        fresh = MatchSession.new(old.game_id, list(old.seats), old.state.options, seed=None)
        if old.saved:
            self.app.storage.clear_session(old.save_id)
        self.app.start_match(fresh)

    def fair_deal(self) -> None:
        """Show each hand's fingerprint and, once the hand is over, its seed checked against it (the
        same for every seat: the public view has them)."""
        from ui.scenes.fairdeal import FairDealScene

        self.app.push(FairDealScene(self.app, self.session.state.view(None).get("deals", [])))

    def deal_code(self) -> str | None:
        """The code that deals this match again (game, table size, rule options and seed), once the
        match is over: in play, its seed would give away every hidden card (``public_match_seed``)."""
        state = self.session.state
        seed = public_match_seed(state)
        return None if seed is None else encode(state.GAME_ID, state.players, state.options, seed)

    def copy_code(self) -> None:
        """Put the deal code on the clipboard for a friend (and show it, in case there is none); in
        play, say why not."""
        code = self.deal_code()
        if code is None:
            self.app.notify(self.app.tr("pause.code_after"), seconds=6)
            return
        try:
            clipboard_copy(code)
        except pygame.error:
            self.app.notify(self.app.tr("pause.code_shown", code=code), seconds=12)
            return
        self.app.notify(self.app.tr("pause.code_copied", code=code), seconds=6)

    def export(self) -> None:
        """Save the match as a match file in the matches folder, and say where; in play, say why
        not: the file holds the match seed, and the replay viewer shows every card from it."""
        if public_match_seed(self.session.state) is None:
            self.app.notify(self.app.tr("pause.export_after"), seconds=6)
            return
        try:
            path = self.app.storage.save_match_file(self.session.game_id, export_match(self.session.state))
        except OSError as exc:
            self.app.notify(self.app.tr("pause.export_failed", reason=exc.strerror or str(exc)), seconds=8, error=True)
            return
        self.app.notify(self.app.tr("pause.exported", path=str(path)), seconds=8)

    def leave_table(self) -> None:
        """Leave a network table (a host closes it; a friend's seat waits for them a while)."""
        close = getattr(self.session, "close", None)
        if close is not None:
            close()
        self.app.pop_to_title()

    def save_and_quit(self) -> None:
        """Save the match (it stays available under Continue) and return to the title screen."""
        self.app.storage.save_session(self.session.to_json())
        self.app.pop_to_title()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (8, 40, 24, 240), panel.get_rect(), border_radius=18)
        pygame.draw.rect(panel, (*art.GOLD, 255), panel.get_rect(), width=2, border_radius=18)
        surface.blit(panel, self.panel)
        font = self.app.font(self.px(30), bold=True)
        title = font.render(self.heading(), True, art.GOLD_LIGHT)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.top + self.px(18))))
        y = self.panel.top + self.px(18) + title.get_height()
        for line in self.sub_lines:
            sub = self.app.font(self.px(16)).render(line, True, art.CREAM)
            surface.blit(sub, sub.get_rect(midtop=(self.panel.centerx, y)))
            y += self.px(20)
