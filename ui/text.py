"""Text helpers shared by the shell's scenes, the table and the app (no scene, no app: importing this
module pulls in nothing of ``ui`` but pygame, so any module can use it without an import circle)."""

from __future__ import annotations

import pygame


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels, each taking as many words as fit (a word
    wider than the width has a line of its own); a paragraph that fits is measured once, not word
    by word."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if font.size(paragraph)[0] <= width:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines or [""]
