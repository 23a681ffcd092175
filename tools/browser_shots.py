"""Screenshots of the table in a phone's browser (headless Chromium, 390×844 CSS pixels, touch):
for each game and language, a host on loopback seats the browser and bots, the browser plays a few
gestures as a person would (``tests.web.player``), and the page is captured.

    python tools/browser_shots.py OUT_DIR [--size 390x844] [--games gang_de_mouettes,...] [--langs en,fr] [--panels]

With ``--panels``, also what a browser seat opens over its table, in each language: Gin Rummy's knock
panel after a card was moved to the deadwood and then alone to a new meld, the menu, the hand's score card and the score sheet at
the match's end, the log enlarged, the end of a short LaGagne game and of a one-round Gang de mouettes
match with their score sheets, and Gang de mouettes' quick-discard ring running down.
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
from tests.web.cdp import Browser, Page  # noqa: E402
from tests.web.player import CODE, Player, Table, counter, join, play, visible  # noqa: E402
from tests.web.test_seat import knock_with_a_long_meld  # noqa: E402

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


def _rest(page: Page) -> None:
    page.until(lambda: page.holds("[...document.images].every(i => i.complete) && !document.getAnimations().length"),
               "the page at rest")


def _node(page: Page, ident: str) -> dict | None:
    return next((n for n in page.nodes() if n["id"] == ident and n["acts"]), None)


def _await(page: Page, ident: str, what: str) -> None:
    """Wait until the page shows the node ``ident`` taking a gesture."""
    page.until(lambda: _node(page, ident), what)


def _tap(page: Page, ident: str) -> None:
    found: dict = page.until(lambda: _node(page, ident), ident)
    page.touch(*visible(page, found))


def shoot_panels(lang: str, size: tuple[int, int], out: Path) -> list[Path]:
    """The panels a browser seat opens over its table, in ``lang`` (see the module docstring)."""
    name = {"en": "Ann", "fr": "Anne", "de": "Anna", "es": "Ana"}[lang]
    shots: list[Path] = []

    def shot(page: Page, what: str) -> None:
        _rest(page)
        path = out / f"panel-{what}-{lang}-{size[0]}x{size[1]}.png"
        page.screenshot(path)
        shots.append(path)

    browser = Browser(lang)
    try:
        state, discard, moved = knock_with_a_long_meld()
        host = Table(HostedTable(state, [NetSeat(name, "remote"), NetSeat("Bob", "easy")], CODE, auto_start=True,
                                 started=True))
        try:
            page = browser.page(*size)
            join(page, host.url, name)
            card = page.until(lambda: next((n for n in page.nodes() if n["group"] == "hand:0" and n["img"]
                                            and n["img"].endswith("_" + discard)), None), "the discard")
            page.touch(*visible(page, card))
            _tap(page, "button:knock")
            page.until(lambda: _node(page, f"knock:{moved}"), "the knock panel")
            _tap(page, f"knock:{moved}")
            _tap(page, "knock:deadwood")
            shot(page, "knock")
            _tap(page, f"knock:{moved}")
            _tap(page, "knock:new")
            page.until(lambda: any(n["id"] == "knock:meld:2" for n in page.nodes()), "a meld of one card")
            shot(page, "knock-not-a-meld")
            _tap(page, "knock:button:cancel")
            _tap(page, "web:menu")
            page.until(lambda: _node(page, "menu:button:leave"), "the menu")
            shot(page, "menu")
            _tap(page, "menu:button:back")
        finally:
            host.close()
        desc = GAMES["gin_rummy"]
        state = desc.new_match([name, "Bob"], desc.Options(game_target=1, match_target=1), seed=4)
        host = Table(HostedTable(state, [NetSeat(name, "remote"), NetSeat("Bob", "easy")], CODE, auto_start=True,
                                 think_delay=0.1))
        try:
            page = browser.page(*size)
            join(page, host.url, name)
            play(page, Player(page, 0), state.is_over)
            page.until(lambda: any(n["id"] == "score_card:end" for n in page.nodes()), "the score card")
            shot(page, "score-card")
            _tap(page, "log")
            shot(page, "log")
            _tap(page, "log")
            _tap(page, "button:sheet")
            page.until(lambda: _node(page, "sheet:button:leave"), "the score sheet")
            shot(page, "sheet")
        finally:
            host.close()
        for game_id, options in (("lagagne", {"target": 60}), ("gang_de_mouettes", {"match_end": 1})):
            desc = GAMES[game_id]
            names = [name, "Bob", "Cy"]
            state = desc.new_match(names, desc.Options(**options), seed=5)
            host = Table(HostedTable(state, [NetSeat(name, "remote"), NetSeat("Bob", "easy"), NetSeat("Cy", "easy")],
                                     CODE, auto_start=True, think_delay=0.1))
            try:
                page = browser.page(*size)
                join(page, host.url, name)
                play(page, Player(page, 0, lay_first=True), state.is_over)
                _await(page, "button:sheet", "the end of the match")
                shot(page, f"{game_id}-end")
                _tap(page, "button:sheet")
                _await(page, "sheet:button:leave", "the score sheet")
                shot(page, f"{game_id}-sheet")
            finally:
                host.close()
        desc = GAMES["gang_de_mouettes"]
        names = [name, "Bob", "Cy"]
        state = desc.new_match(names, desc.Options(snap_window_seconds=3.0, end_turn_grace_seconds=1.0), seed=7)
        host = Table(HostedTable(state, [NetSeat(name, "remote"), NetSeat("Bob", "easy"), NetSeat("Cy", "easy")],
                                 CODE, auto_start=True, think_delay=0.3))
        try:
            page = browser.page(*size)
            join(page, host.url, name)
            player = Player(page, 0)
            ring = "(() => { const r = document.querySelector('.node.ring'); return r && Number(r.dataset.share); })()"
            for _ in range(200):
                if (page.js(ring) or 0) > 0.5:
                    page.until(lambda: (page.js(ring) or 1) < 0.8, "the ring running down")
                    page.screenshot(out / f"panel-ring-{lang}-{size[0]}x{size[1]}.png")
                    shots.append(out / f"panel-ring-{lang}-{size[0]}x{size[1]}.png")
                    break
                received = counter(page, "received")
                player.move()
                page.until(lambda received=received: counter(page, "received") != received or bool(page.js(ring)),
                           "the host's answer")
        finally:
            host.close()
    finally:
        browser.close()
    return shots


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="390x844")
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--langs", default="en,fr,de,es")
    parser.add_argument("--panels", action="store_true", help="also the panels over a browser seat's table")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in args.size.split("x"))
    for game_id in args.games.split(","):
        for lang in args.langs.split(","):
            print(shoot(game_id, lang, (w, h), args.out))
    if args.panels:
        for lang in args.langs.split(","):
            for path in shoot_panels(lang, (w, h), args.out):
                print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
