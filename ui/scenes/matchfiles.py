"""Match files: the finished matches kept in the data folder, and any match file opened by its path.

Opening one replays it in the replay viewer (from where *Play this deal* deals it again). A file
that cannot be read is explained in one sentence and left exactly as it was.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextEntryLine

from game.core.matchfile import MatchFileError, import_match
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App

_OUR_NAME = re.compile(r"(?P<date>\d{4}-\d\d-\d\d)_(?P<h>\d\d)-(?P<m>\d\d)-\d\d_(?P<game>[a-z_]+?)(?:-\d+)?")
ERROR_TEXT = (255, 160, 140)
FOLDER_TEXT = (200, 216, 196)
SHOWN = 8
"""Newest match files listed as buttons (older ones are opened by their path)."""


class MatchFilesScene(MenuScene):
    """The newest match files as buttons, a path field, and the reason when a file is refused."""

    heading_key = "files.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.path_entry: UITextEntryLine | None = None
        self.error = ""
        self.listed = 0
        """How many match files the screen lists (read once per build, not every frame)."""
        self.error_top = 0
        self.folder_top = 0

    def spoken_page(self) -> str:
        """"No match file yet" when there is none."""
        return "" if self.listed else self.app.tr("files.none")

    def spoken_alert(self) -> str:
        return self.error

    def build(self) -> None:
        tr = self.app.tr
        w, h = self.size
        width = min(self.px(760), w - self.px(80))
        x = (w - width) // 2
        y = self.heading_bottom()
        bh, gap = self.px(40), self.px(8)
        files = self.app.storage.match_files()[:SHOWN]
        self.listed = len(files)
        if not files:
            y = self.sentence(pygame.Rect(x, y, width, bh), tr("files.none")) + gap
        for path in files:
            self.button(pygame.Rect(x, y, width, bh), self.describe(path), partial(self.open, path))
            y += bh + gap
        self.folder_top = y
        y += self.px(44)
        self.label(pygame.Rect(x, y, width, self.px(30)), tr("files.path"), "field_label")
        y += self.px(32)
        ow = self.px(140)
        self.path_entry = UITextEntryLine(pygame.Rect(x, y, width - ow - gap, bh), manager=self.app.ui,
                                          container=self.root, object_id=self.oid("entry", "#match_path"))
        self.add_nav(self.path_entry, label=tr("files.path"))
        self.button(pygame.Rect(x + width - ow, y, ow, bh), tr("files.open"), self.open_typed)
        self.error_top = y + bh + gap
        bw = self.px(220)
        self.button(pygame.Rect((w - bw) // 2, h - bh - self.px(24), bw, bh + self.px(8)), tr("common.back"),
                    self.back, kind="primary_button")

    def initial_focus(self) -> int:
        return 0

    def describe(self, path: Path) -> str:
        """A file's button: its game and date when it is named as the app names them, else its name."""
        m = _OUR_NAME.fullmatch(path.stem)
        if m is None or m.group("game") not in games():
            return path.name
        return f"{game_title(self.app, m.group('game'))} — {m.group('date')} {m.group('h')}:{m.group('m')}"

    def open_typed(self) -> None:
        text = self.path_entry.get_text().strip() if self.path_entry is not None else ""
        if text:
            self.open(Path(text).expanduser())

    def open(self, path: Path) -> None:
        """Replay the match in ``path``, or say why it cannot be opened (the file is not touched)."""
        from ui.scenes.replay import ReplayScene

        if not path.is_file():
            self.refuse(self.app.tr("files.not_found", path=str(path)))
            return
        try:
            state = import_match(self.app.storage.read_match_file(path))
        except (MatchFileError, ValueError) as exc:
            self.refuse(str(exc))
            return
        self.error = ""
        self.app.push(ReplayScene(self.app, state, source=path.name))

    def refuse(self, reason: str) -> None:
        """Show why a file cannot be opened, under the path field."""
        self.error = self.app.tr("files.refused", reason=reason)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w = surface.get_width()
        width = min(self.px(760), w - self.px(80))
        small = self.app.font(self.px(14))
        folder = self.app.tr("files.folder", path=str(self.app.storage.matches_dir))
        for i, line in enumerate(wrap_text(small, folder, width)[:2]):
            surface.blit(small.render(line, True, FOLDER_TEXT), ((w - width) // 2, self.folder_top + i * small.get_linesize()))
        if not self.error:
            return
        font = self.app.font(self.px(17), bold=True)
        y = self.error_top
        for line in wrap_text(font, self.error, width)[:4]:
            surface.blit(font.render(line, True, ERROR_TEXT),
                         ((w - width) // 2, y))
            y += font.get_linesize()
