"""Where LaGagne's ``hard`` leaves ``normal``'s choice, and in which situations.

    python benchmarks/lagagne_disagree.py SEED FIRST COUNT PLAYERS [--out decisions.jsonl]
        [--again N --budget B --repeats R]

Plays deals ``FIRST`` to ``FIRST + COUNT - 1`` of ``SEED`` (as ``python -m game.arena`` draws
them) with ``hard`` against ``lagagne``, seats swapped, and records every decision ``hard``
searched: the kind of move ``normal`` would play (its judgement needs only what the seat sees, so
it is the same in every guessed deal), the kind ``hard`` played, and the situation (the seat's lead
over the best opponent, whether someone has reached the target). It prints how often the search
left ``normal``'s choice, by kind and by lead, and what it played instead: the cheapest way to find
what ``normal``'s judgement lacks (``docs/bots.md``, seventh and tenth rounds). ``--out`` keeps
one JSON line per searched decision.

``--again N`` then searches the first ``N`` decisions where ``hard`` left ``normal``'s choice, and
the first ``N`` where it kept it, ``R`` times more each with fresh guessed deals and a budget of
``B`` simulated turns: how often a search finds the same move again tells a choice the search is
sure of from one its noise made. Use tuning seeds only (9601 and up).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.yardsticks  # noqa: E402,F401  (installs the independent players)
from game.arena import play_deal  # noqa: E402
from game.core import Move, Rng  # noqa: E402
from game.lagagne import bots  # noqa: E402
from game.lagagne.cards import SYMBOLS, X2  # noqa: E402
from game.lagagne.state import LaGagneState, action_words  # noqa: E402

LEAD_BANDS = ((-math.inf, -50, "behind by 50 or more"), (-50, -10, "behind by 10 to 49"),
              (-10, 10, "within 9"), (10, 50, "ahead by 10 to 49"), (50, math.inf, "ahead by 50 or more"))


def kind(st: LaGagneState, move: Move) -> str:
    """A move's kind as the tables group it (``open``, ``lay card``, ``steal symbol``...)."""
    name, args = action_words(move.action)
    if name == "play":
        if args[0] in SYMBOLS:
            return "open"
        return "lay x2" if args[0] == X2 else "lay card"
    if name == "steal":
        victim, tcard = args[0].split(":")
        card, _ = st.steal_source(int(victim), tcard)
        return "steal symbol" if card in SYMBOLS else "steal card"
    return {"recup": "take back", "exchange": "exchange"}.get(name, name)


def band(lead: int) -> str:
    """The lead band ``lead`` falls in."""
    return next(label for low, high, label in LEAD_BANDS if low <= lead < high)


def record_decisions(seed: int, first: int, count: int, players: int) -> list[dict[str, Any]]:
    """Play the deals and return one record per decision ``hard`` searched, with the seat's view
    and legal moves so that it can be searched again."""
    records: list[dict[str, Any]] = []
    choose = bots.HardBot.choose

    def watched(bot: bots.HardBot, view: dict[str, Any], legal: list[Move]) -> Move:
        move = choose(bot, view, legal)
        if bot.reason is not None and bot.reason[0] in ("lagagne.heuristic", "lagagne.rollouts"):
            st = LaGagneState.determinise(view, Rng(0))
            seat = view["seat"]
            plain = bots.best_move(st, seat, legal)
            records.append({
                "players": players, "normal": plain.action, "hard": move.action,
                "normal_kind": kind(st, plain), "hard_kind": kind(st, move),
                "lead": bots.lead_over_best(st.scores, seat), "score": st.scores[seat],
                "last_round": view["last_round"] is not None, "hand": sorted(view["hand"]),
                "view": view, "legal": [m.action for m in legal],
            })
        return move

    setattr(bots.HardBot, "choose", watched)  # noqa: B010  (the class every deal builds)
    try:
        for i in range(first, first + count):
            play_deal("lagagne", ("hard", "lagagne"), players, seed * 100_003 + i, "game", {}, False)
    finally:
        setattr(bots.HardBot, "choose", choose)  # noqa: B010
    return records


def report(records: list[dict[str, Any]]) -> str:
    """The tables: by ``normal``'s kind of move, and by lead."""
    lines = [f"{len(records)} searched decisions, "
             f"{sum(r['normal'] != r['hard'] for r in records)} left normal's choice", "",
             "| normal's choice | decisions | hard chose otherwise | most often instead |",
             "|---|---|---|---|"]
    by_kind = Counter(r["normal_kind"] for r in records)
    for k, total in by_kind.most_common():
        other = [r for r in records if r["normal_kind"] == k and r["normal"] != r["hard"]]
        instead = Counter(r["hard_kind"] for r in other).most_common(3)
        lines.append(f"| {k} | {total} | {len(other)} ({len(other) / total:.0%}) | "
                     + ", ".join(f"{name} {n}" for name, n in instead) + " |")
    lines += ["", "| lead over the best opponent | decisions | hard chose otherwise | most often: normal → hard |",
              "|---|---|---|---|"]
    for _, _, label in LEAD_BANDS:
        rows = [r for r in records if band(r["lead"]) == label]
        if not rows:
            continue
        other = [r for r in rows if r["normal"] != r["hard"]]
        pairs = Counter(f"{r['normal_kind']} → {r['hard_kind']}" for r in other).most_common(3)
        lines.append(f"| {label} | {len(rows)} | {len(other)} ({len(other) / len(rows):.0%}) | "
                     + ", ".join(f"{p} {n}" for p, n in pairs) + " |")
    return "\n".join(lines)


def search_again(records: list[dict[str, Any]], count: int, budget: int, repeats: int) -> str:
    """Search ``count`` decisions that left ``normal``'s choice and ``count`` that kept it
    ``repeats`` times each (bot seeds 1000 and up): how often each search finds the move ``hard``
    played, ``normal``'s move, or another."""
    lines = [f"searched again with a budget of {budget}, {repeats} times each:", "",
             "| decisions | searched | the same move | normal's move | another |", "|---|---|---|---|---|"]
    left = [r for r in records if r["normal"] != r["hard"]][:count]
    kept = [r for r in records if r["normal"] == r["hard"]][:count]
    for label, rows in (("left normal's choice", left), ("kept normal's choice", kept)):
        found: Counter[str] = Counter()
        for r in rows:
            seat = r["view"]["seat"]
            legal = [Move(a, seat) for a in r["legal"]]
            for k in range(repeats):
                move = bots.HardBot(1000 + k, budget).choose(r["view"], legal).action
                found["same" if move == r["hard"] else "normal" if move == r["normal"] else "other"] += 1
        total = max(1, sum(found.values()))
        lines.append(f"| {label} | {len(rows)} × {repeats} | {found['same'] / total:.0%} | "
                     f"{found['normal'] / total:.0%} | {found['other'] / total:.0%} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Record the decisions, print the tables and keep the records if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("players", type=int)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--again", type=int, default=0, metavar="N")
    parser.add_argument("--budget", type=int, default=1500, metavar="B")
    parser.add_argument("--repeats", type=int, default=1, metavar="R")
    args = parser.parse_args(argv)
    records = record_decisions(args.seed, args.first, args.count, args.players)
    if args.out is not None:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in records))
    print(report(records))
    if args.again:
        print()
        print(search_again(records, args.again, args.budget, args.repeats))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
