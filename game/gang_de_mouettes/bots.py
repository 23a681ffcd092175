"""Gang de mouettes bots: ``easy``, ``normal`` and ``hard`` through ``make_bot(level, seed)``.

Every bot decides from a seat's view only. ``normal`` plays heuristics on a *perspective*: the
values it knows, the mean of the cards it has not seen for every unknown card (an opponent's card
its holder knows and keeps counts lower), and calls when a normal estimate of every seat's total
gives it the odds of ending lowest that ``W`` asks; at three players or more a card it takes or
draws replaces one it has not seen before a known one, so that it comes to know its hand (a known
card can be quick-discarded). Its weights (``W``) were searched by ``benchmarks/research/tune_gang.py``
against the independent players (``game.yardsticks``). ``easy`` is
``normal`` with a memory that forgets cards seen a few turns ago, reacts slowly (``REACTION_TIMES``), sometimes
misremembers a card when it snaps, and calls on a whim. ``hard`` samples the hidden cards
consistently with its view and with what the round's public actions tell (determinisation: a card
swapped in is lower than the one it replaced, an opponent that passed up a call holds no hand it
would have called on), and scores each candidate move by rolling the round out with the ``normal``
policy for every seat; its effort is a count of rollouts, never a clock. A move is judged by the
bot's points less the others' average, so a call weighs what playing on would cost. The bot skips
a call that ``call_odds`` (every seat's total as odds over the cards it has not seen) says cannot
pay. At two players it then calls at the end of its turn by ``normal``'s odds: weighed by the
rollouts, that one choice cost on tuning seeds about as much as they won elsewhere. At three players or more it plays a
call only when it came out lowest in three rollouts out of four and does clearly best on the same
guessed deals (or came out lowest in four out of five, or in nine out of ten and is behind the
best move only by luck). It leaves ``normal``'s choice only for a move clearly better (never for
``normal``'s call: a call is played on its own odds).
No bot calls on cards it has not looked at unless its lead covers them: each such card widens
``normal``'s estimate of its own total (``lowest_chance``), and ``easy`` asks ``UNSEEN_MARGIN`` more
lead for it, whatever its whim.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from game.core import Bot, Move, Rng
from game.gang_de_mouettes.cards import COUNTS, card_value
from game.gang_de_mouettes.options import LAST
from game.gang_de_mouettes.state import DRAWN, END_TURN, GIVE, OVER, PUBLIC, ROUND_OVER, SCOUT, TURN, WINDOW, GangState

KEPT_MAX = 9
"""A card its holder knows and keeps is taken to be at most this: the 10s, 15s and 20s are the first
cards a player swaps away."""

NO_CAP = 20
"""The highest card: a cap that says nothing."""

W: dict[str, float] = {
    "kept": 0.5,
    "take": 2.5,
    "take_low": 1.0,
    "swap_unknown": 0.4,
    "swap": -0.4,
    "look": 1.5,
    "spy": 0.3,
    "steal": 0.5,
    "scout": 1.5,
    "trade": 0.5,
    "call_unseen": 4.0,
    "call_low": 4.0,
    "call_p": 0.4,
    "call_p_many": 0.5,
    "call_ceiling": 30.0,
    "call_gain": 0.0,
    "unseen_first": 0.0,
    "unseen_first_many": 4.0,
}
"""The normal policy's weights (``benchmarks/research/tune_gang.py`` searches them): how far an opponent's
card its holder knows counts below the unseen mean (``kept``), the gains asked to take the discard,
to keep a drawn card and to use each power, when to call, and how many points more a card the seat
has not looked at counts when it chooses which of its cards a new one replaces (``unseen_first``
at two players, ``unseen_first_many`` at more: see ``_to_replace``)."""


@dataclass
class Perspective:
    """What one seat believes: known values (``None`` = unknown) and the mean of unseen cards."""

    me: int
    n: int
    phase: str
    active: int | None
    vals: list[list[int | None]]
    top: int | None
    mean: float
    drawn: int | None
    scouted: tuple[int, int] | None
    caller: int | None
    pique: bool
    can_draw: bool
    round_turn: int
    gives_last: bool = False
    """A piqué's thief gives its last card (option ``pique_gives``), not the card it chooses."""
    unseen: dict[int, int] = field(default_factory=dict)
    """How many cards of each value the seat has not seen (in the pile or face down somewhere)."""
    holder_knows: list[list[bool]] = field(default_factory=list)
    """Whether each card's holder knows it (a kept card is likely low)."""
    penalty: int = 10
    ties_win: bool = True
    caller_plays_last: bool = True
    caps: list[list[int]] = field(default_factory=list)
    """What each card is at most, as the round's public actions tell (``card_caps``); empty: unread."""
    floors: list[float | None] = field(default_factory=list)
    """What the cards each seat knows add up to at least, since it passed up a call (``pass_floors``);
    empty: unread."""

    kept: float = 5.0
    """The mean of the unseen cards no higher than ``KEPT_MAX``: what an opponent's card that its
    holder knows and keeps is worth, as far as this seat can tell."""

    def est(self, seat: int) -> list[float]:
        """The expected value of each of ``seat``'s cards: a known card its value; an unknown card
        the mean of the unseen cards, or, for an opponent's card its holder knows and keeps,
        ``W["kept"]`` of the way from that mean down to ``kept``."""
        m = self.mean
        if seat == self.me or not self.holder_knows:
            return [m if v is None else float(v) for v in self.vals[seat]]
        low = m + W["kept"] * (self.kept - m)
        return [(low if k else m) if v is None else float(v) for v, k in zip(self.vals[seat], self.holder_knows[seat])]


def _mean_of_unseen(counts: dict[int, int], top: int = NO_CAP) -> float:
    total = weighted = 0
    for v, c in counts.items():  # one pass: a search reads this twice for every move it weighs
        if v <= top:
            total += c
            weighted += v * c
    return weighted / total if total else 5.0


def perspective_from_view(view: dict[str, Any], hidden: Collection[tuple[int, int]] = frozenset()) -> Perspective:
    """A perspective from a view; ``hidden`` lists (seat, slot) the bot has forgotten."""
    counts = dict(COUNTS)
    vals: list[list[int | None]] = []
    for s, row in enumerate(view["slots"]):
        out: list[int | None] = []
        for i, text in enumerate(row):
            v = None if text is None or (s, i) in hidden else card_value(text)
            if v is not None:
                counts[v] -= 1
            out.append(v)
        vals.append(out)
    for text in view["discard"]:
        counts[card_value(text)] -= 1
    drawn = None if view["drawn"] is None else card_value(view["drawn"])
    for v in (drawn, None if view["pending"] is None else card_value(view["pending"])):
        if v is not None:
            counts[v] -= 1
    return Perspective(
        me=view["seat"], n=view["players"], phase=view["phase"], active=view["active"], vals=vals,
        top=None if view["top"] is None else card_value(view["top"]), mean=_mean_of_unseen(counts),
        drawn=drawn, scouted=None if view["scouted"] is None else (view["scouted"][0], view["scouted"][1]),
        caller=view["caller"], pique=view["pique"], can_draw=view["can_draw"], round_turn=view["round_turn"],
        gives_last=view["options"]["pique_gives"] == LAST, unseen=counts,
        holder_knows=[[s in who for who in row] for s, row in enumerate(view["knowers"])],
        penalty=view["options"]["caller_penalty"], ties_win=view["options"]["tie_counts_as_lowest"],
        caller_plays_last=view["options"]["caller_plays_last"], kept=_mean_of_unseen(counts, KEPT_MAX))


_OWN_BITS = tuple((1 << s) | PUBLIC for s in range(PUBLIC.bit_length() - 1))
"""For each seat, the knowledge bits that say it knows a card: its own, or everybody's (``PUBLIC``
is the bit after the seats')."""


def perspective_from_state(st: GangState, seat: int) -> Perspective:
    """The same perspective read straight from a state (for rollouts inside a bot's own search)."""
    counts = dict(COUNTS)
    bit = (1 << seat) | PUBLIC
    vals: list[list[int | None]] = [[c if m & bit else None for c, m in zip(cards, masks)]
                                    for cards, masks in zip(st.slots, st.know)]
    for row in vals:
        for c in row:
            if c is not None:
                counts[c] -= 1
    for c in st.discard:
        counts[c] -= 1
    drawn = st.drawn if st.drawn is not None and (seat == st.active or st.phase == SCOUT) else None
    if drawn is not None:
        counts[drawn] -= 1
    if st.pending is not None:
        counts[st.pending] -= 1
    o = st.options
    return Perspective(seat, st.players, st.phase, None if st.phase in (ROUND_OVER, OVER) else st.active, vals,
                       st.discard[-1] if st.discard else None, _mean_of_unseen(counts), drawn, st.scout,
                       st.caller, st._pique(), st._can_draw(), st.turn - st.first_turn + 1,
                       o.pique_gives == LAST, counts,
                       [[m & own != 0 for m in masks] for own, masks in zip(_OWN_BITS, st.know)],
                       o.caller_penalty, o.tie_counts_as_lowest, o.caller_plays_last,
                       kept=_mean_of_unseen(counts, KEPT_MAX))


# --------------------------------------------------------------------------- odds of the round's end

Odds = dict[int, float]
"""A probability for each value (of a card, or of a total)."""


def _odds_of(counts: dict[int, int], top: int | None = None) -> Odds:
    """The value of one card drawn from ``counts`` (values up to ``top`` only, if any are left)."""
    pool = {v: c for v, c in counts.items() if c > 0 and (top is None or v <= top)}
    if not pool:
        return _odds_of(counts) if top is not None and any(c > 0 for c in counts.values()) else {7: 1.0}
    total = sum(pool.values())
    return {v: c / total for v, c in pool.items()}


def _add(a: Odds, b: Odds) -> Odds:
    out: Odds = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, 0.0) + px * py
    return out


def _mean(odds: Odds) -> float:
    return sum(v * q for v, q in odds.items())



UNKNOWN_SWAP_MAX = 7
"""A card drawn and swapped for a card its holder had not seen is taken to be at most this (about
the mean of a card: a higher one would have been thrown)."""


def card_cap(p: Perspective, seat: int, slot: int) -> int:
    """What an opponent's card the seat of ``p`` has not seen is at most: what the round's public
    actions say (``card_caps``), and ``KEPT_MAX`` when its holder knows it and kept it."""
    cap = p.caps[seat][slot] if p.caps else NO_CAP
    if seat != p.me and p.holder_knows[seat][slot]:
        cap = min(cap, KEPT_MAX)
    return cap


def card_odds(p: Perspective, seat: int, slot: int) -> Odds:
    """What ``seat``'s card in ``slot`` is worth, as the seat of ``p`` sees it: its value if known;
    else a card of the unseen ones, at most its cap (``card_cap``)."""
    v = p.vals[seat][slot]
    if v is not None:
        return {v: 1.0}
    cap = card_cap(p, seat, slot) if seat != p.me else NO_CAP
    return _odds_of(p.unseen, None if cap >= NO_CAP else cap)


def card_caps(view: dict[str, Any]) -> list[list[int]]:
    """What each card on the table is at most, read from this round's public actions by a player
    who keeps its low cards: a card drawn and swapped in is lower than the card it replaced (or at
    most ``UNKNOWN_SWAP_MAX`` when its holder had not seen that card), and a drawn card thrown
    away means every card its holder knew was no higher. Caps move with their cards; a log that
    does not match the table (``NO_CAP`` everywhere) says nothing."""
    n = view["players"]
    peek = view["options"]["peek_slots"]
    caps = [[NO_CAP] * 4 for _ in range(n)]
    knew = [[i < peek for i in range(4)] for _ in range(n)]
    for e in view["round_log"]:
        kind, a = e["kind"], e["seat"]
        if kind == "swap":
            i = e["slot"]
            caps[a][i] = max(0, card_value(e["replaced"]) - 1) if knew[a][i] else UNKNOWN_SWAP_MAX
            knew[a][i] = True
        elif kind == "take":
            caps[a][e["slot"]], knew[a][e["slot"]] = NO_CAP, True
        elif kind == "discard":
            d = card_value(e["card"])
            caps[a] = [min(c, d) if k else c for c, k in zip(caps[a], knew[a])]
        elif kind == "look":
            knew[a][e["target"][1]] = True
        elif kind in ("steal", "trade"):
            (s, i), j = e["target"], e["slot"]
            caps[a][j], caps[s][i] = caps[s][i], caps[a][j]
            knew[a][j], knew[s][i] = kind == "trade", False
        elif kind == "drop":
            caps[a].pop(e["slot"])
            knew[a].pop(e["slot"])
        elif kind == "snap" and e["success"]:
            t, i = e["target"]
            caps[t].pop(i)
            knew[t].pop(i)
        elif kind == "penalty":
            caps[a].append(NO_CAP)
            knew[a].append(False)
        elif kind == "give":
            caps[e["to"]].append(caps[a].pop(e["slot"]))
            knew[a].pop(e["slot"])
            knew[e["to"]].append(False)
    if [len(r) for r in caps] != [len(r) for r in view["slots"]]:
        return [[NO_CAP] * len(r) for r in view["slots"]]
    return caps


def final_total_odds(p: Perspective, seat: int, plays: bool) -> Odds:
    """``seat``'s total at the end of the round: its cards, less what its one more turn gains when
    it ``plays`` (it draws and swaps the drawn card for its worst card when that is lower)."""
    cards = [card_odds(p, seat, i) for i in range(len(p.vals[seat]))]
    total: Odds = {0: 1.0}
    floor = p.floors[seat] if p.floors else None
    if floor is not None:  # what the holder knows was not low enough for a call
        for c, known in zip(cards, p.holder_knows[seat]):
            if known:
                total = _add(total, c)
        high = {t: q for t, q in total.items() if t >= floor}
        total = high if sum(high.values()) > 0.05 else total
        mass = sum(total.values())
        total = {t: q / mass for t, q in total.items()}
    for c, known in zip(cards, p.holder_knows[seat]):
        if floor is None or not known:
            total = _add(total, c)
    if not plays or not cards:
        return total
    worst = max(_mean(c) for c in cards)
    gain: Odds = {}
    for d, q in _odds_of(p.unseen).items():
        g = -max(0, round(worst - d))
        gain[g] = gain.get(g, 0.0) + q
    out: Odds = {}
    for t, q in _add(total, gain).items():
        out[max(0, t)] = out.get(max(0, t), 0.0) + q
    return out


PASS_MARGIN = 2.0
"""A player is taken to call once it believes itself lowest by this much (and by ``UNSEEN_MARGIN``
more for each of its own cards it has not seen)."""
UNSEEN_MARGIN = 4.0
"""Points of lead a bot asks more, before it calls, for each of its own cards it has not seen: such
a card counts at the mean of the unseen cards, but may be a 15 or a 20, and a call on cards one has
not looked at is what the 10-point penalty punishes."""


def unseen_lead(p: Perspective) -> float:
    """The lead the seat of ``p`` asks more before it calls: ``UNSEEN_MARGIN`` per own card unseen."""
    return UNSEEN_MARGIN * sum(v is None for v in p.vals[p.me])


def pass_floors(view: dict[str, Any], p: Perspective) -> list[float | None]:
    """For each opponent that played a turn of this round without calling (and may still call):
    what the cards it knows add up to at least, for it not to believe itself lowest by
    ``PASS_MARGIN`` — its unknown cards counted at the mean, the seat of ``p``'s cards at what it
    knows of them."""
    floors: list[float | None] = [None] * p.n
    if p.caller is not None:
        return floors
    played = {e["seat"] for e in view["round_log"] if e["kind"] in ("draw", "take")}
    mine = p.est(p.me)
    for s in played - {p.me}:
        seen_of_me = sum(mine[i] if s in who else p.mean for i, who in enumerate(view["knowers"][p.me]))
        unknown = sum(not k for k in p.holder_knows[s])
        floors[s] = seen_of_me - PASS_MARGIN - (p.mean + UNSEEN_MARGIN) * unknown
    return floors


def call_odds(p: Perspective) -> tuple[float, float, float]:
    """If the seat of ``p`` calls now: the chance it ends lowest, its expected points, and its
    expected total had the round ended on the same turns without a call (every other seat plays
    once more; the caller too when it plays last)."""
    mine = final_total_odds(p, p.me, p.caller_plays_last)
    others = [final_total_odds(p, s, True) for s in range(p.n) if s != p.me]
    lowest = points = total = 0.0
    for x, q in mine.items():
        beat = 1.0
        for o in others:
            beat *= sum(r for t, r in o.items() if t > x or (p.ties_win and t == x))
        lowest += q * beat
        points += q * (1.0 - beat) * (x + p.penalty)
        total += q * x
    return lowest, points, total


# --------------------------------------------------------------------------- the normal policy
PATIENCE = 10
"""Turns per seat after which a bot calls with any lead (and after twice as many, in any case),
so that a table of bots always ends its rounds."""

def _worst(est: list[float], vals: list[int | None], unseen: float = 0.0) -> int:
    """The slot to get rid of: highest expected value, a card the seat has not seen counting
    ``unseen`` points more; a known card wins a tie."""
    return max(range(len(est)), key=lambda i: (est[i] + (unseen if vals[i] is None else 0.0), vals[i] is not None, -i))


def _to_replace(p: Perspective, est: list[float], vals: list[int | None]) -> int:
    """The own slot a taken or drawn card replaces (or that a power gives away): the highest
    expected value, a card the seat has not looked at counting ``W["unseen_first"]`` points more
    (``W["unseen_first_many"]`` at three players or more). Replacing an unseen card leaves a hand
    the seat knows better: each known card can be quick-discarded when its match is thrown, and
    a known hand is called on surely. At four players that is worth more than the points of a
    known card a little above the mean: ``normal`` scored 1.5 to 1.9 points a round fewer against
    the independent players when it always replaced an unseen card first (``git show 2845ff7:docs/bots.md``,
    sixth round); at two players, where only one seat may try each quick discard, it scored more."""
    return _worst(est, vals, W["unseen_first"] if p.n == 2 else W["unseen_first_many"])


def _opponent_cards(p: Perspective) -> list[tuple[float, int, int]]:
    return [(e, s, i) for s in range(p.n) if s != p.me for i, e in enumerate(p.est(s))]


def decide(p: Perspective, legal: list[str] | set[str], call_margin: float = 2.0) -> str:
    """The normal policy's action for the seat of ``p`` among ``legal`` action texts."""
    legal_set = legal if isinstance(legal, set) else set(legal)
    if p.phase == TURN and "call" in legal_set and _should_call(p, call_margin):
        return "call"  # a call at the start of the turn (option ``call_timing``)
    choice = _decide(p, call_margin)
    if choice in legal_set:
        return choice
    return sorted(legal_set)[0]


def _decide(p: Perspective, call_margin: float) -> str | None:
    me, phase = p.me, p.phase
    est = p.est(me)
    vals = p.vals[me]
    if phase == ROUND_OVER:
        return "next"
    if phase == GIVE:
        return f"give {_worst(est, vals)}" if est else None
    if phase == WINDOW:
        if me == p.active:
            return "close"
        snap = react_action(p)
        return snap if snap is not None else _gamble_snap(p)
    if phase == TURN:
        if est and p.top is not None:
            i = _to_replace(p, est, vals)
            if est[i] - p.top >= W["take"] or (p.top <= 1 and est[i] - p.top >= W["take_low"]):
                return f"take {i}"
        return "draw" if p.can_draw else (f"take {_to_replace(p, est, vals)}" if est else None)
    if phase == SCOUT:
        s, k = p.scouted  # type: ignore[misc]
        seen = p.vals[s][k]
        if est and seen is not None:
            j = _worst(est, vals)
            if est[j] - seen > W["trade"]:
                return f"trade {j}"
        return "keep"
    if phase == END_TURN:
        return "call" if _should_call(p, call_margin) else "done"
    if phase == DRAWN:
        return _after_draw(p, est, vals)
    return None


def _should_call(p: Perspective, margin: float, by_chance: bool = True) -> bool:
    """Whether the normal policy calls: in a long round on any lead; on a low known hand; else when
    ``lowest_chance`` reaches ``W["call_p"]`` (two players) or ``W["call_p_many"]``, its expected
    total at most ``W["call_ceiling"]``. Without ``by_chance`` (what a pass tells of an opponent,
    ``HardBot.world``): when its lead is ``margin``, and ``W["call_unseen"]`` per own card unseen."""
    mine = sum(p.est(p.me))
    others = [sum(p.est(s)) for s in range(p.n) if s != p.me]
    best = min(others) if others else mine
    if p.round_turn > PATIENCE * p.n:  # a long round: settle for any lead, then for anything
        return mine <= best or p.round_turn > 2 * PATIENCE * p.n
    if mine <= W["call_low"] and mine <= best:
        return True
    floor = W["call_p"] if p.n == 2 else W["call_p_many"]
    if by_chance and floor > 0.0:
        return mine <= W["call_ceiling"] and lowest_chance(p) >= floor
    return mine <= best - margin - W["call_unseen"] * sum(v is None for v in p.vals[p.me])


def lowest_chance(p: Perspective) -> float:
    """The chance that the seat of ``p`` ends a round called now lowest, by a normal estimate of
    every total: each card it does not know varies as the unseen cards do (a card its holder knows
    and keeps, half as much), and every other seat takes ``W["call_gain"]`` off its total in the
    turn it still plays."""
    n = sum(p.unseen.values())
    var = (sum(c * v * v for v, c in p.unseen.items()) / n - p.mean ** 2) if n else 20.0
    mine = sum(p.est(p.me))
    mine_var = var * sum(v is None for v in p.vals[p.me])
    chance = 1.0
    for s in range(p.n):
        if s == p.me:
            continue
        theirs = sum(p.est(s)) - W["call_gain"]
        known = p.holder_knows[s] if p.holder_knows else [False] * len(p.vals[s])
        their_var = sum((var / 2 if k else var) for v, k in zip(p.vals[s], known) if v is None)
        z = (theirs - mine + 0.5) / math.sqrt(mine_var + their_var + 4.0)
        chance *= 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
    return chance


def _after_draw(p: Perspective, est: list[float], vals: list[int | None]) -> str:
    return max(_after_draw_options(p, est, vals), key=lambda o: o[0])[1]


def _after_draw_options(p: Perspective, est: list[float], vals: list[int | None]) -> list[tuple[float, str]]:
    """The moves worth considering with the drawn card, each with its heuristic gain."""
    d = p.drawn
    assert d is not None
    options: list[tuple[float, str]] = [(0.0, "discard")]
    if est:
        i = _to_replace(p, est, vals)
        options.append((est[i] - d - W["swap"] + (W["swap_unknown"] if vals[i] is None else 0.0), f"swap {i}"))
    theirs = _opponent_cards(p)
    if d == 20 and est:
        i = _to_replace(p, est, vals)
        options.append((est[i], f"drop {i}"))
    elif d == 8:
        unknown = [i for i, v in enumerate(vals) if v is None]
        if unknown:
            options.append((W["look"], f"look {unknown[-1]}"))
    elif d == 9:
        hidden = [(s, i) for _, s, i in theirs if p.vals[s][i] is None]
        if hidden:
            s, i = min(hidden, key=lambda t: (sum(p.est(t[0])), t))
            options.append((W["spy"], f"spy {s}.{i}"))
    elif d == 10 and est and theirs:
        j = _to_replace(p, est, vals)
        v, s, i = min(theirs, key=lambda t: (t[0], p.vals[t[1]][t[2]] is None, t[1], t[2]))
        options.append((est[j] - v - W["steal"], f"steal {j} {s}.{i}"))
    elif d == 15 and est and theirs:
        j = _to_replace(p, est, vals)
        v, s, i = min(theirs, key=lambda t: (t[0], t[1], t[2]))
        known_low = p.vals[s][i] is not None
        options.append(((est[j] - v) if known_low else W["scout"], f"scout {s}.{i}"))
    return options


def react_action(p: Perspective) -> str | None:
    """A quick discard the seat of ``p`` knows will match the top discard, or ``None``."""
    top = p.top
    if top is None:
        return None
    mine = p.vals[p.me]
    best: tuple[float, str] | None = None
    for i, v in enumerate(mine):
        if v == top:
            best = (float(top), f"snap {p.me}.{i}")
            break
    if p.pique and mine:
        give_away = p.est(p.me)[-1] if p.gives_last else max(p.est(p.me))
        victims = [s for s in range(p.n) if s != p.me]
        if p.gives_last and give_away < top:
            victims = []  # the last card, not chosen, would leave the victim better off
        for s in victims:
            for i, v in enumerate(p.vals[s]):
                if v == top and (best is None or give_away > best[0]):
                    best = (give_away, f"snap {s}.{i}")
    return None if best is None else best[1]


def _gamble_snap(p: Perspective) -> str | None:
    """When a snap must be chosen without a sure match: the own unknown card most likely to match."""
    unknown = [i for i, v in enumerate(p.vals[p.me]) if v is None]
    if unknown:
        return f"snap {p.me}.{unknown[0]}"
    return None


# --------------------------------------------------------------------------- bots
FASTEST_SNAP = 0.9
"""No bot quick-discards sooner than this many seconds after the window opens. A person must see
the discarded card (a simple visual reaction takes about 0.25 s), recall that one of their own
cards matches it, and move the mouse onto that card and click (half a second to a second for a
card-sized target across the table): about a second for a quick player."""

REACTION_TIMES = {"hard": (0.9, 1.5), "normal": (1.2, 2.1), "easy": (1.7, 2.8)}
"""Each level's quick-discard reaction in seconds, low and high: ``hard`` reacts like a quick
player, ``normal`` like a casual one, ``easy`` more slowly than a casual player, all inside the
rules' 3-second window so that a person who knows the match can win the race."""


def reaction_delay(rng: random.Random, level: str) -> float:
    """A reaction time for ``level``: within its range, most often in the faster third, with a longer
    tail of slow reactions, as people's reaction times are skewed; never under ``FASTEST_SNAP``."""
    low, high = REACTION_TIMES[level]
    return max(FASTEST_SNAP, rng.triangular(low, high, low + (high - low) / 3))


class NormalBot(Bot):
    """Sound heuristics on what the seat knows."""

    level = "normal"
    call_margin = 2.0

    def perspective(self, view: dict[str, Any]) -> Perspective:
        return perspective_from_view(view)

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        seat = legal_moves[0].seat
        action = decide(self.perspective(view), [m.action for m in legal_moves], self.call_margin)
        return Move(action, seat)

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        if not legal_moves or view["phase"] != WINDOW:
            return None
        action = react_action(self.perspective(view))
        if action is None or action not in {m.action for m in legal_moves}:
            return None
        return Move(action, legal_moves[0].seat), reaction_delay(self.rng, self.level)


class EasyBot(NormalBot):
    """A human-like player: forgets what it saw a few turns ago, reacts slowly, calls on a whim."""

    level = "easy"
    forget_after = 4
    """Turns (any seat's) after which a card seen is forgotten."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.memory: dict[tuple[int, int, str], int] = {}

    def perspective(self, view: dict[str, Any]) -> Perspective:
        turn = view["turn"]
        hidden: set[tuple[int, int]] = set()
        current = set()
        for s, row in enumerate(view["slots"]):
            for i, text in enumerate(row):
                if text is None:
                    continue
                key = (s, i, text)
                current.add(key)
                first = self.memory.setdefault(key, turn)
                public = len(view["knowers"][s][i]) == view["players"] and view["phase"] == ROUND_OVER
                if turn - first > self.forget_after and not public:
                    hidden.add((s, i))
        self.memory = {k: t for k, t in self.memory.items() if k in current}
        return perspective_from_view(view, hidden)

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        seat = legal_moves[0].seat
        p = self.perspective(view)
        actions = [m.action for m in legal_moves]
        if "call" in actions:  # at the end of its turn, or at its start (option ``call_timing``)
            mine = sum(p.est(p.me))
            best = min((sum(p.est(s)) for s in range(p.n) if s != p.me), default=mine)
            whim = self.rng.uniform(-4.0, 5.0)
            patience_over = p.round_turn > 2 * PATIENCE * p.n
            if mine <= best + whim - 2 - unseen_lead(p) or patience_over:
                return Move("call", seat)
            if p.phase == END_TURN:
                return Move("done", seat)
            actions.remove("call")
        return Move(decide(p, actions, self.call_margin), seat)

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        if not legal_moves or view["phase"] != WINDOW or self.rng.random() < 0.3:
            return None
        p = self.perspective(view)
        action = react_action(p)
        if self.rng.random() < 0.15:
            action = _gamble_snap(p)  # misremembers which card matched
        if action is None or action not in {m.action for m in legal_moves}:
            return None
        return Move(action, legal_moves[0].seat), reaction_delay(self.rng, self.level)


SURE_CALL = 0.8
"""A call that comes out lowest in this share of its rollouts is played whenever it does best on
average; one that comes out lowest less often must do clearly best (``HardBot.sure``) and come out
lowest in at least ``HardBot.call_floor`` of them. At 0.8 rather than 0.6, four-player calls came
out lowest 0.783 of the time instead of 0.732 for the same points (1,000 rounds, seed 11)."""


class HardBot(NormalBot):
    """Determinised rollouts: each candidate move is tried on sampled deals, played out by ``normal``,
    and judged by the bot's points less the others' average (what decides the match)."""

    level = "hard"
    budget = 600
    """Rollouts per decision = budget / seats (rollouts are longer at bigger tables), shared
    among the candidate moves: each is rolled out once on every determinisation."""
    budget_big = 400
    """The same at five players or more, where each simulated turn costs more (every seat's view
    is read afresh): at 600 the 95th percentile of a move was over 250 ms at six and eight players
    on this machine (fifteenth round, ``git show 2845ff7:docs/bots.md``)."""
    horizon = 4
    """Table rounds a rollout plays before it stops and counts the cards."""
    sure = 0.0
    """Standard errors by which a call that fails in more than ``1 - SURE_CALL`` of the rollouts must
    beat the best other move, over the same guessed deals, to be played: its outcome swings widely
    (0 or the cards plus the penalty)."""
    world_tries = 12
    """Deals guessed for one determinisation before one that an opponent's pass rules out is kept."""
    keep = 1.0
    """Standard errors by which another candidate must beat ``normal``'s choice, on the same guessed
    deals, to be played instead: with a few dozen rollouts each, the best mean among several
    candidates is often best by chance."""
    call_floor = 0.5
    """Share of its rollouts in which a call must come out lowest to be played at all (two players;
    ``call_floor_many`` at more): a call that pays on average by failing often (a race to call
    first) is not what a player calls a good call."""
    call_floor_many = 0.75
    """``call_floor`` at three players or more, where a call must beat every other seat."""
    sure_many = 2.0
    """``sure`` at three players or more."""
    sure_call = 0.9
    """Share of its rollouts in which a call that came out lowest is played even when playing on
    did better on average, unless by more than ``luck`` standard errors: a hand that is lowest
    almost surely is called, not held in the hope that an opponent calls and fails."""
    luck = 2.0
    """Standard errors within which a sure call (``sure_call``) is taken to be behind by luck only."""

    chance = 0.0
    """The chance of ending lowest by ``call_odds``, at the bot's last decision where it could call."""

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        seat = legal_moves[0].seat
        assert seat is not None  # legal moves always name their seat
        p = self.perspective(view)
        actions = [m.action for m in legal_moves]
        self.reason = None
        if "call" in actions and p.round_turn > 2 * PATIENCE * p.n:
            self.because("gang.long_round")
            return Move("call", seat)  # a table of bots always ends its rounds
        if "call" in actions and not self._may_call(p):
            if p.phase == END_TURN:
                return Move("done", seat)
            actions.remove("call")
        if p.n == 2 and p.phase == END_TURN and "call" in actions:
            return self._call_by_odds(p, actions, seat)
        candidates = self._candidates(p, actions)
        if len(candidates) <= 1:
            action = decide(p, actions, self.call_margin)
            self.because("gang.sound", known=sum(v is not None for v in p.vals[p.me]), cards=len(p.vals[p.me]))
            return Move(action, seat)
        budget = self.budget if p.n <= 4 else self.budget_big
        deals = max(4, budget // (p.n * len(candidates)))
        rolled = [Rolled() for _ in candidates]
        for _ in range(deals):
            base = self.world(view, p)
            seed = self.rng.getrandbits(32)
            for action, r in zip(candidates, rolled):
                st = base.clone()
                st.rng = Rng(seed)
                st._apply(Move(action, seat))
                r.add(rollout(st, seat, self.horizon, self.call_margin), seat, view["turn"] + p.n)
        order = sorted(range(len(candidates)), key=lambda k: (rolled[k].mean(), k))
        if "call" in candidates and candidates[order[0]] != "call":
            k = candidates.index("call")
            gain, error = rolled[k].gain_over(rolled[order[0]])
            if rolled[k].lowest >= self.sure_call * deals and gain <= self.luck * error:
                order = [k] + [j for j in order if j != k]  # a sure call, behind only by luck
        best, rest = rolled[order[0]], rolled[order[1]]
        if candidates[order[0]] == "call":
            gain, error = rest.gain_over(best)
            floor, sure = (self.call_floor, self.sure) if p.n == 2 else (self.call_floor_many, self.sure_many)
            often = best.lowest >= floor * deals
            if (often and gain > sure * error) or best.lowest >= SURE_CALL * deals:
                self.because("gang.call", chance=best.percent(best.lowest), threat=rest.percent(rest.threats),
                             points=best.own(), others=best.others(), next=rest.own(), next_others=rest.others())
                return Move("call", seat)
            if often:
                self.because("gang.call_unsure", deals=deals, gain=round(gain, 1))
            else:  # the text names the floor applied: one in two heads up, three in four at more
                self.because("gang.call_rare_heads_up" if p.n == 2 else "gang.call_rare", deals=deals,
                             chance=best.percent(best.lowest))
            return Move(candidates[order[1]], seat)
        if order[0] != 0 and candidates[0] != "call":  # a call is played only on its own odds (above)
            gain, error = rolled[0].gain_over(best)
            if gain <= self.keep * error:
                order = [0] + [k for k in order if k != 0]
                best, rest = rolled[0], rolled[order[1]]
        self.because("gang.rollouts", deals=deals, tried=len(candidates), points=best.own(), others=best.others(),
                     next=rest.own(), next_others=rest.others())
        return Move(candidates[order[0]], seat)

    def _call_by_odds(self, p: Perspective, actions: list[str], seat: int) -> Move:
        """At two players, whether to call at the end of a turn is ``normal``'s rule (its chance of
        ending lowest, ``lowest_chance``), not the rollouts': their floor on a call's share of
        coming out lowest refused calls that pay in points. On tuning seeds this one choice cost
        about a point a round against the independent player, as much as the search of every
        other move won; held out, the change is worth half a point a round head to head with
        ``normal`` (eighteenth round, ``git show 2845ff7:docs/bots.md``)."""
        action = decide(p, actions, self.call_margin)
        total = round(sum(p.est(p.me)))
        self.because("gang.call_odds" if action == "call" else "gang.play_on",
                     chance=round(100 * lowest_chance(p)), total=total)
        return Move(action, seat)

    def world(self, view: dict[str, Any], p: Perspective) -> GangState:
        """A state the seat cannot tell from the real one, its hidden cards dealt as the round's
        public actions suggest: an opponent's card no higher than its cap (``card_cap``: a card
        its holder knows counts as kept even before the holder's first turn, since every seat
        plays again before the round ends and would throw a higher one), and, while nobody has
        called, no opponent that played a turn holding what would have made it call
        (``PASS_MARGIN``; after ``world_tries`` deals that all say otherwise, the last one stands)."""
        passed: set[int] = set()
        if p.caller is None:
            passed = {e["seat"] for e in view["round_log"] if e["kind"] in ("draw", "take")} - {p.me}
        for _ in range(self.world_tries):
            st = GangState.determinise(view, Rng(self.rng.getrandbits(63)))
            st.quiet = True
            for s in range(p.n):
                for i, v in enumerate(p.vals[s]):
                    if s != p.me and v is None:
                        _lower_to_cap(st, s, i, card_cap(p, s, i), self.rng)
            if not any(_should_call(perspective_from_state(st, s), PASS_MARGIN, by_chance=False) for s in passed):
                break
        return st

    def perspective(self, view: dict[str, Any]) -> Perspective:
        """The normal perspective, with what the round's public actions tell: caps and pass floors."""
        p = perspective_from_view(view)
        p.caps = card_caps(view)
        p.floors = pass_floors(view, p)
        return p

    def _may_call(self, p: Perspective) -> bool:
        """Whether a call is worth trying in the rollouts: when it may pay at all (``call_odds``:
        its expected points below the cards the bot expects to keep); in a long round, with even odds."""
        lowest, points, total = call_odds(p)
        self.chance = lowest
        if points < total or (p.round_turn > PATIENCE * p.n and lowest >= 0.5):
            return True
        self.because("gang.wait", chance=round(100 * lowest), points=round(points, 1), total=round(total, 1))
        return False

    def _candidates(self, p: Perspective, actions: list[str]) -> list[str]:
        """A few moves worth comparing: the normal choice and its main alternatives."""
        if p.phase not in (TURN, DRAWN, END_TURN) or p.active != p.me:
            return []
        first = decide(p, actions, self.call_margin)
        cands = [first]
        est, vals = p.est(p.me), p.vals[p.me]
        order = sorted(range(len(est)), key=lambda i: (-est[i], vals[i] is None, i))[:2]
        if p.phase == TURN:
            extra = ["draw"] + [f"take {i}" for i in order] + ["call"]
        elif p.phase == DRAWN:
            extra = [f"swap {i}" for i in order] + [a for _, a in _after_draw_options(p, est, vals)]
        else:
            extra = ["call", "done"]
        legal = set(actions)
        for a in extra:
            if a in legal and a not in cands:
                cands.append(a)
        return cands


def _lower_to_cap(st: GangState, seat: int, slot: int, cap: int, rng: random.Random) -> None:
    """Swap ``seat``'s card in ``slot`` with a card of the pile no higher than ``cap``, if it is
    higher and the pile has one (both places are hidden from the seat the state was guessed for)."""
    if st.slots[seat][slot] <= cap:
        return
    low = [k for k, c in enumerate(st.pile) if c <= cap]
    if low:
        k = low[rng.randrange(len(low))]
        st.slots[seat][slot], st.pile[k] = st.pile[k], st.slots[seat][slot]


@dataclass
class Rolled:
    """One candidate's rollouts: the bot's margin on each guessed deal (its points less the
    others' average), its own points and the others' average summed, how often its call came out
    lowest, and how often another seat called before the bot's next turn."""

    margins: list[float] = field(default_factory=list)
    mine: float = 0.0
    theirs: float = 0.0
    lowest: int = 0
    threats: int = 0

    def add(self, out: Outcome, seat: int, next_turn: int) -> None:
        """Record one rollout's ``out`` for the bot in ``seat``, whose next turn is ``next_turn``."""
        own = out.points[seat]
        others = (sum(out.points) - own) / (len(out.points) - 1)
        self.margins.append(own - others)
        self.mine += own
        self.theirs += others
        if out.caller == seat:
            self.lowest += out.caller_lowest
        elif out.caller is not None and out.call_turn is not None and out.call_turn < next_turn:
            self.threats += 1

    def mean(self) -> float:
        """The mean margin: what the bot ranks its candidate moves by (lower is better)."""
        return sum(self.margins) / len(self.margins)

    def own(self) -> float:
        """The bot's mean points, rounded for a reason."""
        return round(self.mine / len(self.margins), 1)

    def others(self) -> float:
        """The others' mean points, rounded for a reason."""
        return round(self.theirs / len(self.margins), 1)

    def percent(self, count: int) -> int:
        """``count`` as a whole percentage of the rollouts."""
        return round(100 * count / len(self.margins))

    def gain_over(self, other: Rolled) -> tuple[float, float]:
        """How much lower ``other``'s margin is than this one's on the same deals, and the
        standard error of that mean."""
        d = [a - b for a, b in zip(self.margins, other.margins)]
        m = sum(d) / len(d)
        var = sum((x - m) ** 2 for x in d) / max(1, len(d) - 1)
        return m, math.sqrt(var / len(d))


@dataclass
class Outcome:
    """How a rollout ended: each seat's points (its cards, where the rollout stopped before the
    round's end), and who called, at which turn of the match, and whether they came out lowest."""

    points: list[int]
    caller: int | None
    call_turn: int | None
    caller_lowest: bool


def rollout(st: GangState, seat: int, horizon: int, call_margin: float) -> Outcome:
    """Play ``st`` with the normal policy to the end of its round, or for ``horizon`` table rounds."""
    limit = st.turn + horizon * st.players
    n = st.players
    call_turn = None if st.caller is None else st.turn
    while True:
        phase = st.phase
        if phase == ROUND_OVER or phase == OVER:
            h = st.history[-1]
            return Outcome(h["points"], h["caller"], call_turn, h["caller_lowest"])
        if st.turn > limit and phase in (TURN, END_TURN):
            return Outcome([sum(s) for s in st.slots], None, None, False)
        if phase == WINDOW:
            move = None
            top = st.discard[-1]
            a = st.active
            for k in range(1, n):
                s = (a + k) % n
                if not st._can_snap(s):
                    continue
                bit = (1 << s) | PUBLIC
                hit = _known_match(st, s, s, top, bit)
                if hit is None and st._pique():
                    for t in range(n):
                        if t != s:
                            hit = _known_match(st, s, t, top, bit)
                            if hit is not None:
                                break
                if hit is not None:
                    move = Move(hit, s)
                    break
            st._apply(move or Move("close", a))
            continue
        mover = st.giver[0] if phase == GIVE and st.giver is not None else st.active
        p = perspective_from_state(st, mover)
        turn = st.turn
        st._apply(Move(decide(p, st._actions(mover), call_margin), mover))
        if call_turn is None and st.caller is not None:
            call_turn = turn


def _known_match(st: GangState, seat: int, target: int, top: int, bit: int) -> str | None:
    if top not in st.slots[target]:  # most often, and found without a loop
        return None
    for i, (c, m) in enumerate(zip(st.slots[target], st.know[target])):
        if c == top and m & bit:
            return f"snap {target}.{i}"
    return None


_LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` (``easy``, ``normal`` or ``hard``), seeded."""
    if level not in _LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(_LEVELS)}")
    return _LEVELS[level](seed)
