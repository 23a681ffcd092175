"""Sentences spoken to the one person at the table: the second-person forms of the catalogues
(``<key>_you``, ``<key>_to_you``), chosen without pygame so that the table's match, the adapters
and the score sheet share them; and what a screen tells a player who listens (``Heard``, see
``ui.scenes.base``), with the small rules that make text read well aloud."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

from ui.session import MatchSession


class Words(Protocol):
    """The player's language (the app's translator)."""

    def tr(self, key: str, **params: Any) -> str: ...

    def has_text(self, key: str) -> bool: ...


def the_player(session: MatchSession) -> str | None:
    """The name of the one person at ``session``'s table (the others are bots), else ``None``."""
    humans = session.humans
    return session.seats[humans[0]].name if len(humans) == 1 else None


def spoken(app: Words, session: MatchSession, key: str, **params: Any) -> str:
    """A sentence in the player's language; one about the only person at the table (playing against
    bots) takes its second-person forms: ``<key>_you`` when they are its subject ("You discard…",
    "Vous défaussez…"), ``<key>_to_you`` when another player acts on them ("Bob gives you…", "Bob
    vous donne…"), ``<key>_you_to_you`` when both."""
    you = the_player(session)
    if you is not None:
        subject = "_you" if params.get("name") == you else ""
        other = "_to_you" if any(v == you for k, v in params.items() if k != "name") else ""
        for suffix in (subject + other, subject, other):
            if suffix and app.has_text(key + suffix):
                return app.tr(key + suffix, **params)
    return app.tr(key, **params)


def sentence(text: str) -> str:
    """``text`` ending as a sentence does (a full stop unless it has its own mark)."""
    text = " ".join(text.split())
    return text if not text or text[-1] in ".!?…:;" else text + "."


def aloud(text: str) -> str:
    """``text`` as a voice should read it: the screen's separating dots ("Gin Rummy · 2 players")
    and dashes ("Rules — Gin Rummy") become pauses, not "middle dot"."""
    return " ".join(re.sub(r"\s*·\s*|\s+—\s+", ", ", text).split())


def news(before: str, now: str) -> str:
    """What ``now`` says that ``before`` did not, sentence by sentence (a seat taken in the waiting
    room: "2. Bob, connected.", not the whole room again); "" when nothing changed."""
    if now == before:
        return ""
    said = set(re.split(r"(?<=\D[.!?…])\s+", before))
    return " ".join(part for part in re.split(r"(?<=\D[.!?…])\s+", now) if part and part not in said)


@dataclass(frozen=True)
class Heard:
    """What a player who listens is told of a screen: its ``title``, what it shows beside its
    controls (``page``: figures, a section of the rules), the focused ``control`` (its label and
    role), its ``value`` and state, a ``note`` (an option's example, why it is unavailable), and an
    ``alert`` (an error the screen shows) and the screen's own ``keys``, said as it opens."""

    title: str
    control: str = ""
    value: str = ""
    note: str = ""
    page: str = ""
    alert: str = ""
    keys: str = ""
    typed: bool = False
    """Whether the focused control is a text box (a letter typed is said alone, as screen readers echo it)."""

    @property
    def focus(self) -> str:
        """The focused control in one sentence: "Animation speed, choice, Fast."."""
        said = ", ".join(part for part in (self.control, self.value) if part)
        return " ".join(sentence(part) for part in (said, self.note) if part)

    @property
    def entering(self) -> str:
        """What is said as the screen opens: its title, its page, its keys, its focused control."""
        return " ".join(sentence(part) for part in (self.title, self.page, self.keys, self.focus) if part)


def typed(before: str, now: str) -> str:
    """The one character typed (or erased) between two values of a text box, else ``now`` whole."""
    longer, shorter = (now, before) if len(now) > len(before) else (before, now)
    if len(longer) != len(shorter) + 1:
        return now
    at = next((i for i, (a, b) in enumerate(zip(longer, shorter, strict=False)) if a != b), len(shorter))
    return longer[at] if longer[:at] + longer[at + 1:] == shorter else now
