"""The command line (argument parsing, headless screenshot) and the pause menu."""

from __future__ import annotations

import json

import pygame
import pytest

from tests.ui.conftest import center, click, press
from tests.ui.test_shell_storage import a_session
from ui.app import App
from ui.cli import _open_scene, main, parse_args
from ui.scenes.pause import PauseScene
from ui.scenes.title import TitleScene
from ui.settings import UI_SCALES
from ui.table.scene import TableScene


def test_cli_parses_the_screenshot_arguments(tmp_path):
    args = parse_args(
        [
            "--screenshot",
            str(tmp_path / "a.png"),
            "--game",
            "gin_rummy",
            "--seed",
            "7",
            "--scene",
            "table",
            "--size",
            "1024x640",
            "--players",
            "2",
            "--data-dir",
            str(tmp_path),
        ]
    )
    assert args.screenshot == tmp_path / "a.png"
    assert (args.game, args.seed, args.scene, args.size, args.players) == (
        "gin_rummy",
        7,
        "table",
        (1024, 640),
        2,
    )
    assert parse_args([]).screenshot is None
    for bad in (["--size", "big"], ["--scene", "nowhere"], ["--scene", "table"], ["--moves", "3"],
                ["--screenshot", "a.png", "--moves", "-1"]):
        with pytest.raises(SystemExit):
            parse_args(bad)


def test_cli_version_and_help_exit_cleanly(capsys):
    for flag in ("--version", "--help"):
        with pytest.raises(SystemExit) as stop:
            parse_args([flag])
        assert stop.value.code == 0
    assert "Tablée" in capsys.readouterr().out


def test_screenshot_of_the_title_writes_a_png(tmp_path):
    out = tmp_path / "shots" / "title.png"
    assert (
        main(
            [
                "--screenshot",
                str(out),
                "--scene",
                "title",
                "--size",
                "1024x640",
                "--data-dir",
                str(tmp_path / "data"),
            ]
        )
        == 0
    )
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)


@pytest.mark.parametrize("game_id, players, seed, moves", [("lagagne", 4, 7, 40), ("gang_de_mouettes", 4, 3, 30)])
def test_screenshot_moves_lets_bots_play_on_to_the_players_turn(app, game_id, players, seed, moves):
    """``--moves N``: bots play every seat N moves into the match, then on to the human's own turn
    (not a Gang de mouettes quick-discard window during someone else's); the table opens with those
    moves in its log."""
    _open_scene(app, "table", game_id, players, seed, moves)
    table = app.top
    assert isinstance(table, TableScene)
    assert len(table.state.log) >= moves and table.state.to_move() == [0] and table.legal
    assert len(table.log.lines) >= 10


@pytest.mark.parametrize("game_id, players", [("gin_rummy", 2), ("lagagne", 3), ("gang_de_mouettes", 3)])
def test_screenshot_opens_the_review_of_a_hand_and_the_fair_deal_panel(app, game_id, players):
    """``--scene review`` looks back at the first hand once the hard bot has judged it; ``--scene
    fair`` lists the hands dealt, every finished one checked."""
    from ui.scenes.fairdeal import FairDealScene
    from ui.scenes.replay import ReplayScene

    _open_scene(app, "review", game_id, players, 3)
    assert isinstance(app.top, ReplayScene) and app.top.review_done and app.top.review_seat == 0
    _open_scene(app, "fair", game_id, players, 3)
    assert isinstance(app.top, FairDealScene)
    assert app.top.lines and all(line.checked for line in app.top.lines if line.seed is not None)


def test_screenshot_refuses_an_unknown_game(tmp_path):
    assert (
        main(["--screenshot", str(tmp_path / "x.png"), "--game", "chess", "--data-dir", str(tmp_path)]) == 2
    )


def test_pause_save_and_quit_returns_to_title_with_continue(app):
    session = a_session(3)
    app.push(PauseScene(app, session))
    assert isinstance(app.top, PauseScene)
    click(app, center(app.top.nav[-1]))  # Save and quit to title
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1
    assert app.top.continue_button is not None
    assert app.storage.load_session() == json.loads(json.dumps(session.to_json()))


def test_pause_restart_asks_then_deals_a_new_match_with_the_same_seats(app, monkeypatch):
    session = a_session(3)
    started = []
    monkeypatch.setattr(app, "start_match", started.append)
    app.push(PauseScene(app, session))
    click(app, center(app.top.nav[1]))  # Restart
    dialog = app.top.confirm
    assert dialog is not None and started == []
    click(app, center(dialog.confirm_button), steps=2)
    assert len(started) == 1
    fresh = started[0]
    assert fresh.seats == session.seats and fresh.state.options == session.state.options
    assert fresh.state.seed != session.state.seed


def test_escape_resumes_and_pause_draws_over_the_scene_below(app):
    app.push(PauseScene(app, a_session(4)))
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_start_match_puts_the_table_above_the_title(app):
    from ui.table.scene import TableScene

    session = a_session(11)
    app.start_match(session)
    assert isinstance(app.top, TableScene) and len(app.scenes) == 2
    assert app.storage.load_session() is not None
    app.pop_to_title()
    assert isinstance(app.top, TitleScene)


def test_settings_from_pause_switch_language_and_come_back(app):
    app.push(PauseScene(app, a_session(6)))
    click(app, center(app.top.nav[3]))  # Settings
    app.set_language("fr")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert [b.text for b in app.top.nav] == [
        "Reprendre",
        "Recommencer",
        "Règles",
        "Réglages",
        "Donne équitable",
        "Copier le code de donne",
        "Enregistrer la partie",
        "Sauver et revenir au titre",
    ]


@pytest.mark.parametrize("where", ["a_file", "a_file/below"])
def test_a_data_dir_that_cannot_be_a_folder_is_refused_cleanly(tmp_path, capsys, where):
    (tmp_path / "a_file").write_text("not a folder")
    with pytest.raises(SystemExit) as info:
        main(["--data-dir", str(tmp_path / where), "--screenshot", str(tmp_path / "x.png")])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "data folder" in err and "Traceback" not in err
    assert (tmp_path / "a_file").read_text() == "not a folder"


@pytest.mark.parametrize("ui_scale", UI_SCALES)
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)], ids=["1024x640", "1280x800", "1920x1080"])
def test_the_pause_menu_fits_its_window_at_every_interface_size(data_dir, size, ui_scale):
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    try:
        app.set_ui_scale(ui_scale)
        app.push(PauseScene(app, a_session(4)))
        app.step(1 / 60)
        window = app.screen.get_rect()
        assert window.contains(app.top.panel)
        assert all(app.top.panel.contains(b.rect) for b in app.top.nav)
    finally:
        app.quit()
        app.close()
