"""New-game setup: the seats (human or bot level, editable names), the game's rule options and a
seed, then **Start**.

The option form is generated from the game's option schema (``game.core.options``: each field of its
``Options`` declares its kind, its range or choices and what a blank means), so a new game needs no
UI code: a flag → a checkbox, a whole number or a number → a numeric entry (blank means "random"
where the field says so), a choice → a drop-down, and so is a number with presets (window lengths
the engine takes at any value in range); a structured value (a deck) keeps its default and says so,
except a deck the game reads from deck files: its row has a **Deck…** button to the deck editor
(``ui.scenes.deck``), and the player's saved deck is its value. Labels come from the i18n keys
``option.<game_id>.<field>`` and a choice's from ``option.<game_id>.<field>.<value>`` (the field
name made readable, or the value as written, when a translation is missing).

The engine has the last word on values: the form is checked as it is typed (:class:`FormCheck`) by
``game.core.options.refusals`` for the seats, and every refusal (an ``OptionError``: the option at
fault, a key and its parameters) is shown next to that option and under the form, in the player's
language (``setup.refusal.<key>``); **Start** is enabled only for a setup the engine accepts. Each
number field's tooltip gives the range its spec declares.

Every control is reachable from the keyboard, in reading order: the seat count buttons, each seat's
name then level, the Defaults button, each rule option, the seed, then Back / Rules / Start (see
``ui.scenes.base`` for the keys). The option list scrolls to show the option that gets the focus.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import sys
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer, UITextEntryLine

from game.core.dealcode import DealCode, DealCodeError, decode
from game.core.options import OptionError, OptionSpec, plain_text, refusals, schema
from ui.names import NAME_LIMIT, default_player_name, is_default_name
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games, level_name, players_text
from ui.session import MatchSession, SeatInfo
from ui.table.remote import REMOTE_LEVEL
from ui.text import wrap_text
from ui.tutorial import has_tutorial, start_tutorial

if TYPE_CHECKING:
    from ui.app import App

BOT_NAMES = ("Alice", "Bruno", "Chloé", "Dimitri", "Émilie", "Félix", "Gaëlle", "Hugo")
DEFAULT_PLAYERS = 4
HUMAN = "human"
ERROR_LINES = 2
DROP_FONT_SIZE = 17
"""The drop-down font size of the theme (``assets/theme.json``), to size an option's drop-down."""


@dataclass
class OptionField:
    """One rule option as the form shows it, with the spec it was made from."""

    name: str
    kind: str  # "bool", "int", "float", "optional_int", "optional_float", "choice", "fixed"
    default: Any
    choices: tuple[Any, ...] = ()
    spec: OptionSpec | None = None


def option_fields(options_cls: type) -> list[OptionField]:
    """The form's fields, read from the option schema of a game's ``Options``."""
    defaults = {f.name: f.default for f in dataclasses.fields(options_cls)}
    out = []
    for name, spec in schema(options_cls).items():
        default = defaults[name]
        if spec.kind in ("bool", "choice"):
            out.append(OptionField(name, spec.kind, default, spec.choices, spec))
        elif spec.presets and default in spec.presets:
            out.append(OptionField(name, "choice", default, spec.presets, spec))
        elif spec.kind in ("int", "float"):
            kind = f"optional_{spec.kind}" if spec.blank == "random" else spec.kind
            out.append(OptionField(name, kind, default, (), spec))
        else:
            out.append(OptionField(name, "fixed", default, (), spec))
    return out


@functools.cache
def unprintable() -> list[str]:
    """Control and format characters (soft hyphen, zero-width space…): never typed into a field,
    since a field holding only such characters has no width and pygame_gui's renderer fails on it."""
    return [c for c in map(chr, range(sys.maxunicode + 1)) if unicodedata.category(c) in ("Cc", "Cf")]


def printable(text: str) -> str:
    """``text`` without the characters of :func:`unprintable`."""
    return "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf"))


def _readable(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _format(value: Any) -> str:
    return plain_text(value) if not isinstance(value, bool) else str(value)


def refusal_text(tr: Callable[..., str], label: Callable[[str], str], refused: Exception) -> tuple[str, str]:
    """An engine's refusal of options in the player's language, and its i18n key: an ``OptionError``
    by its key (``setup.refusal.<key>``), the option and every option it names by their labels;
    any other error (a seed-dependent deal) by its English sentence."""
    if not isinstance(refused, OptionError):
        return tr("setup.error.options", message=str(refused)), "setup.error.options"
    params: dict[str, Any] = {}
    for name, value in refused.params.items():
        if name == "other" and isinstance(value, str):
            params[name] = label(value)
        elif name == "choices":
            params[name] = ", ".join(_format(c) for c in value)
        elif name == "value" and value is None:
            params[name] = tr("setup.random")
        else:
            params[name] = value if isinstance(value, str) else _format(value)
    if refused.field is not None:
        params["option"] = label(refused.field)
    key = f"setup.refusal.{refused.key}"
    return tr(key, **params), key


# ---------------------------------------------------------------------- checking a setup
SEED_FIELD = "seed"


@dataclass(frozen=True)
class Problem:
    """One thing the engine or the form refuses in a setup, in the player's language.

    ``field`` is the option at fault (a field name), ``SEED_FIELD``, or None for the setup as a whole;
    ``key`` is the i18n key of ``text`` (tests check that no refusal is left untranslated).
    """

    field: str | None
    text: str
    key: str


@dataclass
class Verdict:
    """The outcome of checking a setup: the ``Options`` and seed to deal with, or the problems."""

    options: Any = None
    seed: int | None = None
    problems: list[Problem] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def for_field(self, name: str | None) -> Problem | None:
        """The first problem of option ``name`` (None: it has none)."""
        return next((p for p in self.problems if p.field == name), None)


class FormCheck:
    """Checks the setup of one game as typed: each field parsed, then the engine's option schema
    asked for the seats (``game.core.options.refusals``: at most one refusal per option, each
    pinned on the option it names)."""

    def __init__(
        self,
        descriptor: Any,
        fields: list[OptionField],
        tr: Callable[..., str],
        label: Callable[[str], str],
    ) -> None:
        self.descriptor = descriptor
        self.fields = fields
        self.names = {f.name for f in fields}
        self.tr = tr
        self.label = label

    # ------------------------------------------------------------------ parsing
    def blank_means_random(self, text: str) -> bool:
        return text.strip().lower() in ("", self.tr("setup.random").lower())

    def parse(self, field: OptionField, text: str) -> Any:
        """The value typed for a number field; ``ValueError`` with the player's sentence."""
        text = text.strip()
        if field.kind.startswith("optional") and self.blank_means_random(text):
            return None
        whole = field.kind.endswith("int")
        try:
            value: Any = int(text) if whole else float(text.replace(",", "."))
        except ValueError:
            value = None
        if value is None or (not whole and not math.isfinite(value)):
            key = "setup.error.whole" if whole else "setup.error.number"
            raise ValueError(self.tr(key, option=self.label(field.name), value=text))
        return value

    def parse_seed(self, text: str) -> int | None:
        """The seed typed (None when blank), or a deal code's; ``ValueError`` with the player's sentence."""
        text = text.strip()
        if not text:
            return None
        if looks_like_code(text):
            try:
                return decode(text).seed
            except DealCodeError as exc:
                raise ValueError(self.tr("dealcode.refused", reason=self.tr(exc.key, **exc.params))) from None
        try:
            value = int(text)
        except ValueError:
            value = -1
        if value < 0:
            raise ValueError(self.tr("setup.error.seed", value=text))
        return value

    # ------------------------------------------------------------------ the engine
    def translate(self, refused: Exception) -> tuple[str, str]:
        """The engine's refusal in the player's language, and the i18n key used."""
        return refusal_text(self.tr, self.label, refused)

    def range_text(self, spec: OptionSpec) -> str:
        """A spec's range in words: "1 to 99", "1 or more", "more than 0, at most 60"."""
        low, high = (None if b is None else _format(b) for b in (spec.low, spec.high))
        if low is not None and high is not None:
            key = "setup.range.more_than_at_most" if spec.low_open else "setup.range.between"
            return self.tr(key, low=low, high=high)
        if low is not None:
            return self.tr("setup.range.more_than" if spec.low_open else "setup.range.at_least", low=low)
        if high is not None:
            return self.tr("setup.range.at_most", high=high)
        return self.tr("setup.range.any")

    def hint(self, field: OptionField) -> str | None:
        """The tooltip of a number option: what its spec accepts."""
        spec = field.spec
        if spec is None or spec.kind not in ("int", "float") or field.kind == "choice":
            return None
        key = "setup.hint.whole" if spec.kind == "int" else "setup.hint.number"
        text = self.tr(key, range=self.range_text(spec))
        if spec.blank == "random":
            text += " " + self.tr("setup.hint.blank")
        return text

    # ------------------------------------------------------------------ the whole form
    def check(self, count: int, values: Mapping[str, Any], texts: Mapping[str, str], seed_text: str) -> Verdict:
        """Check a setup: ``values`` hold the booleans and choices, ``texts`` the typed numbers."""
        verdict = Verdict()
        typed: dict[str, Any] = {}
        for field in self.fields:
            if field.kind in ("bool", "choice", "fixed"):
                typed[field.name] = values.get(field.name, field.default)
                continue
            try:
                typed[field.name] = self.parse(field, texts.get(field.name, ""))
            except ValueError as exc:
                key = "setup.error.whole" if field.kind.endswith("int") else "setup.error.number"
                verdict.problems.append(Problem(field.name, str(exc), key))
                typed[field.name] = field.default
        try:
            verdict.seed = self.parse_seed(seed_text)
        except ValueError as exc:
            verdict.problems.append(Problem(SEED_FIELD, str(exc), "setup.error.seed"))
        broken = {p.field for p in verdict.problems}
        options, refused = refusals(self.descriptor.Options, typed, count)
        for refusal in refused:
            at = refusal.field if refusal.field in self.names else None
            if at is not None and at in broken:
                continue  # already refused as typed: one problem per option
            text, key = self.translate(refusal)
            verdict.problems.append(Problem(at, text, key))
            broken.add(at)
        if verdict.ok:
            verdict.options = options
        return verdict


def looks_like_code(text: str) -> bool:
    """Whether the seed field holds a deal code rather than a number (a code has dashes)."""
    return "-" in text and not text.strip().lstrip("-").isdigit()


class SetupScene(MenuScene):
    """The form that deals a new match of one game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.descriptor = games()[game_id]
        d = self.descriptor
        self.count = min(d.max_players, max(d.min_players, DEFAULT_PLAYERS))
        self.levels: list[str | None] = [None] + ["normal" if "normal" in d.bot_levels else d.bot_levels[0]] * (
            d.max_players - 1
        )
        self.names: list[str] = [self._default_name(i, self.levels[i]) for i in range(d.max_players)]
        self.fields = option_fields(d.Options)
        self.values: dict[str, Any] = {f.name: f.default for f in self.fields}
        self.texts: dict[str, str] = {f.name: _format(f.default) for f in self.fields}
        self.seed_text = ""
        self.pass_and_play_undo = False
        """Undo at a table of several people on this computer (off: their moves are final)."""
        self.undo_box: Any = None
        self.error = ""
        self.checker = FormCheck(d, self.fields, app.tr, self.option_label)
        self.verdict = Verdict()
        self._checked: tuple[Any, ...] | None = None
        """What the last check saw (count, values, texts, seed, language): a change checks again."""
        self.option_rows: dict[str, list[tuple[Any, int]]] = {}
        """Each option's widgets and their height above the top of its row."""
        self.option_errors: dict[str, list[UILabel]] = {}
        """Under each option, the lines of its problem (hidden while it has none)."""
        self.seed_hint: UILabel | None = None
        self.seed_error: UILabel | None = None
        self._row_geometry = (0, 0, 0)
        self.name_entries: list[UITextEntryLine] = []
        self.level_menus: list[UIDropDownMenu] = []
        self.option_widgets: dict[str, Any] = {}
        self.seed_entry: UITextEntryLine | None = None
        self.count_label: UILabel | None = None
        self.count_buttons: tuple[Any, Any] = (None, None)
        self.option_scroll: UIScrollingContainer | None = None
        self.error_label: UILabel | None = None
        self.table_here_label: UILabel | None = None
        """Says, where the error line stands, that the table will be on this screen (no person here)."""
        self.start_button: Any = None
        self.panels: list[pygame.Rect] = []
        self.offer_tutorial = has_tutorial(game_id) and game_id not in app.settings.tutorials_offered
        """The first time a game is chosen, its setup offers the tutorial (later, the rules page does)."""
        if self.offer_tutorial:
            app.settings.tutorials_offered.append(game_id)
            app.save_settings()
        self.user_deck: Any = None
        """The player's saved deck (None: the rules page's), for games with a deck editor."""
        if self.has_deck_editor:
            from ui.scenes.deck import DECK_FIELD, load_user_deck

            self.user_deck = load_user_deck(app, game_id)
            self.values[DECK_FIELD] = self.user_deck
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
                if seat < d.max_players and isinstance(name, str) and (level is None or level in d.bot_levels
                                                                     or level == REMOTE_LEVEL):
                    self.names[seat] = printable(name)[:NAME_LIMIT]
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
                    self.texts[field.name] = printable(value)
            if not self._check().ok:
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
        """Put every rule option back to the rules page's default (the deck: the player's own)."""
        self.values = {f.name: f.default for f in self.fields}
        self.texts = {f.name: _format(f.default) for f in self.fields}
        if self.has_deck_editor:
            from ui.scenes.deck import DECK_FIELD

            self.values[DECK_FIELD] = self.user_deck

    @property
    def has_deck_editor(self) -> bool:
        """Whether this game's deck is chosen in the deck editor (a **Deck…** button on the form)."""
        from ui.scenes.deck import has_deck_editor

        return has_deck_editor(self.game_id)

    def edit_deck(self) -> None:
        """Open the deck editor on the deck of this setup; a saved deck becomes the setup's."""
        from ui.scenes.deck import DECK_FIELD, DeckEditorScene

        self.sync()
        verdict = self._check()

        def saved(deck: Any) -> None:
            self.user_deck = deck
            self.values[DECK_FIELD] = deck

        base = verdict.options
        if base is None:  # another option is refused: check the deck against the rules page's
            base = self.descriptor.Options()
        self.app.push(DeckEditorScene(self.app, self.game_id, self.values[DECK_FIELD], saved, self.count, base))

    def defaults(self) -> None:
        """The "Defaults" button: reset the rule options and show them."""
        self.leave()  # keeps the seats typed so far
        self.reset_options()
        self.enter()

    def _default_name(self, seat: int, level: str | None) -> str:
        if level is None or level == REMOTE_LEVEL:
            return default_player_name(self.app.tr, seat)
        return BOT_NAMES[seat % len(BOT_NAMES)]

    def _name_defaults(self) -> None:
        """A person's seat whose name is a default (remembered from a match set up in another
        language, or shown before the language changed) takes the default of the language now."""
        for seat, name in enumerate(self.names):
            level = self.levels[seat]
            if (level is None or level == REMOTE_LEVEL) and is_default_name(name, seat):
                self.names[seat] = self._default_name(seat, level)

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
            if widget is None or field.kind == "fixed":
                continue
            if field.kind == "bool":
                self.values[field.name] = bool(widget.get_state())
            elif field.kind == "choice":
                self.values[field.name] = field.choices[int(widget.selected_option[1])]
            else:
                self.texts[field.name] = widget.get_text()
        if self.seed_entry is not None:
            self.seed_text = self.seed_entry.get_text()
        if self.undo_box is not None:
            self.pass_and_play_undo = bool(self.undo_box.get_state())

    def leave(self) -> None:
        if self.root is not None:
            self.sync()
        self.name_entries, self.level_menus, self.option_widgets = [], [], {}
        self.option_rows, self.option_errors = {}, {}
        self.seed_entry = self.count_label = self.error_label = self.option_scroll = self.table_here_label = None
        self.undo_box = None
        self.seed_hint = self.seed_error = None
        self._checked = None
        self.count_buttons = (None, None)
        super().leave()

    def option_label(self, name: str) -> str:
        key = f"option.{self.game_id}.{name}"
        return self.app.tr(key) if self.app.has_text(key) else _readable(name)

    def option_example(self, name: str) -> str:
        """An option at work, in one line of a player's words ("Someone discards a 7: …"), or ""."""
        key = f"example.{self.game_id}.{name}"
        return self.app.tr(key) if self.app.has_text(key) else ""

    @property
    def tip_width(self) -> int:
        """How wide an option's tooltip wraps: its example reads as one or two lines."""
        return min(self.px(400), self.size[0] // 2)

    def option_tooltip(self, name: str, first: str | None = None) -> str:
        """The tooltip of an option: ``first`` (its label by default: a long one may be cut in the
        form), then its example on a line of its own."""
        lines = [self.option_label(name) if first is None else first, self.option_example(name)]
        return "\n".join(line for line in lines if line)

    def _choice_width(self, field: OptionField, least: int, room: int) -> int:
        """A drop-down wide enough for its longest choice, within 45 % of the option list's width."""
        font = self.app.font(round(DROP_FONT_SIZE * self.app.ui_scale))
        widest = max(font.size(self.choice_label(field.name, c))[0] for c in field.choices)
        return max(least, min(int(room * 0.45), widest + self.px(44)))

    def choice_label(self, name: str, value: Any) -> str:
        """How the drop-down of option ``name`` shows one of its choices."""
        key = f"option.{self.game_id}.{name}.{_format(value)}"
        return self.app.tr(key) if self.app.has_text(key) else _format(value)

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
        self.table_here_label = self.label(
            pygame.Rect(margin, left.bottom + self.px(6), w - 2 * margin, self.px(30)),
            tr("setup.table_here"),
            "hint_label",
        )
        self._show_table_here()
        bw = self.px(200)
        bh = self.px(48)
        self.button(pygame.Rect(margin, bottom_row, bw, bh), tr("common.back"), self.back)
        if self.offer_tutorial:  # Back · Tutorial · Rules · Start, evenly spaced
            mid_w = self.px(220)
            gap = (w - 2 * margin - 2 * bw - 2 * mid_w) // 3
            self.button(pygame.Rect(margin + bw + gap, bottom_row, mid_w, bh), tr("tutorial.offer_button"),
                        lambda: start_tutorial(self.app, self.game_id),
                        tooltip=tr("tutorial.offer", game=game_title(self.app, self.game_id)))
            rules = pygame.Rect(margin + bw + 2 * gap + mid_w, bottom_row, mid_w, bh)
        else:
            rules = pygame.Rect((w - self.px(260)) // 2, bottom_row, self.px(260), bh)
        self.button(rules, tr("setup.read_rules"), lambda: self.app.show_rules(self.game_id))
        self.start_button = self.button(
            pygame.Rect(w - margin - bw, bottom_row, bw, bh),
            self.start_words(),
            self.start,
            kind="primary_button",
        )

    def _build_seats(self, area: pygame.Rect) -> None:
        tr = self.app.tr
        d = self.descriptor
        self.players_heading = self.label(pygame.Rect(area.left, area.top, area.width, self.px(30)),
                                          tr("setup.players"), "section_label")
        box = self.px(24)
        self.undo_box = self.checkbox(pygame.Rect(area.right - box, area.top + (self.px(30) - box) // 2, box, box),
                                      "", self.pass_and_play_undo, "#pass_and_play_undo")
        self.undo_box.set_tooltip(tr("setup.undo_hint"))
        self.add_nav(self.undo_box, label=tr("setup.undo"))
        # the checkbox's words start after the heading's, however long the language makes either
        heading_end = area.left + self.text_width(self.players_heading, tr("setup.players")) + self.px(14)
        left = max(heading_end, area.right - box - self.px(250))
        self.undo_label = self.label(pygame.Rect(left, area.top, area.right - box - self.px(6) - left, self.px(30)),
                                     tr("setup.undo"), "field_label")
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
            self.spoken_notes[minus] = players_text(self.app, self.count, self.count)
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
            self.spoken_notes[plus] = players_text(self.app, self.count, self.count)
            self.count_buttons = (minus, plus)
            self.label(
                pygame.Rect(plus.rect.right + self.px(12), y, area.right - plus.rect.right - self.px(12), small),
                players_text(self.app, d.min_players, d.max_players),
                "hint_label",
            )
        y += small + self.px(12)
        choices = [(level_name(self.app, None), HUMAN)] + [(level_name(self.app, lv), lv) for lv in d.bot_levels]
        choices.append((self.app.tr("seat.remote"), REMOTE_LEVEL))
        self._name_defaults()
        # wide enough for its longest choice (the open list's items lose the menu's borders and keep a
        # margin), never more than half the panel: the names need their room too
        font = self.app.ui.get_theme().get_font([self.oid("drop").class_id or "", "drop_down_menu"])
        widest = max(font.size(label)[0] for label, _ in choices)
        menu_w = min(max(self.px(185), widest + self.px(40)), area.width // 2)
        for seat in range(self.count):
            entry = UITextEntryLine(
                pygame.Rect(area.left, y, area.width - menu_w - self.px(10), row_h),
                manager=self.app.ui,
                container=self.root,
                object_id=self.oid("entry", f"#name_{seat}"),
                initial_text=self.names[seat],
            )
            entry.set_text_length_limit(NAME_LIMIT)
            entry.set_forbidden_characters(unprintable())
            self.name_entries.append(entry)
            self.add_nav(entry, label=tr("menu.seat_name", n=seat + 1))
            level = self.levels[seat]
            menu = self.drop_down(pygame.Rect(area.right - menu_w, y, menu_w, row_h), choices,
                                  HUMAN if level is None else level, f"level_{seat}")
            self.level_menus.append(menu)
            self.add_nav(menu, label=tr("menu.seat_player", n=seat + 1))
            y += row_h + self.px(6)

    def _build_options(self, area: pygame.Rect) -> None:
        tr = self.app.tr
        self.label(pygame.Rect(area.left, area.top, area.width, self.px(30)), tr("setup.options"), "section_label")
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
        self._row_geometry = (row_h, gap, box.height)
        for field in self.fields:
            label = self.option_label(field.name)
            row: list[Any] = []
            width = self._choice_width(field, entry_w, box.width) if field.kind == "choice" else entry_w
            control = pygame.Rect(box.width - width - self.px(22), y, width, row_h)
            control_left = control.right - box_size if field.kind == "bool" else control.left
            rect = pygame.Rect(0, y, control_left - self.px(10), row_h)
            oid = self.oid("field_label", f"#option_label_{field.name}")
            widget: UIElement
            if field.kind == "bool":
                widget = self.checkbox(
                    pygame.Rect(control_left, y + (row_h - box_size) // 2, box_size, box_size),
                    "",
                    bool(self.values[field.name]),
                    f"#option_{field.name}",
                    container=scroll,
                )
                widget.set_tooltip(self.option_tooltip(field.name), wrap_width=self.tip_width)
                self.option_widgets[field.name] = widget
                self.add_nav(widget, label=label)
                row.append(widget)
            elif field.kind == "choice":
                names: list[str | tuple[str, str]] = [(self.choice_label(field.name, c), str(i))
                                                      for i, c in enumerate(field.choices)]
                current = names[field.choices.index(self.values[field.name])]
                widget = UIDropDownMenu(
                    names,
                    current,
                    control,
                    manager=self.app.ui,
                    container=scroll,
                    object_id=f"#option_{field.name}",
                )
                widget.set_tooltip(self.option_tooltip(field.name), wrap_width=self.tip_width)
                self.option_widgets[field.name] = widget
                self.add_nav(widget, label=label)
                row.append(widget)
            elif field.kind == "fixed" and field.name == "deck" and self.has_deck_editor:
                from ui.scenes.deck import deck_summary

                label = deck_summary(self.app, self.values[field.name])
                deck_w = self.px(130)
                widget = self.button(
                    pygame.Rect(box.width - deck_w - self.px(22), y, deck_w, row_h),
                    tr("deck.open"),
                    self.edit_deck,
                    kind="small_button",
                    object_id="#edit_deck",
                    tooltip=tr("deck.open_hint"),
                    container=scroll,
                )
                self.option_widgets[field.name] = widget
                self.spoken_labels[widget] = f"{label}: {tr('deck.open')}"
                row.append(widget)
                rect.width = widget.relative_rect.left - self.px(10)
            elif field.kind == "fixed":
                row.append(
                    UILabel(
                        control,
                        tr("setup.default"),
                        manager=self.app.ui,
                        container=scroll,
                        object_id=self.oid("hint_label"),
                    )
                )
            else:
                entry = UITextEntryLine(
                    control,
                    manager=self.app.ui,
                    container=scroll,
                    object_id=self.oid("entry", f"#option_{field.name}"),
                    initial_text=self.texts[field.name],
                    placeholder_text=tr("setup.random") if field.kind.startswith("optional") else None,
                )
                entry.set_forbidden_characters(unprintable())
                widget = entry
                hint = self.checker.hint(field)
                widget.set_tooltip(self.option_tooltip(field.name, hint), wrap_width=self.tip_width)
                self.option_widgets[field.name] = widget
                self.add_nav(widget, label=label)
                row.append(widget)
            name_label = UILabel(rect, label, manager=self.app.ui, container=scroll, object_id=oid)
            name_label.set_tooltip(self.option_tooltip(field.name), wrap_width=self.tip_width)
            row.append(name_label)
            self.option_rows[field.name] = [(w, w.relative_rect.y - y) for w in row]
            lines = []
            for n in range(ERROR_LINES):
                line = UILabel(
                    pygame.Rect(self.px(8), y + row_h + n * self.px(22), box.width - self.px(38), self.px(24)),
                    "",
                    manager=self.app.ui,
                    container=scroll,
                    object_id=self.oid("error_label", f"#option_error_{field.name}"),
                )
                line.hide()
                lines.append(line)
            self.option_errors[field.name] = lines
            y += row_h + gap
        scroll.set_scrollable_area_dimensions((box.width - self.px(20), max(y, box.height - 2)))
        seed_y = box.bottom + self.px(10)
        seed_w = self.px(200)
        self.label(pygame.Rect(area.left, seed_y, area.width - seed_w, seed_h), tr("setup.seed"), "field_label")
        self.seed_entry = UITextEntryLine(
            pygame.Rect(box.right - seed_w - self.px(22), seed_y, seed_w, seed_h),
            manager=self.app.ui,
            container=self.root,
            object_id=self.oid("entry", "#seed"),
            initial_text=self.seed_text,
            placeholder_text=tr("setup.random"),
        )
        self.seed_entry.set_forbidden_characters(unprintable())
        self.add_nav(self.seed_entry, label=tr("setup.seed"))
        self.seed_hint = self.label(
            pygame.Rect(area.left, seed_y + seed_h, area.width, self.px(26)),
            tr("setup.seed_hint"),
            "hint_label",
        )
        self.seed_error = self.label(
            pygame.Rect(area.left, seed_y + seed_h, area.width, self.px(26)), "", "error_label"
        )
        self.seed_error.hide()

    def initial_focus(self) -> int:
        return len(self.nav) - 1

    def spoken_title(self) -> str:
        return self.app.tr("setup.heading", game=game_title(self.app, self.game_id))

    def spoken_alert(self) -> str:
        """The form's first problem, as shown under it."""
        return self.error

    def spoken_note(self, widget: Any, label: str) -> str:
        """An option's hint and example, then its problem; Start's problem while it is unavailable;
        the seed's hint or problem."""
        note = super().spoken_note(widget, label)
        if widget is self.start_button and not widget.is_enabled:
            return self.error
        if widget is self.seed_entry and self.seed_error is not None and self.seed_hint is not None:
            return str((self.seed_error if self.seed_error.visible else self.seed_hint).text)
        names = [name for name, option in self.option_widgets.items() if option is widget]
        problem = self.field_error(names[0]) if names else ""
        return " ".join(part for part in (note, problem) if part)

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

    def _check(self) -> Verdict:
        """Check the form as it stands now (see :class:`FormCheck`)."""
        self.sync()
        self.verdict = self.checker.check(self.count, self.values, self.texts, self.seed_text)
        return self.verdict

    def options(self) -> Any:
        """The ``Options`` the form describes; ``ValueError`` with a message for the player."""
        verdict = self._check()
        if not verdict.ok:
            raise ValueError(verdict.problems[0].text)
        return verdict.options

    def seed(self) -> int | None:
        """The seed typed in (None when blank: a fresh random deal)."""
        return self.checker.parse_seed(self.seed_text)

    def seats(self) -> list[SeatInfo]:
        """Who sits where (a blank name gets the seat's default name); a person's seat left with its
        default name keeps it as a default, which follows the player's language."""
        self.sync()
        seats = []
        for i in range(self.count):
            name, level = self.names[i].strip(), self.levels[i]
            if level is None and (not name or is_default_name(name, i)):
                seats.append(SeatInfo.person(self.app.tr, i))
            else:
                seats.append(SeatInfo(name or self._default_name(i, level), level))
        return seats

    def start(self) -> None:
        """Deal the match and go to the table, or say on the form what is wrong with it."""
        verdict = self._check()
        self.show_verdict(verdict)
        if not verdict.ok:
            return
        seats = self.seats()
        if any(seat.level == REMOTE_LEVEL for seat in seats):
            self._host(seats, verdict)
            return
        try:
            session = MatchSession.new(self.game_id, seats, verdict.options, verdict.seed)
            session.pass_and_play_undo = self.pass_and_play_undo
        except (TypeError, ValueError) as exc:
            # the check deals the same setup first, so only a refusal that depends on the seed lands here
            text, key = self.checker.translate(exc)
            verdict.problems.append(Problem(None, text, key))
            self.show_verdict(verdict)
            return
        self._remember()
        self.app.start_match(session)

    def _host(self, seats: list[SeatInfo], verdict: Verdict) -> None:
        """Players on other computers: open the table here and wait for them in its waiting room."""
        from ui.scenes.network import host_table

        try:
            lobby = host_table(self.app, self.game_id, seats, verdict.options, verdict.seed)
        except (OSError, ValueError) as exc:
            text = self.app.tr("net.host_failed", reason=str(exc))
            verdict.problems.append(Problem(None, text, "net.host_failed"))
            self.show_verdict(verdict)
            return
        self._remember()
        self.app.push(lobby)

    def show_verdict(self, verdict: Verdict) -> None:
        """Show each problem next to its option (the seed's under the seed), the first one under the
        form, and enable **Start** only when there is none."""
        self.error = verdict.problems[0].text if verdict.problems else ""
        if self.error_label is not None:
            self.error_label.set_text(self.error)
        self._show_table_here()
        if self.start_button is not None and self.start_button.alive() and self.start_button.text != self.start_words():
            self.start_button.set_text(self.start_words())
        for name, labels in self.option_errors.items():
            problem = verdict.for_field(name)
            lines = [] if problem is None else self._error_lines(problem.text, int(labels[0].relative_rect.width))
            for n, label in enumerate(labels):
                if n < len(lines):
                    label.set_text(lines[n])
                    label.set_tooltip(problem.text if problem is not None else None)
                    label.show()
                else:
                    label.hide()
        self._place_option_rows(verdict)
        if self.seed_error is not None and self.seed_hint is not None:
            problem = verdict.for_field(SEED_FIELD)
            if problem is None:
                self.seed_error.hide()
                self.seed_hint.show()
            else:
                self.seed_error.set_text(problem.text)
                self.seed_error.show()
                self.seed_hint.hide()
        if self.start_button is not None and self.start_button.alive():
            if verdict.ok:
                self.start_button.enable()
            else:
                self.start_button.disable()

    def start_words(self) -> str:
        """What Start does: deal the match here, or, with a seat for a network player, host the table
        (its waiting room opens; the match is dealt from there)."""
        return self.app.tr("setup.host" if REMOTE_LEVEL in self.levels[: self.count] else "setup.start")

    def table_here(self) -> bool:
        """Whether Start opens a table shown on this screen: no person plays here, and some seat
        waits for a friend's phone (or computer)."""
        levels = self.levels[: self.count]
        return REMOTE_LEVEL in levels and None not in levels

    def _show_table_here(self) -> None:
        """The line that says the table will be on this screen, where no error is shown."""
        if self.table_here_label is not None and self.table_here_label.alive():
            if self.table_here() and not self.error:
                self.table_here_label.show()
            else:
                self.table_here_label.hide()

    def _error_lines(self, text: str, width: int) -> list[str]:
        """``text`` cut into the lines shown under an option (the last one keeps the rest)."""
        lines = wrap_text(self.app.font(self.px(16), bold=True), text, width - self.px(8))
        if len(lines) <= ERROR_LINES:
            return lines
        return [*lines[: ERROR_LINES - 1], " ".join(lines[ERROR_LINES - 1 :])]

    def field_error(self, name: str) -> str:
        """The problem shown under option ``name`` ("" when none)."""
        return " ".join(label.text for label in self.option_errors.get(name, []) if label.visible)

    def _place_option_rows(self, verdict: Verdict) -> None:
        """Lay the option rows out again, opening a line under each option that has a problem."""
        scroll = self.option_scroll
        if scroll is None:
            return
        row_h, gap, view_h = self._row_geometry
        line_h = self.px(22)
        y = 0
        for field in self.fields:
            for widget, dy in self.option_rows.get(field.name, []):
                widget.set_relative_position((widget.relative_rect.x, y + dy))
            y += row_h
            for label in self.option_errors.get(field.name, []):
                label.set_relative_position((label.relative_rect.x, y))
                if label.visible:
                    y += line_h
            y += gap
        scroll.set_scrollable_area_dimensions((scroll.rect.width - self.px(20), max(y, view_h - 2)))

    def update(self, dt: float) -> None:
        """Check the form again whenever what it shows changed (typing, a click, a drop-down)."""
        if self.root is None:
            return
        self.sync()
        self._aim_drop_downs()
        seen = (
            self.count,
            tuple(self.levels),
            tuple(self.values.items()),
            tuple(self.texts.items()),
            self.seed_text,
            self.app.language,
        )
        if seen != self._checked:
            self._checked = seen
            if looks_like_code(self.seed_text) and self.apply_code(self.seed_text):
                return
            self.show_verdict(self._check())

    def apply_code(self, text: str) -> bool:
        """Fill the form from a pasted deal code: its game, table size, rule options and seed.

        A code for another game opens that game's form. False when the code cannot be read (the
        seed field then says why)."""
        try:
            code = decode(text)
        except DealCodeError:
            return False
        if code.game_id != self.game_id:
            other = SetupScene(self.app, code.game_id)
            other.take_code(code)
            self.app.replace(other)
        else:
            self.leave()
            self.take_code(code)
            self.enter()
        self.app.notify(self.app.tr("setup.code_applied", players=code.players))
        return True

    def take_code(self, code: DealCode) -> None:
        """Put a deal code's table size, options and seed in the form (the names and levels stay)."""
        self.count = code.players
        for field in self.fields:
            value = getattr(code.options, field.name)
            if field.kind in ("bool", "choice", "fixed"):
                if field.kind == "choice" and value not in field.choices:
                    field.choices = (*field.choices, value)  # a code's own value stays offered
                self.values[field.name] = value
            else:
                self.texts[field.name] = _format(value)
        self.seed_text = str(code.seed)

    def _aim_drop_downs(self) -> None:
        """Each closed option drop-down will open upward when the option list has no room under it
        for its choices (the list clips what overflows it), else downward."""
        scroll = self.option_scroll
        if scroll is None:
            return
        for field in self.fields:
            menu = self.option_widgets.get(field.name)
            if field.kind != "choice" or menu is None or menu.current_state is not menu.menu_states["closed"]:
                continue
            needed = menu.rect.height * len(field.choices)
            up = menu.rect.bottom + needed > scroll.rect.bottom and menu.rect.top - needed >= scroll.rect.top
            menu.menu_states["expanded"].expand_direction = "up" if up else "down"
            menu.expansion_height_limit = None  # worked out again, for that direction, when it opens

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        self.draw_heading(surface, self.app.tr("setup.heading", game=game_title(self.app, self.game_id)))
        for rect in self.panels:
            art.panel(surface, rect, 170)
        self._draw_blurb(surface)
        self.draw_focus(surface)

    def blurb_text(self, key: str | None = None) -> str:
        """The game's description (or the tutorial offer) with the options it cites as now chosen:
        LaGagne's target, Gin Rummy's match target ("first to 80 wins" when the target is 80)."""
        key = key or f"game.{self.game_id}.blurb"
        chosen: dict[str, Any] = {}
        for field in self.fields:
            value = self.values.get(field.name) if field.kind in ("bool", "choice", "fixed") else None
            if value is None and field.kind not in ("bool", "choice", "fixed"):
                try:
                    value = self.checker.parse(field, self.texts.get(field.name, ""))
                except ValueError:
                    value = None
            value = field.default if value is None else value
            chosen[field.name] = self.app.number(value, 0) if type(value) is int else value
        return self.app.tr(key, game=game_title(self.app, self.game_id), **chosen)

    def _draw_blurb(self, surface: pygame.Surface) -> None:
        """The game's one-line description at the foot of the seats panel, when the seats leave room."""
        key = "tutorial.offer" if self.offer_tutorial else f"game.{self.game_id}.blurb"
        if not self.panels or not self.app.has_text(key) or not self.name_entries:
            return
        left = self.panels[0]
        font = self.app.font(self.px(16))
        lines = wrap_text(font, self.blurb_text(key), left.width - self.px(48))
        top = left.bottom - self.px(20) - font.get_linesize() * len(lines)
        if top < self.name_entries[-1].rect.bottom + self.px(24):
            return
        for i, line in enumerate(lines):
            img = font.render(line, True, (200, 216, 196))
            surface.blit(img, (left.left + self.px(24), top + i * font.get_linesize()))
