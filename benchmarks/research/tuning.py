"""One coordinate search over a bot's weights, used by ``tune_gang.py`` (LaGagne's weights are fitted by ``lagagne_distill.py`` now).

Each weight in turn is set to each of its trial values and played on the same deals as the best so
far (common random numbers); the first trial that beats the best by more than ``margin`` is kept.
Every later round starts from fresh deals (``seed + 10 * round``), so a lucky value met once is
measured again before the next pass builds on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

Score = tuple[float, str]
"""A trial's result: the value to raise (higher is better) and how to print it."""


def coordinate_search(weights: dict[str, float], names: Iterable[str], trials: Callable[[str, float], Iterable[float]],
                      score: Callable[[int], Score], seed: int, rounds: int, margin: float,
                      out: str | None = None) -> dict[str, float]:
    """Tune ``weights`` in place (and write them to ``out`` as JSON after each round); returns them."""
    names = list(names)
    best = score(seed)
    print(f"start {best[1]}", flush=True)
    for r in range(rounds):
        deals = seed + 10 * r
        best = score(deals) if r else best
        for name in names:
            old = weights[name]
            for value in trials(name, old):
                weights[name] = value
                trial = score(deals)
                print(f"  {name} {old:g} -> {value:g}: {trial[1]} ({trial[0] - best[0]:+.4f})", flush=True)
                if trial[0] > best[0] + margin:
                    best, old = trial, value
                    print(f"kept {name} = {value:g}", flush=True)
                    break
            weights[name] = old
        if out:
            Path(out).write_text(json.dumps(weights, indent=1))
    print(json.dumps(weights))
    return weights
