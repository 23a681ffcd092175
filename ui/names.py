"""The names people's seats get before one is typed: the person at this computer, then "Player 2",
"Player 3"…, never "You", which the other players at a pass-and-play or network table would read.

A default name is a default, not words frozen when the match was dealt: a seat that kept it
(``SeatInfo.default``) is named in the player's language whenever that changes ("Player 2" becomes
"Spieler 2"), while a name the player typed stays as typed."""

from __future__ import annotations

import getpass
import os
import unicodedata
from collections.abc import Callable
from functools import cache

NAME_LIMIT = 24
"""The longest name a seat takes."""
SYSTEM_ACCOUNTS = frozenset({"root", "admin", "administrator", "user", "guest", "nobody"})
"""Logins that name an account, not a person."""


def system_user_name() -> str:
    """The person at this computer as the system knows them: the first name of the account's full
    name where there is one (Unix), else the login capitalised; "" for an account that names no one
    (root, guest…) or a name that is not plain printable text."""
    try:
        login = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):
        return ""
    full = ""
    if os.name == "posix":
        try:
            import pwd

            full = pwd.getpwnam(login).pw_gecos.split(",")[0].strip()
        except (KeyError, ImportError, OSError):
            full = ""
    name = full.split()[0] if full.split() else login
    if not name or login.lower() in SYSTEM_ACCOUNTS or name.lower() in SYSTEM_ACCOUNTS:
        return ""
    if any(unicodedata.category(c)[0] in "CZ" for c in name):
        return ""
    return (name[:1].upper() + name[1:])[:NAME_LIMIT]


def default_player_name(tr: Callable[..., str], seat: int) -> str:
    """The default name of a person's ``seat`` (0 for the first), in ``tr``'s language."""
    if seat == 0:
        name = system_user_name()
        if name:
            return name
    return tr("setup.default_player", n=seat + 1)


@cache
def _numbered(seat: int) -> frozenset[str]:
    """The numbered default name of ``seat`` in every language ("Player 2", "Joueur 2"…)."""
    from ui.i18n import LANGUAGES, Translator

    return frozenset(Translator(language)("setup.default_player", n=seat + 1) for language in LANGUAGES)


def is_default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is the default name of a person's ``seat`` in some language (or the system
    user's name, for the first seat): a name the player did not type."""
    name = name.strip()
    if not name:
        return False
    return name in _numbered(seat) or (seat == 0 and name == system_user_name())
