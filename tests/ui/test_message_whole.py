"""A long hint at a small window is shown whole in its bubble where any of the bubble's shapes
holds it (it once stopped mid-sentence: "…calling left you about 18.5 points this round, against
22.6 for" at 1024×640), and a text no bubble can hold is marked cut (its bubble's last line ends
with "…"), the log keeping it whole."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tests.ui.conftest import open_app
from ui.i18n import Translator
from ui.session import MatchSession, SeatInfo

CALL = {"chance": 51, "threat": 78, "points": "18.5", "others": "22.6", "next": "18.8", "next_others": "16.7"}
"""The figures of the reason that was cut (Gang de mouettes, two players, seed 3)."""


@contextmanager
def table_at(data_dir, size: tuple[int, int], language: str) -> Iterator[tuple]:
    """A two-player Gang de mouettes table in ``language`` at ``size``: the app and its scene,
    the app closed afterwards even when an assertion fails."""
    gen = open_app(data_dir, size)
    app = next(gen)
    try:
        app.set_language(language)
        app.settings.animation_speed = "instant"
        app.start_match(MatchSession.new("gang_de_mouettes", [SeatInfo("You"), SeatInfo("Bot", "easy")], seed=3))
        app.step(1 / 60)
        yield app, app.top
    finally:
        gen.close()


def test_a_long_hint_is_shown_whole_at_the_smallest_window_in_every_language(data_dir) -> None:
    for language in ("en", "fr", "de", "es"):
        with table_at(data_dir, (1024, 640), language) as (app, scene):
            tr = Translator(language)
            scene.say(tr("table.hint_why", why=tr("why.gang.call", **CALL)), kind="hint")
            app.step(1 / 60)
            placed = scene.panels.message_box(scene.layout)
            assert placed is not None
            assert scene.panels.message_whole, language
            assert placed[0].collidelist([b.rect for b in scene.buttons]) == -1
            assert scene.layout.felt.contains(placed[0])


def test_a_text_no_bubble_can_hold_is_marked_cut_and_stays_clear_of_the_buttons(data_dir) -> None:
    with table_at(data_dir, (1024, 640), "en") as (app, scene):
        scene.say(" ".join(f"word{i}" for i in range(400)), kind="hint")
        app.step(1 / 60)
        placed = scene.panels.message_box(scene.layout)
        assert placed is not None and not scene.panels.message_whole
        assert placed[0].collidelist([b.rect for b in scene.buttons]) == -1
        assert scene.layout.felt.contains(placed[0])
