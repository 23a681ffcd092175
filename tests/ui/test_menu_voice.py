"""What the screens outside the table tell a player who listens (issue 63, "Menus and forms speak"):
driven only with keys, as a blind player would, with a recording voice standing in for speech.
Each screen says its title, what it shows and its focused control as it opens; each focus move
says the control, its role, value and state; a changed value is said; errors interrupt. In two
languages, and never a word with *Read aloud* off."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tests.ui.conftest import open_app, press
from tests.ui.menu_voice_expected import EXPECTED
from ui.announce import Announcement, Priority
from ui.speech import Speaker

TAB, SHIFT = pygame.K_TAB, pygame.KMOD_SHIFT


@pytest.fixture(params=["en", "fr"])
def lang_app(request, data_dir) -> Iterator[object]:
    """A headless app at the title screen in the test's language."""
    for application in open_app(data_dir):
        if request.param != "en":
            application.set_language(request.param)
            application.step(1 / 60)
        yield application


def listening(app) -> list[str]:
    """Speech on, through a voice that records what it says (the screen as it is now is said first)."""
    spoken: list[str] = []
    app._speaker = Speaker(lambda text, lang: spoken.append(text))
    app.settings.read_aloud = True
    app.step(1 / 60)
    app.speaker.wait()
    return spoken


def keys(app, spoken: list[str], *pressed: int | tuple[int, int]) -> list[str]:
    """Press each key (a key, or a key with its modifiers), letting speech finish after each one;
    what was said meanwhile."""
    start = len(spoken)
    for k in pressed:
        key, mod = k if isinstance(k, tuple) else (k, 0)
        press(app, key, mod)
        app.speaker.wait()
    return spoken[start:]


def said(app) -> list[Announcement]:
    app.speaker.wait()
    return app.speaker.channel.history()


def type_text(app, spoken: list[str], text: str) -> list[str]:
    """Type ``text`` into the entry with the keyboard focus, a character a frame."""
    start = len(spoken)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.step(1 / 60)
        app.speaker.wait()
    return spoken[start:]


# ---------------------------------------------------------------- the screens, key by key
def title_screen(app, spoken: list[str]) -> list[list[str]]:
    """The title screen as it opens, then Down, Tab and Shift+Tab."""
    return [list(spoken), keys(app, spoken, pygame.K_DOWN), keys(app, spoken, TAB), keys(app, spoken, (TAB, SHIFT))]


def gin_setup(app, spoken: list[str]) -> list[list[str]]:
    """Enter on Gin Rummy: the setup opens on Start; Shift+Tab back to the seed and the first
    dealer; a 7 typed there (refused: seats are 0 and 1); Backspace; Shift+Tab to a check box and
    Space; on to the match's points (a choice) and Right."""
    out = [keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, (TAB, SHIFT)) for _ in range(5)]
    out.append(type_text(app, spoken, "7"))
    out.append(keys(app, spoken, pygame.K_BACKSPACE))
    out.append(keys(app, spoken, (TAB, SHIFT)))
    out.append(keys(app, spoken, pygame.K_SPACE))
    keys(app, spoken, *[pygame.K_UP] * 9)
    out.append(keys(app, spoken, pygame.K_UP))
    out.append(keys(app, spoken, pygame.K_RIGHT))
    return out


def settings_screen(app, spoken: list[str]) -> list[list[str]]:
    """Settings from the title screen; Down to the bots' delay and Right; Down to the memory aid
    and Enter; Up to the language and Right (the screen speaks the next language at once)."""
    keys(app, spoken, *[pygame.K_DOWN] * 7)
    out = [keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN), keys(app, spoken, pygame.K_RIGHT)]
    out += [keys(app, spoken, pygame.K_DOWN), keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, pygame.K_UP, pygame.K_UP, pygame.K_UP), keys(app, spoken, pygame.K_RIGHT)]
    return out


def rules_screen(app, spoken: list[str]) -> list[list[str]]:
    """Rules from the title screen: H twice, R, Shift+H, then Right to the next game."""
    keys(app, spoken, *[pygame.K_DOWN] * 5)
    out = [keys(app, spoken, pygame.K_RETURN)]
    out += [keys(app, spoken, pygame.K_h), keys(app, spoken, pygame.K_h), keys(app, spoken, pygame.K_r)]
    out += [keys(app, spoken, (pygame.K_h, SHIFT)), keys(app, spoken, pygame.K_RIGHT)]
    return out


def stats_screen(app, spoken: list[str]) -> list[list[str]]:
    """Statistics from the title screen, then Tab to the first tab and Enter, and Esc back."""
    keys(app, spoken, *[pygame.K_DOWN] * 6)
    out = [keys(app, spoken, pygame.K_RETURN), keys(app, spoken, TAB, TAB), keys(app, spoken, pygame.K_RETURN)]
    out.append(keys(app, spoken, pygame.K_ESCAPE))
    return out


SCREENS = {"title": title_screen, "setup": gin_setup, "settings": settings_screen, "rules": rules_screen,
           "stats": stats_screen}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_each_screen_says_its_title_focus_values_and_errors_driven_by_keys_alone(screen, lang_app) -> None:
    spoken = listening(lang_app)
    language = lang_app.language  # the settings screen changes it
    assert SCREENS[screen](lang_app, spoken) == EXPECTED[screen][language]


def test_a_refused_value_interrupts_and_everything_else_is_polite(app) -> None:
    spoken = listening(app)
    gin_setup(app, spoken)
    kinds = {a.text: (a.priority, a.kind) for a in said(app)}
    assert kinds["“First dealer (seat number)” must be a seat number from 0 to 1, not 7."] == (Priority.INTERRUPT, "error")
    app.notify("Could not save.", error=True)
    app.notify("Saved.")
    kinds = {a.text: (a.priority, a.kind) for a in said(app)}
    assert kinds["Could not save."] == (Priority.INTERRUPT, "error")
    assert kinds["Saved."] == (Priority.POLITE, "toast")


def test_nothing_is_said_with_read_aloud_off(app) -> None:
    spoken: list[str] = []
    app._speaker = Speaker(lambda text, lang: spoken.append(text))
    app.settings.read_aloud = False
    for key in (pygame.K_DOWN, pygame.K_RETURN, TAB, pygame.K_ESCAPE, pygame.K_DOWN):
        press(app, key)
    app.speaker.wait()
    assert spoken == []
