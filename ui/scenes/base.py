"""What the shell's menu-like scenes share: widgets built on enter and killed on leave, a felt
backdrop with a heading, button actions, keyboard focus, and size classes.

Keyboard focus: ``self.nav`` lists the focusable widgets in reading order and ``self.focusables``
gives each one a small adapter (:class:`Focusable`) saying how it shows the focus and what keys do
to it. Tab / Shift+Tab and Up/Down move the focus; Left/Right move it too unless the focused widget
uses them (a drop-down cycles its options, a text entry moves its caret); Enter/Space activate a
button, toggle a checkbox, cycle a drop-down or start typing in an entry. While a text entry is being
typed in, the first Esc only leaves the entry (the focus stays on it); the next Esc goes back.

Widgets live in one root container so that ``leave`` removes them all; a scene's ``build`` makes
them again, which is also how a resize or a language switch shows up at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine
from pygame_gui.windows import UIConfirmationDialog

from ui.scene import Scene
from ui.scenes import art
from ui.text import drawable

if TYPE_CHECKING:
    from ui.app import App

NAV_NEXT = (pygame.K_DOWN, pygame.K_RIGHT)
NAV_PREV = (pygame.K_UP, pygame.K_LEFT)
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FOCUS_RING = 4  # pixels between a focused widget and the ring drawn around it


class Focusable:
    """Adapter for one focusable widget: how it shows the keyboard focus and what keys do to it."""

    ring = True  # draw the gold ring around the widget when it has the focus

    def __init__(self, widget: Any) -> None:
        self.widget = widget

    @property
    def enabled(self) -> bool:
        return bool(self.widget.is_enabled) and self.widget.alive()

    def show(self, manager: pygame_gui.UIManager, on: bool) -> None:
        """Show (or stop showing) that the widget has the keyboard focus."""

    def key(self, manager: pygame_gui.UIManager, key: int) -> bool:
        """React to ``key`` while focused; True when it was used."""
        return False


class ButtonFocus(Focusable):
    """A button: shown in the selected colours, Enter/Space press it."""

    ring = False

    def __init__(self, widget: UIButton, action: Callable[[], None]) -> None:
        super().__init__(widget)
        self.action = action

    def show(self, manager: pygame_gui.UIManager, on: bool) -> None:
        if on:
            self.widget.select()
        else:
            self.widget.unselect()

    def key(self, manager: pygame_gui.UIManager, key: int) -> bool:
        if key in ACTIVATE:
            self.action()
            return True
        return False


class EntryFocus(Focusable):
    """A text entry: focusing it gives it pygame_gui's focus (the caret), so typing goes into it."""

    def show(self, manager: pygame_gui.UIManager, on: bool) -> None:
        if on:
            manager.set_focus_set(self.widget)
        elif self.widget.is_focused:
            manager.set_focus_set(None)

    def key(self, manager: pygame_gui.UIManager, key: int) -> bool:
        if key in ACTIVATE:
            # Enter/Space on a left entry types in it again; while typing, Space is a character.
            if not self.widget.is_focused:
                manager.set_focus_set(self.widget)
            return True
        return False


class CheckBoxFocus(Focusable):
    """A checkbox: Enter/Space toggle it (posting pygame_gui's checked/unchecked event)."""

    def key(self, manager: pygame_gui.UIManager, key: int) -> bool:
        if key in ACTIVATE:
            self.widget.set_state(not self.widget.get_state())
            return True
        return False


class DropDownFocus(Focusable):
    """A closed drop-down: Left goes to the previous option, Right/Enter/Space to the next one,
    without opening it (posting pygame_gui's "changed" event like a click would)."""

    def _face(self) -> UIButton | None:
        state = self.widget.current_state
        return getattr(state, "selected_option_button", None) if state is not None else None

    def show(self, manager: pygame_gui.UIManager, on: bool) -> None:
        face = self._face()
        if face is not None and face.alive():
            if on:
                face.select()
            else:
                face.unselect()

    def key(self, manager: pygame_gui.UIManager, key: int) -> bool:
        menu = self.widget
        step = -1 if key == pygame.K_LEFT else 1 if key in (pygame.K_RIGHT, *ACTIVATE) else 0
        if not step or menu.current_state is not menu.menu_states["closed"]:
            return False
        options = list(menu.options_list)
        index = options.index(menu.selected_option) if menu.selected_option in options else 0
        menu.selected_option = options[(index + step) % len(options)]
        menu.current_state.selected_option = menu.selected_option
        face = self._face()
        if face is not None:
            # set_text alone leaves the selected-colours image showing the old text: rebuild it
            face.set_text(menu.selected_option[0])
            face.rebuild()
            face.unselect()
            face.select()
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                {
                    "text": menu.selected_option[0],
                    "selected_option_id": menu.selected_option[1],
                    "ui_element": menu,
                    "ui_object_id": menu.most_specific_combined_id,
                },
            )
        )
        return True


class MenuScene(Scene):
    """A full-screen scene of pygame_gui widgets over the felt."""

    heading_key = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.root: UIContainer | None = None
        self.actions: dict[object, Callable[[], None]] = {}
        self.nav: list[Any] = []  # focusable widgets in reading order
        self.focusables: dict[Any, Focusable] = {}
        self.focus = -1
        self.confirm: UIConfirmationDialog | None = None
        """The question open over the scene (``ask``), if any."""
        self._on_yes: Callable[[], object] | None = None

    # ------------------------------------------------------------------ size classes
    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    @property
    def large(self) -> bool:
        """Big windows (about 1600×1000 and up, at the interface size) get larger fonts and widgets."""
        w, h = self.size
        scale = self.app.ui_scale
        return w / scale >= 1600 and h / scale >= 960

    @property
    def k(self) -> float:
        """Scale factor for widget sizes: the size class's, times the interface size."""
        return (1.3 if self.large else 1.0) * self.app.ui_scale

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
        self.focusables = {}
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
        self._close_question()
        if self.root is not None:
            self.root.kill()
            self.root = None
        self.actions = {}
        self.nav = []
        self.focusables = {}

    def rebuild(self) -> None:
        """Build the widgets again (new size, new language, new content), shown in the next frame
        even when nothing else would draw it (content that came from the network). The keyboard
        focus stays with the widget that had it (a button that came above it moves the list: the
        same place would be another widget, which Enter would then press)."""
        if self.root is not None:
            old = self.focused_widget()
            held, caret = self._identity(old), getattr(old, "edit_position", None)
            self.leave()
            self.enter()
            same = [i for i, widget in enumerate(self.nav) if held is not None and self._identity(widget) == held]
            if same:
                self.set_focus(same[0])
                widget = self.nav[same[0]]
                if isinstance(widget, UITextEntryLine) and caret is not None:  # the caret where it was
                    widget.edit_position = min(caret, len(widget.get_text()))
                    widget.cursor_has_moved_recently = True
            self.app.redraw()

    @staticmethod
    def _identity(widget: Any) -> tuple[Any, ...] | None:
        """What a widget is across a rebuild: its kind, theme ids and words (a text box's words are
        those it was made again with)."""
        if widget is None:
            return None
        return type(widget).__name__, tuple(getattr(widget, "object_ids", None) or ()), getattr(widget, "text", None)

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
        container: IContainerLikeInterface | None = None,
    ) -> UIButton:
        """A themed button; ``action`` runs when it is pressed (or activated from the keyboard).
        ``container``: a scrolling list inside the scene (default: the scene's root)."""
        widget = UIButton(
            rect,
            drawable(text),
            manager=self.app.ui,
            container=container or self.root,
            object_id=self.oid(kind, object_id),
            tool_tip_text=tooltip,
        )
        if action is None:
            widget.disable()
        else:
            self.actions[widget] = action
            if nav:
                self.add_nav(widget, ButtonFocus(widget, action))
        return widget

    def back_button_below(self) -> None:
        """A page with only Back to press: the button centred at the bottom (it has the focus)."""
        w, h = self.size
        bw, bh = self.px(220), self.px(48)
        self.button(pygame.Rect((w - bw) // 2, h - bh - self.px(20), bw, bh), self.app.tr("common.back"), self.back,
                    kind="primary_button")

    def add_nav(self, widget: Any, adapter: Focusable | None = None) -> Any:
        """Make ``widget`` the next stop of the keyboard focus (the adapter is chosen by its kind)."""
        if adapter is None:
            if isinstance(widget, UITextEntryLine):
                adapter = EntryFocus(widget)
            elif isinstance(widget, UICheckBox):
                adapter = CheckBoxFocus(widget)
            elif isinstance(widget, UIDropDownMenu):
                adapter = DropDownFocus(widget)
            else:
                raise TypeError(f"no keyboard adapter for {type(widget).__name__}")
        self.nav.append(widget)
        self.focusables[widget] = adapter
        return widget

    def checkbox(
        self, rect: pygame.Rect, text: str, on: bool, object_id: str, container: IContainerLikeInterface | None = None
    ) -> UICheckBox:
        """A themed checkbox: its mark, ×, comes from the theme (``check_symbol``), so that its first
        drawing already uses it (pygame_gui's own ✓ is not in the bundled font: an empty box)."""
        box = UICheckBox(
            rect,
            text,
            manager=self.app.ui,
            container=container or self.root,
            initial_state=on,
            object_id=object_id,
        )
        return box

    def drop_down(self, rect: pygame.Rect, choices: list[tuple[str, str]], value: str, name: str) -> UIDropDownMenu:
        """A themed drop-down of ``(label, id)`` choices showing the one whose id is ``value``."""
        current = next(c for c in choices if c[1] == value)
        options: list[str | tuple[str, str]] = list(choices)
        return UIDropDownMenu(options, current, rect, manager=self.app.ui, container=self.root,
                              object_id=self.oid("drop", f"#{name}"))

    def label(self, rect: pygame.Rect, text: str, kind: str = "field_label") -> UILabel:
        return UILabel(rect, drawable(text), manager=self.app.ui, container=self.root, object_id=self.oid(kind))

    @staticmethod
    def text_width(label: UILabel, text: str) -> int:
        """How wide ``text`` is in ``label``'s themed font (to place what follows it in any language)."""
        font = label.font
        return font.get_rect(text).width if font is not None else label.rect.width

    def set_focus(self, index: int) -> None:
        """Give the keyboard focus to ``nav[index]`` (a button in the selected colours, a text entry
        its caret, other widgets a gold ring); -1 takes it away."""
        manager = self.app.ui
        for widget in self.nav:
            self.focusables[widget].show(manager, False)
        if not self.nav or index < 0:
            self.focus = -1
            return
        self.focus = index % len(self.nav)
        widget = self.nav[self.focus]
        adapter = self.focusables[widget]
        if not isinstance(adapter, EntryFocus):
            # a widget the mouse focused earlier (a checkbox) would otherwise take Space and Enter
            manager.set_focus_set(None)
        self.reveal(widget)
        adapter.show(manager, True)

    def focused_widget(self) -> Any:
        """The widget with the keyboard focus (None: none)."""
        return self.nav[self.focus] if 0 <= self.focus < len(self.nav) else None

    def move_focus(self, step: int) -> None:
        """Move the focus ``step`` (±1) stops, skipping disabled widgets."""
        if not self.nav:
            return
        index = self.focus if self.focus >= 0 else (-1 if step > 0 else len(self.nav))
        for _ in range(len(self.nav)):
            index = (index + step) % len(self.nav)
            if self.focusables[self.nav[index]].enabled:
                break
        self.set_focus(index)

    def reveal(self, widget: Any) -> None:
        """Scroll ``widget`` into view when it gets the focus (scenes with scrolling areas)."""

    def _typing(self) -> bool:
        """Whether a text entry has pygame_gui's focus (keys are typed into it)."""
        focus_set = self.app.ui.get_focus_set() or ()
        return any(isinstance(w, UITextEntryLine) for w in focus_set)

    def _follow_pointer(self) -> None:
        """When the mouse gave pygame_gui's focus to one of the nav widgets, the keyboard focus
        continues from there."""
        focus_set = self.app.ui.get_focus_set() or ()
        for index, widget in enumerate(self.nav):
            if widget in focus_set and index != self.focus:
                self.set_focus(index)
                return

    # ------------------------------------------------------------------ questions
    def ask(self, title_key: str, question_key: str, yes_key: str, on_yes: Callable[[], object],
            object_id: str, **params: Any) -> None:
        """Ask before something that cannot be undone (a match thrown away, edits lost): ``on_yes``
        runs only if the player confirms; the dialog's Cancel, its close box or Esc keep everything.
        ``params`` fill the question's placeholders."""
        tr = self.app.tr
        rect = pygame.Rect(0, 0, self.px(460), self.px(220))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self._close_question()
        self.confirm = UIConfirmationDialog(rect, tr(question_key, **params), manager=self.app.ui,
                                            window_title=tr(title_key),
                                            action_short_name=tr(yes_key), blocking=True, object_id=object_id)
        self._on_yes = on_yes

    def _close_question(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
        self.confirm, self._on_yes = None, None

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            on_yes = self._on_yes
            self.confirm, self._on_yes = None, None
            if on_yes is not None:
                on_yes()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.actions[event.ui_element]()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE and self.confirm is not None and self.confirm.alive():
            self._close_question()  # Esc answers the question with "no"
            return True
        if event.key == pygame.K_ESCAPE:
            if self._typing():
                self.app.ui.set_focus_set(None)
            else:
                self.back()
            return True
        if not self.nav:
            return False
        self._follow_pointer()
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move_focus(-1 if event.key == pygame.K_UP else 1)
            return True
        widget = self.focused_widget()
        if widget is not None and self.focusables[widget].key(self.app.ui, event.key):
            return True
        if event.key in NAV_NEXT or event.key in NAV_PREV:
            self.move_focus(1 if event.key in NAV_NEXT else -1)
            return True
        return False

    def back(self) -> None:
        """Esc: close this scene."""
        self.app.pop()

    def idle(self) -> bool:
        """Widgets only change on input, except a text field's blinking caret."""
        return not self._typing()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        if self.heading_key:
            self.draw_heading(surface, self.app.tr(self.heading_key))
        self.draw_focus(surface)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A gold ring around the focused widget when it has no selected colours of its own
        (clipped to the containers it sits in, so a scrolled-away option shows none)."""
        widget = self.focused_widget()
        if widget is None or not self.focusables[widget].ring or not widget.visible:
            return
        ring = widget.rect.inflate(2 * FOCUS_RING, 2 * FOCUS_RING)
        clip = ring.copy()
        container = widget.ui_container
        while container is not None and container is not self.root:
            clip = clip.clip(container.rect.inflate(2 * FOCUS_RING + 4, 2 * FOCUS_RING + 4))
            container = getattr(container, "ui_container", None)
        if clip.width <= 0 or clip.height <= 0:
            return
        old_clip = surface.get_clip()
        surface.set_clip(clip)
        pygame.draw.rect(surface, art.GOLD_LIGHT, ring, width=2, border_radius=6)
        surface.set_clip(old_clip)

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
