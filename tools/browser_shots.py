"""Screenshots of the table in a phone's browser (headless Chromium, 390×844 CSS pixels, touch):
for each game and language, a host on loopback seats the browser and bots, the browser plays a few
gestures as a person would (``tests.web.player``), and the page is captured.

    python tools/browser_shots.py OUT_DIR [--size 390x844] [--games gang_de_mouettes,...] [--langs en,fr]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import GAMES  # noqa: E402
from net.table import HostedTable, NetSeat  # noqa: E402
from tests.web.cdp import Browser  # noqa: E402
from tests.web.player import CODE, Player, Table, counter, join  # noqa: E402

TABLES = {"gang_de_mouettes": ["Ann", "Bob", "Cy", "Di"], "gin_rummy": ["Ann", "Bob"],
          "lagagne": ["Ann", "Bob", "Cy", "Di"]}
GESTURES = {"gang_de_mouettes": 3, "gin_rummy": 3, "lagagne": 2}
"""Gestures the browser plays before the picture is taken (past the first look at the cards)."""


def shoot(game_id: str, lang: str, size: tuple[int, int], out: Path) -> Path:
    names = TABLES[game_id]
    state = GAMES[game_id].new_match(names, seed=3)
    seats = [NetSeat(names[0], "remote")] + [NetSeat(n, "easy") for n in names[1:]]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, think_delay=0.2))
    browser = Browser(lang)
    try:
        page = browser.page(*size)
        join(page, host.url, {"en": "Ann", "fr": "Anne", "de": "Anna", "es": "Ana"}[lang])
        player = Player(page, 0)
        for _ in range(GESTURES[game_id]):
            shown = counter(page, "pictures")
            player.move()
            page.until(lambda shown=shown: counter(page, "pictures") != shown, "the table's answer")
        page.until(lambda: page.holds("[...document.images].every(i => i.complete)"), "the card images")
        page.until(lambda: page.holds("document.getAnimations().every(a => a.playState !== 'running')"),
                   "the cards at rest")
        path = out / f"{game_id}-{lang}-{size[0]}x{size[1]}.png"
        page.screenshot(path)
        return path
    finally:
        browser.close()
        host.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="390x844")
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--langs", default="en,fr,de,es")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in args.size.split("x"))
    for game_id in args.games.split(","):
        for lang in args.langs.split(","):
            print(shoot(game_id, lang, (w, h), args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
