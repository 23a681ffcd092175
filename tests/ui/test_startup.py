"""What the app loads before its first frame: start-up time is mostly imports, so the title screen
must not pull in what only later screens use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_FRAME = (
    "import sys\n"
    "from pathlib import Path\n"
    "from ui.app import App\n"
    "app = App(data_dir=Path(sys.argv[1]), size=(1024, 640), headless=True)\n"
    "app.step(1 / 60)\n"
    "print(sorted(n for n in sys.modules if n.split('.')[0] in ('net', 'websockets', 'zeroconf')\n"
    "             or n == 'ui.scenes.network'))\n"
)


def first_frame_modules(data_dir: Path) -> str:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(data_dir)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def test_the_title_screen_loads_no_network_code_when_no_table_was_hosted(tmp_path: Path) -> None:
    assert first_frame_modules(tmp_path) == "[]"


def test_the_title_screen_loads_the_network_code_to_offer_a_hosted_table_again(tmp_path: Path) -> None:
    (tmp_path / "hosted-table.json").write_text(json.dumps({"not": "a table"}), encoding="utf-8")
    loaded = first_frame_modules(tmp_path)
    assert "'ui.scenes.network'" in loaded
    assert list(tmp_path.glob("hosted-table.json.damaged-*")), "the unreadable table was not moved aside"
