"""Try a setting of Gin Rummy's ``hard`` bot against the EAAI ``simple`` player, seats swapped.

    python benchmarks/gin_variants.py NAME SEED FIRST COUNT [hand|game] [KNOCK_MARGIN=3] ... > NAME.json
    python benchmarks/gin_variants.py --pair BASE.json OTHER.json

Plays deals ``FIRST`` to ``FIRST + COUNT - 1`` of ``SEED`` (as ``python -m game.arena`` draws them)
with ``hard`` against ``simple`` and prints one JSON line: per hand, hard's points less simple's
(``game``: hard's share of the games to 100 won), its mean and standard error over deals, the CPU
seconds spent and the per-deal results. ``KEY=VALUE`` sets an attribute of ``HardBot``
(``DEALS``, ``PLAYOUT_WEIGHT``, ``BOX_WEIGHT``, ``KNOCK_MARGIN``...) or a constant of its module
(``PASS_ODDS``, ``THROW_ODDS``, ``TAKE_ODDS``: how ``hard`` weighs the opponent hands it guesses). ``--pair`` compares two such
runs of the same deals deal by deal (the bots' seeds are the deal's, so only the setting differs)
and prints the difference with its 95% interval. Use tuning seeds only (9600 and up): the seeds of
the tables in ``docs/bots.md`` are held out.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.yardsticks import per_deal  # noqa: E402
from game.arena import mean_ci, play_deal  # noqa: E402
from game.gin_rummy import bots  # noqa: E402


def configure(pairs: list[str]) -> None:
    """Set ``HardBot`` attributes (or constants of its module, such as ``PASS_ODDS``) from
    ``KEY=VALUE`` texts; an unknown key or a value that is not a finite number is refused before
    anything is set."""
    settings = {}
    for kv in pairs:
        key, _, value = kv.partition("=")
        owner = bots.HardBot if hasattr(bots.HardBot, key) else bots
        current = getattr(owner, key, None)
        if not key.isupper() or isinstance(current, bool) or not isinstance(current, (int, float)):
            raise SystemExit(f"gin_variants: {key!r} is not a numeric setting of HardBot or its module")
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise SystemExit(f"gin_variants: {key} needs a finite number, not {value!r}")
        settings[key] = (owner, int(number) if isinstance(current, int) else number)
    for key, (owner, number) in settings.items():
        setattr(owner, key, number)


def play(seed: int, first: int, count: int, unit: str) -> list[float]:
    """Per deal: hard's points less simple's per hand (``hand``), or its share of the games won."""
    deals = [play_deal("gin_rummy", ("hard", "simple"), 2, seed * 100_003 + i, unit, {}, False)
             for i in range(first, first + count)]
    diffs, wins, _, _ = per_deal(deals)
    return diffs if unit == "hand" else wins


def pair(base: str, other: str) -> str:
    """The deal-by-deal difference of two runs on the same deals, with its 95% interval."""
    a = json.loads(Path(base).read_text())
    b = json.loads(Path(other).read_text())
    if (a["args"][:3], a["unit"]) != (b["args"][:3], b["unit"]):
        raise SystemExit("gin_variants: the two runs were not played on the same deals")
    mean, half = mean_ci([y - x for x, y in zip(a["per_deal"], b["per_deal"])])
    return f"{b['name']} - {a['name']}: {mean:+.3f} ±{half:.3f} ({len(a['per_deal'])} deals, {a['unit']})"


def main(argv: list[str]) -> int:
    """Play the deals with the given settings and print the result as one JSON line (or pair two)."""
    if argv[:1] == ["--pair"]:
        print(pair(argv[1], argv[2]))
        return 0
    name, seed, first, count = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    rest = argv[4:]
    unit = rest.pop(0) if rest and rest[0] in ("hand", "game") else "hand"
    configure(rest)
    start = time.process_time()
    results = play(seed, first, count, unit)
    print(json.dumps({"name": name, "args": argv[1:4] + rest, "unit": unit, "mean": statistics.fmean(results),
                      "se": statistics.stdev(results) / len(results) ** 0.5 if len(results) > 1 else None,
                      "cpu": round(time.process_time() - start, 1), "per_deal": results}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
