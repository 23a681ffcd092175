"""The referee: bots, quick-discard windows, the end-of-turn grace and readiness, with time passed in."""

from __future__ import annotations

from typing import Any

import pytest

from game import GAMES, IllegalMove, Move
from game.arena import play_unit
from game.core import Bot
from game.core.referee import CROWD, FOLLOW_ON, BotTask, Played, Referee
from game.core.timing import Grace, Window
from game.gang_de_mouettes import Options

GANG = GAMES["gang_de_mouettes"]
GIN = GAMES["gin_rummy"]


def gang(hands: list[list[str]], pile: list[str], **options: Any) -> Any:
    """Seat k holds ``hands[k]``; the last seat deals, so seat 0 plays first."""
    n = len(hands)
    deck = [hands[s][r] for r in range(4) for s in range(n)] + pile
    return GANG.new_match(n, options=Options(first_dealer=n - 1, peek_slots=0, **options), seed=7, deck=deck)


class Scripted(Bot):
    """Plays the first legal move; in a window tries ``snap`` after ``delay`` seconds. Records views."""

    def __init__(self, snap: str | None = None, delay: float = 1.0) -> None:
        super().__init__(0)
        self.snap, self.delay = snap, delay
        self.views: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        self.views.append(view)
        return legal_moves[0]

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        self.views.append(view)
        wanted = [m for m in legal_moves if m.action == self.snap]
        return (wanted[0], self.delay) if wanted else None


def at_window(bot: Bot, **options: Any) -> tuple[Any, Referee]:
    """Seat 0 (human) swaps its M9 onto the discard; seat 1 (``bot``) holds an M9 in slot 1."""
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"]], ["M0"], **options)
    ref = Referee(state, {1: bot}, think_delay=0.8)  # the human pace: windows run in real time
    ref.submit("0: draw")
    ref.submit("0: swap 0")
    assert isinstance(state.timer(), Window)
    return state, ref


def test_a_bot_reaction_plays_when_its_delay_has_passed() -> None:
    state, ref = at_window(Scripted("snap 1.1", delay=1.2))
    assert ref.advance(1.19) == []
    assert ref.window_clock() == pytest.approx((3.0 - 1.19, 3.0))
    played = ref.advance(0.02)
    assert [str(p.move) for p in played] == ["1: snap 1.1"]
    assert played[0].by == "bot"
    assert state.discard[-1] == 9 and len(state.slots[1]) == 3


def test_a_quicker_human_wins_the_race() -> None:
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"], ["M9", "M5", "M5", "M5"]], ["M0"])
    ref = Referee(state, {1: Scripted("snap 1.1", delay=1.5)})
    ref.submit("0: draw")
    ref.submit("0: swap 0")
    ref.advance(1.0)
    ref.submit("2: snap 2.0")  # the human matched the M9 first: a new card is on top, a new window
    played = ref.advance(1.0)
    assert "1: snap 1.1" not in [str(p.move) for p in played]
    assert len(state.slots[2]) == 3 and len(state.slots[1]) == 4


def test_a_reaction_slower_than_the_window_never_plays() -> None:
    state, ref = at_window(Scripted("snap 1.1", delay=3.5))
    played = ref.advance(2.99)
    assert played == []
    played = ref.advance(0.02)
    assert [(str(p.move), p.by) for p in played] == [("0: close", "referee")]
    assert len(state.slots[1]) == 4


def test_the_window_length_is_the_rule_option() -> None:
    state, ref = at_window(Scripted("snap 1.1", delay=1.2), snap_window_seconds=1.0)
    played = ref.advance(1.01)
    assert [str(p.move) for p in played] == ["0: close"]


def test_a_window_nobody_can_use_closes_after_the_think_delay() -> None:
    state2 = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"], ["M1", "M5", "M5", "M5"]], ["M0"])
    ref2 = Referee(state2, {1: Scripted(None)}, think_delay=0.5)
    ref2.submit("0: draw")
    ref2.submit("0: swap 0")
    assert ref2.advance(1.0) == []  # seat 2, a human, may still snap
    ref2.pass_window(2)
    assert ref2.advance(0.49) == []
    assert [str(p.move) for p in ref2.advance(0.02)] == ["0: close"]


def test_at_a_crowded_table_a_window_nobody_may_use_closes_after_a_share_of_the_delay() -> None:
    """Once the humans let a window go and no bot reacts, it closes after a bot's first pause: at a
    full table the players wait on each discard no longer than on each bot's thinking."""
    hands = [["M9", "M1", "M2", "M3"], ["M4", "M10", "M6", "M7"], ["M1", "M2", "M3", "M4"],
             ["M5", "M6", "M7", "M8"], ["M10", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"],
             ["M8", "M10", "M1", "M2"], ["M3", "M5", "M8", "M10"]]
    state = gang(hands, ["M0"])
    ref = Referee(state, {s: Scripted(None) for s in range(2, 8)}, think_delay=1.0)
    ref.submit("0: draw")
    ref.submit("0: swap 0")
    assert ref.advance(1.0) == []  # seat 1, a human, may still snap
    ref.pass_window(1)
    assert ref.advance(1.0 * CROWD / 6 - 0.01) == []
    assert [str(p.move) for p in ref.advance(0.02)] == ["0: close"]


def test_a_window_of_bots_runs_at_the_table_pace() -> None:
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"]], ["M0"])
    ref = Referee(state, {0: Scripted(None), 1: Scripted("snap 1.1", delay=1.2)}, think_delay=0.4)
    played = ref.advance(0.4)  # seat 0's draw, after the think delay
    played += ref.advance(0.4 * FOLLOW_ON)  # its swap (the first legal move after a draw) follows briskly
    assert [str(p.move) for p in played] == ["0: draw", "0: swap 0"]
    # pace 0.4 / 0.8 = half: the 1.2 s reaction comes after 0.6 s of real time
    assert ref.advance(0.59) == []
    # seat 0 thought while the window was open: its next decision follows the snap at once
    assert [str(p.move) for p in ref.advance(0.02)] == ["1: snap 1.1", "0: call"]


def test_a_bot_thinks_while_the_others_race() -> None:
    """A bot's move after a quick-discard window counts its think delay from the window's opening:
    the players wait for the window, not for the window and then the bot."""
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"]], ["M0"])
    ref = Referee(state, {0: Scripted(None)}, think_delay=0.8)  # seat 1, a human, races in real time
    assert ref.advance(0.79) == []  # a turn's first move waits the think delay
    played = ref.advance(0.01 + 0.8 * FOLLOW_ON)
    assert [str(p.move) for p in played] == ["0: draw", "0: swap 0"]
    assert ref.advance(2.99) == []  # the window: 3 s for the human
    played = ref.advance(0.02)
    assert [(str(p.move), p.by) for p in played] == [("0: close", "referee"), ("0: call", "bot")]


def test_a_human_who_neither_calls_nor_ends_the_turn_has_it_ended_after_the_grace() -> None:
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"]], ["M0"], quick_discards=False)
    ref = Referee(state, {1: Scripted(None)})
    ref.submit("0: draw")
    ref.submit("0: discard")
    timer = state.timer()
    assert isinstance(timer, Grace) and timer.seat == 0
    assert ref.advance(7.9) == []
    assert ref.grace_clock() == pytest.approx((0, 0.1, 8.0))
    played = ref.advance(0.2)
    assert [(str(p.move), p.by) for p in played][0] == ("0: done", "referee")


def test_play_waits_until_every_human_has_looked_at_their_cards() -> None:
    state = GANG.new_match(2, options=Options(first_dealer=0), seed=3)
    assert state.to_move() == [1]
    ref = Referee(state, {1: Scripted(None)})
    assert ref.unready() == [0] and ref.screen_seats() == [0]
    assert ref.advance(5.0) == []
    with pytest.raises(IllegalMove):
        ref.submit("0: draw")
    ref.ready(0)
    assert ref.unready() == []
    assert [str(p.move) for p in ref.step()] == ["1: draw"]


def test_a_human_leads_moves_any_seat_may_play() -> None:
    state = GIN.new_match(2, seed=5)
    ref = Referee(state, {1: GIN.make_bot("easy", 1)})
    for _ in range(400):
        if state.phase == "hand_over":
            break
        seat = state.to_move()[0]
        if seat == 0:
            ref.submit(state.legal_moves(0)[0])
        ref.advance(0.0)
    assert state.phase == "hand_over" and state.to_move() == [0, 1]
    assert ref.advance(10.0) == []  # the bot waits for the human's "next"
    ref.submit("0: next")


def test_moves_for_a_bot_seat_are_refused_and_change_nothing() -> None:
    state = GIN.new_match(2, seed=5)
    ref = Referee(state, {0: GIN.make_bot("easy", 1), 1: GIN.make_bot("easy", 2)}, think_delay=1.0)
    before = state.to_json()
    seat = state.to_move()[0]
    with pytest.raises(IllegalMove, match="computer"):
        ref.submit(state.legal_moves(seat)[0])
    assert state.to_json() == before


def test_a_broken_bot_is_reported_and_its_seat_plays_a_legal_move() -> None:
    class Broken(Bot):
        def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
            raise RuntimeError("boom")

    state = GIN.new_match(2, seed=5)
    seat = state.to_move()[0]
    ref = Referee(state, {0: Broken(0), 1: Broken(1)})
    played = ref.step()
    assert played and played[0].move.seat == seat
    assert ref.faults and isinstance(ref.faults[0][1], RuntimeError)


def test_a_bot_thinking_elsewhere_is_waited_for() -> None:
    tasks: list[BotTask] = []
    state = GIN.new_match(2, seed=5)
    ref = Referee(state, {0: GIN.make_bot("easy", 1), 1: GIN.make_bot("easy", 2)}, runner=tasks.append)
    assert ref.advance(30.0) == [] and len(tasks) == 1 and ref.thinking() == tasks[0].seat
    tasks[0].solve()
    played = ref.advance(0.0)
    assert len(played) == 1 and played[0].move.seat == tasks[0].seat


def test_bots_are_given_the_seat_view_and_nothing_else() -> None:
    """Two matches that differ only in cards hidden from the bot give it the same questions."""
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"], ["M8", "M5", "M5", "M5"]], ["M0", "M3"])
    twin = gang([["M9", "M1", "M5", "M5"], ["M4", "M9", "M6", "M7"], ["M8", "M5", "M2", "M3"]], ["M0", "M3"])
    asked = []
    for s in (state, twin):
        bot = Scripted("snap 1.1", delay=0.5)
        ref = Referee(s, {1: bot})
        ref.submit("0: draw")
        ref.submit("0: swap 0")
        ref.advance(1.0)
        assert bot.views and all(v["seat"] == 1 for v in bot.views)
        asked.append(bot.views)
    assert asked[0] == asked[1]


def test_the_arena_respects_the_window_length() -> None:
    def snaps(seconds: float) -> int:
        state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"]], ["M0"],
                     snap_window_seconds=seconds)
        bots = {0: Scripted(None), 1: Scripted("snap 1.1", delay=1.2)}
        play_unit(state, bots, "hand")
        return sum(1 for e in state.log if "snap" in e)

    assert snaps(1.0) == 0
    assert snaps(2.0) >= 1


@pytest.mark.parametrize("think_delay", [0.0, 0.4, 0.8])
def test_reactions_play_in_delay_order_whatever_order_the_bots_answer_in(think_delay: float) -> None:
    """Two bots race for the same discard; the slower one's answer is computed first. The quicker
    reaction must still win, as when both are computed at once (bots in threads or across a network)."""
    def race(runner: Any) -> list[str]:
        state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"], ["M8", "M9", "M5", "M5"]], ["M0", "M3"])
        bots = {1: Scripted("snap 1.1", delay=1.0), 2: Scripted("snap 2.1", delay=0.5)}
        ref = Referee(state, bots, think_delay=think_delay, runner=runner)
        ref.submit("0: draw")
        ref.submit("0: swap 0")
        ref.advance(0.0)
        if tasks:
            for task in sorted(tasks, key=lambda t: t.seat):  # seat 2 (the quicker) answers last
                task.solve()
                ref.advance(1.2)
        ref.advance(5.0)
        return [m for m in state.log if "snap" in m]

    tasks: list[BotTask] = []
    inline = race(lambda task: task.solve())
    deferred = race(tasks.append)
    assert inline == deferred == ["2: snap 2.1"]


def test_a_latency_margin_lengthens_windows_in_which_a_human_races() -> None:
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"]], ["M0"])
    ref = Referee(state, {}, window_margin=0.5)
    ref.submit("0: draw")
    ref.submit("0: swap 0")  # seat 1, a human, may race
    assert ref.window_clock() == pytest.approx((3.5, 3.5))
    assert ref.advance(3.4) == [] and isinstance(state.timer(), Window)
    assert [p.by for p in ref.advance(0.2)] == ["referee"]


def test_a_player_takes_back_their_last_decision_and_the_bots_replies() -> None:
    state = GIN.new_match(2, seed=5)
    ref = Referee(state, {1: GIN.make_bot("easy", 2)})
    while len([m for m in state.log if m.startswith("0: ")]) < 4:
        if 0 in state.to_move():
            ref.submit(state.legal_moves(0)[0])
        ref.advance(0.0)
    ref.advance(0.0)
    log = list(state.log)
    last_mine = max(i for i, m in enumerate(log) if m.startswith("0: "))
    fresh = {1: GIN.make_bot("easy", 3)}
    taken = ref.take_back([0], fresh)
    assert taken == log[last_mine:] and state.log == log[:last_mine]
    expected = GIN.new_match(2, seed=5)
    for text in log[:last_mine]:
        expected.apply(text)
    assert state.to_json() == expected.to_json()  # exactly the match as it was, RNG included
    assert ref.bots == fresh and 0 in state.to_move()


def test_taking_back_with_nothing_played_changes_nothing() -> None:
    state = GIN.new_match(2, seed=5)
    ref = Referee(state, {1: GIN.make_bot("easy", 2)})
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        ref.take_back([1] if 0 in state.to_move() else [0])
    assert refused.value.key == "nothing_to_undo" and state.to_json() == before


def played_times(ref: Referee, seconds: float, step: float = 0.05) -> list[tuple[float, Played]]:
    """Advance ``ref`` in small steps for ``seconds``: each move played with the time it was played."""
    out = []
    for i in range(1, round(seconds / step) + 1):
        out += [(i * step, p) for p in ref.advance(step)]
    return out


def test_a_bots_later_moves_in_one_turn_follow_briskly() -> None:
    """The think delay is for a bot's first move of its turn; its discard after its draw follows at
    ``FOLLOW_ON`` of it (a player waits on what looks like thinking, not on a bot's every click)."""
    state = GIN.new_match(2, GIN.Options(first_dealer=1), seed=5)
    ref = Referee(state, {0: GIN.make_bot("easy", 1), 1: GIN.make_bot("easy", 2)}, think_delay=1.0)
    times = played_times(ref, 12.0)
    gaps = [(b.move.seat == a.move.seat, round(tb - ta, 2)) for (ta, a), (tb, b) in zip(times, times[1:])
            if b.by == "bot" and a.move.name != "next"]
    # (times are read at the end of each 0.05 s step, so a gap may be one step off)
    assert gaps and all(abs(gap - (FOLLOW_ON if same else 1.0)) <= 0.051 for same, gap in gaps), gaps
    assert any(same for same, _ in gaps) and any(not same for same, _ in gaps)


def test_at_a_crowded_table_each_bot_thinks_for_a_share_of_the_delay() -> None:
    """With more than ``CROWD`` bots, each first move waits ``CROWD / bots`` of the think delay, so
    that a full table comes back to its humans about as soon as a small one."""
    state = gang([["M1", "M2", "M3", "M4"], ["M5", "M6", "M7", "M8"], ["M9", "M10", "M1", "M2"],
                  ["M3", "M4", "M5", "M6"], ["M7", "M8", "M9", "M10"]], ["M0"])
    ref = Referee(state, {s: Scripted() for s in range(5)}, think_delay=1.0)
    first, played = played_times(ref, 2.0)[0]
    assert played.move.seat == 0 and first == pytest.approx(1.0 * CROWD / 5)


def test_a_bots_think_delay_runs_on_while_the_table_animates_but_a_window_waits() -> None:
    """``think_while``: the next bot thinks while the last move's cards fly (its move is due as soon
    as they land), but a quick-discard window's clock only starts once the table has caught up."""
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"]], ["M0"])
    ref = Referee(state, {0: Scripted(None), 1: Scripted("snap 1.1", delay=1.2)}, think_delay=0.8)
    ref.think_while(0.8)                        # the deal flies: seat 0 thinks meanwhile
    assert [str(p.move) for p in ref.advance(0.0)] == ["0: draw"]
    ref.think_while(0.8 * FOLLOW_ON)
    assert [str(p.move) for p in ref.advance(0.0)] == ["0: swap 0"]
    clock = ref.window_clock()
    assert clock is not None
    ref.think_while(2.0)                        # the swapped card flies to the pile: the window waits
    assert ref.window_clock() == clock and ref.advance(0.0) == []


def test_a_window_of_bots_never_waits_for_ever_on_a_bot_that_does_not_answer() -> None:
    """Only bots race, at a table without pace (window time stands still for their answers): one
    bot never answers. With ``answer_limit``, the window closes that long after it was asked."""
    state = gang([["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"]], ["M0"])
    asked: list[BotTask] = []
    ref = Referee(state, {1: Scripted("snap 1.1")}, runner=asked.append, answer_limit=5.0)
    ref.submit("0: draw")
    ref.submit("0: swap 0")
    assert [t.kind for t in asked] == ["react"] and isinstance(state.timer(), Window)
    assert ref.next_due() == 5.0
    assert ref.advance(4.99) == []
    assert [str(p.move) for p in ref.advance(0.02)] == ["0: close"]
    assert not any("snap" in line for line in state.log)


def test_a_bot_that_never_chooses_plays_its_first_legal_move_after_the_limit() -> None:
    state = GIN.new_match(2, seed=5)
    asked: list[BotTask] = []
    ref = Referee(state, {0: GIN.make_bot("easy", 1), 1: GIN.make_bot("easy", 2)}, runner=asked.append,
                  answer_limit=30.0)
    assert ref.advance(29.9) == []
    [played] = ref.step()
    assert played.move == asked[0].legal[0] and ref.now == 30.0
    assert isinstance(ref.faults[0][1], TimeoutError)
