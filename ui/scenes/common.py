"""Small helpers the shell's scenes share: the registered games and their names in the UI."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.app import App


def games() -> dict[str, Any]:
    """The registered games (``game.GAMES``), imported on first use to keep start-up fast."""
    from game import GAMES

    return GAMES


def game_title(app: App, game_id: str) -> str:
    """A game's name in the current language (the descriptor's title when untranslated)."""
    key = f"game.{game_id}.title"
    if app.has_text(key):
        return app.tr(key)
    descriptor = games().get(game_id)
    return descriptor.title if descriptor is not None else game_id


def players_text(app: App, low: int, high: int) -> str:
    """ "2 players" or "2–8 players" in the current language."""
    if low == high:
        return app.tr("game.players_exact", n=low)
    return app.tr("game.players_range", low=low, high=high)


def level_name(app: App, level: str | None) -> str:
    """ "Human" or the bot level's name."""
    return app.tr("seat.human") if level is None else app.tr(f"seat.bot.{level}")


def blurb_defaults(app: App, descriptor: Any) -> dict[str, Any]:
    """The default option values a game's blurb may cite (``{target}``, ``{match_target}``), whole
    numbers written the player's way: the title screen's tooltip, before any option is chosen."""
    import dataclasses

    out: dict[str, Any] = {}
    for f in dataclasses.fields(descriptor.Options):
        out[f.name] = app.number(f.default, 0) if type(f.default) is int else f.default
    return out
