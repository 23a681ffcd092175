"""Render every screen a player meets, for every game, language and window size, to look at them.

    python tools/gallery.py [--out gallery] [--games gin_rummy,...] [--langs en,fr] [--scenes table,...]

Each screenshot is a separate ``main.py --screenshot`` process (as a player's first frame would be),
run one after the other under ``nice``; the files are named ``<game>-<scene>-<lang>-<W>x<H>.png``
and an ``index.html`` shows them side by side. Nothing here is committed: the gallery in
``docs/screenshots/`` is a chosen few of these (see docs/screenshots.md).
"""

from __future__ import annotations

import argparse
import html
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("gang_de_mouettes", "lagagne", "gin_rummy")
SCENES = ("table", "scores", "review", "replay", "rules", "settings", "fair", "tutorial", "setup")
LANGS = ("en", "fr", "de", "es")
SIZES = ("1024x640", "1920x1080")
PLAYERS = {"gang_de_mouettes": 4, "lagagne": 4, "gin_rummy": 2}
MOVES = {"table": 12}
"""Moves the bots play before a table screenshot, so that the table shows a match under way."""


def render(out: Path, game: str, scene: str, lang: str, size: str) -> tuple[Path, str]:
    """Render one screenshot; its path and the error it printed ("" when it worked)."""
    path = out / f"{game}-{scene}-{lang}-{size}.png"
    command = [sys.executable, str(ROOT / "main.py"), "--screenshot", str(path), "--game", game, "--scene", scene,
               "--lang", lang, "--size", size, "--players", str(PLAYERS[game]), "--seed", "3"]
    if scene in MOVES:
        command += ["--moves", str(MOVES[scene])]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(["nice", "-n", "10", *command], capture_output=True, text=True, env=env, timeout=600)
    return path, "" if done.returncode == 0 else (done.stdout + done.stderr).strip()[-400:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("gallery"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rows, failed = [], 0
    for game in args.games.split(","):
        for scene in args.scenes.split(","):
            cells = []
            for lang in args.langs.split(","):
                for size in args.sizes.split(","):
                    path, error = render(args.out, game, scene, lang, size)
                    if error:
                        failed += 1
                        print(f"{path.name}: {error}", file=sys.stderr)
                        cells.append(f"<td>{html.escape(error)}</td>")
                    else:
                        print(path.name)
                        cells.append(f'<td><a href="{path.name}"><img src="{path.name}" width="320"></a>'
                                     f"<br>{lang} {size}</td>")
            rows.append(f"<tr><th>{game}<br>{scene}</th>{''.join(cells)}</tr>")
    (args.out / "index.html").write_text("<table>" + "\n".join(rows) + "</table>\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
