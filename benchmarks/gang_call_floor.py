"""Gang de mouettes ``hard`` at two players, calling at the end of its turn only when ``normal``'s
chance of ending lowest (``lowest_chance``) reaches a floor: what each share of calls that come out
lowest costs in points.

    python benchmarks/gang_call_floor.py 0.65 gang_de_mouettes hard gang \
        --players 2 --count 1000 --seed 9992 --out /tmp/floor/0.65.json

The first argument is the floor, a number from 0 to 1 (0: the bot as it is). A call that ``normal``'s
rule would make (``HardBot._call_by_odds``) is replaced by playing on when its chance is below the
floor, except in a long round, where the bot settles for any lead as ``normal`` does. The rest of the
arguments are ``benchmarks/yardsticks.py``'s, and so is the output: runs of the same deals are paired
deal by deal with ``python benchmarks/yardsticks_pool.py X.json --against Y.json``. A diagnostic,
never a level: the bot is put back as it was when the run ends. Use tuning seeds only (9992 and up).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import yardsticks  # noqa: E402
from game.core import Move  # noqa: E402
from game.gang_de_mouettes import bots  # noqa: E402


def floor_of(text: str) -> float:
    """The floor written in ``text``, a finite number from 0 to 1; anything else is refused."""
    try:
        floor = float(text)
    except ValueError:
        raise ValueError(f"the floor {text!r} is not a number; expected one from 0 to 1") from None
    if not math.isfinite(floor) or not 0.0 <= floor <= 1.0:
        raise ValueError(f"the floor {text} is outside 0 to 1")
    return floor


@contextmanager
def calling_at_least(floor: float) -> Iterator[None]:
    """While the block runs, ``hard``'s two-player call at the end of a turn needs ``lowest_chance``
    of at least ``floor`` outside a long round; the bot is put back after, even on failure."""
    original = bots.HardBot._call_by_odds

    def call_by_odds(self: bots.HardBot, p: Any, actions: list[str], seat: int) -> Move:
        move = original(self, p, actions, seat)
        long_round = p.round_turn > bots.PATIENCE * p.n
        if move.action == "call" and not long_round and bots.lowest_chance(p) < floor:
            self.because("gang.play_on", chance=round(100 * bots.lowest_chance(p)), total=round(sum(p.est(p.me))))
            return Move("done", seat)
        return move

    bots.HardBot._call_by_odds = call_by_odds  # type: ignore[method-assign]
    try:
        yield
    finally:
        bots.HardBot._call_by_odds = original  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    """Run ``benchmarks/yardsticks.py`` with the floor of the first argument applied."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        raise SystemExit(__doc__)
    try:
        floor = floor_of(args[0])
    except ValueError as e:
        raise SystemExit(f"gang_call_floor: {e}") from None
    with calling_at_least(floor):
        return yardsticks.main(args[1:])


if __name__ == "__main__":
    sys.exit(main())
