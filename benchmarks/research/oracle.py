"""What the hidden cards are worth to ``hard``: the same deals against an independent player, with
``hard`` guessing the hidden cards as it does at the table, or shown them.

    python benchmarks/research/oracle.py gin_rummy simple --sight guess --seed 9861 --count 300 --out guess.json
    python benchmarks/research/oracle.py gin_rummy simple --sight known --seed 9861 --count 300 --out known.json
    python benchmarks/research/oracle.py --pair guess.json known.json

``--sight known`` replaces every guessed deal of ``hard``'s search with the true cards that somebody
at the table knows (the opponent's hand in Gin Rummy, every hand in LaGagne, every card a holder
has looked at in Gang de mouettes), the cards nobody knows still guessed and the stock or pile
still shuffled; ``--sight all`` (Gang de mouettes) also shows the cards nobody has looked at, the
bot's own included; in Gin Rummy ``--sight feed`` or ``--sight playouts`` shows the opponent's hand
to one use of the guess only (what a discard would save the opponent, or the play-outs that compare
the shortlisted discards). ``--sight opponent`` (Gang de mouettes, LaGagne) shows no card: the
search's rollouts play every other seat's turns with the opponent itself, where they play
``normal``'s, so it says what a perfect model of how the opponent plays would be worth, its cards
still guessed. The figures are a ceiling: what perfect inference (``known``) or perfect
sight (``all``) would bring the same search, so they say whether a better guess of the hidden
cards can pay and how much of the gap to seeing them the bot already closes. This is a diagnostic,
never a level: the bots read only their seat's view, and here the benchmark hands the search the
true state by replacing its sampler for the length of the run (``sighted``), then puts it back.
Only ``hard`` is shown anything: in LaGagne ``normal`` guesses through the same call, and still guesses.

Deals and bots' seeds are drawn as ``benchmarks/yardsticks.py`` draws them, so runs of the same deals
compare deal by deal (``--pair``: the difference with its 95% interval). Use tuning seeds only
(9600 and up): the seeds of the tables in ``docs/bots.md`` are held out.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.yardsticks import per_deal  # noqa: E402
from game.arena import mean_ci, play_deal  # noqa: E402
from game.core import Bot, GameState, Rng  # noqa: E402
from game.core.referee import Referee  # noqa: E402
from game.yardsticks import PLAYERS  # noqa: E402  (importing it installs the independent players)

SIGHTS = {"gin_rummy": ("guess", "known", "feed", "playouts"), "lagagne": ("guess", "known", "opponent"),
          "gang_de_mouettes": ("guess", "known", "all", "opponent")}
UNITS = {"gin_rummy": "hand", "lagagne": "game", "gang_de_mouettes": "hand"}


def _gin_patch(truth: list[Any]) -> tuple[Any, str, Any]:
    from game.gin_rummy import bots

    def deals(self: bots.HardBot, seen: Any, view: dict[str, Any]) -> list[tuple[int, list[int]]]:
        st = truth[0]
        hand = st.hands[1 - view["seat"]]
        out = []
        for _ in range(self.DEALS):
            stock = list(st.stock)
            self.rng.shuffle(stock)
            out.append((hand, stock))
        return out

    return bots.HardBot, "_deals", deals


def _gin_part_patch(truth: list[Any], part: str) -> tuple[Any, str, Any]:
    """Only one use of the guessed deals shown the true opponent hand, while ``hard`` chooses:
    ``feed`` (what each discard would save the opponent) or ``playouts`` (each shortlisted discard
    played out to the hand's end). Everything else still works on the guess."""
    from game.gin_rummy import bots

    choose, feed, played_out = bots.HardBot.choose, bots._feed, bots.HardBot._played_out

    def sighted_choose(self: bots.HardBot, view: dict[str, Any], legal_moves: list[Any]) -> Any:
        st = truth[0]
        hand = st.hands[1 - view["seat"]]

        def true_feed(card: int, opp_hands: list[int]) -> float:
            return feed(card, [hand] * len(opp_hands))

        def true_played_out(bot: bots.HardBot, seen: Any, deals: list[tuple[int, list[int]]], card: int,
                            bonus: tuple[int, int, int]) -> float:
            shown = []
            for _ in deals:
                stock = list(st.stock)
                bot.rng.shuffle(stock)
                shown.append((hand, stock))
            return played_out(bot, seen, shown, card, bonus)

        if part == "feed":
            bots._feed = true_feed
        else:
            bots.HardBot._played_out = true_played_out  # type: ignore[method-assign,assignment]
        try:
            return choose(self, view, legal_moves)
        finally:
            bots._feed, bots.HardBot._played_out = feed, played_out  # type: ignore[method-assign]

    return bots.HardBot, "choose", sighted_choose


def _lagagne_patch(truth: list[Any]) -> tuple[Any, str, Any]:
    """``hard`` guesses through the contract's ``determinise``, which ``normal`` calls too: it is
    replaced only while ``hard`` chooses."""
    from game.lagagne import bots
    from game.lagagne.state import LaGagneState

    def determinise(cls: type[LaGagneState], view: dict[str, Any], rng: Rng) -> LaGagneState:
        world: LaGagneState = truth[0].clone()
        world.rng = rng
        rng.shuffle(world.pile)
        return world

    choose = bots.HardBot.choose

    def sighted_choose(self: bots.HardBot, view: dict[str, Any], legal_moves: list[Any]) -> Any:
        guess = LaGagneState.__dict__["determinise"]
        LaGagneState.determinise = classmethod(determinise)  # type: ignore[method-assign,assignment]
        try:
            return choose(self, view, legal_moves)
        finally:
            LaGagneState.determinise = guess  # type: ignore[method-assign]

    return bots.HardBot, "choose", sighted_choose


def _gang_patch(truth: list[Any], everything: bool) -> tuple[Any, str, Any]:
    from game.gang_de_mouettes import bots

    guess = bots.HardBot.world

    def world(self: bots.HardBot, view: dict[str, Any], p: Any) -> Any:
        real = truth[0]
        st = guess(self, view, p)
        shown = {(s, i) for s in range(real.players) for i, mask in enumerate(real.know[s]) if everything or mask}
        for s, i in sorted(shown):
            value = real.slots[s][i]
            if st.slots[s][i] == value:
                continue
            k = next((k for k, c in enumerate(st.pile) if c == value), None)
            if k is not None:
                st.pile[k], st.slots[s][i] = st.slots[s][i], value
                continue
            for t in range(real.players):
                j = next((j for j, c in enumerate(st.slots[t]) if c == value and (t, j) not in shown), None)
                if j is not None:
                    st.slots[t][j], st.slots[s][i] = st.slots[s][i], value
                    break
        return st

    return bots.HardBot, "world", world


def _lagagne_opponent_patch(opponent: Bot) -> tuple[Any, str, Any]:
    """While ``hard`` chooses, its rollouts play the other seats' turns with ``opponent``."""
    from game.lagagne import bots

    choose, values = bots.HardBot.choose, bots.rollout_values

    def modelled_values(world: Any, seat: int, moves: list[Any], depth: int,
                        policy: bots.Policy = bots.best_move) -> list[float]:
        def mixed(st: Any, p: int, legal: list[Any]) -> Any:
            return policy(st, p, legal) if p == seat else opponent.choose(st.view(p), legal)
        return values(world, seat, moves, depth, mixed)

    def modelled_choose(self: bots.HardBot, view: dict[str, Any], legal_moves: list[Any]) -> Any:
        bots.rollout_values = modelled_values
        try:
            return choose(self, view, legal_moves)
        finally:
            bots.rollout_values = values

    return bots.HardBot, "choose", modelled_choose


def _gang_opponent_patch(opponent: Bot) -> tuple[Any, str, Any]:
    """While ``hard`` chooses, its rollouts play the other seats' turns with ``opponent`` (the
    rollout asks ``decide`` for every seat's action; inside a rollout, another seat's is the
    opponent's choice on that seat's view of the rollout's state)."""
    from game.gang_de_mouettes import bots

    choose, rollout, decide = bots.HardBot.choose, bots.rollout, bots.decide
    inside: list[tuple[Any, int]] = []

    def modelled_rollout(st: Any, seat: int, horizon: int, call_margin: float) -> Any:
        inside.append((st, seat))
        try:
            return rollout(st, seat, horizon, call_margin)
        finally:
            inside.pop()

    def modelled_decide(p: Any, legal: Any, call_margin: float = 2.0) -> str:
        if inside and p.me != inside[-1][1]:
            st = inside[-1][0]
            return str(opponent.choose(st.view(p.me), st.legal_moves(p.me)).action)
        return decide(p, legal, call_margin)

    def modelled_choose(self: bots.HardBot, view: dict[str, Any], legal_moves: list[Any]) -> Any:
        bots.rollout, bots.decide = modelled_rollout, modelled_decide
        try:
            return choose(self, view, legal_moves)
        finally:
            bots.rollout, bots.decide = rollout, decide

    return bots.HardBot, "choose", modelled_choose


@contextlib.contextmanager
def sighted(game_id: str, sight: str, opponent: str | None = None) -> Iterator[None]:
    """While inside, ``hard``'s search in ``game_id`` sees the hidden cards that ``sight`` names
    (``guess`` changes nothing), or with ``opponent`` plays the other seats of its rollouts as the
    independent player ``opponent`` does; the referee's state is what it is shown."""
    if sight not in SIGHTS[game_id]:
        raise ValueError(f"{game_id} has no sight {sight!r}; expected one of {', '.join(SIGHTS[game_id])}")
    if sight == "guess":
        yield
        return
    truth: list[GameState] = []
    step = Referee.step

    def watched(self: Referee) -> Any:
        truth[:] = [self.state]
        return step(self)

    if sight == "opponent":
        if opponent not in PLAYERS[game_id]:
            raise ValueError(f"--sight opponent models an independent player of {game_id}, not {opponent!r}")
        model = PLAYERS[game_id][opponent](0)
        patch = _lagagne_opponent_patch if game_id == "lagagne" else _gang_opponent_patch
        owner, name, replacement = patch(model)
    elif game_id == "gin_rummy" and sight in ("feed", "playouts"):
        owner, name, replacement = _gin_part_patch(truth, sight)
    elif game_id == "gin_rummy":
        owner, name, replacement = _gin_patch(truth)
    elif game_id == "lagagne":
        owner, name, replacement = _lagagne_patch(truth)
    else:
        owner, name, replacement = _gang_patch(truth, sight == "all")
    saved = owner.__dict__[name]
    Referee.step = watched  # type: ignore[method-assign]
    setattr(owner, name, replacement)
    try:
        yield
    finally:
        setattr(owner, name, saved)
        Referee.step = step  # type: ignore[method-assign]


def play(game_id: str, opponent: str, players: int, seed: int, first: int, count: int, sight: str,
         fair_race: bool) -> dict[str, Any]:
    """Play the deals with ``hard`` shown what ``sight`` names; per-deal results and their means."""
    start = time.process_time()
    with sighted(game_id, sight, opponent):
        deals = [play_deal(game_id, ("hard", opponent), players, seed * 100_003 + i, UNITS[game_id], {}, False,
                           fair_race) for i in range(first, first + count)]
    diffs, wins, _, _ = per_deal(deals)
    return {"game": game_id, "opponent": opponent, "players": players, "seed": seed, "first": first,
            "count": count, "sight": sight, "unit": UNITS[game_id], "fair_race": fair_race,
            "diff": statistics.fmean(diffs), "win": statistics.fmean(wins),
            "cpu": round(time.process_time() - start, 1), "diffs": diffs, "wins": wins}


def pair(base: dict[str, Any], other: dict[str, Any]) -> str:
    """Both runs' figures and their deal-by-deal differences, with 95% intervals."""
    same = ("game", "opponent", "players", "seed", "first", "count", "fair_race")
    if any(base[k] != other[k] for k in same):
        raise SystemExit("oracle: the two runs were not played on the same deals")
    lines = []
    for key, label in (("diffs", "points"), ("wins", "win share")):
        a, b = base[key], other[key]
        (ma, ha), (mb, hb) = mean_ci(a), mean_ci(b)
        d, hd = mean_ci([y - x for x, y in zip(a, b)])
        lines.append(f"{label}: {base['sight']} {ma:+.3f} ±{ha:.3f}, {other['sight']} {mb:+.3f} ±{hb:.3f}, "
                     f"difference {d:+.3f} ±{hd:.3f} ({len(a)} deals)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run one sight over a seed's deals (or ``--pair`` two runs) and print the figures."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--pair"]:
        if len(args) != 3:
            raise SystemExit("oracle: --pair takes two result files")
        print(pair(*(json.loads(Path(f).read_text()) for f in args[1:])))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(SIGHTS))
    parser.add_argument("opponent")
    parser.add_argument("--sight", default="guess", choices=sorted({s for sights in SIGHTS.values() for s in sights}))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--fair-race", action="store_true", help="as in benchmarks/yardsticks.py")
    parser.add_argument("--out", default=None, help="write the per-deal results as JSON here too")
    ns = parser.parse_args(args)
    try:
        result = play(ns.game, ns.opponent, ns.players, ns.seed, ns.first, ns.count, ns.sight, ns.fair_race)
    except ValueError as error:
        parser.error(str(error))
    text = json.dumps(result)
    if ns.out:
        Path(ns.out).write_text(text + "\n")
    print(f"{ns.game} hard ({ns.sight}) against {ns.opponent}, {ns.players} players, {ns.count} deals: "
          f"points {result['diff']:+.3f}, win share {result['win']:.3f}, {result['cpu']} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
