"""The Gin Rummy rules engine: a whole match of hands, games and bonuses for two players.

Phases (``view["phase"]``): ``upcard`` (the first upcard is offered: non-dealer, then dealer, may
``take`` or ``pass``), ``draw`` (``draw`` or ``take``; only ``draw`` right after both passed; in
the wall variant, once a discard has left two cards in the stock, ``pass``, which voids the hand,
and ``take`` only when that discard lets the player knock or go gin at once), ``discard``
(``discard X``, ``knock X [melds]``, ``gin X``, ``gin`` in the grand-gin variant; only knocks and
gins after the wall variant's last take), ``hand_over`` (the finished hand stays on the table;
either seat sends ``next``) and ``match_over``.

The first dealer is ``Options.first_dealer``, or a seeded random seat (also with a stacked deck,
as the notation page says: tests that stack a deal name the dealer). Later hands are shuffled with
the seed.

``legal_moves`` lists knocks in their short form (``knock Kh``: the engine arranges the melds);
a knock that lists its melds (``knock Kh 3c4c5c 7s7h7d``) is accepted by ``apply``/``is_legal``
whenever the listed melds are valid and leave at most the knock limit — any such arrangement, not
only the least-deadwood ones (a run cut short or a meld held back as deadwood, to leave the
defender fewer lay-offs): listing them all would grow with every way of splitting the melds, so
``legal_moves`` does not, and the view's ``knocks`` offers only the least-deadwood ones.

View keys (``view(seat)``, JSON-safe, typed as ``views.GinView``; the shared ``CoreView`` keys first:
``game seat players names scores to_move over winners history log active phase pile_size discard``;
``scores`` are the match totals):

- ``phase``, ``active`` (seat to act, ``None`` when the hand is over), ``dealer``.
- ``hand``: the seat's own cards in deck order (``None`` for a spectator); ``hand_sizes``.
- ``deadwood``/``melds``: the seat's best arrangement of its own hand (least deadwood; melds as
  lists of cards); ``deadwood_after_discard``: card → least deadwood after discarding it (only
  while the seat holds 11 cards); ``knocks``: the knocks and gins the seat may play now, best
  first, each with every arrangement of its melds that leaves its deadwood, as moves.
- ``pile_size`` (cards left in the stock), ``discard`` (bottom → top), ``discard_top``,
  ``discard_log``: every card that went through the discard pile this hand, in order, as
  ``{"card", "by" (seat that discarded it, ``None`` for the first upcard), "taken_by" (seat or
  ``None`` while it lies in the pile)}``.
- ``known_cards``: per seat, the cards it is known to hold (taken from the discard pile, not yet
  discarded); ``opponent_known``: the same for the viewer's opponent (``[]`` for a spectator).
- ``just_taken``: the card the active seat just took from the discard pile (``None`` otherwise);
  ``must_draw``: both players passed the upcard, so the non-dealer may only draw.
- ``first_upcard``, ``knock_limit`` (of this hand; Oklahoma: the first upcard's value; with the
  Oklahoma sub-rules 0 under an ace: gin only).
- ``game_number``, ``hand_number`` (1-based), ``game_scores`` (this game's hand points),
  ``hands_won`` (this game), ``hand_history`` (this game's entries of ``history``), ``games``
  (finished games: ``game, winner, points, hands_won, game_bonus, shutout, doubled, box,
  totals, match_scores``), ``game_target``, ``match_target``, ``options``.
- ``hollywood``: ``None``, or with Hollywood scoring the three games played at once, each
  ``{"game", "scores", "hands_won", "over", "winner"}`` (hand points and hands scored in that game,
  per seat). There ``game_number`` is the first game not over (the one closest to its end),
  ``game_scores``/``hands_won`` are that game's, ``hand_history`` the hands scored in it, and
  ``hand_number`` counts the hands of the whole match.
- ``result`` (``None`` until a hand ends; kept while the hand is over and after the match ends):
  ``kind`` (``knock undercut gin big_gin wall``; a void hand's ``void`` says why: ``wall`` or
  ``cycle``), ``petit`` (petit gin in the variant),
  ``knocker``, ``discard``, ``hands`` (both full hands), ``melds`` (per seat, lists of cards;
  the knocker's melds include no lay-offs), ``layoffs`` (``{"card", "seat", "onto": [knocker,
  meld index]}`` in the order laid), ``deadwood_cards`` and ``deadwood`` per seat, ``points``,
  ``winner``, ``breakdown`` (``difference``, ``bonus``, ``bonus_kind``, ``doubled`` (a spade
  upcard under the Oklahoma sub-rules), ``total``), ``game_over``, ``game`` (the game record when
  this hand ended a game), ``games`` (every game this hand ended: more than one in Hollywood
  scoring), ``match_over``.

Refusal keys (``IllegalMove.key``; ``params`` in brackets): ``gin.upcard_decide``,
``gin.upcard_refused``, ``gin.no_pass``, ``gin.draw_first``, ``gin.must_discard``,
``gin.hand_over``, ``gin.hand_not_over``, ``gin.card_needed`` [move], ``gin.bad_card`` [card],
``gin.not_in_hand`` [card], ``gin.just_taken`` [card], ``gin.knock_too_high`` [card, deadwood,
limit], ``gin.knock_is_gin`` [card], ``gin.not_gin`` [card, deadwood], ``gin.no_grand_gin``,
``gin.not_grand_gin`` [deadwood], ``gin.melds_too_high`` [card, deadwood, limit] (a knock's listed melds
leave too much deadwood), ``gin.not_a_meld`` [meld], ``gin.meld_has_discard`` [meld,
card], ``gin.meld_not_in_hand`` [meld, cards], ``gin.meld_overlap`` [meld], ``gin.gin_only``,
``gin.wall_no_draw``, ``gin.wall_take_useless`` [card], ``gin.wall_must_go_out``; plus the shared
``not_your_turn``, ``match_over``, ``no_such_seat``, ``ambiguous_seat`` (a bare ``next`` while
the hand is over: say which seat sends it) and ``not_allowed_now``.

Events: ``deal`` (to ``hand:<seat>``, known to that seat; the upcard to ``discard``, public),
``pass``, ``take`` (``discard`` → hand, public), ``draw`` (``stock`` → hand, known to the
drawer), ``discard``, ``knock``/``gin`` (info: deadwood, kind), ``meld`` (hand →
``meld:<seat>:<i>``), ``layoff`` (defender's hand → the knocker's ``meld:<k>:<i>``, info
``onto``), ``reveal`` (a deadwood card shown in place), ``score``, ``hand_end``, ``game_end``
(info: the game record) and ``shuffle`` (``next``: the cards are gathered for a new deal).

``history`` gets one entry per hand: ``points``, ``winners``, ``kind``, ``game``, ``hand``,
``dealer``, ``knocker``, ``deadwood``, ``bonus``, ``game_scores`` (after the hand), ``game_over``;
with Hollywood scoring also ``hollywood``: the games the hand's points went to (the three games'
scores are read back from these entries, so snapshots need no field of their own for them).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from game.core import REST, Event, GameState, IllegalMove, Move, Rng, parse_with_grammar
from game.core.fields import flat, nested, same, state_field
from game.core.move import listed
from game.gin_rummy import melds as M
from game.gin_rummy.options import GinOptions

TEXT = M.TEXT_AT
VAL = M.VALUE_AT
_MOVES: dict[tuple[str, int], Move] = {}


def _mv(action: str, seat: int) -> Move:
    """A shared, immutable ``Move`` (legal-move lists reuse these instead of building new ones)."""
    move = _MOVES.get((action, seat))
    if move is None:
        move = _MOVES[(action, seat)] = Move(action, seat)
    return move


def _card_moves(word: str) -> tuple[tuple[Move, ...], ...]:
    """``word X`` for every card X, per seat, indexed by card (the shared moves of ``_mv``)."""
    return tuple(tuple(_mv(f"{word} {TEXT[c]}", seat) if TEXT[c] else Move("", seat) for c in range(64))
                 for seat in (0, 1))


DRAW, TAKE, PASS = ((_mv("draw", 0), _mv("draw", 1)), (_mv("take", 0), _mv("take", 1)),
                    (_mv("pass", 0), _mv("pass", 1)))
DISCARD, KNOCK, GIN = _card_moves("discard"), _card_moves("knock"), _card_moves("gin")
"""The one-card moves of each seat by card: a legal-move list is made of these without building text."""
CARD_ACTION: dict[str, tuple[str, int]] = {
    f"{word} {TEXT[c]}": (word, c) for word in ("discard", "knock", "gin") for c in M.CARD_INDICES}
"""A one-card action's name and card, so that playing it reads no text."""
HAND_ZONE = ("hand:0", "hand:1")
ONLY = (frozenset((0,)), frozenset((1,)))


def _card_events(kind: str, src: str | None, dst: str | None, face_up: bool, private: bool) -> tuple[tuple[Event, ...], ...]:
    """The event of ``kind`` for every seat and card (events are immutable values: a draw or a
    discard shares one instead of building it; ``None`` zones are the seat's hand)."""
    return tuple(tuple(Event(kind, seat, TEXT[c], src or HAND_ZONE[seat], dst or HAND_ZONE[seat], face_up,
                             ONLY[seat] if private else None) for c in range(64)) for seat in (0, 1))


DEALT = _card_events("deal", "stock", None, False, True)
DRAWN = _card_events("draw", "stock", None, False, True)
TAKEN = _card_events("take", "discard", None, True, False)
DISCARDED = _card_events("discard", None, "discard", True, False)


def _card_word(text: str) -> str:
    """<card>"""
    return TEXT[M.parse_card(text)]


def _meld_word(text: str) -> str:
    """<meld>"""
    if len(text) < 6 or len(text) % 2:
        raise ValueError(f"{text!r} is not a meld word (cards written together, e.g. 3c4c5c)")
    cards = [M.parse_card(text[i:i + 2]) for i in range(0, len(text), 2)]
    mask = 0
    for c in cards:
        mask |= 1 << c
    if mask.bit_count() != len(cards):
        raise ValueError(f"the meld {text!r} names a card twice")
    return M.meld_text(mask)


GRAMMAR: dict[str, list[list[object]]] = {
    "take": [[]],
    "pass": [[]],
    "draw": [[]],
    "next": [[]],
    "discard": [[_card_word]],
    "knock": [[_card_word, REST, _meld_word]],
    "gin": [[_card_word], []],
}


def _meld_sort_key(word: str) -> tuple[tuple[int, int], ...]:
    """Melds in a knock are written lowest rank first (``3c4c5c`` before ``7s7h7d``)."""
    cards = [M.parse_card(word[i:i + 2]) for i in range(0, len(word), 2)]
    return tuple((c % 16, c // 16) for c in cards)


def _seat(x: Any) -> int:
    if x not in (0, 1) or type(x) is not int:
        raise ValueError(f"bad seat {x!r}")
    return x


def _opt_seat(x: Any) -> int | None:
    return None if x is None else _seat(x)


def _masks_out(masks: list[int]) -> list[list[str]]:
    return [M.cards_of(h) for h in masks]


def _masks_in(data: Any) -> list[int]:
    return [M.card_mask(h) for h in data]


def _cards_out(cards: list[int]) -> list[str]:
    return [TEXT[c] for c in cards]


def _cards_in(data: Any) -> list[int]:
    return [M.parse_card(c) for c in data]


@dataclass(eq=False)
class GinTable:
    """Everything that changes during a Gin Rummy match, listed once: how each field is saved, read
    back and copied. Cards are indices and hands bit masks inside, card texts in snapshots."""

    phase: str = state_field(copy=same, dump=same, load=str, default="upcard")
    active: int = state_field(copy=same, dump=same, load=_seat, default=0)
    dealer: int = state_field(copy=same, dump=same, load=_seat, default=0)
    hands: list[int] = state_field(copy=flat, dump=_masks_out, load=_masks_in)
    known: list[int] = state_field(copy=flat, dump=_masks_out, load=_masks_in)
    stock: list[int] = state_field(copy=flat, dump=lambda v: _cards_out(v[::-1]), load=lambda d: _cards_in(d)[::-1])
    """Top card last (the snapshot lists it top first)."""
    pile: list[int] = state_field(copy=flat, dump=_cards_out, load=_cards_in)
    pile_log: list[tuple[int, int | None, int | None]] = state_field(
        copy=flat, dump=lambda v: [[TEXT[c], by, to] for c, by, to in v],
        load=lambda d: [(M.parse_card(c), _opt_seat(by), _opt_seat(to)) for c, by, to in d])
    just_taken: int = state_field(copy=same, dump=lambda v: TEXT[v] if v >= 0 else None,
                                  load=lambda d: -1 if d is None else M.parse_card(d), default=-1)
    passes: int = state_field(copy=same, dump=same, load=int, default=0)
    must_draw: bool = state_field(copy=same, dump=same, load=bool, default=False)
    first_upcard: int = state_field(copy=same, dump=lambda v: TEXT[v], load=M.parse_card, default=0)
    knock_limit: int = state_field(copy=same, dump=same, load=int, default=10)
    game_scores: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(x) for x in d])
    hands_won: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(x) for x in d])
    match_scores: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(x) for x in d])
    game_no: int = state_field(copy=same, dump=same, load=int, default=0)
    hand_no: int = state_field(copy=same, dump=same, load=int, default=0)
    games: list[dict[str, Any]] = state_field(copy=flat, dump=lambda v: [dict(g) for g in v],
                                              load=lambda d: [dict(g) for g in d])
    table_melds: list[list[int]] = state_field(
        copy=nested, dump=lambda v: [[M.meld_text(m) for m in ms] for ms in v],
        load=lambda d: [[M.card_mask(w[i:i + 2] for i in range(0, len(w), 2)) for w in ms] for ms in d])
    layoffs: list[tuple[int, int, int]] = state_field(
        copy=flat, dump=lambda v: [[TEXT[c], k, i] for c, k, i in v],
        load=lambda d: [(M.parse_card(c), _seat(k), int(i)) for c, k, i in d])
    outcome: dict[str, Any] | None = state_field(copy=same, dump=same, load=same, key="result")
    """The finished hand's result (the view's ``result``)."""
    next_dealer: int = state_field(copy=same, dump=same, load=_seat, default=0)
    new_game_next: bool = state_field(copy=same, dump=same, load=bool, default=False)
    _legal: dict[int, tuple[Move, ...]] = state_field(copy=dict, saved=False, default=None)
    """Legal moves per seat, computed once per position (kept by ``clone``, never saved)."""


class GinRummyState(GinTable, GameState):
    """A two-player Gin Rummy match (see the module docstring for phases and view keys)."""

    GAME_ID = "gin_rummy"
    VERSION = 1
    Options = GinOptions

    # ----------------------------------------------------------------- notation
    @classmethod
    def full_deck(cls, options: Any) -> list[str]:
        return [TEXT[i] for i in M.CARD_INDICES]

    @staticmethod
    def parse_move(text: str) -> Move:
        move = parse_with_grammar(text, GRAMMAR, "Gin Rummy")
        words = move.action.split(" ")
        if words[0] == "knock" and len(words) > 3:
            words[2:] = sorted(words[2:], key=_meld_sort_key)
            move = Move(" ".join(words), move.seat)
        return move

    # ----------------------------------------------------------------- dealing
    def _start(self, deck: list[str] | None) -> None:
        opts: GinOptions = self.options
        first = self.rng.randrange(2) if opts.first_dealer is None else opts.first_dealer
        self.match_scores = [0, 0]
        self.games: list[dict[str, Any]] = []
        self.game_no = 0
        self._new_game(first)
        order = None if deck is None else [M.parse_card(c) for c in deck]
        self._deal(order)

    def _new_game(self, dealer: int) -> None:
        self.game_no += 1
        self.hand_no = 0
        self.game_scores = [0, 0]
        self.hands_won = [0, 0]
        self.dealer = dealer

    def _deal(self, order: list[int] | None) -> list[Event]:
        """Deal a hand from ``order`` (top first) or from a fresh seeded shuffle."""
        if order is None:
            order = list(M.CARD_INDICES)
            self.rng.shuffle(order)
        self.hand_no += 1
        dealer = self.dealer
        first = 1 - dealer
        hands = [0, 0]
        events: list[Event] = []
        for i in range(20):
            seat = first if i % 2 == 0 else dealer
            card = order[i]
            hands[seat] |= 1 << card
            events.append(DEALT[seat][card])
        up = order[20]
        events.append(Event("deal", None, TEXT[up], "stock", "discard", True, None))
        self.hands = hands
        self.known = [0, 0]
        self.pile = [up]
        self.pile_log: list[tuple[int, int | None, int | None]] = [(up, None, None)]
        self.stock = order[:20:-1]
        self.first_upcard = up
        self.knock_limit = (0 if self._gin_only() else VAL[up]) if self.options.oklahoma else self.options.knock_limit
        self.phase = "upcard"
        self.active = first
        self.passes = 0
        self.must_draw = False
        self.just_taken = -1
        self.table_melds: list[list[int]] = [[], []]
        self.layoffs: list[tuple[int, int, int]] = []
        self.outcome: dict[str, Any] | None = None
        self.next_dealer = 1 - dealer
        self.new_game_next = False
        self._reset_caches()
        return events

    def _reset_caches(self) -> None:
        self._legal: dict[int, tuple[Move, ...]] = {}

    def _gin_only(self) -> bool:
        """Oklahoma sub-rules: an ace as the first upcard allows gin only."""
        return self.options.oklahoma_sub_rules and self.first_upcard % 16 == 0

    def _doubled(self) -> bool:
        """Oklahoma sub-rules: a spade as the first upcard doubles the hand's score."""
        return self.options.oklahoma_sub_rules and self.first_upcard < 16

    def _wall_chance(self) -> bool:
        """Wall variant: a discard left two cards in the stock; the other player may take it only
        to go out with it, or pass (the hand is void). Nobody draws from the last two cards."""
        return self.phase == "draw" and len(self.stock) <= 2 and self.options.wall_variant

    def _must_go_out(self) -> bool:
        """Wall variant: the active player took the last discard; they must knock or go gin now."""
        return (self.phase == "discard" and self.just_taken >= 0 and len(self.stock) <= 2
                and self.options.wall_variant)

    def _can_go_out_taking(self, seat: int) -> bool:
        """Whether taking the top discard lets ``seat`` knock or go gin at once (wall variant)."""
        top = self.pile[-1]
        hand = self.hands[seat] | (1 << top)
        if self.options.petit_grand_gin and M.deadwood(hand) == 0:
            return True
        after = self._after_discards(hand)
        banned = top if self.options.forbid_discard_taken else -1
        return after is not None and any(dw <= self.knock_limit for c, dw in after.items() if c != banned)

    # ----------------------------------------------------------------- contract
    def to_move(self) -> list[int]:
        phase = self.phase
        if phase == "hand_over":
            return [0, 1]
        if phase == "match_over":
            return []
        return [self.active]

    def is_over(self) -> bool:
        return self.phase == "match_over"

    @property
    def scores(self) -> list[int]:
        return list(self.match_scores)

    def winners(self) -> list[int]:
        if self.phase != "match_over":
            return []
        top = max(self.match_scores)
        return [s for s in (0, 1) if self.match_scores[s] == top]

    def legal_moves(self, seat: int) -> list[Move]:
        return list(self._legal_for(seat))

    def _legal_for(self, seat: int) -> tuple[Move, ...]:
        """The legal moves of ``seat``, worked out once per position (a move played from the list is
        then found in it by identity)."""
        hit = self._legal.get(seat)
        if hit is None:
            hit = self._legal[seat] = tuple(self._compute_legal(seat))
        return hit

    def _compute_legal(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == "hand_over":
            return [_mv("next", seat)]
        if phase == "match_over" or seat != self.active:
            return []
        if phase == "upcard":
            return [TAKE[seat], PASS[seat]]
        if phase == "draw":
            if self._wall_chance():
                return [TAKE[seat], PASS[seat]] if self._can_go_out_taking(seat) else [PASS[seat]]
            return [DRAW[seat]] if self.must_draw else [DRAW[seat], TAKE[seat]]
        hand = self.hands[seat]
        banned = self.just_taken if self.options.forbid_discard_taken else -1
        if self._must_go_out():
            moves = []
        else:
            discard = DISCARD[seat]
            moves = [discard[c] for c in M.bits(hand) if c != banned]
        after = self._after_discards(hand)
        if after is not None:
            limit = self.knock_limit
            gin, knock = GIN[seat], KNOCK[seat]
            for c, dw in after.items():
                if c == banned:
                    continue
                if dw == 0:
                    moves.append(gin[c])
                elif dw <= limit:
                    moves.append(knock[c])
            if self.options.petit_grand_gin and M.deadwood(hand) == 0:
                moves.append(_mv("gin", seat))
        return moves

    def _after_discards(self, hand: int) -> dict[int, int] | None:
        """Least deadwood after each discard, or ``None`` when no discard can reach the knock limit."""
        if M.knock_floor(hand) > self.knock_limit:
            return None
        return M.deadwood_after_discards(hand)

    def is_legal(self, move: Move) -> bool:
        seat = move.seat
        if seat != 0 and seat != 1:
            return False
        if listed(move, self._legal_for(seat)):  # empty for a seat not to move
            return True
        action = move.action  # a knock that lists its melds is not in the list (its knocks are short)
        return (action.startswith("knock ") and action.count(" ") > 1 and self.phase == "discard"
                and seat == self.active and self._explicit_knock(move)[0] is None)

    # ----------------------------------------------------------------- refusals
    def _why_illegal(self, move: Move) -> IllegalMove | None:
        name, args = move.name, move.args
        phase = self.phase
        if phase == "hand_over":
            return IllegalMove("The hand is over; send 'next' to go on.", "gin.hand_over")
        if name == "next":
            return IllegalMove("'next' is only for a finished hand.", "gin.hand_not_over")
        if phase == "upcard":
            if name in ("take", "pass"):
                return None
            return IllegalMove("First decide whether to take the upcard ('take') or 'pass'.", "gin.upcard_decide")
        if phase == "draw":
            if self._wall_chance() and name in ("take", "draw"):
                if name == "draw":
                    return IllegalMove("Only two cards are left in the stock: nobody draws from them. Take the "
                                       "last discard to knock or go gin with it, or pass (the hand is void).",
                                       "gin.wall_no_draw")
                top = TEXT[self.pile[-1]]
                return IllegalMove(f"With two cards left in the stock you may take {top} only to knock or go gin "
                                   "with it at once, and it would not let you: pass (the hand is void).",
                                   "gin.wall_take_useless", {"card": top})
            if name == "take" and self.must_draw:
                return IllegalMove("Both players passed the upcard: draw from the stock.", "gin.upcard_refused")
            if name == "pass":
                return IllegalMove("You may only pass on the first upcard.", "gin.no_pass")
            if name in ("discard", "knock", "gin"):
                return IllegalMove("Draw a card first, from the stock ('draw') or the discard pile ('take').",
                                   "gin.draw_first")
            return None
        # discard phase
        if self._must_go_out() and name in ("take", "draw", "pass", "discard"):
            return IllegalMove("You took the last discard with two cards left in the stock: knock or go gin "
                               "this turn.", "gin.wall_must_go_out")
        if name in ("take", "draw", "pass"):
            return IllegalMove("You have drawn; now discard a card (or knock, or go gin).", "gin.must_discard")
        if name not in GRAMMAR:
            return None
        seat = move.seat
        assert seat is not None  # refusal() names a missing seat before asking the game
        hand = self.hands[seat]
        if name == "gin" and not args:
            if not self.options.petit_grand_gin:
                return IllegalMove("Going gin without a discard (grand gin) is only played in the petit/grand gin "
                                   "variant; discard a card with 'gin <card>'.", "gin.no_grand_gin")
            dw = M.deadwood(hand)
            return IllegalMove(f"Grand gin needs all 11 cards melded; you would keep {dw} deadwood.",
                               "gin.not_grand_gin", {"deadwood": dw})
        try:
            card = M.parse_card(args[0]) if args else -1
        except ValueError as exc:
            return IllegalMove(str(exc), "gin.bad_card", {"card": args[0]})
        if card < 0:
            return IllegalMove(f"Say which card to discard ('{name} Kh').", "gin.card_needed", {"move": name})
        if not hand >> card & 1:
            return IllegalMove(f"You do not hold {TEXT[card]}.", "gin.not_in_hand", {"card": TEXT[card]})
        if self.options.forbid_discard_taken and card == self.just_taken:
            return IllegalMove("You cannot discard the card you just took from the discard pile.",
                               "gin.just_taken", {"card": TEXT[card]})
        if name == "discard":
            return None
        dw = M.deadwood(hand & ~(1 << card))
        if name == "gin":
            return IllegalMove(f"Gin needs every card melded; after discarding {TEXT[card]} you would keep "
                               f"{dw} deadwood.", "gin.not_gin", {"card": TEXT[card], "deadwood": dw})
        if len(args) > 1:
            return self._explicit_knock(move)[0]
        if dw == 0:
            return IllegalMove(f"Discarding {TEXT[card]} leaves no deadwood: that is gin; play 'gin {TEXT[card]}'.",
                               "gin.knock_is_gin", {"card": TEXT[card]})
        if self._gin_only():
            return self._gin_only_refusal()
        return IllegalMove(f"You cannot knock: after discarding {TEXT[card]} your deadwood would be {dw}, "
                           f"and the knock limit is {self.knock_limit}.", "gin.knock_too_high",
                           {"card": TEXT[card], "deadwood": dw, "limit": self.knock_limit})

    @staticmethod
    def _gin_only_refusal() -> IllegalMove:
        return IllegalMove("The first upcard of this hand is an ace: under the Oklahoma sub-rules it can only "
                           "end with gin, not a knock.", "gin.gin_only")

    def _explicit_knock(self, move: Move) -> tuple[IllegalMove | None, tuple[int, ...]]:
        """Check a knock that lists its melds; returns (reason or ``None``, the melds as masks)."""
        seat = move.seat
        assert seat is not None
        args = move.args
        card = M.parse_card(args[0])
        hand = self.hands[seat]
        text = TEXT[card]
        if not hand >> card & 1:
            return IllegalMove(f"You do not hold {text}.", "gin.not_in_hand", {"card": text}), ()
        if self.options.forbid_discard_taken and card == self.just_taken:
            return IllegalMove("You cannot discard the card you just took from the discard pile.",
                               "gin.just_taken", {"card": text}), ()
        rest = hand & ~(1 << card)
        used = 0
        melds: list[int] = []
        for word in args[1:]:
            try:
                mask = M.card_mask(word[i:i + 2] for i in range(0, len(word), 2))
            except ValueError:
                mask = 0
            if not M.is_meld(mask) or mask.bit_count() * 2 != len(word):
                return IllegalMove(f"{word} is not a meld (a set of 3 or 4 cards of one rank, or a run of 3 or "
                                   "more cards of one suit in sequence, aces low).", "gin.not_a_meld",
                                   {"meld": word}), ()
            if mask & (1 << card):
                return IllegalMove(f"{word} uses {text}, the card you discard.", "gin.meld_has_discard",
                                   {"meld": word, "card": text}), ()
            missing = mask & ~hand
            if missing:
                cards = " ".join(M.cards_of(missing))
                return IllegalMove(f"You do not hold {cards} (in {word}).", "gin.meld_not_in_hand",
                                   {"meld": word, "cards": cards}), ()
            if mask & used:
                return IllegalMove(f"{word} shares a card with another meld.", "gin.meld_overlap",
                                   {"meld": word}), ()
            used |= mask
            melds.append(mask)
        dw = M.value(rest & ~used)
        if M.deadwood(rest) == 0:
            return IllegalMove(f"Discarding {text} leaves no deadwood: that is gin; play 'gin {text}'.",
                               "gin.knock_is_gin", {"card": text}), ()
        if self._gin_only():
            return self._gin_only_refusal(), ()
        if dw > self.knock_limit:
            return IllegalMove(f"You cannot knock with these melds: your deadwood would be {dw}, and the knock "
                               f"limit is {self.knock_limit}.", "gin.melds_too_high",
                               {"card": text, "deadwood": dw, "limit": self.knock_limit}), ()
        return None, tuple(melds)

    # ----------------------------------------------------------------- playing
    def _apply(self, move: Move) -> list[Event]:
        self._legal = {}
        action = move.action
        one_card = CARD_ACTION.get(action)
        name = one_card[0] if one_card is not None else action.partition(" ")[0]
        seat = move.seat
        assert seat is not None
        if name == "draw":
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.just_taken = -1
            self.must_draw = False
            self.phase = "discard"
            return [DRAWN[seat][card]]
        if name == "take":
            card = self.pile.pop()
            for i in range(len(self.pile_log) - 1, -1, -1):
                if self.pile_log[i][0] == card:
                    self.pile_log[i] = (card, self.pile_log[i][1], seat)
                    break
            self.hands[seat] |= 1 << card
            self.known[seat] |= 1 << card
            self.just_taken = card
            self.active = seat
            self.phase = "discard"
            return [TAKEN[seat][card]]
        if name == "pass":
            if self.phase == "draw":  # the wall variant's last discard, declined
                return [Event("pass", seat, info={"discard": TEXT[self.pile[-1]]})] + self._wall()
            event = Event("pass", seat, info={"upcard": TEXT[self.pile[-1]]})
            if self.passes == 0:
                self.passes = 1
                self.active = 1 - seat
            else:
                self.passes = 2
                self.active = 1 - self.dealer
                self.must_draw = True
                self.phase = "draw"
            return [event]
        if name == "next":
            return self._next_hand()
        if action == "gin":
            return self._go_out(seat, -1, "big_gin", None)
        if one_card is not None:
            card, melds = one_card[1], None
        else:  # a knock that lists its melds
            card = M.parse_card(move.args[0])
            melds = self._explicit_knock(move)[1]
        events = self._discard(seat, card)
        if name == "discard":
            limit = self.options.void_after_takes
            if len(self.stock) <= 2 and self.options.wall_variant:
                self.active = 1 - seat
                self.phase = "draw"
            elif len(self.stock) <= 2:
                events += self._wall()
            elif limit and self._takes_in_a_row() >= limit:
                events += self._wall(void="cycle")
            else:
                self.active = 1 - seat
                self.phase = "draw"
            return events
        if name == "gin":
            return events + self._go_out(seat, card, "gin", None)
        return events + self._go_out(seat, card, "knock", melds)

    def _discard(self, seat: int, card: int) -> list[Event]:
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.pile.append(card)
        self.pile_log.append((card, seat, None))
        self.just_taken = -1
        return [DISCARDED[seat][card]]

    def _reveal(self, seat: int, mask: int) -> list[Event]:
        zone = f"hand:{seat}"
        return [Event("reveal", seat, TEXT[c], zone, zone, True, None) for c in M.indices(mask)]

    def _meld_events(self, seat: int, melds: list[int]) -> list[Event]:
        events = []
        for i, meld in enumerate(melds):
            for text in M.meld_cards(meld):
                events.append(Event("meld", seat, text, f"hand:{seat}", f"meld:{seat}:{i}", True, None,
                                    {"meld": i}))
        return events

    def _choose_knock_melds(self, seat: int, hand: int) -> tuple[int, ...]:
        """Least deadwood; among equals, the arrangement that gives the fewest lay-off places to the
        cards the defender may hold as far as the knocker knows (every card not in the knocker's
        hand nor in the discard pile). Never chosen from the defender's actual hand."""
        options = M.all_best_arrangements(hand)
        if len(options) == 1:
            return options[0]
        pile = sum(1 << c for c in self.pile)
        possible = M.indices(M.FULL_DECK_MASK & ~self.hands[seat] & ~pile)

        def places(arrangement: tuple[int, ...]) -> int:
            return sum(1 for c in possible if M.defend(1 << c, arrangement)[2])

        return min(options, key=places)

    def _go_out(self, seat: int, card: int, kind: str, melds: tuple[int, ...] | None) -> list[Event]:
        """Knock or gin by ``seat`` (the discard is already made): lay down, defend, score."""
        opts: GinOptions = self.options
        other = 1 - seat
        hand = self.hands[seat]
        if melds is None:
            melds = self._choose_knock_melds(seat, hand) if kind == "knock" else M.best_melds(hand)[1]
        melds = tuple(sorted(melds, key=lambda m: _meld_sort_key(M.meld_text(m))))
        k_dw = M.value(hand & ~sum(melds))
        events = [Event("knock" if kind == "knock" else "gin", seat, TEXT[card] if card >= 0 else None,
                        info={"deadwood": k_dw, "kind": kind})]
        events += self._meld_events(seat, list(melds))
        events += self._reveal(seat, hand & ~sum(melds))
        d_dw, d_melds, layoffs = M.defend(self.hands[other], melds, allow_layoffs=kind == "knock")
        d_melds = tuple(sorted(d_melds, key=lambda m: _meld_sort_key(M.meld_text(m))))
        events += self._meld_events(other, list(d_melds))
        for c, k in layoffs:
            events.append(Event("layoff", other, TEXT[c], f"hand:{other}", f"meld:{seat}:{k}", True, None,
                                {"onto": [seat, k]}))
        laid = sum(1 << c for c, _ in layoffs)
        events += self._reveal(other, self.hands[other] & ~sum(d_melds) & ~laid)
        self.table_melds = [[], []]
        self.table_melds[seat] = list(melds)
        self.table_melds[other] = list(d_melds)
        self.layoffs = [(c, seat, k) for c, k in layoffs]
        deadwood = [0, 0]
        deadwood[seat], deadwood[other] = k_dw, d_dw
        petit = False
        if kind == "knock":
            if k_dw < d_dw:
                winner, difference, bonus, bonus_kind = seat, d_dw - k_dw, 0, None
            else:
                kind = "undercut"
                winner, difference, bonus, bonus_kind = other, k_dw - d_dw, opts.undercut_bonus, "undercut"
        elif kind == "gin":
            petit = opts.petit_grand_gin
            winner, difference, bonus, bonus_kind = seat, d_dw, opts.gin_bonus, "petit_gin" if petit else "gin"
        else:
            winner, difference, bonus, bonus_kind = seat, d_dw, opts.big_gin_bonus, "big_gin"
        doubled = self._doubled()
        total = (difference + bonus) * (2 if doubled else 1)
        points = [0, 0]
        points[winner] = total
        result = {
            "kind": kind,
            "petit": petit,
            "knocker": seat,
            "discard": TEXT[card] if card >= 0 else None,
            "hands": [M.cards_of(self.hands[0]), M.cards_of(self.hands[1])],
            "melds": [[M.meld_cards(m) for m in self.table_melds[s]] for s in (0, 1)],
            "layoffs": [{"card": TEXT[c], "seat": other, "onto": [seat, k]} for c, k in layoffs],
            "deadwood_cards": [M.cards_of(self.hands[s] & ~sum(self.table_melds[s]) & ~laid) for s in (0, 1)],
            "deadwood": deadwood,
            "points": points,
            "winner": winner,
            "breakdown": {"difference": difference, "bonus": bonus, "bonus_kind": bonus_kind, "doubled": doubled,
                          "total": total},
        }
        events.append(Event("score", winner, info={"points": total, "kind": kind, "difference": difference,
                                                   "bonus": bonus}))
        return events + self._end_hand(result, [winner], seat, deadwood, bonus)

    def _takes_in_a_row(self) -> int:
        """Draws from the discard pile since the last draw from the stock in this hand."""
        takes = 0
        for text in reversed(self.log):
            action = text.partition(": ")[2]
            if action in ("draw", "next"):
                break
            takes += action == "take"
        return takes

    def _wall(self, void: str = "wall") -> list[Event]:
        """Two cards left and no knock (or, with ``void="cycle"``, too many draws in a row from the
        discard pile): the hand is void and the same dealer deals again."""
        events = self._reveal(0, self.hands[0]) + self._reveal(1, self.hands[1])
        self.table_melds = [[], []]
        self.layoffs = []
        result = {
            "kind": "wall", "void": void, "petit": False, "knocker": None, "discard": None,
            "hands": [M.cards_of(self.hands[0]), M.cards_of(self.hands[1])],
            "melds": [[], []], "layoffs": [],
            "deadwood_cards": [M.cards_of(self.hands[0]), M.cards_of(self.hands[1])],
            "deadwood": [M.deadwood(self.hands[0]), M.deadwood(self.hands[1])],
            "points": [0, 0], "winner": None,
            "breakdown": {"difference": 0, "bonus": 0, "bonus_kind": None, "doubled": False, "total": 0},
        }
        self.next_dealer = self.dealer
        return events + self._end_hand(result, [], None, None, 0)

    def _end_hand(self, result: dict[str, Any], winners: list[int], knocker: int | None,
                  deadwood: list[int] | None, bonus: int) -> list[Event]:
        opts: GinOptions = self.options
        points = result["points"]
        entry: dict[str, Any] = {
            "points": list(points), "winners": list(winners), "kind": result["kind"], "game": self.game_no,
            "hand": self.hand_no, "dealer": self.dealer, "knocker": knocker,
            "deadwood": None if deadwood is None else list(deadwood), "bonus": bonus,
        }
        if opts.hollywood:
            ended = self._hollywood_hand(entry)
        else:
            for s in (0, 1):
                self.game_scores[s] += points[s]
            for w in winners:
                self.hands_won[w] += 1
            game_over = any(score >= opts.game_target for score in self.game_scores) and bool(winners)
            ended = [(self.game_no, list(self.game_scores), list(self.hands_won))] if game_over else []
        entry["game_scores"] = list(self.game_scores)
        entry["game_over"] = bool(ended)
        self.history.append(entry)
        events = [Event("hand_end", None, info={"kind": result["kind"], "points": list(points),
                                                "winners": list(winners)})]
        result["game_over"] = bool(ended)
        result["game"] = None
        result["games"] = []
        result["match_over"] = False
        self.phase = "hand_over"
        for game, scores, won in ended:
            winner = winners[0]
            record = self._score_game(winner, game, scores, won)
            result["game"] = result["game"] or record
            result["games"].append(record)
            events.append(Event("game_end", winner, info=dict(record)))
            if not opts.hollywood:
                self.new_game_next = True
                self.next_dealer = 1 - winner
        if opts.hollywood:
            match_over = len(self.games) == 3
        else:
            match_over = bool(ended) and max(self.match_scores) >= opts.match_target
        if match_over:
            self.phase = "match_over"
            result["match_over"] = True
            events.append(Event("match_end", None, info={"winners": self.winners()}))
        self.outcome = result
        return events

    def _hollywood_columns(self) -> list[tuple[list[int], list[int]]]:
        """Hollywood scoring: each of the three games' hand points and hands scored so far, per seat,
        read from the ``hollywood`` entries of ``history``."""
        columns: list[tuple[list[int], list[int]]] = [([0, 0], [0, 0]) for _ in range(3)]
        for entry in self.history:
            for game in entry.get("hollywood", ()):
                w = entry["winners"][0]
                scores, won = columns[game - 1]
                scores[w] += entry["points"][w]
                won[w] += 1
        return columns

    def _hollywood_open(self) -> list[int]:
        """The games (1–3) not over yet."""
        over = {g["game"] for g in self.games}
        return [g for g in (1, 2, 3) if g not in over]

    def _hollywood_hand(self, entry: dict[str, Any]) -> list[tuple[int, list[int], list[int]]]:
        """Score a finished hand in Hollywood: its points go to every open game the winner has
        entered and to the first open game they have not. Notes them in ``entry`` and returns the
        games the hand ends as (game, hand points, hands scored)."""
        columns = self._hollywood_columns()
        games: list[int] = []
        if entry["winners"]:
            w = entry["winners"][0]
            open_games = self._hollywood_open()
            games = [g for g in open_games if columns[g - 1][1][w]]
            fresh = [g for g in open_games if not columns[g - 1][1][w]]
            games = sorted(games + fresh[:1])
            for g in games:
                columns[g - 1][0][w] += entry["points"][w]
                columns[g - 1][1][w] += 1
        entry["hollywood"] = games
        self.game_scores, self.hands_won = (list(x) for x in columns[self.game_no - 1])
        target = self.options.game_target
        return [(g, *columns[g - 1]) for g in games if max(columns[g - 1][0]) >= target]

    def _hollywood_view(self) -> list[dict[str, Any]] | None:
        if not self.options.hollywood:
            return None
        winners = {g["game"]: g["winner"] for g in self.games}
        return [{"game": g, "scores": scores, "hands_won": won, "over": g in winners, "winner": winners.get(g)}
                for g, (scores, won) in enumerate(self._hollywood_columns(), start=1)]

    def _score_game(self, winner: int, game: int, scores: list[int], hands_won: list[int]) -> dict[str, Any]:
        """Close ``game`` won by ``winner`` with these hand points and hands won: bonuses, shutout,
        box; adds its totals to the match."""
        opts: GinOptions = self.options
        loser = 1 - winner
        won = scores[winner] + opts.game_bonus
        shutout = hands_won[loser] == 0
        doubled = shutout and opts.shutout_doubles
        if doubled:
            won *= 2
        totals = [0, 0]
        totals[winner] = won
        totals[loser] = scores[loser]
        box = [opts.box_bonus * hands_won[s] for s in (0, 1)]
        for s in (0, 1):
            totals[s] += box[s]
            self.match_scores[s] += totals[s]
        record = {
            "game": game, "winner": winner, "points": list(scores),
            "hands_won": list(hands_won), "game_bonus": opts.game_bonus, "shutout": shutout,
            "doubled": doubled, "box": box, "totals": totals, "match_scores": list(self.match_scores),
        }
        self.games.append(record)
        return record

    def seat_stats(self, seat: int) -> dict[str, int]:
        """Hands played (void ones aside) and won, gins, undercuts made and suffered, points, and
        the best total of a game to ``game_target``."""
        played = [h for h in self.history if h["kind"] != "wall"]
        won = [h for h in played if seat in h["winners"]]
        return {
            "hands": len(played),
            "hands_won": len(won),
            "gins": sum(h["kind"] in ("gin", "big_gin") for h in won),
            "undercuts_made": sum(h["kind"] == "undercut" for h in won),
            "undercuts_suffered": sum(h["kind"] == "undercut" and seat not in h["winners"] for h in played),
            "points": sum(h["points"][seat] for h in played),
            "best_game": max((g["points"][seat] for g in self.finished_games()), default=0),
        }

    def hand_in_play(self) -> bool:
        return self.phase not in ("hand_over", "match_over")

    def finished_games(self) -> list[dict[str, Any]]:
        """Each finished game to ``game_target``: its totals (bonuses included) and its winner."""
        return [{"points": list(g["totals"]), "winners": [g["winner"]]} for g in self.games]

    def _next_hand(self) -> list[Event]:
        events = [Event("shuffle", None, info={"new_game": self.new_game_next})]
        self._begin_hand()
        if self.new_game_next:
            self._new_game(self.next_dealer)
        else:
            self.dealer = self.next_dealer
        if self.options.hollywood and self.game_no not in self._hollywood_open():
            self.game_no = self._hollywood_open()[0]
            self.game_scores, self.hands_won = (list(x) for x in self._hollywood_columns()[self.game_no - 1])
        return events + self._deal(None)

    # ----------------------------------------------------------------- what seats know
    def card_zones(self) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {"stock": [TEXT[c] for c in reversed(self.stock)],
                                       "discard": [TEXT[c] for c in self.pile]}
        laid_on: dict[tuple[int, int], int] = {}
        laid = 0
        for c, k, i in self.layoffs:
            laid_on[(k, i)] = laid_on.get((k, i), 0) | (1 << c)
            laid |= 1 << c
        for s in (0, 1):
            melded = 0
            for i, meld in enumerate(self.table_melds[s]):
                melded |= meld
                zones[f"meld:{s}:{i}"] = M.cards_of(meld | laid_on.get((s, i), 0))
            zones[f"hand:{s}"] = M.cards_of(self.hands[s] & ~melded & ~laid)
        return zones

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        playing = self.phase in ("upcard", "draw", "discard")
        own = self.hands[seat] if seat is not None else 0
        v.update({
            "phase": self.phase,
            "active": self.active if playing else None,
            "dealer": self.dealer,
            "hand": M.cards_of(own) if seat is not None else None,
            "hand_sizes": [self.hands[0].bit_count(), self.hands[1].bit_count()],
            "pile_size": len(self.stock),
            "discard": [TEXT[c] for c in self.pile],
            "discard_top": TEXT[self.pile[-1]] if self.pile else None,
            "discard_log": [{"card": TEXT[c], "by": by, "taken_by": to} for c, by, to in self.pile_log],
            "known_cards": [M.cards_of(self.known[0]), M.cards_of(self.known[1])],
            "opponent_known": M.cards_of(self.known[1 - seat]) if seat is not None else [],
            "just_taken": TEXT[self.just_taken] if self.just_taken >= 0 else None,
            "must_draw": self.must_draw,
            "first_upcard": TEXT[self.first_upcard],
            "knock_limit": self.knock_limit,
            "game_number": self.game_no,
            "hand_number": self.hand_no,
            "game_scores": list(self.game_scores),
            "hands_won": list(self.hands_won),
            "hand_history": [dict(h) for h in self.history if self.game_no in h["hollywood"]]
            if self.options.hollywood else [dict(h) for h in self.history if h["game"] == self.game_no],
            "games": [dict(g) for g in self.games],
            "game_target": self.options.game_target,
            "match_target": self.options.match_target,
            "options": self.options_data(),
            "result": copy.deepcopy(self.outcome),
            "hollywood": self._hollywood_view(),
        })
        if seat is not None:
            dw, melds = M.best_melds(own)
            v["deadwood"] = dw
            v["melds"] = [M.meld_cards(m) for m in melds]
            v["deadwood_after_discard"] = (
                {TEXT[c]: d for c, d in sorted(M.deadwood_after_discards(own).items())}
                if own.bit_count() == 11 else None)
            v["knocks"] = self._knock_offers(seat)
        else:
            v["knocks"] = []
            v["deadwood"] = None
            v["melds"] = None
            v["deadwood_after_discard"] = None
        return v

    @classmethod
    def determinise(cls, view: dict[str, Any], rng: Rng) -> GinRummyState:
        """A whole match that ``view``'s seat cannot tell from the real one: the opponent's cards
        it has not seen and the stock dealt at random from the cards it has not seen."""
        me = view["seat"]
        if me is None:
            raise ValueError("a spectator's view has no seat to determinise for")
        other = 1 - me
        st = cls.__new__(cls)
        st.players, st.names = 2, list(view["names"])
        st.options = GinOptions(**view["options"])
        st._as_simulation(view, rng)
        st.log, st.history = list(view["log"]), [dict(h) for h in view["history"]]
        st.phase, st.dealer = view["phase"], view["dealer"]
        st.known = [M.card_mask(view["known_cards"][0]), M.card_mask(view["known_cards"][1])]
        st.pile = [M.parse_card(c) for c in view["discard"]]
        st.pile_log = [(M.parse_card(e["card"]), e["by"], e["taken_by"]) for e in view["discard_log"]]
        result = view["result"]
        playing = st.phase in ("upcard", "draw", "discard")
        hands = [0, 0]
        if playing or result is None:
            hands[me] = M.card_mask(view["hand"])
            unseen = M.indices(M.FULL_DECK_MASK & ~(hands[me] | st.known[other] | M.card_mask(view["discard"])))
            rng.shuffle(unseen)
            need = view["hand_sizes"][other] - st.known[other].bit_count()
            hands[other] = st.known[other] | sum(1 << c for c in unseen[:need])
            st.stock = unseen[need:]
        else:
            hands = [M.card_mask(h) for h in result["hands"]]
            unseen = M.indices(M.FULL_DECK_MASK & ~(hands[0] | hands[1] | M.card_mask(view["discard"])))
            rng.shuffle(unseen)
            st.stock = unseen
        st.hands = hands
        st.active = view["active"] if view["active"] is not None else (result or {}).get("knocker") or 0
        st.just_taken = -1 if view["just_taken"] is None else M.parse_card(view["just_taken"])
        passes = 0
        for text in reversed(st.log):
            if not text.endswith(": pass"):
                break
            passes += 1
        st.passes = passes if st.phase == "upcard" else 2 if view["must_draw"] else 0
        st.must_draw = view["must_draw"]
        st.first_upcard = M.parse_card(view["first_upcard"])
        st.knock_limit = view["knock_limit"]
        st.game_scores, st.hands_won = list(view["game_scores"]), list(view["hands_won"])
        st.match_scores = list(view["scores"])
        st.game_no, st.hand_no = view["game_number"], view["hand_number"]
        st.games = [dict(g) for g in view["games"]]
        st.outcome = copy.deepcopy(result)
        st.table_melds, st.layoffs = [[], []], []
        st.new_game_next, st.next_dealer = False, 1 - st.dealer
        if result is not None and not playing:
            st.table_melds = [[M.card_mask(m) for m in result["melds"][s]] for s in (0, 1)]
            st.layoffs = [(M.parse_card(x["card"]), x["onto"][0], x["onto"][1]) for x in result["layoffs"]]
            st.new_game_next = bool(result.get("game_over")) and not st.options.hollywood
            if st.new_game_next:
                st.next_dealer = 1 - result["winner"]
            elif result["kind"] == "wall":
                st.next_dealer = st.dealer
        st._reset_caches()
        return st

    def _knock_offers(self, seat: int) -> list[dict[str, Any]]:
        """The knocks and gins ``seat`` may play now, best first (least deadwood, then the highest
        discard), each with every arrangement of its melds that leaves that deadwood, as moves (the
        automatic arrangement first)."""
        offers: list[dict[str, Any]] = []
        for move in self.legal_moves(seat):
            if move.name not in ("knock", "gin") or not move.args:
                continue
            card = M.parse_card(move.args[0])
            rest = self.hands[seat] & ~(1 << card)
            if move.name == "knock":
                auto = self._choose_knock_melds(seat, rest)
                arrangements = [auto] + [a for a in M.all_best_arrangements(rest) if a != auto]
            else:
                arrangements = [M.best_melds(rest)[1]]
            options = []
            for melds in arrangements:
                text = move.action if len(arrangements) == 1 else " ".join(
                    [move.action, *(M.meld_text(m) for m in melds)])
                options.append({"melds": [M.meld_cards(m) for m in melds], "move": text})
            offers.append({"card": TEXT[card], "kind": move.name, "deadwood": M.deadwood(rest),
                           "value": VAL[card], "arrangements": options})
        offers.sort(key=lambda o: (o["deadwood"], -o["value"]))
        return offers

    def redeal_hidden(self, seat: int | None, rng: Rng) -> GinRummyState:
        twin = self.clone()
        places: list[int] = []  # the seat of each hidden hand card, in pool order after the stock
        pool = list(twin.stock)
        if self.phase in ("upcard", "draw", "discard"):
            for s in (0, 1):
                if s != seat:
                    hidden = twin.hands[s] & ~twin.known[s]
                    twin.hands[s] &= ~hidden
                    for c in M.indices(hidden):
                        places.append(s)
                        pool.append(c)
        rng.shuffle(pool)
        n_stock = len(twin.stock)
        twin.stock = pool[:n_stock]
        for s, c in zip(places, pool[n_stock:]):
            twin.hands[s] |= 1 << c
        twin._reset_caches()
        return twin

    # ----------------------------------------------------------------- snapshots
    def _restored(self) -> None:
        if self._legal is None:  # loaded (a clone keeps its copy of the cache)
            self._reset_caches()

    def _check(self) -> None:
        if self.phase not in ("upcard", "draw", "discard", "hand_over", "match_over"):
            raise ValueError(f"unknown phase {self.phase!r}")
        if len(self.hands) != 2 or len(self.known) != 2 or len(self.table_melds) != 2:
            raise ValueError("two hands expected")
        if any(not M.is_meld(m) for ms in self.table_melds for m in ms):
            raise ValueError("bad melds on the table")
