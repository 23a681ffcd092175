"""A person's seat is never named "You" by default: others read that name at a pass-and-play or
network table ("You passes."). The first seat takes the system user's name, the others "Player N"."""

from __future__ import annotations

import pwd
from types import SimpleNamespace

import pytest

from ui import names
from ui.names import default_player_name, system_user_name
from ui.scenes.setup import SetupScene


def as_account(monkeypatch, login: str, full_name: str = "") -> None:
    monkeypatch.setattr(names.getpass, "getuser", lambda: login)
    monkeypatch.setattr(pwd, "getpwnam", lambda _: SimpleNamespace(pw_gecos=full_name))


@pytest.mark.parametrize(("login", "full_name", "expected"), [
    ("jdoe", "Jane Doe,,,", "Jane"),
    ("zoé", "", "Zoé"),
    ("léa", "  ", "Léa"),
    ("root", "root", ""),
    ("guest", "", ""),
    ("x\x1b[31m", "", ""),
    ("sam", "\u202eevil", ""),
    ("a" * 80, "", "A" * 1 + "a" * 23),
])
def test_the_system_user_s_name_is_a_first_name_or_nothing(monkeypatch, login: str, full_name: str, expected: str) -> None:
    as_account(monkeypatch, login, full_name)
    assert system_user_name() == expected


def test_an_unknown_account_gives_no_name(monkeypatch) -> None:
    def fail() -> str:
        raise OSError("no login")

    monkeypatch.setattr(names.getpass, "getuser", fail)
    assert system_user_name() == ""


def test_the_setup_form_names_the_person_and_numbers_the_others(app, monkeypatch) -> None:
    as_account(monkeypatch, "jdoe", "Jane Doe")
    scene = SetupScene(app, "gang_de_mouettes")
    assert scene.names[0] == "Jane"
    assert default_player_name(app.tr, 2) == "Player 3"
    as_account(monkeypatch, "root", "root")
    assert default_player_name(app.tr, 0) == "Player 1"
    app.set_language("fr")
    assert default_player_name(app.tr, 0) == "Joueur 1"
    assert "You" not in scene.names and "Vous" not in scene.names
