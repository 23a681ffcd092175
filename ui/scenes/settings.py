"""Settings: language, animation speed, bot think delay, memory aid and full screen.

Every change applies at once and is saved; switching the language rebuilds this screen in the
new language immediately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from ui.i18n import LANGUAGES
from ui.scenes import art
from ui.scenes.base import ACTIVATE, MenuScene, adapter_for
from ui.settings import ANIMATION_SPEEDS, BOT_DELAY_RANGE, CARD_SIZES, UI_SCALES
from ui.spoken import sentence

if TYPE_CHECKING:
    from ui.app import App

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}


class SettingsScene(MenuScene):
    """The settings screen (from the title screen or the pause menu)."""

    heading_key = "settings.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.language_menu: UIDropDownMenu | None = None
        self.speed_menu: UIDropDownMenu | None = None
        self.delay_slider: UIHorizontalSlider | None = None
        self.delay_label: UILabel | None = None
        self.memory_box: UICheckBox | None = None
        self.let_go_box: UICheckBox | None = None
        self.fullscreen_box: UICheckBox | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.volume_slider: UIHorizontalSlider | None = None
        self.volume_label: UILabel | None = None
        self.mute_box: UICheckBox | None = None
        self.aloud_box: UICheckBox | None = None
        self.four_colour_box: UICheckBox | None = None
        self.size_menu: UIDropDownMenu | None = None
        self.scale_menu: UIDropDownMenu | None = None
        self.rows: list[pygame.Rect] = []
        self.row = -1  # the setting the keyboard is on (-1: none; len(rows): the Back button)

    def build(self) -> None:
        tr = self.app.tr
        s = self.app.settings
        w, h = self.size
        top = self.heading_bottom()
        panel_w = min(self.px(680), w - 2 * self.px(40))
        row_h = self.px(40)
        hint_h = self.px(22)
        bw, bh = self.px(220), self.px(48)
        # the eight rows share what the window leaves between the heading and Back (at any text size)
        spare = h - top - 8 * row_h - 3 * hint_h - self.px(40) - self.px(8) - bh - self.px(20)
        gap = max(self.px(4), min(self.px(14), spare // 8))
        self.panel = pygame.Rect(
            (w - panel_w) // 2, top, panel_w, 8 * (row_h + gap) + 3 * hint_h + self.px(40)
        )
        x = self.panel.left + self.px(32)
        label_w = int(panel_w * 0.45)
        control_x = x + label_w
        control_w = self.panel.right - self.px(32) - control_x
        y = self.panel.top + self.px(30)

        self.rows = []

        def row_label(key: str, hint: str | None = None) -> None:
            height = row_h + (hint_h if hint else 0)
            self.rows.append(
                pygame.Rect(
                    x - self.px(14), y - self.px(6), self.panel.width - self.px(36), height + self.px(14)
                )
            )
            self.label(pygame.Rect(x, y, label_w, row_h), tr(key))
            if hint:
                self.label(
                    pygame.Rect(x, y + row_h - self.px(4), self.panel.width - self.px(64), hint_h),
                    tr(hint),
                    "hint_label",
                )

        row_label("settings.language")
        self.language_menu = self.drop_down(pygame.Rect(control_x, y, control_w, row_h),
                                            [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
                                            self.app.language, "language")
        y += row_h + gap
        row_label("settings.animation_speed")
        self.speed_menu = self.drop_down(pygame.Rect(control_x, y, control_w, row_h),
                                         [(tr(f"settings.speed.{speed}"), speed) for speed in ANIMATION_SPEEDS],
                                         s.animation_speed, "animation_speed")
        y += row_h + gap
        row_label("settings.bot_delay", "settings.bot_delay_hint")
        value_w = self.px(86)
        self.delay_slider = UIHorizontalSlider(
            pygame.Rect(control_x, y + self.px(6), control_w - value_w - self.px(10), row_h - self.px(12)),
            s.bot_delay,
            BOT_DELAY_RANGE,
            manager=self.app.ui,
            container=self.root,
            click_increment=0.1,
            object_id="#bot_delay",
        )
        self.delay_label = self.label(
            pygame.Rect(self.panel.right - self.px(32) - value_w, y, value_w, row_h),
            self._delay_text(s.bot_delay),
        )
        y += row_h + gap + hint_h
        box = self.px(28)
        self.rows.append(pygame.Rect(x - self.px(14), y - self.px(6), self.panel.width - self.px(36),
                                     row_h + hint_h + self.px(14)))
        self.label(pygame.Rect(x, y, label_w, row_h), tr("settings.memory_aid"))
        self.memory_box = self.checkbox(
            pygame.Rect(control_x, y + (row_h - box) // 2, box, box),
            tr("settings.memory_aid_on"),
            s.memory_aid,
            "#memory_aid",
        )
        self.memory_box.set_tooltip(tr("settings.memory_aid_hint"))
        self.let_go_box = self.checkbox(  # on the line a hint would take: both are memory aids
            pygame.Rect(control_x, y + row_h + (hint_h - box) // 2, box, box),
            tr("settings.let_go_on"),
            s.let_go,
            "#let_go",
        )
        self.let_go_box.set_tooltip(tr("settings.let_go_hint"))
        y += row_h + gap + hint_h
        row_label("settings.screen", "settings.screen_hint")
        scale_w = control_w // 2 - self.px(8)
        self.scale_menu = self.drop_down(pygame.Rect(control_x, y, scale_w, row_h),
                                         [(tr("settings.ui_scale", percent=p), str(p)) for p in UI_SCALES],
                                         str(s.ui_scale), "ui_scale")
        self.fullscreen_box = self.checkbox(
            pygame.Rect(control_x + scale_w + self.px(16), y + (row_h - box) // 2, box, box),
            tr("settings.fullscreen_on"),
            s.fullscreen,
            "#fullscreen",
        )
        y += row_h + gap + hint_h
        row_label("settings.volume")
        self.volume_slider = UIHorizontalSlider(
            pygame.Rect(control_x, y + self.px(6), control_w - value_w - self.px(10), row_h - self.px(12)),
            s.volume,
            (0, 100),
            manager=self.app.ui,
            container=self.root,
            click_increment=10,
            object_id="#volume",
        )
        self.volume_label = self.label(
            pygame.Rect(self.panel.right - self.px(32) - value_w, y, value_w, row_h), f"{s.volume} %")
        y += row_h + gap
        row_label("settings.mute")
        self.mute_box = self.checkbox(
            pygame.Rect(control_x, y + (row_h - box) // 2, box, box),
            tr("settings.mute_on"),
            s.muted,
            "#mute",
        )
        if not self.app.sound.available:
            self.mute_box.set_tooltip(tr("settings.no_sound_device"))
        self.aloud_box = self.checkbox(
            pygame.Rect(control_x + control_w // 2 - self.px(8), y + (row_h - box) // 2, box, box),
            tr("settings.read_aloud"),
            s.read_aloud,
            "#read_aloud",
        )
        available = self.app.speaker.available
        self.aloud_box.set_tooltip(tr("settings.read_aloud_hint" if available else "settings.read_aloud_none"))
        if not available and not s.read_aloud:
            self.aloud_box.disable()
        y += row_h + gap
        row_label("settings.cards")
        size_w = control_w // 2 - self.px(8)
        self.size_menu = self.drop_down(pygame.Rect(control_x, y, size_w, row_h),
                                        [(tr(f"settings.card_size.{size}"), size) for size in CARD_SIZES],
                                        s.card_size, "card_size")
        self.size_menu.menu_states["expanded"].expand_direction = "up"  # the last row: room is above
        self.four_colour_box = self.checkbox(
            pygame.Rect(control_x + size_w + self.px(16), y + (row_h - box) // 2, box, box),
            tr("settings.four_colour_on"),
            s.four_colour_deck,
            "#four_colour",
        )
        self.four_colour_box.set_tooltip(tr("settings.four_colour_hint"))
        self.button(
            pygame.Rect((w - bw) // 2, max(self.panel.bottom + self.px(4),
                                           min(self.panel.bottom + self.px(28), h - bh - self.px(20))), bw, bh),
            tr("common.back"),
            self.back,
            kind="primary_button",
        )

    def spoken_keys(self) -> str:
        return self.app.tr("menu.settings_keys")

    def spoken_control(self) -> tuple[str, str, str]:
        """The setting the keyboard is on: its name, each of its controls with its role and value,
        its hint, and on a row of two controls which key changes which."""
        if not 0 <= self.row < len(self.rows):
            return super().spoken_control()
        tr = self.app.tr
        rows: list[tuple[str, list[tuple[Any, str]], str]] = [
            ("settings.language", [(self.language_menu, "")], ""),
            ("settings.animation_speed", [(self.speed_menu, "")], ""),
            ("settings.bot_delay", [(self.delay_slider, self.delay_label.text if self.delay_label else "")],
             "settings.bot_delay_hint"),
            ("settings.memory_aid", [(self.memory_box, ""), (self.let_go_box, "")], ""),
            ("settings.screen", [(self.fullscreen_box, ""), (self.scale_menu, "")], "settings.screen_hint"),
            ("settings.volume", [(self.volume_slider, self.volume_label.text if self.volume_label else "")], ""),
            ("settings.mute", [(self.mute_box, ""), (self.aloud_box, "")], ""),
            ("settings.cards", [(self.four_colour_box, ""), (self.size_menu, "")], ""),
        ]
        name_key, controls, hint_key = rows[self.row]
        name = tr(name_key)
        parts, labels, notes = [], [], [tr(hint_key)] if hint_key else []
        for widget, shown in controls:
            control, value, note = self.describe_control(widget)
            label = self.spoken_label(widget)
            labels.append(label or name)
            role = control if label else tr(f"menu.role.{adapter_for(widget).role}")
            parts.append(", ".join(part for part in (role, shown or value) if part))
            notes.append(note)
        if len(controls) == 2:
            notes.append(tr("menu.keys_pair", enter=labels[0], arrows=labels[1]))
        return name, "; ".join(parts), " ".join(sentence(n) for n in notes if n)

    def _delay_text(self, seconds: float) -> str:
        return self.app.tr("settings.seconds", value=self.app.number(seconds, 1))

    # ------------------------------------------------------------------ changes
    def initial_focus(self) -> int:
        return 0 if self.row == len(self.rows) else -1

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.app.settings
        if event.type == pygame.KEYDOWN and self._key(event.key, event.mod):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.language_menu:
                self.app.set_language(event.selected_option_id)
                return True
            if event.ui_element is self.speed_menu:
                self.set(animation_speed=event.selected_option_id)
                return True
            if event.ui_element is self.size_menu:
                self.set(card_size=event.selected_option_id)
                return True
            if event.ui_element is self.scale_menu:
                self.app.set_ui_scale(int(event.selected_option_id))
                return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume_slider:
            volume = int(round(float(event.value)))
            self.set(volume=volume)
            if self.volume_label is not None:
                self.volume_label.set_text(f"{volume} %")
            self.app.sound.play("place")
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.delay_slider:
            value = round(float(event.value), 1)
            self.set(bot_delay=value)
            if self.delay_label is not None:
                self.delay_label.set_text(self._delay_text(value))
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is self.memory_box:
                self.set(memory_aid=on)
                return True
            if event.ui_element is self.let_go_box:
                self.set(let_go=on)
                return True
            if event.ui_element is self.mute_box:
                self.set(muted=on)
                return True
            if event.ui_element is self.aloud_box:
                self.set(read_aloud=on)
                return True
            if event.ui_element is self.four_colour_box:
                self.set(four_colour_deck=on)
                return True
            if event.ui_element is self.fullscreen_box:
                if on != s.fullscreen:
                    self.app.set_fullscreen(on)
                return True
        return super().handle_event(event)

    def _key(self, key: int, mod: int) -> bool:
        """Keyboard: Up/Down/Tab choose a setting, Left/Right/Enter change it (True when used)."""
        last = len(self.rows)
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if key == pygame.K_UP or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT) else 1
            self.row = (self.row + step) % (last + 1) if self.row >= 0 else (0 if step > 0 else last)
            self.set_focus(0 if self.row == last else -1)
            return True
        if self.row < 0 or self.row == last:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT, *ACTIVATE):
            self.adjust(self.row, -1 if key == pygame.K_LEFT else 1, key in ACTIVATE)
            return True
        return False

    def adjust(self, row: int, step: int, activate: bool = False) -> None:
        """Change the setting of ``row`` one notch (languages, speeds and sizes cycle, switches
        toggle; on the cards row, Enter toggles the four colours and the arrows the size; on the screen
        row, Enter toggles full screen and the arrows the interface size; on the memory row, Enter
        toggles the memory aid and the arrows letting windows go)."""
        s = self.app.settings
        if row == 0:
            self.app.set_language(LANGUAGES[(LANGUAGES.index(self.app.language) + step) % len(LANGUAGES)])
            return
        if row == 1:
            index = ANIMATION_SPEEDS.index(s.animation_speed) + step
            self.set(animation_speed=ANIMATION_SPEEDS[index % len(ANIMATION_SPEEDS)])
        elif row == 2:
            low, high = BOT_DELAY_RANGE
            self.set(bot_delay=round(min(high, max(low, s.bot_delay + 0.1 * step)), 1))
        elif row == 3 and activate:
            self.set(memory_aid=not s.memory_aid)
        elif row == 3:
            self.set(let_go=not s.let_go)
        elif row == 4 and activate:
            self.app.set_fullscreen(not s.fullscreen)
        elif row == 4:
            self.app.set_ui_scale(UI_SCALES[(UI_SCALES.index(s.ui_scale) + step) % len(UI_SCALES)])
        elif row == 5:
            self.set(volume=min(100, max(0, s.volume + 10 * step)))
            self.app.sound.play("place")
        elif row == 6 and activate:
            self.set(muted=not s.muted)
        elif row == 6 and (self.app.speaker.available or s.read_aloud):
            self.set(read_aloud=not s.read_aloud)
        elif row == 7 and activate:
            self.set(four_colour_deck=not s.four_colour_deck)
        elif row == 7:
            self.set(card_size=CARD_SIZES[(CARD_SIZES.index(s.card_size) + step) % len(CARD_SIZES)])
        self.rebuild()

    def set(self, **changes: Any) -> None:
        """Change settings and save them."""
        for key, value in changes.items():
            setattr(self.app.settings, key, value)
        self.app.save_settings()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        art.panel(surface, self.panel)
        if 0 <= self.row < len(self.rows):
            pygame.draw.rect(surface, art.GOLD_LIGHT, self.rows[self.row], width=2, border_radius=10)
