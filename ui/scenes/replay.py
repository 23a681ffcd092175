"""The replay viewer: a finished (or saved) match stepped through move by move, every card shown.

It is written once for every game: it lays out ``state.card_zones()`` (each seat's zones in its
own band, the table's zones on top), so any registered game can be replayed. The match is rebuilt
by the engine from its match file, so what is shown is what the rules deal and play; each hand's
seed is checked against the fingerprint the table showed (``game.core.fairness``).
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.core.advice import CLOSE, OTHER, SAME, Analysis, judged_moves
from game.core.dealcode import DealCode
from game.core.events import Event
from game.core.fairness import public_match_seed, verify
from game.core.move import Move
from game.core.state import GameState
from ui.cards import CardArt
from ui.games import adapter_class, has_adapter
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title
from ui.session import SEED_BITS, MatchSession, SeatInfo
from ui.spoken import sentence
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App
    from ui.games.base import TableContext

_SEAT_ZONE = re.compile(r"^(?P<kind>[a-z_]+):(?P<seat>\d+)")
ZONE_KINDS = ("hand", "slot", "column", "stock", "discard")
REVIEW_DIFFERS = (255, 170, 140)
"""Zone kinds with a translated name (``replay.zone.<kind>``); others are shown by their name."""


def seat_of_zone(name: str) -> int | None:
    """The seat a zone belongs to (``hand:1``, ``slot:1.2``, ``column:1:h``), None for the table's."""
    m = _SEAT_ZONE.match(name)
    return int(m.group("seat")) if m else None


class _WordsOnly:
    """What a table adapter reads when it only puts moves into words: the app (the language) and a
    session whose seats are all told in the third person (a replay speaks to nobody)."""

    def __init__(self, app: App, state: GameState) -> None:
        self.app = app
        self.session = MatchSession(state, [SeatInfo(name, "normal") for name in state.names])


class Narrator:
    """Moves in sentences, as the game's table words them in its log ("Bob discards the 10 of
    clubs"), for the replay's list and the review's verdicts; the move's text for a game without a
    table adapter."""

    def __init__(self, app: App, state: GameState) -> None:
        game_id = state.GAME_ID
        self.app = app
        self.names = list(state.names)
        self.adapter = adapter_class(game_id)(cast("TableContext", _WordsOnly(app, state))) \
            if has_adapter(game_id) else None

    def lines(self, move: Move, events: list[Event], view: dict[str, Any]) -> list[str]:
        """The sentences of ``move`` (``events`` and ``view`` as the reader may see them); a move the
        table's log passes over (ending a turn) in the replay's own words (``replay.quiet.<move>``)."""
        said = self.adapter.describe(move, events, view) if self.adapter is not None else []
        if said:
            return said
        quiet = f"replay.quiet.{move.name}"
        if self.app.has_text(quiet):
            return [self.app.tr(quiet, name="?" if move.seat is None else self.names[move.seat])]
        return [move.action]

    def match(self, final: GameState, seer: int | None) -> list[list[str]]:
        """Every move of ``final`` in sentences, as seat ``seer`` (None: anybody) saw it."""
        probe = final.replay(0)
        out = []
        for text in final.log:
            move = probe.parse_move(text)
            seen = [e.for_seat(seer) for e in probe.apply(move)]
            out.append(self.lines(move, seen, probe.view(seer)))
        return out


class ReplayScene(MenuScene):
    """Steps through ``final``'s moves: ←/→ one move, Home/End the ends, Page Up/Down a hand."""

    def __init__(self, app: App, final: GameState, source: str = "", review: tuple[int, int] | None = None,
                 advice: tuple[int, Mapping[int, Analysis]] | None = None) -> None:
        """``review`` (seat, hand number) steps through that hand only and marks the seat's
        decisions where the ``hard`` bot, given the seat's view, would have played otherwise: by
        the analysis a hint gave at that move, else by the position's own (``game.core.advice``),
        keyed by ``advice``'s secret (the match's; a fresh one without it) and kept hints."""
        super().__init__(app)
        self.final = final
        self.source = source
        self.total = len(final.log)
        self.upto = self.total
        self.state = final.clone()
        self.cards = CardArt(app.font, app.tr)
        self.cards.four_colour = app.settings.four_colour_deck
        self.hand_starts = self._hand_starts()
        self.low, self.high = 0, self.total
        self.narrator = Narrator(app, final)
        self.sentences = self.narrator.match(final, review[0] if review is not None else None)
        """Each move in words, as the log of the table said it (the reviewed seat's view in a review)."""
        self.review_seat: int | None = None
        self.verdicts: dict[int, tuple[str, str]] = {}
        """Move index of the reviewed seat's decision → how it compares with the analysis (``SAME``,
        ``CLOSE``, ``OTHER``) and the analysis's move in words."""
        self.review_done = False
        self.seed_public = review is None or public_match_seed(final) is not None
        """Whether the match seed may show: a replay opens a finished match or the player's own file,
        a review the match still at the table, whose seed deals the hands to come."""
        self.advice_secret, self.kept = advice if advice is not None else (secrets.randbits(SEED_BITS), {})
        if review is not None:
            seat, hand = review
            bounds = [0, *self.hand_starts, self.total]
            self.low, self.high = bounds[hand - 1], bounds[hand]
            self.review_seat = seat
            self.go(self.low)
            threading.Thread(target=self._review, name="hand-review", daemon=True).start()

    def _review(self) -> None:
        """Judge each of the seat's decisions in the hand by its position's analysis, from that
        seat's view (off the render thread; the move list shows verdicts as they come)."""
        seat = self.review_seat
        assert seat is not None
        for i, verdict, analysis, before in judged_moves(self.final, self.low, self.high, seat, self.advice_secret,
                                                         self.kept):
            best = analysis.move
            seen = [e.for_seat(seat) for e in before.apply(best)]
            self.verdicts[i] = (verdict, self.narrator.lines(best, seen, before.view(seat))[0])
        self.review_done = True
    # ------------------------------------------------------------------ stepping
    def _hand_starts(self) -> list[int]:
        """The move count at which each hand after the first was dealt."""
        starts, probe = [], self.final.replay(0)
        for i, text in enumerate(self.final.log):
            before = len(probe.hand_seeds)
            probe.apply(text)
            if len(probe.hand_seeds) > before:
                starts.append(i + 1)
        return starts

    def go(self, upto: int) -> None:
        """Show the match after its first ``upto`` moves (clamped to the match, or to the hand
        under review)."""
        upto = max(self.low, min(self.high, upto))
        if upto == self.upto:
            return
        if upto > self.upto:
            for text in self.final.log[self.upto:upto]:
                self.state.apply(text)
        else:
            self.state = self.final.replay(upto)
        self.upto = upto

    def first(self) -> None:
        self.go(self.low)

    def previous(self) -> None:
        self.go(self.upto - 1)

    def next(self) -> None:
        self.go(self.upto + 1)

    def last(self) -> None:
        self.go(self.high)

    def next_hand(self) -> None:
        self.go(next((s for s in self.hand_starts if s > self.upto), self.total))

    def previous_hand(self) -> None:
        self.go(max((s for s in self.hand_starts if s < self.upto), default=0))

    def play_same_deal(self) -> None:
        """Open this game's setup with the match's table size, options and seed filled in."""
        from ui.scenes.setup import SetupScene

        state = self.final
        setup = SetupScene(self.app, state.GAME_ID)
        setup.take_code(DealCode(state.GAME_ID, state.players, state.options, state.seed))
        self.app.push(setup)

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        tr = self.app.tr
        w, h = self.size
        bh, gap = self.px(46), self.px(10)
        steps = [
            ("|<", self.first, "replay.first"),
            ("<<", self.previous_hand, "replay.previous_hand"),
            ("<", self.previous, "replay.previous"),
            (">", self.next, "replay.next"),
            (">>", self.next_hand, "replay.next_hand"),
            (">|", self.last, "replay.last"),
        ]
        sw = self.px(58)
        wide = self.px(210)
        row = len(steps) * (sw + gap) + (2 if self.seed_public else 1) * (wide + gap)
        x = (w - row) // 2
        y = h - bh - self.px(18)
        for text, action, key in steps:
            self.button(pygame.Rect(x, y, sw, bh), text, action, tooltip=tr(key))
            x += sw + gap
        if self.seed_public:  # its code holds the match seed
            self.button(pygame.Rect(x, y, wide, bh), tr("replay.play_same"), self.play_same_deal)
            x += wide + gap
        self.button(pygame.Rect(x, y, wide, bh), tr("common.back"), self.back, kind="primary_button")

    def initial_focus(self) -> int:
        return 3

    def spoken_title(self) -> str:
        return self.app.tr("replay.heading", game=game_title(self.app, self.final.GAME_ID))

    def spoken_page(self) -> str:
        """The move just played (said again as each step moves), how the hard bot saw it in a
        review, and the review's progress."""
        said = [self.move_line()]
        kind, best = self.verdicts.get(self.upto - 1, ("", ""))
        if kind == SAME:
            said.append(self.app.tr("review.same"))
        elif kind in (CLOSE, OTHER):
            said.append(self.app.tr(f"review.{kind}", move=best))
        if self.review_done:
            said.append(self.review_line())
        return " ".join(sentence(line) for line in said if line)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and not self._typing():
            keys = {
                pygame.K_LEFT: self.previous, pygame.K_RIGHT: self.next,
                pygame.K_HOME: self.first, pygame.K_END: self.last,
                pygame.K_PAGEUP: self.previous_hand, pygame.K_PAGEDOWN: self.next_hand,
            }
            if event.key in keys:
                keys[event.key]()
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ reading
    def zone_label(self, name: str) -> str:
        kind = re.split(r"[:.]", name, maxsplit=1)[0]
        return self.app.tr(f"replay.zone.{kind}") if kind in ZONE_KINDS else name

    def idle(self) -> bool:
        """Nothing moves while the player reads, except verdicts arriving during a review."""
        return super().idle() and (self.review_seat is None or self.review_done)

    def review_line(self) -> str:
        """How the reviewed seat's decisions compare with the hard bot's ("" outside a review)."""
        if self.review_seat is None:
            return ""
        if not self.review_done:
            return self.app.tr("review.thinking", n=len(self.verdicts))
        differ = sum(1 for kind, _ in self.verdicts.values() if kind == OTHER)
        line = self.app.tr("review.summary", n=len(self.verdicts), differ=differ)
        close = sum(1 for kind, _ in self.verdicts.values() if kind == CLOSE)
        return f"{line} {self.app.tr('review.summary_close', n=close)}" if close else line

    def move_line(self) -> str:
        """Where the replay stands: the move just played, or the deal."""
        if self.upto == 0:
            return self.app.tr("replay.at_start", total=self.total)
        return self.app.tr("replay.at_move", n=self.upto, total=self.total, move=" ".join(self.sentences[self.upto - 1]))

    def deal_lines(self) -> list[str]:
        """The hand shown: its number and fingerprint, and its seed checked once the hand is over."""
        deals = self.state.deals()
        if not deals:
            return []
        deal = deals[-1]
        lines = [self.app.tr("replay.deal", hand=deal["hand"], fingerprint=deal["fingerprint"])]
        seed = self.final.hand_seeds[deal["hand"] - 1] if deal["hand"] <= len(self.final.hand_seeds) else None
        if deal["seed"] is None and seed is not None:
            lines.append(self.app.tr("replay.seed_later"))
        elif seed is not None:
            key = "replay.verified" if verify(seed, deal["fingerprint"]) else "replay.not_verified"
            lines.append(self.app.tr(key, seed=seed))
        return lines

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        title = self.app.tr("replay.heading", game=game_title(self.app, self.final.GAME_ID))
        self.draw_heading(surface, title)
        board, panel = self.areas(surface.get_size())
        self._draw_board(surface, board)
        self._draw_panel(surface, panel)
        self.draw_focus(surface)

    def areas(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        """The board (every seat's cards) and the side panel (the move, the list) in a window of ``size``."""
        w, h = size
        top = self.heading_bottom() - self.px(8)
        bottom = h - self.px(46) - self.px(30)
        side = min(self.px(330), w // 4)
        board = pygame.Rect(self.px(20), top, w - side - self.px(50), bottom - top)
        return board, pygame.Rect(board.right + self.px(14), top, side, bottom - top)

    def _shade(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int = 150) -> None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 34, 20, alpha), layer.get_rect(), border_radius=12)
        pygame.draw.rect(layer, (*art.GOLD, 160), layer.get_rect(), width=1, border_radius=12)
        surface.blit(layer, rect)

    def _zones(self) -> tuple[list[tuple[str, list[str]]], list[list[tuple[str, list[str]]]]]:
        """The table's zones and each seat's zones, in the engine's order."""
        table: list[tuple[str, list[str]]] = []
        seats: list[list[tuple[str, list[str]]]] = [[] for _ in range(self.state.players)]
        for name, cards in self.state.card_zones().items():
            seat = seat_of_zone(name)
            (table if seat is None or seat >= len(seats) else seats[seat]).append((name, list(cards)))
        return table, seats

    def _draw_board(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        table, seats = self._zones()
        rows = 1 + len(seats)
        row_h = board.height // rows
        label_font = self.app.font(self.px(15), bold=True)
        small = self.app.font(self.px(13))
        card_w = max(18, min(self.px(64), int((row_h - label_font.get_linesize() - self.px(12)) / 1.4)))
        scores = self.state.scores
        active = self.state.view(None).get("active")
        y = board.top
        self._shade(surface, pygame.Rect(board.left, y, board.width, row_h - self.px(6)), 110)
        self._draw_row(surface, pygame.Rect(board.left + self.px(12), y + self.px(4), board.width - self.px(24),
                                            row_h - self.px(12)), table, card_w, stock_backs=True)
        for seat, zones in enumerate(seats):
            y = board.top + row_h * (seat + 1)
            band = pygame.Rect(board.left, y, board.width, row_h - self.px(6))
            self._shade(surface, band, 170 if seat == active else 120)
            name = f"{self.state.names[seat]} · {scores[seat]}"
            img = label_font.render(name, True, art.GOLD_LIGHT if seat == active else art.CREAM)
            surface.blit(img, (band.left + self.px(12), band.top + self.px(4)))
            if seat == active:
                mark = small.render(self.app.tr("replay.to_play"), True, art.GOLD_LIGHT)
                surface.blit(mark, (band.left + self.px(20) + img.get_width(), band.top + self.px(6)))
            inner = pygame.Rect(band.left + self.px(12), band.top + label_font.get_linesize() + self.px(4),
                                band.width - self.px(24), band.height - label_font.get_linesize() - self.px(8))
            self._draw_row(surface, inner, zones, card_w, labels=False)

    def _draw_row(self, surface: pygame.Surface, area: pygame.Rect, zones: list[tuple[str, list[str]]],
                  card_w: int, stock_backs: bool = False, labels: bool = True) -> None:
        """Zones side by side, each a fan of faces squeezed into its share of the row."""
        small = self.app.font(self.px(13))
        shown = [(n, c) for n, c in zones if c] or zones[:1]
        if not shown:
            return
        weights = [max(1, len(c)) + 2 for _, c in shown]
        total = sum(weights)
        x = area.left
        for (name, cards), weight in zip(shown, weights, strict=True):
            width = area.width * weight // total
            y = area.top
            if labels:
                label = small.render(f"{self.zone_label(name)} ({len(cards)})", True, (200, 216, 196))
                surface.blit(label, (x, y))
                y += small.get_linesize()
            if stock_backs and name == "stock":
                if cards:
                    surface.blit(self.cards.back(card_w), (x, y))
            else:
                step = card_w if len(cards) <= 1 else min(card_w + 4, (width - card_w - 8) / (len(cards) - 1))
                for i, card in enumerate(cards):
                    surface.blit(self.cards.face(card, card_w), (x + int(i * max(step, 4)), y))
            x += width

    def _draw_panel(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        self._shade(surface, panel, 170)
        font = self.app.font(self.px(15))
        bold = self.app.font(self.px(16), bold=True)
        x, y = panel.left + self.px(12), panel.top + self.px(10)
        width = panel.width - self.px(24)
        for line in wrap_text(bold, self.move_line(), width):
            surface.blit(bold.render(line, True, art.GOLD_LIGHT), (x, y))
            y += bold.get_linesize()
        for text in self.deal_lines():
            for line in wrap_text(font, text, width):
                surface.blit(font.render(line, True, art.CREAM), (x, y))
                y += font.get_linesize()
        review = self.review_line()
        if review:
            for line in wrap_text(font, review, width):
                surface.blit(font.render(line, True, art.GOLD_LIGHT), (x, y))
                y += font.get_linesize()
        if self.source:
            for line in wrap_text(font, self.source, width):
                surface.blit(font.render(line, True, (200, 216, 196)), (x, y))
                y += font.get_linesize()
        y += self.px(8)
        pygame.draw.line(surface, art.GOLD, (x, y), (x + width, y))
        y += self.px(6)
        step = font.get_linesize()
        rows = max(1, (panel.bottom - y - self.px(8)) // step)
        lines = {i: self.row_lines(i, bold if i == self.upto - 1 else font, width)
                 for i in range(max(self.low, self.upto - rows), self.high) if i < self.upto + rows}
        start = max(self.low, self.upto - 1)  # the current move, with as many before it as half the rows hold
        while start > self.low and sum(len(lines[i]) for i in range(start - 1, self.upto)) <= rows // 2:
            start -= 1
        for i in range(start, self.high):
            if i not in lines or y + len(lines[i]) * step > panel.bottom - self.px(8):
                break
            current = i == self.upto - 1
            verdict = self.verdicts.get(i)
            colour = REVIEW_DIFFERS if verdict and verdict[0] == OTHER else art.GOLD_LIGHT if current else \
                art.CREAM if i < self.upto else (150, 170, 150)
            for n, line in enumerate(lines[i]):
                surface.blit((bold if current else font).render(line, True, colour), (x + (self.list_indent if n else 0), y))
                y += step

    @property
    def list_indent(self) -> int:
        """How far the list's second and later lines of a move stand in from its first."""
        return self.px(14)

    def row_lines(self, i: int, font: pygame.font.Font, width: int) -> list[str]:
        """Move ``i`` of the list in ``font``, wrapped so that each line fits ``width`` as drawn (the
        later ones indented): its number and sentence, then what the hard bot would have played
        instead or, where its searches were split, that it was a close call (a review), on lines
        of their own rather than cut off."""
        text = f"{i + 1}. {self.sentences[i][0]}"
        kind, best = self.verdicts.get(i, ("", ""))
        if kind == SAME:
            text += "  " + self.app.tr("review.same")
        out = wrap_text(font, text, width - self.list_indent)
        if kind in (CLOSE, OTHER):
            out += wrap_text(font, self.app.tr(f"review.{kind}", move=best), width - self.list_indent)
        return out

    def snapshot(self) -> dict[str, Any]:
        """What the viewer shows, for tests: move number, zones and the deal lines."""
        table, seats = self._zones()
        return {"upto": self.upto, "table": table, "seats": seats, "deal": self.deal_lines()}
