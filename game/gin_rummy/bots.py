"""Gin Rummy bots: ``easy`` (loose), ``normal`` (heuristics) and ``hard`` (sampling over hidden cards).

Every bot reads only its seat's view. The cards it cannot see are the **unseen** cards: the deck
minus its own hand, the discard pile and the cards the opponent is known to hold (taken from the
discard pile). ``hard`` deals those unseen cards to the opponent and the stock many times (a
determinisation consistent with the view) to judge what a discard feeds the opponent and what a
knock is worth; its effort is a fixed number of samples, never a clock.

In the wall variant's last chance (two cards left in the stock, ``take`` offered only when the top
discard lets the bot go out at once, and ``pass``) each bot judges the knock it would make: easy
and simple always take, normal takes for a knock of at most 4 deadwood, hard when the knock wins
on average against its sampled opponents. After such a take only knocks and gins are on offer.
"""

from __future__ import annotations

import random
from typing import Any

from game.core import Bot, Move, Rng
from game.gin_rummy import melds as M
from game.gin_rummy.state import GinRummyState

VAL = M.VALUE_AT


class _Seen:
    """What a view tells about the cards, as masks."""

    __slots__ = (
        "hand",
        "limit",
        "my_discards",
        "opp_discards",
        "opp_known",
        "opp_passed",
        "opp_turns",
        "pile",
        "stock",
        "top",
        "unseen",
        "wall",
    )

    def __init__(self, view: dict[str, Any]) -> None:
        self.hand = M.card_mask(view["hand"])
        self.pile = M.card_mask(view["discard"])
        self.top = M.parse_card(view["discard_top"]) if view["discard_top"] else -1
        self.opp_known = M.card_mask(view["opponent_known"])
        me = view["seat"]
        theirs = [e["card"] for e in view["discard_log"] if e["by"] is not None and e["by"] != me]
        self.opp_discards = M.card_mask(theirs)
        self.opp_turns = len(theirs)
        self.my_discards = M.card_mask(e["card"] for e in view["discard_log"] if e["by"] == me)
        self.opp_passed = _passed_by(view["discard_log"], me, view["dealer"])
        self.unseen = M.FULL_DECK_MASK & ~self.hand & ~self.pile & ~self.opp_known
        self.stock = view["pile_size"]
        self.limit = view["knock_limit"]
        self.wall = bool(view["options"].get("wall_variant"))


def _passed_by(log: list[dict[str, Any]], me: int, dealer: int) -> int:
    """The cards the opponent of ``me`` saw on top of the discard pile and left there, as a mask.

    A card left in the pile (``taken_by`` empty) that the opponent's next discard covered was
    passed: they drew from the stock instead. The first upcard was passed by the opponent also when
    the bot took it as dealer (the non-dealer, the opponent, chose first).
    """
    passed = 0
    for i, entry in enumerate(log):
        later = log[i + 1]["by"] if i + 1 < len(log) else None
        if entry["taken_by"] is None and later == 1 - me:
            passed |= 1 << M.parse_card(entry["card"])
        elif i == 0 and entry["by"] is None and (
                (entry["taken_by"] is None and i + 1 < len(log)) or (entry["taken_by"] == me and dealer == me)):
            passed |= 1 << M.parse_card(entry["card"])
    return passed


PASS_ODDS, THROW_ODDS, TAKE_ODDS = 0.3, 0.6, 0.05
"""The odds ``_likelihood`` gives a sampled opponent hand per card they passed that melds with it,
per card they threw that melds with it, and per card they took and hold that melds with nothing."""


def _likelihood(hand: int, seen: _Seen) -> float:
    """How well a sampled opponent hand agrees with what they did (relative odds, 1 at best).

    A card they passed or threw that would meld with the hand makes it less likely (they would
    have kept it); a card they took from the pile and still hold that melds with nothing in it
    makes it much less likely (players take a discard to meld it).
    """
    odds = 1.0
    for card in M.indices(seen.opp_passed):
        if M.meldable(hand | 1 << card) >> card & 1:
            odds *= PASS_ODDS
    for card in M.indices(seen.opp_discards):
        if M.meldable(hand | 1 << card) >> card & 1:
            odds *= THROW_ODDS
    unmelded = seen.opp_known & ~M.meldable(hand)
    return odds * TAKE_ODDS ** unmelded.bit_count()


def _by_action(legal: list[Move]) -> dict[str, Move]:
    return {m.action: m for m in legal}


def _last_chance(view: dict[str, Any], acts: dict[str, Move]) -> bool:
    """The wall variant's last discard: ``take`` it to go out at once (when offered) or ``pass``."""
    return view["phase"] == "draw" and "pass" in acts


def _out_after_taking(seen: _Seen, view: dict[str, Any]) -> tuple[int, int, int]:
    """The best way out after taking the top discard: (hand of 10 left, card discarded, deadwood)."""
    grown = seen.hand | (1 << seen.top)
    card, dw = _policy_discard(grown, seen.top if view["options"]["forbid_discard_taken"] else -1)
    return grown & ~(1 << card), card, dw


def _best_discard_dw(after: dict[int, int], banned: int = -1) -> int:
    return min(dw for c, dw in after.items() if c != banned)


def _knock_choice(acts: dict[str, Move]) -> list[tuple[int, Move]]:
    """The knock moves on offer as (card index, move)."""
    return [(M.parse_card(a.split(" ")[1]), m) for a, m in acts.items() if a.startswith("knock ")]


def _sound_opening(acts: dict[str, Move], seen: _Seen) -> Move | None:
    """What normal and hard both play without thinking further: deal on, take a discard that
    melds (else draw or pass), or go gin; ``None`` when a discard or knock is to be chosen."""
    if "next" in acts:
        return acts["next"]
    if "take" in acts or "draw" in acts:
        return acts["take"] if "take" in acts and _normal_wants(seen) else (acts.get("draw") or acts["pass"])
    return _gin_move(acts)


def _gin_move(acts: dict[str, Move]) -> Move | None:
    if "gin" in acts:
        return acts["gin"]
    for a, m in acts.items():
        if a.startswith("gin "):
            return m
    return None


def _neighbours(card: int) -> list[int]:
    """Cards that could meld with ``card``: same rank in other suits, same suit one or two ranks away."""
    rank = card % 16
    out = [16 * s + rank for s in range(4) if 16 * s + rank != card]
    for d in (-2, -1, 1, 2):
        if 0 <= rank + d < 13:
            out.append(card + d)
    return out


def _potential(card: int, hand: int, live: int) -> int:
    """How close ``card`` is to a meld with the other cards of ``hand``, counting live missing cards."""
    rank = card % 16
    score = 0
    same_rank = hand & ((1 << rank) * M.ALL_LANES) & ~(1 << card)
    if same_rank:
        score += ((live & ((1 << rank) * M.ALL_LANES)).bit_count()) * same_rank.bit_count()
    for d in (1, -1):
        n1 = card + d
        if 0 <= rank + d < 13 and hand >> n1 & 1:
            for far in (card - d, card + 2 * d):
                r = far % 16 if far >= 0 else -1
                if 0 <= far < 64 and r < 13 and abs(r - rank) <= 2 and live >> far & 1:
                    score += 2
        n2 = card + 2 * d
        if 0 <= rank + 2 * d < 13 and hand >> n2 & 1 and live >> (card + d) & 1:
            score += 1
    return score


def _danger(card: int, seen: _Seen) -> int:
    """How likely ``card`` helps the opponent, from the cards they took and the ones they threw."""
    danger = 0
    for n in _neighbours(card):
        if seen.opp_known >> n & 1:
            danger += 3 if n % 16 == card % 16 or abs(n - card) == 1 else 2
    rank_mask = (1 << (card % 16)) * M.ALL_LANES
    if seen.opp_discards & rank_mask:
        danger -= 1
    if seen.opp_discards >> card & 1:
        danger -= 1
    return danger


class EasyBot(Bot):
    """Loose play: takes a discard only when it melds at once, throws a random deadwood card often."""

    level = "easy"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        if "next" in acts:
            return acts["next"]
        seen = _Seen(view)
        if _last_chance(view, acts):
            return acts.get("take") or acts["pass"]
        if "take" in acts or "draw" in acts:
            if "take" in acts and seen.top >= 0 and not seen.my_discards >> seen.top & 1:
                with_top = seen.hand | (1 << seen.top)
                if M.meldable(with_top) >> seen.top & 1 and self.rng.random() < 0.7:
                    return acts["take"]
            return acts.get("draw") or acts["pass"]
        gin = _gin_move(acts)
        if gin is not None:
            return gin
        knocks = _knock_choice(acts)
        if knocks:
            return self.rng.choice(knocks)[1]
        discards = [(M.parse_card(a.split(" ")[1]), m) for a, m in acts.items() if a.startswith("discard ")]
        loose = [(c, m) for c, m in discards if not M.meldable(seen.hand) >> c & 1]
        if loose and self.rng.random() < 0.6:
            return max(loose, key=lambda cm: (VAL[cm[0]], self.rng.random()))[1]
        return self.rng.choice(loose or discards)[1]


class SimpleBot(Bot):
    """The public yardstick of Gin Rummy AI research (the EAAI challenge's simple player): takes
    the discard only if it makes a meld, knocks (or goes gin) as soon as it can, and otherwise
    throws the highest card in no meld. For the arena; not offered at the table."""

    level = "simple"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        if "next" in acts:
            return acts["next"]
        seen = _Seen(view)
        if _last_chance(view, acts):
            return acts.get("take") or acts["pass"]
        if "take" in acts or "draw" in acts:
            if "take" in acts and seen.top >= 0:
                melds = M.best_melds(seen.hand | (1 << seen.top))[1]
                if any(m >> seen.top & 1 for m in melds):
                    return acts["take"]
            return acts.get("draw") or acts["pass"]
        gin = _gin_move(acts)
        if gin is not None:
            return gin
        after = M.deadwood_after_discards(seen.hand)
        knocks = _knock_choice(acts)
        if knocks:
            return min(knocks, key=lambda cm: (after[cm[0]], -VAL[cm[0]]))[1]
        melded = sum(M.best_melds(seen.hand)[1])
        discards = [(M.parse_card(a.split(" ")[1]), m) for a, m in acts.items() if a.startswith("discard ")]
        loose = [(c, m) for c, m in discards if not melded >> c & 1] or discards
        return max(loose, key=lambda cm: (VAL[cm[0]], cm[0]))[1]


def _rank_discards(seen: _Seen, acts: dict[str, Move], after: dict[int, int]) -> list[tuple[float, int, Move]]:
    """The plain discards on offer, best first by the normal heuristic: deadwood left, the card's
    closeness to a meld with live cards, how much it may help the opponent, its value."""
    live = seen.unseen
    ranked = []
    for action, move in acts.items():
        if action.startswith("discard "):
            c = M.parse_card(action[8:])
            rest = seen.hand & ~(1 << c)
            score = after[c] + 1.5 * _potential(c, rest, live) + 2.0 * _danger(c, seen) - 0.1 * VAL[c]
            ranked.append((score, c, move))
    ranked.sort(key=lambda x: x[:2])
    return ranked


def _normal_wants(seen: _Seen) -> bool:
    """Take the top discard when it melds and lowers the deadwood, allows a knock, or saves a lot.

    A card the bot threw itself this hand is never taken back: two bots passing cards to each other
    could otherwise play a hand forever, since taking does not shorten the stock.
    """
    if seen.top < 0 or seen.my_discards >> seen.top & 1:
        return False
    t = seen.top
    now = M.deadwood(seen.hand)
    best = _best_discard_dw(M.deadwood_after_discards(seen.hand | (1 << t)), t)
    melds_t = M.meldable(seen.hand | (1 << t)) >> t & 1
    return bool(melds_t and best < now) or best <= seen.limit < now or best <= now - 8


class NormalBot(Bot):
    """Sound heuristics: keep melds and near-melds, throw the highest useless card, avoid feeding
    the opponent what they collect, take a discard that melds, knock as soon as it is safe."""

    level = "normal"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        seen = _Seen(view)
        if _last_chance(view, acts):
            return acts["take"] if "take" in acts and _out_after_taking(seen, view)[2] <= 4 else acts["pass"]
        forced = _sound_opening(acts, seen)
        if forced is not None:
            return forced
        after = M.deadwood_after_discards(seen.hand)
        ranked = _rank_discards(seen, acts, after)
        knocks = _knock_choice(acts)
        if knocks:
            card, move = min(knocks, key=lambda cm: (after[cm[0]], -VAL[cm[0]]))
            if after[card] <= 4 or seen.stock > 8 or not ranked:
                return move
        return ranked[0][2]


def _policy_discard(hand: int, banned: int, keep: int = 0) -> tuple[int, int]:
    """The rollout policy's discard: least deadwood left, then the highest card. (card, deadwood).

    ``banned`` (a card index) and the cards of ``keep`` (a mask) are never thrown.
    """
    best_card, best_key, best_dw = -1, 1 << 30, 0
    for c, dw in M.deadwood_after_discards(hand).items():
        if c == banned or keep >> c & 1:
            continue
        key = dw * 16 - VAL[c]
        if key < best_key:
            best_card, best_key, best_dw = c, key, dw
    return best_card, best_dw


def _policy_takes(hand: int, top: int, limit: int) -> bool:
    """The rollout policy takes the top discard when it melds and lowers the deadwood, or allows a knock.

    A top that melds with nothing stays deadwood, and any discard lowers the deadwood by at most
    10: when even that cannot reach the limit, the answer is no without solving the hand.
    """
    with_top = hand | (1 << top)
    if not M.meldable(with_top) >> top & 1 and M.deadwood(hand) - 10 + VAL[top] > limit:
        return False
    best = min(dw for c, dw in M.deadwood_after_discards(with_top).items() if c != top)
    return best <= limit or (best < M.deadwood(hand) and bool(M.meldable(with_top) >> top & 1))


def _go_out_score(knocker_hand: int, dw: int, defender: int, bonus: tuple[int, int, int]) -> int:
    """Value of a knock or gin by the holder of ``knocker_hand`` (10 cards), positive if the knocker wins.

    ``bonus`` is (gin bonus, undercut bonus, box bonus): the hand's points plus the box bonus the
    winner of the hand earns at the end of the game.
    """
    gin, undercut, box = bonus
    if dw == 0:
        return gin + M.deadwood(defender) + box
    melds = M.best_melds(knocker_hand)[1]
    d_dw = M.defend(defender, melds)[0]
    return d_dw - dw + box if dw < d_dw else -(dw - d_dw + undercut + box)


def _last_discard_value(taker: int, top: int, other: int, limit: int, bonus: tuple[int, int, int]) -> int:
    """Wall variant: what the holder of ``taker`` (10 cards) wins by taking the last discard ``top``
    to go out at once, as the rollout policy plays it (it takes whenever it can knock); 0 if it passes."""
    grown = taker | (1 << top)
    card, dw = _policy_discard(grown, top)
    return _go_out_score(grown & ~(1 << card), dw, other, bonus) if dw <= limit else 0


def _playout(hands: list[int], stock: list[int], top: int, player: int, limit: int,
             bonus: tuple[int, int, int], wall: bool = False) -> int:
    """Finish a hand with both seats on the rollout policy; ``player`` draws next. Value for seat 0.

    With ``wall`` (the wall variant) the last discard may still be taken to go out."""
    while True:
        hand = hands[player]
        taken = -1
        if top >= 0 and _policy_takes(hand, top, limit):
            taken = top
            hand |= 1 << top
        else:
            hand |= 1 << stock.pop()
        card, dw = _policy_discard(hand, taken)
        hand &= ~(1 << card)
        hands[player] = hand
        if dw <= limit:
            points = _go_out_score(hand, dw, hands[1 - player], bonus)
            return points if player == 0 else -points
        if len(stock) <= 2:
            if not wall:
                return 0
            points = _last_discard_value(hands[1 - player], card, hand, limit, bonus)
            return -points if player == 0 else points
        top = card
        player = 1 - player


def _take_reason(seen: _Seen) -> tuple[str, dict[str, Any]]:
    """Why ``_normal_wants`` takes (or leaves) the top discard."""
    t = seen.top
    card = M.TEXT_AT[t] if t >= 0 else ""
    if t < 0:
        return "gin.draw", {}
    if seen.my_discards >> t & 1:
        return "gin.no_take_back", {"card": card}
    now = M.deadwood(seen.hand)
    best = _best_discard_dw(M.deadwood_after_discards(seen.hand | (1 << t)), t)
    if best <= seen.limit < now:
        return "gin.take_knock", {"card": card, "deadwood": best}
    if M.meldable(seen.hand | (1 << t)) >> t & 1 and best < now:
        return "gin.take_meld", {"card": card, "deadwood": best}
    if best <= now - 8:
        return "gin.take_saves", {"card": card, "saved": now - best}
    return "gin.leave", {"card": card}


def _warning(card: int, seen: _Seen) -> int:
    """A card the opponent threw that tells they do not collect ``card`` (same rank, or next in
    its suit), or -1."""
    rank, suit = card % 16, card // 16
    for c in M.indices(seen.opp_discards):
        if c % 16 == rank or (c // 16 == suit and abs(c % 16 - rank) == 1):
            return c
    return -1


class HardBot(Bot):
    """Normal's judgement sharpened by sampling the hidden cards, with a fixed budget.

    The unseen cards are dealt ``DEALS`` times to the opponent's hidden places and the stock,
    consistently with the view; each sampled opponent hand is then improved as many times as the
    opponent has drawn (a random hand is far weaker than a played one), and the samples are picked
    in proportion to how well they explain what the opponent took, passed and threw. On these deals:

    - a discard is judged by the expected deadwood after the next draw (instead of the deadwood
      now), normal's closeness-to-meld and danger terms, and the deadwood the card would save the
      sampled opponents (``FEED_WEIGHT``);
    - the ``PLAYOUTS`` best discards so judged are then each played out to the hand's end on every
      deal (the fast greedy policy for both seats, the same deals for every card), and the mean
      points for the bot (``PLAYOUT_WEIGHT`` per point) decide between them;
    - a knock is weighed against playing on: its exact score against every sampled defending hand
      (their best melds and lay-offs) against a play-out of the hand to its end with a fast greedy
      policy for both seats after the best plain discard, on the same deals. A won hand also
      counts the box bonus it will bring at the end of the game.

    It also takes a top discard that melds with nothing when the deadwood it leaves beats the mean
    of what a card from the stock would leave by ``TAKE_MARGIN``.
    """

    level = "hard"
    DEALS = 60
    CANDIDATES = 120
    FEED_WEIGHT = 0.5
    LOOKAHEAD_WEIGHT = 0.5
    SHORTLIST = 6
    PLAYOUTS = 6
    PLAYOUT_WEIGHT = 1.0
    TAKE_MARGIN = 2.0
    BOX_WEIGHT = 1.0
    """Share of the box bonus a won hand counts for in every judgement: winning a hand is worth
    more than its points (0 and 0.5, or 2 and 3, scored fewer points per hand against ``simple``,
    within the noise: the rounds in ``git show 2845ff7:docs/bots.md``)."""
    KNOCK_MARGIN = 0.0
    """Points per sampled deal by which a knock may fall short of playing on and still be played
    (negative: it must win by that much); −3 and +3 both scored fewer points per hand, within the noise."""

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        seen = _Seen(view)
        self.reason = None
        opts = view["options"]
        bonus = (opts["gin_bonus"], opts["undercut_bonus"], round(opts["box_bonus"] * self.BOX_WEIGHT))
        if _last_chance(view, acts):
            top = M.TEXT_AT[seen.top] if seen.top >= 0 else ""
            if "take" not in acts:
                self.because("gin.last_cannot", card=top)
                return acts["pass"]
            rest, _, dw = _out_after_taking(seen, view)
            deals = self._deals(seen, view)
            knock = sum(_go_out_score(rest, dw, opp, bonus) for opp, _ in deals)
            self.because("gin.last_take" if knock >= 0 else "gin.last_pass",
                         card=top, deadwood=dw, deals=len(deals))
            return acts["take"] if knock >= 0 else acts["pass"]
        forced = _sound_opening(acts, seen)
        if forced is not None:
            if forced.name in ("draw", "pass") and "take" in acts and self._takes_low(seen):
                return acts["take"]
            if forced.name in ("take", "draw", "pass"):
                self.reason = _take_reason(seen)
            elif forced.name == "gin":
                self.because("gin.gin")
            return forced
        after = M.deadwood_after_discards(seen.hand)
        ranked = _rank_discards(seen, acts, after)
        knocks = _knock_choice(acts)
        if knocks:
            card, move = min(knocks, key=lambda cm: (after[cm[0]], -VAL[cm[0]]))
            if not ranked:  # the wall variant's last discard was taken: going out is the only move
                self.because("gin.out_last", card=M.TEXT_AT[card], deadwood=after[card])
                return move
            deals = self._deals(seen, view)
            knock = self._knock_beats_playing_on(seen, deals, card, after[card], ranked[0][1], bonus)
            key = "gin.knock" if knock else "gin.play_on"
            self.because(key, card=M.TEXT_AT[card], deadwood=after[card], deals=len(deals))
            return move if knock else ranked[0][2]
        deals = self._deals(seen, view)
        opponents = [opp for opp, _ in deals]
        unseen = M.indices(seen.unseen)
        judged = []
        for score, c, move in ranked[:self.SHORTLIST]:
            rest = seen.hand & ~(1 << c)
            score += self.LOOKAHEAD_WEIGHT * (_expected_next(rest, unseen) - after[c])
            fed = _feed(c, opponents)
            judged.append((score + self.FEED_WEIGHT * fed, c, move, fed))
        judged.sort(key=lambda x: x[:2])
        first = judged[0][1]
        if self.PLAYOUTS and len(deals[0][1]) > 2:
            judged = [(score - self.PLAYOUT_WEIGHT * self._played_out(seen, deals, c, bonus), c, move, fed)
                      for score, c, move, fed in judged[:self.PLAYOUTS]]
            judged.sort(key=lambda x: x[:2])
        _, best_card, best_move, best_feed = judged[0]
        loose = not sum(M.best_melds(seen.hand)[1]) >> best_card & 1
        params = {"card": M.TEXT_AT[best_card], "deadwood": after[best_card], "deals": len(deals)}
        warned = _warning(best_card, seen)
        if best_card != first:
            self.because("gin.discard_played_out", other=M.TEXT_AT[first], **params)
        elif warned >= 0:
            self.because("gin.discard_warned" if loose else "gin.discard_break_warned", other=M.TEXT_AT[warned], **params)
        elif best_feed == 0:
            self.because("gin.discard_safe" if loose else "gin.discard_break_safe", **params)
        else:
            self.because("gin.discard" if loose else "gin.discard_break", **params)
        return best_move

    def _takes_low(self, seen: _Seen) -> bool:
        """Take a top discard that melds with nothing when the deadwood it leaves is lower, by
        ``TAKE_MARGIN``, than the mean of what a card from the stock would leave."""
        t = seen.top
        if t < 0 or seen.my_discards >> t & 1:
            return False
        best = _best_discard_dw(M.deadwood_after_discards(seen.hand | (1 << t)), t)
        expected = _expected_next(seen.hand, M.indices(seen.unseen))
        if best > expected - self.TAKE_MARGIN:
            return False
        self.because("gin.take_low", card=M.TEXT_AT[t], deadwood=best, expected=round(expected))
        return True

    def _knock_beats_playing_on(self, seen: _Seen, deals: list[tuple[int, list[int]]], card: int, dw: int,
                                discard: int, bonus: tuple[int, int, int]) -> bool:
        hand = seen.hand & ~(1 << card)
        knock = sum(_go_out_score(hand, dw, opp, bonus) for opp, _ in deals)
        rest = seen.hand & ~(1 << discard)
        if len(deals[0][1]) <= 2:
            if not seen.wall:
                return knock >= 0
            return knock >= -sum(_last_discard_value(opp, discard, rest, seen.limit, bonus) for opp, _ in deals)
        on = sum(_playout([rest, opp], list(stock), discard, 1, seen.limit, bonus, seen.wall)
                 for opp, stock in deals)
        return knock >= on - self.KNOCK_MARGIN * len(deals)

    def _played_out(self, seen: _Seen, deals: list[tuple[int, list[int]]], card: int,
                    bonus: tuple[int, int, int]) -> float:
        """Mean points of the hand for the bot after discarding ``card``, each sampled deal played
        out to its end by the rollout policy for both seats (the same deals for every card)."""
        rest = seen.hand & ~(1 << card)
        total = sum(_playout([rest, opp], list(stock), card, 1, seen.limit, bonus, seen.wall)
                    for opp, stock in deals)
        return total / len(deals)

    def _deals(self, seen: _Seen, view: dict[str, Any]) -> list[tuple[int, list[int]]]:
        """Opponent hands and stock orders consistent with the view (stock top last), each drawn
        by the contract's ``determinise`` from the view alone.

        Each sampled hand is improved as many times as the opponent has drawn: draw an unseen card,
        throw the card the greedy policy would throw (never a card they are known to hold). Before
        that, each card they took is given partners to meld with (``_meld_taken``).
        ``CANDIDATES`` hands are drawn so; ``DEALS`` of them are kept, each picked with a chance in
        proportion to its ``_likelihood`` (what the opponent took, passed and threw).
        """
        rng = self.rng
        other = 1 - view["seat"]
        deals = []
        for _ in range(self.CANDIDATES):
            world = GinRummyState.determinise(view, Rng(rng.getrandbits(63)))
            hand = world.hands[other]
            spare = list(world.stock)
            hand, spare = _meld_taken(hand, spare, seen.opp_known, rng)
            for _ in range(min(seen.opp_turns, len(spare))):
                k = rng.randrange(len(spare))
                card = spare[k]
                grown = hand | (1 << card)
                worst, _ = _policy_discard(grown, -1, seen.opp_known)
                if worst != card:
                    spare[k] = worst
                hand = grown & ~(1 << worst)
            rng.shuffle(spare)
            deals.append((hand, spare))
        weights = [_likelihood(hand, seen) for hand, _ in deals]
        return rng.choices(deals, weights, k=self.DEALS)


def _meld_taken(hand: int, spare: list[int], known: int, rng: random.Random) -> tuple[int, list[int]]:
    """Give each ``known`` card of a sampled opponent ``hand`` that melds with nothing two partners
    making a meld, drawn at random among the hidden cards (the hand's unknown cards and ``spare``):
    the partners come into the hand and the hand's cards they replace go to ``spare``."""
    for card in M.indices(known & ~M.meldable(hand)):
        pool = (hand & ~known) | sum(1 << c for c in spare)
        pairs = [p for p in _partner_pairs(card) if p & pool == p]
        if not pairs:
            continue
        pair = rng.choice(pairs)
        out = M.indices(hand & ~known & ~pair)
        if len(out) < (pair & ~hand).bit_count():
            continue
        for c in M.indices(pair & ~hand):
            gone = out.pop(rng.randrange(len(out)))
            spare[spare.index(c)] = gone
            hand = hand & ~(1 << gone) | (1 << c)
    return hand, spare


def _partner_pairs(card: int) -> list[int]:
    """The pairs of cards (masks) that make a meld with ``card``: two of its rank, or two cards
    around it in its suit."""
    rank = card % 16
    same = [16 * s + rank for s in range(4) if 16 * s + rank != card]
    pairs = [(1 << a) | (1 << b) for i, a in enumerate(same) for b in same[i + 1:]]
    for first in (rank - 2, rank - 1, rank + 1):
        a, b = (first, first + 1) if first != rank - 1 else (rank - 1, rank + 1)
        if 0 <= a and b < 13:
            pairs.append((1 << (card - rank + a)) | (1 << (card - rank + b)))
    return pairs


def _expected_next(hand10: int, unseen: list[int]) -> float:
    """Mean least deadwood after drawing one unseen card and discarding the best card."""
    total = 0
    after = M.deadwood_after_discards
    for u in unseen:
        total += min(after(hand10 | (1 << u)).values())
    return total / max(1, len(unseen))


def _feed(card: int, opp_hands: list[int]) -> float:
    """Mean deadwood the sampled opponents would save by taking ``card``."""
    gain = 0
    bit = 1 << card
    for h in opp_hands:
        if h & bit:
            continue
        now = M.deadwood(h)
        best = min(dw for c, dw in M.deadwood_after_discards(h | bit).items() if c != card)
        if best < now:
            gain += now - best
    return gain / max(1, len(opp_hands))


_LEVELS: dict[str, type[EasyBot | NormalBot | HardBot | SimpleBot]] = {
    "easy": EasyBot, "normal": NormalBot, "hard": HardBot, "simple": SimpleBot,
}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A Gin Rummy bot of ``level`` (``easy``, ``normal`` or ``hard``)."""
    try:
        cls = _LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; expected easy, normal, hard or simple") from None
    return cls(seed)
