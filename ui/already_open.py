"""The small window of a launch that found Tablée already open on its data folder and could not
bring that window forward: it says so in the player's language, and closes on OK, Enter, Esc or
the window's close box. It reads the settings for the language and writes nothing."""

from __future__ import annotations

import os
from importlib import resources
from typing import Any

SIZE = (620, 230)
FELT = (10, 52, 32)
CREAM = (246, 236, 208)
GOLD = (214, 174, 84)
INK = (24, 30, 26)


def player_language(places: Any) -> str:
    """The language saved in the settings (read only: a damaged file is left as it is), else the system's."""
    from disk import read_json
    from ui.i18n import LANGUAGES, system_language

    try:
        data = read_json(places.settings)
    except (OSError, ValueError):
        data = None
    language = data.get("language") if isinstance(data, dict) else None
    return language if isinstance(language, str) and language in LANGUAGES else system_language()


def show_already_open(places: Any) -> None:
    """Show the message until the player dismisses it (nothing when there is no screen to show it on)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    import pygame

    from ui.app import WINDOW_TITLE, wrap_text
    from ui.i18n import Translator

    tr = Translator(player_language(places))
    try:
        pygame.display.init()
        pygame.font.init()
        screen = pygame.display.set_mode(SIZE)
    except pygame.error:
        return
    pygame.display.set_caption(WINDOW_TITLE)
    data = resources.files("pygame_gui.data")
    heading = pygame.font.Font(str(data / "NotoSans-Bold.ttf"), 24)
    body = pygame.font.Font(str(data / "NotoSans-Regular.ttf"), 17)
    button = pygame.Rect(0, 0, 120, 40)
    button.bottomright = (SIZE[0] - 24, SIZE[1] - 20)
    try:
        while True:
            screen.fill(FELT)
            screen.blit(heading.render(tr("desktop.already_open"), True, GOLD), (24, 20))
            text = tr("desktop.already_open_text", folder=str(places.data))
            for i, line in enumerate(wrap_text(body, text, SIZE[0] - 48)[:4]):
                screen.blit(body.render(line, True, CREAM), (24, 66 + i * body.get_linesize()))
            pygame.draw.rect(screen, GOLD, button, border_radius=8)
            label = body.render(tr("desktop.ok"), True, INK)
            screen.blit(label, label.get_rect(center=button.center))
            pygame.display.flip()
            event = pygame.event.wait()
            if event.type == pygame.QUIT or event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE):
                return
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.collidepoint(event.pos):
                return
    finally:
        pygame.display.quit()
