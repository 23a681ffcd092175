"""What the shell's menu-like scenes share: widgets built on enter and killed on leave, a felt
backdrop with a heading, button actions, keyboard focus, and size classes.

Keyboard focus: ``self.nav`` lists the focusable widgets in reading order and ``self.focusables``
gives each one a small adapter (:class:`Focusable`) saying how it shows the focus and what keys do
to it. Tab / Shift+Tab and Up/Down move the focus; Left/Right move it too unless the focused widget
uses them (a drop-down cycles its options, a text entry moves its caret); Enter/Space activate a
button, toggle a checkbox, cycle a drop-down or start typing in an entry. While a text entry is being
typed in, the first Esc only leaves the entry (the focus stays on it); the next Esc goes back.

Speech (issue 63): each adapter also says its control's role and value, and ``spoken_screen`` tells a player
who listens what the screen is: its title, what it shows beside its controls, the focused control
(its spoken label, role, value, state and hint) and an error shown. The app compares it frame to
frame and announces what changed (``App.follow_screen``), so every menu speaks without a line of its
own; a scene gives the words its widgets do not show (``add_nav(..., label=, note=)``).

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
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine
from pygame_gui.windows import UIConfirmationDialog

from ui.scene import Scene
from ui.scenes import art
from ui.spoken import Heard, sentence
from ui.text import drawable

if TYPE_CHECKING:
    from ui.app import App

NAV_NEXT = (pygame.K_DOWN, pygame.K_RIGHT)
NAV_PREV = (pygame.K_UP, pygame.K_LEFT)
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FOCUS_RING = 4  # pixels between a focused widget and the ring drawn around it
BUTTON_AIR = 28
"""Pixels (at 100 %) a button's words leave free across it, its border and air at both ends."""


class Focusable:
    """Adapter for one focusable widget: how it shows the keyboard focus and what keys do to it."""

    ring = True  # draw the gold ring around the widget when it has the focus
    role = ""
    """What the control is, for a listener (``menu.role.<role>``: button, choice, check box...)."""

    def value(self, tr: Callable[..., str]) -> str:
        """The control's value in words ("checked", the option shown, the text typed)."""
        return ""

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
    role = "button"

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

    role = "textbox"

    def value(self, tr: Callable[..., str]) -> str:
        return self.widget.get_text() or self.widget.placeholder_text or tr("menu.empty")

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

    role = "checkbox"

    def value(self, tr: Callable[..., str]) -> str:
        return tr("menu.checked" if self.widget.get_state() else "menu.unchecked")

    def key(self, manager: pygame_gui.UIManager, key: int) -> bool:
        if key in ACTIVATE:
            self.widget.set_state(not self.widget.get_state())
            return True
        return False


class DropDownFocus(Focusable):
    """A closed drop-down: Left goes to the previous option, Right/Enter/Space to the next one,
    without opening it (posting pygame_gui's "changed" event like a click would)."""

    role = "choice"

    def value(self, tr: Callable[..., str]) -> str:
        option = self.widget.selected_option
        return str(option[0] if isinstance(option, tuple) else option)

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


class SliderFocus(Focusable):
    """A slider, as a listener hears it (the screens move sliders with their own keys)."""

    role = "slider"

    def value(self, tr: Callable[..., str]) -> str:
        return str(self.widget.get_current_value())


def adapter_for(widget: Any) -> Focusable:
    """The keyboard adapter of a widget by its kind (a plain ``Focusable`` for a kind without one;
    a button's needs its action, see ``MenuScene.button``)."""
    if isinstance(widget, UITextEntryLine):
        return EntryFocus(widget)
    if isinstance(widget, UICheckBox):
        return CheckBoxFocus(widget)
    if isinstance(widget, UIDropDownMenu):
        return DropDownFocus(widget)
    if isinstance(widget, UIHorizontalSlider):
        return SliderFocus(widget)
    if isinstance(widget, UIButton):
        return ButtonFocus(widget, lambda: None)
    return Focusable(widget)


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
        self.answer = 0
        """Which of the open question's buttons has the keyboard focus (0: yes, 1: cancel)."""
        self.spoken_labels: dict[Any, str] = {}
        """What a control is called aloud where the widget shows no words of its own (a checkbox
        whose label is beside it, a drop-down under a heading)."""
        self.spoken_notes: dict[Any, str] = {}
        """What is said after a control's value (its example, why it is unavailable)."""

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
        self.spoken_labels = {}
        self.spoken_notes = {}
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

    def fit_words(self, button: UIButton, short: str) -> None:
        """Show ``short`` on ``button`` where its words do not fit whole with some air: they are then
        its tooltip and what a screen reader says of it (a button's words are never cut)."""
        if button.font is None or button.font.size(button.text)[0] <= button.rect.width - self.px(BUTTON_AIR):
            return
        whole = button.text
        button.set_text(drawable(short))
        button.set_tooltip(whole)
        self.spoken_labels[button] = whole

    def back_button_below(self) -> None:
        """A page with only Back to press: the button centred at the bottom (it has the focus)."""
        w, h = self.size
        bw, bh = self.px(220), self.px(48)
        self.button(pygame.Rect((w - bw) // 2, h - bh - self.px(20), bw, bh), self.app.tr("common.back"), self.back,
                    kind="primary_button")

    def add_nav(self, widget: Any, adapter: Focusable | None = None, label: str = "", note: str = "") -> Any:
        """Make ``widget`` the next stop of the keyboard focus (the adapter is chosen by its kind);
        ``label`` names it aloud where it shows no words of its own, ``note`` is said after its value."""
        if label:
            self.spoken_labels[widget] = label
        if note:
            self.spoken_notes[widget] = note
        if adapter is None:
            adapter = adapter_for(widget)
            if type(adapter) is Focusable:
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

    def sentence(self, rect: pygame.Rect, text: str, kind: str = "field_label") -> int:
        """``text`` in labels of ``kind`` as wide as ``rect``, wrapped on as many lines as it takes from
        ``rect``'s top (a sentence no single line holds, in any language); the bottom of the last line."""
        probe = self.label(pygame.Rect(rect.topleft, (rect.w, rect.h)), "", kind)
        font = probe.font
        probe.kill()
        room = rect.w - self.px(12)
        lines: list[str] = []
        for word in text.split():
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and (font is None or font.get_rect(drawable(joined)).width <= room):
                lines[-1] = joined
            else:
                lines.append(word)
        high = max(rect.h // 2, font.get_rect(drawable(text)).height + self.px(8)) if font is not None else rect.h
        step = high if len(lines) > 1 else rect.h
        for i, line in enumerate(lines):
            self.label(pygame.Rect(rect.x, rect.y + i * step, rect.w, step), line, kind)
        return rect.y + len(lines) * step

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

    # ------------------------------------------------------------------ speech
    def spoken_title(self) -> str:
        """The screen's title as a listener hears it (its heading by default)."""
        return self.app.tr(self.heading_key) if self.heading_key else ""

    def spoken_page(self) -> str:
        """What the screen shows beside its controls, said after its title (nothing by default)."""
        return ""

    def spoken_alert(self) -> str:
        """An error the screen shows now ("" when none): said at once, cutting what is said."""
        return ""

    def spoken_keys(self) -> str:
        """The screen's own keys, said as it opens ("" when Tab, the arrows and Enter are all)."""
        return ""

    def shown_words(self) -> str:
        """The words of the screen's visible labels, top to bottom and left to right (a screen whose
        page is its labels: the waiting room)."""
        labels: list[UILabel] = []
        containers: list[Any] = [self.root] if self.root is not None else []
        while containers:
            for element in containers.pop().elements:
                if isinstance(element, UILabel):
                    labels.append(element)
                elif hasattr(element, "elements"):
                    containers.append(element)
        labels.sort(key=lambda label: (label.rect.top, label.rect.left))
        return " ".join(sentence(str(label.text)) for label in labels if label.visible and str(label.text).strip())

    def spoken_label(self, widget: Any) -> str:
        """What ``widget`` is called aloud: the words given to ``add_nav``, else its own text; a
        button showing a sign ("−", "▶") is called by its tooltip."""
        label = self.spoken_labels.get(widget, "")
        adapter = self.focusables.get(widget) or adapter_for(widget)
        if not label and adapter.role in ("button", "checkbox"):
            label = str(getattr(widget, "text", "") or "")
            if label.startswith("pygame-gui."):  # a dialog's own button, in pygame_gui's words as shown
                label = translate(label)
        if not any(ch.isalnum() for ch in label):
            label = str(getattr(widget, "tool_tip_text", "") or "").split("\n")[0] or label
        return " ".join(label.split())

    def spoken_note(self, widget: Any, label: str) -> str:
        """What is said after ``widget``'s value: the note given to ``add_nav``, else the lines of its
        tooltip that do not repeat its label."""
        note = self.spoken_notes.get(widget)
        if note is not None:
            return note
        tip = str(getattr(widget, "tool_tip_text", "") or "")
        lines = [" ".join(line.split()) for line in tip.split("\n")]
        return " ".join(sentence(line) for line in lines if line and line != label)

    def describe_control(self, widget: Any) -> tuple[str, str, str]:
        """``widget`` aloud: (its label and role, its value and state, its note)."""
        tr = self.app.tr
        adapter = self.focusables.get(widget) or adapter_for(widget)
        label = self.spoken_label(widget)
        role = adapter.role
        control = ", ".join(part for part in (label, tr(f"menu.role.{role}") if role else "") if part)
        value = adapter.value(tr) if adapter is not None else ""
        if not (bool(widget.is_enabled) and widget.alive()):
            value = ", ".join(part for part in (value, tr("menu.unavailable")) if part)
        return control, value, self.spoken_note(widget, label)

    def spoken_screen(self) -> Heard | None:
        """The screen as a listener hears it now (see ``Heard``); an open question is the screen."""
        if self.confirm is not None and self.confirm.alive():
            question = self.confirm
            title = sentence(str(question.window_display_title or ""))
            text = sentence(" ".join(str(question.confirmation_text.html_text or "").split()))
            buttons = (question.confirm_button, question.cancel_button)
            control, value, _ = self.describe_control(buttons[self.answer % 2])
            return Heard(f"{title} {text}".strip(), control, value)
        control, value, note = self.spoken_control()
        widget = self.focused_widget()
        return Heard(self.spoken_title(), control, value, note, self.spoken_page(), self.spoken_alert(),
                     self.spoken_keys(), isinstance(self.focusables.get(widget), EntryFocus))

    def spoken_control(self) -> tuple[str, str, str]:
        """The focused control aloud (see ``describe_control``); empty when nothing has the focus."""
        widget = self.focused_widget()
        return self.describe_control(widget) if widget is not None else ("", "", "")

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
        self.answer = 0
        self.confirm.confirm_button.select()

    def _question_key(self, key: int, mod: int) -> bool:
        """The keyboard in an open question: Tab, Shift+Tab and the arrows go between its two
        buttons, Enter/Space press the one with the focus; nothing reaches the screen behind it."""
        question = self.confirm
        if question is None:
            return False
        buttons = (question.confirm_button, question.cancel_button)
        if key in (pygame.K_TAB, *NAV_NEXT, *NAV_PREV):
            self.answer = 1 - self.answer
            for index, button in enumerate(buttons):
                if index == self.answer:
                    button.select()
                else:
                    button.unselect()
        elif key in ACTIVATE:
            if self.answer == 0:
                on_yes = self._on_yes
                self._close_question()
                if on_yes is not None:
                    on_yes()
            else:
                self._close_question()
        return True

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
        if self.confirm is not None and self.confirm.alive():
            return self._question_key(event.key, event.mod)
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
