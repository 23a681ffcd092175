"""Hostile ``--option`` values on the command line (``--serve`` and the arena): huge, non-finite, of
the wrong type, out of range, for an unknown option or malformed. Each is refused with one clear
sentence naming the option and the reason, before any table is hosted; nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.arena import main as arena_main
from ui.cli import main

HOSTILE = [
    ("gin_rummy", "knock_limit=" + "9" * 5000, "knock_limit must be between 0 and 99"),
    ("gin_rummy", "knock_limit=1e999", "knock_limit must be a whole number"),
    ("gin_rummy", "knock_limit=-1", "knock_limit must be between 0 and 99, not -1"),
    ("gin_rummy", "match_target=100000", "match_target must be between 1 and 99999"),
    ("gin_rummy", "oklahoma=maybe", "oklahoma must be true or false, not 'maybe'"),
    ("gin_rummy", "oklahoma_sub_rules=true", "oklahoma_sub_rules needs oklahoma to be on"),
    ("gin_rummy", "first_dealer=2", "first_dealer must be a seat number 0 to 1"),
    ("gin_rummy", "speed=3", "'speed' is not a rule option of this game"),
    ("gin_rummy", "knock_limit", "a rule option is written name=value"),
    ("gang_de_mouettes", "snap_window_seconds=nan", "snap_window_seconds must be a finite number, not 'nan'"),
    ("gang_de_mouettes", "snap_window_seconds=inf", "snap_window_seconds must be a finite number, not 'inf'"),
    ("gang_de_mouettes", "end_turn_grace_seconds=1e308", "end_turn_grace_seconds must be more than 0 and at most 600"),
    ("gang_de_mouettes", "snap_window_seconds=0", "snap_window_seconds must be more than 0 and at most 60, not 0"),
    ("gang_de_mouettes", "call_timing=whenever", "call_timing must be one of 'after_turn', 'start_of_turn'"),
    ("gang_de_mouettes", "first_dealer=5", "first_dealer 5 is not a seat of a 2-player table"),
    ("lagagne", "deck=huge", "deck must be the name of a ready-made deck (default, compact), not 'huge'"),
    ("lagagne", "hand_size=41", "hand_size must be between 1 and 40"),
    ("lagagne", "hand_size=30", "the deck holds 82 cards, too few to deal 30 to each of 3 players"),
]


@pytest.mark.parametrize(("game_id", "option", "says"), HOSTILE, ids=[h[1][:40] for h in HOSTILE])
def test_serve_refuses_a_hostile_option_with_a_clear_sentence(tmp_path: Path, capsys, monkeypatch, game_id: str,
                                                              option: str, says: str) -> None:
    def no_table(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"{option} was accepted and a table hosted")

    monkeypatch.setattr("net.cli.Host", no_table)
    seats = "remote,normal,normal" if game_id == "lagagne" else "remote,normal"
    code = main(["--data-dir", str(tmp_path), "--serve", "--game", game_id, "--seats", seats,
                 "--port", "0", "--option", option])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert says in err and len(err) < 600 and err.count("\n") == 1, err
    assert not (tmp_path / "hosted-table.json").exists()


@pytest.mark.parametrize(("game_id", "option", "says"), HOSTILE[:4] + HOSTILE[9:11])
def test_the_arena_refuses_a_hostile_option_with_a_usage_message(capsys, game_id: str, option: str, says: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        arena_main([game_id, "--option", option, "--hands", "1"])
    assert stopped.value.code == 2 and says in capsys.readouterr().err


def test_good_options_are_read_as_their_schema_says() -> None:
    from game.arena import parse_options

    assert parse_options("gin_rummy", ["match_target=250", "oklahoma=yes", "first_dealer="]) == {
        "match_target": 250, "oklahoma": True, "first_dealer": None}
    assert parse_options("gang_de_mouettes", ["snap_window_seconds=4.5", "call_timing=start_of_turn"]) == {
        "snap_window_seconds": 4.5, "call_timing": "start_of_turn"}
    assert parse_options("lagagne", ["deck=default"]) == {"deck": None}
