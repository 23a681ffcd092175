"""How well the Gang de mouettes hard bot knows its odds when it calls.

    python benchmarks/research/gang_calls.py [--players 2] [--rounds 300] [--seed 900]

Plays rounds of one ``hard`` bot against ``normal`` bots through the referee (the hard bot in each
seat in turn, on the same deals), and for every round it ended with a call, sets the share of its
rollouts in which the call came out lowest (the ``chance`` of its reason) beside what happened at
the table. Printed: the calls by tenths of that chance, and how often each tenth came out lowest
with a 95% interval. Calls on middling chances that come out lowest about as often as the rollouts
said are risks taken on purpose (calling before the opponent does); a tenth that comes out lowest
far less often than it says would be guesses of the hidden cards gone wrong.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game import GAMES  # noqa: E402
from game.arena import play_unit, wilson  # noqa: E402
from game.core import Bot, Move  # noqa: E402


class CallWatcher(Bot):
    """A bot that remembers the reason of its last call (and otherwise plays as ``bot`` does)."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(None)
        self.bot = bot
        self.level = bot.level
        self.chance: int | None = None

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        move = self.bot.choose(view, legal_moves)
        if move.action == "call" and self.bot.reason is not None:
            self.chance = self.bot.reason[1].get("chance")
        return move

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        return self.bot.react(view, legal_moves)


def calls(players: int, rounds: int, seed: int) -> dict[int | None, list[int]]:
    """Per tenth of the rollouts' chance (``None``: a call made without rollouts, as at the end of
    a long round): calls made and calls that came out lowest."""
    desc = GAMES["gang_de_mouettes"]
    table: dict[int | None, list[int]] = defaultdict(lambda: [0, 0])
    for r in range(rounds):
        for hard in range(players):
            state = desc.new_match(players, seed=seed + r)
            watcher = CallWatcher(desc.make_bot("hard", seed * 7 + r * 13 + hard))
            bots = {s: watcher if s == hard else desc.make_bot("normal", seed * 7 + r * 13 + s) for s in range(players)}
            result = play_unit(state, bots, "hand")
            if result.caller == hard:
                tenth = None if watcher.chance is None else min(90, watcher.chance // 10 * 10)
                table[tenth][0] += 1
                table[tenth][1] += result.caller_lowest
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=300, help="deals; each is played with the hard bot in every seat")
    parser.add_argument("--seed", type=int, default=900)
    args = parser.parse_args(argv)
    table = calls(args.players, args.rounds, args.seed)
    made = sum(c[0] for c in table.values())
    won = sum(c[1] for c in table.values())
    print(f"Gang de mouettes · {args.players} players · {args.rounds * args.players} rounds · hard against normal")
    low, high = wilson(won, made)
    print(f"hard's calls: {made}, caller lowest {won / max(1, made):.3f} [95% CI {low:.3f}, {high:.3f}]")
    print("rollouts lowest   calls   caller lowest")
    for tenth in sorted(table, key=lambda t: -1 if t is None else t):
        n, k = table[tenth]
        low, high = wilson(k, n)
        label = "no rollouts" if tenth is None else f"{tenth}–{tenth + 9} %" if tenth < 90 else "90 % or more"
        print(f"{label:<16} {n:>6}   {k / n:.2f} [{low:.2f}, {high:.2f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
