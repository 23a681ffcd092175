"""The keyboard shortcuts people try first, handled by the app above every screen: F1 the rules of
the current game, Ctrl+N a new game, Ctrl+Q quit (Cmd on macOS), and F2 (or ``?``) the list of
every shortcut.

F2 rather than ``?`` alone: it is one key on every keyboard, where ``?`` is Shift+, on a French
AZERTY and Shift+/ on an American QWERTY; ``?`` works too, read from the character typed, so on
any layout. The list is an overlay over the screen it was opened from, which stays visible; the
table's own buttons (each game has its letters) are listed when it is opened at a table.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pygame

from ui.scene import Scene

if TYPE_CHECKING:
    from ui.app import App

PANEL = (12, 46, 30, 246)
GOLD = (214, 174, 84)
GOLD_LIGHT = (240, 206, 120)
CREAM = (246, 236, 208)


def primary_mod() -> int:
    """The modifier of the system's own shortcuts: Cmd on macOS, Ctrl elsewhere."""
    return pygame.KMOD_META if sys.platform == "darwin" else pygame.KMOD_CTRL


def _with_primary(event: pygame.event.Event, key: int) -> bool:
    mod = getattr(event, "mod", 0)
    return event.key == key and bool(mod & primary_mod()) and not mod & pygame.KMOD_ALT


def handle_shortcut(app: App, event: pygame.event.Event, typing: bool) -> bool:
    """Act on an app-wide shortcut in ``event``; whether it was one. ``typing``: a text field has
    the keyboard (then ``?`` is a character, not the list)."""
    if event.type != pygame.KEYDOWN:
        return False
    if _with_primary(event, pygame.K_q):
        app.quit()
        return True
    if _with_primary(event, pygame.K_n):
        new_game(app)
        return True
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return False
    if event.key == pygame.K_F1:
        show_rules(app)
        return True
    if event.key == pygame.K_F2 or (getattr(event, "unicode", "") == "?" and not typing):
        toggle_list(app)
        return True
    return False


def current_game(app: App) -> str | None:
    """The game the player is at: of the table, setup or rules page on the stack (the topmost),
    else of the match saved for Continue, else the first game."""
    from ui.scenes.common import games

    for scene in reversed(app.scenes):
        for found in (getattr(scene, "game_id", None), getattr(getattr(scene, "session", None), "game_id", None),
                      getattr(getattr(scene, "saved", None), "game_id", None)):
            if isinstance(found, str):
                return found
    return next(iter(games()), None)


F1_TWICE = 0.6
"""Seconds between two presses of F1 that make "F1 twice" (the table's spoken keys)."""


def show_rules(app: App) -> None:
    """F1: the rules of the current game; F1 on a rules page closes it. F1 twice quickly at a table
    (the rules open, then close again) says the keys that read the table aloud."""
    from ui.scenes.rules import RulesScene
    from ui.table.scene import TableScene

    last, app.last_f1 = app.last_f1, app.elapsed
    if last is not None and app.elapsed - last <= F1_TWICE and isinstance(app.top, RulesScene):
        app.pop()
        if isinstance(app.top, TableScene):
            app.last_f1 = None
            app.top.voice.help()
            return

    if isinstance(app.top, ShortcutsScene):
        app.pop()
    if isinstance(app.top, RulesScene):
        app.pop()
        return
    game_id = current_game(app)
    if game_id is not None:
        app.show_rules(game_id)


def new_game(app: App) -> None:
    """Ctrl+N: at a table, deal again with the same seats and options (after asking, unless the
    match is over); elsewhere, the setup of the current game."""
    from ui.scenes.pause import PauseScene
    from ui.table.scene import TableScene

    if isinstance(app.top, ShortcutsScene):
        app.pop()
    table = next((s for s in reversed(app.scenes) if isinstance(s, TableScene)), None)
    if table is not None:
        session = table.session
        if not session.saved:
            app.notify(app.tr("shortcuts.no_new_network"))
            return
        pause = app.top if isinstance(app.top, PauseScene) else PauseScene(app, session)
        if session.state.is_over():
            pause.restart()
            return
        if pause is not app.top:
            if app.top is not table:  # a score sheet, a dialog over the table: back to the table first
                while app.top is not table and app.pop() is not None:
                    pass
            app.push(pause)
        pause.ask_restart()
        return
    game_id = current_game(app)
    if game_id is None:
        return
    from ui.scenes.setup import SetupScene

    app.pop_to_title()
    app.push(SetupScene(app, game_id))


def toggle_list(app: App) -> None:
    """F2 or ``?``: open the list of shortcuts, or close it."""
    if isinstance(app.top, ShortcutsScene):
        app.pop()
    else:
        app.push(ShortcutsScene(app))


def key_names(app: App) -> dict[str, str]:
    """The names of the keys as the player's keyboard prints them (Échap, Entrée... in French)."""
    mod = "Cmd" if sys.platform == "darwin" else app.tr("keys.ctrl")
    return {"mod": mod, "esc": app.tr("keys.esc"), "enter": app.tr("keys.enter"), "space": app.tr("keys.space"),
            "shift": app.tr("keys.shift"), "tab": app.tr("keys.tab"), "arrows": app.tr("keys.arrows"),
            "left_right": app.tr("keys.left_right"), "home": app.tr("keys.home"), "end": app.tr("keys.end"),
            "page_up": app.tr("keys.page_up"), "page_down": app.tr("keys.page_down"),
            "ctrl_alone": app.tr("keys.ctrl")}


def shortcut_rows(app: App) -> list[tuple[str, list[tuple[str, str]]]]:
    """The list's sections: a heading and its (keys, what they do) rows."""
    tr, k = app.tr, key_names(app)
    network = _at_network_table(app)
    everywhere = [
        ("F1", tr("shortcuts.rules")),
        ("F2, ?", tr("shortcuts.list")),
        (f"{k['mod']}+N", tr("shortcuts.new")),
        (f"{k['mod']}+Q", tr("shortcuts.quit_network" if network else "shortcuts.quit")),
        ("F11", tr("shortcuts.fullscreen")),
        ("M", tr("shortcuts.mute")),
        (k["esc"], tr("shortcuts.back")),
        (f"{k['tab']}, {k['arrows']}", tr("shortcuts.move")),
        (f"{k['enter']}, {k['space']}", tr("shortcuts.press")),
    ]
    table = [
        ("H", tr("shortcuts.hint")),
        ("L", tr("shortcuts.log")),
        (f"{k['page_up']}, {k['page_down']}, {k['home']}, {k['end']}", tr("shortcuts.log_scroll")),
        (f"{k['mod']}+Z", tr("shortcuts.undo")),
        (f"{k['shift']}+{k['left_right']}", tr("shortcuts.reorder")),
        ("C", tr("shortcuts.chart")),
        (k["left_right"], tr("shortcuts.replay")),
        (f"{k['home']}, {k['end']}", tr("shortcuts.replay_ends")),
    ]
    if network:  # nobody deals a network table again alone, and it offers no hint and no undo to anyone
        everywhere = [row for row in everywhere if row[0] != f"{k['mod']}+N"]
        table = [row for row in table if row[0] not in ("H", f"{k['mod']}+Z")]
    listening = [
        ("F3–F8", tr("shortcuts.questions")),
        ("F1 ×2", tr("shortcuts.questions_help")),
        (k["ctrl_alone"], tr("shortcuts.stop_speech")),
    ]
    sections = [(tr("shortcuts.everywhere"), everywhere), (tr("shortcuts.listening"), listening),
                (tr("shortcuts.table"), table)]
    buttons = _table_buttons(app)
    if buttons:
        sections.append((tr("shortcuts.this_table"), buttons))
    return sections


def _at_network_table(app: App) -> bool:
    """Whether the list is opened at a network table (a guest's, the host's or the table on its
    screen): its match goes on for everyone, and is its host's."""
    from ui.table.remote import RemoteSession
    from ui.table.scene import TableScene

    table = next((s for s in reversed(app.scenes) if isinstance(s, TableScene)), None)
    return table is not None and isinstance(table.session, RemoteSession)


def _table_buttons(app: App) -> list[tuple[str, str]]:
    """The letters of the buttons at the table under the list (each game has its own)."""
    from ui.table.scene import TableScene

    table = next((s for s in reversed(app.scenes) if isinstance(s, TableScene)), None)
    rows: list[tuple[str, str]] = []
    for button in getattr(table, "buttons", ()):
        key: Any = getattr(button, "shortcut", None)
        if isinstance(key, int):
            name = pygame.key.name(key).upper()
            label = str(getattr(button, "label", ""))
            suffix = f" ({name})"
            rows.append((name, label[: -len(suffix)] if label.endswith(suffix) else label))
    return rows


class ShortcutsScene(Scene):
    """The list of every keyboard shortcut, over the screen it was opened from."""

    transparent = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sections = shortcut_rows(app)

    def enter(self) -> None:
        self.sections = shortcut_rows(self.app)  # the language may have changed meanwhile

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def idle(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        from ui.text import wrap_text

        w, h = surface.get_size()
        k = max(1.0, min(w / 1024, h / 640)) * 0.95
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        title_font = self.app.font(round(28 * k), bold=True)
        head_font = self.app.font(round(18 * k), bold=True)
        key_font = self.app.font(round(15 * k), bold=True)
        text_font = self.app.font(round(15 * k))
        line = max(key_font.get_linesize(), text_font.get_linesize())
        panel_w = min(w - round(40 * k), round(980 * k))
        column_w = (panel_w - round(72 * k)) // 2
        columns = (self.sections[:2], self.sections[2:])  # everywhere and listening; the table's keys
        layouts = []  # per column: (heading, [(keys, [lines])]) and its height
        for sections in columns:
            keys_w = min(round(column_w * 0.45), max((key_font.size(keys)[0] for _, rows in sections
                                                      for keys, _ in rows), default=0) + round(14 * k))
            laid = [(heading, [(keys, wrap_text(text_font, what, column_w - keys_w)) for keys, what in rows])
                    for heading, rows in sections]
            height = sum(head_font.get_linesize() + round(14 * k)
                         + sum(len(lines) * line + round(3 * k) for _, lines in rows) for _, rows in laid)
            layouts.append((keys_w, laid, height))
        title = title_font.render(self.app.tr("shortcuts.heading"), True, GOLD_LIGHT)
        hint = text_font.render(self.app.tr("shortcuts.close"), True, (201, 216, 196))
        body_h = max(height for _, _, height in layouts)
        panel = pygame.Rect(0, 0, panel_w, min(h - round(20 * k), title.get_height() + body_h + hint.get_height()
                                               + round(56 * k)))
        panel.center = (w // 2, h // 2)
        box = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(box, PANEL, box.get_rect(), border_radius=round(16 * k))
        pygame.draw.rect(box, (*GOLD, 255), box.get_rect(), width=2, border_radius=round(16 * k))
        surface.blit(box, panel)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + round(14 * k))))
        top = panel.top + round(24 * k) + title.get_height()
        for c, (keys_w, laid, _) in enumerate(layouts):
            x = panel.left + round(28 * k) + c * (column_w + round(16 * k))
            y = top
            for heading, rows in laid:
                surface.blit(head_font.render(heading, True, GOLD_LIGHT), (x, y))
                y += head_font.get_linesize() + round(4 * k)
                for keys, lines in rows:
                    surface.blit(_fit(key_font, keys, keys_w - round(10 * k), GOLD), (x, y))
                    for i, text in enumerate(lines):
                        surface.blit(text_font.render(text, True, CREAM), (x + keys_w, y + i * line))
                    y += len(lines) * line + round(3 * k)
                y += round(10 * k)
        surface.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - round(12 * k))))


def _fit(font: pygame.font.Font, text: str, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` rendered, shortened with an ellipsis if wider than ``width``."""
    if font.size(text)[0] <= width:
        return font.render(text, True, colour)
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return font.render(text.rstrip() + "…", True, colour)
