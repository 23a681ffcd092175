"""New-game setup: the seats (human or bot level, editable names), the game's rule options and a
seed, then **Start**.

The option form is generated from the game's ``Options`` dataclass, so a new game needs no UI code:
``bool`` → a checkbox, ``int``/``float`` → a numeric entry, ``int | None`` → an entry where blank
means "random", a ``Literal``/``Enum`` → a drop-down; anything else (a deck table, a tuple) keeps its
default and says so. Labels come from the i18n keys ``option.<game_id>.<field>`` (the field name,
made readable, when a translation is missing). The engine's ``__post_init__`` has the last word on
values; its refusal is shown under the form.

Every control is reachable from the keyboard, in reading order: the seat count buttons, each seat's
name then level, the Defaults button, each rule option, the seed, then Back / Rules / Start (see
``ui.scenes.base`` for the keys). The option list scrolls to show the option that gets the focus.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer, UITextEntryLine

from ui.app import wrap_text
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games, level_name, players_text
from ui.session import MatchSession, SeatInfo

if TYPE_CHECKING:
    from ui.app import App

BOT_NAMES = ("Alice", "Bruno", "Chloé", "Dimitri", "Émilie", "Félix", "Gaëlle", "Hugo")
DEFAULT_PLAYERS = 4
HUMAN = "human"
NAME_LIMIT = 24


@dataclass
class OptionField:
    """One rule option as the form shows it."""

    name: str
    kind: str  # "bool", "int", "float", "str", "optional_int", "optional_float", "choice", "fixed"
    default: Any
    choices: tuple[Any, ...] = ()


def option_fields(options_cls: type) -> list[OptionField]:
    """Describe the fields of a game's ``Options`` dataclass for the form."""
    try:
        hints = typing.get_type_hints(options_cls)
    except (NameError, TypeError):
        hints = {}
    defaults = options_cls()
    out = []
    for field in dataclasses.fields(options_cls):
        if not field.init:
            continue
        default = getattr(defaults, field.name)
        out.append(OptionField(field.name, *_kind(hints.get(field.name, type(default)), default)))
    return out


def _kind(hint: Any, default: Any) -> tuple[str, Any, tuple[Any, ...]]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is bool:
        return "bool", default, ()
    if hint in (int, float, str):
        return hint.__name__, default, ()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "choice", default, tuple(hint)
    if origin is typing.Literal:
        return "choice", default, args
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2 and rest[0] in (int, float):
            return f"optional_{rest[0].__name__}", default, ()
    return "fixed", default, ()


def _readable(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _format(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


class SetupScene(MenuScene):
    """The form that deals a new match of one game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.descriptor = games()[game_id]
        d = self.descriptor
        self.count = min(d.max_players, max(d.min_players, DEFAULT_PLAYERS))
        self.levels: list[str | None] = [None] + [
            "normal" if "normal" in d.bot_levels else d.bot_levels[0]
        ] * (d.max_players - 1)
        self.names: list[str] = [self._default_name(i, self.levels[i]) for i in range(d.max_players)]
        self.fields = option_fields(d.Options)
        self.values: dict[str, Any] = {f.name: f.default for f in self.fields}
        self.texts: dict[str, str] = {f.name: _format(f.default) for f in self.fields}
        self.seed_text = ""
        self.error = ""
        self.name_entries: list[UITextEntryLine] = []
        self.level_menus: list[UIDropDownMenu] = []
        self.option_widgets: dict[str, Any] = {}
        self.seed_entry: UITextEntryLine | None = None
        self.count_label: UILabel | None = None
        self.count_buttons: tuple[Any, Any] = (None, None)
        self.option_scroll: UIScrollingContainer | None = None
        self.error_label: UILabel | None = None
        self.start_button: Any = None
        self.panels: list[pygame.Rect] = []
        remembered = app.storage.last_setup(game_id)
        if remembered is not None:
            self._restore(remembered)

    def _restore(self, setup: dict[str, Any]) -> None:
        """Fill the form from the setup remembered for this game, ignoring anything unusable."""
        d = self.descriptor
        count = setup.get("count")
        if isinstance(count, int) and not isinstance(count, bool):
            self.count = min(d.max_players, max(d.min_players, count))
        names, levels = setup.get("names"), setup.get("levels")
        if isinstance(names, list) and isinstance(levels, list):
            for seat, (name, level) in enumerate(zip(names, levels, strict=False)):
                if (
                    seat < d.max_players
                    and isinstance(name, str)
                    and (level is None or level in d.bot_levels)
                ):
                    self.names[seat] = name[:NAME_LIMIT]
                    self.levels[seat] = level
        options = setup.get("options")
        if isinstance(options, dict):
            for field in self.fields:
                value = options.get(field.name)
                if field.kind == "bool" and isinstance(value, bool):
                    self.values[field.name] = value
                elif field.kind == "choice":
                    match = [c for c in field.choices if _format(c) == value]
                    if match:
                        self.values[field.name] = match[0]
                elif field.kind != "fixed" and isinstance(value, str):
                    self.texts[field.name] = value
            try:
                self.options()
            except ValueError:
                self.reset_options()

    def _remember(self) -> None:
        """Keep this form's seats and options for the next match of this game."""
        options: dict[str, Any] = {}
        for field in self.fields:
            if field.kind == "bool":
                options[field.name] = self.values[field.name]
            elif field.kind == "choice":
                options[field.name] = _format(self.values[field.name])
            elif field.kind != "fixed":
                options[field.name] = self.texts[field.name]
        self.app.storage.remember_setup(
            self.game_id,
            {
                "count": self.count,
                "names": self.names[: self.count],
                "levels": self.levels[: self.count],
                "options": options,
            },
        )

    def reset_options(self) -> None:
        """Put every rule option back to the rules page's default."""
        self.values = {f.name: f.default for f in self.fields}
        self.texts = {f.name: _format(f.default) for f in self.fields}

    def defaults(self) -> None:
        """The "Defaults" button: reset the rule options and show them."""
        self.leave()  # keeps the seats typed so far
        self.reset_options()
        self.enter()

    def _default_name(self, seat: int, level: str | None) -> str:
        if level is None:
            return (
                self.app.tr("setup.default_you")
                if seat == 0
                else self.app.tr("setup.default_player", n=seat + 1)
            )
        return BOT_NAMES[seat % len(BOT_NAMES)]

    # ------------------------------------------------------------------ model <-> widgets
    def sync(self) -> None:
        """Copy what the player typed and chose from the widgets into the form's model."""
        for i, entry in enumerate(self.name_entries):
            self.names[i] = entry.get_text()
        for i, menu in enumerate(self.level_menus):
            option_id = menu.selected_option[1]
            self.levels[i] = None if option_id == HUMAN else option_id
        for field in self.fields:
            widget = self.option_widgets.get(field.name)
            if widget is None:
                continue
            if field.kind == "bool":
                self.values[field.name] = bool(widget.get_state())
            elif field.kind == "choice":
                self.values[field.name] = field.choices[int(widget.selected_option[1])]
            else:
                self.texts[field.name] = widget.get_text()
        if self.seed_entry is not None:
            self.seed_text = self.seed_entry.get_text()

    def leave(self) -> None:
        if self.root is not None:
            self.sync()
        self.name_entries, self.level_menus, self.option_widgets = [], [], {}
        self.seed_entry = self.count_label = self.error_label = self.option_scroll = None
        self.count_buttons = (None, None)
        super().leave()

    def option_label(self, name: str) -> str:
        key = f"option.{self.game_id}.{name}"
        return self.app.tr(key) if self.app.has_text(key) else _readable(name)

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.size
        tr = self.app.tr
        margin = max(self.px(32), int(w * 0.04))
        top = self.heading_bottom()
        bottom_row = h - self.px(48) - self.px(24)
        gap = self.px(28)
        left_w = int((w - 2 * margin - gap) * 0.44)
        left = pygame.Rect(margin, top, left_w, bottom_row - top - self.px(40))
        right = pygame.Rect(left.right + gap, top, w - 2 * margin - gap - left_w, left.height)
        self.panels = [left, right]
        self._build_seats(left.inflate(-self.px(32), -self.px(24)))
        self._build_options(right.inflate(-self.px(32), -self.px(24)))
        self.error_label = self.label(
            pygame.Rect(margin, left.bottom + self.px(6), w - 2 * margin, self.px(30)),
            self.error,
            "error_label",
        )
        bw = self.px(200)
        bh = self.px(48)
        self.button(pygame.Rect(margin, bottom_row, bw, bh), tr("common.back"), self.back)
        self.button(
            pygame.Rect((w - self.px(260)) // 2, bottom_row, self.px(260), bh),
            tr("setup.read_rules"),
            lambda: self.app.show_rules(self.game_id),
        )
        self.start_button = self.button(
            pygame.Rect(w - margin - bw, bottom_row, bw, bh),
            tr("setup.start"),
            self.start,
            kind="primary_button",
        )

    def _build_seats(self, area: pygame.Rect) -> None:
        tr = self.app.tr
        d = self.descriptor
        self.label(
            pygame.Rect(area.left, area.top, area.width, self.px(30)), tr("setup.players"), "section_label"
        )
        y = area.top + self.px(38)
        small = self.px(40)
        row_h = min(self.px(38), max(30, (area.bottom - y - self.px(52)) // d.max_players - self.px(6)))
        if d.min_players == d.max_players:
            self.count_label = self.label(
                pygame.Rect(area.left, y, area.width, small), players_text(self.app, self.count, self.count)
            )
        else:
            minus = self.button(
                pygame.Rect(area.left, y, small, small),
                "−",
                self.fewer if self.count > d.min_players else None,
                kind="small_button",
            )
            minus.set_tooltip(tr("setup.fewer"))
            self.count_label = UILabel(
                pygame.Rect(area.left + small + self.px(8), y, self.px(150), small),
                players_text(self.app, self.count, self.count),
                manager=self.app.ui,
                container=self.root,
                object_id=self.oid("field_label", "#player_count"),
            )
            plus = self.button(
                pygame.Rect(area.left + small + self.px(166), y, small, small),
                "+",
                self.more if self.count < d.max_players else None,
                kind="small_button",
            )
            plus.set_tooltip(tr("setup.more"))
            self.count_buttons = (minus, plus)
            self.label(
                pygame.Rect(
                    plus.rect.right + self.px(12), y, area.right - plus.rect.right - self.px(12), small
                ),
                players_text(self.app, d.min_players, d.max_players),
                "hint_label",
            )
        y += small + self.px(12)
        menu_w = min(self.px(210), area.width // 2)
        choices = [(level_name(self.app, None), HUMAN)] + [
            (level_name(self.app, lv), lv) for lv in d.bot_levels
        ]
        for seat in range(self.count):
            entry = UITextEntryLine(
                pygame.Rect(area.left, y, area.width - menu_w - self.px(10), row_h),
                manager=self.app.ui,
                container=self.root,
                object_id=self.oid("entry", f"#name_{seat}"),
                initial_text=self.names[seat],
            )
            entry.set_text_length_limit(NAME_LIMIT)
            self.name_entries.append(entry)
            self.add_nav(entry)
            level = self.levels[seat]
            current = next(c for c in choices if c[1] == (HUMAN if level is None else level))
            menu = UIDropDownMenu(
                choices,
                current,
                pygame.Rect(area.right - menu_w, y, menu_w, row_h),
                manager=self.app.ui,
                container=self.root,
                object_id=self.oid("drop", f"#level_{seat}"),
            )
            self.level_menus.append(menu)
            self.add_nav(menu)
            y += row_h + self.px(6)

    def _build_options(self, area: pygame.Rect) -> None:
        tr = self.app.tr
        self.label(
            pygame.Rect(area.left, area.top, area.width, self.px(30)), tr("setup.options"), "section_label"
        )
        reset_w = self.px(130)
        self.button(
            pygame.Rect(area.right - reset_w, area.top, reset_w, self.px(30)),
            tr("setup.defaults"),
            self.defaults,
            kind="small_button",
            tooltip=tr("setup.defaults_hint"),
        )
        seed_h = self.px(38)
        box = pygame.Rect(
            area.left, area.top + self.px(38), area.width, area.height - self.px(38) - seed_h - self.px(44)
        )
        scroll = UIScrollingContainer(box, manager=self.app.ui, container=self.root, allow_scroll_x=False)
        self.option_scroll = scroll
        row_h = self.px(36)
        gap = self.px(8)
        entry_w = self.px(96)
        box_size = self.px(26)
        y = 0
        for field in self.fields:
            label = self.option_label(field.name)
            control = pygame.Rect(box.width - entry_w - self.px(22), y, entry_w, row_h)
            control_left = control.right - box_size if field.kind == "bool" else control.left
            rect = pygame.Rect(0, y, control_left - self.px(10), row_h)
            oid = self.oid("field_label", f"#option_label_{field.name}")
            if field.kind == "bool":
                widget = self.checkbox(
                    pygame.Rect(control_left, y + (row_h - box_size) // 2, box_size, box_size),
                    "",
                    bool(self.values[field.name]),
                    f"#option_{field.name}",
                    container=scroll,
                )
                self.option_widgets[field.name] = widget
                self.add_nav(widget)
            elif field.kind == "choice":
                names = [(_format(c), str(i)) for i, c in enumerate(field.choices)]
                current = names[field.choices.index(self.values[field.name])]
                widget = UIDropDownMenu(
                    names,
                    current,
                    control,
                    manager=self.app.ui,
                    container=scroll,
                    object_id=f"#option_{field.name}",
                )
                self.option_widgets[field.name] = widget
                self.add_nav(widget)
            elif field.kind == "fixed":
                UILabel(
                    control,
                    tr("setup.default"),
                    manager=self.app.ui,
                    container=scroll,
                    object_id=self.oid("hint_label"),
                )
            else:
                widget = UITextEntryLine(
                    control,
                    manager=self.app.ui,
                    container=scroll,
                    object_id=self.oid("entry", f"#option_{field.name}"),
                    initial_text=self.texts[field.name],
                    placeholder_text=tr("setup.random") if field.kind.startswith("optional") else None,
                )
                self.option_widgets[field.name] = widget
                self.add_nav(widget)
            UILabel(rect, label, manager=self.app.ui, container=scroll, object_id=oid).set_tooltip(label)
            y += row_h + gap
        scroll.set_scrollable_area_dimensions((box.width - self.px(20), max(y, box.height - 2)))
        seed_y = box.bottom + self.px(10)
        seed_w = self.px(200)
        self.label(
            pygame.Rect(area.left, seed_y, area.width - seed_w, seed_h), tr("setup.seed"), "field_label"
        )
        self.seed_entry = UITextEntryLine(
            pygame.Rect(box.right - seed_w - self.px(22), seed_y, seed_w, seed_h),
            manager=self.app.ui,
            container=self.root,
            object_id=self.oid("entry", "#seed"),
            initial_text=self.seed_text,
            placeholder_text=tr("setup.random"),
        )
        self.add_nav(self.seed_entry)
        self.label(
            pygame.Rect(area.left, seed_y + seed_h, area.width, self.px(26)),
            tr("setup.seed_hint"),
            "hint_label",
        )

    def initial_focus(self) -> int:
        return len(self.nav) - 1

    def reveal(self, widget: Any) -> None:
        """Scroll the option list so that the option getting the keyboard focus is in view."""
        scroll = self.option_scroll
        if scroll is None or scroll.vert_scroll_bar is None or widget.ui_container is self.root:
            return
        if widget not in self.option_widgets.values():
            return
        view, content = scroll.rect, scroll.scrollable_container.rect
        if view.top <= widget.rect.top and widget.rect.bottom <= view.bottom:
            return
        margin = self.px(8)
        top = widget.rect.top - content.top
        if widget.rect.top < view.top:
            offset = top - margin
        else:
            offset = top + widget.rect.height + margin - view.height
        limit = max(0.0, 1.0 - view.height / content.height)
        scroll.vert_scroll_bar.set_scroll_from_start_percentage(min(limit, max(0.0, offset / content.height)))

    # ------------------------------------------------------------------ actions
    def fewer(self) -> None:
        self.set_count(self.count - 1)

    def more(self) -> None:
        self.set_count(self.count + 1)

    def set_count(self, count: int) -> None:
        """Change the number of seats (within the game's range); the keyboard focus stays on the
        button pressed, or on the other one when that button is now disabled."""
        self.sync()
        minus, plus = self.count_buttons
        focused = self.focused_widget()
        pressed = 1 if focused is not None and focused is plus else 0 if focused is minus else -1
        self.count = min(self.descriptor.max_players, max(self.descriptor.min_players, count))
        self.rebuild()
        if pressed >= 0:
            for button in (self.count_buttons[pressed], self.count_buttons[1 - pressed]):
                if button in self.nav:
                    self.set_focus(self.nav.index(button))
                    break

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.level_menus:
            seat = self.level_menus.index(event.ui_element)
            old_level = self.levels[seat]
            self.sync()
            if self.names[seat] == self._default_name(seat, old_level):
                self.names[seat] = self._default_name(seat, self.levels[seat])
                self.name_entries[seat].set_text(self.names[seat])
            return True
        return super().handle_event(event)

    def options(self) -> Any:
        """The ``Options`` the form describes; ``ValueError`` with a message for the player."""
        self.sync()
        values: dict[str, Any] = {}
        for field in self.fields:
            if field.kind in ("bool", "choice", "fixed"):
                values[field.name] = self.values[field.name]
                continue
            text = self.texts[field.name].strip()
            label = self.option_label(field.name)
            if field.kind.startswith("optional") and text.lower() in (
                "",
                self.app.tr("setup.random").lower(),
            ):
                values[field.name] = None
                continue
            try:
                if field.kind.endswith("int"):
                    values[field.name] = int(text)
                elif field.kind.endswith("float"):
                    values[field.name] = float(text.replace(",", "."))
                else:
                    values[field.name] = text
            except ValueError:
                raise ValueError(self.app.tr("setup.error.number", option=label, value=text)) from None
        try:
            return self.descriptor.Options(**values)
        except (TypeError, ValueError) as exc:
            raise ValueError(self.app.tr("setup.error.options", message=str(exc))) from None

    def seed(self) -> int | None:
        """The seed typed in (None when blank: a fresh random deal)."""
        text = self.seed_text.strip()
        if not text:
            return None
        try:
            value = int(text)
        except ValueError:
            raise ValueError(self.app.tr("setup.error.seed", value=text)) from None
        if value < 0:
            raise ValueError(self.app.tr("setup.error.seed", value=text))
        return value

    def seats(self) -> list[SeatInfo]:
        """Who sits where (a blank name gets the seat's default name)."""
        self.sync()
        return [
            SeatInfo(self.names[i].strip() or self._default_name(i, self.levels[i]), self.levels[i])
            for i in range(self.count)
        ]

    def start(self) -> None:
        """Deal the match and go to the table, or say on the form what is wrong with it (also when
        the engine cannot deal these options to these seats); what was typed stays."""
        try:
            options = self.options()
            seed = self.seed()
            try:
                session = MatchSession.new(self.game_id, self.seats(), options, seed)
            except ValueError as exc:
                raise ValueError(self.app.tr("setup.error.options", message=str(exc))) from None
        except ValueError as exc:
            self.error = str(exc)
            if self.error_label is not None:
                self.error_label.set_text(self.error)
            return
        self.error = ""
        self._remember()
        self.app.start_match(session)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        self.draw_heading(surface, self.app.tr("setup.heading", game=game_title(self.app, self.game_id)))
        for rect in self.panels:
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (6, 34, 20, 170), panel.get_rect(), border_radius=16)
            pygame.draw.rect(panel, (*art.GOLD, 200), panel.get_rect(), width=2, border_radius=16)
            surface.blit(panel, rect)
        self._draw_blurb(surface)
        self.draw_focus(surface)

    def _draw_blurb(self, surface: pygame.Surface) -> None:
        """The game's one-line description at the foot of the seats panel, when the seats leave room."""
        key = f"game.{self.game_id}.blurb"
        if not self.panels or not self.app.has_text(key) or not self.name_entries:
            return
        left = self.panels[0]
        font = self.app.font(self.px(16))
        lines = wrap_text(font, self.app.tr(key), left.width - self.px(48))
        top = left.bottom - self.px(20) - font.get_linesize() * len(lines)
        if top < self.name_entries[-1].rect.bottom + self.px(24):
            return
        for i, line in enumerate(lines):
            img = font.render(line, True, (200, 216, 196))
            surface.blit(img, (left.left + self.px(24), top + i * font.get_linesize()))
