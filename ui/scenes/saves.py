"""Saved matches: every unfinished match kept on this computer, the network table this app hosted
among them, each with its game, players and score, moves played, when it was last played and how it
is played (solo against bots, pass and play, network). Any of them is resumed, or deleted after a
question. At most ``SAVES_KEPT`` are kept, as the screen says.

Dates are written the player's way: "Today, 2:05 PM", "6 déc. 2026, 14:05".
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UILabel, UIScrollingContainer

from game import SaveError
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title
from ui.session import MatchSession
from ui.storage import SAVES_KEPT, hosted_file
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App

DAY = 86_400


@dataclass
class SavedMatch:
    """One unfinished match as the list shows it."""

    when: float
    """When it was last played (seconds since the epoch)."""
    game_id: str
    names: list[str]
    scores: list[int]
    moves: int
    kind: str
    """``solo``, ``pass_and_play``, ``bots`` (no one at this computer plays) or ``network``."""
    session: MatchSession | None = None
    hosted: Any = None
    """The network table this app hosted (``HostedTable``), for the ``network`` entry."""


def kind_of(session: MatchSession) -> str:
    """How a match saved here is played: by one person against bots, several at this computer, or bots alone."""
    humans = len(session.humans)
    return "solo" if humans == 1 else "pass_and_play" if humans > 1 else "bots"


def saved_matches(app: App) -> list[SavedMatch]:
    """Every unfinished match, the latest first: those saved here (a file that cannot be resumed is
    moved aside with a notice) and the network table this app hosted."""
    found: list[SavedMatch] = []
    for when, data in app.storage.saved_sessions():
        try:
            session = MatchSession.from_json(data)
        except SaveError:
            app.storage.discard_damaged_session(data["save_id"])
            continue
        if session.state.is_over():  # ended as it was saved: nothing left to play
            app.storage.clear_session(session.save_id)
            continue
        found.append(SavedMatch(when, session.game_id, [s.name for s in session.seats],
                                list(session.state.scores), len(session.state.log), kind_of(session), session=session))
    path = hosted_file(app.data_dir)
    if path.exists():  # the network stack is loaded only when there is a table to host again
        from ui.scenes.network import saved_table

        table = saved_table(app)
        if table is not None:
            try:
                when = path.stat().st_mtime
            except OSError:
                when = time.time()
            found.append(SavedMatch(when, table.state.GAME_ID, [s.name for s in table.seats],
                                    list(table.state.scores), len(table.state.log), "network", hosted=table))
    found.sort(key=lambda m: m.when, reverse=True)
    return found


def clock_text(app: App, moment: time.struct_time) -> str:
    """The time of day the language's way: on a 12-hour clock ("2:05 PM") or a 24-hour one ("14:05")."""
    hour, minute = moment.tm_hour, moment.tm_min
    if app.tr("saves.clock") == "12":
        return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"
    return f"{hour:02d}:{minute:02d}"


def when_text(app: App, when: float, now: float | None = None) -> str:
    """When a match was last played, the language's way: today, yesterday, else its date, and the time."""
    moment = time.localtime(when)
    today = time.localtime(time.time() if now is None else now)
    days = (time.mktime((today.tm_year, today.tm_mon, today.tm_mday, 12, 0, 0, 0, 0, -1))
            - time.mktime((moment.tm_year, moment.tm_mon, moment.tm_mday, 12, 0, 0, 0, 0, -1)))
    clock = clock_text(app, moment)
    if round(days / DAY) == 0:
        return app.tr("saves.today", time=clock)
    if round(days / DAY) == 1:
        return app.tr("saves.yesterday", time=clock)
    month = app.tr("saves.months").split(",")[moment.tm_mon - 1].strip()
    date = app.tr("saves.date", day=str(moment.tm_mday), month=month, year=str(moment.tm_year))
    return app.tr("saves.date_time", date=date, time=clock)


def players_text(app: App, match: SavedMatch, shown: int | None = None) -> str:
    """Each player and their score ("Ann: 35 · Chloé: 12"); past ``shown`` names, "…"."""
    pairs = [app.tr("saves.player_score", name=name, score=app.number(score))
             for name, score in zip(match.names, match.scores, strict=False)]
    if shown is not None and shown < len(pairs):
        pairs = [*pairs[:shown], "…"]
    return " · ".join(pairs)


def details_text(app: App, match: SavedMatch, now: float | None = None) -> str:
    """How the match is played, how far it went and when it was last played."""
    return app.tr("saves.details", kind=app.tr(f"saves.kind.{match.kind}"),
                  moves=app.tr("saves.moves", n=match.moves, count=app.number(match.moves)),
                  when=when_text(app, match.when, now))


class SavedMatchesScene(MenuScene):
    """The list of saved matches, each with Resume (its row) and Delete."""

    heading_key = "saves.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.matches: list[SavedMatch] = []
        self.rows: list[tuple[Any, Any]] = []
        """Each match's resume and delete buttons, in the list's order."""
        self.scroll: UIScrollingContainer | None = None
        self.footer_top = 0

    def build(self) -> None:
        tr = self.app.tr
        self.matches = saved_matches(self.app)
        w, h = self.size
        width = min(self.px(900), w - self.px(80))
        x = (w - width) // 2
        top = self.heading_bottom()
        bh = self.px(44)
        back = pygame.Rect(0, 0, self.px(220), bh + self.px(8))
        back.midbottom = (w // 2, h - self.px(20))
        self.footer_top = back.top - self.px(12) - 2 * self.app.font(self.px(15)).get_linesize()
        self.rows = []
        self.scroll = None
        if not self.matches:
            self.sentence(pygame.Rect(x, top, width, bh), tr("saves.none"))
        else:
            box = pygame.Rect(x, top, width, self.footer_top - self.px(10) - top)
            scroll = UIScrollingContainer(box, manager=self.app.ui, container=self.root, allow_scroll_x=False)
            self.scroll = scroll
            inner = box.width - self.px(20)
            delete_w = self.px(130)
            gap = self.px(8)
            note_h = self.px(26)
            y = 0
            font = self.app.font(self.px(17))
            for match in self.matches:
                rect = pygame.Rect(0, y, inner - delete_w - gap, bh)
                text = self.row_text(match, font, rect.width - self.px(24))
                resume = self.button(rect, text, partial(self.resume, match), container=scroll,
                                     object_id="#saved_match", tooltip=self.row_text(match, None, None))
                delete = self.button(pygame.Rect(rect.right + gap, y, delete_w, bh), tr("saves.delete"),
                                     partial(self.ask_delete, match), container=scroll, object_id="#delete_saved")
                self.rows.append((resume, delete))
                self.spoken_labels[resume] = self.row_text(match, None, None)
                self.spoken_notes[resume] = details_text(self.app, match)
                self.spoken_labels[delete] = f"{tr('saves.delete')}: {self.spoken_labels[resume]}"
                UILabel(pygame.Rect(self.px(8), y + bh, inner - self.px(8), note_h), details_text(self.app, match),
                        manager=self.app.ui, container=scroll, object_id=self.oid("hint_label"))
                y += bh + note_h + self.px(12)
            scroll.set_scrollable_area_dimensions((inner, max(y, box.height - 2)))
        self.button(back, tr("common.back"), self.back, kind="primary_button")

    def spoken_page(self) -> str:
        """"No saved match" when there is none."""
        return "" if self.matches else self.app.tr("saves.none")

    def row_text(self, match: SavedMatch, font: pygame.font.Font | None, width: int | None) -> str:
        """A row's title, its game and the players with their scores, in ``width`` pixels (None: in
        full): the last names give way to "…"."""
        game = game_title(self.app, match.game_id)
        text = ""
        for shown in range(len(match.names), 0, -1):
            text = self.app.tr("saves.row", game=game, players=players_text(self.app, match, shown))
            if font is None or width is None or font.size(text)[0] <= width:
                return text
        return text

    def initial_focus(self) -> int:
        return 0

    def reveal(self, widget: Any) -> None:
        """Scroll the list so that the row getting the keyboard focus is in view."""
        scroll = self.scroll
        if scroll is None or scroll.vert_scroll_bar is None or widget.ui_container is self.root:
            return
        view, content = scroll.rect, scroll.scrollable_container.rect
        if view.top <= widget.rect.top and widget.rect.bottom + self.px(30) <= view.bottom:
            return
        top = widget.rect.top - content.top
        offset = top - self.px(8) if widget.rect.top < view.top else top + widget.rect.height + self.px(38) - view.height
        limit = max(0.0, 1.0 - view.height / content.height)
        scroll.vert_scroll_bar.set_scroll_from_start_percentage(min(limit, max(0.0, offset / content.height)))

    # ------------------------------------------------------------------ actions
    def resume(self, match: SavedMatch) -> None:
        """Sit at the match again where it stopped (a network table: host it again)."""
        if match.session is not None:
            self.app.start_match(match.session)
            return
        from ui.scenes.network import host_again

        try:
            lobby = host_again(self.app, match.hosted)
        except OSError as exc:
            self.app.notify(self.app.tr("net.host_failed", reason=str(exc)), error=True)
            return
        self.app.replace(lobby)

    def ask_delete(self, match: SavedMatch) -> None:
        """Ask before deleting: a deleted match cannot be brought back."""
        self.ask("saves.delete_title", "saves.delete_question", "saves.delete_yes", partial(self.delete, match),
                 "#delete_saved_dialog", game=game_title(self.app, match.game_id),
                 players=", ".join(match.names), when=when_text(self.app, match.when))

    def delete(self, match: SavedMatch) -> None:
        """Delete ``match`` for good (its file; a network table's save too) and show the list again."""
        if match.session is not None:
            self.app.storage.clear_session(match.session.save_id)
        else:
            try:
                hosted_file(self.app.data_dir).unlink(missing_ok=True)
            except OSError as exc:
                self.app.notify(self.app.tr("notice.save_failed", error=str(exc)), error=True)
        focus = self.focus
        self.rebuild()
        self.set_focus(min(max(focus - 1, 0), max(len(self.nav) - 1, 0)) if self.nav else -1)
        self.app.notify(self.app.tr("saves.deleted", game=game_title(self.app, match.game_id)), 3.0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE and self.confirm is None:
            for row, match in zip(self.rows, self.matches, strict=True):
                if self.focused_widget() in row:
                    self.ask_delete(match)
                    return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.app.font(self.px(15))
        width = min(self.px(900), surface.get_width() - self.px(80))
        lines = wrap_text(font, self.app.tr("saves.bound", n=SAVES_KEPT), width)
        for i, line in enumerate(lines[:2]):
            text = font.render(line, True, (200, 216, 196))
            surface.blit(text, text.get_rect(midtop=(surface.get_width() // 2, self.footer_top + i * font.get_linesize())))
