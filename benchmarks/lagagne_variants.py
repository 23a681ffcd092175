"""Try a setting of LaGagne's bots against the independent players, seats swapped.

    python benchmarks/lagagne_variants.py NAME SEED FIRST COUNT PLAYERS [SURE=1.0] [budget=2250]
    python benchmarks/lagagne_variants.py NAME SEED FIRST COUNT PLAYERS level=normal \\
        against=lagagne,lagagne-cautious,lagagne-aggressive steal_cost=30

Plays deals ``FIRST`` to ``FIRST + COUNT - 1`` of ``SEED`` (as ``python -m game.arena`` draws them)
with ``level`` (default ``hard``) against each player of ``against`` (default ``lagagne``) and
prints one JSON line: the level's mean share of the wins, its standard error over deals, the CPU
seconds spent and the per-deal shares, opponent after opponent (so variants played on the same
deals can be compared in pairs). ``answers=R`` lets the opponent answer in ``hard``'s
rollouts with the worst for the bot of its R best moves, ``answers_mean=R`` with their mean, and
``own_turn=R`` gives the bot's next turn in them the best of its R best moves
(``lagagne_answers.py``, nineteenth round). Any other ``KEY=VALUE`` sets a weight of ``normal``'s judgement
at the table size played (``game.lagagne.bots.weights``, which ``hard`` also plays), a module constant of
``game.lagagne.bots`` (``SURE``, ``SURE_AT_TABLE``) or ``HardBot``'s ``budget``. Use tuning seeds
only (9601 and up): the seeds of the tables in ``docs/bots.md`` are held out.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.yardsticks  # noqa: E402,F401  (installs the independent players)
from benchmarks.lagagne_answers import answered_values, own_turn_values  # noqa: E402
from game.arena import play_deal  # noqa: E402
from game.lagagne import bots  # noqa: E402


def main(argv: list[str]) -> int:
    """Play the deals with the given settings and print the result as one JSON line."""
    name, seed, first, count, players = argv[0], int(argv[1]), int(argv[2]), int(argv[3]), int(argv[4])
    level, against = "hard", ["lagagne"]
    for kv in argv[5:]:
        key, value = kv.split("=")
        if key == "level":
            level = value
        elif key == "against":
            against = value.split(",")
        elif key in ("answers", "answers_mean"):
            bots.rollout_values = answered_values(int(value), "worst" if key == "answers" else "mean")
        elif key == "own_turn":
            bots.rollout_values = own_turn_values(int(value))
        elif key == "budget":
            bots.HardBot.__init__.__defaults__ = (None, int(value), 6)
        elif key in bots.weights(players):
            bots.weights(players)[key] = float(value)
        else:
            setattr(bots, key, float(value))
    start = time.process_time()
    wins = []
    for opponent in against:
        for i in range(first, first + count):
            deal = play_deal("lagagne", (level, opponent), players, seed * 100_003 + i, "game", {}, False)
            share = sum(sum(1 for w in u.winners if seating[w] == 0) / max(1, len(u.winners))
                        for seating, u in zip(deal.seatings, deal.units))
            wins.append(share / len(deal.units))
    print(json.dumps({"name": name, "args": argv[1:], "win": statistics.fmean(wins),
                      "se": statistics.stdev(wins) / len(wins) ** 0.5 if len(wins) > 1 else None,
                      "cpu": round(time.process_time() - start, 1), "per_deal": wins}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
