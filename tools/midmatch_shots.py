"""Screenshots of each game at its largest table after a mid-match change of text size, card size and
language, made as a player makes it (issue 61's "Done when"): a match in English at 100 % text and
normal cards, bots and the player playing a few moves; then Esc, Settings, the text size, the card
size and the language changed on the settings screen, Esc, Esc; a few more moves; the table at rest.

    python tools/midmatch_shots.py [--out docs/screenshots] [--sizes 1024x640,3840x2160] [--langs en,fr,de,es]
                                   [--games gang_de_mouettes,lagagne,gin_rummy] [--text 200] [--cards large]

Files: ``<game>_table_<seats>_seats_<1024|4k|W>_<lang>.png`` (``gang_table_8_seats_1024_de.png``), the
names of docs/screenshots. In-process and headless (``SDL_VIDEODRIVER=dummy``); docs/screenshots keeps
a chosen few (see docs/screenshots.md), each 4K file about a megabyte.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game import GAMES  # noqa: E402
from ui.app import App  # noqa: E402
from ui.cli import _open_scene  # noqa: E402
from ui.i18n import LANGUAGES  # noqa: E402
from ui.scenes.pause import PauseScene  # noqa: E402
from ui.scenes.settings import SettingsScene  # noqa: E402
from ui.settings import CARD_SIZES, UI_SCALES  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

BEFORE, AFTER = 12, 3
"""Moves played before the change (bots play every seat), and the player's moves after it."""
SHORT = {"gang_de_mouettes": "gang", "gin_rummy": "gin"}
"""The games' names in the screenshots' file names."""
LANGUAGE_ROW, TEXT_ROW, CARDS_ROW = 0, 4, 7
"""The settings screen's rows the change goes through (see ``SettingsScene.adjust``)."""


def frames(app: App, count: int = 1, dt: float = 1 / 30) -> None:
    for _ in range(count):
        app.step(dt)
        if isinstance(app.top, TableScene):
            app.top.wait_for_bot()


def change_settings(app: App, language: str, text: int, cards: str) -> None:
    """Esc, Settings, each setting stepped on the settings screen to the one wanted, Esc, Esc."""
    table = app.top
    app.push(PauseScene(app, table.session))  # what Esc at the table opens
    frames(app)
    app.show_settings()
    frames(app)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    while app.settings.ui_scale != text:
        settings.adjust(TEXT_ROW, 1)
        frames(app)
    while app.settings.card_size != cards:
        settings.adjust(CARDS_ROW, 1)
        frames(app)
    while app.language != language:
        settings.adjust(LANGUAGE_ROW, 1)
        frames(app)
    settings.back()
    frames(app)
    app.top.back()  # the pause menu: back to the table
    frames(app)
    assert app.top is table


def play_on(app: App, moves: int) -> None:
    """The player's next ``moves`` moves (a normal bot's choice for them, bots answering), then the
    table at rest."""
    table = app.top
    assert isinstance(table, TableScene)
    chooser = GAMES[table.session.game_id].make_bot("normal", 5)
    for _ in range(moves * 200):
        if moves == 0 or table.state.is_over():
            break
        if table.animating or not table.legal:
            frames(app)
            continue
        table.play(chooser.choose(table.view, list(table.legal)))
        moves -= 1
        frames(app)
    table.finish_animations()
    frames(app, 3)


def shot(out: Path, game_id: str, size: tuple[int, int], language: str, text: int, cards: str) -> Path:
    players = GAMES[game_id].max_players
    with tempfile.TemporaryDirectory(prefix="tablee-midmatch-") as tmp:
        app = App(data_dir=Path(tmp), size=size, headless=True)
        try:
            app.set_language("en")
            app.settings.ui_scale, app.settings.card_size = 100, "normal"
            _open_scene(app, "table", game_id, players, 3, BEFORE)
            play_on(app, 1)
            change_settings(app, language, text, cards)
            play_on(app, AFTER)
            width = {1024: "1024", 3840: "4k"}.get(size[0], str(size[0]))
            path = out / f"{SHORT.get(game_id, game_id)}_table_{players}_seats_{width}_{language}.png"
            pygame.image.save(app.screen, str(path))
            return path
        finally:
            app.quit()
            app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--games", default=",".join(("gang_de_mouettes", "lagagne", "gin_rummy")))
    parser.add_argument("--sizes", default="1024x640,3840x2160")
    parser.add_argument("--langs", default=",".join(LANGUAGES))
    parser.add_argument("--text", type=int, choices=UI_SCALES, default=200)
    parser.add_argument("--cards", choices=CARD_SIZES, default="large")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in args.games.split(","):
        for size in args.sizes.split(","):
            w, h = (int(x) for x in size.split("x"))
            for language in args.langs.split(","):
                print(shot(args.out, game_id, (w, h), language, args.text, args.cards), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
