"""Files where the desktop keeps them (issue 36): settings in the config folder, matches and
statistics in the data folder, crash reports and the log in the state folder; the old single
folder is migrated once, without loss, also after a migration stopped half-way."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from disk import places as places_module
from disk.instance import holder
from disk.places import Places, migrate

ROOT = Path(__file__).resolve().parents[1]
PATIENCE = 300.0


def tree(*folders: Path) -> dict[str, bytes]:
    """Every file under ``folders`` with its content."""
    return {str(p): p.read_bytes() for folder in folders if folder.exists() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def old_folder(root: Path) -> Path:
    """A data folder as Tablée kept it before: everything in one place."""
    old = root / "share" / "Tablee"
    (old / "crashes").mkdir(parents=True)
    (old / "matches").mkdir()
    (old / "settings.json").write_text('{"language": "fr", "ui_scale": 150}')
    (old / "settings.json.damaged-1").write_text("{broken")
    (old / "current_match.json").write_text('{"match": 1}')
    (old / "statistics.json").write_text('{"gin_rummy": {}}')
    (old / "matches" / "a.match").write_text("match file")
    (old / "crashes" / "crash-1.json").write_text('{"where": "x"}')
    (old / "crashes" / "unseen-crash.json").write_text(json.dumps({"report": str(old / "crashes" / "crash-1.json")}))
    return old


def desktop(root: Path, old: Path) -> Places:
    return Places(root / "config" / "Tablee", old, root / "state" / "Tablee")


def test_the_old_folder_is_migrated_once_without_loss(tmp_path: Path) -> None:
    old = old_folder(tmp_path)
    places = desktop(tmp_path, old)
    before = tree(old)
    moved = migrate(places)
    assert len(moved) == 4
    assert (places.config / "settings.json").read_text() == '{"language": "fr", "ui_scale": 150}'
    assert (places.config / "settings.json.damaged-1").read_text() == "{broken"
    assert (places.crashes / "crash-1.json").read_text() == '{"where": "x"}'
    unseen = json.loads((places.crashes / "unseen-crash.json").read_text())
    assert unseen == {"report": str(places.crashes / "crash-1.json")}   # the note follows its report
    for name in ("current_match.json", "statistics.json", "matches/a.match"):
        assert (old / name).read_bytes() == before[str(old / name)]
    assert not (old / "settings.json").exists() and not (old / "crashes").exists()
    after = tree(places.config, old, places.state)
    assert migrate(places) == []                                        # idempotent: nothing left to do
    assert tree(places.config, old, places.state) == after
    assert len(after) == len(before)


def test_a_migration_stopped_half_way_is_finished_and_a_newer_file_wins_without_losing_the_older(
        tmp_path: Path) -> None:
    old = old_folder(tmp_path)
    places = desktop(tmp_path, old)
    places.crashes.mkdir(parents=True)
    places.config.mkdir(parents=True)
    # copied, not yet removed: the same content on both sides
    (places.crashes / "crash-1.json").write_bytes((old / "crashes" / "crash-1.json").read_bytes())
    # written since by this version: the newer settings
    (places.config / "settings.json").write_text('{"language": "en"}')
    migrate(places)
    assert (places.config / "settings.json").read_text() == '{"language": "en"}'
    assert (old / "settings.json.old-1").read_text() == '{"language": "fr", "ui_scale": 150}'
    assert (places.crashes / "crash-1.json").read_text() == '{"where": "x"}'
    assert not (old / "crashes").exists()
    assert migrate(places) == []


def test_across_file_systems_a_file_is_copied_synced_and_only_then_removed(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    old = old_folder(tmp_path)
    places = desktop(tmp_path, old)
    real_replace = os.replace

    def replace(src: os.PathLike[str] | str, dst: os.PathLike[str] | str) -> None:
        if Path(src).is_relative_to(old):
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real_replace(src, dst)

    monkeypatch.setattr(places_module.os, "replace", replace)
    monkeypatch.setattr(places_module.Path, "unlink", lambda self, missing_ok=False: (_ for _ in ()).throw(
        OSError(errno.EIO, "stopped before the removal")))
    with pytest.raises(OSError):
        migrate(places)
    # stopped between the copy and the removal: the file is in both places, whole
    assert (places.config / "settings.json").read_bytes() == (old / "settings.json").read_bytes()
    monkeypatch.undo()
    migrate(places)
    assert not (old / "settings.json").exists() and (places.config / "settings.json").is_file()
    assert not list(places.config.glob("*.tmp"))


def test_one_folder_for_everything_stays_as_it_is(tmp_path: Path) -> None:
    old = old_folder(tmp_path)
    before = tree(old)
    assert migrate(Places.single(old)) == []
    assert tree(old) == before


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_the_app_started_on_the_desktops_folders_migrates_and_keeps_each_file_in_its_place(tmp_path: Path) -> None:
    """A real start without ``--data-dir`` on an old folder (XDG_* pointing into the test's home)."""
    old = old_folder(tmp_path)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "share"),
           "XDG_STATE_HOME": str(tmp_path / "state")}
    app = subprocess.Popen([sys.executable, "main.py"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    waited = 0.0
    while "port" not in (holder(old) or {}):
        assert app.poll() is None and waited < PATIENCE, app.communicate()
        time.sleep(0.05)
        waited += 0.05
    app.send_signal(signal.SIGTERM)
    _, err = app.communicate(timeout=PATIENCE)
    assert app.returncode == 0, err
    settings = json.loads((tmp_path / "config" / "Tablee" / "settings.json").read_text())
    assert settings["language"] == "fr" and settings["ui_scale"] == 150
    assert not (old / "settings.json").exists()
    assert (tmp_path / "state" / "Tablee" / "crashes" / "crash-1.json").is_file()
    assert "moved" in (tmp_path / "state" / "Tablee" / "tablee.log").read_text()
    assert (old / "statistics.json").read_text() == '{"gin_rummy": {}}'
