"""Settings, autosave and statistics on disk: atomic writes, damaged files moved aside with a
notice, settings that survive a restart, and what the statistics count."""

from __future__ import annotations

import json
import os

import pytest

from game import GAMES
from tests.patience import PATIENCE
from tests.ui.conftest import center, click
from ui.app import App
from ui.session import MatchSession, SeatInfo
from ui.storage import Storage


def a_session(seed: int = 5) -> MatchSession:
    game_id = "gin_rummy" if "gin_rummy" in GAMES else next(iter(GAMES))
    d = GAMES[game_id]
    seats = [SeatInfo("Ann")] + [SeatInfo(f"Bot {i}", "normal") for i in range(1, d.min_players)]
    return MatchSession.new(game_id, seats, seed=seed)


def test_settings_persist_across_app_instances(data_dir):
    first = App(data_dir=data_dir, size=(1280, 800), headless=True)
    first.settings.animation_speed = "slow"
    first.settings.bot_delay = 1.7
    first.set_language("fr")
    first.quit()
    first.close()
    second = App(data_dir=data_dir, size=(1280, 800), headless=True)
    try:
        assert second.settings.animation_speed == "slow"
        assert second.settings.bot_delay == pytest.approx(1.7)
        assert second.language == "fr"
        assert second.top.nav[-1].text == "Quitter"
    finally:
        second.quit()
        second.close()


def test_damaged_settings_are_moved_aside_with_a_notice(data_dir):
    (data_dir / "settings.json").write_text("{not json", encoding="utf-8")
    app = App(data_dir=data_dir, size=(1280, 800), headless=True)
    try:
        app.set_language("en")
        app.step(1 / 60)
        assert (data_dir / "settings.json.damaged-1").read_text(encoding="utf-8") == "{not json"
        assert any("settings" in text for text in app.toasts)
        assert app.running and app.top is not None
    finally:
        app.quit()
        app.close()


@pytest.mark.parametrize("content", ["\x00garbage", '{"session_version": 1, "seats": [], "match": {}}'])
def test_damaged_save_is_moved_aside_and_the_app_starts(data_dir, content):
    (data_dir / "current_match.json").write_text(content, encoding="utf-8")
    app = App(data_dir=data_dir, size=(1280, 800), headless=True)
    try:
        app.set_language("en")
        app.step(1 / 60)
        assert not (data_dir / "current_match.json").exists()  # migrated among the saved matches first
        assert [p.name.split(".", 1)[1] for p in (data_dir / "saves").iterdir()] == ["json.damaged-1"]
        assert any("saved match could not be read" in text for text in app.toasts)
        assert app.top.continue_button is None
    finally:
        app.quit()
        app.close()


def test_atomic_save_keeps_the_old_file_when_replace_fails(data_dir, monkeypatch):
    storage = Storage(data_dir)
    old = a_session(1).to_json()
    assert storage.save_session(old)

    def crash(*args, **kwargs):
        raise OSError("simulated crash between write and replace")

    monkeypatch.setattr(os, "replace", crash)
    assert storage.save_session({**a_session(2).to_json(), "save_id": old["save_id"]}) is False
    monkeypatch.undo()
    assert storage.load_session() == json.loads(json.dumps(old))
    assert sorted(p.name for p in storage.saves_dir.iterdir()) == [f"{old['save_id']}.json"]
    assert storage.take_notices()[0][0] == "notice.save_failed"


def test_continue_resumes_the_saved_match_exactly(app, monkeypatch):
    session = a_session(9)
    seat = session.state.to_move()[0]
    session.state.apply(session.state.legal_moves(seat)[0])
    app.storage.save_session(session.to_json())
    app.pop_to_title()
    app.top.rebuild()
    assert app.top.continue_button is not None
    started = []
    monkeypatch.setattr(app, "start_match", started.append)
    click(app, center(app.top.continue_button))
    assert len(started) == 1
    assert started[0].to_json() == json.loads(json.dumps(session.to_json()))


def test_statistics_count_matches_against_bots_by_strongest_level(data_dir):
    storage = Storage(data_dir)
    storage.record_result("gin_rummy", [SeatInfo("Ann"), SeatInfo("B", "hard")], [0])
    storage.record_result("gin_rummy", [SeatInfo("Ann"), SeatInfo("B", "hard")], [1])
    storage.record_result(
        "gang_de_mouettes", [SeatInfo("Ann"), SeatInfo("B", "easy"), SeatInfo("C", "normal")], [0]
    )
    storage.record_result("gang_de_mouettes", [SeatInfo("Ann"), SeatInfo("Bob")], [1])
    storage.record_result("gang_de_mouettes", [SeatInfo("B", "easy"), SeatInfo("C", "hard")], [1])
    stats = Storage(data_dir).stats()
    assert stats["gin_rummy"]["levels"] == {"hard": {"played": 2, "won": 1}}
    assert stats["gang_de_mouettes"]["levels"] == {"normal": {"played": 1, "won": 1}}
    assert stats["gang_de_mouettes"]["pass_and_play"] == 1


def test_a_network_match_counts_apart_and_leaves_the_match_to_continue(data_dir):
    """A match at a network table counts under "network", never under a bot level nor in the
    streak against bots; it was never autosaved here, so the match to continue stays."""
    storage = Storage(data_dir)
    storage.record_result("gin_rummy", [SeatInfo("Ann"), SeatInfo("B", "hard")], [0])
    kept = a_session(3).to_json()
    assert storage.save_session(kept)
    friends = [SeatInfo("Ann"), SeatInfo("Zoé", "remote"), SeatInfo("Bot", "hard")]
    storage.finish_match("gin_rummy", friends, [1], False, lambda: ({0: {"hands": 2, "best_game": 30}}, None),
                         network=True)
    storage.record_result("gin_rummy", friends, [0], network=True)
    stats = Storage(data_dir).stats()["gin_rummy"]
    assert stats["network"] == {"played": 2, "won": 1}
    assert stats["levels"] == {"hard": {"played": 1, "won": 1}} and stats["streak"] == 1
    assert stats["figures"] == {"hands": 2, "best_game": 30, "seats": 1}
    assert [r["level"] for r in stats["results"]] == ["hard", "network", "network"]
    assert storage.load_session() == json.loads(json.dumps(kept)) and not storage.match_files()


def test_damaged_statistics_are_moved_aside(data_dir):
    (data_dir / "statistics.json").write_text("[1, 2", encoding="utf-8")
    storage = Storage(data_dir)
    assert storage.stats() == {}
    assert (data_dir / "statistics.json.damaged-1").exists()
    assert storage.take_notices() == [("notice.damaged_stats", {})]


def test_autosaves_are_written_off_the_render_thread_in_order(data_dir, monkeypatch):
    """The table's autosave returns at once; the background writer keeps the saves in order (a
    newer one replaces one still waiting) and each stays atomic; reading waits for them."""
    import threading

    import disk
    import ui.storage as storage_module

    storage = Storage(data_dir)
    gate = threading.Event()
    written = []
    real = disk.atomic_write_text

    def slow_write(path, text):
        gate.wait(PATIENCE)
        written.append(json.loads(text)["match"]["seed"])
        real(path, text)

    monkeypatch.setattr(storage_module, "atomic_write_text", slow_write)
    sessions = [a_session(n) for n in (1, 2, 3)]
    for session in sessions:  # one match, saved three times
        session.save_id = sessions[0].save_id
        storage.autosave_session(session.to_json())   # returns while the disk is still busy
    assert not written
    gate.set()
    assert storage.load_session() == json.loads(json.dumps(sessions[-1].to_json()))
    assert written[-1] == sessions[-1].state.seed and len(written) <= 3
    assert written == sorted(written, key=[s.state.seed for s in sessions].index)


def test_a_failed_autosave_is_reported_and_the_old_save_kept(data_dir, monkeypatch):
    storage = Storage(data_dir)
    old = a_session(1).to_json()
    assert storage.save_session(old)

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    storage.autosave_session({**a_session(2).to_json(), "save_id": old["save_id"]})
    storage.flush()
    monkeypatch.undo()
    assert storage.load_session() == json.loads(json.dumps(old))
    assert storage.take_notices()[0] == ("notice.save_failed", {"error": "disk full"})


def test_a_write_job_that_fails_unexpectedly_is_reported_and_the_writer_goes_on(data_dir, monkeypatch):
    """A job failing with something other than a disk error (a bug) is reported like a crash in a
    thread and as a failed save, and the writer lives on: later saves are written and ``flush``
    returns (a dead writer made quitting wait for ever)."""
    import threading

    reported = []
    monkeypatch.setattr(threading, "excepthook", lambda args: reported.append(args.exc_value))
    storage = Storage(data_dir)

    def broken() -> None:
        raise ValueError("a bug in a job")

    storage.writer.run(broken)
    session = a_session(3).to_json()
    storage.autosave_session(session)
    flushed = threading.Thread(target=storage.flush, daemon=True)
    flushed.start()
    flushed.join(PATIENCE)
    assert not flushed.is_alive()
    assert [str(error) for error in reported] == ["a bug in a job"]
    assert storage.take_notices() == [("notice.save_failed", {"error": "a bug in a job"})]
    assert storage.load_session() == json.loads(json.dumps(session))


# ---------------------------------------------------------------------- a player's own deck
def read_deck(text: str) -> object:
    return GAMES["lagagne"].Options.with_deck_text(text).deck


def test_a_players_deck_is_kept_and_read_back(data_dir):
    from game.lagagne.cards import COMPACT_DECK, deck_text

    storage = Storage(data_dir)
    assert storage.user_deck("lagagne", read_deck) is None
    assert storage.save_user_deck("lagagne", deck_text(COMPACT_DECK))
    assert Storage(data_dir).user_deck("lagagne", read_deck) == COMPACT_DECK
    assert sorted(p.name for p in data_dir.iterdir()) == ["lagagne_deck.txt"]  # no temporary file left
    assert storage.forget_user_deck("lagagne") and storage.user_deck("lagagne", read_deck) is None
    assert storage.take_notices() == []


@pytest.mark.parametrize(("content", "reason"), [
    (b"Sh = 2\nP7h = 3\n", "'P7h', which is not a LaGagne card"),
    (b"Sh = = 2", "not readable"),
    (b"Sh = 2\nP5h = 3\n", "too few to deal 5 to two players"),
    (b"\xff\xfe\x00garbage", "not a text file"),
])
def test_a_damaged_deck_is_set_aside_with_its_reason_and_the_default_deck_used(data_dir, content, reason):
    (data_dir / "lagagne_deck.txt").write_bytes(content)
    storage = Storage(data_dir)
    assert storage.user_deck("lagagne", read_deck) is None
    assert (data_dir / "lagagne_deck.txt.damaged-1").read_bytes() == content
    assert not (data_dir / "lagagne_deck.txt").exists()
    [(key, params)] = storage.take_notices()
    assert key == "notice.damaged_deck" and params["file"] == "lagagne_deck.txt.damaged-1"
    assert reason in params["reason"]


def test_a_deck_save_the_disk_refuses_keeps_the_old_deck(data_dir, monkeypatch):
    from game.lagagne.cards import COMPACT_DECK, DEFAULT_DECK, deck_text

    storage = Storage(data_dir)
    assert storage.save_user_deck("lagagne", deck_text(COMPACT_DECK))

    def crash(*args, **kwargs):
        raise OSError("simulated crash between write and replace")

    monkeypatch.setattr(os, "replace", crash)
    assert storage.save_user_deck("lagagne", deck_text(DEFAULT_DECK)) is False
    monkeypatch.undo()
    assert storage.user_deck("lagagne", read_deck) == COMPACT_DECK
    assert storage.take_notices()[0][0] == "notice.save_failed"


def test_the_let_go_assist_is_remembered_and_a_wrong_value_keeps_it_off() -> None:
    from ui.settings import Settings

    assert Settings().let_go is False
    assert Settings.from_json(Settings(let_go=True).to_json()).let_go is True
    assert Settings.from_json({"let_go": "yes"}).let_go is False
