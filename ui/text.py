"""Text helpers shared by the shell's scenes, the table and the app (no scene, no app: importing this
module pulls in nothing of ``ui`` but pygame, so any module can use it without an import circle)."""

from __future__ import annotations

import unicodedata
from importlib import resources
from typing import Any

import pygame

KEPT_WITH_PREVIOUS = ("%", ":", ";", "!", "?", "»")
"""Marks French sets after a space: a line never begins with one, as a no-break space would keep it
with the word before ("49 %", "manche :"); likewise a line never ends with "«"."""


APP_FONTS = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
"""The files of the app's own font (Noto Sans, bundled with pygame_gui, which has every French
accent), regular and bold: every text of the app is measured and drawn with them, and a browser seat's
page is served the same files (``ui.web.assets``), so that its texts take the room they were measured in."""


def app_font_path(bold: bool = False) -> str:
    """The path of the app's font file (``APP_FONTS``), regular or bold."""
    return str(resources.files("pygame_gui.data") / APP_FONTS[bool(bold)])


TEXT_LIMIT = 4000
"""Characters of one text drawn at most (far more than a line holds): a huge text from outside
costs a bounded time to draw."""
_KEPT_CONTROLS = frozenset("\n\t")


def drawable(text: object, limit: int = TEXT_LIMIT) -> str:
    """``text`` as a font can always draw it, whatever came from outside (a host, a LAN
    announcement, a file): fonts refuse a NUL and lone surrogates, and crashed the scene showing
    them. Control characters but new line and tab are dropped, a lone surrogate becomes the
    replacement character, bytes are read as UTF-8, anything else that is not text shows as
    nothing; at most ``limit`` characters are kept."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    elif not isinstance(text, str):
        return ""
    text = text[:limit]
    if text.isprintable():
        return text
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text
                   if ch.isprintable() or ch in _KEPT_CONTROLS or unicodedata.category(ch) != "Cc")


class SafeFont(pygame.font.Font):
    """A font whose ``render`` and ``size`` take any text (see ``drawable``) instead of raising."""

    def render(self, text: object, antialias: bool, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        return super().render(drawable(text), antialias, color, bgcolor, wraplength)

    def size(self, text: object) -> tuple[int, int]:
        return super().size(drawable(text))


SEPARATOR = "·"
"""The dot between the parts of a list ("Tab: choose · Enter: play"): where a line breaks between two
parts it is left out, so that no line ends or begins with it."""


def _words(paragraph: str) -> list[str]:
    """The paragraph's words, each mark of ``KEPT_WITH_PREVIOUS`` joined to the word before it and
    each "«" to the word after it (with the space between, so the words join back into the text)."""
    words: list[str] = []
    for word in paragraph.split(" "):
        if words and (word[:1] in KEPT_WITH_PREVIOUS or words[-1].endswith("«")):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels, each taking as many words as fit (a word
    wider than the width has a line of its own; French marks stay with their word, ``_words``; a
    ``SEPARATOR`` at a break is left out); a paragraph that fits is measured once, not word by word."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if font.size(paragraph)[0] <= width:
            lines.append(paragraph)
            continue
        line, joint = "", " "
        for word in _words(paragraph):
            if word == SEPARATOR and line:  # joins the words around it, or gives way to the line break
                joint = f" {SEPARATOR} "
                continue
            candidate = f"{line}{joint}{word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
            joint = " "
        lines.append(line + joint.rstrip())
    return lines or [""]
