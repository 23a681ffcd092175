"""A browser seat's menu: what a desktop guest finds in its pause menu and a phone can do — back to
the table, the score sheet, and leaving the table (its seat waits for it, as after a drop). A desktop
guest's other entries are not a browser's: the rules and settings are the app's screens, and a
network table offers no undo and no hint to anyone (``TableMatch.undo_may_come``, ``hint_may_come``).

It is a panel over the table for a renderer of pictures (``picture_nodes`` and ``touches``, as the
knock panel and the score sheet give theirs), opened by the menu button that takes the place of the
desktop's keys at the right of the top bar (``menu_button``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.picture.model import Node
from ui.table.layout import TAP
from ui.table.touch import Touch
from ui.table.widgets import Button, TextCache

if TYPE_CHECKING:
    from ui.table.scene import TableScene

MENU = "web:menu"
"""The menu button's node, at the right of the top bar."""


def menu_button(scene: TableScene, depth: int) -> Node:
    """The button that opens the menu, right of the top bar, sized for a thumb and its word (upright,
    in the room the bar keeps for it, ``layout.menu_room``, at least ``TAP`` high)."""
    layout = scene.layout
    w, bar = layout.size[0], layout.top_bar
    margin = round(layout.unit * 0.3)
    words = scene.app.tr("web.menu")
    if layout.portrait:
        size = scene.text.fitting_size(words, layout.status_size + 2, layout.menu_room - 16, True)
        high = min(bar - 8, max(TAP, round(bar * 0.6)))
        rect = (w - margin - layout.menu_room + 6, (bar - high) // 2, layout.menu_room - 6, high)
        return Node(MENU, "button", rect, depth, words, role="button", label=words, text_size=size, bold=True)
    size = round(bar * 0.4)
    width = min(round(w * 0.26), scene.text.width(words, size, True) + round(bar * 0.8))
    rect = (w - margin - width, 4, width, bar - 8)
    return Node(MENU, "button", rect, depth, words, role="button", label=words, text_size=size, bold=True)


class SeatMenu:
    """The menu over a browser seat's ``scene`` (see the module docstring)."""

    def __init__(self, app: Any, scene: TableScene) -> None:
        self.app = app
        self.scene = scene
        self.text = TextCache(app.font)
        self.buttons: list[Button] = []

    def enter(self) -> None:
        tr = self.app.tr
        self.buttons = [Button("back", tr("sheet.back"), self.app.pop, primary=True),
                        Button("sheet", tr("sheet.title"), self.score_sheet),
                        Button("leave", tr("pause.leave_table"), self.app.pop_to_title)]

    def score_sheet(self) -> None:
        """The match's score sheet, in place of the menu."""
        self.app.pop()
        self.scene.show_score_sheet()

    def picture_nodes(self, depth: int) -> list[Node]:
        """The shade over the table, the box, its title and one button a row, sized for a thumb."""
        layout = self.scene.layout
        w, h = layout.size
        em = layout.em
        button_h = max(44, round(em * 0.9))
        gap = round(button_h * 0.3)
        title_size = round(em * 0.55)
        title_h = self.text.font(title_size, True).get_linesize()
        box_w = min(round(w * 0.86), round(em * 12))
        box_h = gap * 3 + title_h + len(self.buttons) * (button_h + gap)
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (w // 2, h // 2)
        title = self.app.tr("web.menu")
        nodes = [Node("menu:shade", "panel", (0, 0, w, h), depth, state=frozenset({"dimmed"}), group="overlay"),
                 Node("menu", "panel", (box.x, box.y, box.w, box.h), depth + 1, role="dialog", label=title,
                      group="overlay"),
                 Node("menu:title", "text", (box.x + gap, box.y + gap, box.w - 2 * gap, title_h), depth + 2, title,
                      parent="menu", text_size=title_size, bold=True)]
        y = box.y + gap * 2 + title_h
        size = round(button_h * 0.4)
        for b in self.buttons:
            b.rect = pygame.Rect(box.x + gap * 2, y, box.w - gap * 4, button_h)
            nodes.append(Node(f"menu:button:{b.key}", "button", (b.rect.x, b.rect.y, b.rect.w, b.rect.h), depth + 3,
                              b.label, frozenset({"primary"}) if b.primary else frozenset(), "button", b.label,
                              text_size=size, bold=True))
            y += button_h + gap
        return nodes

    def touches(self) -> dict[str, Touch]:
        return {f"menu:button:{b.key}": Touch(b.action) for b in self.buttons}
