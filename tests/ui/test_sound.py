"""Sound: the project's OGG files play through pygame.mixer, a missing audio device is silent, the
volume and mute are settings (M mutes from anywhere), and moves and refusals make their sounds."""

from __future__ import annotations

import json

import pygame
import pytest

from game import Move
from tests.ui.conftest import press
from tests.ui.table_helpers import stacked_session, start
from ui.resources import resource_path
from ui.session import SeatInfo
from ui.settings import Settings
from ui.sound import NAMES, SoundBoard
from ui.sound_cues import sounds_for


def test_every_sound_is_a_real_ogg_file_that_the_mixer_loads() -> None:
    board = SoundBoard(Settings())
    if not board.available:
        pytest.skip("no mixer on this machine, even with the dummy audio driver")
    for name in NAMES:
        path = resource_path(f"sounds/{name}.ogg")
        assert path.read_bytes()[:4] == b"OggS" and path.stat().st_size < 20_000
        sound = pygame.mixer.Sound(str(path))
        assert 0.05 < sound.get_length() < 2.0, name
        assert board.play(name)


def test_no_audio_device_means_silence_not_an_error(monkeypatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    board = SoundBoard(Settings())
    assert not board.available
    assert board.play("deal") is False and board.played == ["deal"]


def test_volume_and_mute_silence_the_board() -> None:
    settings = Settings(volume=0)
    board = SoundBoard(settings)
    assert board.play("place") is False
    settings.volume, settings.muted = 50, True
    assert board.play("place") is False


def test_m_mutes_from_anywhere_is_remembered_and_is_a_letter_in_a_text_field(app, data_dir) -> None:
    assert not app.settings.muted
    press(app, pygame.K_m)
    assert app.settings.muted and any("Sound off" in t for t in app.toasts)
    assert json.loads((data_dir / "settings.json").read_text())["muted"] is True
    press(app, pygame.K_m)
    assert not app.settings.muted
    app.top.open_join()
    entry = app.top.name_entry
    entry.set_text("")
    app.ui.set_focus_set(entry)
    press(app, pygame.K_m)
    assert not app.settings.muted  # typed, not muted


def test_moves_and_refusals_make_their_sounds(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert not scene.play(Move("draw", 0))  # Alice must first take or pass the upcard
    assert app.sound.played[-1] == "refuse"
    assert scene.play(Move("take", 0))
    assert "draw" in app.sound.played


def test_a_table_decodes_its_sounds_as_it_opens_not_on_a_move(app, monkeypatch) -> None:
    if not app.sound.available:
        pytest.skip("no mixer on this machine, even with the dummy audio driver")
    decoded: list[str] = []
    real = pygame.mixer.Sound
    monkeypatch.setattr(pygame.mixer, "Sound", lambda path: decoded.append(path) or real(path))
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert sorted(p.rsplit("/", 1)[-1] for p in decoded) == sorted(f"{name}.ogg" for name in NAMES)
    decoded.clear()
    assert scene.play(Move("take", 0))
    assert "draw" in app.sound.played and decoded == []


def test_a_quick_discard_sounds_won_or_lost_to_whoever_tried() -> None:
    from game import Event

    won = Event("snap", seat=1, card="M5", src="slot:1.0", dst="discard", info={"success": True})
    lost = Event("snap", seat=1, card="M5", src="slot:1.0", dst="slot:1.0", info={"success": False})
    assert sounds_for([won], 1) == ["snap_won"] and sounds_for([lost], 1) == ["snap_lost"]
    assert sounds_for([won], 0) == ["place"] and sounds_for([lost], 0) == []
    end = Event("round_end", info={"winners": [0]})
    assert sounds_for([end], 0) == ["hand_won"] and sounds_for([end], 2) == ["hand_lost"]
