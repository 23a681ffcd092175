"""The match score sheet: every hand of every game, the game bonuses, the shutout doubling, the box
bonuses and the match totals up to the result.

It reads the engine's ``history`` (one entry per hand, common to all games) and, where a game
gives them, the view's ``games`` records (Gin Rummy: bonuses per finished game). With Gin Rummy's
Hollywood scoring (the view's ``hollywood``: three games at once) each player's column is split in
three, one a game, and each hand shows the points it scored in each game. Drawn over the table (a
transparent scene); Esc, Enter or the button goes back.
"""

from __future__ import annotations

from typing import Any

import pygame

from ui.announce import Priority
from ui.games import adapter_class, has_adapter
from ui.games.base import SCORE_PAPER, TableAdapter
from ui.picture.model import Node
from ui.scene import Scene
from ui.session import MatchSession
from ui.spoken import aloud, spoken
from ui.table.layout import PORTRAIT_TEXT, PORTRAIT_UNITS, is_portrait, text_scale
from ui.table.touch import Touch
from ui.table.widgets import GOLD, SEAT_COLOURS, Button, TextCache, layout_buttons

INK = (40, 36, 30)
RED = (150, 36, 40)
GREEN = (30, 100, 56)


class ScoreSheetScene(Scene):
    """The score sheet of ``session``'s match (see the module docstring)."""

    transparent = True

    def __init__(self, app: Any, session: MatchSession) -> None:
        super().__init__(app)
        self.session = session
        self.text = TextCache(app.font)
        self.buttons: list[Button] = []
        self.focus = 0
        self.chart = False
        """Whether the sheet shows the chart of the totals instead of the table."""
        self._surface: pygame.Surface | None = None
        self._key: tuple[Any, ...] | None = None
        self._label = adapter_class(session.game_id).sheet_label if has_adapter(session.game_id) else \
            TableAdapter.sheet_label

    def enter(self) -> None:
        self._surface = None
        over = self.session.state.is_over()
        self.buttons = [Button("back", self.app.tr("sheet.back"), self.app.pop, primary=not over)]
        if getattr(self.app, "browser", False):  # a browser seat (``ui.web``): back to the table, or leave it once over
            if over:
                self.buttons.append(Button("leave", self.app.tr("pause.leave_table"), self.app.pop_to_title,
                                           primary=True))
            return
        if len(self.session.state.history) >= 1:
            self.buttons.append(Button("chart", self.app.tr("sheet.table" if self.chart else "sheet.chart"),
                                       self.toggle_chart))
        if over and self.session.saved:
            self.buttons.append(Button("replay", self.app.tr("sheet.replay"), self.replay))
        self.buttons.append(Button("fair", self.app.tr("sheet.fair_deal"), self.fair_deal))
        if over:
            self.buttons.append(Button("title", self.app.tr("sheet.title_screen"), self.app.pop_to_title, primary=True))
            self.focus = len(self.buttons) - 1
        self.app.announce(" ".join(self.read_out()), Priority.INTERRUPT, "sheet")

    def read_out(self) -> list[str]:
        """The sheet for a player who listens: its title and target, the last hand, each running sum and
        the match total (as the sheet writes them), who won once the match is over, and the button
        the focus is on."""
        tr = self.app.tr
        state = self.session.state
        lines = [_sentence(tr("sheet.title"))]
        target = getattr(state.options, "match_target", None)
        if target and not getattr(state.options, "hollywood", False):
            lines.append(_sentence(tr("sheet.target", n=target)))
        rows = self.rows()
        hands = [i for i, row in enumerate(rows) if row[2] == "hand"]
        for i, (label, cells, style) in enumerate(rows):
            if style in ("sum", "total") or (hands and i == hands[-1]):
                scores = ", ".join(tr("speech.score_item", name=seat.name, points=cell)
                                   for seat, cell in zip(self.session.seats, cells))
                lines.append(aloud(tr("speech.sheet_row", label=label, scores=scores)))
        if state.is_over():
            names = " & ".join(self.session.seats[s].name for s in state.winners())
            lines.append(spoken(self.app, self.session, "sheet.winner", name=names))
        lines.append(tr("speech.focus_button", label=self.buttons[self.focus].label))
        return lines

    def replay(self) -> None:
        """Step through the finished match in the replay viewer, every hand shown."""
        from ui.scenes.replay import ReplayScene

        self.app.push(ReplayScene(self.app, self.session.state))

    def fair_deal(self) -> None:
        """Open the Fair deal panel: each hand's fingerprint and its seed checked once it is over."""
        from ui.scenes.fairdeal import FairDealScene

        self.app.push(FairDealScene(self.app, self.session.state.view(None).get("deals", [])))

    def toggle_chart(self) -> None:
        """Switch between the sheet's table and the chart of every player's total (C)."""
        self.chart = not self.chart
        focus = self.focus
        self.enter()
        self.focus = focus

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_c and any(b.key == "chart" for b in self.buttons):
                self.toggle_chart()
            elif event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
                back = event.key in (pygame.K_LEFT, pygame.K_UP) or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.focus = (self.focus + (-1 if back else 1)) % len(self.buttons)
                self._surface = None
                self.app.announce(self.app.tr("speech.focus_button", label=self.buttons[self.focus].label),
                                  Priority.POLITE, "focus")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
            return True
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                hover = b.rect.collidepoint(event.pos)
                if hover != b.hover:
                    b.hover = hover
                    self._surface = None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.action()
                    return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def resize(self, size: tuple[int, int]) -> None:
        self._surface = None

    def draw(self, surface: pygame.Surface) -> None:
        key = (surface.get_size(), self.app.settings.language, self.app.settings.ui_scale,
               len(self.session.state.history), self.focus, self.chart)
        if self._surface is None or key != self._key:
            self._surface = self._render(surface.get_size())
            self._key = key
        surface.blit(self._surface, (0, 0))

    # ------------------------------------------------------------------ content
    def series(self) -> list[list[int]]:
        """Each seat's total after each hand or round: the game's running score where the game keeps
        one (Gin Rummy, within each game to 100), else the sum of the points so far."""
        state = self.session.state
        totals = [0] * state.players
        out: list[list[int]] = [[0] for _ in range(state.players)]
        for entry in state.history:
            if "game_scores" in entry:
                totals = [int(x) for x in entry["game_scores"]]
            else:
                totals = [t + int(p) for t, p in zip(totals, entry["points"])]
            for seat in range(state.players):
                out[seat].append(totals[seat])
        return out

    def rows(self) -> list[tuple[str, list[str], str]]:
        """The sheet as (label, one cell per seat, style) rows; style is ``head``, ``hand``, ``sum`` or ``total``."""
        tr, num = self.app.tr, self.app.number
        state = self.session.state
        view = state.view(None)
        if view.get("hollywood"):
            return self._hollywood_rows(view)
        # Gin Rummy: only a hand's winner scores, the others' cells say so with a dash; elsewhere a 0
        # is a score like any other (LaGagne's game, a Gang de mouettes round)
        lone_scorer = "game_scores" in view
        seats = range(state.players)
        games = {g["game"]: g for g in view.get("games") or []}
        out: list[tuple[str, list[str], str]] = []
        current: Any = object()
        for entry in state.history:
            game = entry.get("game")
            if game != current:
                if current in games:
                    out.extend(self._game_summary(games[current]))
                current = game
                if game is not None:
                    out.append((tr("sheet.game", n=game), ["" for _ in seats], "head"))
            kind = entry.get("kind")
            label = self._label(entry, state.names, tr) or tr("sheet.hand") + f" {entry.get('hand', len(out))}"
            if kind:
                label += f" · {tr(f'sheet.kind.{kind}')}"
            cells = [num(p) if p or not lone_scorer else "–" for p in entry["points"]]
            out.append((label, cells, "hand"))
        if current in games:
            out.extend(self._game_summary(games[current]))
        elif state.history and "game_scores" in view:
            out.append((tr("sheet.running"), [num(x) for x in view["game_scores"]], "sum"))
        out.append((tr("sheet.match_total"), [num(x) for x in state.scores], "total"))
        return out

    def _hollywood_rows(self, view: dict[str, Any]) -> list[tuple[str, list[str], str]]:
        """Hollywood scoring: three cells a seat (games 1, 2, 3, seat by seat) on every row, each
        game's bonuses once it is over, then the match totals."""
        tr, num = self.app.tr, self.app.number
        state = self.session.state
        pairs = [(s, g["game"]) for s in range(state.players) for g in view["hollywood"]]
        scores = {g["game"]: g["scores"] for g in view["hollywood"]}
        records = {g["game"]: g for g in view.get("games") or []}
        out: list[tuple[str, list[str], str]] = [(tr("sheet.games"), [str(g) for _, g in pairs], "head")]
        for entry in state.history:
            label = self._label(entry, state.names, tr) or tr("sheet.hand") + f" {entry.get('hand', len(out))}"
            kind = entry.get("kind")
            if kind:
                label += f" · {tr(f'sheet.kind.{kind}')}"
            scored = entry.get("hollywood") or []
            points = entry["points"]
            out.append((label, [num(points[s]) if g in scored and points[s] else "–" for s, g in pairs], "hand"))
        out.append((tr("sheet.game_points"), [num(scores[g][s]) for s, g in pairs], "sum"))
        if records:
            won = [records[g] if g in records and records[g]["winner"] == s else None for s, g in pairs]
            out.append((tr("sheet.game_bonus"), [f"+{num(r['game_bonus'])}" if r else "" for r in won], "hand"))
            if any(r["doubled"] for r in records.values()):
                out.append((tr("sheet.shutout"), ["×2" if r and r["doubled"] else "" for r in won], "hand"))
            box = [records[g]["box"][s] if g in records else 0 for s, g in pairs]
            out.append((tr("sheet.box"), [f"+{num(b)}" if b else "" for b in box], "hand"))
            out.append((tr("sheet.game_total"), [num(records[g]["totals"][s]) if g in records else ""
                                                 for s, g in pairs], "sum"))
        out.append((tr("sheet.match_total"), [num(x) for x in state.scores], "total"))
        return out

    def _game_summary(self, g: dict[str, Any]) -> list[tuple[str, list[str], str]]:
        tr = self.app.tr
        n = len(g["points"])
        winner = g["winner"]
        num = self.app.number
        rows = [(tr("sheet.game_points"), [num(p) for p in g["points"]], "sum")]
        rows.append((tr("sheet.game_bonus"), [f"+{num(g['game_bonus'])}" if s == winner else "" for s in range(n)], "hand"))
        if g.get("doubled"):
            rows.append((tr("sheet.shutout"), ["×2" if s == winner else "" for s in range(n)], "hand"))
        rows.append((tr("sheet.box"), [f"+{num(b)}" if b else "" for b in g["box"]], "hand"))
        rows.append((tr("sheet.game_total"), [num(t) for t in g["totals"]], "sum"))
        return rows

    def frame(self, size: tuple[int, int]) -> dict[str, Any]:
        """Where everything of the sheet goes in a window of ``size``, the one geometry ``draw`` and
        ``picture_nodes`` share: the sheet, the text unit, the title and its line under it (the
        target), the players' names over their columns, the rows that fit (the latest) with their
        tops, the winner's line and the buttons' bar (the buttons are laid out in it)."""
        tr = self.app.tr
        state = self.session.state
        w, h = size
        scale = text_scale(size, self.app.settings.ui_scale)
        grow = 1 + 0.4 * (scale - 1)
        portrait = is_portrait(size)
        if portrait:  # a phone held upright: the whole width, and the upright table's text size
            sheet = pygame.Rect(0, 0, round(w * 0.96), round(h * 0.88))
            unit = min(w / PORTRAIT_UNITS[0], h / PORTRAIT_UNITS[1]) * PORTRAIT_TEXT * scale
        else:
            sheet = pygame.Rect(0, 0, min(round(w * min(0.94, 0.7 * grow)), round(980 * grow)), round(h * 0.88))
            unit = min(w / 16, h / 10) * scale  # the table's em: its text at the interface size
        sheet.center = (w // 2, h // 2)
        title_size = round(unit * 0.5)
        y = sheet.y + round(unit * 0.25) + self.text.font(title_size, True).size(tr("sheet.title"))[1]
        target = getattr(state.options, "match_target", None)
        sub: tuple[str, int, int] | None = None
        if getattr(state.options, "hollywood", False):
            sub = (tr("sheet.hollywood", n=state.options.game_target), round(unit * 0.26), y)
        elif target:
            sub = (tr("sheet.target", n=target), round(unit * 0.26), y)
        if sub is not None:
            y += self.text.font(sub[1]).size(sub[0])[1]
        y += round(unit * 0.2)
        label_w = round(sheet.w * (0.3 if portrait else 0.42))
        col_w = (sheet.w - label_w - round(unit * 0.8)) // max(1, state.players)
        left = sheet.x + round(unit * 0.4)
        size_txt = round(unit * 0.26)
        line_h = round(size_txt * 1.45)
        names_y, names_size = y, size_txt
        if not self.chart:  # the chart's legend names the players itself
            y += line_h
        bottom = sheet.bottom - round(unit * 1.6)
        rows: list[tuple[str, list[str], str, int]] = []
        top = y
        if not self.chart:
            found = self.rows()
            if len(found) * line_h > bottom - y:
                size_txt = max(11, int((bottom - y) / len(found) / 1.45))
                line_h = round(size_txt * 1.45)
            fit = max(1, (bottom - y) // line_h)
            for label, cells, style in found[-fit:]:
                rows.append((label, cells, style, y))
                y += line_h
        winner = None
        if state.is_over():
            names = " & ".join(self.session.seats[s].name for s in state.winners())
            winner = spoken(self.app, self.session, "sheet.winner", name=names)
        bar = pygame.Rect(sheet.x + 20, sheet.bottom - round(unit * 0.85), sheet.w - 40, round(unit * 0.62))
        layout_buttons(self.buttons, self.text, bar)
        return {"portrait": portrait, "sheet": sheet, "unit": unit, "title_size": title_size, "sub": sub, "label_w": label_w,
                "col_w": col_w, "left": left, "size_txt": size_txt, "line_h": line_h, "names_y": names_y, "names_size": names_size,
                "top": top, "bottom": bottom, "rows": rows, "winner": winner, "bar": bar}

    def _name(self, name: str, frame: dict[str, Any]) -> str:
        """A player's name over their column: whole where it fits at no less than 10 px, else its
        first letters that fit ("Chl"), or its initial and number if it ends with one ("P8"): eight
        seats on a phone shrank the names until they ran into each other, and an ellipsis left "…"."""
        room, low = frame["col_w"] - 8, min(frame["names_size"], 10)
        if self.text.width(name, low, True) <= room:
            return name
        head, _, number = name.rpartition(" ")
        if number.isdigit() and head:  # "Player 8": its number tells it from the others
            return head[:1] + number
        for n in range(len(name) - 1, 1, -1):
            if self.text.width(name[:n].rstrip(), low, True) <= room:
                return name[:n].rstrip()
        return name[:1]

    def _row_label(self, label: str, frame: dict[str, Any], bold: bool) -> str:
        """A row's label in its column: as ``cut`` shows it; upright, where the whole label does not fit
        at the rows' size, its first part ("Round 1" of "Round 1 · Ann called, lowest"), which does
        (a phone's narrow column cut it to 10 px)."""
        room, size = frame["label_w"] - 8, frame["size_txt"]
        head = label.split(" · ")[0]
        if frame["portrait"] and head != label and self.text.width(label, size, bold) > room:
            return self.text.cut(head, size, room, bold, smallest=size)
        return self.text.cut(label, size, room, bold)

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        tr = self.app.tr
        state = self.session.state
        frame = self.frame(size)
        layer = pygame.Surface(size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, 150))
        sheet, unit = frame["sheet"], frame["unit"]
        pygame.draw.rect(layer, (0, 0, 0, 120), sheet.move(0, 8), border_radius=16)
        pygame.draw.rect(layer, SCORE_PAPER, sheet, border_radius=16)
        pygame.draw.rect(layer, GOLD, sheet, 3, border_radius=16)
        title = self.text.render(tr("sheet.title"), frame["title_size"], RED, bold=True)
        layer.blit(title, title.get_rect(midtop=(sheet.centerx, sheet.y + round(unit * 0.25))))
        if frame["sub"] is not None:
            words, at, y = frame["sub"]
            sub = self.text.render(words, at, INK)
            layer.blit(sub, sub.get_rect(midtop=(sheet.centerx, y)))
        label_w, col_w, left = frame["label_w"], frame["col_w"], frame["left"]
        size_txt = frame["size_txt"]
        if not self.chart:
            for s, seat in enumerate(self.session.seats):
                name = self.text.fit(self._name(seat.name, frame), frame["names_size"], col_w - 8, INK, bold=True)
                layer.blit(name, name.get_rect(midtop=(left + label_w + col_w * s + col_w // 2, frame["names_y"])))
            pygame.draw.line(layer, GOLD, (left, frame["top"] - 3), (sheet.right - round(unit * 0.4), frame["top"] - 3), 2)
        if self.chart:
            area = pygame.Rect(left, frame["names_y"], sheet.right - round(unit * 0.4) - left,
                               frame["bottom"] - frame["names_y"])
            self._draw_chart(layer, area, round(unit * 0.26))
            return self._finish(layer, frame)
        for label, cells, style, y in frame["rows"]:
            bold = style in ("head", "sum", "total")
            colour = RED if style == "head" else GREEN if style == "total" else INK
            if style in ("sum", "total"):
                pygame.draw.line(layer, (200, 184, 140), (left, y), (sheet.right - round(unit * 0.4), y), 1)
            img = self.text.fit(self._row_label(label, frame, bold), size_txt, label_w - 8, colour, bold=bold)
            layer.blit(img, (left, y + 2))
            split = max(1, len(cells) // max(1, state.players))  # cells a seat: 3 in Hollywood scoring
            for i, cell in enumerate(cells):
                if cell:
                    img = self.text.render(cell, size_txt, colour, bold=bold)
                    x = left + label_w + col_w * (i // split) + round(col_w * (i % split + 0.5) / split)
                    layer.blit(img, img.get_rect(midtop=(x, y + 2)))
        return self._finish(layer, frame)

    def _finish(self, layer: pygame.Surface, frame: dict[str, Any]) -> pygame.Surface:
        """The winner's line and the buttons under the sheet."""
        sheet, unit = frame["sheet"], frame["unit"]
        if frame["winner"] is not None:
            img = self.text.render(frame["winner"], round(unit * 0.38), RED, bold=True)
            layer.blit(img, img.get_rect(midbottom=(sheet.centerx, sheet.bottom - round(unit * 1.05))))
        for i, b in enumerate(self.buttons):
            b.draw(layer, self.text, i == self.focus)
        return layer

    def picture_nodes(self, depth: int) -> list[Node]:
        """The sheet as nodes of the table's picture (``ui.picture``) from ``depth`` up, from the
        geometry ``draw`` uses (``frame``): for a renderer of pictures (a browser seat, ``ui.web``).
        A row's nodes are named by its style (``head``, ``hand``, ``sum``, ``total``) and place."""
        tr = self.app.tr
        size = self.app.screen.get_size()
        frame = self.frame(size)
        sheet, unit = frame["sheet"], frame["unit"]
        title = tr("sheet.title")
        nodes = [Node("sheet:shade", "panel", (0, 0, *size), depth, state=frozenset({"dimmed"}), group="overlay"),
                 Node("sheet", "panel", _rect(sheet), depth + 1, role="dialog", label=title, group="sheet")]

        def text(ident: str, words: str, at: int, bold: bool, x: int, y: int, room: int, align: str = "centre") -> None:
            fitted = self.text.fitting_size(words, at, room, bold)
            w, h = self.text.font(fitted, bold).size(words)
            left = x - w // 2 - 1 if align == "centre" else x
            nodes.append(Node(ident, "text", (left, y, w + 2, h), depth + 2, words, parent="sheet", text_size=fitted,
                              bold=bold))

        text("sheet:title", title, frame["title_size"], True, sheet.centerx, sheet.y + round(unit * 0.25), sheet.w - 40)
        if frame["sub"] is not None:
            words, at, y = frame["sub"]
            text("sheet:target", words, at, False, sheet.centerx, y, sheet.w - 40)
        label_w, col_w, left, size_txt = frame["label_w"], frame["col_w"], frame["left"], frame["size_txt"]
        for s, seat in enumerate(self.session.seats):
            text(f"sheet:name:{s}", self._name(seat.name, frame), frame["names_size"], True,
                 left + label_w + col_w * s + col_w // 2, frame["names_y"], col_w - 8)
        players = max(1, self.session.state.players)
        first = len(self.rows()) - len(frame["rows"])
        for n, (label, cells, style, y) in enumerate(frame["rows"], start=first):
            bold = style in ("head", "sum", "total")
            text(f"sheet:{style}:{n}:label", self._row_label(label, frame, bold), size_txt, bold, left, y + 2, label_w - 8,
                 align="left")
            split = max(1, len(cells) // players)
            for i, cell in enumerate(cells):
                if cell:
                    x = left + label_w + col_w * (i // split) + round(col_w * (i % split + 0.5) / split)
                    text(f"sheet:{style}:{n}:{i}", cell, size_txt, bold, x, y + 2, col_w // split)
        if frame["winner"] is not None:
            at = round(unit * 0.38)
            h = self.text.font(at, True).size(frame["winner"])[1]
            text("sheet:winner", frame["winner"], at, True, sheet.centerx, sheet.bottom - round(unit * 1.05) - h,
                 sheet.w - 40)
        for b in self.buttons:
            nodes.append(Node(f"sheet:button:{b.key}", "button", _rect(b.rect), depth + 3,
                              "\n".join(b.lines) or b.label, frozenset({"primary"}) if b.primary else frozenset(),
                              "button", b.label, text_size=b.text_size or round(b.rect.h * 0.42), bold=True))
        return nodes

    def touches(self) -> dict[str, Touch]:
        """Each button of the sheet does what it does on the desktop."""
        return {f"sheet:button:{b.key}": Touch(b.action) for b in self.buttons}

    def chart_caption(self) -> str:
        """What the chart plots, in a sentence: a Gin Rummy line is the score of the game to 100 under
        way (it starts again at 0 with each game, and the match total adds bonuses), not the match total."""
        state = self.session.state
        return self.app.tr(f"sheet.chart_caption.{self.session.game_id}",
                           target=getattr(state.options, "game_target", ""))

    def _draw_chart(self, layer: pygame.Surface, area: pygame.Rect, size_txt: int) -> None:
        """Every player's total after each hand or round: one line a seat in its seat colour, each
        with its own marker shape (told apart without colour), the names as a legend."""
        series = self.series()
        names = [seat.name for seat in self.session.seats]
        legend_h = round(size_txt * 1.6)
        plot = pygame.Rect(area.x + round(size_txt * 3), area.y + legend_h, area.w - round(size_txt * 3.5),
                           area.h - legend_h - round(size_txt * 4.8))
        caption = self.text.block(self.chart_caption(), size_txt, area.w, round(size_txt * 3), INK)
        layer.blit(caption, caption.get_rect(midbottom=(area.centerx, area.bottom)))
        low = min(0, *(min(line) for line in series))
        high = max(1, *(max(line) for line in series))
        steps = max(1, len(series[0]) - 1)

        def point(i: int, value: int) -> tuple[int, int]:
            return (plot.x + round(plot.w * i / steps), plot.bottom - round(plot.h * (value - low) / (high - low)))

        pygame.draw.line(layer, INK, plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(layer, INK, plot.bottomleft, plot.topleft, 2)
        for value in sorted({low, 0, high}):
            y = point(0, value)[1]
            pygame.draw.line(layer, (210, 198, 166), (plot.x, y), (plot.right, y), 1)
            img = self.text.render(self.app.number(value), size_txt, INK)
            layer.blit(img, img.get_rect(midright=(plot.x - 6, y)))
        for i in range(0, steps + 1, max(1, steps // 10)):
            img = self.text.render(str(i), size_txt, INK)
            layer.blit(img, img.get_rect(midtop=(point(i, low)[0], plot.bottom + 4)))
        x = area.x
        for seat, line in enumerate(series):
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            points = [point(i, v) for i, v in enumerate(line)]
            if len(points) > 1:
                pygame.draw.lines(layer, colour, False, points, 3)
            for p in points:
                _marker(layer, seat, p, max(4, size_txt // 3), colour)
            _marker(layer, seat, (x + 8, area.y + legend_h // 2), max(4, size_txt // 3), colour)
            img = self.text.fit(f"{names[seat]} {line[-1]}", size_txt, area.w // max(1, len(series)) - 24, INK, bold=True)
            layer.blit(img, (x + 20, area.y + (legend_h - img.get_height()) // 2))
            x += area.w // max(1, len(series))


def _rect(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (int(rect.x), int(rect.y), int(rect.w), int(rect.h))


def _sentence(text: str) -> str:
    """A heading said as a sentence: with a full stop, so that the voice pauses after it."""
    return text + "." if text and text[-1].isalnum() else text


def _marker(surface: pygame.Surface, seat: int, at: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
    """A point of ``seat``'s line: circle, square, triangle, diamond, … (one shape a seat)."""
    x, y = at
    shape = seat % 4
    if shape == 0:
        pygame.draw.circle(surface, colour, at, r)
    elif shape == 1:
        pygame.draw.rect(surface, colour, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    elif shape == 2:
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x - r - 1, y + r), (x + r + 1, y + r)])
    else:
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
    if seat >= 4:  # the second four seats: hollow shapes
        pygame.draw.circle(surface, SCORE_PAPER, at, max(1, r // 2))

