"""Sharing a match: deal codes on the setup form and the pause menu, match files saved and opened
(a damaged or hostile one explained, nothing lost), and the replay viewer stepped from the keyboard."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core.utility import clipboard_copy, clipboard_paste

from game import GAMES
from game.arena import play_unit
from game.core.dealcode import encode
from game.core.fairness import fingerprint
from game.core.matchfile import export_match
from game.gang_de_mouettes.options import Options as GangOptions
from tests.patience import eventually
from tests.ui.conftest import center, click, press
from ui.scenes.matchfiles import MatchFilesScene
from ui.scenes.pause import PauseScene
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene
from ui.session import MatchSession, SeatInfo


def button(scene, text: str):
    return next(b for b in scene.actions if b.text == text)


def type_into(app, entry, text: str) -> None:
    click(app, center(entry))
    entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(1 / 60)
    app.step(1 / 60)


def played_match(game_id: str = "gin_rummy", players: int = 2, seed: int = 3):
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=seed)
    play_unit(state, {s: desc.make_bot("easy", s) for s in range(players)}, "hand")
    return state


def test_a_pasted_deal_code_fills_the_form_and_deals_those_cards(app, started):
    code = encode("gin_rummy", 2, GAMES["gin_rummy"].Options(knock_limit=7, oklahoma=True), 4242)
    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    app.step(1 / 60)
    type_into(app, setup.seed_entry, code)
    form = app.top
    assert isinstance(form, SetupScene)
    assert form.seed_entry.get_text() == "4242"
    assert form.option_widgets["knock_limit"].get_text() == "7"
    click(app, center(form.start_button))
    assert started[0].state.seed == 4242 and started[0].state.options.knock_limit == 7
    assert started[0].state.options.oklahoma is True


def test_a_code_for_another_game_opens_that_games_form(app, started):
    code = encode("gang_de_mouettes", 5, GangOptions(match_end=50), 99)
    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    app.step(1 / 60)
    type_into(app, setup.seed_entry, code)
    form = app.top
    assert isinstance(form, SetupScene) and form.game_id == "gang_de_mouettes"
    assert form.count == 5 and form.seed_entry.get_text() == "99"
    click(app, center(form.start_button))
    assert started[0].state.options.match_end == 50 and started[0].state.players == 5


def test_a_mistyped_code_says_why_and_starts_nothing(app, started):
    code = encode("gin_rummy", 2, GAMES["gin_rummy"].Options(), 4242)
    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    app.step(1 / 60)
    type_into(app, setup.seed_entry, code[:-1] + ("x" if code[-1] != "x" else "y"))
    assert app.top is setup
    assert "mistyped" in setup.seed_error.text
    click(app, center(setup.start_button))
    assert started == []


def test_the_pause_menu_copies_the_code_and_saves_a_match_file_once_the_match_is_over(app):
    state = GAMES["lagagne"].new_match(2, seed=77)
    play_unit(state, {s: GAMES["lagagne"].make_bot("easy", s) for s in range(2)}, "match")
    assert state.is_over()
    session = MatchSession(state, [SeatInfo("Ann"), SeatInfo("Bot", "easy")])
    app.push(PauseScene(app, session))
    app.step(1 / 60)
    pause = app.top
    click(app, center(button(pause, app.tr("pause.copy_code"))))
    assert clipboard_paste() == encode("lagagne", 2, session.state.options, 77)
    click(app, center(button(pause, app.tr("pause.export"))))
    files = app.storage.match_files()
    assert len(files) == 1 and files[0].read_text(encoding="utf-8") == export_match(session.state)


def test_during_the_match_neither_the_code_nor_a_match_file_gives_away_the_hidden_cards(app):
    """The deal code and a match file hold the match seed, which deals every hand: in play, they
    would show the others' cards and the stock (pasted into a pass-and-play table, or opened in the
    replay viewer). The pause menu says so and gives neither until the match is over."""
    session = MatchSession.new("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], seed=77)
    clipboard_copy("before")
    app.push(PauseScene(app, session))
    app.step(1 / 60)
    pause = app.top
    click(app, center(button(pause, app.tr("pause.copy_code"))))
    code = encode("gin_rummy", 2, session.state.options, 77)
    assert clipboard_paste() == "before" and not any(code in toast for toast in app.toasts)
    assert app.toasts[-1] == app.tr("pause.code_after")
    click(app, center(button(pause, app.tr("pause.export"))))
    assert app.storage.match_files() == [] and app.toasts[-1] == app.tr("pause.export_after")
    assert app.top is pause


def test_a_kept_match_file_opens_in_the_replay_viewer(app, started):
    state = played_match()
    app.storage.save_match_file("gin_rummy", export_match(state))
    app.push(MatchFilesScene(app))
    app.step(1 / 60)
    files = app.top
    click(app, center(next(b for b in files.actions if "Gin Rummy" in b.text)))
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.upto == len(state.log)
    press(app, pygame.K_HOME)
    assert viewer.upto == 0
    hands = viewer.snapshot()["seats"]
    assert [len(cards) for _, cards in hands[0]] == [10] and [len(c) for _, c in hands[1]] == [10]
    assert viewer.snapshot()["deal"] == [app.tr("replay.deal", hand=1, fingerprint=fingerprint(state.hand_seeds[0])),
                                         app.tr("replay.seed_later")]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert viewer.upto == 2 and viewer.state.log == state.log[:2]
    press(app, pygame.K_LEFT)
    assert viewer.upto == 1 and viewer.state.to_json() == state.replay(1).to_json()
    press(app, pygame.K_END)
    assert viewer.upto == len(state.log)
    assert app.tr("replay.verified", seed=state.hand_seeds[0]) in viewer.snapshot()["deal"]
    click(app, center(button(viewer, app.tr("replay.play_same"))))
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.seed_entry.get_text() == str(state.seed)
    click(app, center(setup.start_button))
    assert started[0].state.to_json()["state"] == state.replay(0).to_json()["state"]


def test_a_damaged_or_hostile_match_file_is_explained_and_left_untouched(app):
    folder = app.storage.matches_dir
    folder.mkdir(parents=True)
    state = played_match()
    good = export_match(state)
    cases = {
        "garbage.match": b"\x00\x9f\xff not text",
        "cheat.match": good.replace(state.log[3], "0: knock").encode(),
        "forged.match": good.replace(fingerprint(state.hand_seeds[0]), "0000-0000-0000").encode(),
        "huge.match": b"[" * 3_000_000,
    }
    for name, data in cases.items():
        (folder / name).write_bytes(data)
    app.push(MatchFilesScene(app))
    app.step(1 / 60)
    screen = app.top
    for name, data in cases.items():
        type_into(app, screen.path_entry, str(folder / name))
        click(app, center(button(screen, app.tr("files.open"))))
        assert app.top is screen, name
        assert screen.error.startswith(app.tr("files.refused", reason="")[:20]), name
        assert (folder / name).read_bytes() == data
    type_into(app, screen.path_entry, str(folder / "nowhere.match"))
    click(app, center(button(screen, app.tr("files.open"))))
    assert "nowhere.match" in screen.error and app.top is screen


def test_a_finished_match_feeds_its_games_statistics_page(app):
    from game.core.referee import Referee
    from ui.scenes.stats import StatsScene

    desc = GAMES["gang_de_mouettes"]
    seats = [SeatInfo("Ann"), SeatInfo("Bot", "hard"), SeatInfo("Bot 2", "easy")]
    for seed in (1, 2):
        state = desc.new_match(3, seed=seed)
        Referee(state, {s: desc.make_bot("easy", s) for s in range(3)}).advance(0.0)
        app.storage.record_result("gang_de_mouettes", seats, state.winners(), figures={0: state.seat_stats(0)})
    app.push(StatsScene(app))
    app.step(1 / 60)
    stats = app.top
    click(app, center(button(stats, "Gang de mouettes")))
    page = app.top
    assert page.page == "gang_de_mouettes"
    shown = dict(page.figures("gang_de_mouettes"))
    record = app.storage.stats()["gang_de_mouettes"]
    assert shown[app.tr("stats.figure.calls")] == str(record["figures"]["calls"])
    assert len(page.results("gang_de_mouettes")) == 2
    assert record["levels"]["hard"]["played"] == 2


def test_review_of_a_finished_gin_hand_marks_where_the_hard_bot_differs(app):
    from tests.ui.table_helpers import click_at, run_until, start
    from ui.tutorial import Tutorial

    session = Tutorial.load("gin_rummy").session("Ann")   # a known hand: take, discard, draw, knock
    scene = start(app, session)
    scene.tutorial_end()
    state = scene.state
    for move in ("0: take", "0: discard Qs", "0: draw"):
        run_until(app, lambda m=move: any(str(x) == m for x in scene.legal))
        scene.play(next(x for x in scene.legal if str(x) == move))
    run_until(app, lambda: any(x.name == "knock" for x in scene.legal))
    scene.play(next(x for x in scene.legal if x.name == "knock"))
    assert state.view(0)["phase"] in ("hand_over", "match_over")
    click_at(app, next(b for b in scene.buttons if b.key == "review").rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.review_seat == 0 and viewer.upto == 0
    eventually(lambda: viewer.review_done, "the hand's review")
    decisions = [i for i, text in enumerate(state.log) if text.startswith("0: ") and i < viewer.high]
    assert sorted(viewer.verdicts) == [i for i in decisions if state.log[i] != "0: draw"] or \
        set(viewer.verdicts) <= set(decisions)
    assert str(len(viewer.verdicts)) in viewer.review_line()
    press(app, pygame.K_END)
    assert viewer.upto == viewer.high == len(state.log)


def test_a_review_during_the_match_keeps_the_match_seed_secret(app, monkeypatch):
    """Reviewing the hand just played while the match goes on: the match seed deals the hands to
    come, so the review neither offers to play the same deal (its code holds the seed) nor seeds its
    bots from it: each search's seed is the position's (``position_seed``: the seat's view, its legal
    moves and a secret drawn from the system). Once the match is over, the seed is public and the deal
    can be played again."""
    import ui.scenes.replay as replay_module
    from game.core.advice import SAMPLES, position_seed

    monkeypatch.setattr(replay_module.secrets, "randbits", lambda bits: 9000)
    descriptor = type(GAMES["gin_rummy"])
    real = descriptor.make_bot
    for seed in (3, 4):
        state = GAMES["gin_rummy"].new_match(2, seed=seed)
        play_unit(state, {s: GAMES["gin_rummy"].make_bot("easy", s) for s in range(2)}, "hand")
        assert not state.is_over()
        given: list[int | None] = []

        def watching(self: Any, level: str, bot_seed: int | None = None, given: list[int | None] = given) -> Any:
            given.append(bot_seed)
            return real(self, level, bot_seed)

        monkeypatch.setattr(descriptor, "make_bot", watching)
        viewer = ReplayScene(app, state, review=(0, 1))
        app.push(viewer)
        eventually(lambda viewer=viewer: viewer.review_done, "the hand's review")
        assert app.tr("replay.play_same") not in [b.text for b in viewer.actions]
        expected = []
        for i in sorted(viewer.verdicts):
            before = state.replay(i)
            base = position_seed(9000, before.view(0), before.legal_moves(0))
            expected += [base + k for k in range(SAMPLES)]
        assert expected and given == expected
        monkeypatch.setattr(descriptor, "make_bot", real)
        app.pop()
    over = GAMES["lagagne"].new_match(2, seed=5)
    play_unit(over, {s: GAMES["lagagne"].make_bot("easy", s) for s in range(2)}, "match")
    viewer = ReplayScene(app, over, review=(0, 1))
    app.push(viewer)
    assert app.tr("replay.play_same") in [b.text for b in viewer.actions]


def test_review_marks_a_decision_the_hard_bot_would_not_make(app):
    from ui.tutorial import Tutorial

    state = Tutorial.load("gin_rummy").session("Ann").state
    for move in ("0: take", "0: discard 5h"):   # breaks the run 5-6-7-8 of hearts it just made
        state.apply(move)
    viewer = ReplayScene(app, state, review=(0, 1))
    app.push(viewer)
    eventually(lambda: viewer.review_done, "the hand's review")
    assert viewer.verdicts[0][0] == "same" and viewer.verdicts[1][0] == "other"
    assert viewer.verdicts[1][1].startswith("Ann discards the ")   # in words
    assert viewer.verdicts[1] != "Ann discards the 5 of hearts."
    assert app.tr("review.summary", n=2, differ=1) == viewer.review_line()
