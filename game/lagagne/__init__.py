"""LaGagne: lay symbol cards to open columns, fill them with points, steal, and reach 150 first.

Rules: ``docs/rules/lagagne.md``; notation: ``docs/notation.md``. The whole game to the
target is one unit (``units = ("game",)``): ``history`` gets one entry when it ends,
``{"points": final scores, "winners": [...], "rounds": table rounds played,
"end": "target" | "round_limit" | "no_cards"}``.

Deck
    ``cards.DECK_TEXT`` holds the deck of the rules page (82 cards), one ``Card = count``
    line per card. ``Options.with_deck_text(text)`` plays with a player's own file;
    ``Options(deck=((card, count), ...))`` with pairs. Bad decks raise ``ValueError`` naming the problem.

Dealing
    The first dealer is ``Options.first_dealer``, or a seeded random seat (also with a stacked
    deck, ``new_match(..., deck=[...])``, as the notation page says: a stacked deal names its dealer).

Moves and phases (the active seat is ``view["active"]``)
    Phase ``"play"`` — one of:
      ``mulligan``            once per game (``mulligans_per_game``), only before anything else this
                              turn: the hand goes to the discard, a new hand is drawn, and the turn
                              goes on in phase ``"play"``.
      ``play Sh``             lay a symbol: opens the column, or reopens a closed one (same column).
      ``play P20h``           a suited point card, in its open column.
      ``play J20 s``          a joker, in any open column (named).
      ``play X2 h``           a ×2 on an open column that has none.
      ``steal 2:P20h``        Voler: take seat 2's tabled card and lay it at once. Table cards are
      ``steal 2:Sh``          ``<seat>:<card>``; a joker or a ×2 is followed by the thief's column
      ``steal 2:J50 c``       (``steal 2:J50 c``, ``steal 2:X2 d``, as on the notation page). When
      ``steal 2:J50s c``      seat 2 has that card in several columns, the card also names the one
                              it is taken from (``J50s``: the joker 50 in seat 2's spade column;
                              ``X2d``: the ×2 on the diamond column). ``legal_moves`` uses the
                              short form whenever it is unambiguous; the long one is then accepted
                              too and logged short.
                              Only a card the thief could lay may be stolen; a stolen ×2 halves the
                              victim's column; a stolen symbol closes the victim's column (its points
                              and ×2 stay, but it takes nothing until reopened).
      ``recup``               Récupérer: the top of the discard comes to hand, Recup goes on the
                              discard; the turn ends WITHOUT a draw.
      ``exchange 2``          Échanger: the engine takes a random card from seat 2's hand into yours
                              (known to both of you) -> phase ``"give"``.
      ``discard Z``           discard any card.
    Phase ``"give"`` — ``give P5h``: give one card (maybe the one just taken) to the exchange target.
    After every move but ``mulligan``, ``exchange`` and ``recup`` the engine draws back to
    ``hand_size`` (reshuffling the discard into the pile when it runs out; nothing is drawn if both
    are empty) and the next seat plays. Phase ``"over"`` when the game has ended.

End of the game
    When a score reaches ``target`` the table finishes the round (it ends with the seat before
    ``first``); then the highest score wins if anyone is still at the target (ties share), else
    play goes on. After ``max_rounds`` table rounds the game ends anyway, highest score winning.
    A seat that starts its turn with no card draws what it can; with nothing to draw it passes
    (a ``pass`` event); once no seat holds a card the game ends (``end`` "no_cards").

View keys (besides ``GameState.base_view``: game, seat, players, names, scores, to_move, over, history)
    ``phase``                "play" | "give" | "over"
    ``current``              seat to move (None once over); ``dealer``; ``first`` (the seat that began)
    ``hand``                 own cards in order of arrival (None for a spectator)
    ``hand_sizes``           cards in every hand
    ``known_cards``          per seat, the cards of that hand this seat knows (its own: the whole hand;
                             others: cards it gave or saw taken by Échanger, cards taken from the
                             discard by Récupérer), until they leave that hand
    ``my_cards_known_to``    per seat, which of this seat's cards that seat knows (None: spectator)
    ``columns``              per seat, ``{"h"|"s"|"c"|"d": {"open", "points", "x2", "total"}}``;
                             a column exists when it is open or holds points or a ×2
    ``discard``              the discard pile, bottom to top; ``pile_size``
    ``mulligans_left``       per seat; ``mulliganed_this_turn``
    ``exchange``             None, or ``{"seat", "target", "taken"}`` during ``"give"`` (``taken`` only
                             for the two seats involved; it is also the exchanger's last hand card)
    ``last_round``           None, or ``{"reached_by", "ends_with"}`` while the last round is played
    ``round`` (1-based table round), ``turns`` (turns completed), ``target``, ``hand_size``,
    ``max_rounds``, ``options`` (the rules in force, deck as [card, count] pairs),
    ``winners``, ``end`` ("target" | "round_limit" | "no_cards" | None)

Events: ``lay``, ``discard``, ``play`` (an action card to the discard), ``steal``, ``take``
(Récupérer, or Échanger's card: known to both seats), ``give`` (known to both), ``draw`` (known to
the drawer), ``mulligan``, ``reshuffle``, ``last_round``, ``last_round_cancelled``, ``match_end`` (info: scores, winners, end).
Zones: ``stock``, ``discard``, ``hand:<seat>``, ``column:<seat>:<suit>``.
"""

from game.core import Bot, GameDescriptor, register
from game.lagagne.cards import DEFAULT_DECK, parse_deck_text
from game.lagagne.options import Options
from game.lagagne.state import LaGagneState


def quick_options() -> Options:
    """A short game (target 60) for tests and demos."""
    return Options(target=60)


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level``, seeded (``game.lagagne.bots.make_bot``): the bots' module is loaded on the first
    bot, not with the game, so that a program that only lists or replays games starts faster."""
    from game.lagagne.bots import make_bot as make

    return make(level, seed)


DESCRIPTOR = register(
    GameDescriptor(
        id="lagagne",
        title="LaGagne",
        min_players=2,
        max_players=6,
        Options=Options,
        State=LaGagneState,
        bot_factory=make_bot,
        quick_options=quick_options,
        units=("game",),
    )
)

__all__ = [
    "DEFAULT_DECK", "DESCRIPTOR", "LaGagneState", "Options", "make_bot", "parse_deck_text", "quick_options",
]
