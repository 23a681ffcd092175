"""Saved matches, not one slot: every unfinished match is kept until it ends or the player deletes
it, Continue resumes the latest, the Saved matches screen resumes or deletes any of them, at most
``SAVES_KEPT`` are kept, and the single autosave of earlier versions migrates (issue 62)."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pygame
import pytest

from tests.ui.conftest import center, click, press
from ui.app import App
from ui.scenes.saves import SavedMatchesScene, details_text, saved_matches, when_text
from ui.scenes.title import TitleScene
from ui.session import MatchSession, SeatInfo
from ui.storage import SAVES_KEPT, Storage

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
OLD_SAVE = FIXTURES / "current_match_v1_gin_42.json"
"""The autosave a Tablée before this change wrote (``current_match.json``, written by that code):
a solo Gin Rummy match, Ann against a hard bot, at move 42."""


def played(game_id: str, seats: list[SeatInfo], moves: int, seed: int = 7) -> MatchSession:
    """A new match of ``game_id`` after ``moves`` moves (each the first legal one)."""
    session = MatchSession.new(game_id, seats, seed=seed)
    state = session.state
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(state.legal_moves(seat)[0])
    return session


def sit_and_leave(app: App, session: MatchSession) -> None:
    """Start ``session`` at the table, play a frame, and go back to the title (as Esc, Save and quit does)."""
    app.start_match(session)
    app.step(1 / 60)
    app.pop_to_title()
    app.step(1 / 60)


def open_saves(app: App) -> SavedMatchesScene:
    title = app.top
    assert isinstance(title, TitleScene) and title.saves_button is not None
    click(app, center(title.saves_button))
    scene = app.top
    assert isinstance(scene, SavedMatchesScene)
    return scene


def test_a_new_match_never_deletes_the_unfinished_ones(app: App) -> None:
    """The report: a solo Gin Rummy match at move 42 (Continue shown), then a LaGagne match started:
    Continue and the Gin match were gone. A pass-and-play match was lost the same way."""
    gin = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 42)
    sit_and_leave(app, gin)
    assert app.top.saved is not None and app.top.saved.save_id == gin.save_id
    lagagne = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "normal")], 5)
    sit_and_leave(app, lagagne)
    friends = played("gang_de_mouettes", [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Zoé")], 3)
    sit_and_leave(app, friends)
    title = app.top
    assert title.saved.save_id == friends.save_id  # Continue: the match played last
    matches = saved_matches(app)
    assert [m.session.save_id for m in matches] == [friends.save_id, lagagne.save_id, gin.save_id]
    assert [m.kind for m in matches] == ["pass_and_play", "solo", "solo"]
    assert matches[2].moves == 42 and matches[2].session.state.log == gin.state.log
    assert app.tr("title.saved_matches", count="3") == title.saves_button.text


def test_continue_resumes_the_match_played_last_even_if_started_first(app: App) -> None:
    first = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 4)
    second = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 2)
    sit_and_leave(app, first)
    sit_and_leave(app, second)
    scene = open_saves(app)
    click(app, center(scene.rows[1][0]))  # resume the Gin match from the list
    assert app.top.session.save_id == first.save_id
    app.pop_to_title()
    app.step(1 / 60)
    assert app.top.saved.save_id == first.save_id


def test_the_old_single_autosave_migrates_on_first_start(data_dir: Path) -> None:
    """A real ``current_match.json`` written by the previous version becomes a saved match, with the
    date it was last played; nothing is lost and a new match leaves it alone."""
    old = data_dir / "current_match.json"
    shutil.copy(OLD_SAVE, old)
    two_days_ago = time.time() - 2 * 86_400
    os.utime(old, (two_days_ago, two_days_ago))
    app = App(data_dir=data_dir, size=(1280, 800), headless=True, fail_fast=True)
    try:
        app.set_language("en")
        app.step(1 / 60)
        assert not old.exists()
        [migrated] = list((data_dir / "saves").iterdir())
        assert migrated.read_bytes() == OLD_SAVE.read_bytes()
        title = app.top
        assert title.saved is not None and title.saved.game_id == "gin_rummy"
        assert len(title.saved.state.log) == 42 and [s.name for s in title.saved.seats] == ["Ann", "Chloé"]
        [match] = saved_matches(app)
        assert match.when == pytest.approx(two_days_ago, abs=1)
        assert details_text(app, match).startswith("Solo against bots · 42 moves played · last played on ")
        sit_and_leave(app, played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 1))
        assert sorted(m.moves for m in saved_matches(app)) == [1, 42]
        assert app.storage.take_notices() == []
    finally:
        app.quit()
        app.close()


def test_at_most_the_bound_is_kept_the_oldest_goes_with_a_notice(data_dir: Path) -> None:
    storage = Storage(data_dir)
    ids = []
    for n in range(SAVES_KEPT):
        session = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], n % 5, seed=n)
        assert storage.save_session(session.to_json())
        when = time.time() - 1000 + n  # the first saved is the one played longest ago
        os.utime(storage.save_path(session.save_id), (when, when))
        ids.append(session.save_id)
    assert storage.take_notices() == []
    newest = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 0)
    storage.autosave_session(newest.to_json())
    storage.keep_bound(newest.save_id)
    storage.flush()
    kept = [data["save_id"] for _, data in storage.saved_sessions()]
    assert len(kept) == SAVES_KEPT and kept[0] == newest.save_id
    assert ids[0] not in kept and set(ids[1:]) <= set(kept)
    assert storage.take_notices() == [("notice.saves_dropped", {"n": 1, "kept": SAVES_KEPT})]
    storage.keep_bound(newest.save_id)  # at the bound: nothing more goes
    storage.flush()
    assert len(storage.saved_sessions()) == SAVES_KEPT and storage.take_notices() == []


def test_a_finished_match_clears_only_its_own_save(app: App) -> None:
    kept = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 6)
    sit_and_leave(app, kept)
    ending = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 0, seed=9)
    app.storage.save_session(ending.to_json())
    app.storage.finish_match("gin_rummy", ending.seats, [0], False, lambda: ({}, None), save_id=ending.save_id)
    assert [data["save_id"] for _, data in app.storage.saved_sessions()] == [kept.save_id]


def test_delete_asks_first_and_esc_keeps_the_match(app: App) -> None:
    keep = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 4)
    gone = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 2)
    sit_and_leave(app, keep)
    sit_and_leave(app, gone)
    scene = open_saves(app)
    click(app, center(scene.rows[0][1]))
    assert scene.confirm is not None and "LaGagne" in scene.confirm.confirmation_text.html_text
    press(app, pygame.K_ESCAPE)
    assert scene.confirm is None and len(saved_matches(app)) == 2
    click(app, center(scene.rows[0][1]))
    click(app, center(scene.confirm.confirm_button), steps=2)
    assert [m.session.save_id for m in saved_matches(app)] == [keep.save_id]
    assert len(scene.rows) == 1 and any("was deleted" in text for text in app.toasts)
    assert not app.storage.save_path(gone.save_id).exists()


def test_the_list_is_kept_from_the_keyboard(app: App) -> None:
    """Title → Saved matches → second row → Delete key asks → Enter confirms; then Enter resumes."""
    first = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 4)
    second = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 2)
    sit_and_leave(app, first)
    sit_and_leave(app, second)
    title = app.top
    press(app, pygame.K_DOWN)
    assert title.focused_widget() is title.saves_button
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, SavedMatchesScene) and scene.focused_widget() is scene.rows[0][0]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert scene.focused_widget() is scene.rows[1][0]
    press(app, pygame.K_DELETE)
    assert scene.confirm is not None
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)
    assert app.top.session.save_id == first.save_id


def test_hostile_files_among_the_saves_are_set_aside_and_the_rest_still_listed(data_dir: Path) -> None:
    good = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 3)
    storage = Storage(data_dir)
    assert storage.save_session(good.to_json())
    saves = storage.saves_dir
    (saves / "not-an-object.json").write_text("[1, 2, 3]", encoding="utf-8")
    (saves / "binary.json").write_bytes(b"\x00\xff garbage")
    (saves / "huge.json").write_text('{"pad": "' + "x" * 2_100_000 + '"}', encoding="utf-8")
    (saves / "wrong-game.json").write_text(json.dumps({**good.to_json(), "match": {"game": "poker"}}), encoding="utf-8")
    (saves / "nan.json").write_text('{"session_version": 1, "seats": NaN, "match": {}}', encoding="utf-8")
    (saves / "escape.json").write_text(json.dumps({**good.to_json(), "save_id": "../../outside"}), encoding="utf-8")
    (saves / "folder.json").mkdir()
    (saves / "Not Ours.json").write_text("{}", encoding="utf-8")
    app = App(data_dir=data_dir, size=(1280, 800), headless=True, fail_fast=True)
    try:
        app.set_language("en")
        app.step(1 / 60)
        ids = sorted(m.session.save_id for m in saved_matches(app))
        assert ids == sorted([good.save_id, "escape"])  # a copy is another match, named by its file
        app.step(1 / 60)
        aside = sorted(p.name for p in saves.iterdir() if ".damaged-" in p.name)
        assert aside == sorted(f"{n}.json.damaged-1" for n in ("not-an-object", "binary", "huge", "wrong-game", "nan"))
        assert sum("could not be read" in text for text in app.toasts) == 5
        assert not (data_dir.parent / "outside.json").exists() and (saves / "folder.json").is_dir()
    finally:
        app.quit()
        app.close()
    with pytest.raises(ValueError):
        storage.save_path("../../etc/passwd")
    assert storage.load_session("../outside") is None
    assert storage.save_session({"save_id": "../x"}) is False


@pytest.mark.parametrize(("lang", "today", "yesterday", "older"), [
    ("en", "today at 2:05 PM", "yesterday at 9:30 AM", "on Mar 4, 2026 at 12:00 AM"),
    ("fr", "aujourd’hui à 14:05", "hier à 09:30", "le 4 mars 2026 à 00:00"),
    ("de", "heute um 14:05", "gestern um 09:30", "am 4. März 2026 um 00:00"),
    ("es", "hoy a las 14:05", "ayer a las 09:30", "el 4 mar 2026 a las 00:00"),
])
def test_when_a_match_was_played_is_written_the_players_way(app: App, lang: str, today: str, yesterday: str,
                                                             older: str) -> None:
    app.set_language(lang)
    now = time.mktime((2026, 12, 6, 14, 30, 0, 0, 0, -1))
    assert when_text(app, time.mktime((2026, 12, 6, 14, 5, 0, 0, 0, -1)), now) == today
    assert when_text(app, time.mktime((2026, 12, 5, 9, 30, 0, 0, 0, -1)), now) == yesterday
    assert when_text(app, time.mktime((2026, 3, 4, 0, 0, 0, 0, 0, -1)), now) == older


def test_the_network_table_hosted_here_is_listed_and_can_be_deleted(app: App) -> None:
    """Hosted network tables keep their own save (``hosted-table.json``); the list shows it among
    the others, as a network table, and deleting it forgets that save only."""
    from game import GAMES
    from net.table import HostedTable, NetSeat
    from ui.storage import hosted_file

    seats = [NetSeat("Ann", "remote"), NetSeat("Zoé", "remote")]
    state = GAMES["gin_rummy"].new_match(["Ann", "Zoé"], seed=9)
    table = HostedTable(state, seats, "ZXCVBN", host_seat=0)
    seats[0].client, seats[0].token = "human", "key-of-ann"
    seats[1].client, seats[1].token = "easy", "key-of-zoe"
    table.started = True
    for _ in range(3):
        state.apply(state.legal_moves(state.to_move()[0])[0])
    solo = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 2)
    sit_and_leave(app, solo)
    hosted_file(app.data_dir).write_text(json.dumps(table.snapshot()), encoding="utf-8")
    app.top.rebuild()
    matches = saved_matches(app)
    assert [m.kind for m in matches] == ["network", "solo"]
    assert matches[0].names == ["Ann", "Zoé"] and matches[0].moves == 3
    assert "Network table hosted here" in details_text(app, matches[0])
    scene = open_saves(app)
    click(app, center(scene.rows[0][1]))
    click(app, center(scene.confirm.confirm_button), steps=2)
    assert not hosted_file(app.data_dir).exists()
    assert [m.session.save_id for m in saved_matches(app)] == [solo.save_id]


def test_restart_replaces_only_the_match_it_restarts(app: App) -> None:
    """Restart (pause menu, after its question) throws this match away for a new deal: its save
    goes, the new one takes its place, and the other saved matches stay."""
    from ui.scenes.pause import PauseScene

    other = played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 2)
    sit_and_leave(app, other)
    restarted = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Chloé", "hard")], 5)
    app.start_match(restarted)
    app.step(1 / 60)
    pause = PauseScene(app, restarted)
    app.push(pause)
    app.step(1 / 60)
    pause.restart()
    app.step(1 / 60)
    fresh = app.top.session
    assert fresh.save_id != restarted.save_id
    app.storage.flush()
    assert sorted(data["save_id"] for _, data in app.storage.saved_sessions()) == sorted([other.save_id,
                                                                                           fresh.save_id])


def test_a_flood_of_save_files_shows_the_bound_and_the_next_match_trims_it(data_dir: Path) -> None:
    """Hundreds of save files put in the folder by hand: the title and the list show the latest
    ``SAVES_KEPT`` (without reading the rest), and starting a match trims the folder to the bound."""
    storage = Storage(data_dir)
    template = played("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 1).to_json()
    text = json.dumps(template)
    for n in range(300):
        path = storage.save_path(f"flood-{n:03d}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        os.utime(path, (1_000_000 + n, 1_000_000 + n))
    app = App(data_dir=data_dir, size=(1280, 800), headless=True, fail_fast=True)
    try:
        app.set_language("en")
        app.step(1 / 60)
        assert app.top.saved_count == SAVES_KEPT
        matches = saved_matches(app)
        assert [m.session.save_id for m in matches] == [f"flood-{n:03d}" for n in range(299, 299 - SAVES_KEPT, -1)]
        sit_and_leave(app, played("lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], 0))
        app.storage.flush()
        assert len(list(storage.saves_dir.iterdir())) == SAVES_KEPT
        assert any("kept at most" in text for text in app.toasts)
    finally:
        app.quit()
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_empty_lists_say_so_whole_in_every_language(app: App, lang: str, size: tuple[int, int]) -> None:
    """With nothing saved, the Saved matches and Match files screens say so in a sentence that fits its
    place (the one-line label was too small for it in every language: pygame_gui cut it and warned)."""
    import warnings

    from ui.scenes.matchfiles import MatchFilesScene

    pygame.display.set_mode(size)
    app._on_resize(size)
    app.set_language(lang)
    try:
        for scene_type in (SavedMatchesScene, MatchFilesScene):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                app.push(scene_type(app))
                app.step(1 / 60)
            assert not [str(w.message) for w in caught if "too small" in str(w.message)], (scene_type, lang)
            app.top.back()
            app.step(1 / 60)
    finally:
        app.set_language("en")
