"""Match files: a whole match as a few lines of text, like a chess PGN (see ``docs/match-files.md``).

A match is fully described by its game, seed, players, rule options, stacked deck (if any) and its
moves in notation. ``export_match`` writes that text; ``import_match`` reads it back by replaying
the moves, and a bad file raises ``MatchFileError`` naming the line at fault. Text in, text out:
reading and writing files is the caller's business.

>>> from game import GAMES
>>> m = GAMES["gin_rummy"].new_match(["Ann", "Bob, Jr."], seed=42)
>>> _ = m.apply(m.legal_moves(m.to_move()[0])[0])
>>> text = export_match(m)
>>> print(text)
[Game "gin_rummy"]
[Seed "42"]
[Player "Ann"]
[Player "Bob, Jr."]
[Fingerprint "1 0e19-7a6f-6ed4"]
[Result "*"]
1: take
<BLANKLINE>
>>> import_match(text).to_json() == m.to_json()
True
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from game.core.errors import IllegalMove
from game.core.fairness import same_fingerprint as verify_shown
from game.core.registry import GAMES
from game.core.state import GameState, options_from_json

_HEADER = re.compile(r'^\[(?P<tag>[A-Za-z]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]$')
KNOWN_TAGS = ("Game", "Seed", "Player", "Option", "Deck", "Fingerprint", "Result")


class MatchFileError(ValueError):
    """A match file that cannot be read; the message names the line and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _option_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def export_match(state: GameState) -> str:
    """The match as text: headers, then one move per line (options only where not the default)."""
    lines = [f"[Game {_quote(state.GAME_ID)}]", f"[Seed {_quote(str(state.seed))}]"]
    lines += [f"[Player {_quote(name)}]" for name in state.names]
    defaults = type(state.options)()
    for f in dataclasses.fields(state.options):
        value = getattr(state.options, f.name)
        if value != getattr(defaults, f.name):
            lines.append(f"[Option {_quote(f'{f.name}={_option_text(value)}')}]")
    if state.deck is not None:
        lines.append(f"[Deck {_quote(' '.join(state.deck))}]")
    lines += [f"[Fingerprint {_quote(str(d['hand']) + ' ' + d['fingerprint'])}]" for d in state.deals()]
    result = "*"
    if state.is_over():
        result = "winners " + " ".join(str(w) for w in state.winners()) + "; scores " + " ".join(
            str(s) for s in state.scores)
    lines.append(f"[Result {_quote(result)}]")
    lines += list(state.log)
    return "\n".join(lines) + "\n"


def import_match(text: str) -> GameState:
    """A match replayed from its text; ``MatchFileError`` names the line of any fault."""
    if not isinstance(text, str):
        raise MatchFileError(0, "a match file is text")
    headers: dict[str, list[tuple[int, str]]] = {}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            if moves:
                raise MatchFileError(number, "headers come before the moves")
            m = _HEADER.match(line)
            if m is None:
                raise MatchFileError(number, f"a header is written [Tag \"value\"], not {line!r}")
            tag = m.group("tag")
            if tag not in KNOWN_TAGS:
                raise MatchFileError(number, f"unknown header {tag!r} (known: {', '.join(KNOWN_TAGS)})")
            headers.setdefault(tag, []).append((number, _unquote(m.group("value"))))
        else:
            moves.append((number, line))
    state = _start(headers)
    for number, move in moves:
        try:
            state.apply(move)
        except IllegalMove as exc:
            raise MatchFileError(number, f"illegal move {move!r}: {exc}") from None
        except ValueError as exc:
            raise MatchFileError(number, f"unreadable move {move!r}: {exc}") from None
    _check_fingerprints(headers.get("Fingerprint", []), state)
    return state


def _check_fingerprints(shown: list[tuple[int, str]], state: GameState) -> None:
    """Each ``[Fingerprint "hand fp"]`` must be the fingerprint of the hand the replay dealt."""
    dealt = {d["hand"]: d["fingerprint"] for d in state.deals()}
    for line, text in shown:
        hand, _, fp = text.partition(" ")
        if not hand.isdigit() or not fp:
            raise MatchFileError(line, f"a fingerprint header is written [Fingerprint \"hand fingerprint\"], not {text!r}")
        if int(hand) not in dealt:
            raise MatchFileError(line, f"hand {hand} was never dealt in this match")
        if not verify_shown(dealt[int(hand)], fp):
            raise MatchFileError(
                line, f"hand {hand} was not dealt from the seed its fingerprint promised ({fp}; the deal's is "
                f"{dealt[int(hand)]})")


def _one(headers: dict[str, list[tuple[int, str]]], tag: str) -> tuple[int, str]:
    found = headers.get(tag, [])
    if not found:
        raise MatchFileError(1, f"the [{tag} \"…\"] header is missing")
    if len(found) > 1:
        raise MatchFileError(found[1][0], f"the [{tag}] header is given twice")
    return found[0]


def _start(headers: dict[str, list[tuple[int, str]]]) -> GameState:
    line, game_id = _one(headers, "Game")
    if game_id not in GAMES:
        raise MatchFileError(line, f"unknown game {game_id!r} (known: {', '.join(sorted(GAMES))})")
    desc = GAMES[game_id]
    line, seed_text = _one(headers, "Seed")
    if not re.fullmatch(r"\d{1,30}", seed_text):
        raise MatchFileError(line, f"the seed must be a whole number, not {seed_text!r}")
    players = headers.get("Player", [])
    if not players:
        raise MatchFileError(1, "the [Player \"…\"] headers are missing")
    fields = {f.name: f for f in dataclasses.fields(desc.Options)}
    values: dict[str, Any] = {}
    for line, text in headers.get("Option", []):
        key, sep, value = text.partition("=")
        if not sep or key not in fields:
            raise MatchFileError(line, f"unknown rule option {key!r} (known: {', '.join(sorted(fields))})")
        try:
            values[key] = json.loads(value)
        except ValueError:
            raise MatchFileError(line, f"the value of {key!r} is not readable: {value!r}") from None
        if isinstance(values[key], list):
            values[key] = json_tuples(values[key])
    try:
        options = options_from_json(desc.Options, values)
    except ValueError as exc:
        raise MatchFileError(headers.get("Option", [(1, "")])[0][0], f"bad rule options: {exc}") from None
    deck = None
    if "Deck" in headers:
        line, deck_text = _one(headers, "Deck")
        deck = deck_text.split()
    try:
        return desc.new_match([name for _, name in players], options=options, seed=int(seed_text), deck=deck)
    except ValueError as exc:
        raise MatchFileError(players[0][0], f"the match cannot start: {exc}") from None


def json_tuples(value: Any) -> Any:
    """JSON lists back into the tuples that options hold (a LaGagne deck is a tuple of pairs)."""
    return tuple(json_tuples(v) for v in value) if isinstance(value, list) else value
