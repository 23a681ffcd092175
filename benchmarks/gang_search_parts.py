"""Gang de mouettes ``hard`` with its rollouts judging only some kinds of choice, ``normal``'s rule
deciding the others: which of the search's choices pay.

    python benchmarks/gang_search_parts.py turn,drawn gang_de_mouettes hard gang \
        --players 2 --count 600 --seed 9992 --out /tmp/parts/turn+drawn.json

The first argument names the phases in which ``HardBot`` still compares moves by rollouts, among
``turn`` (draw, or take the discard into which place), ``drawn`` (what to do with a drawn card) and
``end_turn`` (call or play on), comma-separated, or ``none``; every other choice is ``normal``'s
(``decide``), after ``hard``'s check of ``call_odds``. The rest of the arguments are
``benchmarks/yardsticks.py``'s, and so is the output: runs of the same deals are paired deal by deal
with ``python benchmarks/yardsticks_pool.py X.json --against Y.json``. A diagnostic, never a level:
the bot is put back as it was when the run ends. Use tuning seeds only (9992 and up, 9989).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import yardsticks  # noqa: E402
from game.gang_de_mouettes import bots  # noqa: E402
from game.gang_de_mouettes.state import DRAWN, END_TURN, TURN  # noqa: E402

PHASES = {"turn": TURN, "drawn": DRAWN, "end_turn": END_TURN}


def phases_of(text: str) -> frozenset[str]:
    """The engine phases named by ``text`` (``turn,drawn``, or ``none``); anything else is refused."""
    if text == "none":
        return frozenset()
    names = text.split(",")
    unknown = [n for n in names if n not in PHASES]
    if unknown or not text:
        raise ValueError(f"unknown phase {', '.join(unknown) or repr(text)}; expected none or "
                         f"some of {', '.join(PHASES)}, comma-separated")
    return frozenset(PHASES[n] for n in names)


@contextmanager
def searching_only(phases: frozenset[str]) -> Iterator[None]:
    """``HardBot`` compares moves by rollouts only in ``phases`` while the block runs."""
    original = bots.HardBot._candidates

    def candidates(self: bots.HardBot, p: Any, actions: list[str]) -> list[str]:
        return original(self, p, actions) if p.phase in phases else []

    bots.HardBot._candidates = candidates  # type: ignore[method-assign]
    try:
        yield
    finally:
        bots.HardBot._candidates = original  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        raise SystemExit(__doc__)
    try:
        phases = phases_of(args[0])
    except ValueError as e:
        raise SystemExit(f"gang_search_parts: {e}") from None
    with searching_only(phases):
        return yardsticks.main(args[1:])


if __name__ == "__main__":
    sys.exit(main())
