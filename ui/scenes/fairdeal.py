"""The "Fair deal" panel: each hand's fingerprint, its seed once the hand is over, and whether they agree.

The table keeps fingerprints and seeds out of its header and log (players read sentences there); this
page, opened from the pause menu and the score sheet, is where a player who wants to check the shuffle
finds them, with the check explained in two sentences (the details are in docs/fair-deals.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.fairness import verify
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App


@dataclass(frozen=True)
class DealLine:
    """One hand of the panel: its number, fingerprint, and what its seed says (``None``: in play)."""

    hand: int
    fingerprint: str
    seed: int | None
    checked: bool


def deal_lines(deals: list[dict[str, Any]]) -> list[DealLine]:
    """The viewer's ``view["deals"]`` read for the panel, newest hand first; anything malformed in
    them (a network host's view) is left out rather than shown."""
    out = []
    for deal in deals:
        hand, mark, seed = deal.get("hand"), deal.get("fingerprint"), deal.get("seed")
        if not isinstance(hand, int) or not isinstance(mark, str) or not (seed is None or isinstance(seed, int)):
            continue
        out.append(DealLine(hand, mark, seed, seed is not None and verify(seed, mark)))
    return sorted(out, key=lambda d: -d.hand)


class FairDealScene(MenuScene):
    """The panel (see the module docstring) for the deals the viewer has seen."""

    heading_key = "fair.heading"

    def __init__(self, app: App, deals: list[dict[str, Any]]) -> None:
        super().__init__(app)
        self.lines = deal_lines(deals)
        self.panel = pygame.Rect(0, 0, 0, 0)
        """Where the hands were listed at the last draw."""

    def build(self) -> None:
        self.back_button_below()

    def initial_focus(self) -> int:
        return 0

    def spoken_page(self) -> str:
        """What the page explains, then each hand's fingerprint and whether its seed checks it."""
        tr = self.app.tr
        said = [tr("fair.explain")]
        said += [f"{tr('fair.hand', hand=line.hand, fingerprint=line.fingerprint)}. {self.status(line)[0]}"
                 for line in self.lines] or [tr("fair.none")]
        return " ".join(said)

    def status(self, line: DealLine) -> tuple[str, tuple[int, int, int]]:
        """What the seed of ``line`` says, in words, and the colour to say it in."""
        if line.seed is None:
            return self.app.tr("fair.in_play"), art.CREAM
        if line.checked:
            return self.app.tr("fair.checked", seed=line.seed), (150, 214, 150)
        return self.app.tr("fair.not_checked", seed=line.seed), (240, 130, 110)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        tr = self.app.tr
        w, h = surface.get_size()
        width = min(self.px(900), w - 2 * self.px(40))
        x = (w - width) // 2
        y = self.heading_bottom()
        font = self.app.font(self.px(17))
        for part in wrap_text(font, tr("fair.explain"), width):
            surface.blit(font.render(part, True, art.CREAM), (x, y))
            y += font.get_linesize()
        y += self.px(14)
        bottom = h - self.px(88)
        panel = self.panel = pygame.Rect(x - self.px(12), y - self.px(8), width + self.px(24), bottom - y + self.px(8))
        layer = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 34, 20, 190), layer.get_rect(), border_radius=12)
        pygame.draw.rect(layer, (*art.GOLD, 160), layer.get_rect(), width=1, border_radius=12)
        surface.blit(layer, panel)
        bold, small = self.app.font(self.px(17), bold=True), self.app.font(self.px(15))
        if not self.lines:
            surface.blit(small.render(tr("fair.none"), True, art.CREAM), (x, y))
            return
        for line in self.lines:
            title = tr("fair.hand", hand=line.hand, fingerprint=line.fingerprint)
            words, colour = self.status(line)
            rows = wrap_text(small, words, width - self.px(16))
            if y + bold.get_linesize() + len(rows) * small.get_linesize() > bottom:
                more = tr("fair.more", n=sum(1 for d in self.lines if d.hand < line.hand) + 1)
                surface.blit(small.render(more, True, art.CREAM), (x, y))
                break
            surface.blit(bold.render(title, True, art.GOLD_LIGHT), (x, y))
            y += bold.get_linesize()
            for row in rows:
                surface.blit(small.render(row, True, colour), (x + self.px(16), y))
                y += small.get_linesize()
            y += self.px(8)
