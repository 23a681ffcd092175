"""What the shell's menu-like scenes share: widgets built on enter and killed on leave, a felt
backdrop with a heading, button actions, keyboard focus for buttons, and size classes.

Widgets live in one root container so that ``leave`` removes them all; a scene's ``build`` makes
them again, which is also how a resize or a language switch shows up at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UICheckBox, UILabel

from ui.scene import Scene
from ui.scenes import art

if TYPE_CHECKING:
    from ui.app import App

NAV_NEXT = (pygame.K_DOWN, pygame.K_RIGHT)
NAV_PREV = (pygame.K_UP, pygame.K_LEFT)
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MenuScene(Scene):
    """A full-screen scene of pygame_gui widgets over the felt."""

    heading_key = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.root: UIContainer | None = None
        self.actions: dict[object, Callable[[], None]] = {}
        self.nav: list[UIButton] = []
        self.focus = -1

    # ------------------------------------------------------------------ size classes
    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    @property
    def large(self) -> bool:
        """Big windows (about 1600×1000 and up) get larger fonts and widgets."""
        w, h = self.size
        return w >= 1600 and h >= 960

    @property
    def k(self) -> float:
        """Scale factor for widget sizes."""
        return 1.3 if self.large else 1.0

    def px(self, value: float) -> int:
        return int(round(value * self.k))

    def oid(self, name: str, object_id: str | None = None) -> ObjectID:
        """The theme class ``@name`` in this size class."""
        return ObjectID(object_id=object_id, class_id=f"@{name}_l" if self.large else f"@{name}")

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.root = UIContainer(pygame.Rect((0, 0), self.size), manager=self.app.ui)
        self.actions = {}
        self.nav = []
        self.build()
        if self.nav:
            self.set_focus(
                min(max(self.focus, 0), len(self.nav) - 1) if self.focus >= 0 else self.initial_focus()
            )

    def initial_focus(self) -> int:
        """Which button has the keyboard focus when the scene is built (-1: none)."""
        return -1

    def build(self) -> None:
        """Create the widgets inside ``self.root``."""

    def leave(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None
        self.actions = {}
        self.nav = []

    def rebuild(self) -> None:
        """Build the widgets again (new size, new language, new content)."""
        if self.root is not None:
            self.leave()
            self.enter()

    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    # ------------------------------------------------------------------ widgets
    def button(
        self,
        rect: pygame.Rect,
        text: str,
        action: Callable[[], None] | None,
        kind: str = "menu_button",
        nav: bool = True,
        object_id: str | None = None,
        tooltip: str | None = None,
    ) -> UIButton:
        """A themed button; ``action`` runs when it is pressed (or activated from the keyboard)."""
        widget = UIButton(
            rect,
            text,
            manager=self.app.ui,
            container=self.root,
            object_id=self.oid(kind, object_id),
            tool_tip_text=tooltip,
        )
        if action is None:
            widget.disable()
        else:
            self.actions[widget] = action
            if nav:
                self.nav.append(widget)
        return widget

    def checkbox(
        self, rect: pygame.Rect, text: str, on: bool, object_id: str, container: object = None
    ) -> UICheckBox:
        """A themed checkbox (its mark is a glyph the bundled font has)."""
        box = UICheckBox(
            rect,
            text,
            manager=self.app.ui,
            container=container or self.root,
            initial_state=on,
            object_id=object_id,
        )
        box.set_check_symbol("×")
        return box

    def label(self, rect: pygame.Rect, text: str, kind: str = "field_label") -> UILabel:
        return UILabel(rect, text, manager=self.app.ui, container=self.root, object_id=self.oid(kind))

    def set_focus(self, index: int) -> None:
        """Give the keyboard focus to ``nav[index]`` (shown in the selected colours)."""
        if not self.nav:
            self.focus = -1
            return
        for button in self.nav:
            button.unselect()
        if index < 0:
            self.focus = -1
            return
        self.focus = index % len(self.nav)
        self.nav[self.focus].select()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.actions[event.ui_element]()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if not self.nav:
            return False
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.set_focus(self.focus + step if self.focus >= 0 else 0)
            return True
        if event.key in NAV_NEXT:
            self.set_focus(self.focus + 1 if self.focus >= 0 else 0)
            return True
        if event.key in NAV_PREV:
            self.set_focus(self.focus - 1 if self.focus >= 0 else len(self.nav) - 1)
            return True
        if event.key in ACTIVATE and 0 <= self.focus < len(self.nav):
            self.actions[self.nav[self.focus]]()
            return True
        return False

    def back(self) -> None:
        """Esc: close this scene."""
        self.app.pop()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        if self.heading_key:
            self.draw_heading(surface, self.app.tr(self.heading_key))

    def draw_heading(self, surface: pygame.Surface, text: str) -> int:
        """Draw a centred gold heading with a rule under it; return the y below it."""
        font = self.app.font(self.px(34), bold=True)
        rendered = font.render(text, True, art.GOLD_LIGHT)
        shadow = font.render(text, True, (0, 0, 0))
        shadow.set_alpha(110)
        x = (surface.get_width() - rendered.get_width()) // 2
        y = self.px(22)
        surface.blit(shadow, (x + 2, y + 3))
        surface.blit(rendered, (x, y))
        rule_y = y + rendered.get_height() + self.px(6)
        half = min(surface.get_width() // 3, rendered.get_width() // 2 + self.px(80))
        cx = surface.get_width() // 2
        pygame.draw.line(surface, art.GOLD, (cx - half, rule_y), (cx + half, rule_y), 2)
        pygame.draw.circle(surface, art.GOLD, (cx, rule_y), 4)
        return rule_y + self.px(16)

    def heading_bottom(self) -> int:
        """The y where content starts below the heading."""
        return self.px(22) + self.app.font(self.px(34), bold=True).get_height() + self.px(6) + self.px(22)
