"""How many hands a Gin Rummy match lasts, by match target, with two normal bots.

    python benchmarks/gin_match_length.py --matches 20 --targets 100,250,500,1000

The setup form's match lengths ("a quick game to 100 points — about 10 minutes") come from these
counts times a minute a hand (a hand takes about twenty turns; a player's turn, looked at, decided
and animated, about three seconds). See docs/rules/gin-rummy.md, "How long a match lasts".
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.arena import mean_ci, play_unit  # noqa: E402


def hands_of_match(target: int, seed: int) -> int:
    """The number of hands (void ones included) of one match to ``target`` between normal bots."""
    desc = GAMES["gin_rummy"]
    state = desc.new_match(2, options=desc.Options(match_target=target), seed=seed)
    bots = {s: desc.make_bot("normal", seed * 1009 + s) for s in range(2)}
    play_unit(state, bots, "match")
    return len(state.history)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--targets", default="100,250,500,1000")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for target in (int(t) for t in args.targets.split(",")):
        hands = [hands_of_match(target, args.seed + i) for i in range(args.matches)]
        mean, half = mean_ci(hands)
        print(f"match to {target}: {mean:.1f} hands [95% CI {mean - half:.1f}, {mean + half:.1f}], "
              f"median {statistics.median(hands)}, n={len(hands)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
