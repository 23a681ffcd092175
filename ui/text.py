"""Text helpers shared by the shell's scenes, the table and the app (no scene, no app: importing this
module pulls in nothing of ``ui`` but pygame, so any module can use it without an import circle)."""

from __future__ import annotations

import pygame

KEPT_WITH_PREVIOUS = ("%", ":", ";", "!", "?", "»")
"""Marks French sets after a space: a line never begins with one, as a no-break space would keep it
with the word before ("49 %", "manche :"); likewise a line never ends with "«"."""


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
