"""The part of the table that differs between games: a ``TableAdapter``.

The generic table (``ui.table.scene.TableScene``) draws the felt, the seats, the piles and the
cards, animates the engine's events, runs bots, drag and drop, keyboard focus and pass-and-play.
It asks the game's adapter which zones exist and where their cards go, what a drag, a click or a
button does (always one of the engine's legal ``Move``s, or a purely visual local action such as
reordering the hand), how to put a move into words for the log, and what extra to draw (melds,
counters, a score card). An adapter never decides a rule: it reads ``legal_moves`` and the view.

A new game plugs in by writing ``ui/games/<game_id>.py`` with a subclass of ``TableAdapter`` named
``Adapter`` (found by ``ui.games.adapter_class``). The essentials:

- ``zones(view)``: every zone and its cards in display order, ``None`` for a card the viewer may not
  see; all zones together hold every card of the deck (each card is one sprite). Zone names follow
  the engine's events (``stock``, ``discard``, ``hand:<seat>``, ``meld:<seat>:<i>``…): the table moves
  one sprite per event from ``src`` to ``dst`` (staggered, in event order), then reconciles every
  zone with ``zones(view)`` by card text.
- ``place(zone, count, view, layout)``: top-left and width of each card (``TableLayout`` gives the
  seat spots around the felt, the piles and helpers such as ``fan``).
- input, declared: ``card`` says once, for one card in the zone and phase it is in, what every
  gesture on it does (``CardGestures``: the click, the double click and Enter, the drops with their
  targets, the drops the engine's ``refusal`` explains, the keyboard focus, Shift+arrows);
  ``buttons`` the buttons; ``status`` the top bar's line. On each refresh ``gestures`` gathers them
  into one immutable ``Gestures`` table (``ui.table.gestures``), and the table's input derives from
  it alone what may be dragged, focused, dropped on and clicked.
- words: ``describe`` (log lines), ``seat_note`` (name plates), ``word_params`` (engine message
  parameters made readable).
- drawing: ``draw_under`` is cached with the resting cards and redrawn only when the view, the
  selection or the resting cards change, so it must depend on nothing else; anything that moves
  by itself (a countdown) goes in ``draw_over`` and ``idle`` returns False while it moves.
- visual timers and turn marks: ``tick`` (e.g. how long a looked-at card stays face up), ``turn_seats``.
  Who may act when, bots, quick-discard windows and grace times are the referee's
  (``table.driver``, the match driver of ``ui.table.match``): an adapter reads its clocks to draw them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

from game.core import Event, Move
from game.core.views import CoreView
from ui.picture.model import Node
from ui.spoken import spoken
from ui.table.gestures import NOTHING, ButtonSpec, CardGestures, Gestures
from ui.table.ink import Ink
from ui.table.layout import TableLayout
from ui.table.widgets import GOLD

if TYPE_CHECKING:
    from game.core import IllegalMove
    from game.core.state import GameState
    from ui.app import App
    from ui.cards import CardArt
    from ui.session import MatchSession
    from ui.table.match import MatchDriver
    from ui.table.sprites import CardSprite
    from ui.table.widgets import Button, TextCache

T = TypeVar("T")


def present(value: T | None, what: str) -> T:
    """A view entry that the phase guarantees (the give of a give phase, the active seat during a
    turn): the value itself, or an error naming the entry if the engine ever broke that promise."""
    if value is None:
        raise ValueError(f"the view has no {what} in this phase")
    return value


class ArgumentPicker:
    """Clicks fill a move's arguments left to right, from the engine's legal moves only.

    The adapter starts a picker for the moves it is building (``names``: ``look``, ``steal``…) and
    feeds it one word per click (a slot, a seat, a column). The picker never knows a rule: it keeps
    the legal moves whose first arguments are the words picked so far.

    >>> legal = [Move("steal 0 1.2", 0), Move("steal 0 1.3", 0), Move("steal 1 1.2", 0), Move("draw", 0)]
    >>> p = ArgumentPicker(legal, {"steal"})
    >>> p.options()
    ['0', '1']
    >>> p.pick("1")
    Move(action='steal 1 1.2', seat=0)
    >>> p = ArgumentPicker(legal, {"steal"}); p.pick("0") is None, p.options()
    (True, ['1.2', '1.3'])
    >>> p.pick("9") is None, p.refused
    (True, True)
    >>> p.would_play("1.3"), p.words
    (Move(action='steal 0 1.3', seat=0), ['0'])
    """

    def __init__(self, legal: list[Move], names: set[str] | frozenset[str]) -> None:
        self.moves = [m for m in legal if m.name in names]
        self.words: list[str] = []
        self.refused = False
        """Whether the last word picked matched no legal move (the picker kept its words)."""

    def candidates(self) -> list[Move]:
        """The legal moves that start with the words picked so far."""
        n = len(self.words)
        return [m for m in self.moves if list(m.args[:n]) == self.words]

    def options(self) -> list[str]:
        """The words that may be picked next, in the engine's order."""
        n = len(self.words)
        return list(dict.fromkeys(m.args[n] for m in self.candidates() if len(m.args) > n))

    def accepts(self, word: str) -> bool:
        """Whether ``word`` may be picked next."""
        return word in self.options()

    def would_play(self, word: str) -> Move | None:
        """The move that picking ``word`` would complete, without picking it."""
        if not self.accepts(word):
            return None
        n = len(self.words)
        left = [m for m in self.candidates() if m.args[n] == word]
        return left[0] if len(left) == 1 else None

    def pick(self, word: str) -> Move | None:
        """Add ``word``; the move when exactly one legal move is left, else ``None``."""
        if not self.accepts(word):
            self.refused = True
            return None
        self.refused = False
        self.words.append(word)
        left = self.candidates()
        return left[0] if len(left) == 1 else None

    def complete(self) -> list[Move]:
        """The moves whose arguments are exactly the words picked (to offer as buttons)."""
        return [m for m in self.candidates() if len(m.args) == len(self.words)]


SCORE_PAPER = (250, 244, 226)
SCORE_TITLE = (120, 30, 36)
SCORE_WIN = (30, 90, 50)
"""The score cards' paper, title and winner colours, the same in every game."""


class TableContext(Protocol):
    """What an adapter may read of the table and ask of it: the viewer and the view, the layout and
    the sprites, text and card art, a few commands (say, select, explain, show the score sheet).
    ``TableScene`` is one; an adapter never reaches anything else of the scene."""

    app: App
    session: MatchSession
    state: GameState
    sprites: list[CardSprite]
    buttons: list[Button]
    selected: str | None
    text: TextCache
    art: CardArt
    gestures: Gestures

    @property
    def viewer(self) -> int | None: ...
    @property
    def view(self) -> dict[str, Any]: ...
    @property
    def legal(self) -> list[Move]: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def driver(self) -> MatchDriver: ...
    @property
    def animating(self) -> bool: ...
    def say(self, text: str, about: list[CardSprite] | None = None, kind: str = "refusal") -> None: ...
    def select(self, card: str | None) -> None: ...
    def explain(self, exc: IllegalMove) -> str: ...
    def recheck_viewer(self) -> None: ...
    def table_changed(self) -> None: ...
    def show_score_sheet(self) -> None: ...
    def review_hand(self) -> None: ...
    def play(self, move: Move) -> bool: ...
    def update(self, dt: float) -> None: ...
    def idle(self) -> bool: ...


V = TypeVar("V", bound=CoreView)
"""The game's view type (``game.<id>.views``): every hook reads the view as its game types it."""


class TableAdapter(Generic[V]):
    """Game-specific table behaviour; subclasses override what their game needs."""

    game_id: str = ""
    hand_depth: float = 1.0
    """How many card heights the viewer's own cards take along the bottom of an upright window
    (``TableLayout``): one row of a hand by default."""

    def __init__(self, table: TableContext) -> None:
        self.table = table
        self.app = table.app

    def tr(self, key: str, **params: Any) -> str:
        """A sentence in the player's language, spoken to the player where it is about them (see
        ``spoken``)."""
        return spoken(self.app, self.table.session, key, **params)

    # ------------------------------------------------------------------ cards and zones
    def zones(self, view: V) -> dict[str, list[str | None]]:
        """Every zone on the table and its cards in display order (``None``: not known to the viewer).

        All zones together hold every card of the game, so each card has exactly one sprite.
        """
        raise NotImplementedError

    def face_up(self, zone: str, view: V) -> bool:
        """Whether the known cards of ``zone`` are shown face up."""
        return zone != "stock"

    def place(self, zone: str, count: int, view: V, layout: TableLayout) -> list[tuple[float, float, int]]:
        """Top-left and width of each card of ``zone``."""
        if zone == "stock":
            x, y = layout.stock_pos
            return [(x + dx, y + dy, layout.pile_w)
                    for dx, dy in (layout.pile_offset(i, layout.pile_w) for i in range(count))]
        if zone == "discard":
            x, y = layout.discard_pos
            return [(x + dx, y + dy, layout.pile_w)
                    for dx, dy in (layout.pile_offset(i, layout.pile_w) for i in range(count))]
        if zone.startswith("hand:"):
            seat = int(zone.split(":")[1])
            spot = layout.seats[seat]
            if spot.bottom:
                span = layout.hand_span
                return [(x, y, layout.card_w) for x, y in layout.fan(spot.cards, count, layout.card_w, span, 0.5)]
            span = layout.unit * 4.6
            return [(x, y, layout.small_w) for x, y in layout.fan(spot.cards, count, layout.small_w, span, 0.3)]
        raise ValueError(f"the adapter of {self.game_id} does not place zone {zone!r}")

    def zone_rank(self, zone: str) -> int:
        """Drawing order of zones (higher is drawn later, on top)."""
        return {"stock": 0, "discard": 1}.get(zone.split(":")[0], 5)

    def deal_order(self, zones: dict[str, list[str | None]]) -> list[tuple[str, int]]:
        """The order cards fly out of the stock when a hand is dealt (one card per hand in turn)."""
        hands = [z for z in zones if z.startswith("hand:")]
        longest = max((len(zones[z]) for z in hands), default=0)
        order = [(z, i) for i in range(longest) for z in hands if i < len(zones[z])]
        order += [(z, i) for z, cards in zones.items() if not z.startswith("hand:") and z != "stock"
                  for i in range(len(cards))]
        return order

    def hand_order(self, seat: int, cards: list[str]) -> list[str]:
        """The viewer's own hand as the player arranged it (the engine's order by default)."""
        return cards

    # ------------------------------------------------------------------ input
    def gestures(self, view: V, legal: list[Move]) -> Gestures:
        """Everything the viewer may do now, in one immutable table: each card's gestures, the
        buttons and the status line (the table's input reads nothing else until the next refresh)."""
        cards = {s.ident: g for s in self.table.sprites if (g := self.card(s, view, legal)) != NOTHING}
        return Gestures(cards, tuple(self.buttons(view, legal)), self.status(view, legal))

    def card(self, sprite: CardSprite, view: V, legal: list[Move]) -> CardGestures:
        """What each gesture on ``sprite`` does now, decided once for its zone and the phase."""
        return NOTHING

    def buttons(self, view: V, legal: list[Move]) -> list[ButtonSpec]:
        """The buttons shown now, in the bar's order."""
        return []

    def score_card(self, surface: Ink, box: pygame.Rect, title: str, size: int, top: int) -> None:
        """The paper of a hand's or game's score card in ``box``: shadow, gold frame and ``title``
        (``size`` pixels high, ``top`` below the edge); the game writes its rows on it."""
        surface.rect((0, 0, 0), box.move(0, 6), border_radius=14)
        surface.rect(SCORE_PAPER, box, border_radius=14)
        surface.rect(GOLD, box, 3, border_radius=14)
        img = self.table.text.fit(title, size, box.w - 30, SCORE_TITLE, bold=True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + top)))

    def score_card_end(self, surface: Ink, box: pygame.Rect, y: int, rule: int, conclusion: str, size: int,
                       gap: int) -> None:
        """A score card's last line under its rows (which end at ``y``): a gold rule ``rule`` pixels
        down, then ``conclusion`` in the winners' green, ``gap`` pixels below ``y``."""
        surface.line(GOLD, (box.x + 20, y + rule), (box.right - 20, y + rule), 1)
        img = self.table.text.fit(conclusion, size, box.w - 30, SCORE_WIN, bold=True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y + gap)))

    def score_words(self, ident: str, box: pygame.Rect, words: str, size: int, top: int, depth: int,
                    part: str = "title") -> Node:
        """A line of words centred on a score card (its ``title`` as ``score_card`` writes it, its
        conclusion, ``end``, as ``score_card_end`` does), as a node of the picture: ``top`` pixels
        down from the card's edge, at the size it is fitted to (a renderer of pictures writes it)."""
        text = self.table.text
        fitted = text.fitting_size(words, size, box.w - 30, True)
        w, h = text.font(fitted, True).size(words)
        w = min(w, box.w - 30)  # on the card even where the smallest size is too wide (a narrow window)
        return Node(f"{ident}:{part}", "text", (box.centerx - w // 2, box.y + top, w, h), depth, words, parent=ident,
                    covers=frozenset({"stock", "discard"}), text_size=fitted, bold=True)

    def score_row(self, ident: str, box: pygame.Rect, y: int, margin: int, words: tuple[str, str], size: int,
                  rooms: tuple[int, int], depth: int, bold: tuple[bool, bool] = (False, True)) -> list[Node]:
        """A row of a score card as nodes: its label at the left ``margin`` and its value flush right,
        at ``y``, each fitted to its room (as the game draws them)."""
        text = self.table.text
        nodes = []
        for n, (said, room, heavy) in enumerate(zip(words, rooms, bold)):
            fitted = text.fitting_size(said, size, room, heavy)
            w, h = text.font(fitted, heavy).size(said)
            x = box.x + margin if n == 0 else box.right - margin - w
            nodes.append(Node(f"{ident}:{'label' if n == 0 else 'value'}", "text", (x, y, w, h), depth, said,
                              parent=ident.split(":")[0], covers=frozenset({"stock", "discard"}), text_size=fitted,
                              bold=heavy))
        return nodes

    def apart_place(self, layout: TableLayout) -> tuple[tuple[float, float], list[pygame.Rect]]:
        """Where a button kept apart (``ButtonSpec.apart``: a move that cannot be taken back) would best
        stand, its bottom middle (over the piles, in the middle: the other buttons stand under them),
        and what of the game's it must stay clear of besides the cards, the plates and the buttons."""
        return (layout.centre[0], layout.stock_pos[1] - layout.unit * 0.3), []

    def reopen(self, kept: object) -> bool:
        """Open again a panel of the game's that a browser seat had open when its connection dropped
        (what the panel's ``kept()`` gave), if it still makes sense; False: none is opened."""
        return False

    def button_bar(self, layout: TableLayout) -> pygame.Rect:
        """Where the main buttons go (a game whose cards fill the usual bar moves it)."""
        return layout.button_bar

    def fits(self, layout: TableLayout) -> bool:
        """Whether the cards of ``layout`` leave the main buttons their room (else the table tries
        smaller cards): by default, the piles in the middle stay clear of the button bar and of the
        name plates (a crowded table's top plate comes down towards them, big text makes it larger);
        upright, the other seats' plates keep their size on their arc (the viewer's cards, which take
        the height, give up some room rather than the plates their words)."""
        sx, sy = layout.stock_pos
        dx, _ = layout.discard_pos
        piles = pygame.Rect(round(sx), round(sy), round(dx + layout.pile_w - sx), layout.pile_h)
        room = piles.inflate(0, round(layout.unit * 0.2))
        whole = not layout.portrait or layout.plate_em >= layout.em
        return (whole and not room.colliderect(self.button_bar(layout))
                and room.collidelist([s.plate for s in layout.seats]) == -1)

    # ------------------------------------------------------------------ visual timers
    def tick(self, dt: float) -> None:
        """Called every frame: the adapter's own visual timers (a card shown face up for a moment).
        Rules and timing — whose turn, windows, grace, bots — belong to the referee."""

    # ------------------------------------------------------------------ words
    def status(self, view: V, legal: list[Move]) -> str:
        """One line telling the viewer what happens now."""
        return ""

    def idle(self) -> bool:
        """Whether the adapter draws nothing that moves by itself (a game's own countdown would)."""
        return True

    def assisted(self) -> bool:
        """Whether an aid the game shows is on (a memory aid), making the match assisted."""
        return False

    def advice(self, move: Move, view: V) -> str | None:
        """A move the player might play as advice: an imperative phrase without its full stop ("Lay
        the 50 of clubs in the clubs column"), or None where the game words none."""
        return None

    def hint_text(self, move: Move, view: V) -> str:
        """A move the player might play, in words (a hint): the game's advice, else the label of the
        button that plays it, else how the log would tell it."""
        said = self.advice(move, view)
        if said:
            return said
        for spec in self.buttons(view, list(self.table.legal)):
            if spec.action == move:
                return spec.label
        lines = self.describe(move, [], view)
        return lines[0] if lines else move.action

    def observe(self, move: Move, events: list[Event], view: V) -> None:
        """What the table does, besides words, when a played move is shown (reset a mode, tell the
        player something privately); ``describe`` stays words only, so the replay can use it."""

    def describe(self, move: Move, events: list[Event], view: V) -> list[str]:
        """Log lines, in words, for a played move (``events`` already redacted for the viewer); no
        side effect (see ``observe``)."""
        return [str(move)]

    def race(self, view: V) -> object | None:
        """The quick race open in ``view`` (a value equal for one race and different for the next),
        or None: a click counts for a race only if that race was on screen when the button went down."""
        return None

    def turn_seats(self, view: V) -> list[int]:
        """The seats whose name plate shows the turn indicator."""
        return list(view["to_move"])

    def word_params(self, params: dict[str, Any]) -> dict[str, Any]:
        """An engine message's parameters made readable (card texts into words)."""
        return dict(params)

    @staticmethod
    def sheet_label(entry: dict[str, Any], names: list[str], tr: Callable[..., str]) -> str | None:
        """The score sheet's label for one ``history`` entry (``None``: the sheet's own "Hand n")."""
        return None

    def plate_score(self, seat: int, view: V) -> int:
        """The big number on a seat's name plate: the score the players race with now."""
        return view["scores"][seat]

    def seat_note(self, seat: int, view: V) -> str:
        """A short extra line for a seat's name plate (e.g. "dealer")."""
        return ""

    # ------------------------------------------------------------------ spoken answers (ui.table.voice)
    def spoken_card(self, card: str | None) -> str:
        """A card in words for the ear ("the 7 of hearts"); a card the viewer does not know is "face down"."""
        return self.app.tr("speech.unknown_card") if card is None else card

    def spoken_zone(self, zone: str, view: V) -> str:
        """Where a card lies, in words (your hand, the discard pile, Bob's hand)."""
        kind, _, rest = zone.partition(":")
        if kind in ("stock", "discard"):
            return self.app.tr(f"speech.where.{kind}")
        if kind == "hand" and rest.isdigit():
            return self._whose(int(rest), view, "speech.where.hand")
        return ""

    def _whose(self, seat: int, view: V, key: str, **params: Any) -> str:
        """``key`` said of ``seat``: its ``_you`` form when that is the viewer ("your hand")."""
        data: dict[str, Any] = dict(view)
        if seat == data.get("seat") and self.app.has_text(key + "_you"):
            return self.app.tr(key + "_you", **params)
        names = data["names"]
        return self.app.tr(key, name=names[seat] if 0 <= seat < len(names) else "?", **params)

    def spoken_list(self, cards: list[str | None]) -> str:
        """Cards in words, one after the other."""
        return ", ".join(self.spoken_card(c) for c in cards)

    def spoken_hand(self, view: V) -> list[str]:
        """What the viewer holds, with what they know of it (the answer to "what do I hold?")."""
        data: dict[str, Any] = dict(view)
        hand = data.get("hand")
        if not hand:
            return [self.app.tr("speech.hand_empty")]
        return [self.app.tr("speech.hand", n=len(hand), cards=self.spoken_list(list(hand)))]

    def spoken_piles(self, view: V) -> list[str]:
        """The stock's size and the discard pile's top card."""
        data: dict[str, Any] = dict(view)
        lines = [self.app.tr("speech.stock", n=int(data.get("pile_size", 0)))]
        discard = list(data.get("discard") or [])
        if discard:
            lines.append(self.app.tr("speech.discard", n=len(discard), card=self.spoken_card(discard[-1])))
        else:
            lines.append(self.app.tr("speech.discard_empty"))
        return lines

    def spoken_player(self, seat: int, view: V) -> str:
        """One other player's cards as the viewer knows them: how many, and the known ones."""
        data: dict[str, Any] = dict(view)
        sizes = data.get("hand_sizes") or []
        count = self.app.tr("speech.cards", n=int(sizes[seat]) if seat < len(sizes) else 0)
        known = [c for c in (data.get("known_cards") or [[]] * (seat + 1))[seat] if c]
        if known:
            return self.app.tr("speech.player_known", name=data["names"][seat], count=count,
                               cards=self.spoken_list(list(known)))
        return self.app.tr("speech.player", name=data["names"][seat], count=count)

    def spoken_shown(self, view: V) -> list[str]:
        """Cards the viewer is being shown for a moment (Gang de mouettes: the first cards to
        memorise, a card looked at with a power), one sentence each: said as they turn face up,
        since a player who listens cannot glance at them. Most games show nothing for a moment."""
        return []

    def spoken_players(self, view: V) -> list[str]:
        """Every other player's cards (``spoken_player``), in seat order."""
        data: dict[str, Any] = dict(view)
        return [self.spoken_player(s, view) for s in range(int(data["players"])) if s != data.get("seat")]

    def spoken_scores(self, view: V) -> list[str]:
        """The scores, as the seats' plates show them."""
        data: dict[str, Any] = dict(view)
        items = [self.app.tr("speech.score_item", name=n, points=p) for n, p in zip(data["names"], data["scores"])]
        return [self.app.tr("speech.scores", scores=", ".join(items))]

    # ------------------------------------------------------------------ kept with the match
    def kept(self) -> dict[str, Any]:
        """How this table shows the match its own way (Gin Rummy: the order of the hand), JSON-safe:
        saved with the match, so that Continue shows it as the player left it. Most games keep nothing."""
        return {}

    def restore(self, kept: dict[str, Any]) -> None:
        """Take back what ``kept`` gave, read from a save: anything unexpected in it is ignored."""

    # ------------------------------------------------------------------ extra drawing
    def forget(self) -> None:
        """Drop whatever the adapter keeps of its drawings and geometry (places worked out, rendered
        panels): the window, the card or text size, the language or the four colours changed, and
        the table makes a new picture with nothing of the old one (``TableScene._follow_look``)."""

    def draw_under(self, surface: pygame.Surface, view: V, layout: TableLayout) -> None:
        """Drawn above the felt and below the cards, only where ``picture_nodes`` puts its nodes under
        the cards (the table draws it again where those nodes changed, clipped)."""

    def draw_over(self, surface: Ink, view: V, layout: TableLayout) -> None:
        """Drawn above the cards (counters, a score card), through ``surface``, an ``Ink``: only where
        ``picture_nodes`` puts its nodes over the cards (the table draws it again, clipped, where
        anything of the picture changed there), so whatever it draws must be one of those nodes."""

    # ------------------------------------------------------------------ the picture
    def picture_nodes(self, view: V, layout: TableLayout) -> list[Node]:
        """What ``draw_under`` and ``draw_over`` draw, as the picture's nodes (``ui.picture.model``):
        badges, markers, targets, labels and panels with their rectangles, from the same geometry
        the drawing uses; under the cards at ``DEPTH_UNDER``…99, over them at ``DEPTH_OVER``…1299."""
        return []

    def card_words(self, card: str) -> str:
        """A card named in the player's language (the spoken label of its node)."""
        return str(self.word_params({"card": card}).get("card", card))
