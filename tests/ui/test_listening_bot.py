"""Issue 63, item 5: a player who only listens plays whole matches of every game, at two seats and at
the largest table, against ``normal`` bots (``tests.ui.listener``: it hears the announcements and
presses keys; it never reads the state, the session or the screen). Every match ends, with no move
refused; without the focus announcements it cannot play at all, and without the knock panel's
read-out it cannot knock. Short matches (the rule options below) keep the CPU modest; the bot's
patience is counted in frames, never in seconds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from game import GAMES
from game.gang_de_mouettes.options import Options as GangOptions
from game.gin_rummy.options import GinOptions
from game.lagagne.options import Options as LaGagneOptions
from tests.ui.listener import (
    Ears,
    GangStrategy,
    GinStrategy,
    LaGagneStrategy,
    ListeningBot,
    Phrasebook,
    Refused,
    Strategy,
)
from ui.session import MatchSession, SeatInfo

SHORT: dict[str, Any] = {
    "gin_rummy": GinOptions(game_target=10, match_target=10),
    "gang_de_mouettes": GangOptions(match_end=15),
    "lagagne": LaGagneOptions(target=100),
}
"""A short match of each game: one game of Gin to 10, Gang until someone has 15, LaGagne to 100."""

STRATEGIES: dict[str, type[Strategy]] = {"gin_rummy": GinStrategy, "gang_de_mouettes": GangStrategy,
                                         "lagagne": LaGagneStrategy}
FRAMES = 30_000
"""Frames a match may take at most (the longest seen took about 3,000)."""
TABLES = [("gin_rummy", 2), ("gang_de_mouettes", 2), ("gang_de_mouettes", 8), ("lagagne", 2), ("lagagne", 6)]
SEEDS = (1, 2)


@dataclass
class Played:
    moves: int
    heard: int
    told: int
    """Announcements the table made unasked (not the focus moves nor the answers to question keys)."""
    keys: int
    frames: int
    asked: int


def listen_to_a_match(app, game_id: str, players: int, seed: int, deaf_to: tuple[str, ...] = ()) -> Played:
    """Seat the listening bot (Alice) against ``normal`` bots and let it play the match out."""
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    seats = [SeatInfo("Alice"), *(SeatInfo(f"Bot{i}", "normal") for i in range(1, players))]
    state = GAMES[game_id].new_match([s.name for s in seats], options=SHORT[game_id], seed=seed)
    ears = Ears(app, deaf_to=deaf_to)
    bot = ListeningBot(ears, STRATEGIES[game_id](Phrasebook()))
    app.start_match(MatchSession(state, seats, bot_seeds={s: 50 + seed * 10 + s for s in range(players)}))
    bot.play(FRAMES)
    refused = [h.text for h in ears.speaker.lines if h.kind == "refusal"]
    assert not refused, refused  # the table's own word for a refused move, whatever the bot understood
    assert app.top.state.is_over()  # the yardstick, read by the test only once the bot has stopped
    told = sum(1 for h in ears.speaker.lines if h.kind not in ("focus", "answer", *deaf_to))
    return Played(bot.moves, len(ears.heard), told, ears.keys, ears.frames, bot.asked)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_player_who_only_listens_finishes_every_match(app, game_id: str, players: int, seed: int) -> None:
    played = listen_to_a_match(app, game_id, players, seed)
    assert played.moves >= 2
    print(f"\n{game_id} x{players} seed {seed}: {played.moves} moves, {played.heard} announcements "
          f"({played.heard / played.moves:.1f} a move; unasked {played.told / played.moves:.1f} a move), "
          f"{played.asked} questions, {played.keys} keys, {played.frames} frames")


def test_without_the_focus_announcements_the_listener_cannot_play(app) -> None:
    with pytest.raises(Refused, match="nothing to do|did not end"):
        listen_to_a_match(app, "gin_rummy", 2, 1, deaf_to=("focus",))


def test_without_the_knock_panels_read_out_the_listener_cannot_knock(app) -> None:
    with pytest.raises(Refused, match="knock panel"):
        listen_to_a_match(app, "gin_rummy", 2, KNOCKS, deaf_to=("screen",))


KNOCKS = 1
"""A seed where the listener knocks (checked: with the read-out, the match ends)."""
