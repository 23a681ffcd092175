"""Write the golden playthroughs that are named (then review the diff):

    python -m tests.golden.make lagagne-4p             # play that match again: match, digests, choices
    python -m tests.golden.make gang_de_mouettes --what choices   # a bot changed: only its choices
    python -m tests.golden.make --what digests gin_rummy-2p       # a view changed: the same match's digests
    python -m tests.golden.make --all                  # every one (a change of rules or of the deal)

A name is a game (every table size of it) or one case (``<game>-<n>p``). ``--what choices`` and
``--what digests`` keep the checked-in match and rewrite only that file from it, so a change of one
bot or one view does not replay, and rewrite, matches it did not touch.

For each game and a few table sizes, a seeded bot-versus-bot match under the default rules is
played through the referee and saved as a match file (``<game>-<n>p.match``) beside a digest file
(``<game>-<n>p.digests``): the final scores, then one line per move with a short digest of every
seat's view and the spectator's view after that move. A rule change shows up as a diff that starts
at the first move it changes.

Beside them a choices file (``<game>-<n>p.choices``) holds what each level of bot chooses, from its
seat's view, at ``CHOICES`` positions spread evenly over the match where the seat to move has a
choice.
A change meant only to make a bot faster must leave it as it is; a change of play shows up as a
diff at the positions it plays differently.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from game import GAMES, GameState
from game.arena import play_unit
from game.core.matchfile import export_match, import_match

HERE = Path(__file__).resolve().parent
TABLES = {"gin_rummy": (2,), "gang_de_mouettes": (2, 4, 8), "lagagne": (2, 4, 6)}
SEED = 20261123
CHOICES = 24
LEVELS = ("easy", "normal", "hard")


def digest(state: GameState) -> str:
    """A short fingerprint of what every seat and a spectator see now."""
    views = [state.view(seat) for seat in [None, *range(state.players)]]
    text = json.dumps(views, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digests(text: str) -> str:
    """The digest file of a match file: final scores, then one line per move."""
    final = import_match(text)
    replay = final.replay(0)
    lines = [f"scores {' '.join(str(s) for s in final.scores)}", f"0 {digest(replay)}"]
    for n, move in enumerate(final.log, start=1):
        replay.apply(move)
        lines.append(f"{n} {digest(replay)} {move}")
    return "\n".join(lines) + "\n"


def choices(game_id: str, text: str) -> str:
    """The choices file of a match file: ``<move number> <level> <choice>`` at ``CHOICES``
    positions with more than one legal move, each bot seeded by the position."""
    final = import_match(text)
    desc = GAMES[game_id]
    replay = final.replay(0)
    positions = []
    for n, move in enumerate(final.log):
        head, _, _ = move.partition(":")
        legal = replay.legal_moves(int(head)) if head.isdigit() else []
        if len(legal) > 1:
            positions.append((n, replay.view(int(head)), legal))
        replay.apply(move)
    step = max(1, len(positions) // CHOICES)
    lines = [f"{n} {level} {desc.make_bot(level, SEED + n).choose(view, legal)}"
             for n, view, legal in positions[::step][:CHOICES] for level in LEVELS]
    return "\n".join(lines) + "\n"


def golden_match(game_id: str, players: int) -> str:
    desc = GAMES[game_id]
    state = desc.new_match([f"P{i + 1}" for i in range(players)], seed=SEED + players)
    levels = ("normal", "easy")
    bots = {s: desc.make_bot(levels[s % 2], SEED + s) for s in range(players)}
    play_unit(state, bots, "match")
    return export_match(state)


def cases() -> list[tuple[str, int]]:
    return [(g, n) for g, sizes in TABLES.items() for n in sizes]


def chosen(names: list[str]) -> list[tuple[str, int]]:
    """The cases named: a game's every table size, or ``<game>-<n>p``; an unknown name is refused."""
    known = cases()
    picked: list[tuple[str, int]] = []
    for name in names:
        matching = [(g, n) for g, n in known if name in (g, f"{g}-{n}p")]
        if not matching:
            every = ", ".join([*TABLES, *(f"{g}-{n}p" for g, n in known)])
            raise ValueError(f"no golden match is named {name!r}; the names are {every}")
        picked += [case for case in matching if case not in picked]
    return picked


def main(argv: list[str] | None = None) -> int:
    """Rewrite what is asked of the cases named (or of all of them with ``--all``)."""
    parser = argparse.ArgumentParser(prog="python -m tests.golden.make", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="games or cases (<game>-<n>p) to rewrite")
    parser.add_argument("--all", action="store_true", help="every golden match")
    parser.add_argument("--what", choices=("match", "digests", "choices"), default="match",
                        help="match: play it again and rewrite its three files (the default); digests or choices: "
                             "rewrite only that file from the checked-in match")
    args = parser.parse_args(argv)
    if args.all == bool(args.names):
        parser.error("name the games or cases to rewrite, or give --all")
    try:
        picked = cases() if args.all else chosen(args.names)
    except ValueError as e:
        parser.error(str(e))
    for game_id, players in picked:
        stem = HERE / f"{game_id}-{players}p"
        if args.what == "match":
            text = golden_match(game_id, players)
            stem.with_suffix(".match").write_text(text, encoding="utf-8")
        else:
            text = stem.with_suffix(".match").read_text(encoding="utf-8")
        if args.what in ("match", "digests"):
            stem.with_suffix(".digests").write_text(digests(text), encoding="utf-8")
        if args.what in ("match", "choices"):
            stem.with_suffix(".choices").write_text(choices(game_id, text), encoding="utf-8")
        print(f"{game_id} {players}p: {args.what if args.what != 'match' else 'match, digests and choices'} written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
