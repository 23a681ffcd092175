"""Headless bot-versus-bot matches for any registered game, with confidence intervals.

    python -m game.arena gin_rummy --bots hard,normal --hands 1000 --seed 1
    python -m game.arena gang_de_mouettes --bots hard,normal --players 4 --rounds 500 --jobs 2
    python -m game.arena lagagne --bots hard,normal --games 1000

A *deal* is played once per seating: with bots A and B at a two-seat table, every deal is played
with A in seat 0 and again with A in seat 1 (seats swap every hand), so luck of the cards cancels.
``--hands``/``--rounds`` count the first hand or round of each deal, ``--games`` its first game
(a Gin Rummy game to 100; in the other games, the whole match), ``--matches`` whole matches under
the given options (``--option key=value`` changes them, e.g. ``--option match_target=500``).

Matches run through the referee (``game.core.referee``), as at the table: a Gang de mouettes
quick-discard window lasts ``snap_window_seconds`` and a bot's reaction counts only if it comes in
time. Playing is deterministic from the seed. Only the command line reads a clock, to report how
long each bot took to move: the CPU time of the thread that runs it (bots compute inline), which is
the time on one core whatever else loads the machine; nothing that is played depends on it.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from game import GAMES
from game.core import Bot, GameState, Move
from game.core.options import parse_option_texts
from game.core.referee import Referee

Clock = Callable[[], float]


@dataclass
class UnitResult:
    """One hand, round, game or match: each seat's points and the winning seats."""

    points: list[float]
    winners: list[int]
    caller: int | None = None
    """The seat that ended the round by a call (games with calls), and whether it came out lowest."""
    caller_lowest: bool = False


@dataclass
class DealResult:
    """One deal played under every seating; ``seatings[r][seat]`` is the bot index in that seat."""

    seatings: list[list[int]]
    units: list[UnitResult]
    move_times: dict[int, list[float]] = field(default_factory=dict)


def seatings(bots: int, players: int) -> list[list[int]]:
    """Rotations of the bots around the table so that each bot sits in each seat equally often."""
    rotations = bots if players % bots == 0 else players
    return [[(seat + r) % bots for seat in range(players)] for r in range(rotations)]


class TimedBot(Bot):
    """A bot whose every answer is timed (the arena's command line only: the clock is passed in)."""

    def __init__(self, bot: Bot, clock: Clock, times: list[float]) -> None:
        super().__init__(None)
        self.bot, self.clock, self.times = bot, clock, times
        self.level = bot.level

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        t0 = self.clock()
        move = self.bot.choose(view, legal_moves)
        self.times.append(self.clock() - t0)
        return move

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        t0 = self.clock()
        answer = self.bot.react(view, legal_moves)
        self.times.append(self.clock() - t0)
        return answer


FAIR_RACE = (0.9, 1.5)
"""The reaction delays (seconds, uniform) every racer is given when the race is drawn fairly: the
range of the fastest bot, so that whoever wants a quick discard has the same chance to be first."""


class FairRaceBot(Bot):
    """A bot whose reactions keep their move but take a delay drawn from ``FAIR_RACE``, the same for
    every seat: among the seats that want the same quick discard, the first is drawn at random
    rather than decided by each player's own reaction times (the independent measurements' rule)."""

    def __init__(self, bot: Bot, seed: int) -> None:
        super().__init__(seed)
        self.bot, self.level = bot, bot.level

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        return self.bot.choose(view, legal_moves)

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        answer = self.bot.react(view, legal_moves)
        if answer is None:
            return None
        return answer[0], self.rng.uniform(*FAIR_RACE)


def play_unit(state: GameState, bots: dict[int, Bot], unit: str, max_moves: int = 200_000) -> UnitResult:
    """Play bots against each other through the referee until the first ``unit`` ends: "hand",
    "game" or "match". Quick-discard windows last as long as the rules say, as at the table."""
    def finished() -> list[dict[str, Any]]:
        if unit == "hand":
            return state.history
        if unit == "game":
            return state.finished_games()
        return state.finished_games()[-1:] if state.is_over() else []

    referee = Referee(state, bots)
    for _ in range(max_moves):
        if state.is_over() or finished():
            break
        if not referee.step():
            raise RuntimeError(f"{state.GAME_ID}: the bots have no move to play")
    else:
        raise RuntimeError(f"{state.GAME_ID}: no end after {max_moves} moves")
    if referee.faults:
        seat, error = referee.faults[0]
        raise RuntimeError(f"{state.GAME_ID}: the bot in seat {seat} failed: {error!r}") from error
    if unit == "match":
        return UnitResult([float(s) for s in state.scores], state.winners())
    entry = finished()[0]
    return UnitResult([float(p) for p in entry["points"]], list(entry["winners"]),
                      entry.get("caller"), bool(entry.get("caller_lowest")))


def play_deal(game_id: str, levels: Sequence[str], players: int, seed: int, unit: str,
              options: dict[str, Any], timed: bool, fair_race: bool = False) -> DealResult:
    """Play one deal (one seed) under every seating of the bots (``fair_race``: see ``FairRaceBot``)."""
    desc = GAMES[game_id]
    opts = desc.Options(**options) if options else None
    clock = _cpu_clock() if timed else None
    result = DealResult(seatings(len(levels), players), [])
    for r, seating in enumerate(result.seatings):
        state = desc.new_match(players, options=opts, seed=seed)
        bots = {s: desc.make_bot(levels[b], seed * 1009 + r * 31 + s) for s, b in enumerate(seating)}
        if fair_race:
            bots = {s: FairRaceBot(bot, seed * 7919 + r * 131 + s) for s, bot in bots.items()}
        if clock is not None:
            bots = {s: TimedBot(bot, clock, result.move_times.setdefault(seating[s], []))
                    for s, bot in bots.items()}
        result.units.append(play_unit(state, bots, unit))
    return result


def _cpu_clock() -> Clock:
    import time  # the arena's only use of a clock: reporting move times

    return time.thread_time


@dataclass
class Summary:
    """What the arena prints: per bot points, win rate and move times; pairwise differences."""

    levels: list[str]
    units: int
    points: list[float]
    win_rates: list[float]
    diffs: list[dict[str, Any]]
    move_ms: list[dict[str, float]]
    calls: list[tuple[int, int]] = field(default_factory=list)
    """Per bot: calls made and calls that came out lowest (empty for games without calls)."""


def mean_ci(samples: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(samples)
    if n == 0:
        return math.nan, math.nan
    m = statistics.fmean(samples)
    if n < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(samples) / math.sqrt(n)


def summarise(levels: Sequence[str], deals: Sequence[DealResult]) -> Summary:
    """Per-bot means and paired, per-deal differences with 95% intervals."""
    k = len(levels)
    per_deal_points: list[list[float]] = []
    per_deal_wins: list[list[float]] = []
    units = 0
    times: dict[int, list[float]] = {}
    calls = [[0, 0] for _ in range(k)]
    any_call = False
    for deal in deals:
        pts = [0.0] * k
        wins = [0.0] * k
        seats_of = [0] * k
        for seating, unit in zip(deal.seatings, deal.units):
            units += 1
            for seat, b in enumerate(seating):
                pts[b] += unit.points[seat]
                seats_of[b] += 1
                if seat in unit.winners:
                    wins[b] += 1 / len(unit.winners)
            if unit.caller is not None:
                any_call = True
                calls[seating[unit.caller]][0] += 1
                calls[seating[unit.caller]][1] += unit.caller_lowest
        rounds = len(deal.seatings)
        per_deal_points.append([pts[b] / seats_of[b] for b in range(k)])
        per_deal_wins.append([wins[b] / rounds for b in range(k)])
        for b, ts in deal.move_times.items():
            times.setdefault(b, []).extend(ts)
    points = [statistics.fmean(d[b] for d in per_deal_points) for b in range(k)]
    win_rates = [statistics.fmean(d[b] for d in per_deal_wins) for b in range(k)]
    diffs = []
    for b in range(1, k):
        p_mean, p_ci = mean_ci([d[0] - d[b] for d in per_deal_points])
        w_mean, w_ci = mean_ci([d[0] - d[b] for d in per_deal_wins])
        diffs.append({"a": levels[0], "b": levels[b], "points": p_mean, "points_ci": p_ci,
                      "win_rate": w_mean, "win_rate_ci": w_ci})
    move_ms = []
    for b in range(k):
        ts = sorted(times.get(b, []))
        move_ms.append({
            "moves": len(ts),
            "p50": _percentile(ts, 0.50) * 1000,
            "p95": _percentile(ts, 0.95) * 1000,
            "max": (ts[-1] * 1000) if ts else math.nan,
        })
    return Summary(list(levels), units, points, win_rates, diffs, move_ms,
                   [(c[0], c[1]) for c in calls] if any_call else [])


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a success rate."""
    if trials == 0:
        return math.nan, math.nan
    z = 1.96
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return math.nan
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def run(game_id: str, levels: Sequence[str], count: int, unit: str, players: int | None = None,
        seed: int = 1, options: dict[str, Any] | None = None, jobs: int = 1, timed: bool = True) -> Summary:
    """Play about ``count`` units (hands/rounds or games/matches) and summarise them."""
    desc = GAMES[game_id]
    players = players or max(desc.min_players, len(levels))
    if not desc.min_players <= players <= desc.max_players:
        raise ValueError(f"{desc.title} needs {desc.min_players}–{desc.max_players} players")
    kind = {"hands": "hand", "rounds": "hand", "games": "game", "matches": "match"}[unit]
    per_deal = len(seatings(len(levels), players))
    deals = max(1, math.ceil(count / per_deal))
    args = [(game_id, tuple(levels), players, seed * 100_003 + i, kind, dict(options or {}), timed)
            for i in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play_deal_args, args, chunksize=max(1, deals // (jobs * 8))))
    else:
        results = [play_deal(*a) for a in args]
    return summarise(levels, results)


def _play_deal_args(args: tuple[Any, ...]) -> DealResult:
    return play_deal(*args)


def format_summary(game_id: str, players: int, unit: str, summary: Summary) -> str:
    """The arena's report as text."""
    desc = GAMES[game_id]
    word = {"hands": "hand", "rounds": "round", "games": "game", "matches": "match"}.get(unit, unit)
    lines = [f"{desc.title} · {players} players · {summary.units} {unit} · bots: {', '.join(summary.levels)}",
             f"{'bot':<8} {'win rate':>9} {f'points/{word}':>14} {'moves':>8} "
             f"{'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  (move CPU time)"]
    for b, level in enumerate(summary.levels):
        t = summary.move_ms[b]
        lines.append(f"{level:<8} {summary.win_rates[b]:>9.3f} {summary.points[b]:>14.2f} {t['moves']:>8} "
                     f"{t['p50']:>8.2f} {t['p95']:>8.2f} {t['max']:>8.2f}")
    for b, (made, won) in enumerate(summary.calls):
        low, high = wilson(won, made)
        rate = won / made if made else math.nan
        lines.append(f"{summary.levels[b]} calls: {made} in {summary.units} {unit}, caller lowest {rate:.3f} "
                     f"[95% CI {low:.3f}, {high:.3f}]")
    for d in summary.diffs:
        lines.append(
            f"{d['a']} − {d['b']}: points/{word} {d['points']:+.2f} "
            f"[95% CI {d['points'] - d['points_ci']:+.2f}, {d['points'] + d['points_ci']:+.2f}]; "
            f"win rate {d['win_rate']:+.3f} "
            f"[95% CI {d['win_rate'] - d['win_rate_ci']:+.3f}, {d['win_rate'] + d['win_rate_ci']:+.3f}]"
        )
    return "\n".join(lines)


def parse_options(game_id: str, pairs: Sequence[str]) -> dict[str, Any]:
    """``name=value`` texts into option values, read as the game's option schema declares them
    (``OptionError``, a ``ValueError``, names the first one refused)."""
    return parse_option_texts(GAMES[game_id].Options, pairs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--bots", default="normal,easy", help="comma-separated bot levels, e.g. hard,normal")
    parser.add_argument("--players", type=int, default=None)
    count = parser.add_mutually_exclusive_group()
    for unit in ("hands", "rounds", "games", "matches"):
        count.add_argument(f"--{unit}", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.bots.split(",") if lv.strip()]
    desc = GAMES[args.game]
    for level in levels:
        if level not in desc.bot_levels + desc.yardsticks:
            parser.error(f"unknown bot level {level!r}")
    unit, n = next(((u, getattr(args, u)) for u in ("hands", "rounds", "games", "matches")
                    if getattr(args, u) is not None), ("hands", 100))
    try:
        options = parse_options(args.game, args.option)
    except ValueError as exc:
        parser.error(str(exc))
    players = args.players or max(desc.min_players, len(levels))
    summary = run(args.game, levels, n, unit, players, args.seed, options, args.jobs)
    print(format_summary(args.game, players, unit, summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
