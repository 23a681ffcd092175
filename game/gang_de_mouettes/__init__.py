"""Gang de mouettes: rules engine, views and bots (rules: ``docs/rules/gang-de-mouettes.md``).

Cards are ``M0`` … ``M10``, ``M15``, ``M20`` (58 cards). Each seat has slots ``0, 1, …`` (4 at the
deal, face down; slots 0 and 1 are known to their owner); another seat's slot is ``seat.slot``.

Phases and moves (``view["phase"]``; ``to_move()`` lists who may act)
----------------------------------------------------------------------
- ``turn`` (active seat): ``draw`` (needs a card in the pile, or a discard of 2+ cards to reshuffle)
  or ``take N`` (top discard into own slot N; the replaced card is discarded); with option
  ``call_timing`` ``"start_of_turn"`` also ``call`` while nobody has called (the turn is then
  skipped and the last round starts). A seat that can do neither goes straight to ``end_turn``.
  A seat whose turn comes while it holds no card and nobody has called calls at once (option
  ``empty_hand`` ``"calls"``; with ``"ends_round"`` the round ends there, with no caller).
- ``drawn`` (active, holding the drawn card): ``swap N``; ``discard`` (the drawn card, without its
  power; it becomes public as it is discarded); or its power: 8 ``look N``; 9 ``spy S.N``; 10
  ``steal N S.M``; 15 ``scout S.N`` → phase ``scout``; 20 ``drop N``.
- ``scout`` (active): ``trade N`` or ``keep``; the 15 is then discarded.
- ``window`` — a quick-discard window, opened by every card the active player puts on the discard
  (replaced card, discarded drawn card, used power card, the 20's thrown card). ``to_move()`` is
  ``[active, other seats that may still try…]``. The active seat may ``close``; each other seat
  with at least one card may try one ``snap S.N`` per window: its own card (rase-mottes) or, with
  3+ players and ``pique_allowed``, anyone else's (piqué, which needs a card of one's own to give).
  A match (same value as the top discard) puts the card on the discard; a piqué goes on to phase
  ``give`` (the snapper's ``give N``: own slot N goes face down to the end of the victim's slots),
  or, with ``pique_gives`` ``"last"``, the snapper's last slot goes there at once, with no move.
  A miss leaves the card where it was (shown to all if ``missed_snap_public``) and adds a penalty
  card from the pile, seen by nobody, at the end of the snapper's slots. The window closes on the
  first success (after its give; with ``snap_successes`` ``"several"`` it stays open while some
  seat may still try), on ``close``, or by itself once no other seat may still try. A
  window only opens when some other seat could try. With ``drop_card_window`` the 20's thrown card
  has its own window; when it closes the 20 is discarded and opens the next one.
- ``end_turn`` (active): ``call`` (« Gang de mouettes ! ») or ``done``. This phase is skipped
  (the turn simply ends) once somebody has called, since nobody else may call, and with
  ``call_timing`` ``"start_of_turn"`` (a seat that could neither draw nor take still comes here).
  After a call every other seat plays one more turn clockwise, then the caller (option
  ``caller_plays_last``); then the cards are revealed and scored.
- ``round_over`` (every seat): ``next`` deals the next round (the deal passes clockwise).
- ``over``: the match is finished (some total reached ``match_end``); lowest total wins.

So a turn is: ``draw`` → (``swap N`` | ``discard`` | power [→ ``trade``/``keep``]) → window(s) →
``call``/``done``; or ``take N`` → window → ``call``/``done``. With the call at the start of the
turn: ``call``; or ``draw`` → … → window(s); or ``take N`` → window.

View keys (``state.view(seat)``, typed as ``views.GangView``; besides the shared ones of
``game.core.views.CoreView``: game, seat, players, names, scores, to_move, over, winners, history,
log, active, phase, pile_size, discard)
----------------------------------------------------------------------------------------------
``phase``, ``round``, ``turn`` (turn counter over the match), ``round_turn`` (turns played in this
round, the current one included), ``dealer``, ``active`` (``None`` between rounds);
``slots`` (per seat, per slot: the card text where ``seat`` knows it, else ``None``);
``knowers`` (per seat, per slot: the seats that know that card — public information);
``pile_size`` (cards left to draw), ``discard`` (all cards, top last), ``top``;
``holding`` (the active seat holds a drawn card or the 20 waiting to be discarded), ``drawn`` (the
drawn card: only to the drawer, or to all once its 15 power is being used), ``pending`` (the 20
waiting to go on the discard), ``scouted`` ([seat, slot] looked at by a 15, else ``None``);
``window`` (``None`` or {card, tried: seats that tried, open_to: seats that may still try});
``give`` (``None`` or {snapper, victim}); ``caller``; ``final_turns`` (seats still to play after a
call, in order); ``can_draw``; ``pique`` (piqué possible at this table);
``round_log`` (this round's public actions, each {kind, seat, turn, …}: draw, take, swap, discard, look,
spy, steal, scout, trade, keep, drop, snap {target, card, success}, penalty, give, call,
reshuffle); ``last_round`` (after a round: hands, sums, points, caller, caller_lowest, totals);
``options`` (every rule option of the match, including the timings ``snap_window_seconds`` and
``end_turn_grace_seconds`` that ``timer()`` gives the referee).

Events (``apply`` returns them; ``Event.for_seat`` hides cards a seat may not know): ``deal``,
``turn``, ``turn_end`` (also when a snap or the referee ends the turn), ``draw``, ``take``,
``swap``, ``discard``, ``look``/``spy``/``scout`` (card known to the looker only), ``move`` (one
card of a steal or a trade), ``keep``, ``window_open``, ``window_close``, ``snap`` (info
``success``), ``penalty`` (known to nobody), ``give``, ``call``, ``reshuffle``, ``reveal``,
``round_end`` (info points, totals, caller), ``match_end`` (winners).
Zones: ``stock``, ``discard``, ``hand:<seat>`` (the drawn card), ``slot:<seat>.<i>``.
"""

from __future__ import annotations

from game.core import Bot, GameDescriptor, register
from game.gang_de_mouettes.options import Options, quick_options
from game.gang_de_mouettes.state import GangState


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level``, seeded (``game.gang_de_mouettes.bots.make_bot``): the bots' module is loaded on the first
    bot, not with the game, so that a program that only lists or replays games starts faster."""
    from game.gang_de_mouettes.bots import make_bot as make

    return make(level, seed)


DESCRIPTOR = register(GameDescriptor(
    id="gang_de_mouettes",
    title="Gang de mouettes",
    min_players=2,
    max_players=8,
    Options=Options,
    State=GangState,
    bot_factory=make_bot,
    quick_options=quick_options,
    units=("round", "match"),
))

__all__ = ["DESCRIPTOR", "GangState", "Options", "make_bot", "quick_options"]
