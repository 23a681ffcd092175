"""A player who only listens: it hears what the table announces (through a recording speaker) and
presses keys (pygame key events posted to the app); it never reads the game state, the session or
the screen. ``Ears`` is the only thing between the bot and the app: ``press`` and ``wait`` return the
sentences heard since, nothing else.

The bot understands the English sentences by the templates of ``assets/i18n/en`` (``Phrasebook``):
a sentence is matched against a template whose ``{fields}`` become named groups, so a reworded
template changes what the bot understands with it, never silently apart from it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from tests.patience import PATIENCE
from ui.announce import Priority
from ui.speech import Speaker

CATALOG = Path(__file__).resolve().parents[2] / "assets" / "i18n" / "en"


class Phrasebook:
    """Every English sentence template, by key, each as a regular expression (plural forms and all)."""

    def __init__(self, folder: Path = CATALOG) -> None:
        self.templates: dict[str, list[str]] = {}
        for path in sorted(folder.glob("*.json")):
            self._walk("", json.loads(path.read_text(encoding="utf-8")))
        self._patterns: dict[str, list[re.Pattern[str]]] = {}

    def _walk(self, prefix: str, value: Any) -> None:
        if isinstance(value, str):
            self.templates.setdefault(prefix, []).append(value)
        elif isinstance(value, dict):
            if value and set(value) <= {"zero", "one", "two", "few", "many", "other"}:  # plural forms
                for form in value.values():
                    self._walk(prefix, form)
                return
            for key, item in value.items():
                self._walk(f"{prefix}.{key}" if prefix else key, item)

    def text(self, key: str) -> str:
        """The template of ``key`` (its ``other`` form for a plural)."""
        return self.templates[key][-1]

    def patterns(self, key: str) -> list[re.Pattern[str]]:
        if key not in self._patterns:
            self._patterns[key] = [self._compile(t) for t in self.templates[key]]
        return self._patterns[key]

    @staticmethod
    def _compile(template: str) -> re.Pattern[str]:
        out, seen = [], set()
        for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
            out.append(re.escape(literal))
            if name:
                out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
                seen.add(name)
        return re.compile("".join(out))

    def match(self, key: str, text: str, whole: bool = True) -> dict[str, str] | None:
        """The fields of ``text`` said by ``key``'s template (``whole``: the entire text), else None."""
        for pattern in self.patterns(key):
            found = pattern.fullmatch(text) if whole else pattern.match(text)
            if found:
                return found.groupdict()
        return None

    def find(self, keys: Iterable[str], text: str) -> tuple[str, dict[str, str]] | None:
        """The first of ``keys`` whose template says all of ``text``, with its fields."""
        for key in keys:
            fields = self.match(key, text)
            if fields is not None:
                return key, fields
        return None

    def keys(self, prefix: str) -> list[str]:
        return [k for k in self.templates if k.startswith(prefix)]

    def sentences(self, text: str) -> list[str]:
        """``text`` cut into sentences (an announcement may join several: an answer, a read-out)."""
        return [s for s in re.split(r"(?<=[.!?…])\s+(?=[A-ZÀ-Ý«\"“0-9])", text.strip()) if s]


@dataclass
class Heard:
    """One announcement as the bot hears it: its words only (``kind`` stays with the harness, which
    uses it only to leave a kind out in the test that shows the bot needs it)."""

    text: str
    kind: str
    priority: Priority


class RecordingSpeaker(Speaker):
    """Records every line the app asks to speak, in order, at once (no thread); ``forward``, when
    given, speaks them too (a real voice: Speech Dispatcher in the real-window test)."""

    def __init__(self, forward: Speaker | None = None) -> None:
        super().__init__(None)
        self.lines: list[Heard] = []
        self.forward = forward

    @property
    def available(self) -> bool:
        return True

    def say(self, text: str, language: str, priority: Priority = Priority.QUEUED, kind: str = "") -> None:
        if text:
            self.lines.append(Heard(" ".join(text.split()), kind, priority))
            if self.forward is not None:
                self.forward.say(text, language, priority, kind)

    def silence(self) -> None:
        if self.forward is not None:
            self.forward.silence()

    def wait(self, timeout: float = 30.0) -> None:
        if self.forward is not None:
            self.forward.wait(timeout)

    def close(self) -> None:
        if self.forward is not None:
            self.forward.close()


@dataclass
class Ears:
    """The bot's only contact with the app: keys in, sentences out; frames are counted, never timed.

    ``deaf_to`` leaves out every announcement of those kinds (the test that shows the bot needs them)."""

    app: Any
    deaf_to: tuple[str, ...] = ()
    forward: Speaker | None = None
    """A voice that speaks what is heard too."""
    frames: int = 0
    keys: int = 0
    heard: list[str] = field(default_factory=list)
    _read: int = 0

    def __post_init__(self) -> None:
        self.speaker = RecordingSpeaker(self.forward)
        self.app._speaker = self.speaker
        self.app.settings.read_aloud = True

    def _frame(self) -> None:
        scene = self.app.top
        waiting = getattr(scene, "wait_for_bot", None)
        if waiting is not None:
            waiting(PATIENCE)  # the bots' threads answer before the frame, as a clock would let them
        self.app.step(1 / 60)
        self.frames += 1

    def _new(self) -> list[str]:
        lines = self.speaker.lines[self._read:]
        self._read = len(self.speaker.lines)
        out = [h.text for h in lines if h.kind not in self.deaf_to]
        self.heard.extend(out)
        return out

    def press(self, key: int, mod: int = 0) -> list[str]:
        """Press and release ``key`` (with a real voice, once it has said all it was given, as a
        player who listens would); the sentences heard in that frame."""
        if self.forward is not None:
            self.forward.wait(PATIENCE)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
        self.keys += 1
        self._frame()
        return self._new()

    def wait(self, frames: int = 1, until: Callable[[list[str]], bool] | None = None) -> list[str]:
        """Let ``frames`` frames pass (or fewer, once ``until`` accepts what was heard)."""
        out: list[str] = []
        for _ in range(frames):
            self._frame()
            out += self._new()
            if until is not None and until(out):
                break
        return out


class Refused(AssertionError):
    """The table refused what the bot did (an illegal key sequence), or the bot could not go on."""


@dataclass
class Option:
    """One thing the focus rested on while the bot went through the table with the arrows."""

    index: int
    text: str
    card: str = ""
    where: str = ""
    action: str = ""
    label: str = ""
    choose: bool = False


class ListeningBot:
    """Plays one seat from what it hears (see the module docstring): it waits for the table to say
    that it is its turn (or asks F7 when nothing was said for a while), goes through what the focus
    offers with the arrows, lets its game's ``Strategy`` pick from what it heard, walks back to it and
    presses Enter. A refusal heard is a failure."""

    QUIET = 90
    """Frames without a word after which the bot asks whose turn it is (F7)."""

    def __init__(self, ears: Ears, strategy: Strategy, name: str = "Alice") -> None:
        self.ears = ears
        self.book = strategy.book
        self.strategy = strategy
        self.name = name
        strategy.bot = self
        self.moves = 0
        self.asked = 0
        self.at = 0
        """Where the focus is among the options of the last scan."""
        self.over = False
        self.refusals = [k for k in self.book.templates if k.startswith(("illegal.", "gang.hint.", "lagagne.hint."))]

    # ------------------------------------------------------------------ hearing
    def hear(self, lines: list[str]) -> None:
        for line in lines:
            for sentence in [line, *self.book.sentences(line)]:
                refused = self.book.find(self.refusals, sentence)
                if refused is not None:
                    raise Refused(f"the table refused: {sentence!r}")
            self.strategy.hear(line)
            if self.strategy.over:
                self.over = True

    def press(self, key: int, mod: int = 0) -> list[str]:
        lines = self.ears.press(key, mod)
        self.hear(lines)
        return lines

    def ask(self, key: int) -> list[str]:
        self.asked += 1
        return self.press(key)

    # ------------------------------------------------------------------ the focus
    def focus_line(self, lines: list[str]) -> Option | None:
        """The focus announcement among ``lines`` (the others are moves, news...)."""
        book = self.book
        for line in reversed(lines):
            fields = book.match("speech.focus_button", line)
            if fields is not None:
                return Option(-1, line, label=fields["label"])
            for key, choose in (("speech.focus_enter", False), ("speech.focus_choose", True), ("speech.focus_nothing", False)):
                fields = book.match(key, line)
                if fields is None:
                    continue
                what = book.match("speech.focus_card", fields["what"])
                if what is None or not self.strategy.is_place(what["where"]):
                    continue
                return Option(-1, line, card=what["card"], where=what["where"], action=fields.get("action", ""),
                              choose=choose)
        return None

    def scan(self) -> list[Option]:
        """Go round everything the focus rests on: → until all that was heard comes again in the same
        order, and at least four presses of it (cards may sound alike: "a zero card", "a zero card")."""
        heard: list[Option] = []
        for _ in range(120):
            option = self.focus_line(self.press(pygame.K_RIGHT))
            if option is None:
                self.at = 0
                return []  # nothing to rest on (or deaf to it)
            heard.append(option)
            for period in range(1, len(heard)):
                again = len(heard) - period
                if again >= max(period, 4) and all(heard[period + i].text == heard[i].text for i in range(again)):
                    options = heard[:period]
                    for i, o in enumerate(options):
                        o.index = i
                    self.at = (again - 1) % period
                    return options
        raise Refused("the focus never came back to where it began")

    def choose(self, options: list[Option], wanted: Option) -> list[str]:
        """Walk the focus from where the scan left it to ``wanted`` and press Enter there."""
        for _ in range((wanted.index - self.at) % len(options)):
            self.press(pygame.K_RIGHT)
        heard = self.press(pygame.K_RETURN)
        self.moves += 1
        return heard

    # ------------------------------------------------------------------ playing
    def play(self, frames: int, to_the_end: bool = True) -> None:
        """Play until the match is over; after ``frames`` frames fail (``to_the_end``) or stop."""
        quiet = 0
        while not self.over:
            if self.ears.frames > frames:
                if not to_the_end:
                    return
                raise Refused(f"the match did not end in {frames} frames ({self.moves} moves)")
            if self.strategy.to_act():
                quiet = 0
                self.strategy.act()
                continue
            lines = self.ears.wait(1)
            self.hear(lines)
            quiet = 0 if lines else quiet + 1
            if quiet >= self.QUIET:
                quiet = 0
                self.ask(pygame.K_F7)


class Strategy:
    """A game's way of choosing from what was heard; the base keeps the status line the table said last."""

    STATUS: tuple[str, ...] = ()
    """The template prefixes of the game's status lines."""
    OVER: tuple[str, ...] = ()
    PLACES: tuple[str, ...] = ("speech.where.stock", "speech.where.discard", "speech.where.hand", "speech.where.hand_you")

    def __init__(self, book: Phrasebook) -> None:
        self.book = book
        self.bot: ListeningBot
        self.status: tuple[str, dict[str, str]] | None = None
        self.fresh = False
        """A status heard that the bot has not acted on yet."""
        self.over = False
        self._status_keys = [k for p in self.STATUS for k in book.keys(p)]

    def is_place(self, where: str) -> bool:
        return any(self.book.match(k, where) is not None for k in self.PLACES)

    def hear(self, line: str) -> None:
        """Follow one announcement (a status line, a move, an answer)."""
        for sentence in [line, *self.book.sentences(line)]:
            found = self.book.find(self._status_keys, self.strip(sentence))
            if found is not None:
                self.status = found
                self.fresh = True
                if found[0].startswith(self.OVER):
                    self.over = True
            self.sentence(sentence)

    def strip(self, sentence: str) -> str:
        return sentence

    def sentence(self, sentence: str) -> None:
        """One heard sentence, for the game's model."""

    def to_act(self) -> bool:
        return self.fresh and self.status is not None and self.mine(self.status[0])

    def mine(self, key: str) -> bool:
        """Whether status ``key`` asks the bot to do something."""
        raise NotImplementedError

    def act(self) -> None:
        raise NotImplementedError

    def said(self, option: Option, key: str) -> dict[str, str] | None:
        """The fields of ``option``'s Enter action (or button label) by template ``key``."""
        return self.book.match(key, option.action or option.label)


class GinStrategy(Strategy):
    """Gin Rummy by ear: the hand from F3, the discard's top from the focus; takes a card that lowers
    its deadwood, discards the card that leaves the least, knocks (K in the knock panel) or goes gin
    whenever the table offers it."""

    STATUS = ("gin.status.",)
    OVER = ("gin.status.match_over",)

    def __init__(self, book: Phrasebook) -> None:
        super().__init__(book)
        ranks = {"A": book.text("gin.rank.A"), "T": "10", "J": book.text("gin.rank.J"),
                 "Q": book.text("gin.rank.Q"), "K": book.text("gin.rank.K")}
        self.cards = {book.text("gin.card_name").format(rank=ranks.get(r, r), suit=book.text(f"gin.suit.{s}")): r + s
                      for r in "A23456789TJQK" for s in "shdc"}
        self.hand: list[str] = []

    def code(self, words: str) -> str:
        for article in {self.book.text(f"gin.article.{r}") for r in ("A", "J", "Q", "K", "other")}:
            if article and words.startswith(article) and words[len(article):] in self.cards:
                return self.cards[words[len(article):]]
        return self.cards[words]

    def sentence(self, sentence: str) -> None:
        fields = self.book.match("speech.hand", sentence)
        if fields is not None:
            self.hand = [self.code(c) for c in fields["cards"].split(", ")]

    def mine(self, key: str) -> bool:
        return not key.startswith(("gin.status.waiting", "gin.status.match_over"))

    def deadwood(self, cards: list[str]) -> int:
        from game.gin_rummy import melds

        return melds.deadwood(melds.card_mask(cards))

    def best_after(self, cards: list[str]) -> int:
        """The least deadwood an 11-card ``cards`` keeps after one discard."""
        return min(self.deadwood([c for c in cards if c != d]) for d in cards)

    def act(self) -> None:
        bot, book = self.bot, self.book
        self.fresh = False
        bot.ask(pygame.K_F3)
        options = bot.scan()
        buttons = {o.label: o for o in options if o.label}
        for label, option in buttons.items():
            if book.match("gin.button.gin", label) or book.match("gin.button.knock", label):
                bot.choose(options, option)
                if book.match("gin.button.knock", label):
                    self.knock()
                return
        for key in ("gin.button.next_hand", "gin.button.next_game"):
            deal = next((o for o in options if book.match(key, o.label) is not None), None)
            if deal is not None:
                bot.choose(options, deal)
                return
        takes = [(o, self.said(o, "gin.advice.take")) for o in options]
        take = next(((o, f) for o, f in takes if f is not None), None)
        if take is not None and self.status and self.status[0] in ("gin.status.upcard", "gin.status.draw",
                                                                   "gin.status.wall_take", "gin.status.must_go_out"):
            card = self.code(take[1]["card"])
            if self.best_after([*self.hand, card]) < self.deadwood(self.hand) or self.status[0] == "gin.status.wall_take":
                bot.choose(options, take[0])
                return
        draw = next((o for o in options if self.said(o, "gin.advice.draw") is not None), None)
        if draw is not None:
            bot.choose(options, draw)
            return
        passing = next((o for o in options if book.match("gin.button.pass", o.label) is not None), None)
        if passing is not None:
            bot.choose(options, passing)
            return
        said = [(o, self.said(o, "gin.hint.discard_more") or self.said(o, "gin.hint.discard")
                 or self.said(o, "gin.advice.discard")) for o in options]
        discards = [(o, self.code(f["card"])) for o, f in said if f is not None]
        if discards:
            best = min(discards, key=lambda d: (self.deadwood([c for c in self.hand if c != d[1]]), d[0].index))
            bot.choose(options, best[0])
            return
        raise Refused(f"nothing to do at {self.status}: heard {[o.text for o in options]}")

    def knock(self) -> None:
        """The knock panel: it reads itself out; K knocks with the automatic arrangement."""
        heard = self.bot.ears.heard[-3:]
        if not any(self.book.match("gin.panel.ready", s) is not None for line in heard for s in self.book.sentences(line)):
            raise Refused(f"the knock panel said nothing a listener could knock with: {heard}")
        self.bot.press(pygame.K_k)


class GangStrategy(Strategy):
    """Gang de mouettes by ear: it remembers its own cards from what it is shown ("You see your card
    1: 3.") and what it puts in their place; takes a low discard, keeps a low drawn card in place of
    its highest or an unseen one, looks at an unseen card with an 8, quick-discards a card it knows
    matches (else N), calls once every card is known and they sum to little."""

    STATUS = ("gang.status.",)
    OVER = ("gang.status.over",)
    PLACES = (*Strategy.PLACES, "speech.gang.slot", "speech.gang.slot_you")
    ACTS = ("gang.status.memorise", "gang.status.turn", "gang.status.turn_draw", "gang.status.drawn",
            "gang.status.drawn_power", "gang.status.end_turn", "gang.status.window", "gang.status.round_over")
    CALL_AT = 8

    def __init__(self, book: Phrasebook) -> None:
        super().__init__(book)
        self.known: list[int | None] = [None] * 4
        self.drawn: int | None = None
        self.top: int | None = None

    def strip(self, sentence: str) -> str:
        return sentence.rpartition(" · ")[2]

    def mine(self, key: str) -> bool:
        return key in self.ACTS

    def sentence(self, sentence: str) -> None:
        book = self.book
        said = book.match("speech.gang.shown", sentence)
        if said is not None:
            slot = book.match("speech.gang.slot_you", said["where"])
            if slot is not None:
                self.remember(int(slot["slot"]) - 1, int(said["card"]))
            return
        found = book.find(("gang.status.drawn", "gang.status.drawn_power"), self.strip(sentence))
        if found is not None:
            self.drawn = int(found[1]["card"])
        hand = book.match("speech.gang.hand", sentence)
        if hand is not None:  # F3: as many cards as it says; one said unseen is not known
            seen = [book.match("speech.gang.slot_unseen", w) is None for w in hand["cards"].split("; ")]
            known = self.known + [None] * (len(seen) - len(self.known))
            self.known = [k if s else None for k, s in zip(known, seen)]
        top = book.match("speech.discard", sentence)
        if top is not None:
            self.top = int(top["card"])
        if book.match("speech.discard_empty", sentence) is not None:
            self.top = None
        if book.find(("gang.log.next", "gang.log.next_you"), sentence) is not None:
            self.known = [None] * 4
        taken = book.match("gang.log.snap_pique_to_you", sentence)
        if taken is not None and int(taken["n"]) <= len(self.known):
            del self.known[int(taken["n"]) - 1]  # the later cards move up one place
        if book.find(("gang.log.give_to_you", "gang.log.penalty_you"), sentence) is not None:
            self.known.append(None)
        swapped = book.match("gang.log.steal_to_you", sentence)
        if swapped is not None:
            self.remember(int(swapped["n"]) - 1, None)

    def remember(self, slot: int, value: int | None) -> None:
        while len(self.known) <= slot:
            self.known.append(None)
        self.known[slot] = value

    def act(self) -> None:
        assert self.status is not None
        key = self.status[0]
        self.fresh = False
        bot = self.bot
        if key == "gang.status.window":
            value = int(self.status[1]["card"])
            if value in self.known:
                self.mine_slot(bot.scan(), "gang.advice.snap_own", self.known.index(value), snapped=True)
            else:
                bot.press(pygame.K_n)
                bot.moves += 1
            return
        if key in ("gang.status.memorise", "gang.status.round_over", "gang.status.end_turn"):
            options = bot.scan()
            labels = ["gang.button.memorised", "gang.button.next"]
            if key == "gang.status.end_turn":
                call = None not in self.known and sum(k or 0 for k in self.known) <= self.CALL_AT
                labels = ["gang.button.call" if call else "gang.button.done"]
            wanted = next((o for o in options for k in labels if self.book.match(k, o.label) is not None), None)
            if wanted is None:
                if key == "gang.status.round_over":
                    return  # another seat deals the next round
                raise Refused(f"no {labels} among {[o.text for o in options]}")
            bot.choose(options, wanted)
            return
        if key in ("gang.status.turn", "gang.status.turn_draw"):
            bot.ask(pygame.K_F3)
            bot.ask(pygame.K_F4)
            options = bot.scan()
            target = self.target(self.top) if self.top is not None and self.top <= 3 else None
            take = next((o for o in options if o.choose and self.book.match("speech.where.discard", o.where) is not None), None)
            if target is not None and take is not None:
                bot.choose(options, take)
                self.mine_slot(bot.scan(), "gang.advice.take", target, value=self.top)
                return
            draw = next((o for o in options if self.said(o, "gang.advice.draw") is not None), None)
            if draw is None:
                raise Refused(f"nothing to draw: {[o.text for o in options]}")
            bot.choose(options, draw)
            return
        # drawn
        options = bot.scan()
        drawn = self.drawn
        assert drawn is not None
        look = next((o for o in options if self.book.match("gang.button.power.look", o.label) is not None), None)
        if look is not None and None in self.known:
            bot.choose(options, look)
            self.mine_slot(bot.scan(), "gang.advice.look", self.known.index(None))
            return
        target = self.target(drawn)
        if target is not None:
            self.mine_slot(options, "gang.advice.swap", target, value=drawn)
            return
        throw = next((o for o in options if self.book.match("gang.button.throw", o.label) is not None), None)
        if throw is None:
            raise Refused(f"cannot throw: {[o.text for o in options]}")
        bot.choose(options, throw)

    def target(self, value: int) -> int | None:
        """Which of its cards ``value`` should replace: its highest known above it, else an unseen one
        while ``value`` is low, else none."""
        high = max((k, i) for i, k in enumerate(self.known) if k is not None) if any(k is not None for k in self.known) else None
        if high is not None and high[0] > value + 2:
            return high[1]
        if value <= 5 and None in self.known:
            return self.known.index(None)
        return None

    def mine_slot(self, options: list[Option], advice: str, slot: int, value: int | None = None,
                  snapped: bool = False) -> None:
        """Press Enter on its own card ``slot`` where its action is ``advice``."""
        for option in options:
            fields = self.said(option, advice)
            if fields is not None and int(fields["n"]) == slot + 1:
                self.bot.choose(options, option)
                if snapped:
                    del self.known[slot]
                elif advice != "gang.advice.look":
                    self.known[slot] = value
                return
        raise Refused(f"no '{advice}' on card {slot + 1} among {[o.text for o in options]}")


class LaGagneStrategy(Strategy):
    """LaGagne by ear: opens a column, doubles one, lays its best points, steals a card laid in front of
    another player when the table offers exactly that; else discards what is worth least. A card with
    several moves is chosen with Enter and its moves heard as buttons."""

    STATUS = ("lagagne.status.",)
    OVER = ("lagagne.status.over",)
    ACTS = ("lagagne.status.play", "lagagne.status.only_discard")
    ACTIONS = ("lagagne.name.Voler", "lagagne.name.Recup", "lagagne.name.Echange")

    def mine(self, key: str) -> bool:
        return key in self.ACTS

    def worth(self, card: str) -> int:
        """What keeping ``card`` is worth (a zero card least, a point card its points)."""
        for key in ("lagagne.name.points", "lagagne.name.joker"):
            fields = self.book.match(key, card)
            if fields is not None:
                return int(fields["points"])
        if self.book.match("lagagne.name.Z", card) is not None:
            return -10
        if self.book.match("lagagne.name.symbol", card) is not None:
            return 40
        return 15

    def score(self, option: Option) -> int | None:
        """How much the bot likes pressing Enter on ``option`` (``None``: never)."""
        if not option.action:
            return None
        for key, base in (("lagagne.advice.open", 200), ("lagagne.advice.double", 150), ("lagagne.advice.steal", 120),
                          ("lagagne.advice.lay", 100)):
            fields = self.said(option, key)
            if fields is not None:
                return base + (self.worth(fields["card"]) if "card" in fields else 0)
        fields = self.said(option, "lagagne.advice.discard")
        if fields is not None:
            return -self.worth(fields["card"])
        return None

    def act(self) -> None:
        self.fresh = False
        self.chosen: tuple[str, list[str]] = ("", [])
        bot, book = self.bot, self.book
        bot.ask(pygame.K_F3)
        options = bot.scan()
        scored = [(s, o) for o in options if (s := self.score(o)) is not None]
        best = max(scored, key=lambda so: (so[0], -so[1].index), default=None)
        if best is not None and best[0] >= 100:
            bot.choose(options, best[1])
            return
        choices = [o.card for o in options if o.choose and not any(book.match(k, o.card) is not None for k in self.ACTIONS)]
        wanted = ("lagagne.button.open", "lagagne.button.reopen", "lagagne.button.double", "lagagne.button.lay")
        for card in choices:
            if self.pick(card, wanted):
                return
        if best is not None:
            bot.choose(bot.scan(), best[1])
            return
        if not choices or not self.pick(min(choices, key=self.worth), ("lagagne.button.discard",)):
            raise Refused(f"nothing to play at {self.status}: {[o.text for o in options]}")

    def pick(self, card: str, wanted: tuple[str, ...]) -> bool:
        """Choose ``card`` with Enter; press the first button it offers of ``wanted`` (its moves are
        said as it is chosen); whether it did."""
        bot, book = self.bot, self.book
        if card != self.chosen[0]:  # Enter again on the chosen card would put it back
            options = bot.scan()
            option = next(o for o in options if o.card == card and o.choose)
            offered: list[str] = []
            for line in bot.choose(options, option):
                fields = book.match("speech.offered", line)
                if fields is not None:
                    offered = fields["buttons"].split(", ")
            bot.moves -= 1  # a choice is no move yet
            self.chosen = (card, offered)
        offered = self.chosen[1]
        for key in wanted:
            label = next((o for o in offered if book.match(key, o) is not None), None)
            if label is not None:
                moves = bot.scan()
                bot.choose(moves, next(m for m in moves if m.label == label))
                return True
        return False
