"""The title screen: the logo, Continue, one button per game, rules, statistics, settings, quit.

It is always the bottom scene. Each time it is uncovered it checks the saved matches: Continue
resumes the one played last (one that cannot be resumed is moved aside, with a one-sentence notice,
so the app still starts), and *Saved matches* lists them all.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import SaveError
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import blurb_defaults, game_title, games, players_text
from ui.session import MatchSession
from ui.storage import has_kept_keys, hosted_file
from ui.version import tablee_version

if TYPE_CHECKING:
    from ui.app import App


class TitleScene(MenuScene):
    """The first screen of the app."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saved: MatchSession | None = None
        self.game_buttons: dict[str, object] = {}
        self.continue_button: object | None = None
        self.saves_button: object | None = None
        """Saved matches (shown when at least one is)."""
        self.saved_count = 0
        self._version = tablee_version()
        """Looked up once: reading the package metadata every frame cost a visible share of a core."""
        self.join_button: object | None = None
        self.about_button: object | None = None
        self.host_again_button: object | None = None
        self.hosted: Any = None
        """A network table this app hosted when it stopped (it can be hosted again)."""
        self.kept: Any = None
        """The newest network table whose seats this computer may take back (Rejoin)."""
        self.rejoin_button: object | None = None
        self._logo: pygame.Surface | None = None
        self._logo_key: tuple[int, int] | None = None

    # ------------------------------------------------------------------ saved match
    def _load_saved(self) -> MatchSession | None:
        """The match played last (what Continue resumes), its default names in the player's language
        ("Player 1" shown as "Spieler 1" in German); one that cannot be resumed is moved aside and the
        one before is offered."""
        while (data := self.app.storage.load_session()) is not None:
            try:
                saved = MatchSession.from_json(data)
            except SaveError:
                self.app.storage.discard_damaged_session(data["save_id"])
                continue
            saved.name_defaults(self.app.tr)
            return saved
        return None

    # ------------------------------------------------------------------ widgets
    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The logo area (left) and the menu column (right)."""
        w, h = self.size
        menu_w = min(self.px(440), int(w * 0.42))
        menu = pygame.Rect(0, 0, menu_w, h)
        menu.right = w - max(self.px(48), int(w * 0.07))
        logo = pygame.Rect(0, 0, menu.left, h)
        return logo, menu

    def build(self) -> None:
        self.saved = self._load_saved()
        self.hosted = None
        if hosted_file(self.app.data_dir).exists():  # the network stack is loaded only when there is a table to host again
            from ui.scenes.network import saved_table

            self.hosted = saved_table(self.app)
        self.kept = None
        if has_kept_keys(self.app.data_dir):  # likewise: only when seats are kept
            from ui.scenes.network import kept_tables

            tables = kept_tables(self.app)
            self.kept = tables[0] if tables else None
        _, menu = self.layout()
        w, h = self.size
        registered = games()
        self.saved_count = self.app.storage.saved_count() + (self.hosted is not None)
        for gap, tall, row in ((self.px(12), self.px(58), self.px(48)), (self.px(8), self.px(48), self.px(42))):
            # height of the whole column, to centre it vertically (tighter when every button is shown)
            total = (tall + self.px(26) + gap * 2 if self.saved is not None else 0) + self.px(34)
            total += row + gap + (gap if self.saved is None else 0) if self.saved_count else 0
            total += len(registered) * (tall + gap) + gap + 3 * (row + gap) + gap
            total += row + gap if self.hosted is not None else 0
            total += row + gap if self.kept is not None else 0
            if total <= h - self.px(48):
                break
        y = max(self.px(24), (h - total) // 2)
        self.continue_button = None
        if self.saved is not None:
            text = self.app.tr("title.continue", game=game_title(self.app, self.saved.game_id))
            self.continue_button = self.button(
                pygame.Rect(menu.left, y, menu.width, tall), text, self.continue_match, kind="primary_button"
            )
            y += tall + self.px(2)
            hint = self.label(
                pygame.Rect(menu.left + 4, y, menu.width, self.px(24)),
                self.continue_hint(menu.width - self.px(12)),
                "hint_label",
            )
            hint.set_tooltip(self.continue_hint(None))
            self.spoken_notes[self.continue_button] = self.continue_hint(None)
            y += self.px(24) + gap
        self.saves_button = None
        if self.saved_count:
            self.saves_button = self.button(pygame.Rect(menu.left, y, menu.width, row),
                                            self.app.tr("title.saved_matches", n=self.saved_count,
                                                        count=self.app.number(self.saved_count)),
                                            self.open_saves)
            y += row + gap
        if self.saved is not None or self.saved_count:
            y += gap
        self.label(
            pygame.Rect(menu.left + 4, y, menu.width, self.px(30)),
            self.app.tr("title.new_game"),
            "section_label",
        )
        y += self.px(34)
        self.game_buttons = {}
        for game_id, descriptor in registered.items():
            players = players_text(self.app, descriptor.min_players, descriptor.max_players)
            text = f"{game_title(self.app, game_id)}   ·   {players}"
            self.game_buttons[game_id] = self.button(
                pygame.Rect(menu.left, y, menu.width, tall),
                text,
                partial(self.open_setup, game_id),
                kind="game_button",
                object_id=f"#game_{game_id}",
                tooltip=self.app.tr(f"game.{game_id}.blurb", **blurb_defaults(self.app, descriptor))
                if self.app.has_text(f"game.{game_id}.blurb")
                else None,
            )
            y += tall + gap
        half = (menu.width - gap) // 2
        self.join_button = self.button(pygame.Rect(menu.left, y, half, row), self.app.tr("title.join"), self.open_join)
        self.about_button = self.button(pygame.Rect(menu.left + half + gap, y, half, row), self.app.tr("title.about"),
                                        self.open_about)
        y += row + gap
        self.host_again_button = None
        if self.hosted is not None:
            self.host_again_button = self.button(
                pygame.Rect(menu.left, y, menu.width, row),
                self.app.tr("title.host_again", game=game_title(self.app, self.hosted.state.GAME_ID)), self.host_again)
            y += row + gap
        self.rejoin_button = None
        if self.kept is not None:
            from ui.scenes.network import rejoin_text

            self.rejoin_button = self.button(pygame.Rect(menu.left, y, menu.width, row), rejoin_text(self.app, self.kept),
                                             self.rejoin)
            self.fit_words(self.rejoin_button, rejoin_text(self.app, self.kept, short=True))
            y += row + gap
        y += gap
        half = (menu.width - gap) // 2
        self.button(pygame.Rect(menu.left, y, half, row), self.app.tr("title.rules"), self.open_rules)
        self.button(
            pygame.Rect(menu.left + half + gap, y, half, row), self.app.tr("title.stats"), self.open_stats
        )
        y += row + gap
        self.button(
            pygame.Rect(menu.left, y, half, row), self.app.tr("title.settings"), self.app.show_settings
        )
        self.button(
            pygame.Rect(menu.left + half + gap, y, half, row), self.app.tr("title.quit"), self.app.quit
        )

    def continue_hint(self, width: int | None) -> str:
        """Who plays the saved match and how far it went, in ``width`` pixels (None: in full): the
        last names give way to "…" on a crowded table."""
        assert self.saved is not None
        names = [seat.name for seat in self.saved.seats]
        moves = len(self.saved.state.log)
        font = self.app.font(self.px(15))
        for shown in range(len(names), 0, -1):
            players = ", ".join(names[:shown]) + (", …" if shown < len(names) else "")
            text = self.app.tr("title.continue_hint", players=players, n=moves)
            if width is None or font.size(text)[0] * 1.1 <= width:
                return text
        return text

    def initial_focus(self) -> int:
        return 0

    def spoken_title(self) -> str:
        """The name on the logo and the line under it."""
        return f"Tablée. {self.app.tr('title.tagline')}"

    def spoken_keys(self) -> str:
        """The keys shown at the foot of the screen."""
        return self.app.tr("title.keys")

    # ------------------------------------------------------------------ actions
    def continue_match(self) -> None:
        """Resume the autosaved match exactly where it stopped."""
        if self.saved is not None:
            self.app.start_match(self.saved)

    def open_saves(self) -> None:
        from ui.scenes.saves import SavedMatchesScene

        self.app.push(SavedMatchesScene(self.app))

    def open_setup(self, game_id: str) -> None:
        from ui.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, game_id))

    def host_again(self) -> None:
        """Open the network table this app hosted again; everyone comes back with their seat's key."""
        from ui.scenes.network import host_again

        if self.hosted is None:
            return
        try:
            lobby = host_again(self.app, self.hosted)
        except OSError as exc:
            self.app.notify(self.app.tr("net.host_failed", reason=str(exc)), error=True)
            return
        self.app.push(lobby)

    def rejoin(self) -> None:
        """Take back the seats this computer played at a network table (after a crash)."""
        from ui.scenes.network import rejoin

        if self.kept is None:
            return
        lobby = rejoin(self.app, self.kept)
        if lobby is not None:
            self.app.push(lobby)

    def open_about(self) -> None:
        from ui.scenes.about import AboutScene

        self.app.push(AboutScene(self.app))

    def open_join(self) -> None:
        from ui.scenes.network import JoinScene

        self.app.push(JoinScene(self.app))

    def open_rules(self) -> None:
        game_id = self.saved.game_id if self.saved is not None else next(iter(games()), None)
        if game_id is not None:
            self.app.show_rules(game_id)

    def open_stats(self) -> None:
        from ui.scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def back(self) -> None:
        """Esc on the title screen does nothing (Quit is a button; closing the window works too)."""

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        area, _ = self.layout()
        key = (area.width, area.height)
        if self._logo is None or self._logo_key != key:
            width = int(min(area.width * 0.78, area.height * 0.95))
            word = self.app.font(max(48, int(width * 0.2)), bold=True)
            index = self.app.font(max(12, width // 24), bold=True)
            self._logo = art.logo(width, word, index)
            self._logo_key = key
        logo_rect = self._logo.get_rect(center=(area.centerx, int(area.height * 0.46)))
        surface.blit(self._logo, logo_rect)
        tagline = self.app.font(self.px(20)).render(self.app.tr("title.tagline"), True, art.CREAM)
        surface.blit(tagline, tagline.get_rect(midtop=(area.centerx, logo_rect.bottom + self.px(14))))
        version = self.app.font(13).render(
            self.app.tr("title.version", version=self._version), True, (150, 185, 160)
        )
        surface.blit(version, (16, surface.get_height() - version.get_height() - 10))
        keys = self.app.font(self.px(14)).render(self.app.tr("title.keys"), True, (170, 200, 178))
        surface.blit(keys, keys.get_rect(bottomright=(surface.get_width() - 16, surface.get_height() - 10)))
